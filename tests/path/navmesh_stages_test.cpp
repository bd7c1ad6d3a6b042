// The navmesh build's recorded stages (the maps workbench's timeline): one record per tile, the
// walkable cells equal to the tile's free cells (the outside oracle: the map), every walkable cell in
// a region, contours on grid points inside the tile, the polygons the same as a build that records
// nothing, and the records refused up front past their budget.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/error.h"
#include "path/movingai.h"
#include "path/navmesh.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

using test::randomMap;

void expectStagesMatchTheMap(const GridMap& map, const NavMesh& mesh) {
    ASSERT_EQ(mesh.stages().size(), mesh.tiles().size());
    for (std::size_t t = 0; t < mesh.tiles().size(); ++t) {
        SCOPED_TRACE("tile " + std::to_string(t));
        const NavTile& tile = mesh.tiles()[t];
        const NavTileStages& s = mesh.stages()[t];
        const std::size_t cells = static_cast<std::size_t>(tile.width) * static_cast<std::size_t>(tile.height);
        ASSERT_EQ(s.walkable.size(), cells);
        ASSERT_EQ(s.region.size(), cells);
        std::set<int> ids;
        for (int y = 0; y < tile.height; ++y)
            for (int x = 0; x < tile.width; ++x) {
                std::size_t i = static_cast<std::size_t>(y * tile.width + x);
                ASSERT_EQ(s.walkable[i] == 1, map.passable(tile.x + x, tile.y + y)) << x << "," << y;
                if (!s.walkable[i]) {
                    EXPECT_EQ(s.region[i], 0);
                }
                if (s.region[i]) ids.insert(s.region[i]);
            }
        EXPECT_EQ(static_cast<std::size_t>(s.regionCount), ids.size());
        for (const NavContour& c : s.contours) {
            EXPECT_TRUE(ids.count(c.region)) << "contour of region " << c.region;
            EXPECT_GE(c.vertices.size(), 3u);
            for (Vec2 v : c.vertices) {
                EXPECT_EQ(v.x, std::floor(v.x));
                EXPECT_EQ(v.y, std::floor(v.y));
                EXPECT_GE(v.x, tile.x);
                EXPECT_LE(v.x, tile.x + tile.width);
                EXPECT_GE(v.y, tile.y);
                EXPECT_LE(v.y, tile.y + tile.height);
            }
        }
        // A tile with free cells has regions and contours, and its polygons follow.
        if (std::count(s.walkable.begin(), s.walkable.end(), 1) > 3) {
            EXPECT_GT(s.regionCount, 0);
            EXPECT_FALSE(s.contours.empty());
            EXPECT_GT(tile.polygonCount, 0);
        }
    }
}

void expectSamePolygons(const NavMesh& a, const NavMesh& b) {
    ASSERT_EQ(a.polygons().size(), b.polygons().size());
    ASSERT_EQ(a.tiles().size(), b.tiles().size());
    for (std::size_t i = 0; i < a.polygons().size(); ++i) {
        ASSERT_EQ(a.polygons()[i].vertices.size(), b.polygons()[i].vertices.size());
        for (std::size_t k = 0; k < a.polygons()[i].vertices.size(); ++k) {
            EXPECT_EQ(a.polygons()[i].vertices[k].x, b.polygons()[i].vertices[k].x);
            EXPECT_EQ(a.polygons()[i].vertices[k].y, b.polygons()[i].vertices[k].y);
        }
    }
}

TEST(NavmeshStages, RecordedStagesMatchTheMapAndLeaveThePolygonsAsTheyWere) {
    for (unsigned seed : {1u, 2u, 3u}) {
        SCOPED_TRACE(seed);
        GridMap map = randomMap(70, 50, 0.08 * seed, seed);
        NavMeshOptions options;
        options.tileSize = 32;
        options.maxOutlinePerTile = 0;
        NavMesh plain = NavMesh::build(map, options);
        EXPECT_TRUE(plain.stages().empty());
        EXPECT_EQ(plain.stageBytes(), 0u);
        options.recordStages = true;
        NavMesh recorded = NavMesh::build(map, options);
        expectStagesMatchTheMap(map, recorded);
        expectSamePolygons(plain, recorded);
        EXPECT_GT(recorded.stageBytes(), 0u);
        EXPECT_LE(recorded.stageBytes(), navStageBytesNeeded(map));  // the bound holds
    }
}

TEST(NavmeshStages, ArenaRecordsEveryTileWithinTheBound) {
    GridMap map = readMovingAiMap(std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/dao/arena.map");
    NavMeshOptions options;
    options.recordStages = true;
    NavMesh mesh = NavMesh::build(map, options);
    expectStagesMatchTheMap(map, mesh);
    EXPECT_EQ(mesh.polygons().size(), NavMesh::build(map).polygons().size());
    EXPECT_LE(mesh.stageBytes(), navStageBytesNeeded(map));
}

TEST(NavmeshStages, RecordsPastTheirBudgetAreRefusedBeforeTheWork) {
    GridMap map(64, 64);
    NavMeshOptions options;
    options.recordStages = true;
    options.stageBudgetBytes = navStageBytesNeeded(map) - 1;
    bool called = false;
    options.progress = [&](std::size_t, std::size_t) { return called = true; };
    try {
        NavMesh::build(map, options);
        FAIL() << "expected a refusal";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("64 x 64"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(called);  // refused before any tile
    options.stageBudgetBytes = navStageBytesNeeded(map);
    EXPECT_EQ(NavMesh::build(map, options).stages().size(), 1u);
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The memory budget: the estimate bounds what the build keeps (on the samples and random maps of every
// density), and a large legal map is refused before any tile is built.
TEST(NavmeshBudget, TheEstimateBoundsTheMeshOnSamplesAndRandomMaps) {
    std::vector<GridMap> maps;
    for (const char* name : {"dao/arena.map", "dao/den312d.map", "rooms/16room_000.map"})
        maps.push_back(readMovingAiMap(std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/" + name));
    for (unsigned seed = 1; seed <= 6; ++seed) maps.push_back(test::randomMap(90, 70, 0.07 * seed, seed));
    maps.push_back(GridMap(200, 150));  // open: the tiles' polygons, no corners
    for (const GridMap& map : maps) {
        SCOPED_TRACE(std::to_string(map.width()) + " x " + std::to_string(map.height()));
        NavMesh mesh = NavMesh::build(map);
        NavMeshEstimate e = estimateNavMeshBytes(map, NavMeshOptions{}.tileSize);
        EXPECT_GE(e.polygons, mesh.polygons().size());
        EXPECT_GE(e.bytes, mesh.memoryBytes());
        EXPECT_LE(e.bytes, std::max<std::size_t>(40 * mesh.memoryBytes(), 1u << 20));  // not absurdly far above
    }
}

TEST(NavmeshBudget, ALargeLegalMapIsRefusedBeforeTheWork) {
    GridMap map = test::randomMap(4096, 4096, 0.10, 9);
    NavMeshOptions options;
    bool started = false;
    options.progress = [&](std::size_t, std::size_t) { return started = true; };
    try {
        NavMesh::build(map, options);
        FAIL() << "expected a refusal";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("4096 x 4096"), std::string::npos) << message;
        EXPECT_NE(message.find("MiB, more than the budget of 1024 MiB"), std::string::npos) << message;
        EXPECT_EQ(message, navMeshBudgetRefusal(map, options));
    }
    EXPECT_FALSE(started);
    // The same map with a budget that fits it would be built: the rule is the budget, not the size.
    options.budgetBytes = estimateNavMeshBytes(map, options.tileSize).bytes;
    EXPECT_EQ(navMeshBudgetRefusal(map, options), "");
    // A normal map is accepted under the default budget.
    EXPECT_EQ(navMeshBudgetRefusal(test::randomMap(512, 512, 0.10, 1), NavMeshOptions{}), "");
}

}  // namespace
}  // namespace aoilab
