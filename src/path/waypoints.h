#pragma once
// Flood-fill waypoints (the path-planning article's automatic waypoint graph, without its duplicate
// points): starting at a seed point, points are laid on the lattice seed + (i, j) * step; from each
// point the fill tries its 8 lattice neighbours, places a neighbour when the agent fits there, links
// the two when the straight segment between them is clear (line_of_sight.h), and expands from each
// point exactly once. The result is an undirected Graph (two directed edges per link, weight = the
// segment's length), so every graph search runs on it and the Euclidean heuristic is admissible.
#include <cstddef>
#include <vector>

#include "core/geometry.h"
#include "path/graph.h"
#include "path/grid_map.h"

namespace aoilab {

struct WaypointOptions {
    Vec2 seed{0.5, 0.5};      // map coordinates (cell (x, y) spans [x, x+1] x [y, y+1])
    double step = 2;          // lattice spacing, > 0
    double agentRadius = 0;   // 0 = a point agent
    std::size_t maxPoints = 4'000'000;  // the fill stops with InputError beyond this (a typo guard)
};

struct WaypointGraph {
    Graph graph;                  // vertex ids "i,j" (lattice coordinates), positions in map units
    std::vector<GridPoint> lattice;  // (i, j) of each vertex, same order as the graph's vertices
    std::size_t linksRefused = 0;    // neighbour pairs that both fit but had no clear line between them
    double buildSeconds = 0;
};

// Throws InputError for a bad step or radius, and when the seed itself does not fit.
WaypointGraph buildWaypoints(const GridMap& map, const WaypointOptions& options);

// A route between two free points over the waypoint graph: start -> nearest waypoint in sight ->
// shortest graph path -> waypoint in sight of the goal -> goal (straight when the goal is in sight).
struct WaypointRoute {
    bool found = false;
    std::vector<Vec2> points;        // polyline from start to goal
    std::vector<VertexIndex> vertices;  // the waypoints used
    double length = 0;
};
WaypointRoute routeOnWaypoints(const GridMap& map, const WaypointGraph& waypoints, Vec2 start, Vec2 goal,
                               double agentRadius = 0);

// Waypoints in sight of p, nearest first (at most `limit`).
std::vector<VertexIndex> waypointsInSight(const GridMap& map, const WaypointGraph& waypoints, Vec2 p,
                                          double agentRadius, std::size_t limit);

}  // namespace aoilab
