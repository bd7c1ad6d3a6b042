#pragma once
// What the graph workbench's scene, tools and panels share besides the model (graph_state.h): the
// selection, hit testing in screen space, colours, and the factories.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/exercise.h"
#include "app/scene_layout.h"
#include "app/modes/graph/graph_question.h"
#include "app/modes/graph/graph_state.h"
#include "app/panels/panel.h"
#include "app/tools.h"

namespace aoilab::app {

class SceneView;

// Compared: how the two copies share the canvas. Side by side, the second below the first when that
// draws them larger, or one at a time (the C key, the panel's button) when both at once would be drawn
// so small that the crossings merge (a mean edge under kCopiesBlobEdgeEm font sizes).
enum class GraphCopies { Beside, Below, OneAtATime };
inline constexpr double kCopiesBlobEdgeEm = 1.5;  // a mean edge shorter than this many font sizes: blobs
const char* graphCopiesName(GraphCopies copies);  // "beside", "below", "one_at_a_time" (--dump-ui)

struct GraphView {
    std::optional<std::string> selectedVertex;
    std::optional<std::pair<std::string, std::string>> selectedEdge;  // from, to
    std::optional<std::string> hoveredVertex;
    std::string exportPath = "graph.json";  // the panel's "Save graph JSON" field
    std::string status;                     // the last edit's refusal, shown in the panel
    bool twoWay = false;                    // new edges go both ways (as holding Shift)
    Exercise exercise;                      // predict the next step (an exercise scenario)
    GraphQuestion question = GraphQuestion::Settled;
    std::vector<std::string> labelGuess;    // the labels question's vertices, as clicked
    GraphCopies copies = GraphCopies::Beside;  // compared: chosen for the canvas (arrangeGraphCopies)
    int shownCopy = 0;                         // one at a time: 0 the first algorithm's copy, 1 the compared one
    double copiesEm = 0;  // compared: a font size in world units at the arranged frame (room for the titles)
};

// The vertex under a screen point (within a dot and a half), and the edge (within half a font size).
std::optional<std::string> vertexAt(const GraphState& state, const SceneView& scene, ImVec2 screen);
std::optional<std::pair<std::string, std::string>> edgeAt(const GraphState& state, const SceneView& scene, ImVec2 screen);

namespace graph_colours {
ImU32 edge();
ImU32 tree();       // an edge of the shortest-path tree so far
ImU32 relaxed();    // an edge this step improved
ImU32 path();
ImU32 settled();
ImU32 open();
ImU32 unreached();
ImU32 source();
ImU32 target();
ImU32 selected();
}  // namespace graph_colours

// One search as the scene draws it: the first algorithm on the graph itself (with the role and the
// selection), or the compared one on a copy of the graph shifted right by secondCopyOffset (same pan and
// zoom: one canvas).
struct GraphRunView {
    const GraphSearch* search = nullptr;
    const GraphSearchStep* last = nullptr;
    std::vector<std::string> path;
    std::string title;  // "Dijkstra: 5 settled", over the copy when comparing
    Vec2 offset{0, 0};
    bool editable = true;  // the copy that tools act on (selection, hover, role)
};
// An algorithm's name as a class reads it, in the UI language ("A*", "Dijkstra（迪杰斯特拉）").
const char* graphAlgoTitle(GraphAlgo algo);
GraphRunView firstRun(const GraphState& state);
GraphRunView secondRun(const GraphState& state, const GraphView& view);
// Where the compared run's copy of the graph lies: right of the graph's bounding box with a gap, below
// it, or on it (one at a time).
Vec2 secondCopyOffset(const GraphState& state, const GraphView& view);
Vec2 secondCopyOffset(const GraphState& state, GraphCopies copies, double emWorld);
// What the scene frames: the graph (with its map under it) and, compared, the second copy laid out so,
// with room for the copies' titles (`emWorld`: a font size in world units).
Rect graphBounds(const GraphState& state, GraphCopies copies, double emWorld);
// The copies' layout that draws them largest on this canvas, and its font size in world units.
struct GraphCopiesArranged {
    GraphCopies copies;
    double emWorld;
};
GraphCopiesArranged arrangeGraphCopies(const GraphState& state, const GraphView& view, const SceneView& scene);
// The smallest rectangle holding every vertex's position (inverted, minX > maxX, for no vertex).
Rect vertexBounds(const Graph& g);

// Draws the graph, one run's state and (on the editable copy) the role (graph_scene.cpp); returns what
// it drew for the dump.
// A label waiting for its place: each copy's drawGraphScene collects them, and placeGraphLabels places
// every copy's at once, ids first, so that one copy's distances do not take the spots of the other's ids.
struct GraphPendingLabel {
    std::vector<Vec2> spots;  // world points to centre it on, the best first
    std::string text;
    ImU32 colour = 0;
    bool mustShow = false;  // drawn at its first spot when no spot is free (when `anchor` is on the canvas)
    Vec2 anchor{0, 0};      // what it names: a vertex, an edge's middle
};
struct GraphDrawn {
    std::size_t vertices = 0, edges = 0, settled = 0, open = 0, relaxed = 0, pathEdges = 0;
    std::string title;            // the compared copy's title as drawn (none when not comparing)
    std::size_t routePoints = 0;  // the path as one line through the vertices (a crowded canvas), else 0
    std::size_t crowdedLabels = 0;  // labels that must show, drawn over another (no free spot for them)
    std::size_t hiddenLabels = 0;   // distances and weights left out for want of a free spot
    std::vector<std::array<float, 4>> labelBoxes;  // every label drawn: [x0, y0, x1, y1] in window pixels
    std::vector<std::string> labelTexts;           // what each of them says
    // The arrows' lines the labels kept clear of where they could: [x0, y0, x1, y1, half width] in window
    // pixels (none on a crowded canvas, where only the endpoints' ids are written).
    std::vector<std::array<float, 5>> edgeLines;
    std::size_t labelsOnLines = 0;  // labels no spot clear of the arrows was left for
    std::vector<GraphPendingLabel> ids, distances, weights;  // what placeGraphLabels has to place
    float labelMinX = -1e30f, labelMaxX = 1e30f;              // the screen columns they keep to
};
// The frame's label placement, shared by the compared copies so that neither writes over the other:
// the copies' titles, dots and arrows are kept clear.
LabelPlacer graphLabelPlacer(const GraphState& state, const SceneView& scene, const std::vector<const GraphRunView*>& runs);
// One copy's edges, vertices and title; its labels are left in the result's pending lists.
GraphDrawn drawGraphScene(const GraphState& state, const GraphView& view, SceneView& scene, const GraphRunView& run);
// The copies' pending labels, all ids first, then all distances, then the weights (the relaxed edges'
// first); each copy's counts, boxes and the arrows' lines are filled in.
void placeGraphLabels(const SceneView& scene, LabelPlacer& placer, const std::vector<GraphDrawn*>& copies);
// The role, over everything (on the copy the tools edit).
void drawGraphRole(const GraphState& state, const SceneView& scene);

std::unique_ptr<Panel> makeGraphPanel(GraphState& state, GraphView& view);
std::unique_ptr<Panel> makeGraphEdgesPanel(GraphState& state, GraphView& view);
std::unique_ptr<Panel> makeGraphTablePanel(GraphState& state, GraphView& view);
std::vector<std::unique_ptr<Tool>> makeGraphTools(GraphState& state, GraphView& view);

}  // namespace aoilab::app
