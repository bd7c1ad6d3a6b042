// The graph panel: the algorithm, the role's start and the target, how the role walks, the selected
// vertex or edge (weight editable, delete), every vertex's distance label and parent as the search
// has them now, the colour legend, and saving the graph as JSON.
#include <imgui.h>

#include <cmath>
#include <filesystem>
#include <optional>

#include "app/app_context.h"
#include "app/exercise_shown.h"
#include "app/legend.h"
#include "app/mode.h"
#include "app/modes/graph/graph_ui.h"
#include "app/modes/graph/waypoints_to_graph.h"
#include "app/modes/maps/maps_ui.h"
#include "app/theme.h"
#include "app/strings.h"
#include "app/table_rows.h"
#include "app/text_wrap.h"
#include "path/graph_io.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

std::string number(double v) { return shortNumber(v); }

void swatch(ImU32 colour, Str label) { legendSwatch(colour, tr(label)); }

bool vertexCombo(const char* label, const Graph& graph, std::string& id) {
    bool changed = false;
    const std::string shownLabel = fittedLabel(label, ImGui::GetFontSize() * 6);
    if (ImGui::BeginCombo(shownLabel.c_str(), id.empty() ? "-" : id.c_str())) {
        for (const GraphVertex& v : graph.vertices())
            if (ImGui::Selectable(v.id.c_str(), v.id == id)) {
                id = v.id;
                changed = true;
            }
        ImGui::EndCombo();
    }
    return changed;
}

class GraphPanel final : public Panel {
public:
    GraphPanel(GraphState& state, GraphView& view) : Panel("graph", Str::GraphPanel), state_(state), view_(view) {}

    void draw(AppContext& ctx) override {
        ImGui::PushTextWrapPos(0);  // every line wraps at the tile's edge (a large font, a narrow tile)
        drawContent(ctx);
        ImGui::PopTextWrapPos();
    }

    template <typename Draw>
    static void noWrap(const Draw& draw) {
        ImGui::PushTextWrapPos(-1.0f);
        draw();
        ImGui::PopTextWrapPos();
    }

    void drawContent(AppContext& ctx) {
        const Graph& g = state_.graph();
        exerciseShown_.reset();
        if (view_.exercise.active()) drawExercise();
        int algo = state_.algo() == GraphAlgo::AStar ? 1 : 0;
        const char* names[] = {graphAlgoTitle(GraphAlgo::Dijkstra), tr(Str::GraphAStar)};
        const std::string algoLabel = fittedLabel(tr(Str::GraphAlgorithm), ImGui::GetFontSize() * 12);
        if (ImGui::Combo(algoLabel.c_str(), &algo, names, 2)) {
            state_.setAlgo(algo == 1 ? GraphAlgo::AStar : GraphAlgo::Dijkstra);
            if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
        }
        bool compare = state_.comparing();
        if (checkboxWrapped(tr(Str::GraphCompare), &compare)) {
            state_.setCompare(compare);
            if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
        }
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipGraphCompare));
        if (state_.comparing() && view_.copies == GraphCopies::OneAtATime) {
            // The copies one at a time (the canvas is too small for both with their labels): the other one.
            const GraphAlgo other = view_.shownCopy == 0 ? state_.secondAlgo() : state_.algo();
            if (fittedButton(tr(Str::GraphShowCopy), fmt(Str::TipGraphShowCopy, graphAlgoTitle(other)).c_str()))
                view_.shownCopy = 1 - view_.shownCopy;
        }
        drawComparison();
        std::string source = state_.source(), target = state_.target();
        if (vertexCombo(tr(Str::GraphSource), g, source)) state_.setSource(source);
        sameLineIfFits(ImGui::GetFontSize() * 6 + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(tr(Str::GraphTarget), nullptr, true).x);
        if (vertexCombo(tr(Str::GraphTarget), g, target)) state_.setTarget(target);
        checkboxWrapped(tr(Str::GraphTwoWay), &view_.twoWay);
        drawMap(ctx);
        drawWalk();
        drawSelection(ctx);
        drawResult();
        noWrap([&] { drawDistances(); });
        ImGui::Separator();
        swatch(graph_colours::settled(), Str::GraphLegendSettled);
        swatch(graph_colours::open(), Str::GraphLegendOpen);
        swatch(graph_colours::relaxed(), Str::GraphLegendRelaxed);
        swatch(graph_colours::tree(), Str::GraphLegendTree);
        swatch(graph_colours::path(), Str::GraphLegendPath);
        swatch(graph_colours::source(), Str::GraphLegendSource);
        swatch(graph_colours::target(), Str::GraphLegendTarget);
        if (state_.backdrop()) {
            swatch(theme::kWorldBackground, Str::GraphLegendFree);
            swatch(theme::kObstacle, Str::GraphLegendWall);
        }
        drawExport(ctx);
    }

    nlohmann::json dump(const AppContext&) const override {
        return {{"rows", rows_}, {"status", view_.status}, {"weight_field", weightField_}, {"compare_rows", compareRows_}, {"compare_as_rows", compareAsRows_},
                {"distances_as_rows", distancesAsRows_},
                {"waypoints_button", waypointsButton_},
                {"exercise_shown", exerciseShown_ ? exerciseShown_->dump() : nlohmann::json(nullptr)}};
    }

    // The question, the guess and the score; the labels question has a "none" answer of its own.
    void drawExercise() {
        const Exercise& ex = view_.exercise;
        bool labels = view_.question == GraphQuestion::Labels;
        auto shown = [&](const std::string& guess) { return labels && guess.empty() ? std::string(tr(Str::GraphNoLabelChanges)) : guess; };
        std::string guess = ex.pending() ? shown(*ex.pending()) : std::string(tr(Str::ExerciseNoGuess));
        ImGui::PushTextWrapPos(0);
        exerciseShown_.emplace();
        exerciseShown_->beginQuestion();  // the question, with the guess and the score in it
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(graph_colours::selected()), "%s",
                           fmt(labels ? Str::GraphExerciseLabels : Str::GraphExercise, guess.c_str(), ex.correct(), ex.total()).c_str());
        exerciseShown_->endQuestion();
        if (labels) {  // a vertex's guess is a click on the scene; "none" is a button of its own
            if (ImGui::SmallButton(tr(Str::GraphNoLabelChanges))) {
                view_.labelGuess.clear();
                view_.exercise.guess("");
            }
            exerciseShown_->control();
        }
        if (ex.last())
            ImGui::TextUnformatted(fmt(labels ? Str::GraphExerciseLabelsLast : Str::GraphExerciseLast, shown(ex.last()->guess).c_str(),
                                       shown(ex.last()->answer).c_str(),
                                       tr(ex.last()->right ? Str::ExerciseRight : Str::ExerciseWrong)).c_str());
        ImGui::PopTextWrapPos();
    }

private:
    // "Waypoints to graph" and the map under the graph.
    void drawMap(AppContext& ctx) {
        if (fittedButton(tr(Str::GraphFromWaypoints), tr(Str::TipGraphFromWaypoints))) waypointsToGraph(ctx);
        waypointsButton_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
        if (const auto& map = state_.backdrop()) {
            std::string name = state_.backdropFile().empty() ? "-" : std::filesystem::path(state_.backdropFile()).filename().string();
            textWrappedCjk(fmt(Str::GraphMapUnder, name.c_str(), map->width(), map->height()));
            sameLineIfFits(smallButtonWidth(tr(Str::GraphRemoveMap)));
            if (ImGui::SmallButton(tr(Str::GraphRemoveMap))) state_.setBackdrop(std::nullopt, "");
        }
    }

    // The maps workbench's waypoint graph (read through its const state), with its map under it; the
    // role and the target on the waypoints nearest to its start and goal.
    void waypointsToGraph(AppContext& ctx) {
        const MapsState* maps = nullptr;
        for (Mode* m : ctx.modes)
            if (!maps) maps = mapsStateOf(*m);
        if (!maps) return;
        std::string why;
        auto graph = graphFromWaypoints(maps->waypoints(), why);
        if (!graph) {
            ctx.reportError(maps->mapName() + ": " + why);  // the graph shown stays as it was
            return;
        }
        auto centre = [](GridPoint p) { return Vec2{p.x + 0.5, p.y + 0.5}; };
        std::string source = nearestVertex(*graph, centre(maps->start())), target = nearestVertex(*graph, centre(maps->goal()));
        int vertices = static_cast<int>(graph->vertexCount()), edges = static_cast<int>(graph->edgeCount());
        state_.setGraph(std::move(*graph), maps->mapName() + "-waypoints");
        state_.setBackdrop(maps->map(), "");
        state_.setSource(source);
        state_.setTarget(target);
        view_.selectedVertex.reset();
        view_.selectedEdge.reset();
        if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
        ctx.statusMessage = fmt(Str::GraphFromWaypointsDone, vertices, edges, maps->mapName().c_str());
        ctx.wantFrameWorld = true;
    }

    // Comparing: one row per algorithm, as the two searches stand at this position of the timeline.
    void drawComparison() {
        compareRows_ = nlohmann::json::array();
        if (!state_.comparing()) return;
        struct Row {
            GraphAlgo algo;
            const GraphSearch* search;
            std::size_t steps;
            std::optional<double> distance;
            std::size_t pathVertices;
        };
        const Row rows[] = {{state_.algo(), state_.search(), state_.firstSteps(), state_.distance(), state_.pathIds().size()},
                            {state_.secondAlgo(), state_.secondSearch(), state_.secondSteps(), state_.secondDistance(),
                             state_.secondPathIds().size()}};
        auto settledOf = [](const Row& row) { return row.search ? row.search->settledCount() : std::size_t{0}; };
        auto distanceOf = [](const Row& row) { return row.distance ? number(*row.distance) : std::string("-"); };
        // A table whose columns do not fit the panel's width changes to rows, one line of text a run
        // (a class cannot read a table it must scroll sideways: the presentation layout at font scale 2).
        const Str columns[] = {Str::GraphColAlgorithm, Str::GraphColSettled, Str::GraphColSteps, Str::GraphColDistance,
                               Str::GraphColPathVertices};
        TableText table({tr(columns[0]), tr(columns[1]), tr(columns[2]), tr(columns[3]), tr(columns[4])});
        for (const Row& row : rows)
            table.addRow({graphAlgoTitle(row.algo), std::to_string(settledOf(row)), std::to_string(row.steps), distanceOf(row),
                          std::to_string(row.pathVertices)});
        compareAsRows_ = !table.fits();
        if (compareAsRows_) {
            for (const Row& row : rows) {
                textWrappedCjk(fmt(Str::GraphCompareRow, graphAlgoTitle(row.algo), static_cast<int>(settledOf(row)),
                                   static_cast<int>(row.steps), distanceOf(row).c_str(), static_cast<int>(row.pathVertices)));
                compareRows_.push_back({{"algo", graphAlgoName(row.algo)}, {"settled", settledOf(row)}, {"steps", row.steps},
                                        {"distance", row.distance ? nlohmann::json(*row.distance) : nlohmann::json(nullptr)},
                                        {"path_vertices", row.pathVertices}});
            }
            return;
        }
        ImGui::PushTextWrapPos(-1.0f);  // a table's cells keep to their columns
        const ImGuiStyle& style = ImGui::GetStyle();
        const float height = 3 * (ImGui::GetTextLineHeight() + 2 * style.CellPadding.y) + 4;
        if (!ImGui::BeginTable("##graph_compare", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit,
                               ImVec2(0, height))) {
            ImGui::PopTextWrapPos();
            return;
        }
        for (Str column : columns) ImGui::TableSetupColumn(tr(column));
        ImGui::TableHeadersRow();
        for (const Row& row : rows) {
            std::size_t settled = settledOf(row);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(graphAlgoTitle(row.algo));
            ImGui::TableNextColumn();
            ImGui::Text("%zu", settled);
            ImGui::TableNextColumn();
            ImGui::Text("%zu", row.steps);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.distance ? number(*row.distance).c_str() : "-");
            ImGui::TableNextColumn();
            ImGui::Text("%zu", row.pathVertices);
            compareRows_.push_back({{"algo", graphAlgoName(row.algo)}, {"settled", settled}, {"steps", row.steps},
                                    {"distance", row.distance ? nlohmann::json(*row.distance) : nlohmann::json(nullptr)},
                                    {"path_vertices", row.pathVertices}});
        }
        ImGui::EndTable();
        ImGui::PopTextWrapPos();
    }

    void drawWalk() {
        bool byTime = state_.walkSeconds() > 0;
        if (radioWrapped(tr(Str::GraphWalkSpeed), !byTime) && byTime) state_.setWalk(100, 0);
        sameLineIfFits(checkboxWidth(tr(Str::GraphWalkTime)));
        if (radioWrapped(tr(Str::GraphWalkTime), byTime) && !byTime) state_.setWalk(0, 3);
        double value = byTime ? state_.walkSeconds() : state_.speed();
        const std::string valueLabel = fittedLabel(byTime ? tr(Str::GraphSeconds) : tr(Str::GraphSpeed), ImGui::GetFontSize() * 6);
        if (ImGui::InputDouble(valueLabel.c_str(), &value, 0, 0, "%.1f",
                               ImGuiInputTextFlags_EnterReturnsTrue) &&
            value > 0 && std::isfinite(value))
            state_.setWalk(byTime ? 0 : value, byTime ? value : 0);
    }

    void drawSelection(AppContext& ctx) {
        weightField_ = nullptr;
        const Graph& g = state_.graph();
        if (view_.selectedVertex && g.contains(*view_.selectedVertex)) {
            const GraphVertex& v = g.vertex(g.indexOf(*view_.selectedVertex));
            textWrappedCjk(fmt(Str::GraphSelectedVertex, v.id.c_str(), v.position.x, v.position.y));
            sameLineIfFits(smallButtonWidth(tr(Str::GraphDelete)));
            if (ImGui::SmallButton(tr(Str::GraphDelete))) {
                view_.status = state_.removeVertex(v.id);
                view_.selectedVertex.reset();
                if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
            }
        } else if (view_.selectedEdge) {
            auto [from, to] = *view_.selectedEdge;
            auto w = g.contains(from) && g.contains(to) ? g.edgeWeight(g.indexOf(from), g.indexOf(to)) : std::nullopt;
            if (!w) {
                view_.selectedEdge.reset();
                return;
            }
            textWrappedCjk(fmt(Str::GraphSelectedEdge, from.c_str(), to.c_str()));
            double edgeWeight = *w;
            const std::string weightLabel = fittedLabel(tr(Str::GraphWeight), ImGui::GetFontSize() * 6);
            bool entered = ImGui::InputDouble(weightLabel.c_str(), &edgeWeight, 1, 10, "%.4g", ImGuiInputTextFlags_EnterReturnsTrue);
            weightField_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
            if (entered) {
                view_.status = state_.setWeight(from, to, edgeWeight);
                if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
            }
            sameLineIfFits(smallButtonWidth(tr(Str::GraphDelete)));
            if (ImGui::SmallButton(tr(Str::GraphDelete))) {
                view_.status = state_.removeEdge(from, to);
                view_.selectedEdge.reset();
                if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
            }
        }
        if (!view_.status.empty()) ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1), "%s", view_.status.c_str());
    }

    void drawResult() {
        if (!state_.searchDone() || state_.target().empty()) return;
        ImGui::PushTextWrapPos(0);
        if (auto d = state_.distance()) {
            std::string path;
            for (const std::string& id : state_.pathIds()) path += (path.empty() ? "" : " -> ") + id;
            ImGui::TextUnformatted(fmt(Str::GraphResult, number(*d).c_str(), path.c_str()).c_str());
        } else {
            ImGui::TextUnformatted(fmt(Str::GraphNoPath, state_.source().c_str(), state_.target().c_str()).c_str());
        }
        ImGui::PopTextWrapPos();
    }

    void drawDistances() {
        rows_ = nlohmann::json::array();
        distancesAsRows_ = false;
        const GraphSearch* search = state_.search();
        const Graph& g = state_.graph();
        if (!search) return;
        const ShortestPathTree& tree = search->tree();
        TableText table({tr(Str::GraphColVertex), tr(Str::GraphColDistance), tr(Str::GraphColParent), tr(Str::GraphColState)});
        for (VertexIndex v = 0; v < static_cast<VertexIndex>(g.vertexCount()); ++v) {
            double d = tree.distance[static_cast<std::size_t>(v)];
            VertexIndex parent = tree.predecessor[static_cast<std::size_t>(v)];
            Str stateName = search->isClosed(v) ? Str::GraphStateSettled : search->isOpen(v) ? Str::GraphStateOpen : Str::GraphStateNone;
            table.addRow({g.vertex(v).id, number(d), parent == kNoVertex ? "-" : g.vertex(parent).id, tr(stateName)});
            rows_.push_back({{"vertex", g.vertex(v).id}, {"distance", std::isfinite(d) ? nlohmann::json(d) : nlohmann::json(nullptr)},
                             {"parent", parent == kNoVertex ? nlohmann::json(nullptr) : nlohmann::json(g.vertex(parent).id)}});
        }
        // Columns wider than the panel: a line a vertex, in a scrolling box of the table's height.
        distancesAsRows_ = !table.fits(ImGui::GetStyle().ScrollbarSize);
        float height = std::min(ImGui::GetFontSize() * 12, ImGui::GetTextLineHeightWithSpacing() * (static_cast<float>(g.vertexCount()) + 1.5f));
        if (distancesAsRows_) {
            if (ImGui::BeginChild("##graph_distance_rows", ImVec2(0, height), true)) {
                ImGui::PushTextWrapPos(0);
                drawTableAsRows(table);
                ImGui::PopTextWrapPos();
            }
            ImGui::EndChild();
            return;
        }
        if (ImGui::BeginTable("##graph_distances", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit,
                              ImVec2(0, height))) {
            ImGui::TableSetupScrollFreeze(0, 1);
            for (const std::string& header : table.headers()) ImGui::TableSetupColumn(header.c_str());
            ImGui::TableHeadersRow();
            for (const auto& row : table.rows()) {
                ImGui::TableNextRow();
                for (const std::string& cell : row) {
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(cell.c_str());
                }
            }
            ImGui::EndTable();
        }
    }

    void drawExport(AppContext& ctx) {
        char buffer[512];
        std::snprintf(buffer, sizeof buffer, "%s", view_.exportPath.c_str());
        ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * 10, ImGui::GetContentRegionAvail().x));
        if (ImGui::InputText("##graph_export", buffer, sizeof buffer)) view_.exportPath = buffer;
        sameLineIfFits(ImGui::CalcTextSize(tr(Str::GraphExport)).x + ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button(tr(Str::GraphExport))) {
            try {
                saveGraphJson(state_.graph(), view_.exportPath);  // atomic, like every save
                ctx.statusMessage = fmt(Str::GraphExported, view_.exportPath.c_str());
            } catch (const std::exception& e) {
                ctx.reportError(view_.exportPath + ": " + e.what());
            }
        }
    }

    GraphState& state_;
    GraphView& view_;
    nlohmann::json rows_ = nlohmann::json::array();
    nlohmann::json weightField_;  // where the selected edge's weight field was drawn (window pixels)
    nlohmann::json compareRows_ = nlohmann::json::array();
    std::optional<ExerciseShown> exerciseShown_;  // in an exercise: how much of its question and controls showed
    bool compareAsRows_ = false;  // the comparison drawn as lines of text: its table was wider than the panel
    bool distancesAsRows_ = false;  // the vertices' distances drawn as lines of text: their table was wider than the panel
    nlohmann::json waypointsButton_;  // where "Waypoints to graph" was drawn (window pixels), for scripted clicks
};

}  // namespace

std::unique_ptr<Panel> makeGraphPanel(GraphState& state, GraphView& view) { return std::make_unique<GraphPanel>(state, view); }

}  // namespace aoilab::app
