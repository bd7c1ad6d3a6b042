// The search workbench's model (display-free): exact seeking both ways, the engine's refusals, painting.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <thread>

#include "app/modes/search/search_edit_label.h"
#include "app/modes/search/search_state.h"
#include "app/strings.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

SearchConfig config(const std::string& algo, const std::string& diagonal = "no-corner-cutting", double weight = 1) {
    std::string why;
    auto made = makeSearchConfig(algo, "octile", diagonal, weight, why);
    EXPECT_TRUE(made) << why;
    return *made;
}

// Everything a position shows, for comparing two states.
std::vector<std::vector<std::int64_t>> snapshot(const SearchState& state) {
    std::vector<std::vector<std::int64_t>> all;
    for (const SearchRun& run : state.runs()) {
        std::vector<std::int64_t> v{run.expanded(), static_cast<std::int64_t>(run.search.openSize())};
        for (GridPoint p : run.search.closedCells()) v.push_back(p.y * 1000 + p.x);
        for (std::int32_t t : run.openedAt) v.push_back(t);
        for (std::int32_t t : run.closedAt) v.push_back(t);
        all.push_back(v);
    }
    return all;
}

TEST(SearchState, SeekingBackAndForthGivesTheStateOfSteppingFromTheStart) {
    SearchState walked, fresh;
    walked.setConfigs({config("dijkstra"), config("astar")});
    fresh.setConfigs({config("dijkstra"), config("astar")});
    ASSERT_GT(walked.length(), 100u);
    walked.seek(90);
    walked.seek(40);
    walked.seek(walked.length());
    walked.seek(57);
    for (std::size_t i = 0; i < 57; ++i) fresh.seek(i + 1);
    EXPECT_EQ(walked.position(), 57u);
    EXPECT_EQ(snapshot(walked), snapshot(fresh));
    EXPECT_EQ(walked.runs()[0].expanded(), 57);
}

// A long seek runs each search at full speed to its step before the last (GridSearch::runTo) and steps
// the last: the same state, per-cell step numbers and last report as seeking one step at a time, for
// runs with a fast loop (A*, Dijkstra) and without (JPS, best-first), of different lengths.
TEST(SearchState, ALongSeekGivesTheStateOfSeekingOneStepAtATime) {
    auto lastReports = [](const SearchState& state) {
        std::vector<std::vector<std::int64_t>> all;
        for (const SearchRun& run : state.runs()) {
            std::vector<std::int64_t> v{static_cast<std::int64_t>(run.last.status)};
            for (const CellChange& c : run.last.changes)
                v.insert(v.end(), {static_cast<std::int64_t>(c.kind), c.cell.x, c.cell.y, c.parent.x, c.parent.y,
                                   std::llround(c.g * 1e6), std::llround(c.f * 1e6)});
            v.insert(v.end(), run.scanned.begin(), run.scanned.end());
            all.push_back(v);
        }
        return all;
    };
    const std::vector<std::vector<SearchConfig>> pairs = {{config("dijkstra"), config("astar")},
                                                          {config("jps"), config("astar")},
                                                          {config("greedy"), config("dijkstra")}};
    for (const auto& configs : pairs) {
        SCOPED_TRACE(configs[0].algo + " and " + configs[1].algo);
        SearchState stepped, jumped;
        stepped.setConfigs(configs);
        jumped.setConfigs(configs);
        const std::size_t length = stepped.length();
        ASSERT_GT(length, 50u);
        std::vector<std::size_t> targets = {1, 2, 37, length / 2, length - 1, length};
        for (const SearchRun& run : stepped.runs()) targets.push_back(static_cast<std::size_t>(run.total));  // one run's end
        std::sort(targets.begin(), targets.end());
        std::size_t at = 0;
        for (std::size_t target : targets) {
            while (at < target) stepped.seek(++at);  // one step a seek: stepAll() only
            jumped.seek(0);
            jumped.seek(target);
            ASSERT_EQ(jumped.position(), target);
            EXPECT_EQ(snapshot(jumped), snapshot(stepped)) << "at " << target;
            EXPECT_EQ(lastReports(jumped), lastReports(stepped)) << "at " << target;
            for (std::size_t k = 0; k < jumped.runs().size(); ++k) {
                EXPECT_EQ(jumped.runs()[k].openedAt, stepped.runs()[k].openedAt);
                EXPECT_EQ(jumped.runs()[k].search.path(), stepped.runs()[k].search.path());
            }
        }
    }
}

TEST(SearchState, AtTheEndEveryOptimalRunHasTheOptimalLength) {
    SearchState state;
    state.setConfigs({config("dijkstra"), config("jps")});
    state.seek(state.length());
    ASSERT_TRUE(state.optimalLength());
    for (const SearchRun& run : state.runs()) {
        EXPECT_TRUE(run.done());
        EXPECT_NEAR(run.search.result().length, *state.optimalLength(), 1e-9) << run.config.algo;
    }
    state.setConfigs({config("astar", "no-corner-cutting", 3)});  // weighted: never shorter than optimal
    state.seek(state.length());
    EXPECT_GE(state.runs()[0].search.result().length, *state.optimalLength() - 1e-9);
}

TEST(SearchState, TheEnginesRefusalsAreReportedWithTheirReason) {
    std::string why;
    EXPECT_FALSE(makeSearchConfig("jps", "octile", "never", 1, why));
    EXPECT_NE(why.find("no-corner-cutting"), std::string::npos) << why;
    EXPECT_FALSE(makeSearchConfig("astar", "octile", "no-corner-cutting", -1, why));
    EXPECT_FALSE(makeSearchConfig("bogo", "octile", "never", 1, why));
    EXPECT_EQ(why, unknownAlgorithmMessage("bogo"));
    // JPS on a weighted map: refused by the engine, shown as refused, nothing runs.
    SearchState state;
    ASSERT_TRUE(state.paint({10, 10}, 5));
    state.setConfigs({config("jps")});
    EXPECT_FALSE(state.runs()[0].refused.empty());
    EXPECT_EQ(state.length(), 0u);
}

TEST(SearchState, PaintingAWallOnThePathChangesThePathAndRestartsTheTimeline) {
    SearchState state;
    state.seek(state.length());
    std::vector<GridPoint> before = state.runs()[0].search.path();
    ASSERT_GT(before.size(), 4u);
    GridPoint middle = before[before.size() / 2];
    EXPECT_TRUE(state.paint(middle, 0));
    EXPECT_FALSE(state.paint(middle, 0));  // already a wall: nothing changes
    EXPECT_EQ(state.position(), 0u);
    state.seek(state.length());
    std::vector<GridPoint> after = state.runs()[0].search.path();
    EXPECT_TRUE(std::find(after.begin(), after.end(), middle) == after.end());
}

// On a large map a stroke's cells change at once and the searches restart once, when it ends: the runs
// shown meanwhile are the old map's, and the end state equals painting the same cells with a restart at
// each one. A seek before the end of the stroke restarts them too.
TEST(SearchState, OnALargeMapAStrokeRestartsTheSearchesOnceWhenItEnds) {
    SearchState live, deferred;
    deferred.setLivePaintCells(0);  // every map counts as large
    for (SearchState* s : {&live, &deferred}) s->seek(s->length());
    std::vector<GridPoint> path = deferred.runs()[0].search.path();
    ASSERT_GT(path.size(), 6u);
    const auto before = snapshot(deferred);
    const std::size_t position = deferred.position();
    const std::uint64_t revision = deferred.map().revision();
    const GridPoint a = path[path.size() / 2], b = path[path.size() / 2 + 1];
    EXPECT_FALSE(deferred.finishPaint());  // nothing painted yet
    for (SearchState* s : {&live, &deferred}) {
        ASSERT_TRUE(s->paint(a, 0));
        ASSERT_TRUE(s->paint(b, 0, true));  // the same stroke
    }
    EXPECT_FALSE(live.paintPending());
    EXPECT_TRUE(deferred.paintPending());
    EXPECT_FALSE(deferred.map().passable(a));  // the cells at once...
    EXPECT_NE(deferred.map().revision(), revision);
    EXPECT_EQ(snapshot(deferred), before);  // ...the searches when the stroke ends
    EXPECT_EQ(deferred.position(), position);
    EXPECT_TRUE(deferred.finishPaint());
    EXPECT_FALSE(deferred.paintPending());
    EXPECT_EQ(deferred.canUndo(), live.canUndo());
    for (SearchState* s : {&live, &deferred}) s->seek(s->length());
    EXPECT_EQ(snapshot(deferred), snapshot(live));
    EXPECT_EQ(deferred.optimalLength(), live.optimalLength());
    // One undo step for the stroke, as when each cell restarted the searches.
    deferred.undo();
    EXPECT_TRUE(deferred.map().passable(a));
    EXPECT_TRUE(deferred.map().passable(b));
    // A seek during a stroke restarts the searches first: its steps are the new map's.
    ASSERT_TRUE(deferred.paint(a, 0));
    ASSERT_TRUE(deferred.paintPending());
    deferred.seek(3);
    EXPECT_FALSE(deferred.paintPending());
    live.undo();
    ASSERT_TRUE(live.paint(a, 0));
    live.seek(3);
    EXPECT_EQ(snapshot(deferred), snapshot(live));
}

// The distance field: at once on a small map; on a large one from a worker thread, kept through a
// stroke like the runs, dropped when a restart makes it stale, and cancellable.
TEST(SearchState, OnALargeMapTheDistanceFieldComesFromAWorkerAndCanBeCancelled) {
    auto expected = [](const SearchState& s) { return computeDistanceField(s.map(), s.goal(), Diagonal::NoCornerCutting); };
    auto sameField = [](const DistanceField* a, const DistanceField& b) {
        return a != nullptr && a->distance == b.distance && a->next == b.next && a->settled == b.settled;
    };
    SearchState small;
    EXPECT_TRUE(sameField(small.distanceField(), expected(small)));
    EXPECT_FALSE(small.fieldComputing());

    SearchState state;
    state.setLivePaintCells(0);  // every map counts as large
    state.seek(state.length());
    auto waitForField = [&] {
        for (int i = 0; i < 10000 && state.fieldComputing(); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            state.pollDistanceField();
        }
        ASSERT_FALSE(state.fieldComputing());
    };
    EXPECT_EQ(state.distanceField(), nullptr);  // asked for: the worker starts
    EXPECT_TRUE(state.fieldComputing());
    const std::uint64_t serial = state.serial();
    waitForField();
    EXPECT_GT(state.serial(), serial);  // the scene draws it
    const DistanceField before = expected(state);
    EXPECT_TRUE(sameField(state.distanceField(), before));
    EXPECT_GT(before.settled, 1000);

    // A stroke: the field stays the map's before it, as the runs do, until the searches restart.
    const GridPoint wall = state.runs()[0].search.path().at(5);
    ASSERT_TRUE(state.paint(wall, 0));
    ASSERT_TRUE(state.paintPending());
    EXPECT_TRUE(sameField(state.distanceField(), before));
    EXPECT_FALSE(state.fieldComputing());
    ASSERT_TRUE(state.finishPaint());
    EXPECT_EQ(state.distanceField(), nullptr);
    waitForField();
    EXPECT_TRUE(sameField(state.distanceField(), expected(state)));
    EXPECT_FALSE(sameField(state.distanceField(), before));  // the new wall is out of reach now

    // A restart while it runs: the stale computation is dropped, the next ask is for the new map.
    state.undo();
    EXPECT_EQ(state.distanceField(), nullptr);
    state.redo();
    state.pollDistanceField();
    EXPECT_FALSE(state.fieldComputing());
    EXPECT_EQ(state.distanceField(), nullptr);
    waitForField();
    EXPECT_TRUE(sameField(state.distanceField(), expected(state)));

    // Cancel: nothing kept, told once, and asking again starts over.
    state.undo();
    EXPECT_EQ(state.distanceField(), nullptr);
    state.cancelDistanceField();
    EXPECT_FALSE(state.fieldComputing());
    EXPECT_TRUE(state.takeFieldCancelled());
    EXPECT_FALSE(state.takeFieldCancelled());
    EXPECT_EQ(state.distanceField(), nullptr);
    waitForField();
    EXPECT_TRUE(sameField(state.distanceField(), before));  // the undo put the map back as it was
}

// JPS's jump table is per-map work: built once before the first query and kept while only the query
// changes (a dragged start or goal restarts the searches every frame), built again after a map edit.
// The query's time leaves it out; it is reported apart (prepareMicros).
TEST(SearchState, TheJumpTableIsBuiltOncePerMapNotAtEveryQuery) {
    SearchState state;
    state.setConfigs({config("astar"), config("jps")});
    EXPECT_EQ(state.runs()[1].search.jumpTableBuilds(), 1u);
    EXPECT_EQ(state.runs()[1].preparedRevision, state.map().revision());
    const double prepared = state.runs()[1].prepareMicros;
    const GridPoint start = state.start(), goal = state.goal();
    state.setQuery(goal, start);
    state.setQuery(start, goal);
    EXPECT_EQ(state.runs()[1].search.jumpTableBuilds(), 1u) << "two new queries on the same map";
    EXPECT_EQ(state.runs()[1].prepareMicros, prepared) << "what preparing this map took, not the no-op since";
    state.seek(state.length());
    std::vector<GridPoint> path = state.runs()[1].search.path();
    ASSERT_GT(path.size(), 4u);
    ASSERT_TRUE(state.paint(path[path.size() / 2], 0));
    EXPECT_EQ(state.runs()[1].search.jumpTableBuilds(), 2u) << "the map changed";
    EXPECT_EQ(state.runs()[1].preparedRevision, state.map().revision());
    state.seek(state.length());
    EXPECT_NEAR(state.runs()[1].search.result().length, *state.optimalLength(), 1e-9);  // the new table is used
    EXPECT_EQ(state.runs()[0].search.jumpTableBuilds(), 0u) << "A* has no jump table";
}

// A map the workbench would need more memory for than its budget is refused before it is taken, with
// the size it would need; the map, the query and the runs stay as they were.
TEST(SearchState, AMapPastTheMemoryBudgetIsRefusedAndTheOldMapStays) {
    SearchState state;
    state.seek(state.length());
    const std::string name = state.mapName();
    const int width = state.map().width();
    const GridPoint goal = state.goal();
    const std::int64_t expanded = state.runs()[0].expanded();
    // The default map fits a budget of its own estimate; one cell more does not.
    state.setMemoryBudgetBytes(SearchState::workbenchBytes(width, state.map().height(), false));
    GridMap bigger(width, state.map().height() + 1);
    try {
        state.setMap(std::move(bigger), "bigger");
        FAIL() << "a map past the budget was taken";
    } catch (const InputError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(std::to_string(width) + " x " + std::to_string(state.map().height() + 1) + " map needs about"),
                  std::string::npos) << message;
        EXPECT_NE(message.find("MiB budget"), std::string::npos) << message;
    }
    EXPECT_EQ(state.mapName(), name);
    EXPECT_EQ(state.goal(), goal);
    EXPECT_EQ(state.runs()[0].expanded(), expanded);
    GridMap same(width, state.map().height());
    EXPECT_NO_THROW(state.setMap(std::move(same), "same size"));
    // The estimate grows with the map and is over 2 GiB at 5,000 x 5,000, under it at 4,096 x 4,096.
    EXPECT_GT(SearchState::workbenchBytes(5000, 5000, false), SearchState::kMemoryBudgetBytes);
    EXPECT_LT(SearchState::workbenchBytes(4096, 4096, false), SearchState::kMemoryBudgetBytes);
}

// The map as data, for comparing two states cell by cell.
std::vector<double> terrain(const GridMap& map) {
    std::vector<double> cells;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) cells.push_back(map.passable(GridPoint{x, y}) ? map.cost(x, y) : 0.0);
    return cells;
}

TEST(SearchState, MapEditsUndoAndRedoExactlyWithTheSearchRunAgain) {
    SearchState state;
    state.seek(state.length());
    const std::vector<double> original = terrain(state.map());
    const std::vector<GridPoint> originalPath = state.runs()[0].search.path();
    const GridPoint middle = originalPath[originalPath.size() / 2];
    EXPECT_FALSE(state.canUndo());

    // One stroke of walls across the path (three cells, one of them painted twice), then weights.
    ASSERT_TRUE(state.paint(middle, 0));
    ASSERT_TRUE(state.paint({middle.x + 1, middle.y}, 0, true));
    ASSERT_TRUE(state.paint({middle.x - 1, middle.y}, 0, true));
    EXPECT_FALSE(state.paint(middle, 0, true));
    ASSERT_TRUE(state.paint({1, 1}, 7));
    const std::vector<double> painted = terrain(state.map());
    state.seek(state.length());
    const std::vector<GridPoint> paintedPath = state.runs()[0].search.path();
    ASSERT_TRUE(state.undoEdit());
    EXPECT_EQ(state.undoEdit()->kind, SearchEdit::Kind::Weights);

    state.undo();  // the weight
    EXPECT_EQ(state.undoEdit()->kind, SearchEdit::Kind::Walls);
    EXPECT_EQ(state.undoEdit()->cells.size(), 3u);
    state.undo();  // the whole stroke
    EXPECT_FALSE(state.canUndo());
    EXPECT_EQ(terrain(state.map()), original);
    EXPECT_EQ(state.position(), 0u);  // the old steps belonged to the other map
    state.seek(state.length());
    EXPECT_EQ(state.runs()[0].search.path(), originalPath);

    state.redo();
    state.redo();
    EXPECT_FALSE(state.canRedo());
    EXPECT_EQ(terrain(state.map()), painted);
    state.seek(state.length());
    EXPECT_EQ(state.runs()[0].search.path(), paintedPath);

    // A new edit after an undo drops the redo.
    state.undo();
    ASSERT_TRUE(state.paint({2, 2}, 0));
    EXPECT_FALSE(state.canRedo());
}

// On a very large map a drag of the goal moves it at once and restarts the searches once, at the end of
// the drag: the result equals the live drag's, and it is one undo step either way.
TEST(SearchState, OnAVeryLargeMapADraggedQueryRestartsTheSearchesOnceWhenItEnds) {
    SearchState live, deferred;
    deferred.setLiveQueryCells(0);  // every map counts as very large
    for (SearchState* s : {&live, &deferred}) s->seek(s->length());
    const auto before = snapshot(deferred);
    const std::optional<double> optimalBefore = deferred.optimalLength();
    const GridPoint start = deferred.start(), goal = deferred.goal();
    for (SearchState* s : {&live, &deferred}) {
        ASSERT_TRUE(s->moveQuery(start, {40, 28}));
        ASSERT_TRUE(s->moveQuery(start, {38, 27}, true));  // the same drag
    }
    EXPECT_FALSE(live.paintPending());
    EXPECT_TRUE(deferred.paintPending());
    EXPECT_TRUE(deferred.queryMovePending());
    EXPECT_EQ(deferred.goal(), (GridPoint{38, 27}));  // the marker at once...
    EXPECT_EQ(snapshot(deferred), before);            // ...the searches when the drag ends
    EXPECT_EQ(deferred.optimalLength(), optimalBefore);
    EXPECT_TRUE(deferred.finishPaint());
    EXPECT_FALSE(deferred.paintPending());
    EXPECT_FALSE(deferred.queryMovePending());
    for (SearchState* s : {&live, &deferred}) s->seek(s->length());
    EXPECT_EQ(snapshot(deferred), snapshot(live));
    EXPECT_EQ(deferred.optimalLength(), live.optimalLength());
    EXPECT_NE(deferred.optimalLength(), optimalBefore);
    deferred.undo();  // one step for the drag
    EXPECT_EQ(deferred.goal(), goal);
    EXPECT_FALSE(deferred.canUndo());
    EXPECT_FALSE(deferred.paintPending());
    // A deferred stroke is not a query drag (the panel says which waits).
    deferred.setLivePaintCells(0);
    ASSERT_TRUE(deferred.paint({3, 3}, 0));
    EXPECT_TRUE(deferred.paintPending());
    EXPECT_FALSE(deferred.queryMovePending());
}

TEST(SearchState, ADraggedStartOrGoalIsOneUndoStepAndANewMapClearsTheHistory) {
    SearchState state;
    const GridPoint start = state.start(), goal = state.goal();
    ASSERT_TRUE(state.moveQuery(start, {40, 28}));
    ASSERT_TRUE(state.moveQuery(start, {38, 27}, true));
    ASSERT_TRUE(state.moveQuery(start, {36, 26}, true));
    EXPECT_FALSE(state.moveQuery(start, {36, 26}, true));  // no move: no edit
    ASSERT_TRUE(state.undoEdit());
    EXPECT_EQ(state.undoEdit()->goalAfter, (GridPoint{36, 26}));
    state.undo();
    EXPECT_EQ(state.goal(), goal);
    EXPECT_FALSE(state.canUndo());
    state.redo();
    EXPECT_EQ(state.goal(), (GridPoint{36, 26}));
    state.setQuery({3, 4}, {5, 6});  // a file or a flag, not an edit
    EXPECT_EQ(state.undoEdit()->goalAfter, (GridPoint{36, 26}));
    state.setMap(defaultSearchMap(), "again");
    EXPECT_FALSE(state.canUndo());
    EXPECT_FALSE(state.canRedo());
}

TEST(SearchState, EditLabelsNameTheEditInBothLanguages) {
    SearchState state;
    state.paint({1, 1}, 0);
    state.paint({2, 1}, 0, true);
    setLanguage(Language::English);
    EXPECT_EQ(searchEditLabel(*state.undoEdit()), "walls on 2 cells");
    setLanguage(Language::Chinese);
    EXPECT_EQ(searchEditLabel(*state.undoEdit()), "在 2 个格子上画墙");
    state.moveQuery({3, 3}, {40, 28});
    EXPECT_EQ(searchEditLabel(*state.undoEdit()), "起点 (3, 3)，终点 (40, 28)");
    setLanguage(Language::English);
    EXPECT_EQ(searchEditLabel(*state.undoEdit()), "start (3, 3), goal (40, 28)");
}

}  // namespace
}  // namespace aoilab::app

namespace aoilab::app {
namespace {

// Issue 40 item 12: two separate drags (the start, then the goal) are two undo steps, also when the
// second press lands on the goal itself and changes nothing until the drag moves it; likewise two brush
// strokes. One drag or one stroke is one step.
TEST(SearchState, EveryPressStartsANewUndoStepEvenWhenItChangesNothing) {
    SearchState state;
    GridPoint start = state.start(), goal = state.goal();
    ASSERT_TRUE(state.moveQuery({start.x + 1, start.y}, goal, false));  // drag 1: press moves the start,
    state.moveQuery({start.x + 2, start.y}, goal, true);                 // the drag goes on
    EXPECT_FALSE(state.moveQuery({start.x + 2, start.y}, goal, false));  // drag 2: the press on the goal changes nothing
    ASSERT_TRUE(state.moveQuery({start.x + 2, start.y}, {goal.x - 1, goal.y}, true));  // then the drag moves it
    state.undo();
    EXPECT_EQ(state.start(), (GridPoint{start.x + 2, start.y})) << "the goal's drag alone was undone";
    EXPECT_EQ(state.goal(), goal);
    state.undo();
    EXPECT_EQ(state.start(), start);
    EXPECT_FALSE(state.canUndo());

    // Brush strokes: a press on a wall already there, then a drag over a new cell.
    GridPoint a{start.x, start.y + 3}, b{start.x + 1, start.y + 3};
    ASSERT_TRUE(state.paint(a, 0, false));
    EXPECT_FALSE(state.paint(a, 0, false));  // stroke 2's press changes nothing
    ASSERT_TRUE(state.paint(b, 0, true));
    state.undo();
    EXPECT_FALSE(state.map().passable(a)) << "the first stroke's wall stays";
    EXPECT_TRUE(state.map().passable(b));
}

// Issue 40 item 3: an edit records where the timeline was, so that an exercise's undo brings it back.
TEST(SearchState, AnEditRemembersTheTimelinePositionItWasMadeAt) {
    SearchState state;
    state.seek(3);
    ASSERT_TRUE(state.moveQuery(state.start(), {state.goal().x - 1, state.goal().y}, false));
    ASSERT_TRUE(state.undoEdit());
    EXPECT_EQ(state.undoEdit()->positionBefore, 3u);
}

}  // namespace
}  // namespace aoilab::app
