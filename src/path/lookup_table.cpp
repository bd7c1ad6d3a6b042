#include "path/lookup_table.h"

#include <chrono>
#include <string>

#include "core/error.h"
#include "path/graph_search.h"

namespace aoilab {

std::size_t LookupTable::slot(VertexIndex from, VertexIndex to) const {
    if (from < 0 || to < 0 || static_cast<std::size_t>(from) >= n_ || static_cast<std::size_t>(to) >= n_)
        throw InputError("lookup table: vertex pair (#" + std::to_string(from) + ", #" + std::to_string(to) +
                         ") is out of range (" + std::to_string(n_) + " vertices)");
    return static_cast<std::size_t>(from) * n_ + static_cast<std::size_t>(to);
}

LookupTable LookupTable::build(const Graph& graph, const BuildProgress& progress) {
    auto started = std::chrono::steady_clock::now();
    LookupTable table;
    std::size_t n = graph.vertexCount();
    if (n > kMaxVertices)
        throw InputError("lookup table: " + std::to_string(n) + " vertices would need " +
                         std::to_string(n * n * (sizeof(double) + sizeof(std::int32_t)) / (1024 * 1024)) +
                         " MiB (V^2 entries); the limit is " + std::to_string(kMaxVertices) + " vertices");
    table.n_ = n;
    table.next_.assign(n * n, kNoVertex);
    table.cost_.assign(n * n, kUnreachable);
    GraphSearch search(graph);  // reused: one allocation of its scratch arrays for all sources
    for (std::size_t s = 0; s < n; ++s) {
        if (progress && s % 16 == 0 && !progress(s, n)) throw BuildCancelled{};
        auto source = static_cast<VertexIndex>(s);
        search.startDijkstra(source);
        search.run();
        const ShortestPathTree& tree = search.tree();
        std::int32_t* nextRow = &table.next_[s * n];
        double* costRow = &table.cost_[s * n];
        // Settle order puts every predecessor before its children, so the first hop of a vertex is
        // its own index when its parent is the source, else its parent's first hop.
        for (VertexIndex v : tree.settleOrder) {
            auto slotV = static_cast<std::size_t>(v);
            costRow[slotV] = tree.distance[slotV];
            VertexIndex parent = tree.predecessor[slotV];
            if (v == source) nextRow[slotV] = source;
            else if (parent == source) nextRow[slotV] = v;
            else nextRow[slotV] = nextRow[static_cast<std::size_t>(parent)];
        }
    }
    table.buildSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return table;
}

std::vector<VertexIndex> LookupTable::path(VertexIndex from, VertexIndex to) const {
    std::vector<VertexIndex> hops;
    if (next_[slot(from, to)] == kNoVertex) return hops;
    hops.push_back(from);
    for (VertexIndex at = from; at != to;) {
        at = next_[slot(at, to)];
        hops.push_back(at);
        // Cannot happen with tables from build() (fewest-hop tie-breaking); guards hand-made misuse.
        if (hops.size() > n_) throw InputError("lookup table: next hops loop between the vertices");
    }
    return hops;
}

}  // namespace aoilab
