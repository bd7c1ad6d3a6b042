// The graph on the canvas: directed edges as arrows (a two-way pair as two offset arrows, each with its
// own weight at mid-edge), vertices with their id and distance label, the search's settled and open
// vertices, the edges this step relaxed, the shortest-path tree, the path, and the walking role.
#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "app/modes/graph/graph_ui.h"
#include "app/choice_names.h"
#include "app/legend.h"
#include "app/scene_layout.h"
#include "app/scene_view.h"
#include "app/strings.h"
#include "app/theme.h"

namespace aoilab::app {

namespace graph_colours {
ImU32 edge() { return IM_COL32(170, 175, 185, 255); }
ImU32 tree() { return theme::rgb(theme::kMoveHex); }
ImU32 relaxed() { return theme::rgb(theme::kVisitedHex); }
ImU32 path() { return theme::rgb(theme::kPathHex); }
ImU32 settled() { return theme::rgb(theme::kVisitedHex); }
ImU32 open() { return theme::rgb(theme::kMoveHex); }
ImU32 unreached() { return IM_COL32(120, 125, 135, 255); }
ImU32 source() { return theme::rgb(theme::kEnterHex); }
ImU32 target() { return theme::rgb(theme::kLeaveHex); }
ImU32 selected() { return theme::rgb(theme::kSelectedHex); }
}  // namespace graph_colours

namespace {

double pixelsPerUnit(const SceneView& scene) { return scene.toScreen({1, 0}).x - scene.toScreen({0, 0}).x; }

// The mean edge length in pixels (of the first 500 edges): how crowded the drawing is. Read in place:
// a copy of every edge here, once per edge drawn, made a 90,000-vertex graph hang the window.
double meanEdgePixels(const Graph& g, const SceneView& scene) {
    double sum = 0;
    std::size_t counted = 0;
    for (VertexIndex from = 0; from < static_cast<VertexIndex>(g.vertexCount()) && counted < 500; ++from)
        for (const OutEdge& e : g.outEdges(from)) {
            sum += g.straightLength(from, e.to);
            if (++counted == 500) break;
        }
    return counted ? sum / static_cast<double>(counted) * pixelsPerUnit(scene) : 1e9;
}

// The vertex dot's radius in font sizes: smaller when the edges are short on screen.
float dotEmFor(double meanEdge) {
    return static_cast<float>(std::clamp(meanEdge / ImGui::GetFontSize() * 0.12, 0.25, 0.55));
}

// The drawn segment of an edge: shortened at both ends by the dots (`dotEm`, dotEmFor() of the frame),
// shifted sideways when the reverse edge exists so the two directions do not overlap.
std::pair<Vec2, Vec2> edgeSegment(const Graph& g, VertexIndex a, VertexIndex b, const SceneView& scene, float dotEm,
                                  Vec2 offset = {0, 0}) {
    Vec2 p = g.vertex(a).position, q = g.vertex(b).position;
    p = {p.x + offset.x, p.y + offset.y};
    q = {q.x + offset.x, q.y + offset.y};
    double em = ImGui::GetFontSize(), unit = std::max(1e-9, pixelsPerUnit(scene));
    double dx = q.x - p.x, dy = q.y - p.y, len = std::hypot(dx, dy);
    if (len < 1e-9) return {p, q};
    double ux = dx / len, uy = dy / len;
    double shrink = std::min(len * 0.4, (dotEm + 0.2) * em / unit);
    double side = g.edgeWeight(b, a) ? 0.35 * em / unit : 0;  // to the right of the direction of travel
    Vec2 from{p.x + ux * shrink - uy * side, p.y + uy * shrink + ux * side};
    Vec2 to{q.x - ux * shrink - uy * side, q.y - uy * shrink + ux * side};
    return {from, to};
}

double distanceToSegment(ImVec2 p, ImVec2 a, ImVec2 b) {
    double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / l2, 0.0, 1.0) : 0;
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

std::string number(double v) { return shortNumber(v); }

// The exercise's pending guess names this vertex (the settled question's one vertex, or one of the
// labels question's).
bool guessed(const GraphView& view, const std::string& id) {
    if (!view.exercise.pending()) return false;
    if (view.question == GraphQuestion::Settled) return *view.exercise.pending() == id;
    return std::find(view.labelGuess.begin(), view.labelGuess.end(), id) != view.labelGuess.end();
}

}  // namespace

std::optional<std::string> vertexAt(const GraphState& state, const SceneView& scene, ImVec2 screen) {
    const Graph& g = state.graph();
    double best = ImGui::GetFontSize() * 0.9;
    std::optional<std::string> hit;
    for (const GraphVertex& v : g.vertices()) {
        ImVec2 p = scene.toScreen(v.position);
        double d = std::hypot(p.x - screen.x, p.y - screen.y);
        if (d <= best) {
            best = d;
            hit = v.id;
        }
    }
    return hit;
}

std::optional<std::pair<std::string, std::string>> edgeAt(const GraphState& state, const SceneView& scene, ImVec2 screen) {
    const Graph& g = state.graph();
    double best = ImGui::GetFontSize() * 0.45;
    std::optional<std::pair<std::string, std::string>> hit;
    const float dotEm = dotEmFor(meanEdgePixels(g, scene));
    for (const GraphEdge& e : g.edges()) {
        auto [a, b] = edgeSegment(g, e.from, e.to, scene, dotEm);
        double d = distanceToSegment(screen, scene.toScreen(a), scene.toScreen(b));
        if (d <= best) {
            best = d;
            hit = std::pair{g.vertex(e.from).id, g.vertex(e.to).id};
        }
    }
    return hit;
}

Rect vertexBounds(const Graph& g) {
    Rect r{1e300, 1e300, -1e300, -1e300};
    for (const GraphVertex& v : g.vertices()) {
        r.minX = std::min(r.minX, v.position.x);
        r.minY = std::min(r.minY, v.position.y);
        r.maxX = std::max(r.maxX, v.position.x);
        r.maxY = std::max(r.maxY, v.position.y);
    }
    return r;
}

const char* graphCopiesName(GraphCopies copies) {
    switch (copies) {
        case GraphCopies::Beside: return "beside";
        case GraphCopies::Below: return "below";
        case GraphCopies::OneAtATime: return "one_at_a_time";
    }
    return "beside";
}

Vec2 secondCopyOffset(const GraphState& state, GraphCopies copies, double emWorld) {
    const Graph& g = state.graph();
    if (g.vertexCount() == 0 || copies == GraphCopies::OneAtATime) return {0, 0};
    const Rect b = vertexBounds(g);
    const double width = b.maxX - b.minX, height = b.maxY - b.minY;
    // Below: room for the second copy's title (three lines over its top vertices) and the labels under
    // the first copy's bottom vertices.
    if (copies == GraphCopies::Below) return {0, height + std::max({40.0, 0.1 * width, 5.0 * emWorld})};
    // Wide enough that the right-hand vertices' distance labels ("d 27 <A", a few ems) stay clear of the
    // copy's left-hand vertices once the view fits both copies.
    const double gap = std::max({40.0, 0.6 * width, 0.1 * height});
    return {width + gap, 0};
}

Vec2 secondCopyOffset(const GraphState& state, const GraphView& view) {
    return secondCopyOffset(state, view.copies, view.copiesEm);
}

Rect graphBounds(const GraphState& state, GraphCopies copies, double emWorld) {
    const Graph& g = state.graph();
    Rect r{1e300, 1e300, -1e300, -1e300};
    if (const auto& map = state.backdrop()) r = {0, 0, static_cast<double>(map->width()), static_cast<double>(map->height())};
    else if (g.vertexCount() == 0) return Rect{0, 0, 800, 600};
    const Rect vertices = vertexBounds(g);
    r = {std::min(r.minX, vertices.minX), std::min(r.minY, vertices.minY), std::max(r.maxX, vertices.maxX),
         std::max(r.maxY, vertices.maxY)};
    // A map under the graph is measured in cells (one unit each): a margin of 40 units would dwarf it.
    double pad = std::max({state.backdrop() ? 1.0 : 40.0, (r.maxX - r.minX) * 0.05, (r.maxY - r.minY) * 0.05});
    if (!state.backdrop()) pad = std::max({pad, (r.maxX - r.minX) * 0.12, (r.maxY - r.minY) * 0.12});
    double top = pad;
    if (state.comparing()) {  // the compared run's copy, to the right or below; the titles over them
        const Vec2 o = secondCopyOffset(state, copies, emWorld);
        r.maxX += o.x;
        r.maxY += o.y;
        top = std::max(pad, 3.6 * emWorld);
    }
    return Rect{r.minX - pad, r.minY - top, r.maxX + pad, r.maxY + pad};
}

namespace {
// The scene's labels without one covering another or a vertex's dot: each goes to the first of its
// candidate spots (world points, the text centred there) where it fits. One that fits nowhere is left
// out and counted (its number is in the panels' tables; two texts written over each other read as
// neither), unless it must show (a vertex's id, the edges this step relaxed, the selected vertex's
// distance): then it goes to its first spot. At font scale 2 the article's three vertices had "131"
// written over "d 131 <938".
// Beyond the canvas by more than a few ems: no label placed around the point can show (a zoomed-in
// large graph: most of its 90,000 vertices), so none is made for it.
bool farOffCanvas(const SceneView& scene, ImVec2 p) {
    const float margin = 8 * ImGui::GetFontSize();
    return p.x < scene.canvasMin().x - margin || p.y < scene.canvasMin().y - margin || p.x > scene.canvasMax().x + margin ||
           p.y > scene.canvasMax().y + margin;
}

// An arrow as the lines labels keep clear of: its shaft (`thicknessEm` wide, and a pixel) and the
// outline of its head, the triangle SceneView::arrow draws (no label fits inside it).
void avoidArrow(LabelPlacer& placer, const SceneView& scene, Vec2 a, Vec2 b, float thicknessEm, float headEm) {
    const ImVec2 p = scene.toScreen(a), q = scene.toScreen(b);
    const float em = ImGui::GetFontSize(), length = std::hypot(q.x - p.x, q.y - p.y);
    if (length < 1) return;
    placer.avoidLine(p.x, p.y, q.x, q.y, thicknessEm * em / 2 + 1);
    const float head = std::min(headEm * em, length * 0.45f), ux = (q.x - p.x) / length, uy = (q.y - p.y) / length;
    const ImVec2 base(q.x - ux * head, q.y - uy * head);
    const ImVec2 left(base.x - uy * head * 0.5f, base.y + ux * head * 0.5f), right(base.x + uy * head * 0.5f, base.y - ux * head * 0.5f);
    placer.avoidLine(q.x, q.y, left.x, left.y, 1);
    placer.avoidLine(q.x, q.y, right.x, right.y, 1);
    placer.avoidLine(left.x, left.y, right.x, right.y, 1);
}

constexpr float kPathThicknessEm = 0.2f;  // the widest arrow drawn
float arrowHeadEm(float dotEm) { return std::min(0.6f, dotEm + 0.1f); }

class GraphLabels {
public:
    // [minX, maxX): the screen columns this copy's labels keep to (a compared copy's half of the canvas).
    GraphLabels(const SceneView& scene, LabelPlacer& placer, float minX, float maxX)
        : scene_(scene), placer_(placer), minX_(minX), maxX_(maxX) {}
    void add(const GraphPendingLabel& label) {
        const std::vector<Vec2>& spots = label.spots;
        const std::string& text = label.text;
        const ImU32 colour = label.colour;
        // What it names lies off the canvas: its label is not pulled in over the labels of what is on it
        // (a zoomed-in lattice had the ids of the column beyond the left edge written over the first
        // column's), nor forced.
        const bool anchored = onCanvas(scene_.toScreen(label.anchor)), mustShow = label.mustShow && anchored;
        if (spots.empty() || offCanvas(scene_.toScreen(spots.front()))) return;
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        // First a spot no arrow crosses (the README's "d 20 <C" was struck through by an arrow), else
        // one where it only keeps clear of the other labels.
        for (bool clearOfLines : {true, false})
            for (const Vec2& spot : spots) {
                // A spot by the canvas's edge moves the label inside it (at the left edge the article's
                // "d 179 <938" otherwise had no spot at all).
                const ImVec2 c = anchored ? insideCanvas(scene_.toScreen(spot), size) : scene_.toScreen(spot);
                const LabelPlacer::Box box{c.x - size.x / 2, c.y - size.y / 2, c.x + size.x / 2, c.y + size.y / 2};
                if (box.minX < minX_ || box.maxX > maxX_) continue;  // over the other copy: read as its label
                if (clearOfLines ? placer_.placeClearOfLines(box) : placer_.place(box)) {
                    scene_.label(scene_.toWorld(c), text.c_str(), colour);
                    boxes_.push_back({box.minX, box.minY, box.maxX, box.maxY});
                    texts_.push_back(text);
                    onLines_ += !clearOfLines && placer_.crossesLine(box);
                    return;
                }
            }
        if (mustShow) {
            scene_.label(spots.front(), text.c_str(), colour);
            const ImVec2 c = scene_.toScreen(spots.front());
            boxes_.push_back({c.x - size.x / 2, c.y - size.y / 2, c.x + size.x / 2, c.y + size.y / 2});
            texts_.push_back(text);
            ++crowded_;
            onLines_ += placer_.crossesLine({c.x - size.x / 2, c.y - size.y / 2, c.x + size.x / 2, c.y + size.y / 2});
        } else {
            ++hidden_;
        }
    }
    std::size_t crowded() const { return crowded_; }
    std::size_t hidden() const { return hidden_; }
    std::size_t onLines() const { return onLines_; }
    const std::vector<std::array<float, 4>>& boxes() const { return boxes_; }  // every label drawn, screen pixels
    const std::vector<std::string>& texts() const { return texts_; }          // their texts, in the same order

private:
    bool offCanvas(ImVec2 p) const { return farOffCanvas(scene_, p); }
    bool onCanvas(ImVec2 p) const {
        return p.x >= scene_.canvasMin().x && p.y >= scene_.canvasMin().y && p.x <= scene_.canvasMax().x && p.y <= scene_.canvasMax().y;
    }
    // The centre of a label of `size` at `c`, moved so that the label lies inside the canvas (when it fits).
    ImVec2 insideCanvas(ImVec2 c, ImVec2 size) const {
        const ImVec2 lo = scene_.canvasMin(), hi = scene_.canvasMax();
        auto clampAxis = [](float v, float half, float low, float high) {
            if (high - low < 2 * half) return v;
            return std::clamp(v, low + half, high - half);
        };
        return {clampAxis(c.x, size.x / 2, lo.x, hi.x), clampAxis(c.y, size.y / 2, lo.y, hi.y)};
    }
    std::vector<std::array<float, 4>> boxes_;
    std::vector<std::string> texts_;
    const SceneView& scene_;
    LabelPlacer& placer_;
    std::size_t crowded_ = 0;
    std::size_t hidden_ = 0;
    std::size_t onLines_ = 0;
    float minX_, maxX_;
};

}  // namespace

// The algorithm's name only: the copies can be closer than a longer title is wide (the numbers are in
// the Graph panel's table).
const char* graphAlgoTitle(GraphAlgo algo) { return choiceName(graphAlgoName(algo)); }

GraphRunView firstRun(const GraphState& state) {
    GraphRunView run{state.search(), &state.lastStep(), state.pathIds(), {}, {0, 0}, true};
    if (state.comparing()) run.title = graphAlgoTitle(state.algo());
    return run;
}

GraphRunView secondRun(const GraphState& state, const GraphView& view) {
    return {state.secondSearch(), &state.secondLastStep(), state.secondPathIds(),
            graphAlgoTitle(state.secondAlgo()), secondCopyOffset(state, view), false};
}

GraphCopiesArranged arrangeGraphCopies(const GraphState& state, const GraphView& view, const SceneView& scene) {
    const Graph& g = state.graph();
    if (!state.comparing() || g.vertexCount() == 0 || !scene.hasCanvas()) return {view.copies, view.copiesEm};
    const double em = ImGui::GetFontSize();
    // Each layout's scale, with the titles' room at that scale (twice: the room changes the scale a little).
    auto scaleOf = [&](GraphCopies copies, double& emWorld) {
        double scale = scene.fitScale(graphBounds(state, copies, 0));
        for (int i = 0; i < 2; ++i) {
            emWorld = em / std::max(1e-9, scale);
            scale = scene.fitScale(graphBounds(state, copies, emWorld));
        }
        return scale;
    };
    double besideEm = 0, belowEm = 0, aloneEm = 0;
    const double beside = scaleOf(GraphCopies::Beside, besideEm), below = scaleOf(GraphCopies::Below, belowEm);
    const double alone = scaleOf(GraphCopies::OneAtATime, aloneEm);
    // Below when that draws the copies a tenth larger (and back beside only when that does: no flicker).
    const bool stacked = view.copies == GraphCopies::Below ? below * 1.1 >= beside : below > beside * 1.1;
    const double both = stacked ? below : beside;
    // One at a time when both at once put the crossings under a font size and a half apart (their dots
    // merge into blobs and no label has room: graph-city compared at 1280 x 720, font scale 2) and one
    // alone is drawn a fifth larger or more (at 1024 x 768, font scale 2, the copies one below the other
    // were blobs and one alone 1.3x as large).
    const double meanEdgeWorld = meanEdgePixels(g, scene) / std::max(1e-9, pixelsPerUnit(scene));
    if (meanEdgeWorld * both < kCopiesBlobEdgeEm * em && alone >= 1.2 * both) return {GraphCopies::OneAtATime, aloneEm};
    return stacked ? GraphCopiesArranged{GraphCopies::Below, belowEm} : GraphCopiesArranged{GraphCopies::Beside, besideEm};
}

namespace {
// Where a compared copy's title goes: above its top-left vertex, three lines up (SceneView::label's
// anchor, the text to its lower right).
Vec2 titleAnchor(const Graph& g, const SceneView& scene, Vec2 offset) {
    const Rect b = vertexBounds(g);
    const double emWorld = ImGui::GetFontSize() / std::max(1e-9, pixelsPerUnit(scene));
    return {b.minX + offset.x, b.minY + offset.y - 3.0 * emWorld};
}
}  // namespace

LabelPlacer graphLabelPlacer(const GraphState& state, const SceneView& scene, const std::vector<const GraphRunView*>& runs) {
    const float em = ImGui::GetFontSize();
    LabelPlacer placer = scene.labelPlacer();
    const Graph& g = state.graph();
    // The copies' titles are written where they are, whatever is there: the labels keep out of them.
    for (const GraphRunView* run : runs)
        if (!run->title.empty() && g.vertexCount() > 0) {
            const ImVec2 p = scene.toScreen(titleAnchor(g, scene, run->offset)), size = ImGui::CalcTextSize(run->title.c_str());
            placer.block({p.x + 0.3f * em, p.y + 0.1f * em, p.x + 0.3f * em + size.x, p.y + 0.1f * em + size.y});
        }
    // The dots are kept clear when distances or weights are shown (drawGraphScene's level of detail), and
    // the arrows of every copy when ids are (each as wide as a path's, the widest drawn); on a crowded
    // canvas (only the endpoints' ids) a placement per dot or arrow would cost more than the frame.
    const double meanEdge = meanEdgePixels(g, scene);
    const float dotEm = dotEmFor(meanEdge);
    if (meanEdge > 3.0 * em)
        for (const GraphRunView* run : runs)
            for (const GraphEdge& e : g.edges()) {
                auto [a, b] = edgeSegment(g, e.from, e.to, scene, dotEm, run->offset);
                if (scene.isVisible({std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)}))
                    avoidArrow(placer, scene, a, b, kPathThicknessEm, arrowHeadEm(dotEm));
            }
    if (meanEdge <= 3.5 * em) return placer;
    const float radius = em * dotEm;
    for (const GraphRunView* run : runs)
        for (const GraphVertex& v : g.vertices()) {
            const ImVec2 c = scene.toScreen({v.position.x + run->offset.x, v.position.y + run->offset.y});
            if (!farOffCanvas(scene, c)) placer.place({c.x - radius, c.y - radius, c.x + radius, c.y + radius});
        }
    return placer;
}

GraphDrawn drawGraphScene(const GraphState& state, const GraphView& view, SceneView& scene, const GraphRunView& run) {
    GraphDrawn drawn;
    const Graph& g = state.graph();
    // Compared: each copy's labels stay on its side of the middle of the gap between the copies.
    if (state.comparing() && g.vertexCount() > 0 && view.copies == GraphCopies::Beside) {
        const Rect b = vertexBounds(g);
        const double gap = secondCopyOffset(state, view).x - (b.maxX - b.minX);
        const float middle = scene.toScreen({b.maxX + gap / 2, 0}).x;
        if (run.offset.x == 0) drawn.labelMaxX = middle;
        else drawn.labelMinX = middle;
    }
    const GraphSearch* search = run.search;
    const ShortestPathTree* tree = search ? &search->tree() : nullptr;
    const Vec2 offset = run.offset;
    auto at = [&](VertexIndex v) { return Vec2{g.vertex(v).position.x + offset.x, g.vertex(v).position.y + offset.y}; };
    std::set<std::pair<VertexIndex, VertexIndex>> relaxed, onPath;
    if (run.last)
        for (const EdgeRelaxation& r : run.last->relaxed) relaxed.insert({r.from, r.to});
    const auto& path = run.path;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) onPath.insert({g.indexOf(path[i]), g.indexOf(path[i + 1])});
    const ImU32 ink = IM_COL32(235, 235, 235, 255);
    // Level of detail: on a crowded canvas (a big graph, a small window, a large font) the labels would
    // cover each other, so they appear as the user zooms in. The scale is the mean edge in pixels.
    const float em = ImGui::GetFontSize();
    const double meanEdge = meanEdgePixels(g, scene);
    const bool showWeights = meanEdge > 4.5 * em, showLabels = meanEdge > 3.0 * em, showDistances = meanEdge > 3.5 * em;
    const float dotEm = dotEmFor(meanEdge);

    // Placed once every copy is drawn (placeGraphLabels): the vertices' ids, then their distances, then
    // the weights (the relaxed edges' first, which must show).
    std::vector<GraphPendingLabel>&ids = drawn.ids, &distances = drawn.distances, &weights = drawn.weights;
    // Two passes: the path and the edges this step relaxed go over the others, so they stay visible.
    std::vector<GraphEdge> ordered = g.edges();
    std::stable_partition(ordered.begin(), ordered.end(), [&](const GraphEdge& e) {
        return !onPath.count({e.from, e.to}) && !relaxed.count({e.from, e.to});
    });
    for (const GraphEdge& e : ordered) {
        auto [a, b] = edgeSegment(g, e.from, e.to, scene, dotEm, offset);
        bool inTree = tree && tree->predecessor[static_cast<std::size_t>(e.to)] == e.from;
        bool isRelaxed = relaxed.count({e.from, e.to}) > 0, isPath = onPath.count({e.from, e.to}) > 0;
        bool isSelected = run.editable && view.selectedEdge && view.selectedEdge->first == g.vertex(e.from).id &&
                          view.selectedEdge->second == g.vertex(e.to).id;
        ImU32 colour = isPath ? graph_colours::path() : isRelaxed ? graph_colours::relaxed()
                       : inTree ? graph_colours::tree() : graph_colours::edge();
        if (isSelected) colour = graph_colours::selected();
        float thickness = isPath ? kPathThicknessEm : isRelaxed || isSelected ? 0.16f : inTree ? 0.11f : 0.07f;
        scene.arrow(a, b, colour, thickness, arrowHeadEm(dotEm));
        drawn.relaxed += isRelaxed;
        drawn.pathEdges += isPath;
        ++drawn.edges;
        if (!showWeights && !isRelaxed) continue;
        if (farOffCanvas(scene, scene.toScreen({(a.x + b.x) / 2, (a.y + b.y) / 2}))) continue;
        // The weight beside the middle of its own arrow (its side of a two-way pair), else a third of the
        // way from either end, else on the other side. Its centre stands off the arrow by the label's
        // half extent across it, so that at any slope the text just clears its own line.
        std::string weight = number(e.weight);
        const ImVec2 half = ImGui::CalcTextSize(weight.c_str());
        double dx = b.x - a.x, dy = b.y - a.y, len = std::max(1e-9, std::hypot(dx, dy));
        const double across = std::abs(dy / len) * half.x / 2 + std::abs(dx / len) * half.y / 2;
        const double unit = std::max(1e-9, pixelsPerUnit(scene));
        const double push = (across + (kPathThicknessEm / 2 + 0.12f) * em + 1) / unit;  // clear of avoidArrow's line
        std::vector<Vec2> spots;
        for (double away : {0.0, 1.0})  // further from the arrow when the spots beside it are taken
            for (double side : {1.0, -1.0})
                for (double along : {0.5, 0.35, 0.65, 0.2, 0.8}) {
                    const double off = push + away * 0.6 * em / unit;
                    spots.push_back({a.x + dx * along - side * dy / len * off, a.y + dy * along + side * dx / len * off});
                }
        weights.push_back({std::move(spots), std::move(weight), isRelaxed ? graph_colours::relaxed() : IM_COL32(210, 210, 215, 255),
                           isRelaxed, {(a.x + b.x) / 2, (a.y + b.y) / 2}});
    }
    // The path once more as one line through the vertices' centres, under the dots: on a crowded canvas
    // its arrows are short pieces between the dots, and the route must still read as one.
    if (path.size() > 1 && dotEm < 0.5f) {
        std::vector<Vec2> route;
        for (const std::string& id : path)
            if (VertexIndex v = g.indexOf(id); v != kNoVertex) route.push_back(at(v));
        scene.polyline(route, graph_colours::path(), 0.14f);
        drawn.routePoints = route.size();
    }
    for (VertexIndex v = 0; v < static_cast<VertexIndex>(g.vertexCount()); ++v) {
        const GraphVertex& vertex = g.vertex(v);
        const Vec2 position = at(v);
        ImU32 fill = graph_colours::unreached();
        if (search && search->isClosed(v)) fill = graph_colours::settled(), ++drawn.settled;
        else if (search && search->isOpen(v)) fill = graph_colours::open(), ++drawn.open;
        scene.dot(position, dotEm, fill);
        bool endpoint = vertex.id == state.source() || vertex.id == state.target();
        if (vertex.id == state.source()) scene.dot(position, dotEm * 0.55f, graph_colours::source());
        if (vertex.id == state.target()) scene.dot(position, dotEm * 0.55f, graph_colours::target());
        bool selected = run.editable && ((view.selectedVertex && *view.selectedVertex == vertex.id) || guessed(view, vertex.id));
        if (selected || (run.editable && view.hoveredVertex && *view.hoveredVertex == vertex.id)) {
            ImVec2 p = scene.toScreen(position);
            ImGui::GetWindowDrawList()->AddCircle(p, em * (dotEm + 0.2f),
                                                  selected ? graph_colours::selected() : theme::kHover, 24, 2.0f);
        }
        double emWorld = em / std::max(1e-9, pixelsPerUnit(scene));
        const bool nearCanvas = !farOffCanvas(scene, scene.toScreen(position));
        // The id above the dot, else beside its top (the axis numbers or another label may be there), else
        // beside it, else below.
        if (nearCanvas && (showLabels || endpoint || selected)) {
            const double half = ImGui::CalcTextSize(vertex.id.c_str()).x / 2 / std::max(1e-9, pixelsPerUnit(scene));
            const double beside = half + (dotEm + 0.3) * emWorld, above = position.y - 1.3 * emWorld;
            ids.push_back({{{position.x, above}, {position.x + beside, above + 0.5 * emWorld}, {position.x - beside, above + 0.5 * emWorld},
                            {position.x + beside, position.y}, {position.x - beside, position.y}, {position.x, position.y + 1.3 * emWorld}},
                           vertex.id, ink, true, position});
        }
        // The distance label and the parent (the article's "relaxation" bookkeeping): below the dot, else
        // beside it, else below one side, else lower, else above the id (arrows come in from every side
        // of a vertex, and a spot no arrow crosses is tried first).
        if (nearCanvas && tree && tree->reachable(v) && (showDistances || selected)) {
            VertexIndex parent = tree->predecessor[static_cast<std::size_t>(v)];
            std::string text = "d " + number(tree->distance[static_cast<std::size_t>(v)]);
            if (parent != kNoVertex) text += " <" + g.vertex(parent).id;
            const double half = ImGui::CalcTextSize(text.c_str()).x / 2 / std::max(1e-9, pixelsPerUnit(scene));
            const double beside = half + (dotEm + 0.4) * emWorld;
            distances.push_back({{{position.x, position.y + 1.2 * emWorld}, {position.x + beside, position.y},
                                  {position.x - beside, position.y}, {position.x + beside, position.y + 1.2 * emWorld},
                                  {position.x - beside, position.y + 1.2 * emWorld}, {position.x, position.y + 2.3 * emWorld},
                                  {position.x - beside, position.y + 2.3 * emWorld}, {position.x + beside, position.y + 2.3 * emWorld},
                                  {position.x - beside, position.y - 1.2 * emWorld}, {position.x + beside, position.y - 1.2 * emWorld},
                                  {position.x, position.y + 3.4 * emWorld}, {position.x, position.y - 2.5 * emWorld},
                                  {position.x, position.y - 3.5 * emWorld}},
                                 text, search->isClosed(v) ? graph_colours::settled() : graph_colours::open(), selected, position});
        }
        ++drawn.vertices;
    }
    // Comparing: which algorithm this copy shows, above the graph's top-left vertex.
    if (!run.title.empty() && g.vertexCount() > 0) {
        scene.label(titleAnchor(g, scene, offset), run.title.c_str(), ink, false);
        drawn.title = run.title;
    }
    return drawn;
}

void placeGraphLabels(const SceneView& scene, LabelPlacer& placer, const std::vector<GraphDrawn*>& copies) {
    std::vector<GraphLabels> labels;
    labels.reserve(copies.size());
    for (std::size_t i = 0; i < copies.size(); ++i) labels.emplace_back(scene, placer, copies[i]->labelMinX, copies[i]->labelMaxX);
    auto placeAll = [&](std::vector<GraphPendingLabel> GraphDrawn::*group, int mustShow) {  // mustShow -1: either
        for (std::size_t i = 0; i < copies.size(); ++i)
            for (const GraphPendingLabel& label : copies[i]->*group)
                if (mustShow < 0 || label.mustShow == (mustShow != 0)) labels[i].add(label);
    };
    placeAll(&GraphDrawn::ids, -1);
    placeAll(&GraphDrawn::distances, -1);
    placeAll(&GraphDrawn::weights, 1);
    placeAll(&GraphDrawn::weights, 0);
    for (std::size_t i = 0; i < copies.size(); ++i) {
        GraphDrawn& drawn = *copies[i];
        drawn.crowdedLabels = labels[i].crowded();
        drawn.hiddenLabels = labels[i].hidden();
        drawn.labelBoxes = labels[i].boxes();
        drawn.labelTexts = labels[i].texts();
        drawn.labelsOnLines = labels[i].onLines();
        drawn.edgeLines.clear();
        for (const LabelPlacer::Line& l : placer.lines()) drawn.edgeLines.push_back({l.x0, l.y0, l.x1, l.y1, l.halfWidth});
    }
}

void drawGraphRole(const GraphState& state, const SceneView& scene) {
    if (state.graph().vertices().empty() || state.source().empty()) return;
    scene.dot(state.rolePosition(), 0.45f, graph_colours::path());
    scene.dot(state.rolePosition(), 0.2f, IM_COL32(255, 255, 255, 255));
}

}  // namespace aoilab::app
