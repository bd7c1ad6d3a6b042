#include "aoi/event_log_filter.h"

#include <gtest/gtest.h>

#include <random>

namespace aoilab {
namespace {

// What the filter must answer, counted the plain way: the whole log, newest first.
struct Expected {
    std::vector<std::size_t> rows;
    std::array<int, 3> counts{0, 0, 0};
};

Expected countByHand(const AoiSession& session, const EventLogQuery& q) {
    Expected out;
    std::size_t lastOp = session.operationCount() == 0 ? 0 : session.operationCount() - 1;
    const auto& log = session.log();
    for (std::size_t i = log.size(); i-- > 0;) {
        const LoggedEvent& e = log[i];
        if (q.lastOperationOnly && e.op != lastOp) continue;
        if (e.method != q.method) continue;
        if (q.entity && e.event.watcher != *q.entity && e.event.target != *q.entity) continue;
        auto t = static_cast<std::size_t>(e.event.type);
        ++out.counts[t];
        if (q.showType[t]) out.rows.push_back(i);
    }
    return out;
}

void expectAnswers(const EventLogFilter& filter, const Expected& expected, const std::string& where) {
    SCOPED_TRACE(where);
    EXPECT_EQ(filter.countsByType(), expected.counts);
    EXPECT_EQ(filter.matched(), expected.counts[0] + expected.counts[1] + expected.counts[2]);
    ASSERT_EQ(filter.rowCount(), expected.rows.size());
    for (std::size_t i = 0; i < expected.rows.size(); ++i) ASSERT_EQ(filter.row(i), expected.rows[i]) << "row " << i;
}

World randomWorld(std::mt19937& rng, int entities) {
    World world(200, 200);
    std::uniform_real_distribution<double> at(0, 200), radius(5, 40);
    for (int id = 1; id <= entities; ++id) world.add(Entity{id, "", at(rng), at(rng), radius(rng), 0});
    return world;
}

// Random moves, adds, leaves and ticks, with the question changed now and then, the session reset
// now and then, and a log small enough to drop its oldest events in some rounds: after every
// operation the filter that follows the log answers as a count of the whole log does.
TEST(EventLogFilter, FollowingTheLogAnswersAsCountingTheWholeLog) {
    for (std::size_t capacity : {std::size_t{200'000}, std::size_t{600}}) {
        std::mt19937 rng(static_cast<unsigned>(capacity));
        World world = randomWorld(rng, 40);
        AoiSession session;
        session.reset(world, AoiSettings{}, capacity);
        EventLogFilter filter;
        EventLogQuery query;
        query.method = 1;
        std::uniform_real_distribution<double> at(0, 200);
        std::uniform_int_distribution<int> pick(1, 60), roll(0, 99);
        for (int step = 0; step < 400; ++step) {
            int r = roll(rng);
            EntityId id = pick(rng);
            if (r < 2) {
                session.reset(world, AoiSettings{}, capacity);
            } else if (r < 8) {
                query.method = static_cast<int>(static_cast<std::size_t>(pick(rng)) % session.methods().size());
                query.entity = roll(rng) < 50 ? std::optional<EntityId>(pick(rng) % 40 + 1) : std::nullopt;
                query.lastOperationOnly = roll(rng) < 30;
                query.showType = {roll(rng) < 80, roll(rng) < 80, roll(rng) < 80};
            } else if (r < 12) {
                session.apply(ScriptOp{OpKind::Tick, {}});
            } else if (world.contains(id) && r < 16) {
                world.remove(id);
            } else if (!world.contains(id)) {
                world.add(Entity{id, "", at(rng), at(rng), 20, 0});
            } else {
                world.move(id, at(rng), at(rng));
            }
            session.applyAll(world);
            filter.update(session, query);
            expectAnswers(filter, countByHand(session, query), "capacity " + std::to_string(capacity) + ", step " + std::to_string(step));
            if (HasFatalFailure()) return;
        }
    }
}

TEST(EventLogFilter, AMoveReadsOnlyTheEventsItAdded) {
    std::mt19937 rng(7);
    World world = randomWorld(rng, 300);
    AoiSession session;
    session.reset(world, AoiSettings{});
    EventLogFilter filter;
    EventLogQuery query;
    query.method = 1;
    filter.update(session, query);
    EXPECT_EQ(filter.entriesReadLast(), session.log().size());  // the first read is the whole log
    std::size_t before = session.log().size();
    world.move(5, 100, 100);
    session.applyAll(world);
    ASSERT_GT(session.log().size(), before);
    filter.update(session, query);
    EXPECT_EQ(filter.entriesReadLast(), session.log().size() - before);
    filter.update(session, query);
    EXPECT_EQ(filter.entriesReadLast(), 0u);
    query.showType[0] = false;  // a new question reads everything again
    filter.update(session, query);
    EXPECT_EQ(filter.entriesReadLast(), session.log().size());
}

// A full log drops its oldest events as each move adds new ones (100,000 entities in the app): the
// filter still reads only the added ones, forgets the dropped ones, and answers as a fresh count.
TEST(EventLogFilter, AMoveInAFullLogReadsOnlyTheEventsItAdded) {
    std::mt19937 rng(5);
    World world = randomWorld(rng, 300);
    AoiSession session;
    const std::size_t capacity = 2'000;
    session.reset(world, AoiSettings{}, capacity);
    ASSERT_GT(session.eventsDropped(), 0u);
    EventLogFilter filter;
    EventLogQuery query;
    query.method = 1;
    query.showType[1] = false;
    filter.update(session, query);
    EXPECT_EQ(filter.entriesReadLast(), capacity);
    std::uniform_real_distribution<double> at(0, 200);
    std::size_t readNew = 0;
    for (int step = 0; step < 50; ++step) {
        const std::uint64_t before = session.eventsDropped() + session.log().size();
        world.move(5 + step % 7, at(rng), at(rng));
        session.applyAll(world);
        const std::uint64_t added = session.eventsDropped() + session.log().size() - before;
        filter.update(session, query);
        EXPECT_EQ(filter.entriesReadLast(), added) << "step " << step;
        readNew += added;
        expectAnswers(filter, countByHand(session, query), "step " + std::to_string(step));
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(readNew, 0u);
    EXPECT_EQ(session.log().size(), capacity);
}

// A reset makes a new log even when it is longer than the one read before: read it all.
TEST(EventLogFilter, AResetIsReadAfreshEvenWhenTheNewLogIsLonger) {
    std::mt19937 rng(11);
    World small = randomWorld(rng, 10), large = randomWorld(rng, 200);
    AoiSession session;
    session.reset(small, AoiSettings{});
    EventLogFilter filter;
    EventLogQuery query;
    query.method = 1;
    filter.update(session, query);
    std::size_t before = session.log().size();
    session.reset(large, AoiSettings{});
    ASSERT_GT(session.log().size(), before);
    filter.update(session, query);
    EXPECT_EQ(filter.entriesReadLast(), session.log().size());
    expectAnswers(filter, countByHand(session, query), "after the reset");
}

}  // namespace
}  // namespace aoilab
