#pragma once
// What a scenario's behaving entities do at the tick after its script ends: the moves the reader would
// insert before one more tick appended to the script (aoi/behaviour.h). A recording that appends a tick
// appends these moves first, so the saved file (which keeps the behaviours, not their moves) replays
// to the same operations and events.
#include <vector>

#include "aoi/script_op.h"
#include "scenario/scenario.h"

namespace aoilab {

// The generated moves, in id order (empty when no entity behaves). Linear in the script's length.
std::vector<ScriptOp> behaviourMovesBeforeNextTick(const Scenario& scenario);

}  // namespace aoilab
