// Navmesh: convex polygons that tile the free cells exactly, adjacency through shared edges, funnel
// paths that never enter a blocked cell, and the same connectivity as Detour and as the grid.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "path/grid_search.h"
#include "path/movingai.h"
#include "path/navmesh.h"
#include "path/navmesh_detour.h"

namespace aoilab {
namespace {

const std::string kMaps = std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/";

double cross(Vec2 o, Vec2 a, Vec2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

bool strictlyInside(const NavPolygon& p, Vec2 q) {
    for (std::size_t i = 0; i < p.vertices.size(); ++i)
        if (cross(p.vertices[i], p.vertices[(i + 1) % p.vertices.size()], q) <= 0) return false;
    return true;
}

// Does the segment pass through the open interior of cell (x, y)? (Touching its border is fine.)
bool entersCell(Vec2 a, Vec2 b, int x, int y, double e = 1e-9) {
    double t0 = 0, t1 = 1;
    double d[2] = {b.x - a.x, b.y - a.y}, s[2] = {a.x, a.y}, lo[2] = {double(x), double(y)}, hi[2] = {x + 1.0, y + 1.0};
    for (int k = 0; k < 2; ++k) {
        if (d[k] == 0) {
            if (s[k] <= lo[k] || s[k] >= hi[k]) return false;
            continue;
        }
        double ta = (lo[k] - s[k]) / d[k], tb = (hi[k] - s[k]) / d[k];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
    }
    if (t1 - t0 <= 1e-12) return false;
    double mx = a.x + (t0 + t1) / 2 * d[0], my = a.y + (t0 + t1) / 2 * d[1];
    return mx > x + e && mx < x + 1 - e && my > y + e && my < y + 1 - e;
}

GridMap randomMap(std::mt19937& random, int width, int height, int blockedPercent) {
    GridMap map(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (static_cast<int>(random() % 100) < blockedPercent) map.setPassable(x, y, false);
    return map;
}

// 4-connected component of every cell (-1 when blocked); with no corner cutting the 8-connected
// grid searches have exactly these components.
std::vector<int> components(const GridMap& map) {
    std::vector<int> label(static_cast<std::size_t>(map.cellCount()), -1);
    int next = 0;
    for (int start = 0; start < map.cellCount(); ++start) {
        GridPoint s = map.point(start);
        if (!map.passable(s) || label[static_cast<std::size_t>(start)] >= 0) continue;
        std::vector<int> stack{start};
        label[static_cast<std::size_t>(start)] = next;
        while (!stack.empty()) {
            GridPoint p = map.point(stack.back());
            stack.pop_back();
            const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (const auto& step : d) {
                int x = p.x + step[0], y = p.y + step[1];
                if (!map.passable(x, y) || label[static_cast<std::size_t>(map.index(x, y))] >= 0) continue;
                label[static_cast<std::size_t>(map.index(x, y))] = next;
                stack.push_back(map.index(x, y));
            }
        }
        ++next;
    }
    return label;
}

void expectExactConvexTiling(const GridMap& map, const NavMesh& mesh) {
    const auto& polygons = mesh.polygons();
    double totalArea = 0;
    for (std::size_t i = 0; i < polygons.size(); ++i) {
        const NavPolygon& p = polygons[i];
        ASSERT_GE(p.vertices.size(), 3u);
        ASSERT_LE(p.vertices.size(), 6u);
        ASSERT_EQ(p.neighbours.size(), p.vertices.size());
        for (std::size_t k = 0; k < p.vertices.size(); ++k) {
            Vec2 a = p.vertices[k], b = p.vertices[(k + 1) % p.vertices.size()], c = p.vertices[(k + 2) % p.vertices.size()];
            EXPECT_GE(cross(a, b, c), 0) << "polygon " << i << " is not convex";
            EXPECT_EQ(a.x, std::round(a.x));
            EXPECT_EQ(a.y, std::round(a.y));
        }
        EXPECT_GT(p.area, 0);
        totalArea += p.area;
    }
    EXPECT_DOUBLE_EQ(totalArea, map.passableCount());
    // Sample points in each cell: a free cell's points lie inside exactly one polygon, a blocked cell's in none.
    const Vec2 samples[3] = {{0.5 + 1e-7, 0.5 + 1.3e-7}, {0.31371, 0.57113}, {0.72131, 0.23779}};
    std::vector<int> hits(static_cast<std::size_t>(map.cellCount()) * 3, 0);
    for (const NavPolygon& p : polygons) {
        double minX = 1e9, minY = 1e9, maxX = -1e9, maxY = -1e9;
        for (Vec2 v : p.vertices) {
            minX = std::min(minX, v.x), minY = std::min(minY, v.y), maxX = std::max(maxX, v.x), maxY = std::max(maxY, v.y);
        }
        for (int y = static_cast<int>(minY); y < static_cast<int>(maxY); ++y)
            for (int x = static_cast<int>(minX); x < static_cast<int>(maxX); ++x)
                for (int s = 0; s < 3; ++s)
                    if (strictlyInside(p, {x + samples[s].x, y + samples[s].y}))
                        ++hits[static_cast<std::size_t>(map.index(x, y)) * 3 + static_cast<std::size_t>(s)];
    }
    for (int c = 0; c < map.cellCount(); ++c) {
        GridPoint cell = map.point(c);
        for (int s = 0; s < 3; ++s)
            ASSERT_EQ(hits[static_cast<std::size_t>(c) * 3 + static_cast<std::size_t>(s)], map.passable(cell) ? 1 : 0)
                << "cell " << cell.x << "," << cell.y;
        EXPECT_EQ(mesh.polygonOfCell(cell.x, cell.y) >= 0, map.passable(cell));
    }
}

void expectSharedEdges(const NavMesh& mesh) {
    const auto& polygons = mesh.polygons();
    for (std::size_t i = 0; i < polygons.size(); ++i) {
        const NavPolygon& p = polygons[i];
        for (std::size_t k = 0; k < p.vertices.size(); ++k) {
            int j = p.neighbours[k];
            if (j < 0) continue;
            ASSERT_LT(static_cast<std::size_t>(j), polygons.size());
            Vec2 a = p.vertices[k], b = p.vertices[(k + 1) % p.vertices.size()];
            const NavPolygon& q = polygons[static_cast<std::size_t>(j)];
            bool shared = false;
            for (std::size_t m = 0; m < q.vertices.size(); ++m)
                if (q.vertices[m] == b && q.vertices[(m + 1) % q.vertices.size()] == a && q.neighbours[m] == static_cast<int>(i))
                    shared = true;
            EXPECT_TRUE(shared) << "polygons " << i << " and " << j << " do not share edge " << k;
        }
    }
}

// Polygon adjacency connects exactly what the grid connects.
void expectSameConnectivityAsGrid(const GridMap& map, const NavMesh& mesh) {
    std::vector<int> parent(mesh.polygons().size());
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int v) {
        while (parent[static_cast<std::size_t>(v)] != v) v = parent[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
        return v;
    };
    for (std::size_t i = 0; i < mesh.polygons().size(); ++i)
        for (int j : mesh.polygons()[i].neighbours)
            if (j >= 0) parent[static_cast<std::size_t>(find(static_cast<int>(i)))] = find(j);
    std::vector<int> label = components(map);
    std::map<int, int> componentOfPolygonSet;  // grid component -> polygon set root
    for (int c = 0; c < map.cellCount(); ++c) {
        if (label[static_cast<std::size_t>(c)] < 0) continue;
        GridPoint cell = map.point(c);
        ASSERT_GE(mesh.polygonOfCell(cell.x, cell.y), 0) << "free cell " << cell.x << "," << cell.y << " has no polygon";
        int root = find(mesh.polygonOfCell(cell.x, cell.y));
        auto [it, inserted] = componentOfPolygonSet.emplace(label[static_cast<std::size_t>(c)], root);
        ASSERT_EQ(it->second, root) << "a grid component is split between unconnected polygons";
    }
    std::set<int> roots;
    for (const auto& [component, root] : componentOfPolygonSet) roots.insert(root);
    EXPECT_EQ(roots.size(), componentOfPolygonSet.size()) << "two grid components share polygons";
}

void expectPathsAndDetourAgree(const GridMap& map, const NavMesh& mesh, int queries, unsigned seed) {
    DetourNavigator detour(mesh);
    std::vector<int> label = components(map);
    std::mt19937 random(seed);
    GridSearch grid;
    int found = 0;
    for (int q = 0; q < queries; ++q) {
        GridPoint s{static_cast<int>(random() % static_cast<unsigned>(map.width())), static_cast<int>(random() % static_cast<unsigned>(map.height()))};
        GridPoint t{static_cast<int>(random() % static_cast<unsigned>(map.width())), static_cast<int>(random() % static_cast<unsigned>(map.height()))};
        if (!map.passable(s) || !map.passable(t)) continue;
        Vec2 a{s.x + 0.5, s.y + 0.5}, b{t.x + 0.5, t.y + 0.5};
        bool connected = label[static_cast<std::size_t>(map.index(s.x, s.y))] == label[static_cast<std::size_t>(map.index(t.x, t.y))];
        NavPath path = mesh.findPath(a, b);
        ASSERT_EQ(path.found, connected) << s.x << "," << s.y << " -> " << t.x << "," << t.y;
        DetourPath reference = detour.findPath(a, b);
        ASSERT_EQ(reference.complete, connected) << "Detour disagrees: " << s.x << "," << s.y << " -> " << t.x << "," << t.y;
        if (reference.complete) {
            // findStraightPath over Detour's own corridor: from start to goal, never through a blocked
            // cell (Detour works in floats, hence the looser margin).
            ASSERT_GE(reference.points.size(), 1u);
            EXPECT_NEAR(reference.points.front().x, a.x, 1e-4);
            EXPECT_NEAR(reference.points.front().y, a.y, 1e-4);
            EXPECT_NEAR(reference.points.back().x, b.x, 1e-4);
            EXPECT_NEAR(reference.points.back().y, b.y, 1e-4);
            for (std::size_t i = 1; i < reference.points.size(); ++i) {
                Vec2 p = reference.points[i - 1], r = reference.points[i];
                for (int y = static_cast<int>(std::floor(std::min(p.y, r.y))); y <= static_cast<int>(std::floor(std::max(p.y, r.y))); ++y)
                    for (int x = static_cast<int>(std::floor(std::min(p.x, r.x))); x <= static_cast<int>(std::floor(std::max(p.x, r.x))); ++x)
                        if (!map.passable(x, y)) {
                            ASSERT_FALSE(entersCell(p, r, x, y, 1e-4)) << "Detour path crosses blocked cell " << x << "," << y;
                        }
            }
        }
        if (!path.found) continue;
        ++found;
        ASSERT_GE(path.points.size(), a == b ? 1u : 2u);
        EXPECT_EQ(path.points.front(), a);
        EXPECT_EQ(path.points.back(), b);
        EXPECT_EQ(path.polygons.front(), mesh.polygonAt(a));
        EXPECT_EQ(path.polygons.back(), mesh.polygonAt(b));
        for (std::size_t i = 1; i < path.points.size(); ++i) {
            Vec2 p = path.points[i - 1], r = path.points[i];
            for (int y = static_cast<int>(std::floor(std::min(p.y, r.y))); y <= static_cast<int>(std::floor(std::max(p.y, r.y))); ++y)
                for (int x = static_cast<int>(std::floor(std::min(p.x, r.x))); x <= static_cast<int>(std::floor(std::max(p.x, r.x))); ++x)
                    if (!map.passable(x, y)) {
                        ASSERT_FALSE(entersCell(p, r, x, y)) << "path crosses blocked cell " << x << "," << y;
                    }
        }
        EXPECT_GE(path.length + 1e-9, std::hypot(b.x - a.x, b.y - a.y));
        // The grid agrees on reachability. (Lengths are not compared: a funnel path may slip past a
        // corner that an 8-direction grid path without corner cutting must walk around.)
        EXPECT_TRUE(grid.find(map, s, t).found());
    }
    EXPECT_GT(found, 0);
}

TEST(NavmeshSamples, ArenaAndDen312d) {
    for (const char* name : {"dao/arena.map", "dao/den312d.map"}) {
        SCOPED_TRACE(name);
        GridMap map = readMovingAiMap(kMaps + name);
        NavMesh mesh = NavMesh::build(map);
        EXPECT_TRUE(mesh.exactTiling());
        EXPECT_GT(mesh.polygons().size(), 10u);
        EXPECT_LT(mesh.polygons().size(), static_cast<std::size_t>(map.passableCount()) / 5);  // far fewer than cells
        expectExactConvexTiling(map, mesh);
        expectSharedEdges(mesh);
        expectSameConnectivityAsGrid(map, mesh);
        expectPathsAndDetourAgree(map, mesh, 300, 4);
    }
}

TEST(NavmeshRandom, SmallRandomMaps) {
    std::mt19937 random(77);
    for (int trial = 0; trial < 8; ++trial) {
        SCOPED_TRACE(trial);
        GridMap map = randomMap(random, 20 + trial * 3, 15 + trial * 2, 10 + trial * 4);
        NavMesh mesh = NavMesh::build(map);
        EXPECT_TRUE(mesh.exactTiling());
        expectExactConvexTiling(map, mesh);
        expectSharedEdges(mesh);
        expectSameConnectivityAsGrid(map, mesh);
        expectPathsAndDetourAgree(map, mesh, 120, static_cast<unsigned>(trial));
        if (HasFatalFailure()) return;
    }
}

TEST(NavmeshFunnel, StraightWhenInSightAndBendsAtTheCorner) {
    // An L-shaped corridor: the straight path bends exactly once, at the inner corner (3,3).
    GridMap map = GridMap::fromRows({"...@@@",
                                     "...@@@",
                                     "...@@@",
                                     "......",
                                     "......",
                                     "......"});
    NavMesh mesh = NavMesh::build(map);
    NavPath path = mesh.findPath({1.5, 0.5}, {5.5, 4.5});
    ASSERT_TRUE(path.found);
    ASSERT_EQ(path.points.size(), 3u);
    EXPECT_EQ(path.points[1], (Vec2{3, 3}));
    EXPECT_NEAR(path.length, std::hypot(1.5, 2.5) + std::hypot(2.5, 1.5), 1e-12);
    NavPath open = mesh.findPath({0.5, 0.5}, {2.5, 5.5});
    ASSERT_TRUE(open.found);
    EXPECT_EQ(open.points.size(), 2u);
    // Blocked or outside ends: no path.
    EXPECT_FALSE(mesh.findPath({4.5, 0.5}, {0.5, 0.5}).found);
    EXPECT_FALSE(mesh.findPath({-1, 0.5}, {0.5, 0.5}).found);
}

TEST(NavmeshFunnel, FunnelOfHandMadePortals) {
    // Two portals that force a zig-zag: the path touches the right end of the first and the left
    // end of the second.
    std::vector<NavPortal> portals = {{{2, 0}, {2, 1}}, {{4, 3}, {4, 4}}};
    // Orientation as NavMesh::portals gives it: triangleArea2(inside, left, right) > 0.
    auto area = [](Vec2 a, Vec2 b, Vec2 c) { return (c.x - a.x) * (b.y - a.y) - (b.x - a.x) * (c.y - a.y); };
    for (NavPortal& p : portals)
        if (area({p.left.x - 1, (p.left.y + p.right.y) / 2}, p.left, p.right) < 0) std::swap(p.left, p.right);
    std::vector<Vec2> path = funnelPath({0, 0.5}, {6, 3.5}, portals);
    ASSERT_EQ(path.size(), 4u);
    EXPECT_EQ(path[1], (Vec2{2, 1}));
    EXPECT_EQ(path[2], (Vec2{4, 3}));
}

TEST(NavmeshPartition, WatershedAroundAHoleIsDetectedAndAutoFallsBackToMonotone) {
    // One blocked cell in open ground: the watershed region wraps around it, which Recast 1.5.1
    // cannot triangulate.
    GridMap map(12, 12);
    map.setPassable(5, 6, false);
    map.setPassable(8, 2, false);
    NavMeshOptions watershed;
    watershed.partition = NavPartition::Watershed;
    NavMesh plain = NavMesh::build(map, watershed);
    EXPECT_EQ(plain.partition(), NavPartition::Watershed);
    NavMesh automatic = NavMesh::build(map);
    EXPECT_TRUE(automatic.exactTiling());
    if (!plain.exactTiling()) {
        EXPECT_EQ(automatic.partition(), NavPartition::Monotone);
    }
    expectExactConvexTiling(map, automatic);
    // A map without holes keeps the watershed polygons.
    NavMesh arena = NavMesh::build(readMovingAiMap(kMaps + "dao/arena.map"));
    EXPECT_EQ(arena.partition(), NavPartition::Watershed);
}

TEST(NavmeshEmpty, AllBlockedMapHasNoPolygons) {
    GridMap map = GridMap::fromRows({"@@", "@@"});
    NavMesh mesh = NavMesh::build(map);
    EXPECT_TRUE(mesh.polygons().empty());
    EXPECT_FALSE(mesh.findPath({0.5, 0.5}, {1.5, 1.5}).found);
    DetourNavigator detour(mesh);
    EXPECT_FALSE(detour.findPath({0.5, 0.5}, {1.5, 1.5}).complete);
}

}  // namespace
}  // namespace aoilab
