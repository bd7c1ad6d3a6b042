// The graph editor's tools, as the article's modes: select and move (V), place a vertex (A), drag an
// edge from one vertex to another (E; one-way, Shift for both ways), place the role on its start (R),
// pick the target (T). Panning is the right or middle button, as everywhere.
#include <GLFW/glfw3.h>

#include "app/app_context.h"
#include "app/modes/graph/graph_strings.h"
#include "app/modes/graph/graph_ui.h"
#include "app/scene_view.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

void showResult(AppContext& ctx, GraphState& state) {
    if (!ctx.playback.playing()) state.seek(state.searchSteps());  // the finished search, at once
}

class SelectTool final : public Tool {
public:
    SelectTool(GraphState& state, GraphView& view) : state_(state), view_(view) {}
    const char* id() const override { return "select"; }
    Str label() const override { return Str::GraphToolSelect; }
    Str tip() const override { return Str::TipGraphToolSelect; }
    int key() const override { return GLFW_KEY_V; }
    void press(AppContext& ctx, const ToolInput& in) override {
        dragging_.reset();
        if (!ctx.scene) return;
        if (auto v = vertexAt(state_, *ctx.scene, in.screen)) {
            view_.selectedVertex = v;
            view_.selectedEdge.reset();
            dragging_ = v;
            moved_ = false;
        } else if (auto e = edgeAt(state_, *ctx.scene, in.screen)) {
            view_.selectedEdge = e;
            view_.selectedVertex.reset();
        } else {
            view_.selectedVertex.reset();
            view_.selectedEdge.reset();
        }
    }
    void drag(AppContext& ctx, const ToolInput& in) override {
        if (!dragging_) return;
        view_.status = state_.moveVertex(*dragging_, in.world, moved_);
        moved_ = true;
        showResult(ctx, state_);
    }
    void release(AppContext&, const ToolInput&) override { dragging_.reset(); }

private:
    GraphState& state_;
    GraphView& view_;
    std::optional<std::string> dragging_;
    bool moved_ = false;
};

class VertexTool final : public Tool {
public:
    VertexTool(GraphState& state, GraphView& view) : state_(state), view_(view) {}
    const char* id() const override { return "vertex"; }
    Str label() const override { return Str::GraphToolVertex; }
    Str tip() const override { return Str::TipGraphToolVertex; }
    int key() const override { return GLFW_KEY_A; }
    void press(AppContext& ctx, const ToolInput& in) override {
        if (ctx.scene && vertexAt(state_, *ctx.scene, in.screen)) return;  // on a vertex: nothing to add
        std::string id;
        view_.status = state_.addVertex(in.world, &id);
        if (view_.status.empty()) view_.selectedVertex = id;
        showResult(ctx, state_);
    }

private:
    GraphState& state_;
    GraphView& view_;
};

class EdgeTool final : public Tool {
public:
    EdgeTool(GraphState& state, GraphView& view) : state_(state), view_(view) {}
    const char* id() const override { return "edge"; }
    Str label() const override { return Str::GraphToolEdge; }
    Str tip() const override { return Str::TipGraphToolEdge; }
    int key() const override { return GLFW_KEY_E; }
    void press(AppContext& ctx, const ToolInput& in) override {
        from_ = ctx.scene ? vertexAt(state_, *ctx.scene, in.screen) : std::nullopt;
    }
    void release(AppContext& ctx, const ToolInput& in) override {
        if (!from_ || !ctx.scene) return;
        if (auto to = vertexAt(state_, *ctx.scene, in.screen); to && *to != *from_) {
            view_.status = state_.addEdge(*from_, *to, ImGui::GetIO().KeyShift || view_.twoWay);
            if (view_.status.empty()) view_.selectedEdge = std::pair{*from_, *to};
            showResult(ctx, state_);
        }
        from_.reset();
    }
    void drawPreview(AppContext&, SceneView& scene, const ToolInput& in) override {
        if (!from_) return;
        VertexIndex v = state_.graph().indexOf(*from_);
        if (v != kNoVertex) scene.arrow(state_.graph().vertex(v).position, in.world, theme::kBrush, 0.1f, 0.6f);
    }

private:
    GraphState& state_;
    GraphView& view_;
    std::optional<std::string> from_;
};

class PickTool final : public Tool {
public:
    PickTool(GraphState& state, bool source) : state_(state), source_(source) {}
    const char* id() const override { return source_ ? "role" : "target"; }
    Str label() const override { return source_ ? Str::GraphToolRole : Str::GraphToolTarget; }
    Str tip() const override { return source_ ? Str::TipGraphToolRole : Str::TipGraphToolTarget; }
    int key() const override { return source_ ? GLFW_KEY_R : GLFW_KEY_T; }
    void press(AppContext& ctx, const ToolInput& in) override {
        if (!ctx.scene) return;
        if (auto v = vertexAt(state_, *ctx.scene, in.screen)) {
            if (source_) state_.setSource(*v);
            else state_.setTarget(*v);
            showResult(ctx, state_);
        }
    }

private:
    GraphState& state_;
    bool source_;
};

// Exercise: the learner's guess of the next step: the vertex it settles, or (the labels question) the
// vertices whose distance labels it lowers, each click adding or taking out one.
class PredictTool final : public Tool {
public:
    PredictTool(GraphState& state, GraphView& view) : state_(state), view_(view) {}
    const char* id() const override { return "predict"; }
    Str label() const override { return Str::GraphToolPredict; }
    Str tip() const override {
        return view_.question == GraphQuestion::Labels ? Str::TipGraphToolPredictLabels : Str::TipGraphToolPredict;
    }
    int key() const override { return GLFW_KEY_P; }
    void press(AppContext& ctx, const ToolInput& in) override {
        if (!ctx.scene) return;
        auto v = vertexAt(state_, *ctx.scene, in.screen);
        if (!v) return;
        if (view_.question == GraphQuestion::Settled) return view_.exercise.guess(*v);
        if (!view_.exercise.pending()) view_.labelGuess.clear();  // a new step's guess starts empty
        view_.labelGuess = toggledVertex(view_.labelGuess, *v);
        view_.exercise.guess(vertexSetText(view_.labelGuess));
    }

private:
    GraphState& state_;
    GraphView& view_;
};

}  // namespace

std::vector<std::unique_ptr<Tool>> makeGraphTools(GraphState& state, GraphView& view) {
    std::vector<std::unique_ptr<Tool>> tools;
    tools.push_back(std::make_unique<SelectTool>(state, view));
    tools.push_back(std::make_unique<VertexTool>(state, view));
    tools.push_back(std::make_unique<EdgeTool>(state, view));
    tools.push_back(std::make_unique<PickTool>(state, true));
    tools.push_back(std::make_unique<PickTool>(state, false));
    tools.push_back(std::make_unique<PredictTool>(state, view));
    return tools;
}

}  // namespace aoilab::app
