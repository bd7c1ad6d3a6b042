#include "app/lesson_focus.h"

#include <algorithm>
#include <map>

namespace aoilab::app {

Rect lessonFocus(const Scenario& scenario, const Rect& world) {
    std::map<EntityId, double> radius;  // the radius each entity was last given (moves do not carry one)
    bool any = false;
    Rect r{};
    auto include = [&](double x, double y, double reach) {
        reach = std::max(reach, 1.0);
        Rect around{x - reach, y - reach, x + reach, y + reach};
        if (!any) r = around;
        r = {std::min(r.minX, around.minX), std::min(r.minY, around.minY), std::max(r.maxX, around.maxX), std::max(r.maxY, around.maxY)};
        any = true;
    };
    for (const Entity& e : scenario.entities) {
        radius[e.id] = e.radius;
        include(e.x, e.y, e.radius);
    }
    for (const ScriptOp& op : scenario.script) {
        if (op.kind == OpKind::Add || op.kind == OpKind::Radius) radius[op.entity.id] = op.entity.radius;
        if (op.kind == OpKind::Add || op.kind == OpKind::Move) include(op.entity.x, op.entity.y, radius[op.entity.id]);
    }
    // Obstacles are part of the lesson too (walls the entities walk around): the whole world then.
    if (!any || !scenario.obstacles.empty() || world.width() <= 0 || world.height() <= 0) return world;
    const double marginX = r.width() / 10, marginY = r.height() / 10;
    Rect focus{std::max(world.minX, r.minX - marginX), std::max(world.minY, r.minY - marginY),
               std::min(world.maxX, r.maxX + marginX), std::min(world.maxY, r.maxY + marginY)};
    if (focus.width() <= 0 || focus.height() <= 0) return world;
    if (focus.width() * focus.height() > kLessonFocusShare * world.width() * world.height()) return world;
    return focus;
}

}  // namespace aoilab::app
