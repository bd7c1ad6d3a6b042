// The maps workbench's model (display-free): exact seeking of the flood, the table's path, refused
// steps, and edits rebuilding every representation.
#include <gtest/gtest.h>

#include <thread>

#include "app/modes/maps/maps_state.h"

namespace aoilab::app {
namespace {

TEST(MapsState, SeekingTheFloodBackAndForthIsExact) {
    MapsState state;
    ASSERT_EQ(state.view(), MapsView::Waypoints);
    ASSERT_GT(state.length(), 40u);
    state.seek(30);
    auto edges = state.flood()->result().graph.edgeCount();
    state.seek(state.length());
    state.seek(10);
    state.seek(30);
    EXPECT_EQ(state.flood()->taken(), 30u);
    EXPECT_EQ(state.flood()->result().graph.edgeCount(), edges);
}

TEST(MapsState, TheTablePathHasTheWaypointPathsLength) {
    MapsState state;
    const MapsQuery& q = state.query();
    ASSERT_TRUE(q.waypoints.found);
    ASSERT_TRUE(q.table.found);
    EXPECT_NEAR(q.table.length, q.waypoints.length, 1e-9);
    EXPECT_TRUE(q.grid.found);
    EXPECT_TRUE(q.funnel.found);
    EXPECT_GE(q.midpoints.length, q.funnel.length - 1e-9);
}

TEST(MapsState, ABadStepIsRefusedAndAWallRebuildsEverything) {
    MapsState state;
    std::size_t points = state.waypoints().graph.vertexCount();
    EXPECT_NE(state.setStep(0), "");
    EXPECT_NE(state.setStep(1e9), "");
    EXPECT_EQ(state.waypoints().graph.vertexCount(), points);
    EXPECT_EQ(state.setStep(1), "");
    EXPECT_GT(state.waypoints().graph.vertexCount(), points);
    std::size_t regions = state.regions().regions().size();
    EXPECT_TRUE(state.paint({0, 5}, true));
    EXPECT_NE(state.regions().regions().size(), regions);
    EXPECT_FALSE(state.paint({0, 5}, true));  // already a wall
    EXPECT_FALSE(state.paint(state.start(), true));  // the query's ends stay free
}

TEST(MapsState, ASeedOnAWallIsRefusedAndAFreeSeedIsKept) {
    MapsState state;
    GridPoint old = state.seed();
    EXPECT_NE(state.setSeed({-1, 0}), "");
    EXPECT_EQ(state.seed(), old);
    GridPoint free{-1, -1}, wall{-1, -1};
    for (int y = 0; y < state.map().height(); ++y)
        for (int x = 0; x < state.map().width(); ++x) {
            GridPoint p{x, y};
            if (state.map().passable(x, y)) { if (free.x < 0 && !(p == old)) free = p; }
            else if (wall.x < 0) wall = p;
        }
    ASSERT_GE(free.x, 0);
    ASSERT_GE(wall.x, 0);
    EXPECT_NE(state.setSeed(wall), "");
    EXPECT_EQ(state.seed(), old);
    EXPECT_EQ(state.setSeed(free), "");
    EXPECT_EQ(state.seed(), free);
    EXPECT_EQ(state.setStep(3), "");
    EXPECT_EQ(state.seed(), free);  // kept across rebuilds
    EXPECT_GT(state.waypoints().graph.vertexCount(), 0u);
}

// The regions timeline steps are the quadtree's splits: at N the engine's splitter has made N splits;
// seeking back and forth lands on the same partition; the end is the built map.
TEST(MapsState, RegionsTimelineStepsAreSplitsAndSeekingIsExact) {
    MapsState state;
    state.setView(MapsView::Regions);
    const std::size_t splits = state.regions().quadtreeNodes() - state.regions().regions().size();
    ASSERT_EQ(state.length(), splits);
    ASSERT_GT(splits, 10u);
    ASSERT_NE(state.regionSplitter(), nullptr);
    EXPECT_TRUE(state.regionSplitter()->finished());
    EXPECT_EQ(state.regionSplitter()->leaves().size(), state.regions().regions().size());
    state.seek(7);
    const std::size_t leaves = state.regionSplitter()->leaves().size();
    const std::size_t pending = state.regionSplitter()->pending().size();
    const QuadNode split = *state.regionSplitter()->lastSplit();
    state.seek(splits);
    state.seek(2);
    state.seek(7);
    EXPECT_EQ(state.regionSplitter()->splits(), 7u);
    EXPECT_EQ(state.regionSplitter()->leaves().size(), leaves);
    EXPECT_EQ(state.regionSplitter()->pending().size(), pending);
    EXPECT_EQ(*state.regionSplitter()->lastSplit(), split);
    // Stepping from a fresh 0 to 7 gives the same.
    RegionSplitter fresh(state.map());
    for (int i = 0; i < 7; ++i) fresh.step();
    EXPECT_EQ(fresh.leaves().size(), leaves);
    EXPECT_EQ(*fresh.lastSplit(), split);
    state.setView(MapsView::Waypoints);
    EXPECT_EQ(state.regionSplitter(), nullptr);
}

// A map above the synchronous size builds its navmesh in the background: the tiles are counted, Cancel
// drops the build, "build again" and an edit start a new one that ends on the edited map.
GridMap largeMap() {
    GridMap map(170, 150);
    for (int x = 20; x < 150; ++x) map.setPassable(x, 70, false);
    return map;
}

void waitForBuild(MapsState& state) {
    while (state.navmeshBuilding()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        state.poll();
    }
}

TEST(MapsState, BackgroundNavmeshCountsTilesAndCanBeCancelled) {
    MapsState state;
    state.setMap(largeMap(), "large");
    ASSERT_TRUE(state.navmeshBuilding());
    state.cancelNavmesh();
    waitForBuild(state);
    EXPECT_TRUE(state.navmeshCancelled());
    EXPECT_EQ(state.navmesh(), nullptr);
    EXPECT_FALSE(state.query().funnel.found);
    state.restartNavmesh();
    EXPECT_FALSE(state.navmeshCancelled());
    waitForBuild(state);
    ASSERT_NE(state.navmesh(), nullptr);
    EXPECT_EQ(state.navmeshTilesTotal(), state.navmesh()->tiles().size());
    EXPECT_EQ(state.navmeshTilesDone(), state.navmeshTilesTotal());
    EXPECT_TRUE(state.query().funnel.found);
    // An edit while building: the build restarts on the edited map.
    EXPECT_TRUE(state.paint({5, 5}, true));
    ASSERT_TRUE(state.navmeshBuilding());
    EXPECT_TRUE(state.paint({6, 5}, true));
    waitForBuild(state);
    ASSERT_NE(state.navmesh(), nullptr);
    EXPECT_FALSE(state.navmeshCancelled());
    EXPECT_EQ(state.navmesh()->polygonOfCell(5, 5), -1);
    EXPECT_EQ(state.navmesh()->polygonOfCell(6, 5), -1);
    EXPECT_GE(state.navmesh()->polygonOfCell(7, 5), 0);
}

}  // namespace
}  // namespace aoilab::app
