#pragma once
// Predict, then reveal, in the AOI workbench (an exercise scenario): before an operation the class
// marks who will be told about the entity the operation concerns (click an entity once for enter,
// twice for move, three times for leave, a fourth time to clear it), or says "nobody"; the step then
// reveals the method's events about that entity beside the guess, and app/exercise.h keeps the score.
// Guesses and answers are compared as one canonical text, "3 enter, 5 move" (ids in order).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/entity.h"
#include "core/events.h"

namespace aoilab::app {

class AoiPrediction {
public:
    // The next operation's entity (nullopt for a tick or at the end: nothing to predict).
    void setSubject(std::optional<EntityId> subject);
    const std::optional<EntityId>& subject() const { return subject_; }
    // Cycles the mark of `watcher` (not the subject itself): none -> enter -> move -> leave -> none.
    void cycle(EntityId watcher);
    void clear() { marks_.clear(); }
    const std::map<EntityId, AoiEventType>& marks() const { return marks_; }
    std::string text() const { return describe(marks_); }

    static std::string describe(const std::map<EntityId, AoiEventType>& marks);
    // Who was told what about `subject` by these events (the answer), the subject's own view left out.
    static std::map<EntityId, AoiEventType> toldAbout(const std::vector<AoiEvent>& events, EntityId subject);

private:
    std::optional<EntityId> subject_;
    std::map<EntityId, AoiEventType> marks_;
};

}  // namespace aoilab::app
