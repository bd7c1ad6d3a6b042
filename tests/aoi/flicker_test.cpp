// The flicker counter (aoi/flicker.h) and the message budget (aoi/message_budget.h): by hand, and on a
// hand-made pacing script run through brute force, without and with hysteresis.
#include <gtest/gtest.h>

#include <memory>

#include "aoi/aoi_system.h"
#include "aoi/flicker.h"
#include "aoi/message_budget.h"

namespace aoilab {
namespace {

constexpr EntityId W = 1, R = 2;

std::vector<AoiEvent> one(AoiEventType type, EntityId watcher = W, EntityId target = R) {
    return {AoiEvent{type, watcher, target}};
}

TEST(FlickerCounter, AShortVisitAndAShortAbsenceCountOnceEach) {
    FlickerCounter counter(3);
    counter.add(0, one(AoiEventType::Enter), OpKind::Move);
    counter.add(3, one(AoiEventType::Leave), OpKind::Move);  // in for 3 ticks: within the window, a short visit
    EXPECT_EQ(counter.flickers(), 1u);
    counter.add(5, one(AoiEventType::Enter), OpKind::Move);  // out for 2 ticks: a short absence
    EXPECT_EQ(counter.flickers(), 2u);
    counter.add(9, one(AoiEventType::Leave), OpKind::Move);  // in for 4 ticks: longer than the window
    counter.add(20, one(AoiEventType::Enter), OpKind::Move);  // out for 11
    EXPECT_EQ(counter.flickers(), 2u);
}

TEST(FlickerCounter, MoveEventsAndOtherPairsDoNotCount) {
    FlickerCounter counter(3);
    counter.add(0, one(AoiEventType::Enter), OpKind::Move);
    counter.add(1, one(AoiEventType::Move), OpKind::Move);
    counter.add(1, one(AoiEventType::Leave, R, W), OpKind::Move);  // the other direction is another pair: never entered
    counter.add(2, one(AoiEventType::Enter, 3, R), OpKind::Move);
    EXPECT_EQ(counter.flickers(), 0u);
    counter.clear();
    counter.add(0, one(AoiEventType::Leave), OpKind::Move);  // a first leave (entered before the counter began)
    EXPECT_EQ(counter.flickers(), 0u);
}

// An add's enters are an arrival and a leave operation's leaves a departure, not crossings of a view's
// edge: they neither start nor complete a flicker, and they forget what the pair did before.
TEST(FlickerCounter, ArrivalsAndDeparturesAreNotFlicker) {
    FlickerCounter counter(3);
    counter.add(0, one(AoiEventType::Enter), OpKind::Add);    // R arrives in W's view
    counter.add(1, one(AoiEventType::Leave), OpKind::Move);   // and walks out a tick later: no short visit
    EXPECT_EQ(counter.flickers(), 0u);
    counter.add(2, one(AoiEventType::Enter), OpKind::Move);   // back in: a short absence of a crossing
    EXPECT_EQ(counter.flickers(), 1u);
    counter.add(3, one(AoiEventType::Leave), OpKind::Leave);  // R leaves the world: no short visit
    counter.add(4, one(AoiEventType::Enter), OpKind::Add);    // and comes back: no short absence
    EXPECT_EQ(counter.flickers(), 1u);
    counter.add(5, one(AoiEventType::Leave), OpKind::Radius);  // W's view shrinks past R: after an arrival
    counter.add(6, one(AoiEventType::Enter), OpKind::Radius);  // and grows back: a short absence
    counter.add(7, one(AoiEventType::Leave), OpKind::Tick);    // a lazy refresh's leave: a short visit
    EXPECT_EQ(counter.flickers(), 3u);
}

TEST(FlickerCounter, OldPairsAreForgottenWithoutChangingTheCount) {
    FlickerCounter counter(2);
    for (std::int64_t t = 0; t < 1000; ++t) {
        counter.add(t, one(AoiEventType::Enter, W, 100 + t), OpKind::Move);      // one pair each tick, never again
        counter.add(t, one(AoiEventType::Enter, W + 1, R), OpKind::Move);          // 1 flicker per leave/enter after the first
        counter.add(t, one(AoiEventType::Leave, W + 1, R), OpKind::Move);
    }
    // Tick 0: enter, then a leave at the same tick (a visit of 0 ticks): 1. Each later tick: a re-enter
    // (absence of 0) and a leave (visit of 0): 2.
    EXPECT_EQ(counter.flickers(), 1u + 2u * 999u);
}

// R paces across W's edge (circle view, W radius 10 at (50, 50)): at x 59.5 it is inside (distance
// 9.5), at 60.5 outside (10.5). Each tick: the tick, then one move, alternating in, out, in, ...
//   tick 1 in (enter), 2 out (leave: a visit of 1 tick), 3 in (absence of 1), ..., 8 out
//   without hysteresis: 4 enters and 4 leaves of (W, R), each after the first completing a flicker: 7.
//   with hysteresis 3 (leave only beyond 13): tick 1 enters, the rest are move events: 0 flickers.
// R's radius is 0, so it sees nobody; the budget per tick is then 1 event (1 enter, leave or move).
std::uint64_t pace(double hysteresis, MessageBudget& budget) {
    AoiConfig config;
    config.shape = ViewShape::Circle;
    config.hysteresis = hysteresis;
    std::unique_ptr<AoiSystem> brute = makeAoiSystem("brute", config);
    FlickerCounter counter(3);
    EventBuffer sink;
    brute->add(W, {50, 50}, 10, sink);
    brute->add(R, {65, 50}, 0, sink);
    counter.add(0, sink.events, OpKind::Add);
    budget.add(0, sink.events.size());
    for (std::int64_t tick = 1; tick <= 8; ++tick) {
        sink.events.clear();
        brute->tick(sink);
        brute->move(R, {tick % 2 == 1 ? 59.5 : 60.5, 50}, sink);
        counter.add(tick, sink.events, OpKind::Move);
        budget.add(tick, sink.events.size());
    }
    return counter.flickers();
}

TEST(FlickerCounter, PacingAtTheEdgeFlickersUntilHysteresisIsOn) {
    MessageBudget without(4), with(4);
    EXPECT_EQ(pace(0, without), 7u);
    EXPECT_EQ(pace(3, with), 0u);
    // The budget keeps the last 4 ticks (5..8), one event each; the totals count every tick: 8 events.
    ASSERT_EQ(without.ticks().size(), 4u);
    EXPECT_EQ(without.ticks().front().tick, 5);
    EXPECT_EQ(without.ticks().back().tick, 8);
    for (const auto& t : without.ticks()) EXPECT_EQ(t.events, 1u);
    EXPECT_EQ(without.totalEvents(), 8u);
    EXPECT_EQ(without.ticks().back().bytes(40), 40u);
    EXPECT_EQ(with.totalEvents(), 8u);  // hysteresis trades enter/leave pairs for move events here
}

TEST(MessageBudget, OperationsOfOneTickAddUpAndSkippedTicksAreEmpty) {
    MessageBudget budget(5);
    budget.add(0, 3);
    budget.add(0, 2);
    budget.add(3, 7);  // ticks 1 and 2 sent nothing
    ASSERT_EQ(budget.ticks().size(), 4u);
    EXPECT_EQ(budget.ticks()[0].events, 5u);
    EXPECT_EQ(budget.ticks()[1].events, 0u);
    EXPECT_EQ(budget.ticks()[2].events, 0u);
    EXPECT_EQ(budget.ticks()[3].events, 7u);
    EXPECT_EQ(budget.ticks()[3].bytes(16), 112u);
    budget.add(100, 1);  // a long jump keeps only the last 5 ticks, all empty but the newest
    ASSERT_EQ(budget.ticks().size(), 5u);
    EXPECT_EQ(budget.ticks().front().tick, 96);
    EXPECT_EQ(budget.ticks().back().events, 1u);
    EXPECT_EQ(budget.totalEvents(), 13u);
}

}  // namespace
}  // namespace aoilab
