// The maps workbench's model (display-free): exact seeking of the flood, the table's path, refused
// steps, and edits rebuilding every representation.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace aoilab::app
