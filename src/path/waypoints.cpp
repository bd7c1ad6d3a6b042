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

void checkWaypointRadius(const GridMap& map, double agentRadius) {
    if (!std::isfinite(agentRadius) || agentRadius < 0)
        throw InputError("waypoints: agent radius " + text(agentRadius) + " must be a number >= 0");
    if (agentRadius == 0) return;
    const double most = std::min(map.width(), map.height()) / 2.0;
    if (agentRadius > most)
        throw InputError("waypoints: agent radius " + text(agentRadius) + " does not fit in this " + std::to_string(map.width()) +
                         " x " + std::to_string(map.height()) + " map (at most " + text(most) + ")");
    const double side = 2 * std::ceil(agentRadius) + 2;
    const double tests = static_cast<double>(map.passableCount()) * side * side;
    if (tests > kWaypointCellTests)
        throw InputError("waypoints: agent radius " + text(agentRadius) + " on this map's " + std::to_string(map.passableCount()) +
                         " free cells would test about " + text(tests) + " cells, more than the " + text(kWaypointCellTests) +
                         " allowed (docs/LIMITS.md): use a smaller radius or map");
}

WaypointFlood::WaypointFlood(const GridMap& map, const WaypointOptions& options) : map_(map), options_(options) {
    if (!std::isfinite(options.step) || options.step <= 0)
        throw InputError("waypoints: step " + text(options.step) + " must be a number > 0");
    if (!std::isfinite(options.agentRadius) || options.agentRadius < 0)
        throw InputError("waypoints: agent radius " + text(options.agentRadius) + " must be a number >= 0");
    checkWaypointRadius(map, options.agentRadius);
    if (!pointFits(map, options.seed, options.agentRadius))
        throw InputError("waypoints: the seed (" + text(options.seed.x) + ", " + text(options.seed.y) +
                         ") is not on free ground" + (options.agentRadius > 0 ? " with room for the agent radius" : ""));
    // The budget before the work: about one point per step x step square of free ground.
    double expected = static_cast<double>(map.passableCount()) / (options.step * options.step);
    if (expected > static_cast<double>(options.maxPoints))
        throw InputError("waypoints: step " + text(options.step) + " would place about " +
                         std::to_string(std::llround(expected)) + " points on this map, more than the " +
                         std::to_string(options.maxPoints) + " allowed (docs/LIMITS.md): use a larger step");
    place(0, 0);
    history_.after.push_back({1, 0, 0});
}

VertexIndex WaypointFlood::place(int i, int j) {
    VertexIndex v = result_.graph.addVertex(std::to_string(i) + "," + std::to_string(j), position(i, j));
    result_.lattice.push_back({i, j});
    placed_.emplace(latticeKey(i, j), v);  // never place twice
    queue_.push_back(v);
    return v;
}

bool WaypointFlood::step() {
    if (finished()) return false;
    auto started = std::chrono::steady_clock::now();
    VertexIndex from = queue_[head_++];
    GridPoint at = result_.lattice[static_cast<std::size_t>(from)];
    for (const auto& direction : kDirections) {
        int i = at.x + direction[0];
        int j = at.y + direction[1];
        auto found = placed_.find(latticeKey(i, j));
        VertexIndex to = found == placed_.end() ? kNoVertex : found->second;
        if (to != kNoVertex && result_.graph.edgeWeight(from, to)) continue;  // linked from the other side
        Vec2 target = position(i, j);
        if (to == kNoVertex && !pointFits(map_, target, options_.agentRadius)) continue;
        if (!lineOfSight(map_, position(at.x, at.y), target, options_.agentRadius)) {
            // Count each refused pair once: from the side that expands first.
            if (to == kNoVertex || from < to) {
                ++result_.linksRefused;
                history_.refusals.push_back({position(at.x, at.y), target});
            }
            continue;
        }
        if (to == kNoVertex) {
            if (result_.graph.vertexCount() >= options_.maxPoints)
                throw InputError("waypoints: more than " + std::to_string(options_.maxPoints) +
                                 " points (is the step too small for this map?)");
            to = place(i, j);
        }
        result_.graph.addUndirectedEdge(from, to, distance(position(at.x, at.y), target));
        history_.links.emplace_back(from, to);
    }
    history_.after.push_back({static_cast<std::uint32_t>(result_.graph.vertexCount()), static_cast<std::uint32_t>(history_.links.size()),
                              static_cast<std::uint32_t>(history_.refusals.size())});
    result_.buildSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

WaypointGraph WaypointFlood::finish() {
    while (step()) {
    }
    return std::move(result_);
}

WaypointGraph buildWaypoints(const GridMap& map, const WaypointOptions& options) {
    auto started = std::chrono::steady_clock::now();
    WaypointGraph result = WaypointFlood(map, options).finish();
    result.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

GridPoint defaultWaypointSeed(const GridMap& map, double radius) {
    std::vector<int> label(static_cast<std::size_t>(map.cellCount()), -1);
    GridPoint best{-1, -1};
    std::size_t bestSize = 0;
    for (int start = 0; start < map.cellCount(); ++start) {
        if (!map.passable(map.point(start)) || label[static_cast<std::size_t>(start)] >= 0) continue;
        std::vector<int> stack{start};
        label[static_cast<std::size_t>(start)] = start;
        std::size_t size = 0;
        GridPoint first{-1, -1};
        while (!stack.empty()) {
            int c = stack.back();
            stack.pop_back();
            ++size;
            GridPoint p = map.point(c);
            // The cheap test first: a disc test looks at (2r + 2)^2 cells.
            if ((first.x < 0 || map.index(p.x, p.y) < map.index(first.x, first.y)) && pointFits(map, {p.x + 0.5, p.y + 0.5}, radius))
                first = p;
            for (auto [dx, dy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
                int x = p.x + dx, y = p.y + dy;
                if (!map.passable(x, y) || label[static_cast<std::size_t>(map.index(x, y))] >= 0) continue;
                label[static_cast<std::size_t>(map.index(x, y))] = start;
                stack.push_back(map.index(x, y));
            }
        }
        if (first.x >= 0 && size > bestSize) {
            bestSize = size;
            best = first;
        }
    }
    return best;
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
    std::vector<VertexIndex> entries = waypointsInSight(map, waypoints, start, agentRadius, kWaypointEntries);
    std::vector<VertexIndex> exits = waypointsInSight(map, waypoints, goal, agentRadius, kWaypointEntries);
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
