// Region routes one step at a time: stepping to the end gives the same route as run() and
// findRoute(), the phases come in order, and each step reports what its search changed.
#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "path/movingai.h"
#include "path/regions.h"

namespace aoilab {
namespace {

const std::string kMaps = std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/";

struct SteppedRoute {
    RegionRoute route;
    std::vector<VertexIndex> settled;  // regions in the order the steps closed them
    std::size_t cellsClosed = 0;       // grid expansions over both grid phases
    std::vector<RegionRoutePhase> phases;
};

SteppedRoute stepToEnd(RegionRouteSearch& search, const GridMap& map, GridPoint from, GridPoint to) {
    SteppedRoute out;
    search.start(map, from, to);
    while (!search.finished()) {
        RegionRouteStep step = search.step();
        EXPECT_NE(step.phase, RegionRoutePhase::Done);
        EXPECT_EQ(step.next, search.phase());
        if (out.phases.empty() || out.phases.back() != step.phase) out.phases.push_back(step.phase);
        if (step.phase == RegionRoutePhase::Regions) {
            EXPECT_TRUE(step.cells.empty());
            if (step.regions.settled != kNoVertex) {
                out.settled.push_back(step.regions.settled);
                EXPECT_TRUE(search.regionSearch()->isClosed(step.regions.settled));
            }
            for (const EdgeRelaxation& r : step.regions.relaxed) {
                EXPECT_EQ(r.from, step.regions.settled);
                // Lower, or as low with fewer hops (GraphSearch's tie rule).
                EXPECT_LE(r.newDistance, r.oldDistance);
            }
        } else {
            EXPECT_TRUE(step.regions.relaxed.empty());
            if (step.cells.empty()) {
                // Only the step that finds the open list empty changes nothing; it ends the phase.
                EXPECT_NE(step.next, step.phase);
                continue;
            }
            EXPECT_EQ(step.cells.front().kind, CellChange::Kind::Closed);
            ++out.cellsClosed;
            if (step.phase == RegionRoutePhase::Corridor) {
                // The corridor phase never leaves the corridor's regions.
                for (const CellChange& c : step.cells) EXPECT_TRUE(search.corridorGrid()->passable(c.cell));
            }
        }
    }
    out.route = search.route();
    EXPECT_EQ(search.step().phase, RegionRoutePhase::Done);  // nothing left to do
    return out;
}

void expectSameRoute(const RegionRoute& a, const RegionRoute& b) {
    EXPECT_EQ(a.found, b.found);
    EXPECT_EQ(a.regions, b.regions);
    EXPECT_EQ(a.cells, b.cells);
    EXPECT_EQ(a.length, b.length);
    EXPECT_EQ(a.refinedInCorridor, b.refinedInCorridor);
}

TEST(RegionsStep, StepToEndEqualsRunOnDen312d) {
    GridMap map = readMovingAiMap(kMaps + "dao/den312d.map");
    RegionMap regions = RegionMap::build(map);
    RegionRouteSearch stepped(regions), fast(regions);
    std::mt19937 random(5);
    int found = 0;
    for (int q = 0; q < 60; ++q) {
        // Mostly free ends (den312d is mostly blocked); every fifth query keeps whatever it drew.
        auto draw = [&] {
            GridPoint p{static_cast<int>(random() % 65), static_cast<int>(random() % 81)};
            while (q % 5 != 0 && !map.passable(p)) p = {static_cast<int>(random() % 65), static_cast<int>(random() % 81)};
            return p;
        };
        GridPoint s = draw();
        GridPoint t = draw();
        SCOPED_TRACE(q);
        SteppedRoute byStep = stepToEnd(stepped, map, s, t);
        fast.start(map, s, t);
        RegionRoute byRun = fast.run();
        expectSameRoute(byStep.route, byRun);
        expectSameRoute(byRun, regions.findRoute(map, s, t));
        if (!map.passable(s) || !map.passable(t)) {
            EXPECT_TRUE(byStep.phases.empty());
            continue;
        }
        // The same region settle order and grid work as the fast path's searches.
        EXPECT_EQ(byStep.settled, fast.regionSearch()->settleOrder());
        if (byRun.found && byRun.refinedInCorridor) {
            EXPECT_EQ(static_cast<std::int64_t>(byStep.cellsClosed), fast.gridSearch().result().expansions);
        }
        ASSERT_FALSE(byStep.phases.empty());
        EXPECT_EQ(byStep.phases.front(), RegionRoutePhase::Regions);
        if (byRun.found) {
            ++found;
            EXPECT_EQ(byStep.phases.back(), RegionRoutePhase::Corridor);
        }
    }
    EXPECT_GT(found, 10);
}

TEST(RegionsStep, WholeMapPhaseWhenTheCorridorIsCut) {
    // The test map of RegionsQuadtree.MixedRegionThatSplitsItsCellsFallsBackToTheWholeMap.
    GridMap map = GridMap::fromRows({"..@.....",
                                     "..@.....",
                                     "..@.....",
                                     "..@.....",
                                     "........",
                                     "........",
                                     "........",
                                     "........"});
    RegionMap regions = RegionMap::build(map, RegionOptions{4});
    RegionRouteSearch search(regions);
    SteppedRoute byStep = stepToEnd(search, map, {0, 0}, {3, 0});
    ASSERT_TRUE(byStep.route.found);
    EXPECT_FALSE(byStep.route.refinedInCorridor);
    EXPECT_EQ(byStep.phases, (std::vector<RegionRoutePhase>{RegionRoutePhase::Regions, RegionRoutePhase::Corridor,
                                                            RegionRoutePhase::WholeMap}));
    search.start(map, {0, 0}, {3, 0});
    expectSameRoute(search.run(), byStep.route);
}

TEST(RegionsStep, UnreachableGoalAndMismatchedMap) {
    GridMap map = GridMap::fromRows({"..@..", "..@..", "..@.."});
    RegionMap regions = RegionMap::build(map);
    RegionRouteSearch search(regions);
    EXPECT_EQ(search.phase(), RegionRoutePhase::Idle);
    EXPECT_EQ(search.step().phase, RegionRoutePhase::Idle);
    SteppedRoute byStep = stepToEnd(search, map, {0, 0}, {4, 2});
    EXPECT_FALSE(byStep.route.found);
    EXPECT_TRUE(byStep.route.regions.empty());
    EXPECT_EQ(byStep.phases, std::vector<RegionRoutePhase>{RegionRoutePhase::Regions});
    EXPECT_THROW(search.start(GridMap(4, 4), {0, 0}, {1, 1}), InputError);
    // A step stepped halfway, then run(): the same route as running from the start.
    GridMap open(12, 9);
    open.setPassable(5, 4, false);
    RegionMap openRegions = RegionMap::build(open);
    RegionRouteSearch half(openRegions);
    half.start(open, {0, 0}, {11, 8});
    for (int i = 0; i < 3; ++i) half.step();
    expectSameRoute(half.run(), openRegions.findRoute(open, {0, 0}, {11, 8}));
}

}  // namespace
}  // namespace aoilab
