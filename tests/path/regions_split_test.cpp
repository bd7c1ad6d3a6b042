// The region build one split at a time: stepping to the end gives RegionMap::build's regions, each
// step splits exactly one mixed node into its quadrants, the partition after N steps (leaves + pending
// nodes) always covers the map once, and the memory budget refuses before the work with the size.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/error.h"
#include "path/graph_search.h"
#include "path/movingai.h"
#include "path/regions.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

bool sameRegion(const Region& a, const Region& b) {
    return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height && a.kind == b.kind && a.depth == b.depth &&
           a.freeCells == b.freeCells;
}

// Every cell covered exactly once by the leaves made so far and the nodes still pending.
void expectCoverOnce(const GridMap& map, const RegionSplitter& splitter) {
    std::vector<int> owners(static_cast<std::size_t>(map.cellCount()), 0);
    auto cover = [&](int x, int y, int w, int h) {
        for (int cy = y; cy < y + h; ++cy)
            for (int cx = x; cx < x + w; ++cx) ++owners[static_cast<std::size_t>(map.index(cx, cy))];
    };
    for (const Region& r : splitter.leaves()) cover(r.x, r.y, r.width, r.height);
    for (const QuadNode& n : splitter.pending()) cover(n.x, n.y, n.width, n.height);
    for (int o : owners) ASSERT_EQ(o, 1);
}

void expectSteppedEqualsOneShot(const GridMap& map, int minSize) {
    RegionOptions options;
    options.minSize = minSize;
    RegionMap oneShot = RegionMap::build(map, options);
    RegionSplitter splitter(map, options);
    std::size_t steps = 0;
    expectCoverOnce(map, splitter);
    while (!splitter.finished()) {
        std::size_t leavesBefore = splitter.leaves().size();
        ASSERT_TRUE(splitter.step());
        ++steps;
        ASSERT_TRUE(splitter.lastSplit().has_value());
        const QuadNode split = *splitter.lastSplit();
        // The node split was mixed and larger than the minimum size.
        EXPECT_EQ(splitter.kindOf(split), RegionKind::Mixed);
        EXPECT_TRUE(split.width > minSize || split.height > minSize);
        EXPECT_EQ(splitter.splits(), steps);
        // Leaves only ever get added, and in the one-shot build's order.
        ASSERT_GE(splitter.leaves().size(), leavesBefore);
        for (std::size_t i = leavesBefore; i < splitter.leaves().size(); ++i)
            ASSERT_TRUE(sameRegion(splitter.leaves()[i], oneShot.regions()[i])) << "leaf " << i << " after split " << steps;
        // The next node to split (the top of the pending stack) is a mixed one: leaves never wait there.
        if (!splitter.pending().empty()) {
            EXPECT_EQ(splitter.kindOf(splitter.pending().back()), RegionKind::Mixed);
        }
        if (steps % 7 == 0) expectCoverOnce(map, splitter);
    }
    EXPECT_FALSE(splitter.step());
    EXPECT_EQ(steps, splitter.totalSplits());
    EXPECT_EQ(steps + oneShot.regions().size(), oneShot.quadtreeNodes());  // inner nodes + leaves
    RegionMap stepped = splitter.finish();
    ASSERT_EQ(stepped.regions().size(), oneShot.regions().size());
    for (std::size_t i = 0; i < stepped.regions().size(); ++i) EXPECT_TRUE(sameRegion(stepped.regions()[i], oneShot.regions()[i]));
    EXPECT_EQ(stepped.linkCount(), oneShot.linkCount());
    EXPECT_EQ(stepped.quadtreeNodes(), oneShot.quadtreeNodes());
    EXPECT_EQ(stepped.maxDepth(), oneShot.maxDepth());
    for (std::size_t i = 0; i < stepped.regions().size(); ++i) {
        auto a = stepped.neighbours(static_cast<int>(i)), b = oneShot.neighbours(static_cast<int>(i));
        ASSERT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end()));
    }
}

TEST(RegionsSplit, SteppingToTheEndGivesTheOneShotBuildOnArena) {
    expectSteppedEqualsOneShot(readMovingAiMap(test::movingAi("maps/dao/arena.map")), 1);
}

TEST(RegionsSplit, SteppingToTheEndGivesTheOneShotBuildOnRandomMaps) {
    std::mt19937 random(11);
    for (int trial = 0; trial < 12; ++trial) {
        int w = 1 + static_cast<int>(random() % 40), h = 1 + static_cast<int>(random() % 40);
        GridMap map = test::randomMap(random, w, h, static_cast<int>(random() % 60));
        expectSteppedEqualsOneShot(map, 1 + trial % 3);
    }
}

TEST(RegionsSplit, AnOpenMapNeedsNoSplit) {
    GridMap open(9, 5);
    RegionSplitter splitter(open);
    EXPECT_TRUE(splitter.finished());
    EXPECT_EQ(splitter.totalSplits(), 0u);
    EXPECT_FALSE(splitter.step());
    EXPECT_EQ(splitter.leaves().size(), 1u);
}

TEST(RegionsSplit, TheFirstSplitIsTheWholeMap) {
    GridMap map = GridMap::fromRows({"....", ".@..", "....", "...."});
    RegionSplitter splitter(map);
    ASSERT_TRUE(splitter.step());
    EXPECT_EQ(*splitter.lastSplit(), (QuadNode{0, 0, 4, 4, 0}));
    // The top-left quadrant is mixed: it is next; the other three became open leaves... after it.
    ASSERT_FALSE(splitter.pending().empty());
    EXPECT_EQ(splitter.pending().back(), (QuadNode{0, 0, 2, 2, 1}));
    EXPECT_EQ(splitter.leaves().size(), 0u);
    ASSERT_TRUE(splitter.step());
    EXPECT_EQ(splitter.leaves().size(), 7u);  // four cells of the quadrant, then its three siblings
    EXPECT_TRUE(splitter.finished());
}

TEST(RegionsBudget, RefusedBeforeTheWorkWithTheSizeNeeded) {
    GridMap map = test::randomMap(256, 256, 0.3, 4);
    RegionOptions options;
    options.budgetBytes = 300'000;  // the cell index alone needs 512 KiB
    try {
        RegionMap::build(map, options);
        FAIL() << "expected a refusal";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("256x256"), std::string::npos) << message;
        EXPECT_NE(message.find("would need 1 MiB"), std::string::npos) << message;
        EXPECT_NE(message.find("budget of 1 MiB"), std::string::npos) << message;  // rounded up
    }
    // Enough for the cells but not the regions: the count is in the message.
    options.budgetBytes = 256 * 256 * 8 + 1000;
    RegionMap fits = RegionMap::build(map);
    try {
        RegionMap::build(map, options);
        FAIL() << "expected a refusal";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(std::to_string(fits.regions().size()) + " regions"), std::string::npos) << e.what();
    }
    // The default budget takes it, and what it holds is within what was estimated.
    RegionSplitter splitter(map);
    EXPECT_LE(fits.memoryBytes() - fits.linkCount() * 8, splitter.bytesNeeded());
}

TEST(RegionsBudget, ProgressIsReportedAndCanCancel) {
    GridMap map = test::randomMap(600, 600, 0.2, 9);
    std::size_t calls = 0, lastTotal = 0;
    RegionMap::build(map, {}, [&](std::size_t done, std::size_t total) {
        ++calls;
        EXPECT_LE(done, total);
        lastTotal = total;
        return true;
    });
    EXPECT_GT(calls, 0u);
    EXPECT_GT(lastTotal, 0u);
    EXPECT_THROW(RegionMap::build(map, {}, [](std::size_t, std::size_t) { return false; }), BuildCancelled);
}

// The region Dijkstra against GraphSearch on the same links as a Graph (an outside oracle).
TEST(RegionsDijkstra, DistancesEqualGraphSearchOnTheSameLinks) {
    std::mt19937 random(3);
    for (int trial = 0; trial < 6; ++trial) {
        GridMap map = test::randomMap(random, 48, 40, 25);
        RegionMap regions = RegionMap::build(map);
        Graph graph;
        for (std::size_t r = 0; r < regions.regions().size(); ++r) graph.addVertex("r" + std::to_string(r), regions.regions()[r].center());
        for (std::size_t r = 0; r < regions.regions().size(); ++r)
            for (int n : regions.neighbours(static_cast<int>(r)))
                graph.addEdge(static_cast<VertexIndex>(r), n, regions.centreDistance(static_cast<int>(r), n));
        EXPECT_EQ(graph.edgeCount(), 2 * regions.linkCount());
        int source = static_cast<int>(random() % regions.regions().size());
        ShortestPathTree tree = dijkstra(graph, source);
        RegionDijkstra search(regions);
        for (int target = 0; target < static_cast<int>(regions.regions().size()); target += 5) {
            search.start(source, target);
            search.run();
            std::vector<int> path = search.path();
            if (!tree.reachable(target)) {
                EXPECT_TRUE(path.empty());
                continue;
            }
            ASSERT_FALSE(path.empty());
            EXPECT_NEAR(search.distance(target), tree.distance[static_cast<std::size_t>(target)], 1e-9);
            double sum = 0;
            for (std::size_t i = 0; i + 1 < path.size(); ++i) sum += *regions.linkWeight(path[i], path[i + 1]);
            EXPECT_NEAR(sum, search.distance(target), 1e-9);
        }
    }
}

}  // namespace
}  // namespace aoilab
