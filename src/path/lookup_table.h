#pragma once
// Precomputed all-pairs path tables (the lookup-table idea of the path-planning article): one Dijkstra
// per source fills a next-hop table (first vertex after `from` on a shortest path to `to`) and a cost
// table. A path is then read hop by hop in O(path length) and a cost in O(1), for V^2 memory.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/build_progress.h"
#include "path/graph.h"

namespace aoilab {

class LookupTable {
public:
    // Tables grow as V^2 (12 bytes a pair): beyond this many vertices build() refuses (1.2 GB).
    static constexpr std::size_t kMaxVertices = 10'000;

    // Builds both tables (self-contained: the graph is not kept). Throws InputError above kMaxVertices.
    // Progress is reported in sources done of all (one Dijkstra each); BuildCancelled when it says stop.
    static LookupTable build(const Graph& graph, const BuildProgress& progress = {});

    std::size_t vertexCount() const { return n_; }
    // Next vertex after `from` toward `to`; kNoVertex when to is unreachable; `to` itself when from == to.
    VertexIndex nextHop(VertexIndex from, VertexIndex to) const { return next_[slot(from, to)]; }
    // Shortest cost; kUnreachable (+inf) when there is no path.
    double cost(VertexIndex from, VertexIndex to) const { return cost_[slot(from, to)]; }
    // from .. to by following next hops; empty when unreachable.
    std::vector<VertexIndex> path(VertexIndex from, VertexIndex to) const;

    double buildSeconds() const { return buildSeconds_; }
    std::size_t entries() const { return n_ * n_; }  // per table
    std::size_t memoryBytes() const { return next_.capacity() * sizeof(std::int32_t) + cost_.capacity() * sizeof(double); }

private:
    std::size_t slot(VertexIndex from, VertexIndex to) const;

    std::size_t n_ = 0;
    std::vector<std::int32_t> next_;  // row-major: from * n + to
    std::vector<double> cost_;
    double buildSeconds_ = 0;
};

}  // namespace aoilab
