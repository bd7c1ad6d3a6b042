// Line of sight (exact supercover, agent radius) and flood-fill waypoints: links only where the line
// is clear, no point twice, and routes comparable with the grid optimum.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

#include "core/error.h"
#include "path/graph_search.h"
#include "path/grid_search.h"
#include "path/line_of_sight.h"
#include "path/movingai.h"
#include "path/waypoints.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

const std::string kMaps = std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/";

std::set<std::pair<int, int>> asSet(const std::vector<GridPoint>& cells) {
    std::set<std::pair<int, int>> out;
    for (GridPoint c : cells) out.insert({c.x, c.y});
    return out;
}

using test::randomMap;

// Independent check: a segment is clear for radius r when no blocked cell (inside a margin around
// the map, where outside counts as blocked) is closer than r, or touches it when r = 0.
bool bruteForceClear(const GridMap& map, Vec2 a, Vec2 b, double r) {
    for (int y = -2; y < map.height() + 2; ++y)
        for (int x = -2; x < map.width() + 2; ++x) {
            if (map.passable(x, y)) continue;
            double d = segmentCellDistance(a, b, x, y);
            if (r == 0 ? d == 0 : d < r) return false;
        }
    return true;
}

TEST(WaypointsLineOfSight, SupercoverOfSimpleSegments) {
    // Horizontal through cell centres: one row.
    EXPECT_EQ(asSet(supercoverCells({0.5, 0.5}, {3.5, 0.5})), (std::set<std::pair<int, int>>{{0, 0}, {1, 0}, {2, 0}, {3, 0}}));
    // A diagonal through the corner (1,1) touches all four cells of that corner.
    EXPECT_EQ(asSet(supercoverCells({0.5, 0.5}, {1.5, 1.5})), (std::set<std::pair<int, int>>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}));
    // In order along the segment, from a to b.
    std::vector<GridPoint> cells = supercoverCells({3.5, 0.5}, {0.5, 0.5});
    EXPECT_EQ(cells.front(), (GridPoint{3, 0}));
    EXPECT_EQ(cells.back(), (GridPoint{0, 0}));
}

TEST(WaypointsLineOfSight, SupercoverEqualsTheCellsTheSegmentTouches) {
    std::mt19937 random(5);
    std::uniform_real_distribution<double> coordinate(0.01, 19.99);
    for (int trial = 0; trial < 400; ++trial) {
        Vec2 a{coordinate(random), coordinate(random)};
        Vec2 b{coordinate(random), coordinate(random)};
        if (trial % 10 == 0) b.y = a.y;  // axis-parallel cases too
        if (trial % 10 == 1) b.x = a.x;
        std::set<std::pair<int, int>> expected;
        for (int y = -1; y <= 21; ++y)
            for (int x = -1; x <= 21; ++x)
                if (segmentCellDistance(a, b, x, y) == 0) expected.insert({x, y});
        ASSERT_EQ(asSet(supercoverCells(a, b)), expected) << a.x << "," << a.y << " -> " << b.x << "," << b.y;
    }
}

TEST(WaypointsLineOfSight, AgreesWithBruteForceForPointsAndDiscs) {
    std::mt19937 random(8);
    GridMap map = randomMap(random, 16, 12, 20);
    std::uniform_real_distribution<double> xs(0.01, 15.99), ys(0.01, 11.99);
    int clear = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        Vec2 a{xs(random), ys(random)};
        Vec2 b{trial % 3 == 0 ? std::floor(a.x) + 0.5 + static_cast<int>(random() % 5) - 2 : xs(random),
               trial % 3 == 0 ? std::floor(a.y) + 0.5 + static_cast<int>(random() % 5) - 2 : ys(random)};
        double r = (trial % 4 == 0) ? 0 : (random() % 8) / 10.0;
        bool want = bruteForceClear(map, a, b, r);
        ASSERT_EQ(lineOfSight(map, a, b, r), want) << a.x << "," << a.y << " -> " << b.x << "," << b.y << " r=" << r;
        clear += want ? 1 : 0;
    }
    EXPECT_GT(clear, 100);  // both outcomes were exercised
    EXPECT_LT(clear, 2900);
}

TEST(WaypointsLineOfSight, NoSqueezingBetweenDiagonalBlocks) {
    GridMap map = GridMap::fromRows({"..@", ".@.", "..."});
    // The diagonal from cell (1,2) to cell (2,1) passes the corner (2,2), which blocked (1,1) touches.
    EXPECT_FALSE(lineOfSight(map, {1.5, 2.5}, {2.5, 1.5}));
    EXPECT_TRUE(lineOfSight(map, {0.5, 0.5}, {0.5, 2.5}));
    EXPECT_FALSE(lineOfSight(map, {0.5, 0.5}, {-0.5, 0.5}));  // outside is blocked
    EXPECT_TRUE(pointFits(map, {0.5, 0.5}));
    EXPECT_FALSE(pointFits(map, {0.5, 0.5}, 0.6));  // the border is 0.5 away
    EXPECT_TRUE(pointFits(map, {0.5, 0.5}, 0.5));
}

void expectValidWaypoints(const GridMap& map, const WaypointGraph& wp, const WaypointOptions& options) {
    const Graph& g = wp.graph;
    ASSERT_EQ(wp.lattice.size(), g.vertexCount());
    std::set<std::pair<int, int>> latticeSeen;
    for (std::size_t v = 0; v < g.vertexCount(); ++v) {
        GridPoint l = wp.lattice[v];
        EXPECT_TRUE(latticeSeen.insert({l.x, l.y}).second) << "point placed twice";
        Vec2 p = g.vertex(static_cast<VertexIndex>(v)).position;
        EXPECT_DOUBLE_EQ(p.x, options.seed.x + l.x * options.step);
        EXPECT_DOUBLE_EQ(p.y, options.seed.y + l.y * options.step);
        EXPECT_TRUE(pointFits(map, p, options.agentRadius));
    }
    for (const GraphEdge& e : g.edges()) {
        Vec2 a = g.vertex(e.from).position;
        Vec2 b = g.vertex(e.to).position;
        ASSERT_TRUE(bruteForceClear(map, a, b, options.agentRadius)) << "link without line of sight";
        EXPECT_EQ(g.edgeWeight(e.to, e.from), e.weight) << "links are undirected";
        EXPECT_NEAR(e.weight, std::hypot(b.x - a.x, b.y - a.y), 1e-12);
        GridPoint la = wp.lattice[static_cast<std::size_t>(e.from)];
        GridPoint lb = wp.lattice[static_cast<std::size_t>(e.to)];
        EXPECT_LE(std::abs(la.x - lb.x), 1);
        EXPECT_LE(std::abs(la.y - lb.y), 1);
    }
    // Flood fill: everything placed is reachable from the seed.
    ShortestPathTree tree = dijkstra(g, 0);
    for (std::size_t v = 0; v < g.vertexCount(); ++v) EXPECT_TRUE(tree.reachable(static_cast<VertexIndex>(v)));
    EXPECT_TRUE(checkEuclideanHeuristic(g).admissible);
}

TEST(Waypoints, OpenMapGivesTheFullLattice) {
    GridMap map(10, 7);
    WaypointOptions options;
    options.seed = {0.5, 0.5};
    options.step = 1;
    WaypointGraph wp = buildWaypoints(map, options);
    EXPECT_EQ(wp.graph.vertexCount(), 70u);
    // 8-neighbour links of a 10x7 lattice, both directions: horizontal 9*7, vertical 10*6, diagonals 2*9*6.
    EXPECT_EQ(wp.graph.edgeCount(), 2u * (9 * 7 + 10 * 6 + 2 * 9 * 6));
    EXPECT_EQ(wp.linksRefused, 0u);
    expectValidWaypoints(map, wp, options);
}

TEST(Waypoints, RandomMapsLinkOnlyWithClearLines) {
    std::mt19937 random(12);
    for (int trial = 0; trial < 12; ++trial) {
        GridMap map = randomMap(random, 24, 18, 15 + trial);
        WaypointOptions options;
        options.step = 1 + (trial % 3) * 0.75;
        options.agentRadius = (trial % 4 == 3) ? 0.3 : 0;
        options.seed = {0, 0};
        for (int tries = 0; tries < 500 && !pointFits(map, options.seed, options.agentRadius); ++tries)
            options.seed = {static_cast<double>(random() % 24) + 0.5, static_cast<double>(random() % 18) + 0.5};
        if (!pointFits(map, options.seed, options.agentRadius)) continue;
        WaypointGraph wp = buildWaypoints(map, options);
        expectValidWaypoints(map, wp, options);
        if (HasFatalFailure()) return;
    }
}

TEST(Waypoints, BadOptionsAreErrors) {
    GridMap map = GridMap::fromRows({"..", "@."});
    WaypointOptions options;
    options.seed = {0.5, 1.5};  // blocked
    EXPECT_THROW(buildWaypoints(map, options), InputError);
    options.seed = {0.5, 0.5};
    options.step = 0;
    EXPECT_THROW(buildWaypoints(map, options), InputError);
    options.step = 1;
    options.agentRadius = -1;
    EXPECT_THROW(buildWaypoints(map, options), InputError);
    options.agentRadius = 0;
    options.maxPoints = 2;
    EXPECT_THROW(buildWaypoints(map, options), InputError);
}

TEST(Waypoints, RoutesOnArenaAreCloseToTheGridOptimum) {
    GridMap map = readMovingAiMap(kMaps + "dao/arena.map");
    WaypointOptions options;
    options.seed = {24.5, 24.5};
    options.step = 2;
    WaypointGraph wp = buildWaypoints(map, options);
    expectValidWaypoints(map, wp, options);
    GridSearch grid;
    std::mt19937 random(21);
    int routes = 0;
    double worst = 0;
    for (int q = 0; q < 200 && routes < 40; ++q) {
        GridPoint s{static_cast<int>(random() % 49), static_cast<int>(random() % 49)};
        GridPoint t{static_cast<int>(random() % 49), static_cast<int>(random() % 49)};
        if (!map.passable(s) || !map.passable(t)) continue;
        SearchResult optimum = grid.find(map, s, t);
        WaypointRoute route = routeOnWaypoints(map, wp, {s.x + 0.5, s.y + 0.5}, {t.x + 0.5, t.y + 0.5});
        ASSERT_EQ(route.found, optimum.found());
        if (!route.found) continue;
        ++routes;
        for (std::size_t i = 1; i < route.points.size(); ++i)
            ASSERT_TRUE(lineOfSight(map, route.points[i - 1], route.points[i]));
        double total = 0;
        for (std::size_t i = 1; i < route.points.size(); ++i)
            total += std::hypot(route.points[i].x - route.points[i - 1].x, route.points[i].y - route.points[i - 1].y);
        EXPECT_NEAR(total, route.length, 1e-9);
        // Straight segments may beat the 8-direction optimum by at most the octile/Euclidean gap (8.3%).
        EXPECT_GE(route.length, optimum.length / 1.0824 - 1e-9);
        worst = std::max(worst, route.length / std::max(optimum.length, 1e-9));
    }
    EXPECT_GE(routes, 20);
    EXPECT_LT(worst, 1.5);  // a 2-cell lattice on an open arena stays within 50% of optimal
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The stepped flood ends with exactly the one-shot graph, one point taken a step, and its refusals
// are as many as the links refused.
TEST(WaypointFlood, SteppingToTheEndGivesTheOneShotGraph) {
    GridMap map = readMovingAiMap(std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/dao/arena.map");
    WaypointOptions options;
    GridPoint seed = defaultWaypointSeed(map, 0);
    ASSERT_GE(seed.x, 0);
    options.seed = {seed.x + 0.5, seed.y + 0.5};
    WaypointGraph once = buildWaypoints(map, options);
    WaypointFlood flood(map, options);
    std::size_t steps = 0;
    while (flood.step()) {
        ++steps;
        EXPECT_EQ(flood.taken(), steps);
        EXPECT_EQ(flood.lastTaken(), static_cast<VertexIndex>(steps - 1));  // breadth first: placement order
    }
    EXPECT_EQ(steps, once.graph.vertexCount());
    EXPECT_TRUE(flood.result().graph == once.graph);
    EXPECT_EQ(flood.result().linksRefused, once.linksRefused);
    EXPECT_EQ(flood.refusals().size(), once.linksRefused);
    EXPECT_TRUE(flood.queued().empty());
}

// The finished flood read at step k (WaypointFloodAt, from its history) is the flood stepped k times:
// the same points, links, refusals, queue and last point taken, at every step of random maps, with
// radii and steps that refuse links.
TEST(WaypointFlood, ReadingTheFinishedFloodAtAnyStepEqualsSteppingItThere) {
    std::mt19937 rng(29);
    std::size_t refusals = 0;
    for (int round = 0; round < 12; ++round) {
        GridMap map = randomMap(rng, 18 + round, 14 + round % 5, 25);
        WaypointOptions options;
        options.step = round % 3 == 0 ? 1.5 : round % 3 == 1 ? 1 : 2.5;
        options.agentRadius = round % 4 == 0 ? 0.3 : 0;
        GridPoint seed = defaultWaypointSeed(map, options.agentRadius);
        if (seed.x < 0) continue;
        options.seed = {seed.x + 0.5, seed.y + 0.5};
        WaypointFlood finished(map, options);
        WaypointGraph graph = finished.finish();
        const WaypointFloodHistory history = finished.takeHistory();
        ASSERT_EQ(history.after.size(), graph.graph.vertexCount() + 1);
        WaypointFlood stepped(map, options);
        for (std::size_t k = 0;; ++k) {
            const WaypointFloodAt at{&graph.graph, &history, k};
            const WaypointGraph& now = stepped.result();
            ASSERT_EQ(at.points(), now.graph.vertexCount()) << round << " step " << k;
            ASSERT_EQ(at.links() * 2, now.graph.edgeCount()) << round << " step " << k;
            ASSERT_EQ(at.refused(), now.linksRefused);
            ASSERT_EQ(at.lastTaken(), stepped.lastTaken());
            std::vector<VertexIndex> queued;
            for (VertexIndex v = 0; v < static_cast<VertexIndex>(graph.graph.vertexCount()); ++v)
                if (at.queued(v)) queued.push_back(v);
            ASSERT_EQ(queued, stepped.queued());
            ASSERT_EQ(at.queuedCount(), queued.size());
            // The links made so far are exactly the first links() of the history, each once.
            std::set<std::pair<VertexIndex, VertexIndex>> made, read;
            for (const GraphEdge& e : now.graph.edges())
                if (e.from < e.to) made.insert({e.from, e.to});
            for (std::size_t i = 0; i < at.links(); ++i)
                read.insert(std::minmax(history.links[i].first, history.links[i].second));
            ASSERT_EQ(made, read) << round << " step " << k;
            for (std::size_t i = 0; i < at.refused(); ++i) {
                ASSERT_EQ(history.refusals[i].from.x, stepped.refusals()[i].from.x);
                ASSERT_EQ(history.refusals[i].to.y, stepped.refusals()[i].to.y);
            }
            if (!stepped.step()) break;
        }
        refusals += history.refusals.size();
    }
    EXPECT_GT(refusals, 0u) << "the maps refused some links";
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// A tiny step is refused before any work, with the number of points it would need.
TEST(WaypointBudget, ATinyStepIsRefusedUpFrontWithTheSizeItWouldNeed) {
    GridMap map(200, 200);
    WaypointOptions options;
    options.step = 0.05;
    try {
        buildWaypoints(map, options);
        FAIL() << "built 16 million points";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("would place about 16000000 points"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace aoilab
