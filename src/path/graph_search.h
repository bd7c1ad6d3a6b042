#pragma once
// Shortest paths on a Graph: Dijkstra (binary heap, gives the whole path tree) and A* with the
// straight-line heuristic. Both run in one search object that can also go one step at a time, so the
// editor panel can show which vertex was settled and which edges were relaxed; run() is the fast path
// and gives the same result as stepping to the end.
#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

#include "path/graph.h"

namespace aoilab {

constexpr double kUnreachable = std::numeric_limits<double>::infinity();

// Distances and predecessors from one source (the path tree of the classic article).
struct ShortestPathTree {
    VertexIndex source = kNoVertex;
    // Final for settled vertices; tentative for open ones after an early stop; kUnreachable otherwise.
    std::vector<double> distance;
    std::vector<VertexIndex> predecessor;  // kNoVertex for the source and for unreached vertices
    std::vector<VertexIndex> settleOrder;  // vertices in the order they were finalised
    // Among equally short paths the search keeps one with the fewest edges, so next-hop tables built
    // from these trees always make progress, even over zero-weight edges.

    bool reachable(VertexIndex v) const { return distance.at(static_cast<std::size_t>(v)) != kUnreachable; }
    // Source .. v along the predecessors; empty when v is unreachable.
    std::vector<VertexIndex> pathTo(VertexIndex v) const;
};

struct EdgeRelaxation {
    VertexIndex from = kNoVertex;
    VertexIndex to = kNoVertex;
    double oldDistance = kUnreachable;
    double newDistance = kUnreachable;
};

// What one step did: the vertex taken off the heap and the edges that improved their end vertex.
struct GraphSearchStep {
    VertexIndex settled = kNoVertex;  // kNoVertex when the search had nothing left to do
    std::vector<EdgeRelaxation> relaxed;
    bool finished = false;            // true once the search is over (after this step)
};

enum class GraphSearchKind { Dijkstra, AStar };

class GraphSearch {
public:
    // The graph must outlive the search and must not change while a search runs.
    explicit GraphSearch(const Graph& graph) : graph_(graph) {}

    // Dijkstra from source; with a target it stops once the target is settled.
    void startDijkstra(VertexIndex source, VertexIndex target = kNoVertex);
    // Dijkstra from several sources at once, each with a starting distance >= 0 (e.g. the straight
    // distance from a free point to the waypoints it can see). tree().source is the first one.
    void startDijkstraFromMany(const std::vector<std::pair<VertexIndex, double>>& sources);
    // A* toward target with heuristic heuristicScale * straight-line distance. Use
    // checkEuclideanHeuristic(graph).scale to keep it exact on graphs whose weights undercut lengths.
    void startAStar(VertexIndex source, VertexIndex target, double heuristicScale = 1);

    GraphSearchStep step();
    void run();

    GraphSearchKind kind() const { return kind_; }
    bool finished() const { return finished_; }
    VertexIndex target() const { return target_; }
    const ShortestPathTree& tree() const { return tree_; }
    bool isClosed(VertexIndex v) const { return closed_.at(static_cast<std::size_t>(v)) != 0; }
    // Open = reached but not settled (the frontier).
    bool isOpen(VertexIndex v) const { return !isClosed(v) && tree_.reachable(v); }
    double heuristic(VertexIndex v) const;
    // The frontier for drawing: open vertices, best (smallest key) first, each once.
    std::vector<VertexIndex> openVertices() const;
    // The open vertices whose key ties with the best one: any of them could be settled next (the heap's
    // tie-break picks one). An exercise accepts each as a guess.
    std::vector<VertexIndex> nextCandidates() const;
    std::size_t settledCount() const { return tree_.settleOrder.size(); }
    std::size_t heapPushes() const { return pushes_; }

    // With a target: the path and its cost once finished (empty / kUnreachable when there is none).
    std::vector<VertexIndex> path() const;
    double cost() const;

private:
    struct HeapEntry {
        double key;     // distance (Dijkstra) or distance + heuristic (A*)
        double g;       // distance when pushed; stale entries are skipped
        int hops;       // edges on the path when pushed: among equal costs the fewest hops win
        VertexIndex vertex;
    };
    void start(GraphSearchKind kind, VertexIndex source, VertexIndex target, double scale);
    void push(VertexIndex v, double g, int hops);
    // Settles one vertex; records relaxations only when `record` is set (step() wants them, run() not).
    VertexIndex settleNext(std::vector<EdgeRelaxation>* record);

    const Graph& graph_;
    GraphSearchKind kind_ = GraphSearchKind::Dijkstra;
    VertexIndex target_ = kNoVertex;
    double scale_ = 0;
    ShortestPathTree tree_;
    std::vector<char> closed_;
    std::vector<int> hops_;
    std::vector<HeapEntry> heap_;
    std::size_t pushes_ = 0;
    bool finished_ = true;
};

// Full Dijkstra path tree from source.
ShortestPathTree dijkstra(const Graph& graph, VertexIndex source);

}  // namespace aoilab
