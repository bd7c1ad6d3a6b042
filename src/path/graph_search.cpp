#include "path/graph_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/text_check.h"

namespace aoilab {

namespace {

// Min-heap order on the key; on equal keys prefer the larger g (closer to the goal in A*), then fewer
// hops, then the smaller index, so runs are deterministic.
struct HeapLess {
    template <class Entry>
    bool operator()(const Entry& a, const Entry& b) const {
        if (a.key != b.key) return a.key > b.key;
        if (a.g != b.g) return a.g < b.g;
        if (a.hops != b.hops) return a.hops > b.hops;
        return a.vertex > b.vertex;
    }
};

}  // namespace

std::vector<VertexIndex> ShortestPathTree::pathTo(VertexIndex v) const {
    std::vector<VertexIndex> path;
    if (v < 0 || static_cast<std::size_t>(v) >= distance.size() || !reachable(v)) return path;
    for (VertexIndex u = v; u != kNoVertex; u = predecessor[static_cast<std::size_t>(u)]) path.push_back(u);
    std::reverse(path.begin(), path.end());
    return path;
}

void GraphSearch::startDijkstra(VertexIndex source, VertexIndex target) {
    start(GraphSearchKind::Dijkstra, source, target, 0);
}

void GraphSearch::startDijkstraFromMany(const std::vector<std::pair<VertexIndex, double>>& sources) {
    if (sources.empty()) throw InputError("search needs at least one source vertex");
    for (const auto& [v, d] : sources)
        if (!std::isfinite(d) || d < 0) throw InputError("search source #" + std::to_string(v) + ": starting distance must be finite and >= 0");
    start(GraphSearchKind::Dijkstra, sources.front().first, kNoVertex, 0);
    tree_.distance[static_cast<std::size_t>(sources.front().first)] = kUnreachable;
    heap_.clear();
    for (const auto& [v, d] : sources) {
        if (v < 0 || static_cast<std::size_t>(v) >= graph_.vertexCount())
            throw InputError("search source vertex #" + std::to_string(v) + " does not exist");
        if (d < tree_.distance[static_cast<std::size_t>(v)]) {
            tree_.distance[static_cast<std::size_t>(v)] = d;
            push(v, d, 0);
        }
    }
}

void GraphSearch::startAStar(VertexIndex source, VertexIndex target, double heuristicScale) {
    if (target < 0 || static_cast<std::size_t>(target) >= graph_.vertexCount())
        throw InputError("A* needs a target vertex (got #" + std::to_string(target) + ")");
    if (!std::isfinite(heuristicScale) || heuristicScale < 0)
        throw InputError("A* heuristic scale must be a finite number >= 0");
    start(GraphSearchKind::AStar, source, target, heuristicScale);
}

void GraphSearch::start(GraphSearchKind kind, VertexIndex source, VertexIndex target, double scale) {
    std::size_t n = graph_.vertexCount();
    if (source < 0 || static_cast<std::size_t>(source) >= n)
        throw InputError("search source vertex #" + std::to_string(source) + " does not exist");
    if (target != kNoVertex && (target < 0 || static_cast<std::size_t>(target) >= n))
        throw InputError("search target vertex #" + std::to_string(target) + " does not exist");
    kind_ = kind;
    target_ = target;
    scale_ = scale;
    tree_.source = source;
    tree_.distance.assign(n, kUnreachable);
    tree_.predecessor.assign(n, kNoVertex);
    tree_.settleOrder.clear();
    tree_.settleOrder.reserve(n);
    closed_.assign(n, 0);
    hops_.assign(n, 0);
    heap_.clear();
    pushes_ = 0;
    finished_ = false;
    tree_.distance[static_cast<std::size_t>(source)] = 0;
    push(source, 0, 0);
}

double GraphSearch::heuristic(VertexIndex v) const {
    if (kind_ != GraphSearchKind::AStar || scale_ == 0) return 0;
    return scale_ * graph_.straightLength(v, target_);
}

void GraphSearch::push(VertexIndex v, double g, int hops) {
    heap_.push_back({g + heuristic(v), g, hops, v});
    std::push_heap(heap_.begin(), heap_.end(), HeapLess{});
    ++pushes_;
}

VertexIndex GraphSearch::settleNext(std::vector<EdgeRelaxation>* record) {
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), HeapLess{});
        HeapEntry entry = heap_.back();
        heap_.pop_back();
        auto slot = static_cast<std::size_t>(entry.vertex);
        if (closed_[slot] || entry.g != tree_.distance[slot] || entry.hops != hops_[slot])
            continue;  // stale entry (lazy decrease-key)
        closed_[slot] = 1;
        tree_.settleOrder.push_back(entry.vertex);
        if (entry.vertex == target_) {
            finished_ = true;
            return entry.vertex;
        }
        for (const OutEdge& edge : graph_.outEdges(entry.vertex)) {
            auto to = static_cast<std::size_t>(edge.to);
            double candidate = entry.g + edge.weight;
            if (!std::isfinite(candidate))  // finite weights whose sum overflows: an error, never "no path"
                throw InputError("path cost from vertex '" + graph_.vertex(tree_.source).id + "' to '" + graph_.vertex(edge.to).id +
                                 "' overflows to infinity (the sum of the weights exceeds " + briefNumber(std::numeric_limits<double>::max()) +
                                 "); use smaller weights");
            int hops = entry.hops + 1;
            bool shorter = candidate < tree_.distance[to];
            bool fewerHops = candidate == tree_.distance[to] && hops < hops_[to] && !closed_[to];
            if (!shorter && !fewerHops) continue;
            if (record) record->push_back({entry.vertex, edge.to, tree_.distance[to], candidate});
            tree_.distance[to] = candidate;
            tree_.predecessor[to] = entry.vertex;
            hops_[to] = hops;
            // With an admissible but inconsistent A* heuristic a settled vertex can improve: reopen it.
            closed_[to] = 0;
            push(edge.to, candidate, hops);
        }
        if (heap_.empty()) finished_ = true;
        return entry.vertex;
    }
    finished_ = true;
    return kNoVertex;
}

GraphSearchStep GraphSearch::step() {
    GraphSearchStep result;
    if (!finished_) result.settled = settleNext(&result.relaxed);
    result.finished = finished_;
    return result;
}

void GraphSearch::run() {
    while (!finished_) settleNext(nullptr);
}

std::vector<VertexIndex> GraphSearch::openVertices() const {
    std::vector<HeapEntry> live;
    for (const HeapEntry& entry : heap_) {
        auto slot = static_cast<std::size_t>(entry.vertex);
        if (!closed_[slot] && entry.g == tree_.distance[slot] && entry.hops == hops_[slot]) live.push_back(entry);
    }
    std::sort(live.begin(), live.end(), [](const HeapEntry& a, const HeapEntry& b) { return HeapLess{}(b, a); });
    std::vector<VertexIndex> open;
    std::vector<char> seen(closed_.size(), 0);
    for (const HeapEntry& entry : live)
        if (!seen[static_cast<std::size_t>(entry.vertex)]++) open.push_back(entry.vertex);
    return open;
}

std::vector<VertexIndex> GraphSearch::nextCandidates() const {
    std::vector<VertexIndex> tied;
    double best = kUnreachable;
    for (const HeapEntry& entry : heap_) {
        auto slot = static_cast<std::size_t>(entry.vertex);
        if (closed_[slot] || entry.g != tree_.distance[slot] || entry.hops != hops_[slot]) continue;  // stale
        if (entry.key < best) tied.clear(), best = entry.key;
        if (entry.key == best && std::find(tied.begin(), tied.end(), entry.vertex) == tied.end()) tied.push_back(entry.vertex);
    }
    return tied;
}

std::vector<VertexIndex> GraphSearch::path() const {
    if (target_ == kNoVertex || !finished_ || !isClosed(target_)) return {};
    return tree_.pathTo(target_);
}

double GraphSearch::cost() const {
    if (target_ == kNoVertex || !finished_ || !isClosed(target_)) return kUnreachable;
    return tree_.distance[static_cast<std::size_t>(target_)];
}

ShortestPathTree dijkstra(const Graph& graph, VertexIndex source) {
    GraphSearch search(graph);
    search.startDijkstra(source);
    search.run();
    return search.tree();
}

}  // namespace aoilab
