#pragma once
// Flood-fill waypoints (the path-planning article's automatic waypoint graph, without its duplicate
// points): starting at a seed point, points are laid on the lattice seed + (i, j) * step; from each
// point the fill tries its 8 lattice neighbours, places a neighbour when the agent fits there, links
// the two when the straight segment between them is clear (line_of_sight.h), and expands from each
// point exactly once. The result is an undirected Graph (two directed edges per link, weight = the
// segment's length), so every graph search runs on it and the Euclidean heuristic is admissible.
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>
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

// An agent's disc must fit inside the map (outside counts as blocked), and each test of a disc looks at
// about (2r + 2)^2 cells: a radius above half the map's shorter side never fits anywhere, and one whose
// tests over the free cells (the default seed's search, the flood) would pass kWaypointCellTests is
// refused before the work ("would test about N cells").
inline constexpr double kWaypointCellTests = 2e9;
// Throws InputError (no file named: the caller adds it) when `agentRadius` cannot be worked with.
void checkWaypointRadius(const GridMap& map, double agentRadius);

// Throws InputError for a bad step or radius, and when the seed itself does not fit.
WaypointGraph buildWaypoints(const GridMap& map, const WaypointOptions& options);

// The same flood one point at a time, for the app's timeline: step() takes the next point off the
// queue and tries its 8 lattice neighbours (placed, linked, or refused for want of a clear line).
// Stepping to the end gives exactly buildWaypoints' graph.
struct WaypointRefusal {
    Vec2 from, to;  // a neighbour pair that both fit but had no clear line between them
};

// What each step of a flood added, so a finished flood answers for any step of its timeline without
// being run again (the app seeks its waypoints timeline through WaypointFloodAt in constant time).
struct WaypointFloodHistory {
    struct Counts {
        std::uint32_t points = 0, links = 0, refusals = 0;
    };
    std::vector<Counts> after;  // after[k]: the totals after k steps (after[0]: the seed alone)
    std::vector<std::pair<VertexIndex, VertexIndex>> links;  // each link once, in the order made
    std::vector<WaypointRefusal> refusals;                   // in the order found
};

// A finished flood as it stood after `taken` steps (taken <= the steps it made): its points are the
// graph's first points() vertices, its links the first links() of history.links, its refusals the first
// refused() of history.refusals, and its queue held the points from `taken` to points() (points are
// queued, and numbered, in the order they are placed).
struct WaypointFloodAt {
    const Graph* graph = nullptr;  // the finished graph
    const WaypointFloodHistory* history = nullptr;
    std::size_t taken = 0;

    std::size_t points() const { return history->after[taken].points; }
    std::size_t links() const { return history->after[taken].links; }
    std::size_t refused() const { return history->after[taken].refusals; }
    std::size_t queuedCount() const { return points() - taken; }
    bool queued(VertexIndex v) const { return v >= 0 && static_cast<std::size_t>(v) >= taken && static_cast<std::size_t>(v) < points(); }
    VertexIndex lastTaken() const { return taken ? static_cast<VertexIndex>(taken - 1) : kNoVertex; }
};

class WaypointFlood {
public:
    using Refusal = WaypointRefusal;
    // Same checks and errors as buildWaypoints; the map must outlive the flood.
    WaypointFlood(const GridMap& map, const WaypointOptions& options);
    bool finished() const { return head_ >= queue_.size(); }
    // Takes one point from the queue; false when the queue was empty. Throws InputError past maxPoints.
    bool step();
    std::size_t taken() const { return head_; }  // points taken from the queue so far
    const WaypointGraph& result() const { return result_; }
    std::vector<VertexIndex> queued() const { return {queue_.begin() + static_cast<long>(head_), queue_.end()}; }
    VertexIndex lastTaken() const { return head_ ? queue_[head_ - 1] : kNoVertex; }
    const std::vector<Refusal>& refusals() const { return history_.refusals; }
    const WaypointFloodHistory& history() const { return history_; }
    WaypointGraph finish();  // steps to the end and hands the graph over
    WaypointFloodHistory takeHistory() { return std::move(history_); }  // after finish()

private:
    Vec2 position(int i, int j) const { return {options_.seed.x + i * options_.step, options_.seed.y + j * options_.step}; }
    VertexIndex place(int i, int j);
    const GridMap& map_;
    WaypointOptions options_;
    WaypointGraph result_;
    std::vector<VertexIndex> queue_;  // every point placed, in placement order; [head_, end) still to expand
    std::size_t head_ = 0;
    WaypointFloodHistory history_;
    std::unordered_map<std::int64_t, VertexIndex> placed_;
};

// The first cell (reading order) with room for the agent in the largest 4-connected free area: the
// seed from which one flood covers as much of the map as possible ({-1, -1} when nothing is free).
GridPoint defaultWaypointSeed(const GridMap& map, double agentRadius);

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

// How many waypoints in sight of its start (and of its goal) a route may enter (leave) the graph by.
constexpr std::size_t kWaypointEntries = 8;

// Waypoints in sight of p, nearest first (at most `limit`).
std::vector<VertexIndex> waypointsInSight(const GridMap& map, const WaypointGraph& waypoints, Vec2 p,
                                          double agentRadius, std::size_t limit);

}  // namespace aoilab
