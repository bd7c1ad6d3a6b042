#pragma once
// The AOI workbench's predict-then-reveal exercise (scenario "exercise": true with "mode": "aoi"): the
// shared score keeper (app/exercise.h), the class's marks for the next operation (aoi_prediction.h),
// the Predict tool (P) and the exercise panel. The answer is the focused method's events about the
// operation's entity, read from the AOI session after the step: the engine's, never recomputed.
#include <map>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/exercise.h"
#include "app/modes/aoi/aoi_prediction.h"
#include "app/panels/panel.h"
#include "app/tools.h"

namespace aoilab::app {

class AoiState;
class Document;

struct AoiExercise {
    Exercise exercise;
    AoiPrediction prediction;
    std::map<EntityId, AoiEventType> lastGuess, lastAnswer;  // shown on the scene after a reveal

    // Before a step: the next script operation's entity becomes the subject (a new guess).
    void syncSubject(const Document& doc, const AoiState& state);
    // The class marked an entity (the Predict tool) or said nobody is told.
    void mark(EntityId watcher);
    void nobody();
    // After a step ran `subject`'s operation: the focused method's events about it are the answer.
    void reveal(const AoiState& state, std::optional<EntityId> subject);
    nlohmann::json dump() const;
};

std::unique_ptr<Tool> makeAoiPredictTool(AoiExercise& exercise);
std::unique_ptr<Panel> makeAoiExercisePanel(AoiExercise& exercise, AoiState& state);
// The marks on the scene: the guess as letters, the revealed answer as rings, in the event colours.
void drawAoiExerciseMarks(const AoiExercise& exercise, const AppContext& ctx, const SceneView& scene);

}  // namespace aoilab::app
