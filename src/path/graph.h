#pragma once
// A directed weighted graph whose vertices carry a string id and a position (the classic map-walk
// editor's model): each vertex keeps its out-edges and its in-edges, so deleting a vertex can drop the
// edges that point at it without scanning the whole graph. An undirected edge is two directed ones.
//
// Vertices are addressed by a dense index 0..vertexCount()-1 for speed; deleting a vertex renumbers
// the ones after it (indexOf() maps an id to its current index). Every edit is checked first: a bad
// edit throws InputError with a message naming the vertex or edge, and leaves the graph unchanged.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/geometry.h"

namespace aoilab {

using VertexIndex = int;
constexpr VertexIndex kNoVertex = -1;

struct GraphVertex {
    std::string id;
    Vec2 position;
};

struct OutEdge {
    VertexIndex to = kNoVertex;
    double weight = 0;
};

struct GraphEdge {
    VertexIndex from = kNoVertex;
    VertexIndex to = kNoVertex;
    double weight = 0;
    friend bool operator==(const GraphEdge&, const GraphEdge&) = default;
};

class Graph {
public:
    // --- vertices
    std::size_t vertexCount() const { return vertices_.size(); }
    const GraphVertex& vertex(VertexIndex v) const { return vertices_.at(static_cast<std::size_t>(v)); }
    const std::vector<GraphVertex>& vertices() const { return vertices_; }
    VertexIndex indexOf(const std::string& id) const;  // kNoVertex when absent
    bool contains(const std::string& id) const { return indexOf(id) != kNoVertex; }

    // Checks return an empty string when the edit is allowed, else what is wrong.
    std::string checkAddVertex(const std::string& id, Vec2 position) const;
    VertexIndex addVertex(const std::string& id, Vec2 position = {});
    void moveVertex(VertexIndex v, Vec2 position);
    // Removes the vertex, its out-edges and its in-edges; later vertices shift down by one index.
    void removeVertex(VertexIndex v);

    // --- edges (at most one edge per ordered pair; a self-loop is allowed)
    std::size_t edgeCount() const { return edgeCount_; }
    const std::vector<OutEdge>& outEdges(VertexIndex v) const { return out_.at(static_cast<std::size_t>(v)); }
    // Vertices with an edge into v (the weights live in the source's out-edges).
    const std::vector<VertexIndex>& inEdges(VertexIndex v) const { return in_.at(static_cast<std::size_t>(v)); }
    std::optional<double> edgeWeight(VertexIndex from, VertexIndex to) const;
    std::vector<GraphEdge> edges() const;  // ordered by (from, insertion order)

    std::string checkAddEdge(VertexIndex from, VertexIndex to, double weight) const;
    void addEdge(VertexIndex from, VertexIndex to, double weight);
    void addUndirectedEdge(VertexIndex a, VertexIndex b, double weight);  // both directions, all or nothing
    void setEdgeWeight(VertexIndex from, VertexIndex to, double weight);
    void removeEdge(VertexIndex from, VertexIndex to);  // throws when there is no such edge

    // Id-based conveniences for editors and files ("A" -> "B").
    void addEdge(const std::string& from, const std::string& to, double weight);
    void removeEdge(const std::string& from, const std::string& to);
    void removeVertex(const std::string& id);

    // Euclidean length between the two vertices' positions.
    double straightLength(VertexIndex a, VertexIndex b) const;
    // Bytes held by the adjacency (for reports).
    std::size_t memoryBytes() const;

    friend bool operator==(const Graph& a, const Graph& b);

private:
    std::string describe(VertexIndex v) const;
    void requireVertex(VertexIndex v, const char* role) const;

    std::vector<GraphVertex> vertices_;
    std::vector<std::vector<OutEdge>> out_;
    std::vector<std::vector<VertexIndex>> in_;
    std::unordered_map<std::string, VertexIndex> index_;
    // Every (from, to) pair present, so adding an edge checks for a duplicate in O(1) (a star graph of
    // a million edges loads in linear time); rebuilt when a vertex removal renumbers the vertices.
    std::unordered_set<std::uint64_t> edgeKeys_;
    static std::uint64_t edgeKey(VertexIndex from, VertexIndex to) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(from)) << 32) | static_cast<std::uint32_t>(to);
    }
    std::size_t edgeCount_ = 0;
};

// Does A* with the straight-line heuristic stay exact on this graph? It does when every edge is at
// least as long (in weight) as the straight segment between its ends: then the heuristic never
// overestimates and is consistent. `scale` is the largest factor k such that k * distance is still
// admissible (min weight/length over the edges, capped at 1), so A* can always run exactly.
struct HeuristicCheck {
    bool admissible = true;
    double scale = 1;
    std::optional<GraphEdge> worstEdge;  // the edge with the smallest weight/length ratio, when < 1
};
HeuristicCheck checkEuclideanHeuristic(const Graph& graph);

}  // namespace aoilab
