// The crossover explorer's engine (src/aoi/sweep.h) and the workload quantities it sweeps.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "aoi/sweep.h"
#include "core/error.h"
#include "support/cli_run.h"

namespace aoilab {
namespace {

TEST(Sweep, ValuesAreGeometricForCountsAndLinearForShares) {
    SweepOptions o;
    o.vary = SweepVariable::Entities;
    o.from = 100;
    o.to = 10000;
    o.points = 3;
    EXPECT_EQ(sweepValues(o), (std::vector<double>{100, 1000, 10000}));
    o.vary = SweepVariable::Cluster;
    o.from = 0;
    o.to = 1;
    o.points = 5;
    EXPECT_EQ(sweepValues(o), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
    o.points = 1;
    EXPECT_THROW(sweepValues(o), InputError);
    o.points = 3;
    o.from = 1;
    o.to = 0.5;
    EXPECT_THROW(sweepValues(o), InputError);
    o.vary = SweepVariable::Movers;
    o.from = 0;
    o.to = 1;
    EXPECT_THROW(sweepValues(o), InputError);  // nobody moving is not a workload
}

TEST(Sweep, EveryPointRunsEveryMethodOnTheSameMovesAndTheExactOnesAgree) {
    SweepOptions o;
    o.vary = SweepVariable::Radius;
    o.from = 5;
    o.to = 80;
    o.points = 3;
    o.base.entities = 400;
    o.base.world = 500;
    o.base.ticks = 3;
    SweepResult r = runSweep(o);
    ASSERT_EQ(r.points.size(), 3u);
    for (const SweepPoint& p : r.points) {
        EXPECT_TRUE(p.checksumsAgree) << p.value;
        ASSERT_EQ(p.methods.size(), 5u);  // brute included at 400 entities
        for (const SweepMethodPoint& m : p.methods) {
            EXPECT_EQ(m.moves, 1200u) << m.name;
            EXPECT_GT(m.nsPerMove, 0) << m.name;
        }
    }
    // A larger radius means more events: the checksums differ between points.
    EXPECT_NE(r.points[0].methods[0].checksum, r.points[2].methods[0].checksum);
}

TEST(Sweep, BruteForceLeavesAboveItsLimitAndACancelStopsBetweenRuns) {
    SweepOptions o;
    o.vary = SweepVariable::Entities;
    o.from = 100;
    o.to = static_cast<double>(kSweepBruteEntities) * 2;
    o.points = 2;
    o.base.ticks = 1;
    o.maxMovesPerMethod = 500;
    SweepResult r = runSweep(o);
    ASSERT_EQ(r.points.size(), 2u);
    EXPECT_EQ(r.points[0].methods.front().name, "brute");
    for (const SweepMethodPoint& m : r.points[1].methods) EXPECT_NE(m.name, "brute");

    std::atomic<bool> cancel{false};
    int calls = 0;
    SweepResult stopped = runSweep(o, [&](int done, int) { calls = done; if (done == 2) cancel = true; }, &cancel);
    EXPECT_TRUE(stopped.cancelled);
    EXPECT_EQ(calls, 2);
    EXPECT_TRUE(stopped.points.empty());  // the first point was not finished
}

TEST(Sweep, CrossoversAreInterpolatedWhereTwoMethodsTradePlaces) {
    auto point = [](double value, double a, double b) {
        SweepPoint p;
        p.value = value;
        p.methods = {{"a", a, 10, 0, true}, {"b", b, 10, 0, true}};
        return p;
    };
    // Linear quantity: a goes 100 -> 300, b stays 200 (log ratio -0.693 -> +0.405): a is slower after.
    auto linear = findCrossovers({point(0, 100, 200), point(1, 300, 200)}, SweepVariable::Cluster);
    ASSERT_EQ(linear.size(), 1u);
    EXPECT_EQ(linear[0].faster, "b");
    EXPECT_EQ(linear[0].slower, "a");
    double t = std::log(0.5) / (std::log(0.5) - std::log(1.5));
    EXPECT_NEAR(linear[0].value, t, 1e-12);
    // There both take the same time: b's 200 ns, on a's line 100 * 3^t (log time, interpolated).
    EXPECT_NEAR(linear[0].nsPerMove, 200, 1e-9);
    EXPECT_NEAR(linear[0].nsPerMove, 100 * std::pow(3.0, t), 1e-9);
    // Geometric quantity: interpolated in log space.
    auto geometric = findCrossovers({point(100, 100, 200), point(10000, 300, 200)}, SweepVariable::Entities);
    ASSERT_EQ(geometric.size(), 1u);
    EXPECT_NEAR(geometric[0].value, 100 * std::pow(100.0, t), 1e-9);
    EXPECT_NEAR(geometric[0].nsPerMove, 200, 1e-9);
    // Both lines moving: a 100 -> 400, b 300 -> 200; they meet where 100 * 4^t = 300 * (2/3)^t.
    auto both = findCrossovers({point(0, 100, 300), point(1, 400, 200)}, SweepVariable::Movers);
    ASSERT_EQ(both.size(), 1u);
    double meet = std::log(3.0) / std::log(6.0);
    EXPECT_NEAR(both[0].value, meet, 1e-12);
    EXPECT_NEAR(both[0].nsPerMove, 100 * std::pow(4.0, meet), 1e-9);
    EXPECT_NEAR(both[0].nsPerMove, 300 * std::pow(2.0 / 3.0, meet), 1e-9);
    EXPECT_TRUE(findCrossovers({point(0, 100, 200), point(1, 150, 200)}, SweepVariable::Cluster).empty());
}

TEST(Workload, MoversRotateAndClusteringGathersTheCrowd) {
    WorkloadOptions o;
    o.entities = 10;
    o.movers = 0.3;
    Workload w(o);
    std::vector<WorkloadMove> moves;
    std::set<EntityId> moved;
    for (int tick = 0; tick < 4; ++tick) {
        w.nextTick(moves);
        ASSERT_EQ(moves.size(), 3u);
        for (const WorkloadMove& m : moves) moved.insert(m.id);
    }
    EXPECT_EQ(moved.size(), 10u);  // 12 moves over 4 ticks reach everyone

    // The classic uniform crowd is unchanged by the new options' defaults.
    WorkloadOptions plain;
    plain.entities = 50;
    WorkloadOptions explicitDefaults = plain;
    explicitDefaults.movers = 1;
    explicitDefaults.cluster = 0;
    EXPECT_EQ(Workload(plain).start(), Workload(explicitDefaults).start());

    // Fully clustered: every entity within the hotspots' spread (3 * world / 80 per axis) of one of them;
    // measured as the mean distance to the nearest other entity, far below the uniform crowd's.
    auto meanNearest = [](const std::vector<Vec2>& points) {
        double sum = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            double best = 1e300;
            for (std::size_t j = 0; j < points.size(); ++j)
                if (i != j) best = std::min(best, std::hypot(points[i].x - points[j].x, points[i].y - points[j].y));
            sum += best;
        }
        return sum / static_cast<double>(points.size());
    };
    WorkloadOptions clustered = plain;
    clustered.entities = 400;
    clustered.cluster = 1;
    WorkloadOptions uniform = clustered;
    uniform.cluster = 0;
    EXPECT_LT(meanNearest(Workload(clustered).start()) * 3, meanNearest(Workload(uniform).start()));
}

TEST(SweepCli, JsonCarriesThePointsTheChecksumsAndTheCrossovers) {
    auto r = aoilab::testing::runCli("bench sweep --vary entities --from 200 --to 800 --points 3 --ticks 2 --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // Issue 40 item 20: stderr is a file here, not a terminal: no carriage-return progress line.
    EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["vary"], "entities");
    EXPECT_TRUE(doc["checksums_agree"].get<bool>());
    ASSERT_EQ(doc["points"].size(), 3u);
    EXPECT_EQ(doc["points"][1]["value"], 400);
    EXPECT_EQ(doc["points"][0]["methods"].size(), 5u);
    EXPECT_TRUE(doc["crossovers"].is_array());
    for (const auto& c : doc["crossovers"]) {  // each names both methods, where and how fast they meet
        EXPECT_GE(c["value"].get<double>(), 200);
        EXPECT_LE(c["value"].get<double>(), 800);
        EXPECT_GT(c["ns_per_move"].get<double>(), 0);
        EXPECT_NE(c["faster"], c["slower"]);
    }
    // The progress line, asked for (stderr is not a terminal here).
    auto shown = aoilab::testing::runCli("bench sweep --vary entities --from 200 --to 400 --points 2 --ticks 1 --progress --json");
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_NE(shown.err.find("\rbench sweep: 10 of 10 runs"), std::string::npos) << shown.err;
    EXPECT_EQ(aoilab::testing::runCli("bench sweep --vary speed --from 1 --to 2").exitCode, 2);
    EXPECT_EQ(aoilab::testing::runCli("bench sweep --vary cluster --from 0.5 --to 0.2").exitCode, 2);
}

}  // namespace
}  // namespace aoilab
