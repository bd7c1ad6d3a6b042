// The maps workbench's tools: drag the query's start or goal (Q), paint walls (B), erase them (E),
// move the flood's seed (W).
// Every representation is rebuilt from the edited map (the navmesh of a large map in the background).
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/app_context.h"
#include "app/modes/maps/maps_ui.h"
#include "app/scene_view.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

std::optional<GridPoint> cellAt(const MapsState& state, Vec2 world) {
    int x = static_cast<int>(std::floor(world.x)), y = static_cast<int>(std::floor(world.y));
    if (!state.map().inBounds(x, y)) return std::nullopt;
    return GridPoint{x, y};
}

class MapsQueryTool final : public Tool {
public:
    explicit MapsQueryTool(MapsState& state) : state_(state) {}
    const char* id() const override { return "query"; }
    Str label() const override { return Str::MapsToolQuery; }
    Str tip() const override { return Str::TipMapsToolQuery; }
    int key() const override { return GLFW_KEY_Q; }
    void press(AppContext&, const ToolInput& in) override {
        auto cell = cellAt(state_, in.world);
        if (!cell) return;
        auto near = [&](GridPoint p) { return std::abs(p.x - cell->x) <= 1 && std::abs(p.y - cell->y) <= 1; };
        startDragged_ = near(state_.start());
        move(*cell);
        dragging_ = true;
    }
    void drag(AppContext&, const ToolInput& in) override {
        if (auto cell = cellAt(state_, in.world); cell && dragging_) move(*cell);
    }
    void release(AppContext&, const ToolInput&) override { dragging_ = false; }

private:
    void move(GridPoint cell) {
        if (startDragged_) state_.setQuery(cell, state_.goal());
        else state_.setQuery(state_.start(), cell);
    }
    MapsState& state_;
    bool startDragged_ = false;
    bool dragging_ = false;
};

class MapsPaintTool final : public Tool {
public:
    MapsPaintTool(MapsState& state, MapsPaintHistory& history, bool wall) : state_(state), history_(history), wall_(wall) {}
    const char* id() const override { return wall_ ? "wall" : "erase"; }
    Str label() const override { return wall_ ? Str::MapsToolWall : Str::MapsToolErase; }
    Str tip() const override { return wall_ ? Str::TipMapsToolWall : Str::TipMapsToolErase; }
    int key() const override { return wall_ ? GLFW_KEY_B : GLFW_KEY_E; }
    void press(AppContext& ctx, const ToolInput& in) override {
        reported_ = false;
        history_.beginStroke();  // one press and its drag: one undo step
        paint(ctx, in);
    }
    void drag(AppContext& ctx, const ToolInput& in) override { paint(ctx, in); }
    // On a large map the stroke's cells wait for this to be rebuilt once (MapsState::paint).
    void release(AppContext&, const ToolInput&) override { state_.finishPaint(); }
    void drawPreview(AppContext&, SceneView& scene, const ToolInput& in) override {
        if (auto cell = cellAt(state_, in.world))
            scene.rectFilled({static_cast<double>(cell->x), static_cast<double>(cell->y), cell->x + 1.0, cell->y + 1.0}, theme::kBrush);
    }

private:
    void paint(AppContext& ctx, const ToolInput& in) {
        auto cell = cellAt(state_, in.world);
        if (!cell || history_.paint(state_, *cell, wall_) || state_.paintRefusal().empty() || reported_) return;
        ctx.reportError(state_.mapName() + ": " + state_.paintRefusal());  // once a stroke
        reported_ = true;
    }
    MapsState& state_;
    MapsPaintHistory& history_;
    bool wall_;
    bool reported_ = false;
};

// Moves the flood's seed: the preview follows the pointer, the flood is rebuilt where it is released
// (a rebuild per drag step would be slow on large maps). A wall or outside cell keeps the old seed.
class MapsSeedTool final : public Tool {
public:
    explicit MapsSeedTool(MapsState& state) : state_(state) {}
    const char* id() const override { return "seed"; }
    Str label() const override { return Str::MapsToolSeed; }
    Str tip() const override { return Str::TipMapsToolSeed; }
    int key() const override { return GLFW_KEY_W; }
    void release(AppContext& ctx, const ToolInput& in) override {
        auto cell = cellAt(state_, in.world);
        if (!cell) return;
        if (std::string why = state_.setSeed(*cell); !why.empty()) ctx.reportError("seed: " + why);
    }
    void drawPreview(AppContext&, SceneView& scene, const ToolInput& in) override {
        if (auto cell = cellAt(state_, in.world))
            scene.circleOutline({cell->x + 0.5, cell->y + 0.5}, std::max(0.6, state_.step() * 0.4), kMapsSeedColour, 0.08f);
    }

private:
    MapsState& state_;
};

// Selects an AOI entity on the map (the shared selection: the AOI workbench selects the same one): the
// nearest within a dot's reach of the click, or none.
class MapsPickTool final : public Tool {
public:
    explicit MapsPickTool(const MapsState& state) : state_(state) {}
    const char* id() const override { return "pick"; }
    Str label() const override { return Str::MapsToolPick; }
    Str tip() const override { return Str::TipMapsToolPick; }
    int key() const override { return GLFW_KEY_V; }
    void press(AppContext& ctx, const ToolInput& in) override {
        if (!ctx.scene) return;
        const float reach = std::max(ImGui::GetFontSize() * 0.8f, ctx.scene->pixelsPerUnit() * 0.5f);
        float best = reach * reach;
        std::optional<EntityId> picked;
        for (const PositionedEntity& e : state_.entities()) {
            ImVec2 p = ctx.scene->toScreen(e.position);
            float dx = p.x - in.screen.x, dy = p.y - in.screen.y, d = dx * dx + dy * dy;
            if (d <= best) best = d, picked = e.id;
        }
        ctx.selected = picked;
    }

private:
    const MapsState& state_;
};

}  // namespace

std::vector<std::unique_ptr<Tool>> makeMapsTools(MapsState& state, MapsUi& ui) {
    std::vector<std::unique_ptr<Tool>> tools;
    tools.push_back(std::make_unique<MapsQueryTool>(state));
    tools.push_back(std::make_unique<MapsPaintTool>(state, ui.paints, true));
    tools.push_back(std::make_unique<MapsPaintTool>(state, ui.paints, false));
    tools.push_back(std::make_unique<MapsSeedTool>(state));
    tools.push_back(std::make_unique<MapsPickTool>(state));
    return tools;
}

}  // namespace aoilab::app
