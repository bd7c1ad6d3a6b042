#pragma once
// Replaying a scenario one operation at a time (aoilab-cli replay): each operation's events are handed
// on as soon as they are made, so a run needs memory for one operation's events, not the whole run's.
#include <cstddef>
#include <span>
#include <vector>

#include "aoi/aoi_system.h"
#include "aoi/script_op.h"
#include "scenario/scenario.h"

namespace aoilab {

// Applies the operations in order to one system. After next() returns true, op() is the operation just
// applied and events() its events, sorted (they are replaced by the next call).
class OperationStream {
public:
    OperationStream(AoiSystem& system, const std::vector<ScriptOp>& ops) : system_(system), ops_(ops) {}
    bool next();
    std::size_t op() const { return next_ - 1; }
    const std::vector<AoiEvent>& events() const { return sink_.events; }

private:
    AoiSystem& system_;
    const std::vector<ScriptOp>& ops_;
    std::size_t next_ = 0;
    EventBuffer sink_;
};

// A scenario's expected events grouped by operation, each group sorted like OperationStream's events.
class ExpectedByOperation {
public:
    ExpectedByOperation(const std::vector<ExpectedEvent>& expected, std::size_t operations);
    std::span<const AoiEvent> at(std::size_t op) const;

private:
    std::vector<AoiEvent> events_;
    std::vector<std::size_t> start_;  // operation k's events are events_[start_[k], start_[k + 1])
};

}  // namespace aoilab
