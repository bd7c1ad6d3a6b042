// The search workbench's restart on a worker thread (large maps): the same runs as a restart at once,
// seeks during it, edits that replace it, and Cancel, which leaves the runs unsearched until asked again.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "app/modes/search/search_state.h"

namespace aoilab::app {
namespace {

SearchConfig config(const std::string& algo) {
    std::string why;
    auto made = makeSearchConfig(algo, "octile", "no-corner-cutting", 1, why);
    EXPECT_TRUE(made) << why;
    return *made;
}

// What a position shows of every run, for comparing two states.
std::vector<std::vector<std::int64_t>> snapshot(const SearchState& state) {
    std::vector<std::vector<std::int64_t>> all;
    for (const SearchRun& run : state.runs()) {
        const SearchResult r = run.search.result();
        std::vector<std::int64_t> v{run.searched, run.total, run.expanded(), static_cast<std::int64_t>(run.search.openSize()),
                                    static_cast<std::int64_t>(r.status), static_cast<std::int64_t>(r.length * 1e6)};
        for (GridPoint p : run.search.closedCells()) v.push_back(p.y * 1000 + p.x);
        for (GridPoint p : run.search.path()) v.push_back(p.y * 1000 + p.x);
        for (std::int32_t t : run.openedAt) v.push_back(t);
        for (std::int32_t t : run.closedAt) v.push_back(t);
        all.push_back(v);
    }
    return all;
}

void expectSame(const SearchState& worker, const SearchState& now) {
    EXPECT_FALSE(worker.restarting());
    EXPECT_FALSE(worker.stopped());
    EXPECT_EQ(worker.length(), now.length());
    EXPECT_EQ(worker.position(), now.position());
    EXPECT_EQ(worker.optimalLength(), now.optimalLength());
    EXPECT_EQ(snapshot(worker), snapshot(now));
}

TEST(SearchRestart, OnALargeMapTheWorkerGivesTheRunsARestartAtOnceGives) {
    SearchState now, worker;
    worker.setBackgroundRestartCells(0);  // every map counts as large
    const std::vector<SearchConfig> configs{config("dijkstra"), config("jps")};
    now.setConfigs(configs);
    worker.setConfigs(configs);
    ASSERT_TRUE(worker.restarting());
    // Meanwhile nothing is searched, and nothing pretends to be.
    ASSERT_EQ(worker.runs().size(), 2u);
    for (const SearchRun& run : worker.runs()) {
        EXPECT_FALSE(run.searched);
        EXPECT_FALSE(run.shows());
        EXPECT_TRUE(run.openedAt.empty());
    }
    EXPECT_EQ(worker.runs()[1].config.algo, "jps");
    EXPECT_EQ(worker.length(), 0u);
    EXPECT_FALSE(worker.optimalLength());
    EXPECT_EQ(worker.distanceField(), nullptr);  // it waits for the searches
    EXPECT_FALSE(worker.fieldComputing());
    // The seek to the end asked for during the restart is where the runs come back.
    now.seekToEnd();
    worker.seekToEnd();
    worker.waitForRestart();
    ASSERT_GT(now.length(), 50u);
    expectSame(worker, now);
    // The runs searched on the worker's copy of the map step like the others.
    now.seek(37);
    worker.seek(37);
    expectSame(worker, now);
    // A new query: a position asked for during the restart.
    now.setQuery({3, 3}, {40, 20});
    worker.setQuery({3, 3}, {40, 20});
    ASSERT_TRUE(worker.restarting());
    now.seek(25);
    worker.seek(25);
    worker.waitForRestart();
    EXPECT_EQ(worker.position(), 25u);
    expectSame(worker, now);
    // A seek that comes after the worker has stepped (before the runs are taken) is made when they are.
    now.setQuery({3, 3}, {44, 28});
    worker.setQuery({3, 3}, {44, 28});
    while (!worker.restartFinished()) std::this_thread::yield();
    now.seek(31);
    worker.seek(31);
    EXPECT_TRUE(worker.restarting());
    worker.pollRestart();
    EXPECT_EQ(worker.position(), 31u);
    expectSame(worker, now);
}

TEST(SearchRestart, ItReportsEachStageInTurn) {
    SearchState worker;
    worker.setBackgroundRestartCells(0);
    std::mutex lock;
    std::vector<std::size_t> stages;
    worker.setRestartStageHook([&](std::size_t stage) {
        std::lock_guard<std::mutex> hold(lock);
        stages.push_back(stage);
    });
    worker.setConfigs({config("astar"), config("greedy")});
    worker.waitForRestart();
    EXPECT_EQ(stages, (std::vector<std::size_t>{0, 1, 2, 3}));  // two searches, the optimum, the stepping
    EXPECT_EQ(searchRestartStages(2), 4u);
}

TEST(SearchRestart, AnEditDuringARestartReplacesIt) {
    SearchState now, worker;
    worker.setBackgroundRestartCells(0);
    for (SearchState* s : {&now, &worker}) {
        s->setConfigs({config("astar"), config("dijkstra")});
        s->setQuery({3, 3}, {40, 20});  // stops the first restart, searches this query
        s->seekToEnd();
        ASSERT_TRUE(s->paint({20, 25}, 0));  // a wall: an undoable edit that restarts again
        s->seekToEnd();
    }
    worker.waitForRestart();
    expectSame(worker, now);
    for (SearchState* s : {&now, &worker}) {
        s->undo();
        s->seek(12);
    }
    worker.waitForRestart();
    EXPECT_EQ(worker.position(), 12u);
    expectSame(worker, now);
}

TEST(SearchRestart, CancelledSearchesShowNothingUntilSearchedAgain) {
    SearchState now, worker;
    worker.setBackgroundRestartCells(0);
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<bool> holdOnce{true};
    // The worker waits before its second stage until the test has pressed Cancel.
    worker.setRestartStageHook([&](std::size_t stage) {
        if (stage == 1 && holdOnce.exchange(false)) released.wait();
    });
    const std::vector<SearchConfig> configs{config("astar"), config("dijkstra")};
    now.setConfigs(configs);
    worker.setConfigs(configs);
    ASSERT_TRUE(worker.restarting());
    EXPECT_FALSE(worker.restartStopping());
    worker.cancelRestart();
    EXPECT_TRUE(worker.restartStopping());
    release.set_value();
    worker.waitForRestart();
    EXPECT_FALSE(worker.restarting());
    EXPECT_TRUE(worker.stopped());
    EXPECT_EQ(worker.length(), 0u);
    EXPECT_FALSE(worker.optimalLength());
    for (const SearchRun& run : worker.runs()) {
        EXPECT_FALSE(run.shows());
        EXPECT_TRUE(run.closedAt.empty());
        EXPECT_EQ(run.total, 0);
    }
    worker.seek(10);  // nothing to step
    EXPECT_EQ(worker.position(), 0u);
    // Search again: the same runs as the restart at once.
    worker.searchAgain();
    worker.seekToEnd();
    now.seekToEnd();
    worker.waitForRestart();
    expectSame(worker, now);
    // An edit after a cancelled restart searches too.
    holdOnce = true;
    release = {};
    released = release.get_future().share();
    worker.setQuery({3, 3}, {44, 20});
    worker.cancelRestart();
    release.set_value();
    worker.waitForRestart();
    ASSERT_TRUE(worker.stopped());
    now.setQuery({3, 3}, {40, 28});
    worker.setQuery({3, 3}, {40, 28});
    EXPECT_FALSE(worker.stopped());
    now.seekToEnd();
    worker.seekToEnd();
    worker.waitForRestart();
    expectSame(worker, now);
}

// While the workbench is not shown a large map's restart waits (runs unsearched, a seek kept for them);
// shown, it runs on the worker to the runs a restart at once gives, at the position asked for.
TEST(SearchRestart, HeldWhileAnotherWorkbenchIsShownThenRunAsAtOnce) {
    SearchState now, held;
    held.setBackgroundRestartCells(0);
    held.holdRestarts(true);
    const std::vector<SearchConfig> configs{config("astar"), config("dijkstra")};
    for (SearchState* s : {&now, &held}) {
        s->setConfigs(configs);
        s->setQuery({3, 3}, {40, 20});
        s->seek(20);
    }
    EXPECT_TRUE(held.restartHeld());
    EXPECT_FALSE(held.restarting());
    EXPECT_EQ(held.length(), 0u);
    ASSERT_EQ(held.runs().size(), 2u);
    for (const SearchRun& run : held.runs()) EXPECT_FALSE(run.searched);
    held.holdRestarts(false);
    EXPECT_FALSE(held.restartHeld());
    ASSERT_TRUE(held.restarting());
    held.waitForRestart();
    EXPECT_EQ(held.position(), 20u);
    expectSame(held, now);
    // Shown, a restart is not held; hidden again, the next one is.
    held.setQuery({3, 3}, {44, 28});
    EXPECT_TRUE(held.restarting());
    held.waitForRestart();
    held.holdRestarts(true);
    held.setQuery({3, 3}, {40, 28});
    EXPECT_TRUE(held.restartHeld());
}

}  // namespace
}  // namespace aoilab::app

namespace aoilab::app {
namespace {

// An open map where Dijkstra corner to corner closes every cell: 512 x 512 is four slices of
// kRestartSlice expansions.
GridMap openMap(int side) { return GridMap(side, side); }

// Cancel inside a search: the restart asks again within the stage under way (between slices), and stops
// there, before the search ends and before the next stage, leaving the runs unsearched.
TEST(SearchRestart, CancelStopsInsideTheSearchUnderWay) {
    const GridMap map = openMap(512);
    ASSERT_GT(512 * 512, 3 * kRestartSlice);
    std::vector<std::size_t> heard;
    const BuildProgress progress = [&](std::size_t done, std::size_t) {
        heard.push_back(done);
        return heard.size() < 3;  // the stage's start, one slice, then Cancel
    };
    std::atomic<std::size_t> position{0};
    SearchRestart out = runSearches(map, {config("dijkstra"), config("astar")}, {0, 0}, {511, 511}, {}, GridSearch(), position,
                                    &progress);
    EXPECT_FALSE(out.complete);
    EXPECT_EQ(heard, (std::vector<std::size_t>{0, 0, 0}));  // never past the first search
    ASSERT_EQ(out.runs.size(), 2u);
    for (const SearchRun& run : out.runs) {
        EXPECT_FALSE(run.searched);
        EXPECT_EQ(run.total, 0);
    }
    // The same in the stepping (the last stage): Cancel between its slices.
    heard.clear();
    const std::size_t stepping = searchRestartStages(1) - 1;
    const BuildProgress late = [&](std::size_t done, std::size_t) {
        heard.push_back(done);
        return std::count(heard.begin(), heard.end(), stepping) < 3;
    };
    position = 511 * 511;  // far into Dijkstra's expansions: several slices of stepping
    out = runSearches(map, {config("dijkstra")}, {0, 0}, {511, 511}, {}, GridSearch(), position, &late);
    EXPECT_FALSE(out.complete);
    EXPECT_EQ(out.position, 0u);
    EXPECT_EQ(heard.back(), stepping);
    EXPECT_FALSE(out.runs.at(0).searched);
}

// The slices change nothing: a restart run in slices (searches, optimum, stepping) lands on the state that
// stepping one expansion at a time from the start gives, on a uniform map (the stepping runs the engine's
// fast loop, runTo, in slices) and with one weighted cell (it steps).
TEST(SearchRestart, SlicedSearchesAndSteppingGiveWhatStepsGive) {
    for (const bool weighted : {false, true}) {
        SCOPED_TRACE(weighted ? "one weighted cell" : "uniform");
        GridMap map = openMap(400);
        if (weighted) map.setCost(200, 200, 5.0);
        for (int y = 20; y < 380; ++y) map.setPassable(100, y, false);
        const GridPoint from{0, 0}, to{399, 399};
        const std::vector<SearchConfig> configs{config("dijkstra"), config("astar")};
        constexpr std::size_t kAt = 150000;
        ASSERT_GT(kAt, 2 * static_cast<std::size_t>(kRestartSlice));  // the stepping takes three slices
        std::atomic<std::size_t> position{kAt};
        const BuildProgress always = [](std::size_t, std::size_t) { return true; };
        SearchRestart out = runSearches(map, configs, from, to, {}, GridSearch(), position, &always);
        ASSERT_TRUE(out.complete);
        ASSERT_EQ(out.position, kAt);
        GridSearch whole(configs[0].options);
        const SearchResult dijkstra = whole.find(map, from, to);
        EXPECT_EQ(out.runs[0].total, dijkstra.expansions);
        ASSERT_GT(dijkstra.expansions, static_cast<std::int64_t>(kAt));
        GridSearch optimum;
        EXPECT_EQ(out.optimal, optimum.find(map, from, to).length);

        std::vector<SearchRun> stepped(configs.size());
        for (std::size_t i = 0; i < configs.size(); ++i) {
            stepped[i].config = configs[i];
            stepped[i].search.setOptions(configs[i].options);
            stepped[i].searched = true;
            stepped[i].total = out.runs[i].total;
        }
        resetRuns(map, from, to, stepped);
        for (std::size_t at = 0; at < kAt; ++at) stepAll(map, stepped);
        for (std::size_t i = 0; i < configs.size(); ++i) {
            EXPECT_EQ(out.runs[i].expanded(), stepped[i].expanded()) << i;
            EXPECT_EQ(out.runs[i].search.closedCells(), stepped[i].search.closedCells()) << i;
            EXPECT_EQ(out.runs[i].search.openCells(), stepped[i].search.openCells()) << i;
            EXPECT_EQ(out.runs[i].openedAt, stepped[i].openedAt) << i;
            EXPECT_EQ(out.runs[i].closedAt, stepped[i].closedAt) << i;
            EXPECT_EQ(out.runs[i].search.path(), stepped[i].search.path()) << i;
        }
    }
}

}  // namespace
}  // namespace aoilab::app
