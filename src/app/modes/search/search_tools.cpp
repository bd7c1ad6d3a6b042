// The search workbench's tools: drag the start or the goal (the search runs again to its end at once
// when not playing, as on Red Blob Games' pages), paint walls, erase, paint cell weights.
#include <GLFW/glfw3.h>

#include <cmath>

#include "app/app_context.h"
#include "app/modes/search/search_ui.h"
#include "app/scene_view.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

// The map cell under a world point, in whichever copy of the map it lies.
std::optional<GridPoint> cellAt(const SearchState& state, const SearchView& view, Vec2 world, int* run = nullptr) {
    for (std::size_t k = 0; k < std::max<std::size_t>(1, state.runs().size()); ++k) {
        Vec2 o = runOrigin(state, view, k);
        int x = static_cast<int>(std::floor(world.x - o.x)), y = static_cast<int>(std::floor(world.y - o.y));
        if (state.map().inBounds(x, y)) {
            if (run) *run = static_cast<int>(k);
            return GridPoint{x, y};
        }
        if (!view.sideBySide) break;
    }
    return std::nullopt;
}

// After an edit: the whole search at once, unless the timeline plays (then it plays the new search). In
// an exercise the new search starts before its first step and the exercise restarts (the answer is
// never shown by an edit).
void showResult(AppContext& ctx, SearchState& state, SearchView& view) {
    if (view.exercise.active()) {
        view.exercise.start();
        state.seek(0);
    } else if (!ctx.playback.playing()) {
        state.seekToEnd();
    }
}

class QueryTool final : public Tool {
public:
    QueryTool(SearchState& state, SearchView& view) : state_(state), view_(view) {}
    const char* id() const override { return "query"; }
    Str label() const override { return Str::SearchToolQuery; }
    Str tip() const override { return Str::TipSearchToolQuery; }
    int key() const override { return GLFW_KEY_Q; }

    void press(AppContext& ctx, const ToolInput& in) override {
        auto cell = cellAt(state_, view_, in.world);
        if (!cell) return;
        auto near = [&](GridPoint p) { return std::abs(p.x - cell->x) <= 1 && std::abs(p.y - cell->y) <= 1; };
        dragging_ = near(state_.start()) ? Which::Start : Which::Goal;
        move(ctx, *cell, false);
    }
    void drag(AppContext& ctx, const ToolInput& in) override {
        if (dragging_ == Which::None) return;
        if (auto cell = cellAt(state_, view_, in.world)) move(ctx, *cell, true);
    }
    void release(AppContext& ctx, const ToolInput&) override {
        dragging_ = Which::None;
        if (state_.finishPaint()) showResult(ctx, state_, view_);  // a very large map's drag: the searches restart now
    }

private:
    enum class Which { None, Start, Goal };
    // One drag is one undo step (`stroke` after the press).
    void move(AppContext& ctx, GridPoint cell, bool stroke) {
        bool moved = dragging_ == Which::Start ? state_.moveQuery(cell, state_.goal(), stroke)
                                               : state_.moveQuery(state_.start(), cell, stroke);
        if (moved && !state_.paintPending()) showResult(ctx, state_, view_);  // a very large map: at the release
    }
    SearchState& state_;
    SearchView& view_;
    Which dragging_ = Which::None;
};

class PaintTool final : public Tool {
public:
    enum class Kind { Wall, Erase, Weight };
    PaintTool(SearchState& state, SearchView& view, Kind kind) : state_(state), view_(view), kind_(kind) {}
    const char* id() const override { return kind_ == Kind::Wall ? "wall" : kind_ == Kind::Erase ? "erase" : "weight"; }
    Str label() const override {
        return kind_ == Kind::Wall ? Str::SearchToolWall : kind_ == Kind::Erase ? Str::SearchToolErase : Str::SearchToolWeight;
    }
    Str tip() const override {
        return kind_ == Kind::Wall ? Str::TipSearchToolWall : kind_ == Kind::Erase ? Str::TipSearchToolErase : Str::TipSearchToolWeight;
    }
    int key() const override { return kind_ == Kind::Wall ? GLFW_KEY_B : kind_ == Kind::Erase ? GLFW_KEY_E : GLFW_KEY_W; }
    void press(AppContext& ctx, const ToolInput& in) override { paint(ctx, in, false); }
    void drag(AppContext& ctx, const ToolInput& in) override { paint(ctx, in, true); }  // one stroke, one undo step
    void release(AppContext& ctx, const ToolInput&) override {
        if (state_.finishPaint()) showResult(ctx, state_, view_);  // a large map's stroke: the searches restart now
    }
    void drawPreview(AppContext&, SceneView& scene, const ToolInput& in) override {
        int run = 0;
        if (auto cell = cellAt(state_, view_, in.world, &run)) {
            Vec2 o = runOrigin(state_, view_, static_cast<std::size_t>(run));
            scene.rectFilled({o.x + cell->x, o.y + cell->y, o.x + cell->x + 1, o.y + cell->y + 1}, theme::kBrush);
        }
    }

private:
    void paint(AppContext& ctx, const ToolInput& in, bool stroke) {
        auto cell = cellAt(state_, view_, in.world);
        if (!cell) return;
        // The start and the goal stay passable: painting over them would only hide the query.
        if (kind_ == Kind::Wall && (*cell == state_.start() || *cell == state_.goal())) return;
        int cost = kind_ == Kind::Wall ? 0 : kind_ == Kind::Erase ? 1 : view_.paintWeight;
        // On a large map the stroke's cells wait for the release (seeking would restart the searches now).
        if (state_.paint(*cell, cost, stroke) && !state_.paintPending()) showResult(ctx, state_, view_);
    }
    SearchState& state_;
    SearchView& view_;
    Kind kind_;
};

// Exercise: the learner's guess of the next expanded cell.
class PredictTool final : public Tool {
public:
    PredictTool(SearchState& state, SearchView& view) : state_(state), view_(view) {}
    const char* id() const override { return "predict"; }
    Str label() const override { return Str::SearchToolPredict; }
    Str tip() const override { return Str::TipSearchToolPredict; }
    int key() const override { return GLFW_KEY_P; }
    void press(AppContext&, const ToolInput& in) override {
        if (auto cell = cellAt(state_, view_, in.world)) view_.exercise.guess(cellName(*cell));
    }

private:
    SearchState& state_;
    SearchView& view_;
};

}  // namespace

std::vector<std::unique_ptr<Tool>> makeSearchTools(SearchState& state, SearchView& view) {
    std::vector<std::unique_ptr<Tool>> tools;
    tools.push_back(std::make_unique<QueryTool>(state, view));
    tools.push_back(std::make_unique<PaintTool>(state, view, PaintTool::Kind::Wall));
    tools.push_back(std::make_unique<PaintTool>(state, view, PaintTool::Kind::Erase));
    tools.push_back(std::make_unique<PaintTool>(state, view, PaintTool::Kind::Weight));
    tools.push_back(std::make_unique<PredictTool>(state, view));
    return tools;
}

}  // namespace aoilab::app
