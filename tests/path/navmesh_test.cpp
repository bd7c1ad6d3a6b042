// Navmesh: convex polygons that tile the free cells exactly, adjacency through shared edges, funnel
// paths that never enter a blocked cell, and the same connectivity as Detour and as the grid.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "core/error.h"
#include "path/grid_search.h"
#include "path/movingai.h"
#include "path/navmesh.h"
#include "path/navmesh_detour.h"
#include "path_test_util.h"

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

using test::randomMap;

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

// Adjacent polygons share an edge. Inside a tile that is the whole edge (same end points, walked the
// other way, and the neighbour points back); across a tile border the two polygons' edges lie on the
// same border line and overlap, and the portal is exactly the overlapping part (the tiles' vertices
// along a border need not match). Every link has its mirror image in the neighbour.
bool onSegment(Vec2 p, Vec2 a, Vec2 b) {
    return cross(a, b, p) == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
           p.y <= std::max(a.y, b.y);
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
            int links = 0;
            for (const NavLink& link : p.links)
                if (link.polygon == j) links += link.edge == static_cast<int>(k) && link.a == a && link.b == b ? 1 : 100;
            EXPECT_EQ(links, 1) << "a whole shared edge is one link with the whole edge as portal";
        }
        std::set<int> linked;
        for (const NavLink& link : p.links) {
            ASSERT_GE(link.polygon, 0);
            ASSERT_LT(static_cast<std::size_t>(link.polygon), polygons.size());
            ASSERT_NE(link.polygon, static_cast<int>(i));
            EXPECT_TRUE(linked.insert(link.polygon).second) << "two links from " << i << " to " << link.polygon;
            ASSERT_GE(link.edge, 0);
            ASSERT_LT(static_cast<std::size_t>(link.edge), p.vertices.size());
            Vec2 a = p.vertices[static_cast<std::size_t>(link.edge)], b = p.vertices[(static_cast<std::size_t>(link.edge) + 1) % p.vertices.size()];
            EXPECT_FALSE(link.a == link.b) << "a portal of zero length";
            EXPECT_TRUE(onSegment(link.a, a, b) && onSegment(link.b, a, b)) << "portal off its edge";
            // In the edge's direction.
            EXPECT_GT((link.b.x - link.a.x) * (b.x - a.x) + (link.b.y - link.a.y) * (b.y - a.y), 0);
            const NavPolygon& q = polygons[static_cast<std::size_t>(link.polygon)];
            bool mirrored = false;
            for (const NavLink& back : q.links) {
                if (back.polygon != static_cast<int>(i)) continue;
                Vec2 c = q.vertices[static_cast<std::size_t>(back.edge)], d = q.vertices[(static_cast<std::size_t>(back.edge) + 1) % q.vertices.size()];
                mirrored = back.a == link.b && back.b == link.a && onSegment(c, a, b) + onSegment(d, a, b) + onSegment(a, c, d) + onSegment(b, c, d) >= 2;
            }
            EXPECT_TRUE(mirrored) << "link " << i << " -> " << link.polygon << " has no mirror image";
            if (p.tile == q.tile) {
                EXPECT_TRUE(link.a == a && link.b == b) << "inside a tile a portal is the whole edge";
            }
        }
    }
}

// Every unit step of a tile border with free cells on both sides lies in a portal between a polygon
// of one tile and a polygon of the other. (Not necessarily the polygons owning the two cells: a
// polygon edge may cut a cell diagonally.)
void expectTileBordersLinked(const GridMap& map, const NavMesh& mesh) {
    auto covered = [&](const NavTile& tile, int otherTile, Vec2 a, Vec2 b) {
        for (int i = tile.firstPolygon; i < tile.firstPolygon + tile.polygonCount; ++i)
            for (const NavLink& link : mesh.polygons()[static_cast<std::size_t>(i)].links)
                if (mesh.polygons()[static_cast<std::size_t>(link.polygon)].tile == otherTile && onSegment(a, link.a, link.b) &&
                    onSegment(b, link.a, link.b))
                    return true;
        return false;
    };
    int columns = 0;
    for (const NavTile& tile : mesh.tiles()) columns = std::max(columns, tile.column + 1);
    int crossings = 0;
    for (std::size_t t = 0; t < mesh.tiles().size(); ++t) {
        const NavTile& tile = mesh.tiles()[t];
        if (tile.x + tile.width < map.width()) {
            int x = tile.x + tile.width;
            for (int y = tile.y; y < tile.y + tile.height; ++y) {
                if (!map.passable(x - 1, y) || !map.passable(x, y)) continue;
                ++crossings;
                ASSERT_TRUE(covered(tile, static_cast<int>(t) + 1, {double(x), double(y)}, {double(x), y + 1.0}))
                    << "no portal at x=" << x << " y=" << y;
            }
        }
        if (tile.y + tile.height < map.height()) {
            int y = tile.y + tile.height;
            for (int x = tile.x; x < tile.x + tile.width; ++x) {
                if (!map.passable(x, y - 1) || !map.passable(x, y)) continue;
                ++crossings;
                ASSERT_TRUE(covered(tile, static_cast<int>(t) + columns, {double(x), double(y)}, {x + 1.0, double(y)}))
                    << "no portal at x=" << x << " y=" << y;
            }
        }
    }
    if (mesh.tiles().size() > 1) {
        EXPECT_GT(crossings, 0);
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
        for (const NavLink& link : mesh.polygons()[i].links)
            parent[static_cast<std::size_t>(find(static_cast<int>(i)))] = find(link.polygon);
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
    // Detour stores a cross-tile portal as a fraction of the edge in 1/255 steps (dtLink bmin/bmax),
    // so its straight path may clip a blocked corner by up to an edge length / 255 there.
    const double detourMargin = mesh.tiles().size() > 1 ? mesh.tileSize() / 255.0 + 1e-4 : 1e-4;
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
                            ASSERT_FALSE(entersCell(p, r, x, y, detourMargin)) << "Detour path crosses blocked cell " << x << "," << y;
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

// Entities in my polygon against geometry. An entity's polygon is the one holding its cell's centre: checked
// against every polygon's shape (a centre on a diagonal edge shared by two polygons may go to either,
// never to a third; a cell on a wall to none). The entities in my polygon are then exactly those whose
// polygon is mine. Entities stand anywhere in their cells, on walls too.
TEST(NavmeshEntities, EntitiesInMyPolygonAreThoseWhoseCellsItHolds) {
    auto insideOrOnEdge = [](const NavPolygon& p, Vec2 q) {
        for (std::size_t i = 0; i < p.vertices.size(); ++i)
            if (cross(p.vertices[i], p.vertices[(i + 1) % p.vertices.size()], q) < 0) return false;
        return true;
    };
    std::mt19937 random(31);
    int shared = 0, onWalls = 0, onEdges = 0;
    for (int trial = 0; trial < 4; ++trial) {
        SCOPED_TRACE(trial);
        GridMap map = randomMap(random, 24 + trial * 5, 18 + trial * 3, 15);
        NavMesh mesh = NavMesh::build(map);
        ASSERT_TRUE(mesh.exactTiling());
        std::uniform_real_distribution<double> x(0, map.width()), y(0, map.height());
        std::vector<PositionedEntity> entities;
        for (EntityId id = 1; id <= 150; ++id) entities.push_back({id, {x(random), y(random)}});
        std::map<EntityId, int> polygonOf;
        for (const PositionedEntity& e : entities) {
            const Vec2 centre{std::floor(e.position.x) + 0.5, std::floor(e.position.y) + 0.5};
            std::vector<int> holding;
            for (std::size_t i = 0; i < mesh.polygons().size(); ++i)
                if (insideOrOnEdge(mesh.polygons()[i], centre)) holding.push_back(static_cast<int>(i));
            const int engine = mesh.polygonAt(e.position);
            if (holding.empty()) ASSERT_EQ(engine, -1) << e.id;
            else ASSERT_NE(std::find(holding.begin(), holding.end(), engine), holding.end()) << e.id;
            polygonOf[e.id] = engine;
            onEdges += holding.size() > 1 ? 1 : 0;
        }
        for (const PositionedEntity& selected : entities) {
            const int mine = polygonOf[selected.id];
            std::vector<EntityId> expected;
            if (mine >= 0)
                for (const PositionedEntity& e : entities)
                    if (polygonOf[e.id] == mine) expected.push_back(e.id);
            ASSERT_EQ(mesh.entitiesInPolygonOf(selected.position, entities), expected) << selected.id;
            shared += expected.size() > 1 ? 1 : 0;
            onWalls += mine < 0 ? 1 : 0;
        }
    }
    EXPECT_GT(shared, 100);  // not vacuous: polygons hold several entities...
    EXPECT_GT(onWalls, 10);  // ...some entities stand on walls...
    EXPECT_GT(onEdges, 0);   // ...and some cells' centres lie on an edge two polygons share
    // Outside the map: nobody. On one open polygon: everybody on the map.
    GridMap open(4, 4);
    NavMesh mesh = NavMesh::build(open);
    ASSERT_EQ(mesh.polygons().size(), 1u);
    EXPECT_TRUE(mesh.entitiesInPolygonOf({-1, 2}, {{1, {-1, 2}}, {2, {1, 1}}}).empty());
    EXPECT_EQ(mesh.entitiesInPolygonOf({1, 1}, {{1, {-1, 2}}, {2, {1, 1}}, {3, {3.9, 3.9}}}), (std::vector<EntityId>{2, 3}));
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

// Tiles cover the map without overlap, and each polygon lies inside its tile.
void expectTilesPartitionTheMap(const GridMap& map, const NavMesh& mesh) {
    std::vector<int> cover(static_cast<std::size_t>(map.cellCount()), 0);
    int polygons = 0;
    for (std::size_t t = 0; t < mesh.tiles().size(); ++t) {
        const NavTile& tile = mesh.tiles()[t];
        ASSERT_LE(tile.width, mesh.tileSize());
        ASSERT_LE(tile.height, mesh.tileSize());
        EXPECT_EQ(tile.x, tile.column * mesh.tileSize());
        EXPECT_EQ(tile.y, tile.row * mesh.tileSize());
        for (int y = tile.y; y < tile.y + tile.height; ++y)
            for (int x = tile.x; x < tile.x + tile.width; ++x) ++cover[static_cast<std::size_t>(map.index(x, y))];
        EXPECT_EQ(tile.firstPolygon, polygons);
        EXPECT_EQ(tile.recast.polygonCount(), tile.polygonCount);
        polygons += tile.polygonCount;
        for (int i = tile.firstPolygon; i < tile.firstPolygon + tile.polygonCount; ++i) {
            const NavPolygon& p = mesh.polygons()[static_cast<std::size_t>(i)];
            EXPECT_EQ(p.tile, static_cast<int>(t));
            for (Vec2 v : p.vertices) {
                ASSERT_TRUE(v.x >= tile.x && v.x <= tile.x + tile.width && v.y >= tile.y && v.y <= tile.y + tile.height)
                    << "polygon " << i << " leaves tile " << t;
            }
        }
    }
    EXPECT_EQ(polygons, static_cast<int>(mesh.polygons().size()));
    for (int c : cover) ASSERT_EQ(c, 1);
}

void expectAllProperties(const GridMap& map, const NavMesh& mesh, int queries, unsigned seed) {
    EXPECT_TRUE(mesh.exactTiling());
    expectTilesPartitionTheMap(map, mesh);
    expectExactConvexTiling(map, mesh);
    expectSharedEdges(mesh);
    expectTileBordersLinked(map, mesh);
    expectSameConnectivityAsGrid(map, mesh);
    expectPathsAndDetourAgree(map, mesh, queries, seed);
}

TEST(NavmeshTiles, RandomMapsInSmallTiles) {
    std::mt19937 random(123);
    for (int trial = 0; trial < 6; ++trial) {
        SCOPED_TRACE(trial);
        GridMap map = randomMap(random, 40 + trial * 7, 35 + trial * 5, 8 + trial * 5);
        NavMeshOptions options;
        options.tileSize = trial % 2 == 0 ? 16 : 24;
        options.maxOutlinePerTile = 0;
        NavMesh mesh = NavMesh::build(map, options);
        EXPECT_EQ(mesh.tileSize(), options.tileSize);
        EXPECT_GT(mesh.tiles().size(), 3u);
        expectAllProperties(map, mesh, 150, static_cast<unsigned>(trial));
        if (HasFatalFailure()) return;
    }
}

TEST(NavmeshTiles, OpenMapLinksAcrossEveryBorder) {
    // No obstacles: every tile border is walkable along its whole length, and paths cross tiles in
    // a straight line.
    GridMap map(50, 37);
    NavMeshOptions options;
    options.tileSize = 16;
    NavMesh mesh = NavMesh::build(map, options);
    ASSERT_EQ(mesh.tiles().size(), 12u);  // 4 columns x 3 rows, the last ones cut short
    EXPECT_EQ(mesh.tiles().back().width, 2);
    EXPECT_EQ(mesh.tiles().back().height, 5);
    expectAllProperties(map, mesh, 60, 9);
    NavPath path = mesh.findPath({0.5, 0.5}, {49.5, 36.5});
    ASSERT_TRUE(path.found);
    EXPECT_EQ(path.points.size(), 2u);
    EXPECT_GT(path.polygons.size(), 3u);  // it crossed tiles
}

TEST(NavmeshTiles, LoneCellOnATileBorderGetsASquareLinkedAcross) {
    // Cell (15, 3) is free, its neighbours inside its tile are blocked, and (16, 3) in the next tile
    // is free: Recast leaves the cell out of its tile, the square fills it and links across.
    GridMap map(32, 8);
    map.setPassable(14, 3, false);
    map.setPassable(15, 2, false);
    map.setPassable(15, 4, false);
    NavMeshOptions options;
    options.tileSize = 16;
    NavMesh mesh = NavMesh::build(map, options);
    expectAllProperties(map, mesh, 80, 3);
    int square = mesh.polygonOfCell(15, 3);
    ASSERT_GE(square, 0);
    EXPECT_EQ(mesh.polygons()[static_cast<std::size_t>(square)].area, 1.0);
    ASSERT_EQ(mesh.polygons()[static_cast<std::size_t>(square)].links.size(), 1u);
    EXPECT_EQ(mesh.polygons()[static_cast<std::size_t>(square)].links[0].polygon, mesh.polygonOfCell(16, 3));
    NavPath path = mesh.findPath({15.5, 3.5}, {30.5, 7.5});
    EXPECT_TRUE(path.found);
    DetourNavigator detour(mesh);
    EXPECT_TRUE(detour.findPath({15.5, 3.5}, {30.5, 7.5}).complete);
}

TEST(NavmeshTiles, MonotoneFallbackIsPerTile) {
    // The left tile has obstacles in open ground (watershed regions wrap around them); the right
    // tile is open and keeps watershed.
    GridMap map(32, 16);
    map.setPassable(5, 6, false);
    map.setPassable(8, 2, false);
    map.setPassable(10, 11, false);
    NavMeshOptions options;
    options.tileSize = 16;
    NavMesh mesh = NavMesh::build(map, options);
    ASSERT_EQ(mesh.tiles().size(), 2u);
    EXPECT_EQ(mesh.tiles()[1].partition, NavPartition::Watershed);
    EXPECT_LE(mesh.monotoneTiles(), 1);
    EXPECT_EQ(mesh.partition(), mesh.monotoneTiles() > 0 ? NavPartition::Monotone : NavPartition::Watershed);
    expectAllProperties(map, mesh, 80, 5);
    // Forced watershed in every tile: whether or not it is exact, the build reports it honestly.
    NavMeshOptions watershed = options;
    watershed.partition = NavPartition::Watershed;
    NavMesh plain = NavMesh::build(map, watershed);
    EXPECT_EQ(plain.monotoneTiles(), 0);
    if (!plain.exactTiling()) {
        EXPECT_EQ(mesh.tiles()[0].partition, NavPartition::Monotone);
    }
}

TEST(NavmeshTiles, BadTileSizeIsAnError) {
    GridMap map(10, 10);
    NavMeshOptions options;
    options.tileSize = kMinNavTileSize - 1;
    EXPECT_THROW(NavMesh::build(map, options), InputError);
    options.tileSize = -4;
    EXPECT_THROW(NavMesh::build(map, options), InputError);
}

TEST(NavmeshTiles, Random512BuildsInTilesAndAgreesWithDetour) {
    // One Recast tile cannot hold this map (about 110,000 contour vertices); tiles can. The adaptive
    // size goes down to 32 cells here: at most 1,024 obstacle outline edges per tile.
    GridMap map = readMovingAiMap(kMaps + "random/random512-10-0.map");
    NavMesh mesh = NavMesh::build(map);
    EXPECT_EQ(mesh.tileSize(), 32);
    EXPECT_EQ(mesh.tiles().size(), 256u);
    expectAllProperties(map, mesh, 60, 11);
    // As one tile it fails, and says why.
    NavMeshOptions single;
    single.tileSize = 0;
    try {
        NavMesh::build(map, single);
        ADD_FAILURE() << "one tile should not hold random512-10-0";
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("65,534"), std::string::npos) << error.what();
    }
}

TEST(NavmeshTiles, AdaptiveTileSizeFollowsObstacleDensity) {
    // Open ground keeps the largest tiles; a dense checkerboard of pillars halves them.
    GridMap open(200, 150);
    EXPECT_EQ(NavMesh::build(open).tileSize(), 128);
    GridMap pillars(200, 150);
    for (int y = 1; y < 150; y += 3)
        for (int x = 1; x < 200; x += 3) pillars.setPassable(x, y, false);
    NavMesh mesh = NavMesh::build(pillars);
    EXPECT_LT(mesh.tileSize(), 128);
    EXPECT_GE(mesh.tileSize(), kMinNavTileSize);
    EXPECT_TRUE(mesh.exactTiling());
    expectSameConnectivityAsGrid(pillars, mesh);
    NavMeshOptions fixed;
    fixed.maxOutlinePerTile = 0;
    fixed.tileSize = 64;
    EXPECT_EQ(NavMesh::build(pillars, fixed).tileSize(), 64);
}

TEST(NavmeshTiles, OtherSamplesBuild) {
    // random512-10-0 is built by Random512BuildsInTilesAndAgreesWithDetour.
    for (const char* name : {"dao/arena.map", "dao/den312d.map", "rooms/16room_000.map"}) {
        SCOPED_TRACE(name);
        GridMap map = readMovingAiMap(kMaps + name);
        NavMesh mesh = NavMesh::build(map);
        EXPECT_TRUE(mesh.exactTiling());
        EXPECT_GT(mesh.polygons().size(), 10u);
        expectSameConnectivityAsGrid(map, mesh);
    }
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The build reports every tile, in order, and stops when told to.
TEST(NavmeshProgress, EveryTileIsReportedAndTheBuildCanBeCancelled) {
    GridMap map(100, 70);
    for (int i = 5; i < 60; ++i) map.setPassable(i, i / 2 + 3, false);
    NavMeshOptions options;
    options.tileSize = 32;
    options.maxOutlinePerTile = 0;
    std::vector<std::pair<std::size_t, std::size_t>> calls;
    options.progress = [&](std::size_t done, std::size_t total) {
        calls.push_back({done, total});
        return true;
    };
    NavMesh mesh = NavMesh::build(map, options);
    ASSERT_EQ(mesh.tiles().size(), 12u);  // 4 x 3 tiles of 32
    ASSERT_EQ(calls.size(), 13u);
    for (std::size_t i = 0; i < calls.size(); ++i) EXPECT_EQ(calls[i], (std::pair<std::size_t, std::size_t>{i, 12}));
    std::size_t seen = 0;
    options.progress = [&](std::size_t done, std::size_t) { return ++seen, done < 5; };
    EXPECT_THROW(NavMesh::build(map, options), BuildCancelled);
    EXPECT_EQ(seen, 6u);  // 0 .. 5 tiles: stopped after the fifth
}

}  // namespace
}  // namespace aoilab
