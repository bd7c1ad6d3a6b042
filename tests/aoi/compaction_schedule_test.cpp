// When the grid, the towers and the quadtree renumber their entities by place.
#include <gtest/gtest.h>

#include "aoi/compaction_schedule.h"

namespace aoilab {
namespace {

int movesUntilDue(CompactionSchedule& schedule, std::size_t live) {
    for (int move = 1; move <= 1'000'000; ++move)
        if (schedule.dueAtMove(live)) return move;
    return -1;
}

TEST(CompactionSchedule, AJustBuiltWorldIsRenumberedAtItsFirstMove) {
    CompactionSchedule schedule;
    for (int i = 0; i < 1000; ++i) schedule.arrived();
    EXPECT_EQ(movesUntilDue(schedule, 1000), 1);
    // Then every 2 n moves while nobody arrives.
    EXPECT_EQ(movesUntilDue(schedule, 1000), 2000);
    EXPECT_EQ(movesUntilDue(schedule, 1000), 2000);
}

TEST(CompactionSchedule, ArrivalsBelowHalfTheWorldWaitForTheMoves) {
    CompactionSchedule schedule;
    for (int i = 0; i < 499; ++i) schedule.arrived();
    EXPECT_EQ(movesUntilDue(schedule, 1000), 2000);
    for (int i = 0; i < 500; ++i) schedule.arrived();
    EXPECT_EQ(movesUntilDue(schedule, 1000), 1);
}

TEST(CompactionSchedule, TinyWorldsWaitForAtLeast32Moves) {
    CompactionSchedule schedule;
    for (int i = 0; i < 3; ++i) schedule.arrived();
    EXPECT_EQ(movesUntilDue(schedule, 3), 32);
}

}  // namespace
}  // namespace aoilab
