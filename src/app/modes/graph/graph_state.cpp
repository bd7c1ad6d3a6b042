#include "app/modes/graph/graph_state.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"
#include "core/number_text.h"

namespace aoilab::app {

const char* graphAlgoName(GraphAlgo algo) { return algo == GraphAlgo::AStar ? "astar" : "dijkstra"; }

double articleEdgeWeight(double length) { return std::max(1.0, std::round(length)); }

Graph defaultGraph() {
    // The article's saved XML: three vertices, roads both ways.
    Graph g;
    g.addVertex("938", {505.957, 358.936});
    g.addVertex("721", {411.113, 206.187});
    g.addVertex("64", {599.803, 267.086});
    g.addEdge("938", "64", 131);
    g.addEdge("938", "721", 179);
    g.addEdge("721", "64", 198);
    g.addEdge("721", "938", 179);
    g.addEdge("64", "721", 198);
    g.addEdge("64", "938", 131);
    return g;
}

// --- the typed edge list ------------------------------------------------------------------------------

namespace {

std::optional<double> strictNumber(const std::string& text) {
    // Decimal only (no hex, no inf or nan), as the graph files take weights.
    return parseDecimalExact(text);
}

std::string weightText(double w) {
    std::ostringstream out;
    out << w;
    return out.str();
}

}  // namespace

std::optional<Graph> parseEdgeList(const std::string& text, const Graph& positions, std::vector<EdgeListProblem>& problems) {
    problems.clear();
    struct Line {
        int number;
        std::string from, to;
        double weight;
    };
    std::vector<Line> edges;
    std::vector<std::string> declared;
    std::istringstream in(text);
    std::string raw;
    int number = 0;
    while (std::getline(in, raw)) {
        ++number;
        if (auto hash = raw.find('#'); hash != std::string::npos) raw.erase(hash);
        std::istringstream words(raw);
        std::vector<std::string> w;
        for (std::string word; words >> word;) w.push_back(word);
        if (w.empty()) continue;
        if (w.size() == 1) {
            declared.push_back(w[0]);  // a vertex without edges
            continue;
        }
        if (w.size() != 3) {
            problems.push_back({number, "expected FROM TO WEIGHT (or a lone vertex id), got " + std::to_string(w.size()) + " words"});
            continue;
        }
        auto weight = strictNumber(w[2]);
        if (!weight || *weight < 0 || *weight > 1e12) {
            problems.push_back({number, "the weight \"" + w[2] + "\" is not a number from 0 to 1e12"});
            continue;
        }
        bool repeated = false;
        for (const Line& e : edges)
            if (e.from == w[0] && e.to == w[1]) {
                problems.push_back({number, "the edge " + w[0] + " -> " + w[1] + " is already on line " + std::to_string(e.number)});
                repeated = true;
            }
        if (!repeated) edges.push_back({number, w[0], w[1], *weight});
    }
    if (!problems.empty()) return std::nullopt;
    // Vertices: the old ones (their places kept), then new ids on a ring around the old ones' centre.
    Graph out;
    Vec2 centre{0, 0};
    for (const GraphVertex& v : positions.vertices()) centre = {centre.x + v.position.x, centre.y + v.position.y};
    if (positions.vertexCount() > 0)
        centre = {centre.x / static_cast<double>(positions.vertexCount()), centre.y / static_cast<double>(positions.vertexCount())};
    for (const GraphVertex& v : positions.vertices()) out.addVertex(v.id, v.position);
    int added = 0;
    auto ensure = [&](const std::string& id) {
        if (out.contains(id)) return;
        double angle = 0.9 * added++;
        out.addVertex(id, {centre.x + 150 * std::cos(angle), centre.y + 150 * std::sin(angle)});
    };
    for (const std::string& id : declared) ensure(id);
    for (const Line& e : edges) {
        ensure(e.from);
        ensure(e.to);
        out.addEdge(e.from, e.to, e.weight);
    }
    return out;
}

std::string edgeListText(const Graph& graph) {
    std::string text;
    for (VertexIndex v = 0; v < static_cast<VertexIndex>(graph.vertexCount()); ++v)
        if (graph.outEdges(v).empty() && graph.inEdges(v).empty()) text += graph.vertex(v).id + "\n";
    for (const GraphEdge& e : graph.edges())
        text += graph.vertex(e.from).id + " " + graph.vertex(e.to).id + " " + weightText(e.weight) + "\n";
    return text;
}

// --- the state ------------------------------------------------------------------------------------------

GraphState::GraphState() : graph_(defaultGraph()), name_("article"), source_("938"), target_("64") { restart(); }

void GraphState::setGraph(Graph graph, std::string name) {
    graph_ = std::move(graph);
    ++revision_;
    name_ = std::move(name);
    history_.clear();
    done_ = 0;
    if (!graph_.contains(source_)) source_ = graph_.vertexCount() ? graph_.vertex(0).id : "";
    if (!graph_.contains(target_)) target_ = graph_.vertexCount() > 1 ? graph_.vertex(static_cast<VertexIndex>(graph_.vertexCount() - 1)).id : source_;
    position_ = 0;
    restart();
}

std::string GraphState::commit(GraphEditLabel label, Graph after, bool merge) {
    replan();
    if (merge && done_ > 0 && done_ == history_.size() && history_.back().label == label) {
        history_.back().after = after;  // one drag, one undo step
    } else {
        history_.resize(done_);
        history_.push_back({std::move(label), graph_, after});
        ++done_;
    }
    graph_ = std::move(after);
    ++revision_;
    if (!graph_.contains(source_)) source_.clear();
    if (!graph_.contains(target_)) target_.clear();
    restart();
    return {};
}

void GraphState::undo() {
    if (!canUndo()) return;
    replan();
    graph_ = history_[--done_].before;
    ++revision_;
    if (!graph_.contains(source_)) source_.clear();
    if (!graph_.contains(target_)) target_.clear();
    restart();
}

void GraphState::redo() {
    if (!canRedo()) return;
    replan();
    graph_ = history_[done_++].after;
    ++revision_;
    if (!graph_.contains(source_)) source_.clear();
    if (!graph_.contains(target_)) target_.clear();
    restart();
}

std::string GraphState::freshId() const {
    for (int n = static_cast<int>(graph_.vertexCount()) + 1;; ++n)
        if (!graph_.contains(std::to_string(n))) return std::to_string(n);
}

std::string GraphState::addVertex(Vec2 at, std::string* id) {
    std::string name = freshId();
    Graph after = graph_;
    if (std::string why = after.checkAddVertex(name, at); !why.empty()) return why;
    after.addVertex(name, at);
    if (id) *id = name;
    return commit({GraphEditLabel::Kind::AddVertex, name, {}}, std::move(after));
}

std::string GraphState::moveVertex(const std::string& id, Vec2 to, bool merge) {
    VertexIndex v = graph_.indexOf(id);
    if (v == kNoVertex) return "no vertex " + id;
    Graph after = graph_;
    after.moveVertex(v, to);
    return commit({GraphEditLabel::Kind::MoveVertex, id, {}}, std::move(after), merge);
}

std::string GraphState::removeVertex(const std::string& id) {
    VertexIndex v = graph_.indexOf(id);
    if (v == kNoVertex) return "no vertex " + id;
    Graph after = graph_;
    after.removeVertex(v);  // its out- and in-edges go with it: nothing dangles
    return commit({GraphEditLabel::Kind::DeleteVertex, id, {}}, std::move(after));
}

std::string GraphState::addEdge(const std::string& from, const std::string& to, bool twoWay) {
    VertexIndex a = graph_.indexOf(from), b = graph_.indexOf(to);
    if (a == kNoVertex || b == kNoVertex) return "both ends must be vertices";
    if (a == b) return "an edge needs two different vertices";
    // The article's weight: the straight length, rounded (at least 1).
    double weight = articleEdgeWeight(graph_.straightLength(a, b));
    Graph after = graph_;
    bool any = false;
    for (auto [p, q] : {std::pair{a, b}, std::pair{b, a}}) {
        if (p == b && !twoWay) break;
        if (after.edgeWeight(p, q)) continue;  // already there: keep its weight
        if (std::string why = after.checkAddEdge(p, q, weight); !why.empty()) return why;
        after.addEdge(p, q, weight);
        any = true;
    }
    if (!any) return "the edge " + from + " -> " + to + " exists already";
    return commit({twoWay ? GraphEditLabel::Kind::AddRoad : GraphEditLabel::Kind::AddEdge, from, to}, std::move(after));
}

std::string GraphState::setWeight(const std::string& from, const std::string& to, double weight) {
    VertexIndex a = graph_.indexOf(from), b = graph_.indexOf(to);
    if (a == kNoVertex || b == kNoVertex || !graph_.edgeWeight(a, b)) return "no edge " + from + " -> " + to;
    if (!std::isfinite(weight) || weight < 0 || weight > 1e12) return "a weight is a number from 0 to 1e12";
    Graph after = graph_;
    after.setEdgeWeight(a, b, weight);
    return commit({GraphEditLabel::Kind::Weight, from, to}, std::move(after));
}

std::string GraphState::removeEdge(const std::string& from, const std::string& to) {
    VertexIndex a = graph_.indexOf(from), b = graph_.indexOf(to);
    if (a == kNoVertex || b == kNoVertex || !graph_.edgeWeight(a, b)) return "no edge " + from + " -> " + to;
    Graph after = graph_;
    after.removeEdge(a, b);
    return commit({GraphEditLabel::Kind::DeleteEdge, from, to}, std::move(after));
}

std::string GraphState::applyEdgeList(const std::string& text, std::vector<EdgeListProblem>& problems) {
    auto parsed = parseEdgeList(text, graph_, problems);
    if (!parsed) return "the edge list has problems";
    if (*parsed == graph_) return {};
    return commit({GraphEditLabel::Kind::EdgeList, {}, {}}, std::move(*parsed));
}

void GraphState::setSource(const std::string& id) {
    if (!graph_.contains(id) || id == source_) return;
    source_ = id;
    position_ = 0;
    restart();
}

void GraphState::setTarget(const std::string& id) {
    if (!graph_.contains(id) || id == target_) return;
    target_ = id;
    position_ = 0;
    restart();
}

void GraphState::setAlgo(GraphAlgo algo) {
    if (algo == algo_) return;
    algo_ = algo;
    position_ = 0;
    restart();
}

void GraphState::setBackdrop(std::optional<GridMap> map, std::string file) {
    backdrop_ = std::move(map);
    backdropFile_ = backdrop_ ? std::move(file) : std::string();
    ++backdropRevision_;
    ++serial_;
}

void GraphState::setCompare(bool on) {
    if (on == compare_) return;
    compare_ = on;
    position_ = 0;
    restart();
}

void GraphState::setWalk(double speed, double seconds) {
    if (!(speed > 0) && !(seconds > 0)) return;
    speed_ = seconds > 0 ? 0 : std::min(speed, 1e9);
    walkSeconds_ = seconds > 0 ? std::min(seconds, 3600.0) : 0;
    restart();
}

void GraphState::replan() {
    // During the walk the role stands between two vertices of the path: the next plan starts from the
    // one it last passed.
    if (!walking_ || position_ <= searchSteps_) return;
    auto path = pathIds();
    double time = static_cast<double>(position_ - searchSteps_) * kWalkTick;
    std::size_t segment = follower_.segmentAt(time);
    if (segment < path.size()) source_ = follower_.finishedAt(time) ? path.back() : path[segment];
    position_ = 0;
}

void GraphState::startRun(Run& run, GraphAlgo algo) const {
    run.last = {};
    VertexIndex s = graph_.indexOf(source_), t = graph_.indexOf(target_);
    if (s == kNoVertex) {
        run.search.reset();
        return;
    }
    run.search = std::make_unique<GraphSearch>(graph_);
    if (algo == GraphAlgo::AStar && t != kNoVertex) run.search->startAStar(s, t, checkEuclideanHeuristic(graph_).scale);
    else run.search->startDijkstra(s, t);
}

void GraphState::resetSearch() {
    startRun(first_, algo_);
    if (compare_) startRun(second_, secondAlgo());
    else second_.search.reset();
}

void GraphState::restart() {
    // The number of steps: the same search stepped to its end.
    walkTicks_ = 0;
    walking_ = false;
    resetSearch();
    for (Run* run : {&first_, &second_}) {
        run->steps = 0;
        if (run->search)
            for (; !run->search->finished(); ++run->steps) run->search->step();
    }
    searchSteps_ = std::max(first_.steps, second_.search ? second_.steps : 0);
    if (first_.search) {
        auto ids = pathIds();
        if (ids.size() >= 1 && std::isfinite(first_.search->cost())) {
            std::vector<Vec2> points;
            for (const std::string& id : ids) points.push_back(graph_.vertex(graph_.indexOf(id)).position);
            try {
                follower_ = walkSeconds_ > 0 ? PathFollower::withinDuration(points, walkSeconds_)
                                             : PathFollower::atSpeed(points, speed_);
                walking_ = true;
                walkTicks_ = static_cast<std::size_t>(std::ceil(follower_.duration() / kWalkTick - 1e-9));
            } catch (const InputError&) {
                walking_ = false;
            }
        }
    }
    std::size_t wanted = std::min(position_, length());
    position_ = 0;
    resetSearch();
    seek(wanted);
    ++serial_;
}

void GraphState::seek(std::size_t position) {
    position = std::min(position, length());
    std::size_t steps = std::min(position, searchSteps_);
    std::size_t done = std::min(position_, searchSteps_);
    if (position < position_ || !first_.search) {
        resetSearch();
        done = 0;
    }
    // Both runs step together; one that finished earlier stays finished (its last step kept).
    for (; done < steps; ++done)
        for (Run* run : {&first_, &second_})
            if (run->search && done < run->steps) run->last = run->search->step();
    position_ = position;
    ++serial_;
}

std::vector<std::string> GraphState::pathOf(const GraphSearch* search) const {
    std::vector<std::string> ids;
    if (!search || !search->finished() || search->target() == kNoVertex) return ids;
    for (VertexIndex v : search->path()) ids.push_back(graph_.vertex(v).id);
    return ids;
}

std::optional<double> GraphState::distanceOf(const GraphSearch* search) const {
    if (!search || !search->finished() || search->target() == kNoVertex) return std::nullopt;
    double cost = search->cost();
    return std::isfinite(cost) ? std::optional(cost) : std::nullopt;
}

std::vector<std::string> GraphState::pathIds() const { return pathOf(first_.search.get()); }

std::optional<double> GraphState::distance() const { return distanceOf(first_.search.get()); }

Vec2 GraphState::rolePosition() const {
    if (walking_ && position_ > searchSteps_)
        return follower_.positionAt(static_cast<double>(position_ - searchSteps_) * kWalkTick);
    VertexIndex s = graph_.indexOf(source_);
    return s == kNoVertex ? Vec2{0, 0} : graph_.vertex(s).position;
}

std::optional<std::string> GraphState::roleVertex() const {
    if (!walking_ || position_ <= searchSteps_) {
        if (graph_.contains(source_)) return source_;
        return std::nullopt;
    }
    if (arrived()) return target_;
    Vec2 at = rolePosition();
    for (const std::string& id : pathIds()) {
        Vec2 p = graph_.vertex(graph_.indexOf(id)).position;
        if (std::abs(p.x - at.x) < 1e-9 && std::abs(p.y - at.y) < 1e-9) return id;
    }
    return std::nullopt;
}

bool GraphState::arrived() const { return walking_ && position_ >= length(); }

}  // namespace aoilab::app
