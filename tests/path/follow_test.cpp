// A role walking a path: constant speed or fixed duration, clamped at both ends.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "path/path_follow.h"

namespace aoilab {
namespace {

TEST(FollowPath, ConstantSpeedAlongAnL) {
    PathFollower walk = PathFollower::atSpeed({{0, 0}, {3, 0}, {3, 4}}, 2);
    EXPECT_DOUBLE_EQ(walk.length(), 7);
    EXPECT_DOUBLE_EQ(walk.duration(), 3.5);
    EXPECT_EQ(walk.positionAt(0), (Vec2{0, 0}));
    EXPECT_EQ(walk.positionAt(1), (Vec2{2, 0}));
    EXPECT_EQ(walk.segmentAt(1), 0u);
    EXPECT_EQ(walk.positionAt(2), (Vec2{3, 1}));
    EXPECT_EQ(walk.segmentAt(2), 1u);
    EXPECT_EQ(walk.positionAt(-5), (Vec2{0, 0}));
    EXPECT_EQ(walk.positionAt(100), (Vec2{3, 4}));
    EXPECT_FALSE(walk.finishedAt(3.49));
    EXPECT_TRUE(walk.finishedAt(3.5));
}

TEST(FollowPath, FixedDurationWhateverTheLength) {
    PathFollower shortWalk = PathFollower::withinDuration({{0, 0}, {1, 0}}, 2);
    PathFollower longWalk = PathFollower::withinDuration({{0, 0}, {100, 0}}, 2);
    EXPECT_DOUBLE_EQ(shortWalk.speed(), 0.5);
    EXPECT_DOUBLE_EQ(longWalk.speed(), 50);
    EXPECT_EQ(shortWalk.positionAt(1), (Vec2{0.5, 0}));
    EXPECT_EQ(longWalk.positionAt(1), (Vec2{50, 0}));
    EXPECT_TRUE(shortWalk.finishedAt(2));
    EXPECT_TRUE(longWalk.finishedAt(2));
}

TEST(FollowPath, AdvanceStepsTheClock) {
    PathFollower walk = PathFollower::atSpeed({{0, 0}, {0, 10}}, 4);
    walk.advance(1);
    EXPECT_EQ(walk.position(), (Vec2{0, 4}));
    EXPECT_FALSE(walk.finished());
    walk.advance(1.5);
    EXPECT_TRUE(walk.finished());
    EXPECT_EQ(walk.position(), (Vec2{0, 10}));
    EXPECT_THROW(walk.advance(-1), InputError);
}

TEST(FollowPath, DegenerateAndBadPaths) {
    PathFollower still = PathFollower::withinDuration({{5, 5}}, 3);
    EXPECT_TRUE(still.finishedAt(0));
    EXPECT_EQ(still.positionAt(-1), (Vec2{5, 5}));
    PathFollower repeated = PathFollower::atSpeed({{1, 1}, {1, 1}, {2, 1}}, 1);
    EXPECT_EQ(repeated.positionAt(0.5), (Vec2{1.5, 1}));
    EXPECT_THROW(PathFollower::atSpeed({}, 1), InputError);
    EXPECT_THROW(PathFollower::atSpeed({{0, 0}}, 0), InputError);
    EXPECT_THROW(PathFollower::withinDuration({{0, 0}, {1, 1}}, -2), InputError);
    EXPECT_THROW(PathFollower::atSpeed({{0, 0}, {std::nan(""), 1}}, 1), InputError);
}

}  // namespace
}  // namespace aoilab
