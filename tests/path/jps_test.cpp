#include "path/jps.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "path/grid_moves.h"
#include "path/grid_search.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

// The jump table (JPS+, read through its compact copy) and the 64-cells-at-a-time scans (no list of scanned cells wanted) stop exactly
// where the cell-by-cell scans (the teaching panels' list wanted) stop: every passable cell, every direction, goals on and
// off the scan lines, on maps whose rows and columns end on both sides of 64-bit word boundaries.
TEST(JumpScanner, WordScansStopWhereCellScansStop) {
    std::mt19937 rng(3);
    int jumps = 0;
    int found = 0;
    std::size_t longEntries = 0;
    for (const auto& [width, height, density] : {std::tuple{63, 9, 0.2}, std::tuple{64, 64, 0.1}, std::tuple{65, 70, 0.3},
                                                 std::tuple{130, 20, 0.05}, std::tuple{7, 200, 0.25}, std::tuple{200, 3, 0.0},
                                                 // runs beyond the compact table's one byte (its escape to the full table)
                                                 std::tuple{300, 4, 0.0}, std::tuple{5, 290, 0.01}}) {
        const GridMap map = test::randomMap(width, height, density, static_cast<std::uint32_t>(width * 1000 + height));
        JumpScanner scanner;
        scanner.update(map);
        ASSERT_TRUE(scanner.prepareTable());
        longEntries += scanner.longTableEntries();
        std::vector<GridPoint> scanned;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                if (!map.passable(x, y)) continue;
                // A goal far away, one on this row, one on this column, one on each diagonal.
                const int k = static_cast<int>(rng() % 9) - 4;
                const GridPoint goals[] = {{static_cast<int>(rng() % width), static_cast<int>(rng() % height)},
                                           {static_cast<int>(rng() % width), y},
                                           {x, static_cast<int>(rng() % height)},
                                           {x + k, y + k},
                                           {x + k, y - k}};
                for (const GridPoint goal : goals) {
                    if (!map.inBounds(goal)) continue;  // a diagonal one may fall outside
                    for (const GridMove& move : kGridMoves) {
                        scanned.clear();
                        const int byCell = scanner.jump(x, y, move.dx, move.dy, goal, &scanned);
                        scanner.setJumpTable(false);
                        const int byWord = scanner.jump(x, y, move.dx, move.dy, goal, nullptr);
                        scanner.setJumpTable(true);
                        const int byTable = scanner.jump(x, y, move.dx, move.dy, goal, nullptr);
                        ASSERT_EQ(byTable, byCell) << "table, from (" << x << ", " << y << ") move (" << move.dx << ", "
                                                   << move.dy << ") goal (" << goal.x << ", " << goal.y << ")";
                        ASSERT_EQ(byWord, byCell) << width << "x" << height << " from (" << x << ", " << y << ") move ("
                                                  << move.dx << ", " << move.dy << ") goal (" << goal.x << ", " << goal.y << ")";
                        ++jumps;
                        found += byCell >= 0;
                    }
                }
            }
    }
    EXPECT_GT(longEntries, 0u);
    EXPECT_GT(jumps, 50000);
    EXPECT_GT(found, jumps / 10);  // many scans end at a jump point, not only at walls
}

// The fast loop's successor masks (a lookup by the eight neighbours) are successorMoves()'s less the
// moves whose first step is blocked, for every passable cell and direction of arrival, edges included.
TEST(JumpScanner, SuccessorLookupEqualsSuccessorMoves) {
    int checked = 0;
    for (const auto& [width, height, density] : {std::tuple{40, 30, 0.3}, std::tuple{17, 50, 0.5}, std::tuple{33, 3, 0.1}}) {
        const GridMap map = test::randomMap(width, height, density, static_cast<std::uint32_t>(width + height));
        JumpScanner scanner;
        scanner.update(map);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                if (!map.passable(x, y)) continue;
                for (int arrival = 0; arrival <= 8; ++arrival) {
                    const int dx = arrival < 8 ? kGridMoves[static_cast<std::size_t>(arrival)].dx : 0;  // 8: the start
                    const int dy = arrival < 8 ? kGridMoves[static_cast<std::size_t>(arrival)].dy : 0;
                    unsigned possible = 0;  // the moves whose first step is allowed
                    for (int i = 0; i < 8; ++i)
                        if (moveAllowed(map, x, y, kGridMoves[static_cast<std::size_t>(i)], Diagonal::NoCornerCutting))
                            possible |= 1u << i;
                    ASSERT_EQ(scanner.successorMovesFast(x, y, arrival), scanner.successorMoves(x, y, dx, dy) & possible)
                        << "(" << x << ", " << y << ") arriving by (" << dx << ", " << dy << ")";
                    ++checked;
                }
            }
    }
    EXPECT_GT(checked, 10000);
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// run() takes a fast loop on the jump table; step() scans cell by cell to list the scanned cells. Both
// must expand the same jump points in the same order: whole queries, and queries stepped half-way then
// run, on random maps (start and goal often on a shared row, column or diagonal).
TEST(JpsSearch, FastLoopOnTheJumpTableMatchesSteps) {
    std::mt19937 rng(11);
    SearchOptions options;
    options.algorithm = SearchAlgorithm::Jps;
    int found = 0;
    for (int round = 0; round < 6; ++round) {
        const GridMap map = test::randomMap(rng, 30 + 17 * round, 25 + 9 * round, 5 + 6 * round);
        for (int q = 0; q < 12; ++q) {
            const GridPoint a = test::randomPassable(map, rng);
            GridPoint b = test::randomPassable(map, rng);
            if (q % 3 == 1 && map.passable(b.x, a.y)) b.y = a.y;  // on the start's row
            GridSearch stepper(options);
            stepper.start(map, a, b);
            std::vector<GridPoint> closedOrder;
            while (stepper.status() == SearchStatus::Running) closedOrder.push_back(stepper.step().changes.front().cell);
            const SearchResult stepped = stepper.result();
            found += stepped.found();

            GridSearch runner(options);
            const SearchResult fast = runner.find(map, a, b);
            test::expectRunMatchesSteps(runner, fast, stepper, stepped);
            if (fast.found()) {
                EXPECT_NEAR(fast.length, test::referenceDistance(map, a, b, Diagonal::NoCornerCutting), 1e-9);
            }

            GridSearch mixed(options);
            mixed.start(map, a, b);
            for (std::size_t i = 0; i < closedOrder.size() / 2; ++i) EXPECT_EQ(mixed.step().changes.front().cell, closedOrder[i]);
            const SearchResult rest = mixed.run();
            EXPECT_EQ(rest.expansions, stepped.expansions);
            EXPECT_EQ(rest.pushes, stepped.pushes);
            EXPECT_EQ(mixed.path(), stepper.path());
        }
    }
    EXPECT_GT(found, 40);
}

// The table follows the map: after an edit (a new revision) the next query sees the new walls.
TEST(JpsSearch, JumpTableFollowsMapEdits) {
    GridMap map(20, 10);
    SearchOptions options;
    options.algorithm = SearchAlgorithm::Jps;
    GridSearch jps(options);
    EXPECT_DOUBLE_EQ(jps.find(map, {0, 5}, {19, 5}).length, 19.0);
    for (int y = 0; y < 9; ++y) map.setPassable(10, y, false);  // a wall with a gap at the bottom
    const SearchResult r = jps.find(map, {0, 5}, {19, 5});
    ASSERT_TRUE(r.found());
    EXPECT_NEAR(r.length, test::referenceDistance(map, {0, 5}, {19, 5}, Diagonal::NoCornerCutting), 1e-9);
    EXPECT_GT(r.length, 19.5);
    map.setPassable(10, 9, false);
    EXPECT_EQ(jps.find(map, {0, 5}, {19, 5}).status, SearchStatus::NoPath);
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// prepare() does a map's per-map work before any query (JPS: the jump table), so that a timed query
// measures the search alone; queries after it reuse the table until the map changes.
TEST(JpsTable, PrepareBuildsTheTableOnceAndQueriesReuseIt) {
    GridMap map(40, 30);
    for (int y = 0; y < 27; ++y) map.setPassable(20, y, false);  // a gap at rows 27-29
    SearchOptions options;
    options.algorithm = SearchAlgorithm::Jps;
    GridSearch search(options);
    search.prepare(map);
    EXPECT_EQ(search.jumpTableBuilds(), 1u);
    const SearchResult first = search.find(map, {2, 15}, {37, 15});
    ASSERT_TRUE(first.found());
    search.find(map, {37, 2}, {2, 28});
    EXPECT_EQ(search.jumpTableBuilds(), 1u);
    map.setPassable(20, 27, false);  // the gap narrows: the way round is longer
    search.prepare(map);
    EXPECT_EQ(search.jumpTableBuilds(), 2u);
    const SearchResult around = search.find(map, {2, 15}, {37, 15});
    ASSERT_TRUE(around.found());
    EXPECT_GT(around.length, first.length);  // the longer way round: the rebuilt table is the one read
    EXPECT_EQ(search.jumpTableBuilds(), 2u);
    // Preparing ends a query in progress (its tables may change under it).
    search.start(map, {2, 15}, {37, 15});
    search.step();
    search.prepare(map);
    EXPECT_EQ(search.status(), SearchStatus::Idle);
}

}  // namespace
}  // namespace aoilab
