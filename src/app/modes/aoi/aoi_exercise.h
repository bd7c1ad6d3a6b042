#pragma once
// The AOI workbench's predict-then-reveal exercise (scenario "exercise": true with "mode": "aoi"): the
// shared score keeper (app/exercise.h), the class's marks for the next operation (aoi_prediction.h),
// the Predict tool (P) and the exercise panel. The answer is the focused method's events about the
// operation's entity, read from the AOI session after the step: the engine's, never recomputed.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/exercise.h"
#include "app/modes/aoi/aoi_prediction.h"
#include "app/panels/panel.h"
#include "app/strings.h"
#include "app/tools.h"
#include "core/world.h"

namespace aoilab::app {

class AoiState;
class Document;

struct AoiExercise {
    Exercise exercise;
    AoiPrediction prediction;
    std::map<EntityId, AoiEventType> lastGuess, lastAnswer;  // shown on the scene after a reveal
    struct DrawnMark {
        EntityId id;
        float minX, minY, maxX, maxY;  // the guess letter's box on screen (--dump-ui aoi.exercise.marks)
    };
    std::vector<DrawnMark> drawnMarks;  // the last frame's

    // Before a step: the next script operation's entity becomes the subject (a new guess).
    void syncSubject(const Document& doc, const AoiState& state);
    // The class marked an entity (the Predict tool) or said nobody is told.
    void mark(EntityId watcher);
    void nobody();
    // After a step ran `subject`'s operation: the focused method's events about it are the answer.
    void reveal(const AoiState& state, std::optional<EntityId> subject);
    // What the panel asks before the next operation, with the operation's data as the explanation gives
    // it after the step ("Operation 2 of 4: move d to (4, 4). Who is told, and what?"); "" when there is
    // nothing to predict (a tick, the end).
    std::string question(const Document& doc, const AoiState& state, Language language) const;
    // Marks as the panel shows them: the names the scene shows ("a leave, b enter"), "nobody" for none.
    static std::string namedMarks(const std::map<EntityId, AoiEventType>& marks, const AoiState& state, Language language);
    nlohmann::json dump(const Document& doc, const AoiState& state) const;
    // Where the entities of the question stand in `world` (its subject, the guessed ones, and after a
    // reveal the answered ones): the scene's legend keeps clear of them.
    std::vector<Vec2> questionPoints(const World& world) const;
};

std::unique_ptr<Tool> makeAoiPredictTool(AoiExercise& exercise);
std::unique_ptr<Panel> makeAoiExercisePanel(AoiExercise& exercise, AoiState& state);
// The marks on the scene: the guess as letters, the revealed answer as rings, in the event colours.
// The letters go beside the dot, clear of the entity names the scene placed and of the legend.
void drawAoiExerciseMarks(AoiExercise& exercise, const AppContext& ctx, const SceneView& scene);

}  // namespace aoilab::app
