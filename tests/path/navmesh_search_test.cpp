// Navmesh polygon A* one step at a time: stepping to the end gives exactly what run() gives (same
// closed order, corridor, path), and every step reports the polygons it closed, opened and updated
// consistently with the search state.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "path/movingai.h"
#include "path/navmesh.h"
#include "path/navmesh_search.h"

namespace aoilab {
namespace {

const std::string kMaps = std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/";

struct Stepped {
    NavPath path;
    std::vector<int> closedOrder;
    std::size_t steps = 0;
};

// Steps a query to the end, checking each step against the search state as it goes.
Stepped stepToEnd(const NavMesh& mesh, NavMeshSearch& search, Vec2 a, Vec2 b) {
    Stepped out;
    search.start(a, b);
    std::set<int> everOpened;
    if (search.status() == NavSearchStatus::Running) everOpened.insert(search.startPolygon());
    while (search.status() == NavSearchStatus::Running) {
        std::vector<int> frontier = search.openPolygons();
        const NavSearchStep& step = search.step();
        ++out.steps;
        if (step.changes.empty()) {
            EXPECT_EQ(step.status, NavSearchStatus::NoPath);
            EXPECT_TRUE(frontier.empty());
            continue;
        }
        const NavPolygonChange& closed = step.changes.front();
        EXPECT_EQ(closed.kind, NavPolygonChange::Kind::Closed);
        EXPECT_FALSE(frontier.empty());
        if (!frontier.empty()) {
            EXPECT_EQ(closed.polygon, frontier.front()) << "the best open polygon is expanded";
        }
        EXPECT_TRUE(search.isClosed(closed.polygon));
        out.closedOrder.push_back(closed.polygon);
        for (std::size_t i = 1; i < step.changes.size(); ++i) {
            const NavPolygonChange& c = step.changes[i];
            EXPECT_NE(c.kind, NavPolygonChange::Kind::Closed);
            EXPECT_EQ(c.parent, closed.polygon);
            EXPECT_TRUE(search.isOpen(c.polygon));
            EXPECT_EQ(search.parent(c.polygon), closed.polygon);
            // Each change is a neighbour entered through its portal.
            bool viaLink = false;
            for (const NavLink& link : mesh.polygons()[static_cast<std::size_t>(closed.polygon)].links)
                if (link.polygon == c.polygon) viaLink = c.entry == Vec2{(link.a.x + link.b.x) / 2, (link.a.y + link.b.y) / 2};
            EXPECT_TRUE(viaLink);
            EXPECT_GE(c.f + 1e-9, c.g);
            if (c.kind == NavPolygonChange::Kind::Opened) {
                EXPECT_TRUE(everOpened.insert(c.polygon).second) << "opened twice";
            } else {
                EXPECT_TRUE(everOpened.count(c.polygon)) << "updated before being opened";
            }
            // The state holds the last change of each polygon in this step.
            if (std::none_of(step.changes.begin() + static_cast<std::ptrdiff_t>(i) + 1, step.changes.end(),
                             [&](const NavPolygonChange& later) { return later.polygon == c.polygon; })) {
                EXPECT_EQ(search.g(c.polygon), c.g);
            }
        }
    }
    EXPECT_EQ(search.closedPolygons(), out.closedOrder);
    out.path = search.run();  // already finished: just the result
    return out;
}

void expectStepEqualsRun(const NavMesh& mesh, int queries, unsigned seed) {
    std::mt19937 random(seed);
    NavMeshSearch stepped(mesh), fast(mesh);  // one object each, reused across queries
    int found = 0, total = 0;
    for (int q = 0; q < queries; ++q) {
        Vec2 a{(random() % (mesh.width() * 8)) / 8.0 + 0.0625, (random() % (mesh.height() * 8)) / 8.0 + 0.0625};
        Vec2 b{(random() % (mesh.width() * 8)) / 8.0 + 0.0625, (random() % (mesh.height() * 8)) / 8.0 + 0.0625};
        Stepped s = stepToEnd(mesh, stepped, a, b);
        fast.start(a, b);
        NavPath r = fast.run();
        NavPath viaMesh = mesh.findPath(a, b);
        ASSERT_EQ(s.path.found, r.found);
        EXPECT_EQ(s.path.polygons, r.polygons);
        EXPECT_EQ(s.path.points, r.points);
        EXPECT_EQ(s.path.length, r.length);
        EXPECT_EQ(s.path.polygonsExpanded, r.polygonsExpanded);
        EXPECT_EQ(fast.closedPolygons(), s.closedOrder);
        EXPECT_EQ(s.path.polygonsExpanded, s.closedOrder.size());
        EXPECT_EQ(viaMesh.polygons, r.polygons);
        EXPECT_EQ(viaMesh.length, r.length);
        ++total;
        if (r.found) {
            ++found;
            EXPECT_EQ(r.polygons, stepped.corridor());
            EXPECT_EQ(s.closedOrder.back(), mesh.polygonAt(b));
        }
        if (::testing::Test::HasFatalFailure()) return;
    }
    EXPECT_GE(found, 10);
    EXPECT_EQ(total, queries);
}

TEST(NavmeshSearchStep, StepToEndEqualsRunOnDen312d) {
    NavMesh mesh = NavMesh::build(readMovingAiMap(kMaps + "dao/den312d.map"));
    expectStepEqualsRun(mesh, 120, 1);
}

TEST(NavmeshSearchStep, StepToEndEqualsRunAcrossTiles) {
    std::mt19937 random(8);
    GridMap map(70, 50);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (random() % 100 < 22) map.setPassable(x, y, false);
    NavMeshOptions options;
    options.tileSize = 16;
    NavMesh mesh = NavMesh::build(map, options);
    ASSERT_GT(mesh.tiles().size(), 1u);
    expectStepEqualsRun(mesh, 120, 2);
}

TEST(NavmeshSearchStep, UpdatesAreReported) {
    // An open room with a pillar: polygons get reached from more than one side, and at least one
    // query somewhere improves an open polygon.
    GridMap map = GridMap::fromRows({"..........",
                                     "..........",
                                     "...@@@@...",
                                     "...@@@@...",
                                     "..........",
                                     "..........",
                                     "...@..@...",
                                     ".........."});
    NavMesh mesh = NavMesh::build(map);
    NavMeshSearch search(mesh);
    int updates = 0, opened = 0;
    for (int sx = 0; sx < 10; ++sx)
        for (int gy = 0; gy < 8; ++gy) {
            search.start({sx + 0.5, 0.5}, {9.5 - sx, gy + 0.5});
            while (search.status() == NavSearchStatus::Running)
                for (const NavPolygonChange& c : search.step().changes) {
                    updates += c.kind == NavPolygonChange::Kind::Updated ? 1 : 0;
                    opened += c.kind == NavPolygonChange::Kind::Opened ? 1 : 0;
                }
        }
    EXPECT_GT(opened, 0);
    EXPECT_GT(updates, 0);
}

TEST(NavmeshSearchStep, IdleNoPathAndStartEqualsGoal) {
    GridMap map = GridMap::fromRows({"..@..", "..@..", "..@.."});
    NavMesh mesh = NavMesh::build(map);
    NavMeshSearch search(mesh);
    EXPECT_EQ(search.status(), NavSearchStatus::Idle);
    EXPECT_EQ(search.step().status, NavSearchStatus::Idle);
    EXPECT_TRUE(search.step().changes.empty());
    // Blocked or off-map end: NoPath at once.
    search.start({2.5, 0.5}, {0.5, 0.5});
    EXPECT_EQ(search.status(), NavSearchStatus::NoPath);
    EXPECT_FALSE(search.run().found);
    // Two rooms with a wall between: the search runs dry.
    search.start({0.5, 0.5}, {4.5, 2.5});
    std::size_t steps = 0;
    while (search.status() == NavSearchStatus::Running && steps < 100) {
        search.step();
        ++steps;
    }
    EXPECT_EQ(search.status(), NavSearchStatus::NoPath);
    EXPECT_TRUE(search.corridor().empty());
    EXPECT_TRUE(search.openPolygons().empty());
    // Start and goal in one polygon: one step closes it.
    search.start({0.5, 0.5}, {1.5, 2.5});
    const NavSearchStep& one = search.step();
    EXPECT_EQ(one.status, NavSearchStatus::Found);
    ASSERT_EQ(one.changes.size(), 1u);
    EXPECT_EQ(search.corridor(), std::vector<int>{mesh.polygonAt({0.5, 0.5})});
    NavPath path = search.run();
    ASSERT_TRUE(path.found);
    EXPECT_EQ(path.points.size(), 2u);
    EXPECT_DOUBLE_EQ(path.length, std::hypot(1.0, 2.0));
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The portal-midpoint path: from the start through every portal's middle to the goal, never shorter
// than the funnel's straight path over the same corridor.
TEST(PortalMidpoints, TheMidpointPathCrossesEveryPortalAndIsNeverShorterThanTheFunnel) {
    GridMap map = readMovingAiMap(std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/dao/arena.map");
    NavMesh mesh = NavMesh::build(map);
    Vec2 start{1.5, 7.5}, goal{47.5, 46.5};
    NavPath funnel = mesh.findPath(start, goal);
    ASSERT_TRUE(funnel.found);
    std::vector<NavPortal> portals = mesh.portals(funnel.polygons);
    std::vector<Vec2> mid = portalMidpointPath(start, goal, portals);
    ASSERT_EQ(mid.size(), portals.size() + 2);
    EXPECT_EQ(mid.front(), start);
    EXPECT_EQ(mid.back(), goal);
    double length = 0;
    for (std::size_t i = 0; i + 1 < mid.size(); ++i) length += std::hypot(mid[i + 1].x - mid[i].x, mid[i + 1].y - mid[i].y);
    EXPECT_GE(length, funnel.length - 1e-9);
    for (std::size_t k = 0; k < portals.size(); ++k) {
        EXPECT_DOUBLE_EQ(mid[k + 1].x, (portals[k].left.x + portals[k].right.x) / 2);
        EXPECT_DOUBLE_EQ(mid[k + 1].y, (portals[k].left.y + portals[k].right.y) / 2);
    }
}

}  // namespace
}  // namespace aoilab
