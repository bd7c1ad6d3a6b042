#include "app/modes/graph/waypoints_to_graph.h"

#include <cmath>

#include "app/modes/graph/graph_state.h"

namespace aoilab::app {

std::optional<Graph> graphFromWaypoints(const WaypointGraph& waypoints, std::string& why) {
    const Graph& from = waypoints.graph;
    if (from.vertexCount() == 0) {
        why = "the maps workbench has no waypoints (its flood placed no point)";
        return std::nullopt;
    }
    if (from.vertexCount() > kMaxEditableVertices || from.edgeCount() > kMaxEditableEdges) {
        why = "the waypoint graph has " + std::to_string(from.vertexCount()) + " vertices and " +
              std::to_string(from.edgeCount()) + " edges; the graph editor takes at most " +
              std::to_string(kMaxEditableVertices) + " vertices and " + std::to_string(kMaxEditableEdges) +
              " edges (a larger lattice step in the maps workbench makes fewer waypoints)";
        return std::nullopt;
    }
    Graph out;
    for (const GraphVertex& v : from.vertices()) out.addVertex(v.id, v.position);
    for (const GraphEdge& e : from.edges()) out.addEdge(e.from, e.to, articleEdgeWeight(e.weight));
    return out;
}

std::string nearestVertex(const Graph& graph, Vec2 point) {
    std::string best;
    double bestDistance = INFINITY;
    for (const GraphVertex& v : graph.vertices()) {
        double d = std::hypot(v.position.x - point.x, v.position.y - point.y);
        if (d < bestDistance) {
            bestDistance = d;
            best = v.id;
        }
    }
    return best;
}

}  // namespace aoilab::app
