#include "aoi/apply_op.h"

#include <string>

#include "core/error.h"

namespace aoilab {

void applyOperation(AoiSystem& system, const ScriptOp& op, EventSink& sink) {
    const Entity& e = op.entity;
    switch (op.kind) {
        case OpKind::Add: system.add(e.id, {e.x, e.y}, e.radius, sink); break;
        case OpKind::Move: system.move(e.id, {e.x, e.y}, sink); break;
        case OpKind::Radius: system.setRadius(e.id, e.radius, sink); break;
        case OpKind::Leave: system.remove(e.id, sink); break;
        case OpKind::Tick: system.tick(sink); break;
    }
}

void applyOperation(World& world, const ScriptOp& op) {
    const Entity& e = op.entity;
    switch (op.kind) {
        case OpKind::Add: world.add(e); break;
        case OpKind::Move: world.move(e.id, e.x, e.y); break;
        case OpKind::Radius: world.setRadius(e.id, e.radius); break;
        case OpKind::Leave:
            if (!world.contains(e.id)) throw InputError("entity " + std::to_string(e.id) + " is not in the world");
            world.remove(e.id);
            break;
        case OpKind::Tick: break;
    }
}

}  // namespace aoilab
