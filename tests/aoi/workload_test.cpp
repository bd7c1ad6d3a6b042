// The shared benchmark workload and the event checksum that `bench aoi` compares across methods.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "aoi/workload.h"

namespace aoilab {
namespace {

TEST(Workload, IsDeterministicForASeedAndDiffersAcrossSeeds) {
    WorkloadOptions options;
    options.entities = 50;
    options.world = 500;
    Workload a(options), b(options);
    options.seed = 2;
    Workload c(options);
    EXPECT_EQ(a.start(), b.start());
    EXPECT_NE(a.start(), c.start());
    std::vector<WorkloadMove> ma, mb;
    for (int tick = 0; tick < 3; ++tick) {
        a.nextTick(ma);
        b.nextTick(mb);
        ASSERT_EQ(ma.size(), 50u);
        for (std::size_t i = 0; i < ma.size(); ++i) {
            EXPECT_EQ(ma[i].id, static_cast<EntityId>(i));
            EXPECT_EQ(ma[i].to, mb[i].to);
        }
    }
}

TEST(Workload, WalkStepsStayWithinTheStepAndTheWorld) {
    WorkloadOptions options;
    options.entities = 200;
    options.world = 100;
    options.step = 10;
    Workload walk(options);
    std::vector<Vec2> previous = walk.start();
    std::vector<WorkloadMove> moves;
    for (int tick = 0; tick < 20; ++tick) {
        walk.nextTick(moves);
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Vec2& p = moves[i].to;
            EXPECT_LE(std::fabs(p.x - previous[i].x), 10.0);
            EXPECT_LE(std::fabs(p.y - previous[i].y), 10.0);
            EXPECT_TRUE(p.x >= 0 && p.x <= 100 && p.y >= 0 && p.y <= 100);
            previous[i] = p;
        }
    }
}

TEST(Workload, TeleportsLandAnywhereInTheWorld) {
    WorkloadOptions options;
    options.entities = 1000;
    options.world = 1024;
    options.kind = WorkloadKind::Teleport;
    Workload jumps(options);
    std::vector<WorkloadMove> moves;
    jumps.nextTick(moves);
    double farthest = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Vec2& p = moves[i].to;
        EXPECT_TRUE(p.x >= 0 && p.x <= 1024 && p.y >= 0 && p.y <= 1024);
        farthest = std::max(farthest, std::hypot(p.x - jumps.start()[i].x, p.y - jumps.start()[i].y));
    }
    EXPECT_GT(farthest, 500);  // far beyond any walk step
}

TEST(EventChecksum, IgnoresTheOrderWithinAnOperationButNotAcrossOperations) {
    const AoiEvent e1{AoiEventType::Enter, 1, 2}, e2{AoiEventType::Move, 3, 4}, e3{AoiEventType::Leave, 2, 1};
    EventChecksum a, b, c, d;
    a.onEvent(e1), a.onEvent(e2), a.endOperation(), a.onEvent(e3), a.endOperation();
    b.onEvent(e2), b.onEvent(e1), b.endOperation(), b.onEvent(e3), b.endOperation();
    c.onEvent(e1), c.endOperation(), c.onEvent(e2), c.onEvent(e3), c.endOperation();
    d.onEvent(e1), d.onEvent(e2), d.endOperation(), d.onEvent(e3), d.onEvent(e3), d.endOperation();
    EXPECT_EQ(a.value(), b.value());
    EXPECT_NE(a.value(), c.value());
    EXPECT_NE(a.value(), d.value());  // a repeated event counts
    EXPECT_EQ(a.events(), 3u);
    EXPECT_NE(EventChecksum::hashEvent(e1), EventChecksum::hashEvent(AoiEvent{AoiEventType::Enter, 2, 1}));
}

TEST(RunWorkload, ExactMethodsShareTheChecksumAndASampleMatchesThePrefix) {
    WorkloadOptions options;
    options.entities = 120;
    options.ticks = 4;
    options.world = 400;
    options.radius = 40;
    AoiConfig config;
    config.worldWidth = config.worldHeight = 400;
    config.cellSize = config.standardRadius = 40;
    config.towerSize = 80;
    WorkloadResult reference = runWorkload(*makeAoiSystem("brute", config), options, ~0ULL, 100);
    EXPECT_TRUE(reference.complete);
    EXPECT_EQ(reference.moves, 480u);
    EXPECT_EQ(reference.ticksRun, 4);
    EXPECT_GT(reference.moveEvents, 0u);
    for (const std::string& name : aoiMethodNames()) {
        WorkloadResult full = runWorkload(*makeAoiSystem(name, config), options, ~0ULL, 100);
        EXPECT_EQ(full.checksum, reference.checksum) << name;
        EXPECT_EQ(full.prefixChecksum, reference.prefixChecksum) << name;
        WorkloadResult sample = runWorkload(*makeAoiSystem(name, config), options, 100, 100);
        EXPECT_FALSE(sample.complete);
        EXPECT_EQ(sample.moves, 100u);
        EXPECT_EQ(sample.checksum, reference.prefixChecksum) << name;
    }
}

}  // namespace
}  // namespace aoilab
