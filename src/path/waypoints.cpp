#include "path/waypoints.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <sstream>
#include <unordered_map>

#include "core/error.h"
#include "path/graph_search.h"
#include "path/line_of_sight.h"

namespace aoilab {

namespace {

constexpr int kDirections[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

std::string text(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::int64_t latticeKey(int i, int j) {
    return (static_cast<std::int64_t>(i) << 32) ^ static_cast<std::uint32_t>(j);
}

double distance(Vec2 a, Vec2 b) { return std::hypot(b.x - a.x, b.y - a.y); }

}  // namespace

WaypointGraph buildWaypoints(const GridMap& map, const WaypointOptions& options) {
    auto started = std::chrono::steady_clock::now();
    if (!std::isfinite(options.step) || options.step <= 0)
        throw InputError("waypoints: step " + text(options.step) + " must be a number > 0");
    if (!std::isfinite(options.agentRadius) || options.agentRadius < 0)
        throw InputError("waypoints: agent radius " + text(options.agentRadius) + " must be a number >= 0");
    if (!pointFits(map, options.seed, options.agentRadius))
        throw InputError("waypoints: the seed (" + text(options.seed.x) + ", " + text(options.seed.y) +
                         ") is not on free ground" + (options.agentRadius > 0 ? " with room for the agent radius" : ""));

    WaypointGraph result;
    std::unordered_map<std::int64_t, VertexIndex> placed;  // lattice (i, j) -> vertex: never place twice
    auto position = [&](int i, int j) { return Vec2{options.seed.x + i * options.step, options.seed.y + j * options.step}; };
    auto place = [&](int i, int j) {
        VertexIndex v = result.graph.addVertex(std::to_string(i) + "," + std::to_string(j), position(i, j));
        result.lattice.push_back({i, j});
        placed.emplace(latticeKey(i, j), v);
        return v;
    };

    std::deque<VertexIndex> toExpand;
    toExpand.push_back(place(0, 0));
    while (!toExpand.empty()) {
        VertexIndex from = toExpand.front();
        toExpand.pop_front();
        GridPoint at = result.lattice[static_cast<std::size_t>(from)];
        for (const auto& direction : kDirections) {
            int i = at.x + direction[0];
            int j = at.y + direction[1];
            auto found = placed.find(latticeKey(i, j));
            VertexIndex to = found == placed.end() ? kNoVertex : found->second;
            if (to != kNoVertex && result.graph.edgeWeight(from, to)) continue;  // linked from the other side
            Vec2 target = position(i, j);
            if (to == kNoVertex && !pointFits(map, target, options.agentRadius)) continue;
            if (!lineOfSight(map, position(at.x, at.y), target, options.agentRadius)) {
                // Count each refused pair once: from the side that expands first.
                if (to == kNoVertex || from < to) ++result.linksRefused;
                continue;
            }
            if (to == kNoVertex) {
                if (result.graph.vertexCount() >= options.maxPoints)
                    throw InputError("waypoints: more than " + std::to_string(options.maxPoints) +
                                     " points (is the step too small for this map?)");
                to = place(i, j);
                toExpand.push_back(to);
            }
            result.graph.addUndirectedEdge(from, to, distance(position(at.x, at.y), target));
        }
    }
    result.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

std::vector<VertexIndex> waypointsInSight(const GridMap& map, const WaypointGraph& waypoints, Vec2 p,
                                          double agentRadius, std::size_t limit) {
    // Only the nearest few are worth a line-of-sight test: a far waypoint seen past the near ones
    // rarely shortens the route, and the test is what costs.
    constexpr std::size_t kCandidates = 64;
    const auto& vertices = waypoints.graph.vertices();
    std::vector<std::pair<double, VertexIndex>> byDistance;
    byDistance.reserve(vertices.size());
    for (std::size_t v = 0; v < vertices.size(); ++v)
        byDistance.push_back({distance(p, vertices[v].position), static_cast<VertexIndex>(v)});
    std::size_t keep = std::min(kCandidates, byDistance.size());
    std::partial_sort(byDistance.begin(), byDistance.begin() + static_cast<long>(keep), byDistance.end());
    std::vector<VertexIndex> seen;
    for (std::size_t k = 0; k < keep && seen.size() < limit; ++k)
        if (lineOfSight(map, p, vertices[static_cast<std::size_t>(byDistance[k].second)].position, agentRadius))
            seen.push_back(byDistance[k].second);
    return seen;
}

WaypointRoute routeOnWaypoints(const GridMap& map, const WaypointGraph& waypoints, Vec2 start, Vec2 goal,
                               double agentRadius) {
    WaypointRoute route;
    if (!pointFits(map, start, agentRadius) || !pointFits(map, goal, agentRadius)) return route;
    if (lineOfSight(map, start, goal, agentRadius)) {
        route.found = true;
        route.points = {start, goal};
        route.length = distance(start, goal);
        return route;
    }
    constexpr std::size_t kLinks = 8;
    std::vector<VertexIndex> entries = waypointsInSight(map, waypoints, start, agentRadius, kLinks);
    std::vector<VertexIndex> exits = waypointsInSight(map, waypoints, goal, agentRadius, kLinks);
    if (entries.empty() || exits.empty()) return route;
    const Graph& graph = waypoints.graph;
    std::vector<std::pair<VertexIndex, double>> sources;
    for (VertexIndex v : entries) sources.push_back({v, distance(start, graph.vertex(v).position)});
    GraphSearch search(graph);
    search.startDijkstraFromMany(sources);
    search.run();
    const ShortestPathTree& tree = search.tree();
    VertexIndex bestExit = kNoVertex;
    double best = kUnreachable;
    for (VertexIndex v : exits) {
        double total = tree.distance[static_cast<std::size_t>(v)] + distance(graph.vertex(v).position, goal);
        if (total < best) {
            best = total;
            bestExit = v;
        }
    }
    if (bestExit == kNoVertex) return route;
    route.found = true;
    route.length = best;
    route.vertices = tree.pathTo(bestExit);
    route.points.push_back(start);
    for (VertexIndex v : route.vertices) route.points.push_back(graph.vertex(v).position);
    route.points.push_back(goal);
    return route;
}

}  // namespace aoilab
