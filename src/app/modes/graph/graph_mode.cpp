// The graph workbench: the directed-graph article's map-walk editor. Vertices and directed edges edited
// with undo, Dijkstra (or A*) from src/path stepped on the timeline with every relaxation explained,
// then the role walking the path. The model is graph_state.h; this file wires it to the shell.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "app/app_context.h"
#include "app/cell_texture.h"
#include "app/legend.h"
#include "app/app_options.h"
#include "app/mode.h"
#include "app/modes/graph/graph_explain.h"
#include "app/modes/graph/graph_ui.h"
#include "app/modes/mode_list.h"
#include "app/scene_view.h"
#include "app/timeline.h"
#include "core/error.h"
#include "app/theme.h"
#include "path/graph_io.h"
#include "path/movingai.h"
#include "scenario/scenario.h"

namespace aoilab::app {
namespace {

std::string number(double v) { return shortNumber(v); }

class GraphTimeline final : public Timeline {
public:
    GraphTimeline(GraphState& state, GraphView& view) : state_(state), view_(view) {}
    std::size_t position() const override { return state_.position(); }
    std::size_t length() const override { return state_.length(); }
    void seek(std::size_t position) override { state_.seek(position); }
    // A search step reveals the answer to a pending guess: the vertex it settled, or the labels it lowered.
    bool stepForward() override {
        if (state_.position() >= state_.length()) return false;
        bool searching = state_.position() < state_.searchSteps();
        std::vector<std::string> tied;  // the open vertices the step could as well settle (a tie in the key)
        if (searching && view_.question == GraphQuestion::Settled && view_.exercise.pending() && state_.search())
            for (VertexIndex v : state_.search()->nextCandidates()) tied.push_back(state_.graph().vertex(v).id);
        state_.seek(state_.position() + 1);
        if (searching && state_.lastStep().settled != kNoVertex)
            view_.exercise.reveal(graphStepAnswer(view_.question, state_.graph(), state_.lastStep()), state_.position(), tied);
        return true;
    }
    Str unit() const override { return Str::UnitGraphStep; }

private:
    GraphState& state_;
    GraphView& view_;
};

// An edit's label in the UI language ("add vertex 3", "添加顶点 3").
std::string words(const GraphEditLabel* label) {
    if (!label) return {};
    using Kind = GraphEditLabel::Kind;
    const char* a = label->a.c_str();
    const char* b = label->b.c_str();
    switch (label->kind) {
        case Kind::AddVertex: return fmt(Str::GraphEditAddVertex, a);
        case Kind::MoveVertex: return fmt(Str::GraphEditMoveVertex, a);
        case Kind::DeleteVertex: return fmt(Str::GraphEditDeleteVertex, a);
        case Kind::AddEdge: return fmt(Str::GraphEditAddEdge, a, b);
        case Kind::AddRoad: return fmt(Str::GraphEditAddRoad, a, b);
        case Kind::Weight: return fmt(Str::GraphEditWeight, a, b);
        case Kind::DeleteEdge: return fmt(Str::GraphEditDeleteEdge, a, b);
        case Kind::EdgeList: return tr(Str::GraphEditEdgeList);
    }
    return {};
}

// Undo, Redo and Delete act on the graph while this workbench is shown.
class GraphEdits final : public ModeEdits {
public:
    GraphEdits(GraphState& state, GraphView& view) : state_(state), view_(view) {}
    bool canUndo() const override { return state_.canUndo(); }
    bool canRedo() const override { return state_.canRedo(); }
    std::string undoLabel() const override { return words(state_.undoLabel()); }
    std::string redoLabel() const override { return words(state_.redoLabel()); }
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
    GraphMode() : Mode("graph", Str::ModeGraph), timeline_(state_, view_), edits_(state_, view_) {
        panels_.push_back(makeGraphPanel(state_, view_));
        panels_.push_back(makeGraphEdgesPanel(state_, view_));
        panels_.push_back(makeGraphTablePanel(state_, view_));
        for (auto& panel : panels_) panel->visible = panel->visibleByDefault();
        tools_ = makeGraphTools(state_, view_);
        state_.seek(state_.searchSteps());
    }

    void applyStartOptions(const AppOptions& options, AppContext& ctx) override {
        if (!options.graph.empty()) openGraph(ctx, options.graph);
        if (!options.map.empty() && options.mode == "graph") openBackdrop(ctx, options.map);
        auto checkVertex = [&](const std::optional<std::string>& id, const char* flag) {
            if (id && !state_.graph().contains(*id)) {
                ctx.reportError(std::string(flag) + ": no vertex \"" + *id + "\" in the graph " + state_.graphName());
                return false;
            }
            return id.has_value();
        };
        if (checkVertex(options.from, "--from")) state_.setSource(*options.from);
        if (checkVertex(options.to, "--to")) state_.setTarget(*options.to);
        // --algo is the graph's when the graph workbench starts: asked for, or a graph lesson without --mode
        // (otherwise the flag names the search workbench's algorithms).
        const bool graphStarts =
            options.mode == "graph" || (options.mode.empty() && ctx.doc.scenario().lesson.mode == "graph");
        if (!options.algo.empty() && graphStarts) {
            // One algorithm, or two to compare ("dijkstra,astar": the first one's path is walked).
            std::vector<GraphAlgo> algos;
            for (const std::string& name : options.algo) {
                if (name == "astar") algos.push_back(GraphAlgo::AStar);
                else if (name == "dijkstra") algos.push_back(GraphAlgo::Dijkstra);
                else ctx.reportError("--algo: the graph workbench runs dijkstra or astar, not \"" + name + "\"");
            }
            if (algos.size() == 2 && algos[0] == algos[1])
                ctx.reportError("--algo: comparing needs two different algorithms (dijkstra,astar or astar,dijkstra)");
            else if (algos.size() == options.algo.size()) {
                state_.setAlgo(algos.front());
                state_.setCompare(algos.size() == 2);
            }
        }
        state_.seek(state_.searchSteps());
    }

    // A .map reaches this workbench only while it is shown (the shell asks the active workbench first;
    // otherwise the search workbench takes it): it goes under the graph.
    bool opensFile(const std::filesystem::path& file) const override {
        return file.extension() == ".xml" || file.extension() == ".map" ||
               (file.extension() == ".json" && looksLikeGraphJson(file));
    }
    bool openFile(AppContext& ctx, const std::filesystem::path& file) override {
        return file.extension() == ".map" ? openBackdrop(ctx, file) : openGraph(ctx, file);
    }

    // A scenario with a graph (and a route) is a graph lesson.
    void documentChanged(AppContext& ctx) override {
        const Scenario& s = ctx.doc.scenario();
        if (s.lesson.exercise && s.lesson.mode == "graph") view_.exercise.start();
        else view_.exercise.stop();
        view_.question = graphQuestionFromKey(s.lesson.question);
        view_.labelGuess.clear();
        if (s.lesson.algo == "astar") state_.setAlgo(GraphAlgo::AStar);
        else if (s.lesson.algo == "dijkstra") state_.setAlgo(GraphAlgo::Dijkstra);
        if (!s.lesson.graph) return;
        try {
            // A graph lesson's map lies under the graph.
            if (s.lesson.map) {
                GridMap map = loadScenarioMap(s, ctx.doc.path());
                std::string file = s.lesson.map->file.empty() ? std::string()
                    : std::filesystem::absolute(resolveScenarioReference(ctx.doc.path(), s.lesson.map->file)).lexically_normal().string();
                state_.setBackdrop(std::move(map), file);
            } else {
                state_.setBackdrop(std::nullopt, "");
            }
            savedBackdrop_ = state_.backdropRevision();
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
        if (state_.graphRevision() == savedRevision_ && state_.backdropRevision() == savedBackdrop_ &&
            !ctx.doc.scenario().lesson.graph)
            return;
        ScenarioLesson lesson = ctx.doc.scenario().lesson;
        if (state_.backdropRevision() != savedBackdrop_) saveBackdrop(ctx, lesson);
        lesson.graph = ScenarioGraphRef{"", graphToJson(state_.graph())};
        if (!state_.source().empty() && !state_.target().empty()) lesson.route = GraphRoute{state_.source(), state_.target()};
        else lesson.route.reset();
        if (ctx.mode == this) lesson.mode = "graph";
        ctx.doc.setLesson(lesson);
        savedRevision_ = state_.graphRevision();
        savedBackdrop_ = state_.backdropRevision();
    }

    void activate(AppContext& ctx) override { ctx.wantFrameWorld = true; }

    void update(AppContext& ctx, float) override {
        ctx.animating = ctx.animating || ctx.playback.playing();
        // C: the other compared copy, when they are shown one at a time (no modifier; not while typing).
        const ImGuiIO& io = ImGui::GetIO();
        if (state_.comparing() && view_.copies == GraphCopies::OneAtATime && !io.WantTextInput && !io.KeyCtrl && !io.KeyAlt &&
            !io.KeySuper && !ctx.picker.isShown() && ImGui::IsKeyPressed(GLFW_KEY_C, false))
            view_.shownCopy = 1 - view_.shownCopy;
        // Graph edits make the document modified (Save writes them).
        if (state_.graphRevision() != editedRevision_ || state_.backdropRevision() != editedBackdrop_) {
            if (editedRevision_ != 0 && (state_.graphRevision() != savedRevision_ || state_.backdropRevision() != savedBackdrop_))
                beforeSave(ctx);
            editedRevision_ = state_.graphRevision();
            editedBackdrop_ = state_.backdropRevision();
        }
    }

    void drawScene(AppContext& ctx, SceneView& scene) override {
        // The compared copies' layout for this canvas; a new one is framed whole (from the next frame).
        const GraphCopiesArranged arranged = arrangeGraphCopies(state_, view_, scene);
        if (arranged.copies != view_.copies || std::abs(arranged.emWorld - view_.copiesEm) > 0.1 * view_.copiesEm) {
            view_.copies = arranged.copies;
            view_.copiesEm = arranged.emWorld;
            ctx.wantFrameWorld = true;
        }
        ImVec2 mouse = ImGui::GetIO().MousePos;
        bool inside = mouse.x >= scene.canvasMin().x && mouse.y >= scene.canvasMin().y && mouse.x < scene.canvasMax().x &&
                      mouse.y < scene.canvasMax().y;
        view_.hoveredVertex = inside ? vertexAt(state_, scene, mouse) : std::nullopt;
        drawBackdrop(scene);
        // One copy at a time: only the one chosen is drawn (the other's numbers stay in the panel's table).
        const bool oneAtATime = state_.comparing() && view_.copies == GraphCopies::OneAtATime;
        const bool firstShown = !oneAtATime || view_.shownCopy == 0;
        const GraphRunView first = firstRun(state_);
        const std::optional<GraphRunView> second =
            state_.comparing() && (!oneAtATime || view_.shownCopy == 1) ? std::optional(secondRun(state_, view_)) : std::nullopt;
        std::vector<const GraphRunView*> runs;
        if (firstShown) runs.push_back(&first);
        if (second) runs.push_back(&*second);
        LabelPlacer labels = graphLabelPlacer(state_, scene, runs);
        drawn_ = firstShown ? drawGraphScene(state_, view_, scene, first) : GraphDrawn{};
        secondDrawn_ = second ? drawGraphScene(state_, view_, scene, *second) : GraphDrawn{};
        std::vector<GraphDrawn*> copies;
        if (firstShown) copies.push_back(&drawn_);
        if (second) copies.push_back(&secondDrawn_);
        placeGraphLabels(scene, labels, copies);
        drawGraphRole(state_, scene);
    }

    std::optional<Rect> bounds(const AppContext&) const override { return graphBounds(state_, view_.copies, view_.copiesEm); }

    std::string statusText(const AppContext&) const override {
        return fmt(Str::GraphStatusLine, state_.graphName().c_str(), static_cast<int>(state_.graph().vertexCount()),
                   static_cast<int>(state_.graph().edgeCount()), state_.source().c_str(), state_.target().c_str());
    }

    std::string explanation(const AppContext&) const override;

    // The exercise's question, the pending guess, the score and the last scored step.
    nlohmann::json exerciseDump() const {
        const Exercise& ex = view_.exercise;
        nlohmann::json out = {{"active", ex.active()}, {"question", graphQuestionKey(view_.question)},
                              {"correct", ex.correct()}, {"total", ex.total()},
                              {"guess", ex.pending() ? nlohmann::json(*ex.pending()) : nlohmann::json(nullptr)},
                              {"last", nullptr}};
        if (ex.last()) out["last"] = {{"guess", ex.last()->guess}, {"answer", ex.last()->answer}, {"right", ex.last()->right}};
        return out;
    }
    Timeline* timeline() override { return &timeline_; }
    const Exercise* exercise() const override { return &view_.exercise; }
    ModeEdits* edits() override { return &edits_; }

    nlohmann::json dump(const AppContext& ctx) const override {
        const Graph& g = state_.graph();
        nlohmann::json settled = nlohmann::json::array();
        if (const GraphSearch* search = state_.search())
            for (VertexIndex v : search->tree().settleOrder) settled.push_back(g.vertex(v).id);
        Vec2 role = state_.rolePosition();
        auto roleVertex = state_.roleVertex();
        auto distance = state_.distance();
        nlohmann::json out = {{"vertices", g.vertexCount()},
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
                {"exercise", exerciseDump()},
                {"can_undo", state_.canUndo()},
                {"graph", graphToJson(g)},
                {"drawn", drawnJson(drawn_)},
                {"copies", graphCopiesName(view_.copies)},
                {"shown_copy", view_.shownCopy}};
        // The map under the graph (only when there is one), with where the scene drew it.
        if (const auto& map = state_.backdrop()) {
            out["backdrop"] = {{"file", state_.backdropFile()}, {"width", map->width()}, {"height", map->height()},
                               {"walls", map->cellCount() - map->passableCount()}};
            if (ctx.scene) {
                ImVec2 o = ctx.scene->toScreen({0, 0}), one = ctx.scene->toScreen({1, 0});
                out["backdrop"]["scene"] = {{"x0", o.x}, {"y0", o.y}, {"scale", one.x - o.x}};
            }
        }
        // Comparing: the second run, beside the contract's keys (which stay the first run's).
        if (const GraphSearch* second = state_.secondSearch()) {
            nlohmann::json secondSettled = nlohmann::json::array();
            for (VertexIndex v : second->tree().settleOrder) secondSettled.push_back(g.vertex(v).id);
            auto d = state_.secondDistance();
            Vec2 offset = secondCopyOffset(state_, view_);
            out["compare"] = {{"algo", graphAlgoName(state_.secondAlgo())},
                              {"distance", d ? nlohmann::json(*d) : nlohmann::json(nullptr)},
                              {"path", state_.secondPathIds()},
                              {"settled", secondSettled},
                              {"search_steps", state_.secondSteps()},
                              {"first_search_steps", state_.firstSteps()},
                              {"offset", {offset.x, offset.y}},
                              {"drawn", drawnJson(secondDrawn_)}};
        }
        return out;
    }

private:
    bool openBackdrop(AppContext& ctx, const std::filesystem::path& file) {
        try {
            GridMap map = readMovingAiMap(file.string());
            state_.setBackdrop(std::move(map), std::filesystem::absolute(file).lexically_normal().string());
            ctx.wantFrameWorld = true;
            return true;
        } catch (const InputError& e) {
            ctx.reportError(e.what());  // the map under the graph stays as it was
            return false;
        }
    }

    // The map under the graph into the lesson: its file (relative to the scenario when it has a path, so
    // Save As rebases it), or its rows inline when it came from the maps workbench. Queries that do not
    // lie on a free cell of this map are dropped (the file would not load).
    void saveBackdrop(const AppContext& ctx, ScenarioLesson& lesson) const {
        const auto& map = state_.backdrop();
        if (!map) {
            if (lesson.graph) lesson.map.reset();
            return;
        }
        ScenarioMapRef ref;
        if (!state_.backdropFile().empty()) {
            std::filesystem::path file = state_.backdropFile();
            if (!ctx.doc.path().empty()) {
                std::filesystem::path base = std::filesystem::absolute(ctx.doc.path()).parent_path().lexically_normal();
                std::filesystem::path relative = file.lexically_relative(base);
                if (!relative.empty()) file = relative;
            }
            ref.file = file.generic_string();
        } else {
            ref.rows = map->rows();
        }
        lesson.map = ref;
        auto fits = [&](int x, int y) { return map->inBounds(x, y) && map->passable(GridPoint{x, y}); };
        std::erase_if(lesson.queries, [&](const MapQuery& q) { return !fits(q.startX, q.startY) || !fits(q.goalX, q.goalY); });
    }

    // The map's cells as one texture under the graph (and under the compared copy).
    void drawBackdrop(SceneView& scene) {
        const auto& map = state_.backdrop();
        if (!map) return;
        if (backdropUploaded_ != state_.backdropRevision()) {
            std::vector<std::uint32_t> pixels(static_cast<std::size_t>(map->cellCount()));
            for (int i = 0; i < map->cellCount(); ++i)
                pixels[static_cast<std::size_t>(i)] = map->passable(map->point(i)) ? theme::kWorldBackground : theme::kObstacle;
            backdrop_.upload(map->width(), map->height(), pixels);
            backdropUploaded_ = state_.backdropRevision();
        }
        double w = map->width(), h = map->height();
        scene.image(backdrop_.id(), {0, 0, w, h});
        if (state_.comparing() && view_.copies != GraphCopies::OneAtATime) {
            Vec2 o = secondCopyOffset(state_, view_);
            scene.image(backdrop_.id(), {o.x, o.y, o.x + w, o.y + h});
        }
    }

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
    // What one copy of the scene drew, for --dump-ui (the compared copy's under "compare").
    static nlohmann::json drawnJson(const GraphDrawn& d) {
        return {{"vertices", d.vertices}, {"edges", d.edges}, {"settled", d.settled}, {"open", d.open},
                {"relaxed", d.relaxed}, {"path_edges", d.pathEdges}, {"route_points", d.routePoints},
                {"crowded_labels", d.crowdedLabels}, {"hidden_labels", d.hiddenLabels}, {"label_boxes", d.labelBoxes},
                {"label_texts", d.labelTexts}, {"label_columns", {d.labelMinX, d.labelMaxX}},
                {"labels_on_lines", d.labelsOnLines}, {"edge_lines", d.edgeLines}, {"title", d.title}};
    }

    GraphDrawn drawn_, secondDrawn_;
    std::uint64_t savedRevision_ = 1;   // the graph as the document has it
    std::uint64_t editedRevision_ = 0;
    std::uint64_t savedBackdrop_ = 1;    // the map under the graph as the document has it
    std::uint64_t editedBackdrop_ = 1;
    CellTexture backdrop_;
    std::uint64_t backdropUploaded_ = 0;
};

// What the current step did. Comparing: one line per algorithm (a run that finished earlier says so).
std::string GraphMode::explanation(const AppContext&) const {
    const Graph& g = state_.graph();
    const GraphSearch* search = state_.search();
    const char* algo = graphAlgoTitle(state_.algo());
    if (!search) return tr(Str::GraphIntro);
    if (state_.position() == 0) {
        std::string text = fmt(Str::GraphExplainStart, algo, state_.source().c_str(), state_.source().c_str());
        if (state_.comparing())
            text += "\n" + fmt(Str::GraphExplainStart, graphAlgoTitle(state_.secondAlgo()), state_.source().c_str(), state_.source().c_str());
        return text;
    }
    if (state_.position() > state_.searchSteps() || (state_.searchDone() && state_.lastStep().settled == kNoVertex)) {
        if (state_.arrived()) return fmt(Str::GraphExplainArrived, state_.target().c_str());
        double walked = static_cast<double>(state_.position() - state_.searchSteps()) * GraphState::kWalkTick;
        double total = static_cast<double>(state_.length() - state_.searchSteps()) * GraphState::kWalkTick;
        return fmt(Str::GraphExplainWalk, walked, total);
    }
    auto line = [&](const GraphSearch& run, const GraphSearchStep& step, std::size_t steps, const std::optional<double>& d) {
        if (state_.position() > steps)  // finished on an earlier step
            return fmt(Str::GraphExplainDone, d ? number(*d).c_str() : "-");
        return explainGraphStep(g, run, step, state_.position(), d);
    };
    std::string text = line(*search, state_.lastStep(), state_.firstSteps(), state_.distance());
    if (const GraphSearch* second = state_.secondSearch())
        text = std::string(algo) + ": " + text + "\n" + graphAlgoTitle(state_.secondAlgo()) + ": " +
               line(*second, state_.secondLastStep(), state_.secondSteps(), state_.secondDistance());
    return text;
}

}  // namespace

std::unique_ptr<Mode> makeGraphMode() { return std::make_unique<GraphMode>(); }

}  // namespace aoilab::app
