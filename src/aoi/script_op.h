#pragma once
// One operation of an AOI run (what a scenario's script lists and what AoiSession runs).
#include "core/entity.h"

namespace aoilab {

enum class OpKind { Add, Move, Radius, Leave, Tick };
const char* toString(OpKind kind);

// One operation. Add uses all entity fields; Move uses id, x, y; Radius uses id, radius; Leave uses id.
struct ScriptOp {
    OpKind kind = OpKind::Tick;
    Entity entity;
    // A move an entity's behaviour made before a tick (aoi/behaviour.h): run like any other, not saved
    // (the behaviour is).
    bool generated = false;
    friend bool operator==(const ScriptOp&, const ScriptOp&) = default;
};

}  // namespace aoilab
