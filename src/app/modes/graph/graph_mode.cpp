// The graph workbench: the directed-graph article's map-walk editor. Vertices and directed edges edited
// with undo, Dijkstra (or A*) from src/path stepped on the timeline with every relaxation explained,
// then the role walking the path. The model is graph_state.h; this file wires it to the shell.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "app/app_context.h"
#include "app/legend.h"
#include "app/app_options.h"
#include "app/mode.h"
#include "app/modes/graph/graph_ui.h"
#include "app/modes/mode_list.h"
#include "app/scene_view.h"
#include "app/timeline.h"
#include "core/error.h"
#include "path/graph_io.h"
#include "scenario/scenario.h"

namespace aoilab::app {
namespace {

std::string number(double v) { return shortNumber(v); }

class GraphTimeline final : public Timeline {
public:
    GraphTimeline(GraphState& state, Exercise& exercise) : state_(state), exercise_(exercise) {}
    std::size_t position() const override { return state_.position(); }
    std::size_t length() const override { return state_.length(); }
    void seek(std::size_t position) override { state_.seek(position); }
    // A search step reveals the answer to a pending guess: the vertex it settled.
    bool stepForward() override {
        if (state_.position() >= state_.length()) return false;
        bool searching = state_.position() < state_.searchSteps();
        state_.seek(state_.position() + 1);
        if (searching && state_.lastStep().settled != kNoVertex)
            exercise_.reveal(state_.graph().vertex(state_.lastStep().settled).id);
        return true;
    }
    Str unit() const override { return Str::UnitGraphStep; }

private:
    GraphState& state_;
    Exercise& exercise_;
};

// Undo, Redo and Delete act on the graph while this workbench is shown.
class GraphEdits final : public ModeEdits {
public:
    GraphEdits(GraphState& state, GraphView& view) : state_(state), view_(view) {}
    bool canUndo() const override { return state_.canUndo(); }
    bool canRedo() const override { return state_.canRedo(); }
    std::string undoLabel() const override { return state_.undoLabel(); }
    std::string redoLabel() const override { return state_.redoLabel(); }
    void undo(AppContext& ctx) override {
        state_.undo();
        settle(ctx);
    }
    void redo(AppContext& ctx) override {
        state_.redo();
        settle(ctx);
    }
    bool hasSelection() const override { return view_.selectedVertex || view_.selectedEdge; }
    bool deleteSelected(AppContext& ctx) override {
        if (view_.selectedVertex) view_.status = state_.removeVertex(*view_.selectedVertex);
        else if (view_.selectedEdge) view_.status = state_.removeEdge(view_.selectedEdge->first, view_.selectedEdge->second);
        else return false;
        view_.selectedVertex.reset();
        view_.selectedEdge.reset();
        settle(ctx);
        return true;
    }

private:
    void settle(AppContext& ctx) {
        if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
    }
    GraphState& state_;
    GraphView& view_;
};

bool looksLikeGraphJson(const std::filesystem::path& file) {
    // A graph JSON has "vertices" and no scenario "format"; anything else stays with the scenarios.
    std::ifstream in(file, std::ios::binary);
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head.find("\"vertices\"") != std::string::npos && head.find("\"aoilab-scenario\"") == std::string::npos;
}

class GraphMode final : public Mode {
public:
    GraphMode() : Mode("graph", Str::ModeGraph), timeline_(state_, view_.exercise), edits_(state_, view_) {
        panels_.push_back(makeGraphPanel(state_, view_));
        panels_.push_back(makeGraphEdgesPanel(state_, view_));
        panels_.push_back(makeGraphTablePanel(state_, view_));
        for (auto& panel : panels_) panel->visible = panel->visibleByDefault();
        tools_ = makeGraphTools(state_, view_);
        state_.seek(state_.searchSteps());
    }

    void applyStartOptions(const AppOptions& options, AppContext& ctx) override {
        if (!options.graph.empty()) openGraph(ctx, options.graph);
        auto checkVertex = [&](const std::optional<std::string>& id, const char* flag) {
            if (id && !state_.graph().contains(*id)) {
                ctx.reportError(std::string(flag) + ": no vertex \"" + *id + "\" in the graph " + state_.graphName());
                return false;
            }
            return id.has_value();
        };
        if (checkVertex(options.from, "--from")) state_.setSource(*options.from);
        if (checkVertex(options.to, "--to")) state_.setTarget(*options.to);
        if (!options.algo.empty() && options.mode == "graph") {
            if (options.algo.front() == "astar") state_.setAlgo(GraphAlgo::AStar);
            else if (options.algo.front() == "dijkstra") state_.setAlgo(GraphAlgo::Dijkstra);
            else ctx.reportError("--algo: the graph workbench runs dijkstra or astar, not \"" + options.algo.front() + "\"");
        }
        state_.seek(state_.searchSteps());
    }

    bool opensFile(const std::filesystem::path& file) const override {
        return file.extension() == ".xml" || (file.extension() == ".json" && looksLikeGraphJson(file));
    }
    bool openFile(AppContext& ctx, const std::filesystem::path& file) override { return openGraph(ctx, file); }

    // A scenario with a graph (and a route) is a graph lesson.
    void documentChanged(AppContext& ctx) override {
        const Scenario& s = ctx.doc.scenario();
        if (s.lesson.exercise && s.lesson.mode == "graph") view_.exercise.start();
        else view_.exercise.stop();
        if (s.lesson.algo == "astar") state_.setAlgo(GraphAlgo::AStar);
        else if (s.lesson.algo == "dijkstra") state_.setAlgo(GraphAlgo::Dijkstra);
        if (!s.lesson.graph) return;
        try {
            Graph g = loadScenarioGraph(s, ctx.doc.path());
            std::string name = s.lesson.graph->file.empty() ? ctx.doc.path().stem().string()
                                                            : std::filesystem::path(s.lesson.graph->file).stem().string();
            state_.setGraph(std::move(g), name);
            if (s.lesson.route) {
                state_.setSource(s.lesson.route->from);
                state_.setTarget(s.lesson.route->to);
            }
            state_.seek(view_.exercise.active() ? 0 : state_.searchSteps());  // an exercise starts before the first step
            savedRevision_ = state_.graphRevision();
            ctx.wantFrameWorld = true;
        } catch (const InputError& e) {
            ctx.reportError(e.what());
        }
    }

    // Save writes the edited graph (inline) and its route into the scenario, with this workbench.
    void beforeSave(AppContext& ctx) override {
        if (state_.graphRevision() == savedRevision_ && !ctx.doc.scenario().lesson.graph) return;
        ScenarioLesson lesson = ctx.doc.scenario().lesson;
        lesson.graph = ScenarioGraphRef{"", graphToJson(state_.graph())};
        if (!state_.source().empty() && !state_.target().empty()) lesson.route = GraphRoute{state_.source(), state_.target()};
        else lesson.route.reset();
        if (ctx.mode == this) lesson.mode = "graph";
        ctx.doc.setLesson(lesson);
        savedRevision_ = state_.graphRevision();
    }

    void activate(AppContext& ctx) override { ctx.wantFrameWorld = true; }

    void update(AppContext& ctx, float) override {
        ctx.animating = ctx.animating || ctx.playback.playing();
        // Graph edits make the document modified (Save writes them).
        if (state_.graphRevision() != editedRevision_) {
            if (editedRevision_ != 0 && state_.graphRevision() != savedRevision_) beforeSave(ctx);
            editedRevision_ = state_.graphRevision();
        }
    }

    void drawScene(AppContext&, SceneView& scene) override {
        ImVec2 mouse = ImGui::GetIO().MousePos;
        bool inside = mouse.x >= scene.canvasMin().x && mouse.y >= scene.canvasMin().y && mouse.x < scene.canvasMax().x &&
                      mouse.y < scene.canvasMax().y;
        view_.hoveredVertex = inside ? vertexAt(state_, scene, mouse) : std::nullopt;
        drawn_ = drawGraphScene(state_, view_, scene);
    }

    std::optional<Rect> bounds(const AppContext&) const override {
        const Graph& g = state_.graph();
        if (g.vertexCount() == 0) return Rect{0, 0, 800, 600};
        Rect r{1e300, 1e300, -1e300, -1e300};
        for (const GraphVertex& v : g.vertices()) {
            r.minX = std::min(r.minX, v.position.x);
            r.minY = std::min(r.minY, v.position.y);
            r.maxX = std::max(r.maxX, v.position.x);
            r.maxY = std::max(r.maxY, v.position.y);
        }
        double pad = std::max({40.0, (r.maxX - r.minX) * 0.12, (r.maxY - r.minY) * 0.12});
        return Rect{r.minX - pad, r.minY - pad, r.maxX + pad, r.maxY + pad};
    }

    std::string statusText(const AppContext&) const override {
        return fmt(Str::GraphStatusLine, state_.graphName().c_str(), static_cast<int>(state_.graph().vertexCount()),
                   static_cast<int>(state_.graph().edgeCount()), state_.source().c_str(), state_.target().c_str());
    }

    std::string explanation(const AppContext&) const override;
    Timeline* timeline() override { return &timeline_; }
    const Exercise* exercise() const override { return &view_.exercise; }
    ModeEdits* edits() override { return &edits_; }

    nlohmann::json dump(const AppContext&) const override {
        const Graph& g = state_.graph();
        nlohmann::json settled = nlohmann::json::array();
        if (const GraphSearch* search = state_.search())
            for (VertexIndex v : search->tree().settleOrder) settled.push_back(g.vertex(v).id);
        Vec2 role = state_.rolePosition();
        auto roleVertex = state_.roleVertex();
        auto distance = state_.distance();
        return {{"vertices", g.vertexCount()},
                {"edges", g.edgeCount()},
                {"from", state_.source()},
                {"to", state_.target()},
                {"algo", graphAlgoName(state_.algo())},
                {"distance", distance ? nlohmann::json(*distance) : nlohmann::json(nullptr)},
                {"path", state_.pathIds()},
                {"settled", settled},
                {"role", {{"x", role.x}, {"y", role.y},
                          {"vertex", roleVertex ? nlohmann::json(*roleVertex) : nlohmann::json(nullptr)},
                          {"arrived", state_.arrived()}}},
                {"search_steps", state_.searchSteps()},
                {"exercise", {{"active", view_.exercise.active()}, {"correct", view_.exercise.correct()},
                              {"total", view_.exercise.total()},
                              {"guess", view_.exercise.pending() ? nlohmann::json(*view_.exercise.pending()) : nlohmann::json(nullptr)}}},
                {"can_undo", state_.canUndo()},
                {"graph", graphToJson(g)},
                {"drawn", {{"vertices", drawn_.vertices}, {"edges", drawn_.edges}, {"settled", drawn_.settled},
                           {"open", drawn_.open}, {"relaxed", drawn_.relaxed}, {"path_edges", drawn_.pathEdges}}}};
    }

private:
    bool openGraph(AppContext& ctx, const std::filesystem::path& file) {
        try {
            Graph g = loadGraphFile(file.string());
            state_.setGraph(std::move(g), file.stem().string());
            state_.seek(state_.searchSteps());
            ctx.wantFrameWorld = true;
            return true;
        } catch (const InputError& e) {
            ctx.reportError(e.what());  // the graph shown stays as it was
            return false;
        }
    }

    GraphState state_;
    GraphView view_;
    GraphTimeline timeline_;
    GraphEdits edits_;
    GraphDrawn drawn_;
    std::uint64_t savedRevision_ = 1;   // the graph as the document has it
    std::uint64_t editedRevision_ = 0;
};

// What the current step did, with the distances as the search holds them (the article's relaxation).
std::string GraphMode::explanation(const AppContext&) const {
    const Graph& g = state_.graph();
    const GraphSearch* search = state_.search();
    const char* algo = state_.algo() == GraphAlgo::AStar ? "A*" : "Dijkstra";
    if (!search) return tr(Str::GraphIntro);
    if (state_.position() == 0) return fmt(Str::GraphExplainStart, algo, state_.source().c_str(), state_.source().c_str());
    if (state_.position() > state_.searchSteps() || (state_.searchDone() && state_.lastStep().settled == kNoVertex)) {
        if (state_.arrived()) return fmt(Str::GraphExplainArrived, state_.target().c_str());
        double walked = static_cast<double>(state_.position() - state_.searchSteps()) * GraphState::kWalkTick;
        double total = static_cast<double>(state_.length() - state_.searchSteps()) * GraphState::kWalkTick;
        return fmt(Str::GraphExplainWalk, walked, total);
    }
    const GraphSearchStep& step = state_.lastStep();
    if (step.settled == kNoVertex) return fmt(Str::GraphExplainDone, state_.distance() ? number(*state_.distance()).c_str() : "-");
    const ShortestPathTree& tree = search->tree();
    double d = tree.distance[static_cast<std::size_t>(step.settled)];
    std::string text = fmt(Str::GraphExplainSettle, static_cast<int>(state_.position()), g.vertex(step.settled).id.c_str(), number(d).c_str());
    for (const OutEdge& e : g.outEdges(step.settled)) {
        const std::string& to = g.vertex(e.to).id;
        auto improved = std::find_if(step.relaxed.begin(), step.relaxed.end(), [&](const EdgeRelaxation& r) { return r.to == e.to; });
        text += " ";
        if (improved != step.relaxed.end())
            text += fmt(Str::GraphExplainImproved, to.c_str(), number(d).c_str(), number(e.weight).c_str(),
                        number(improved->newDistance).c_str(), number(improved->oldDistance).c_str(), g.vertex(step.settled).id.c_str());
        else if (search->isClosed(e.to) && e.to != step.settled)
            text += fmt(Str::GraphExplainClosed, to.c_str());
        else
            text += fmt(Str::GraphExplainKept, to.c_str(), number(d).c_str(), number(e.weight).c_str(),
                        number(d + e.weight).c_str(), number(tree.distance[static_cast<std::size_t>(e.to)]).c_str());
    }
    if (search->finished()) text += " " + fmt(Str::GraphExplainDone, state_.distance() ? number(*state_.distance()).c_str() : "-");
    return text;
}

}  // namespace

std::unique_ptr<Mode> makeGraphMode() { return std::make_unique<GraphMode>(); }

}  // namespace aoilab::app
