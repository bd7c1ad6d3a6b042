#pragma once
// The one place that turns an operation into calls: on an AOI method (AoiSession, replay) and on a
// World (replay's validation, the app's timeline). Adding an operation kind means changing these two.
#include "aoi/aoi_system.h"
#include "aoi/script_op.h"
#include "core/world.h"

namespace aoilab {

// Runs `op` on the method; its events go to `sink`. Precondition: valid for the method's entities.
void applyOperation(AoiSystem& system, const ScriptOp& op, EventSink& sink);
// Runs `op` on the world; throws InputError when it does not fit (a move of an entity not there...).
void applyOperation(World& world, const ScriptOp& op);

}  // namespace aoilab
