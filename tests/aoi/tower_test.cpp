// The tower (beacon) method: entity and watcher counts per tower, the towers an entity's view covers,
// and exact events for watchers whose radius spans many towers.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "aoi/brute_force.h"
#include "aoi/tower.h"

namespace aoilab {
namespace {

using Counts = std::set<std::tuple<int, int, int, int>>;  // column, row, entities, watchers

Counts towersOf(const TowerAoi& aoi) {
    std::vector<TowerCounts> towers;
    aoi.towers(towers);
    Counts out;
    for (const TowerCounts& t : towers) out.insert({t.column, t.row, t.entities, t.watchers});
    return out;
}

Counts watchedBy(const TowerAoi& aoi, EntityId id) {
    std::vector<TowerCounts> towers;
    aoi.towersWatchedBy(id, towers);
    Counts out;
    for (const TowerCounts& t : towers) out.insert({t.column, t.row, t.entities, t.watchers});
    return out;
}

std::vector<AoiEvent> sorted(std::vector<AoiEvent> events) {
    std::sort(events.begin(), events.end());
    return events;
}

AoiConfig towersOfTen() {
    AoiConfig c;
    c.shape = ViewShape::Square;
    c.worldWidth = c.worldHeight = 100;
    c.towerSize = 10;
    return c;
}

TEST(Tower, EachTowerCountsItsEntitiesAndTheWatchersItsViewReaches) {
    TowerAoi aoi(towersOfTen());
    EXPECT_EQ(aoi.columns(), 10);
    EXPECT_EQ(aoi.rows(), 10);
    EXPECT_DOUBLE_EQ(aoi.towerSize(), 10);
    EventBuffer sink;
    aoi.add(1, {14, 14}, 3, sink);   // view 11..17: tower (1,1) only
    aoi.add(2, {25, 25}, 12, sink);  // view 13..37: towers (1..3, 1..3)
    EXPECT_EQ(watchedBy(aoi, 1), (Counts{{1, 1, 1, 2}}));
    Counts expected;
    for (int row = 1; row <= 3; ++row) {
        for (int column = 1; column <= 3; ++column) {
            int entities = (column == 1 && row == 1) || (column == 2 && row == 2) ? 1 : 0;
            int watchers = (column == 1 && row == 1) ? 2 : 1;
            expected.insert({column, row, entities, watchers});
        }
    }
    EXPECT_EQ(towersOf(aoi), expected);
    EXPECT_EQ(watchedBy(aoi, 2), expected);
    // 2 reaches 1 (11 <= 12 on both axes); 1's radius 3 does not reach 2.
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{{AoiEventType::Enter, 2, 1}}));

    // Entity 1 walks next to 2: it changes tower and its view box; the counts follow.
    sink.events.clear();
    aoi.move(1, {26, 24}, sink);  // tower (2,2), view 23..29 x 21..27: tower (2,2) only
    EXPECT_EQ(sorted(sink.events),
              (std::vector<AoiEvent>{{AoiEventType::Enter, 1, 2}, {AoiEventType::Move, 2, 1}}));
    EXPECT_EQ(watchedBy(aoi, 1), (Counts{{2, 2, 2, 2}}));
    Counts after = towersOf(aoi);
    EXPECT_TRUE(after.count({1, 1, 0, 1}));  // 1 left tower (1,1) as entity and as watcher
    EXPECT_TRUE(after.count({2, 2, 2, 2}));

    // Leaving empties the lists it was in.
    aoi.remove(2, sink);
    aoi.remove(1, sink);
    EXPECT_TRUE(towersOf(aoi).empty());
    EXPECT_EQ(aoi.size(), 0u);
}

TEST(Tower, AMoveToldToTheWatchersOfTheTowersLeftAndEntered) {
    TowerAoi aoi(towersOfTen());
    EventBuffer sink;
    aoi.add(1, {5, 5}, 8, sink);    // watches towers (0..1, 0..1)
    aoi.add(2, {45, 5}, 8, sink);   // watches towers (3..5, 0..1)
    aoi.add(3, {12, 5}, 1, sink);   // in tower (1,0): seen by 1
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{{AoiEventType::Enter, 1, 3}}));
    sink.events.clear();
    aoi.move(3, {38, 5}, sink);     // tower (1,0) -> (3,0): 1 loses it, 2 gains it
    EXPECT_EQ(sorted(sink.events),
              (std::vector<AoiEvent>{{AoiEventType::Enter, 2, 3}, {AoiEventType::Leave, 1, 3}}));
    EXPECT_EQ(aoi.lastOperation().events, 2u);
    EXPECT_GT(aoi.lastOperation().visited, 0u);
}

TEST(Tower, WatchersSpanningManyTowersAgreeWithBruteForce) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle}) {
        AoiConfig c = towersOfTen();
        c.shape = shape;
        c.hysteresis = 2;
        TowerAoi aoi(c);
        BruteForceAoi brute(c);
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> coordinate(0, 100), step(-4, 4);
        std::vector<Vec2> where(40);
        EventBuffer a, b;
        for (EntityId id = 0; id < 40; ++id) {
            where[static_cast<std::size_t>(id)] = {coordinate(rng), coordinate(rng)};
            double radius = id == 0 ? 500 : (id % 7 == 0 ? 35 : static_cast<double>(rng() % 9));
            aoi.add(id, where[static_cast<std::size_t>(id)], radius, a);
            brute.add(id, where[static_cast<std::size_t>(id)], radius, b);
        }
        ASSERT_EQ(sorted(a.events), sorted(b.events));
        for (int op = 0; op < 2000; ++op) {
            a.events.clear();
            b.events.clear();
            auto id = static_cast<EntityId>(rng() % 40);
            Vec2& p = where[static_cast<std::size_t>(id)];
            if (op % 50 == 0) {
                double radius = static_cast<double>(rng() % 30);
                aoi.setRadius(id, radius, a);
                brute.setRadius(id, radius, b);
            } else {
                p = {std::clamp(p.x + step(rng), 0.0, 100.0), std::clamp(p.y + step(rng), 0.0, 100.0)};
                aoi.move(id, p, a);
                brute.move(id, p, b);
            }
            ASSERT_EQ(sorted(a.events), sorted(b.events)) << toString(shape) << " op " << op;
        }
    }
}

// The positional scan reads positions from the tower records and leaves towers by the indices the
// registrations keep: after every kind of operation, the records must equal the entities exactly
// (audited), and the events brute force's. Radii from 0 to the whole world (boxes of 1 to 100 towers,
// past the four inline indices), with and without hysteresis (positional and stored relations). Without
// the whole-world views, teleports between towers far apart take the scan's one-test shortcuts.
void checkRecordsFollowEveryOperation(double hysteresis, bool wholeWorldViews, ViewShape shape) {
    SCOPED_TRACE(std::string(toString(shape)) + " h " + std::to_string(hysteresis) +
                 (wholeWorldViews ? " with whole-world views" : ""));
    AoiConfig c = towersOfTen();
    c.shape = shape;
    c.hysteresis = hysteresis;
    TowerAoi aoi(c);
    BruteForceAoi brute(c);
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> coordinate(0, 100), step(-6, 6);
    auto radiusOf = [&] {
        const unsigned pick = rng() % 10;
        if (pick == 0 && wholeWorldViews) return 500.0;
        return pick <= 1 ? 25.0 + coordinate(rng) / 4 : coordinate(rng) / 10;
    };
    std::vector<Vec2> where(60);
    std::vector<bool> live(60, false);
    EventBuffer a, b;
    for (int op = 0; op < 3000; ++op) {
        a.events.clear();
        b.events.clear();
        const auto id = static_cast<EntityId>(rng() % 60);
        const auto i = static_cast<std::size_t>(id);
        Vec2& p = where[i];
        const unsigned kind = rng() % 20;
        if (!live[i]) {
            p = {coordinate(rng), coordinate(rng)};
            const double radius = radiusOf();
            aoi.add(id, p, radius, a);
            brute.add(id, p, radius, b);
            live[i] = true;
        } else if (kind == 0) {
            aoi.remove(id, a);
            brute.remove(id, b);
            live[i] = false;
        } else if (kind == 1) {
            const double radius = radiusOf();
            aoi.setRadius(id, radius, a);
            brute.setRadius(id, radius, b);
        } else {
            if (kind < 8) {
                p = {coordinate(rng), coordinate(rng)};  // teleport
            } else {
                p = {std::clamp(p.x + step(rng), 0.0, 100.0), std::clamp(p.y + step(rng), 0.0, 100.0)};
            }
            aoi.move(id, p, a);
            brute.move(id, p, b);
        }
        ASSERT_EQ(aoi.auditBookkeeping(), "") << "op " << op;
        ASSERT_EQ(sorted(a.events), sorted(b.events)) << "op " << op;
        ASSERT_EQ(aoi.lastOperation().events, a.events.size());
    }
    // Everyone leaves: no record may stay behind.
    for (EntityId id = 0; id < 60; ++id)
        if (live[static_cast<std::size_t>(id)]) aoi.remove(id, a);
    EXPECT_EQ(aoi.auditBookkeeping(), "");
    EXPECT_TRUE(towersOf(aoi).empty());
}

TEST(Tower, RecordsAndRegistrationsFollowEveryOperation) {
    for (double hysteresis : {0.0, 2.0})
        for (bool wholeWorldViews : {true, false})
            for (ViewShape shape : {ViewShape::Square, ViewShape::Circle})
                checkRecordsFollowEveryOperation(hysteresis, wholeWorldViews, shape);
}

// A watcher whose box holds more towers than the four inline indices: registered in all nine, and
// leaving them moves other watchers' records, whose kept indices must follow.
TEST(Tower, BigWatcherIsRegisteredInEveryTowerItsBoxTouches) {
    TowerAoi aoi(towersOfTen());
    EventBuffer sink;
    aoi.add(1, {15, 15}, 11, sink);  // view 4..26: towers 0..2 x 0..2, nine (five past the inline four)
    EXPECT_EQ(watchedBy(aoi, 1).size(), 9u);
    EXPECT_EQ(aoi.auditBookkeeping(), "");
    aoi.add(2, {16, 16}, 11, sink);
    aoi.move(1, {55, 55}, sink);  // towers 4..6 x 4..6: the old nine are left, 2's indices corrected
    EXPECT_EQ(aoi.auditBookkeeping(), "");
    aoi.setRadius(2, 1, sink);  // one tower
    EXPECT_EQ(watchedBy(aoi, 2).size(), 1u);
    EXPECT_EQ(aoi.auditBookkeeping(), "");
}

TEST(Tower, TowerCountIsCappedForTinyTowers) {
    AoiConfig c = towersOfTen();
    c.worldWidth = c.worldHeight = 1e6;
    c.towerSize = 0.001;
    TowerAoi aoi(c);
    EXPECT_GT(aoi.towerSize(), 0.001);
    EXPECT_LE(static_cast<std::int64_t>(aoi.columns()) * aoi.rows(), TowerAoi::kMaxTowers);
    EventBuffer sink;
    aoi.add(1, {10, 10}, 5, sink);
    aoi.add(2, {13, 14}, 5, sink);
    EXPECT_EQ(sink.events.size(), 2u);
}

}  // namespace
}  // namespace aoilab
