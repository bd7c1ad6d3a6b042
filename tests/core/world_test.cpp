#include "core/world.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/error.h"

namespace aoilab {
namespace {

Entity makeEntity(EntityId id, double x, double y, double radius = 5) { return Entity{id, "", x, y, radius, 0}; }

TEST(World, AddsMovesAndRemovesEntitiesInOrder) {
    World world(100, 50);
    world.add(makeEntity(3, 10, 10));
    world.add(makeEntity(1, 20, 20));
    world.move(3, 100, 50);  // the border is inside
    world.setRadius(1, 0);
    ASSERT_EQ(world.size(), 2u);
    EXPECT_EQ(world.entities()[0].id, 3);
    EXPECT_EQ(world.find(3)->x, 100);
    EXPECT_EQ(world.find(1)->radius, 0);
    world.remove(3);
    EXPECT_FALSE(world.contains(3));
    EXPECT_EQ(world.find(1)->y, 20);
    EXPECT_EQ(world.nextFreeId(), 4);  // never hands out an id that was used
}

TEST(World, RejectsBadEditsAndStaysUnchanged) {
    World world(100, 100);
    world.add(makeEntity(1, 10, 10));
    const World before = world;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(world.add(makeEntity(1, 5, 5)), InputError);
    EXPECT_THROW(world.add(makeEntity(2, nan, 5)), InputError);
    EXPECT_THROW(world.add(makeEntity(2, 5, 101)), InputError);
    EXPECT_THROW(world.add(makeEntity(2, 5, 5, -1)), InputError);
    EXPECT_THROW(world.add(makeEntity(-2, 5, 5)), InputError);
    EXPECT_THROW(world.move(1, -0.5, 3), InputError);
    EXPECT_THROW(world.move(9, 1, 1), InputError);
    EXPECT_THROW(world.setRadius(1, std::numeric_limits<double>::infinity()), InputError);
    EXPECT_THROW(world.remove(9), InputError);
    EXPECT_TRUE(world == before);
}

TEST(World, MessagesNameTheEntityAndTheProblem) {
    World world(100, 100);
    EXPECT_EQ(world.checkAdd(makeEntity(4, std::nan(""), 1)), "entity 4: x = nan is not a finite number");
    EXPECT_EQ(world.checkAdd(makeEntity(4, 1, 120)), "entity 4: y = 120 is outside the world [0, 100]");
    // Issue 40 item 20: a value just past the limit is printed as it is, not rounded to the limit.
    EXPECT_EQ(world.checkAdd(makeEntity(4, 100.000001, 1)), "entity 4: x = 100.000001 is outside the world [0, 100]");
    world.add(makeEntity(4, 1, 1));
    EXPECT_EQ(world.checkAdd(makeEntity(4, 1, 1)), "entity 4: id is already in the world");
    EXPECT_EQ(world.checkRadius(4, -2), "entity 4: radius = -2 must be in [0, 1e+09]");
    EXPECT_EQ(world.checkMove(8, 1, 1), "entity 8: no such entity");
}

TEST(World, RejectsBadSizes) {
    EXPECT_THROW(World(0, 10), InputError);
    EXPECT_THROW(World(10, -1), InputError);
    EXPECT_THROW(World(std::nan(""), 10), InputError);
    EXPECT_THROW(World(1e300, 10), InputError);
}

TEST(World, ObstacleCellsCoverTheWorld) {
    World world(10, 7.5);
    world.setObstacleCellSize(2.5);
    EXPECT_EQ(world.obstacleColumns(), 4);
    EXPECT_EQ(world.obstacleRows(), 3);
    world.setObstacle({3, 2}, true);
    EXPECT_TRUE(world.isObstacle({3, 2}));
    EXPECT_THROW(world.setObstacle({4, 0}, true), InputError);
    EXPECT_EQ(world.cellAt({10, 7.5}), (Cell{3, 2}));  // the far border belongs to the last cell
    EXPECT_EQ(world.cellAt({0, 0}), (Cell{0, 0}));
    EXPECT_FALSE(world.cellAt({-1, 0}).has_value());
    world.setObstacle({3, 2}, false);
    EXPECT_TRUE(world.obstacles().empty());
    EXPECT_THROW(world.setObstacleCellSize(1e-8), InputError);  // 10^9 cells a side: more than a cell index holds
}

// Only the painted cells are stored: a 100,000 x 100,000 world of 1-unit cells (10^10 of them) with no
// obstacles is as cheap as a small one, and its cells behave as anywhere (issue 38).
TEST(World, ALargeWorldWithoutObstaclesCostsNothingForItsGrid) {
    World world(100000, 100000);
    EXPECT_NO_THROW(world.setObstacleCellSize(1));
    EXPECT_EQ(world.obstacleColumns(), 100000);
    EXPECT_EQ(world.cellAt({99999.5, 0.5}), (Cell{99999, 0}));
    world.setObstacle({99999, 99999}, true);
    EXPECT_TRUE(world.isObstacle({99999, 99999}));
    EXPECT_EQ(world.obstacles().size(), 1u);
}

// The obstacles' revision (the app redraws its image of them when it changes): new at each change of the
// cells or their size, the same for no change and for a copy, never the number of other obstacles.
TEST(World, TheObstacleRevisionChangesExactlyWithTheObstacles) {
    World world(10, 10), other(10, 10);
    const std::uint64_t none = world.obstacleRevision();
    world.setObstacle({1, 1}, true);
    const std::uint64_t one = world.obstacleRevision();
    EXPECT_NE(one, none);
    world.setObstacle({1, 1}, true);  // already blocked
    world.setObstacle({2, 2}, false);  // already free
    EXPECT_EQ(world.obstacleRevision(), one);
    const World copy = world;
    EXPECT_EQ(copy.obstacleRevision(), one);
    other.setObstacle({3, 3}, true);
    EXPECT_NE(other.obstacleRevision(), one) << "other obstacles, another number";
    world.setObstacle({1, 1}, false);
    EXPECT_NE(world.obstacleRevision(), one);
    const std::uint64_t cleared = world.obstacleRevision();
    world.setObstacleCellSize(2);
    const std::uint64_t resized = world.obstacleRevision();
    EXPECT_NE(resized, cleared);
    world.add(makeEntity(1, 1, 1));  // entities are not obstacles
    world.move(1, 5, 5);
    EXPECT_EQ(world.obstacleRevision(), resized);
}

TEST(World, InsertRestoresAPlaceInTheOrder) {
    World world(10, 10);
    for (EntityId id : {1, 2, 3}) world.add(makeEntity(id, 1, 1));
    world.remove(2);
    world.insert(1, makeEntity(2, 1, 1));
    EXPECT_EQ(world.entities()[1].id, 2);
    EXPECT_EQ(world.positionOf(3), 2u);
}

}  // namespace
}  // namespace aoilab
