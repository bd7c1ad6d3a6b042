#include "aoi/aoi_session.h"

#include <gtest/gtest.h>

#include "scenario/scenario.h"

namespace aoilab {
namespace {

World smallWorld() {
    World world(100, 100);
    world.add(Entity{1, "a", 10, 10, 15, 0});
    world.add(Entity{2, "b", 20, 10, 5, 0});
    world.add(Entity{3, "c", 80, 80, 10, 0});
    return world;
}

TEST(AoiSession, ResetAddsTheWorldToEveryMethodWithBruteFirst) {
    World world = smallWorld();
    AoiSession session;
    session.reset(world, AoiSettings{});
    ASSERT_GE(session.methods().size(), 2u);
    EXPECT_EQ(session.methods().front().name, "brute");
    EXPECT_EQ(session.operationCount(), 3u);
    EXPECT_TRUE(session.pendingOperations(world).empty());
    for (const auto& run : session.methods()) {
        EXPECT_EQ(run.system->size(), 3u) << run.name;
        EXPECT_EQ(run.disagreeingOps, 0u) << run.name;
    }
}

TEST(AoiSession, WorldEditsBecomeOperationsThatEveryMethodAgreesOn) {
    World world = smallWorld();
    AoiSession session;
    session.reset(world, AoiSettings{});
    world.move(3, 22, 12);
    world.setRadius(2, 30);
    world.remove(1);
    world.add(Entity{4, "d", 25, 15, 3, 0});
    auto ops = session.pendingOperations(world);
    ASSERT_EQ(ops.size(), 4u);
    EXPECT_EQ(ops[0].kind, OpKind::Leave);  // leaves come first
    EXPECT_EQ(ops[0].entity.id, 1);
    session.applyAll(world);
    EXPECT_TRUE(session.pendingOperations(world).empty());
    for (const auto& run : session.methods()) EXPECT_EQ(run.disagreeingOps, 0u) << run.name;
    std::vector<EntityId> view;
    session.brute().system->viewOf(2, view);
    std::sort(view.begin(), view.end());
    EXPECT_EQ(view, (std::vector<EntityId>{3, 4}));
}

TEST(AoiSession, AnIdThatLeftAndCameBackIsALeaveThenAnAdd) {
    World world = smallWorld();
    AoiSession session;
    session.reset(world, AoiSettings{});
    world.remove(2);
    world.add(Entity{2, "b", 50, 50, 5, 0});
    auto ops = session.pendingOperations(world);
    ASSERT_EQ(ops.size(), 1u);  // the mirror still has 2 at its old place: a move, not a re-add
    EXPECT_EQ(ops[0].kind, OpKind::Move);
    session.applyAll(world);
    EXPECT_TRUE(session.pendingOperations(world).empty());
}

TEST(AoiSession, TheLogNamesOperationTickAndMethod) {
    World world = smallWorld();
    AoiSession session;
    session.reset(world, AoiSettings{});
    std::size_t before = session.log().size();
    session.apply(ScriptOp{OpKind::Tick, {}});
    world.move(2, 12, 12);
    session.applyAll(world);
    ASSERT_GT(session.log().size(), before);
    const LoggedEvent& last = session.log().back();
    EXPECT_EQ(last.op, 4u);
    EXPECT_EQ(last.tick, 1u);
    EXPECT_EQ(last.event.type, AoiEventType::Move);
    EXPECT_EQ(last.event.target, 2);
    EXPECT_EQ(session.methods()[static_cast<std::size_t>(last.method)].lastEvents.size(),
              session.brute().lastEvents.size());
}

TEST(AoiSession, LogKeepsOnlyTheNewestEvents) {
    World world = smallWorld();
    AoiSession session;
    session.reset(world, AoiSettings{}, 5);
    for (int step = 0; step < 10; ++step) {
        world.move(2, 12 + step % 2, 12);
        session.applyAll(world);
    }
    EXPECT_EQ(session.log().size(), 5u);
}

TEST(AoiSession, LazySuperViewDifferencesShowUntilTheTick) {
    Scenario scenario = loadScenario(std::string(AOILAB_SOURCE_DIR) + "/scenarios/grid-article.json");
    ASSERT_TRUE(scenario.aoi.lazySuperView.value_or(false));
    World world = initialWorld(scenario);
    AoiSession session;
    session.reset(world, scenario.aoi);
    int grid = session.methodIndex("grid");
    ASSERT_GT(grid, 0);
    EXPECT_FALSE(session.methods()[static_cast<std::size_t>(grid)].system->exact());
    world.move(2, 200, 275);  // B walks to distance 75 of A: A (radius 100, super-view) should see it
    session.applyAll(world);
    auto differences = session.viewDifferences(grid);
    ASSERT_EQ(differences.size(), 1u);
    EXPECT_EQ(differences[0], (std::pair<EntityId, EntityId>{1, 2}));
    for (int tick = 0; tick < *scenario.aoi.tickInterval; ++tick) session.apply(ScriptOp{OpKind::Tick, {}});
    EXPECT_TRUE(session.viewDifferences(grid).empty());
    EXPECT_TRUE(session.viewDifferences(session.methodIndex("crosslist")).empty());
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// Big worlds leave the O(n)-per-operation oracle out: the fast methods still run side by side.
TEST(AoiSession, WithoutBruteForceNothingIsCheckedAgainstIt) {
    World world(100, 100);
    world.add(Entity{1, "a", 10, 10, 5, 0});
    world.add(Entity{2, "b", 13, 10, 5, 0});
    AoiSession session;
    session.reset(world, AoiSettings{}, 1000, false);
    EXPECT_FALSE(session.hasBrute());
    EXPECT_EQ(session.methodIndex("brute"), -1);
    ASSERT_FALSE(session.methods().empty());
    EXPECT_EQ(session.methods().front().name, aoiMethodNames()[1]);
    world.move(2, 40, 40);
    session.applyAll(world);
    for (const auto& run : session.methods()) {
        EXPECT_TRUE(run.agreesLast) << run.name;
        EXPECT_EQ(run.lastEvents.size(), 2u) << run.name;  // leave(a, b) and leave(b, a)
        EXPECT_TRUE(session.viewDifferences(session.methodIndex(run.name)).empty());
    }
    session.reset(world, AoiSettings{});
    EXPECT_TRUE(session.hasBrute());
    EXPECT_EQ(session.methods().front().name, "brute");
}

}  // namespace
}  // namespace aoilab
