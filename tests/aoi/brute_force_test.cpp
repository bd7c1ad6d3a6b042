// The oracle itself, checked by hand on small cases.
#include <gtest/gtest.h>

#include <algorithm>

#include "aoi/aoi_system.h"
#include "aoi/brute_force.h"
#include "core/error.h"

namespace aoilab {
namespace {

std::vector<AoiEvent> sorted(std::vector<AoiEvent> events) {
    std::sort(events.begin(), events.end());
    return events;
}

AoiEvent ev(AoiEventType type, EntityId w, EntityId t) { return {type, w, t}; }

TEST(BruteForce, OneSidedViewWithDifferentRadii) {
    AoiConfig config;
    config.shape = ViewShape::Circle;
    config.worldWidth = config.worldHeight = 1000;
    BruteForceAoi brute(config);
    EventBuffer sink;
    brute.add(1, {100, 100}, 100, sink);
    EXPECT_TRUE(sink.events.empty());
    brute.add(2, {175, 100}, 50, sink);
    EXPECT_EQ(sorted(sink.events), std::vector<AoiEvent>{ev(AoiEventType::Enter, 1, 2)});
    sink.events.clear();
    brute.move(2, {180, 100}, sink);
    EXPECT_EQ(sorted(sink.events), std::vector<AoiEvent>{ev(AoiEventType::Move, 1, 2)});
    sink.events.clear();
    brute.setRadius(2, 80, sink);
    EXPECT_EQ(sorted(sink.events), std::vector<AoiEvent>{ev(AoiEventType::Enter, 2, 1)});
    sink.events.clear();
    brute.move(2, {300, 100}, sink);
    EXPECT_EQ(sorted(sink.events),
              (std::vector<AoiEvent>{ev(AoiEventType::Leave, 1, 2), ev(AoiEventType::Leave, 2, 1)}));
    sink.events.clear();
    brute.move(2, {150, 100}, sink);
    brute.remove(1, sink);
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{ev(AoiEventType::Enter, 1, 2), ev(AoiEventType::Enter, 2, 1),
                                                          ev(AoiEventType::Leave, 2, 1)}));
    std::vector<EntityId> out;
    brute.viewOf(2, out);
    EXPECT_TRUE(out.empty());
    EXPECT_EQ(brute.size(), 1u);
}

TEST(BruteForce, HysteresisKeepsUntilBeyondRangePlusH) {
    AoiConfig config;
    config.shape = ViewShape::Square;
    config.hysteresis = 2;
    BruteForceAoi brute(config);
    EventBuffer sink;
    brute.add(1, {10, 10}, 5, sink);
    brute.add(2, {16, 10}, 0, sink);  // outside r = 5: no enter
    EXPECT_TRUE(sink.events.empty());
    brute.move(2, {15, 10}, sink);  // at r: enters
    EXPECT_EQ(sink.events, std::vector<AoiEvent>{ev(AoiEventType::Enter, 1, 2)});
    sink.events.clear();
    brute.move(2, {17, 10}, sink);  // within r + h: kept
    EXPECT_EQ(sink.events, std::vector<AoiEvent>{ev(AoiEventType::Move, 1, 2)});
    sink.events.clear();
    brute.move(2, {17.5, 10}, sink);  // beyond r + h: leaves
    EXPECT_EQ(sink.events, std::vector<AoiEvent>{ev(AoiEventType::Leave, 1, 2)});
    sink.events.clear();
    brute.move(2, {16, 10}, sink);  // within r + h but not r: does not re-enter
    EXPECT_TRUE(sink.events.empty());
}

TEST(Registry, UnknownNameListsTheAcceptedOnes) {
    AoiConfig config;
    try {
        makeAoiSystem("nope", config);
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        std::string message = error.what();
        EXPECT_NE(message.find("\"nope\""), std::string::npos) << message;
        for (const std::string& name : aoiMethodNames()) EXPECT_NE(message.find(name), std::string::npos) << message;
    }
    for (const std::string& name : aoiMethodNames()) EXPECT_EQ(makeAoiSystem(name, config)->name(), name);
    EXPECT_EQ(aoiMethodNames().front(), "brute");
}

}  // namespace
}  // namespace aoilab
