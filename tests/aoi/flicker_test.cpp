// The flicker counter (aoi/flicker.h) and the message budget (aoi/message_budget.h): by hand, and on a
// hand-made pacing script run through brute force, without and with hysteresis.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>

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

// The counter against the rule written plainly (every pair's last enter and leave in an ordered map,
// nothing ever forgotten), on 200,000 random events over 400 pairs and 3,000 ticks with every kind of
// operation: the same count after every operation, while the counter keeps only the pairs that
// changed lately.
TEST(FlickerCounter, CountsAsThePlainRuleOnRandomEventsAndForgetsOldPairs) {
    for (std::int64_t window : {0, 1, 3, 10}) {
        FlickerCounter counter(window);
        std::map<std::pair<EntityId, EntityId>, std::pair<std::int64_t, std::int64_t>> plain;  // entered, left
        std::uint64_t expected = 0;
        std::mt19937 rng(static_cast<unsigned>(window) + 5);
        std::uniform_int_distribution<int> entity(1, 20), type(0, 2), kind(0, 9), events(0, 6), advance(0, 3);
        std::int64_t tick = 0;
        std::map<std::pair<EntityId, EntityId>, std::int64_t> lastChange;
        for (int op = 0; op < 40'000; ++op) {
            tick += advance(rng) == 0 ? 1 : 0;
            const int k = kind(rng);
            const OpKind cause = k == 0 ? OpKind::Add : k == 1 ? OpKind::Leave : k == 2 ? OpKind::Tick : k == 3 ? OpKind::Radius : OpKind::Move;
            std::vector<AoiEvent> batch;
            for (int e = events(rng); e > 0; --e) {
                const int t = type(rng);
                batch.push_back(AoiEvent{t == 0 ? AoiEventType::Enter : t == 1 ? AoiEventType::Leave : AoiEventType::Move,
                                         entity(rng), entity(rng)});
            }
            for (const AoiEvent& event : batch) {
                if (event.type == AoiEventType::Move) continue;
                const auto pair = std::make_pair(event.watcher, event.target);
                if (cause == OpKind::Add || cause == OpKind::Leave) {
                    plain.erase(pair);
                    lastChange.erase(pair);
                    continue;
                }
                auto& [entered, left] = plain.try_emplace(pair, -1, -1).first->second;
                if (event.type == AoiEventType::Enter) {
                    if (left >= 0 && tick - left <= window) ++expected;
                    entered = tick;
                } else {
                    if (entered >= 0 && tick - entered <= window) ++expected;
                    left = tick;
                }
                lastChange[pair] = tick;
            }
            counter.add(tick, batch, cause);
            ASSERT_EQ(counter.flickers(), expected) << "window " << window << ", operation " << op;
            // Kept: at most the pairs that changed since the last sweep's horizon (window and 64 ticks).
            std::size_t recent = 0;
            for (const auto& [pair, at] : lastChange) recent += tick - at <= std::max<std::int64_t>(window, 64) * 2 + 1 ? 1 : 0;
            ASSERT_LE(counter.pairsKept(), recent) << "window " << window << ", operation " << op;
        }
        EXPECT_GT(expected, 300u) << window;  // (479 with window 0, the fewest)
        EXPECT_GT(tick, 2000);
    }
}

}  // namespace
}  // namespace aoilab
