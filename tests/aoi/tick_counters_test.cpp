// Issue 12: on a tick, a method that does nothing on ticks reports zeros for "last operation",
// not the previous move's numbers.
#include <gtest/gtest.h>

#include <string>

#include "aoi/aoi_system.h"

namespace aoilab {
namespace {

TEST(TickCounters, MethodsThatDoNothingOnATickShowZeros) {
    for (const std::string name : {"brute", "crosslist", "quadtree", "tower", "grid"}) {
        AoiConfig config;
        config.worldWidth = config.worldHeight = 100;
        auto system = makeAoiSystem(name, config);
        EventBuffer sink;
        system->add(1, {10, 10}, 10, sink);
        system->add(2, {15, 10}, 10, sink);
        system->add(3, {50, 50}, 10, sink);
        system->move(3, {12, 12}, sink);
        const AoiCounters before = system->total();
        EXPECT_GT(before.events, 0u) << name;
        system->tick(sink);
        EXPECT_EQ(system->lastOperation().visited, 0u) << name;
        EXPECT_EQ(system->lastOperation().distanceChecks, 0u) << name;
        EXPECT_EQ(system->lastOperation().events, 0u) << name;
        EXPECT_EQ(system->total().visited, before.visited) << name;  // the tick added nothing
    }
}

}  // namespace
}  // namespace aoilab
