#pragma once
// "Waypoints to graph": the maps workbench's flood-fill waypoint graph as a graph to edit here. The
// vertices keep the waypoints' ids ("i,j", lattice coordinates) and positions (map units); each link's
// two directed edges are weighted by the link's length rounded as the article does (articleEdgeWeight).
// The editor copies the whole graph on every edit and draws every edge, so a flood larger than the
// budget is refused with its size (a larger lattice step in the maps workbench makes fewer points).
#include <cstddef>
#include <optional>
#include <string>

#include "core/geometry.h"
#include "path/graph.h"
#include "path/waypoints.h"

namespace aoilab::app {

constexpr std::size_t kMaxEditableVertices = 2000;
constexpr std::size_t kMaxEditableEdges = 16000;

// nullopt and `why` (the sizes, and what to do) when the waypoint graph is over the budget or empty.
std::optional<Graph> graphFromWaypoints(const WaypointGraph& waypoints, std::string& why);

// The id of the vertex nearest to `point` ("" for an empty graph): the role and the target placed at
// the maps workbench's start and goal.
std::string nearestVertex(const Graph& graph, Vec2 point);

}  // namespace aoilab::app
