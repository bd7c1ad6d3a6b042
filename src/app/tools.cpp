#include "app/tools.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/app_context.h"
#include "app/scene_layout.h"
#include "app/scene_view.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

Vec2 clampToWorld(const World& world, Vec2 p) {
    return {std::clamp(p.x, 0.0, world.width()), std::clamp(p.y, 0.0, world.height())};
}

// Where an entity dragged or spawned at p lands: inside the world, on whole units when snapping (the
// world's edges may be fractional: the snapped point is clamped again, onto the nearest whole unit inside).
Vec2 placeInWorld(const AppContext& ctx, Vec2 p) {
    const World& world = ctx.doc.world();
    Vec2 inside = clampToWorld(world, p);
    if (!ctx.settings.snapToGrid) return inside;
    Vec2 snapped = snapToWholeUnits(inside);
    if (snapped.x > world.width()) snapped.x = std::floor(world.width());
    if (snapped.y > world.height()) snapped.y = std::floor(world.height());
    return snapped;
}

// Select, and drag the selected entity: the whole drag is one undo step.
class SelectTool final : public Tool {
public:
    const char* id() const override { return "select"; }
    Str label() const override { return Str::ToolSelect; }
    Str tip() const override { return Str::TipSelect; }
    int key() const override { return GLFW_KEY_V; }

    void press(AppContext& ctx, const ToolInput& in) override {
        ctx.selected = in.hit;
        dragging_.reset();
        if (!in.hit) return;
        const Entity* e = ctx.doc.world().find(*in.hit);
        grab_ = {e->x - in.world.x, e->y - in.world.y};
        dragging_ = in.hit;
        ctx.history().beginGroup(EditLabel{EditLabel::Kind::MoveEntity, *in.hit, {}});
    }
    void drag(AppContext& ctx, const ToolInput& in) override {
        if (!dragging_ || !ctx.doc.world().contains(*dragging_)) return;
        Vec2 to = placeInWorld(ctx, {in.world.x + grab_.x, in.world.y + grab_.y});
        const Entity* e = ctx.doc.world().find(*dragging_);
        if (e->x == to.x && e->y == to.y) return;
        EntityId id = *dragging_;
        ctx.edit([&](EditHistory& h) { h.moveEntity(id, to.x, to.y); });
    }
    void release(AppContext& ctx, const ToolInput& in) override {
        if (!dragging_) return;
        drag(ctx, in);
        ctx.history().endGroup();
        dragging_.reset();
    }

private:
    std::optional<EntityId> dragging_;
    Vec2 grab_;
};

// Click on empty ground to add an entity; clicking an entity selects it instead.
class SpawnTool final : public Tool {
public:
    const char* id() const override { return "spawn"; }
    Str label() const override { return Str::ToolSpawn; }
    Str tip() const override { return Str::TipSpawn; }
    int key() const override { return GLFW_KEY_A; }

    void press(AppContext& ctx, const ToolInput& in) override {
        if (in.hit) {
            ctx.selected = in.hit;
            return;
        }
        if (!in.insideWorld) return;
        Entity e;
        e.id = ctx.doc.world().nextFreeId();
        e.name = "e" + std::to_string(e.id);
        Vec2 at = placeInWorld(ctx, in.world);
        e.x = at.x;
        e.y = at.y;
        e.radius = ctx.spawnRadius;
        if (ctx.edit([&](EditHistory& h) { h.addEntity(e); })) ctx.selected = e.id;
    }
    void drawPreview(AppContext& ctx, SceneView& view, const ToolInput& in) override {
        if (in.hit || !in.insideWorld) return;
        float r = static_cast<float>(ctx.spawnRadius * view.pixelsPerUnit());
        ImVec2 c = view.toScreen(in.world);
        if (ctx.doc.scenario().aoi.shape == ViewShape::Circle) view.drawList()->AddCircle(c, r, theme::kBrush, 48);
        else view.drawList()->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), theme::kBrush);
        view.drawList()->AddCircle(c, view.entityDotRadius(), theme::kBrush, 20, 1.5f);
    }
};

class DeleteTool final : public Tool {
public:
    const char* id() const override { return "delete"; }
    Str label() const override { return Str::ToolDelete; }
    Str tip() const override { return Str::TipDelete; }
    int key() const override { return GLFW_KEY_D; }

    void press(AppContext& ctx, const ToolInput& in) override {
        if (!in.hit) return;
        EntityId id = *in.hit;
        ctx.edit([id](EditHistory& h) { h.removeEntity(id); });
    }
    void drawPreview(AppContext& ctx, SceneView& view, const ToolInput& in) override {
        if (!in.hit) return;
        const Entity* e = ctx.doc.world().find(*in.hit);
        if (!e) return;
        ImVec2 c = view.toScreen({e->x, e->y});
        float s = view.entityDotRadius() + 4;
        view.drawList()->AddLine(ImVec2(c.x - s, c.y - s), ImVec2(c.x + s, c.y + s), theme::kLeave, 2.5f);
        view.drawList()->AddLine(ImVec2(c.x - s, c.y + s), ImVec2(c.x + s, c.y - s), theme::kLeave, 2.5f);
    }
};

// Paint or erase obstacle cells; a stroke (press to release) is one undo step, with no gaps between
// the cells of a fast drag.
class ObstacleTool final : public Tool {
public:
    explicit ObstacleTool(bool blocked) : blocked_(blocked) {}
    const char* id() const override { return blocked_ ? "paint" : "erase"; }
    Str label() const override { return blocked_ ? Str::ToolPaint : Str::ToolErase; }
    Str tip() const override { return blocked_ ? Str::TipPaint : Str::TipErase; }
    int key() const override { return blocked_ ? GLFW_KEY_B : GLFW_KEY_E; }

    void press(AppContext& ctx, const ToolInput& in) override {
        ctx.history().beginGroup(
            EditLabel{blocked_ ? EditLabel::Kind::PaintObstacles : EditLabel::Kind::EraseObstacles, 0, {}});
        stroking_ = true;
        last_ = in.world;
        paintAt(ctx, in.world);
    }
    void drag(AppContext& ctx, const ToolInput& in) override {
        if (!stroking_) return;
        double step = ctx.doc.world().obstacleCellSize() * 0.5;
        double dx = in.world.x - last_.x, dy = in.world.y - last_.y;
        int n = std::min(10000, static_cast<int>(std::ceil(std::hypot(dx, dy) / step)));
        for (int i = 1; i <= n; ++i) paintAt(ctx, {last_.x + dx * i / n, last_.y + dy * i / n});
        last_ = in.world;
    }
    void release(AppContext& ctx, const ToolInput& in) override {
        if (!stroking_) return;
        drag(ctx, in);
        ctx.history().endGroup();
        stroking_ = false;
    }
    void drawPreview(AppContext& ctx, SceneView& view, const ToolInput& in) override {
        auto cell = ctx.doc.world().cellAt(in.world);
        if (!cell) return;
        double s = ctx.doc.world().obstacleCellSize();
        ImVec2 a = view.toScreen({cell->first * s, cell->second * s});
        ImVec2 b = view.toScreen({(cell->first + 1) * s, (cell->second + 1) * s});
        view.drawList()->AddRect(a, b, blocked_ ? theme::kObstacle : theme::kBrush, 0, 0, 2.0f);
        view.drawList()->AddRectFilled(a, b, theme::kBrush);
    }

private:
    void paintAt(AppContext& ctx, Vec2 p) {
        auto cell = ctx.doc.world().cellAt(p);
        if (!cell || ctx.doc.world().isObstacle(*cell) == blocked_) return;
        Cell c = *cell;
        ctx.edit([&](EditHistory& h) { h.setObstacle(c, blocked_); });
    }
    bool blocked_;
    bool stroking_ = false;
    Vec2 last_;
};

}  // namespace

std::vector<std::unique_ptr<Tool>> makeTools() {
    std::vector<std::unique_ptr<Tool>> tools;
    tools.push_back(std::make_unique<SelectTool>());
    tools.push_back(std::make_unique<SpawnTool>());
    tools.push_back(std::make_unique<DeleteTool>());
    tools.push_back(std::make_unique<ObstacleTool>(true));
    tools.push_back(std::make_unique<ObstacleTool>(false));
    return tools;
}

}  // namespace aoilab::app
