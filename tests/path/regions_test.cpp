// Quadtree regions: an exact partition of the map, the right kinds, adjacency checked against the
// shared borders directly, routes refined on the grid, and same-region entity queries.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/error.h"
#include "path/grid_search.h"
#include "path/movingai.h"
#include "path/regions.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

const std::string kMaps = std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/";

using test::randomMap;

void expectExactPartition(const GridMap& map, const RegionMap& regions, int minSize) {
    std::vector<int> owners(static_cast<std::size_t>(map.cellCount()), 0);
    for (std::size_t r = 0; r < regions.regions().size(); ++r) {
        const Region& region = regions.regions()[r];
        ASSERT_GT(region.width, 0);
        ASSERT_GT(region.height, 0);
        ASSERT_LE(region.x + region.width, map.width());
        ASSERT_LE(region.y + region.height, map.height());
        int free = 0;
        for (int y = region.y; y < region.y + region.height; ++y)
            for (int x = region.x; x < region.x + region.width; ++x) {
                ++owners[static_cast<std::size_t>(map.index(x, y))];
                free += map.passable(x, y) ? 1 : 0;
                EXPECT_EQ(regions.regionOfCell(x, y), static_cast<int>(r));
            }
        EXPECT_EQ(region.freeCells, free);
        int area = region.width * region.height;
        switch (region.kind) {
            case RegionKind::Open: EXPECT_EQ(free, area); break;
            case RegionKind::Blocked: EXPECT_EQ(free, 0); break;
            case RegionKind::Mixed:
                EXPECT_GT(free, 0);
                EXPECT_LT(free, area);
                EXPECT_LE(std::max(region.width, region.height), minSize) << "a mixed region larger than the minimum";
                break;
        }
    }
    for (int owner : owners) ASSERT_EQ(owner, 1) << "cells must belong to exactly one region";
}

// Two regions are adjacent when their rectangles share a border segment with a free cell on each side.
void expectAdjacencyMatchesBorders(const GridMap& map, const RegionMap& regions) {
    const auto& list = regions.regions();
    for (std::size_t a = 0; a < list.size(); ++a) {
        for (std::size_t b = a + 1; b < list.size(); ++b) {
            const Region& p = list[a];
            const Region& q = list[b];
            bool touching = false;
            // Vertical border: p's right side against q's left side, or the other way round.
            for (auto [left, right] : {std::pair{&p, &q}, std::pair{&q, &p}}) {
                if (left->x + left->width != right->x) continue;
                for (int y = std::max(left->y, right->y); y < std::min(left->y + left->height, right->y + right->height); ++y)
                    touching = touching || (map.passable(right->x - 1, y) && map.passable(right->x, y));
            }
            for (auto [top, bottom] : {std::pair{&p, &q}, std::pair{&q, &p}}) {
                if (top->y + top->height != bottom->y) continue;
                for (int x = std::max(top->x, bottom->x); x < std::min(top->x + top->width, bottom->x + bottom->width); ++x)
                    touching = touching || (map.passable(x, bottom->y - 1) && map.passable(x, bottom->y));
            }
            auto ia = static_cast<int>(a), ib = static_cast<int>(b);
            ASSERT_EQ(regions.linkWeight(ia, ib).has_value(), touching) << a << " and " << b;
            ASSERT_EQ(regions.linkWeight(ib, ia).has_value(), touching);
        }
    }
}

TEST(RegionsQuadtree, OpenAndFullyBlockedMapsAreOneRegion) {
    RegionMap open = RegionMap::build(GridMap(10, 6));
    ASSERT_EQ(open.regions().size(), 1u);
    EXPECT_EQ(open.regions()[0].kind, RegionKind::Open);
    GridMap blocked = GridMap::fromRows({"@@@", "@@@"});
    RegionMap closed = RegionMap::build(blocked);
    ASSERT_EQ(closed.regions().size(), 1u);
    EXPECT_EQ(closed.regions()[0].kind, RegionKind::Blocked);
    EXPECT_THROW(RegionMap::build(blocked, RegionOptions{0}), InputError);
}

TEST(RegionsQuadtree, ExactPartitionAndAdjacencyOnRandomMaps) {
    std::mt19937 random(31);
    for (int trial = 0; trial < 10; ++trial) {
        SCOPED_TRACE(trial);
        GridMap map = randomMap(random, 5 + static_cast<int>(random() % 30), 5 + static_cast<int>(random() % 30), 5 + trial * 4);
        int minSize = 1 + trial % 4;
        RegionMap regions = RegionMap::build(map, RegionOptions{minSize});
        expectExactPartition(map, regions, minSize);
        expectAdjacencyMatchesBorders(map, regions);
        if (HasFatalFailure()) return;
    }
}

TEST(RegionsQuadtree, Den312dPartitionAndRoutes) {
    GridMap map = readMovingAiMap(kMaps + "dao/den312d.map");
    RegionMap regions = RegionMap::build(map);
    expectExactPartition(map, regions, 1);
    expectAdjacencyMatchesBorders(map, regions);
    EXPECT_LT(regions.regions().size(), static_cast<std::size_t>(map.cellCount()) / 3);
    GridSearch grid;
    std::mt19937 random(2);
    int routes = 0;
    for (int q = 0; q < 300 && routes < 40; ++q) {
        GridPoint s{static_cast<int>(random() % 65), static_cast<int>(random() % 81)};
        GridPoint t{static_cast<int>(random() % 65), static_cast<int>(random() % 81)};
        if (!map.passable(s) || !map.passable(t)) continue;
        SearchResult optimum = grid.find(map, s, t);
        RegionRoute route = regions.findRoute(map, s, t);
        ASSERT_EQ(route.found, optimum.found());
        if (!route.found) continue;
        ++routes;
        EXPECT_TRUE(route.refinedInCorridor);  // min size 1: no mixed regions, corridors always connect
        EXPECT_EQ(route.regions.front(), regions.regionOfCell(s.x, s.y));
        EXPECT_EQ(route.regions.back(), regions.regionOfCell(t.x, t.y));
        ASSERT_FALSE(route.cells.empty());
        EXPECT_EQ(route.cells.front(), s);
        EXPECT_EQ(route.cells.back(), t);
        std::set<int> corridor(route.regions.begin(), route.regions.end());
        for (GridPoint c : route.cells) {
            EXPECT_TRUE(map.passable(c));
            EXPECT_TRUE(corridor.count(regions.regionOfCell(c.x, c.y))) << "refined path left the corridor";
        }
        EXPECT_GE(route.length + 1e-9, optimum.length);
    }
    EXPECT_GE(routes, 20);
}

TEST(RegionsQuadtree, MixedRegionThatSplitsItsCellsFallsBackToTheWholeMap) {
    // With min size 4 the top-left 4x4 block is one mixed region whose free cells are cut in two by
    // the wall; the route still exists around it.
    GridMap map = GridMap::fromRows({"..@.....",
                                     "..@.....",
                                     "..@.....",
                                     "..@.....",
                                     "........",
                                     "........",
                                     "........",
                                     "........"});
    RegionMap regions = RegionMap::build(map, RegionOptions{4});
    RegionRoute route = regions.findRoute(map, {0, 0}, {3, 0});
    ASSERT_TRUE(route.found);
    EXPECT_EQ(route.regions.size(), 1u);
    EXPECT_FALSE(route.refinedInCorridor);
    EXPECT_EQ(route.cells.back(), (GridPoint{3, 0}));
}

TEST(RegionsQuadtree, EntitiesSharingARegion) {
    GridMap map = GridMap::fromRows({"....@...",
                                     "....@...",
                                     "........",
                                     "........"});
    RegionMap regions = RegionMap::build(map);
    std::vector<PositionedEntity> entities = {{1, {0.5, 0.5}}, {2, {1.5, 1.5}}, {3, {6.5, 0.5}}, {4, {0.5, 3.5}}, {5, {99, 99}}};
    std::vector<EntityId> mine = regions.entitiesInRegionOf({1.2, 0.7}, entities);
    // Brute force: same region index as the asking position.
    std::vector<EntityId> expected;
    for (const auto& e : entities)
        if (regions.regionAt(e.position) == regions.regionAt({1.2, 0.7})) expected.push_back(e.id);
    EXPECT_EQ(mine, expected);
    EXPECT_EQ(mine, (std::vector<EntityId>{1, 2}));
    EXPECT_TRUE(regions.entitiesInRegionOf({4.5, 0.5}, entities).empty());  // blocked
    EXPECT_TRUE(regions.entitiesInRegionOf({-3, 0}, entities).empty());     // outside
}

}  // namespace
}  // namespace aoilab
