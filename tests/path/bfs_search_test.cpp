// Breadth-first search (SearchAlgorithm::Bfs): a FIFO queue, every move counts 1. Checked against a
// reference breadth-first search written here from the move rules, on random maps and every diagonal
// rule, and its fast loop (run()) against its stepped search (step()).
#include <gtest/gtest.h>

#include <deque>
#include <random>

#include "core/error.h"
#include "path/grid_search.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

SearchOptions bfsOptions(Diagonal diagonal) {
    SearchOptions o;
    o.algorithm = SearchAlgorithm::Bfs;
    o.diagonal = diagonal;
    return o;
}

// Reference: the fewest moves from `from` to `to` (-1 when unreachable), moves spelled out again.
int referenceMoves(const GridMap& map, GridPoint from, GridPoint to, Diagonal policy) {
    if (!map.passable(from) || !map.passable(to)) return -1;
    std::vector<int> moves(static_cast<std::size_t>(map.cellCount()), -1);
    std::deque<GridPoint> queue{from};
    moves[static_cast<std::size_t>(map.index(from.x, from.y))] = 0;
    while (!queue.empty()) {
        const GridPoint p = queue.front();
        queue.pop_front();
        const int here = moves[static_cast<std::size_t>(map.index(p.x, p.y))];
        if (p == to) return here;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const GridPoint q{p.x + dx, p.y + dy};
                if ((dx == 0 && dy == 0) || !map.passable(q)) continue;
                if (dx != 0 && dy != 0) {
                    const int open = int(map.passable(q.x, p.y)) + int(map.passable(p.x, q.y));
                    if (policy == Diagonal::Never || (policy == Diagonal::NoCornerCutting && open < 2) ||
                        (policy == Diagonal::AtMostOneObstacle && open < 1))
                        continue;
                }
                int& m = moves[static_cast<std::size_t>(map.index(q.x, q.y))];
                if (m < 0) {
                    m = here + 1;
                    queue.push_back(q);
                }
            }
    }
    return -1;
}

constexpr Diagonal kPolicies[] = {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::AtMostOneObstacle,
                                  Diagonal::Always};

TEST(BfsSearch, FewestMovesAgainstAReferenceOnRandomMaps) {
    std::mt19937 rng(2024);
    int found = 0;
    for (int round = 0; round < 12; ++round) {
        const GridMap map = test::randomMap(rng, 20 + round * 3, 15 + round * 2, 10 + round * 3);
        for (Diagonal policy : kPolicies) {
            SCOPED_TRACE(std::string(diagonalName(policy)) + " round " + std::to_string(round));
            GridSearch bfs(bfsOptions(policy));
            for (int q = 0; q < 8; ++q) {
                const GridPoint a = test::randomPassable(map, rng);
                const GridPoint b = test::randomPassable(map, rng);
                const int expected = referenceMoves(map, a, b, policy);
                const SearchResult r = bfs.find(map, a, b);
                if (expected < 0) {
                    EXPECT_EQ(r.status, SearchStatus::NoPath);
                    continue;
                }
                ++found;
                ASSERT_EQ(r.status, SearchStatus::Found);
                const std::vector<GridPoint> path = bfs.path();
                ASSERT_FALSE(path.empty());
                EXPECT_EQ(static_cast<int>(path.size()) - 1, expected);  // the fewest moves
                EXPECT_EQ(bfs.g(b), expected);                          // g counts moves
                EXPECT_EQ(path.front(), a);
                EXPECT_EQ(path.back(), b);
                double cost = 0;  // every step legal; the reported length is the path's cost
                for (std::size_t i = 1; i < path.size(); ++i) {
                    const GridMove move{path[i].x - path[i - 1].x, path[i].y - path[i - 1].y,
                                        path[i].x != path[i - 1].x && path[i].y != path[i - 1].y};
                    EXPECT_TRUE(moveAllowed(map, path[i - 1].x, path[i - 1].y, move, policy));
                    cost += move.diagonal ? kSqrt2 : 1.0;
                }
                EXPECT_NEAR(r.length, cost, 1e-9);
                // Not shorter than the least-cost path; equal to it without diagonals.
                const double least = test::referenceDistance(map, a, b, policy);
                EXPECT_GE(r.length, least - 1e-9);
                if (policy == Diagonal::Never) {
                    EXPECT_NEAR(r.length, least, 1e-9);
                }
            }
        }
    }
    EXPECT_GT(found, 200);
}

TEST(BfsSearch, ExpandsInTheOrderFoundLevelByLevel) {
    // Open ground, start in the middle: the queue takes every cell at k moves before any at k + 1, and
    // a cell's g is its number of moves, not its cost.
    const GridMap map(9, 9);
    GridSearch bfs(bfsOptions(Diagonal::NoCornerCutting));
    bfs.start(map, {4, 4}, {0, 0});
    std::vector<GridPoint> opened;  // in the order found
    double lastMoves = 0;
    std::size_t taken = 0;
    while (bfs.status() == SearchStatus::Running) {
        const SearchStep& step = bfs.step();
        const CellChange& closed = step.changes.front();
        ASSERT_EQ(closed.kind, CellChange::Kind::Closed);
        if (taken > 0) {
            ASSERT_LT(taken - 1, opened.size());
            EXPECT_EQ(closed.cell, opened[taken - 1]);  // first in, first out
        }
        ++taken;
        EXPECT_GE(closed.g, lastMoves);
        EXPECT_EQ(closed.g, std::max(std::abs(closed.cell.x - 4), std::abs(closed.cell.y - 4)));  // Chebyshev = moves
        lastMoves = closed.g;
        for (std::size_t i = 1; i < step.changes.size(); ++i) {
            EXPECT_EQ(step.changes[i].kind, CellChange::Kind::Opened);  // never updated: first found is best
            EXPECT_EQ(step.changes[i].g, closed.g + 1);
            opened.push_back(step.changes[i].cell);
        }
    }
    EXPECT_EQ(bfs.status(), SearchStatus::Found);
    EXPECT_EQ(bfs.g({0, 0}), 4);
    EXPECT_NEAR(bfs.result().length, 4 * kSqrt2, 1e-9);
    // The frontier is the queue from its head, in order.
    const std::vector<GridPoint> frontier = bfs.openCells();
    ASSERT_FALSE(frontier.empty());
    EXPECT_EQ(frontier.front(), opened[taken - 1]);
    EXPECT_EQ(frontier.size(), opened.size() + 1 - taken);
}

TEST(BfsSearch, FastLoopMatchesSteps) {
    std::mt19937 rng(31);
    const GridMap map = test::randomMap(40, 30, 0.3, 17);
    for (Diagonal policy : kPolicies) {
        SCOPED_TRACE(diagonalName(policy));
        for (int q = 0; q < 10; ++q) {
            const GridPoint a = test::randomPassable(map, rng);
            const GridPoint b = test::randomPassable(map, rng);
            GridSearch stepper(bfsOptions(policy));
            stepper.start(map, a, b);
            std::vector<GridPoint> closedOrder;
            while (stepper.status() == SearchStatus::Running) closedOrder.push_back(stepper.step().changes.front().cell);
            const SearchResult stepped = stepper.result();

            GridSearch runner(bfsOptions(policy));
            const SearchResult fast = runner.find(map, a, b);
            test::expectRunMatchesSteps(runner, fast, stepper, stepped);
            if (!closedOrder.empty()) {
                EXPECT_EQ(runner.lastExpanded(), closedOrder.back());
            }

            // Stepped half-way, then run: the same search.
            GridSearch mixed(bfsOptions(policy));
            mixed.start(map, a, b);
            for (std::size_t i = 0; i < closedOrder.size() / 2; ++i) EXPECT_EQ(mixed.step().changes.front().cell, closedOrder[i]);
            const SearchResult rest = mixed.run();
            EXPECT_EQ(rest.expansions, stepped.expansions);
            EXPECT_EQ(rest.pushes, stepped.pushes);
            EXPECT_EQ(mixed.path(), stepper.path());
        }
    }
}

TEST(BfsSearch, RefusesWeightedMapsWithTheRegistrysReason) {
    GridMap map(6, 4);
    map.setCost(2, 2, 3);
    SearchOptions options = bfsOptions(Diagonal::NoCornerCutting);
    const std::string why = mapRefusal(options, map);
    EXPECT_NE(why.find("breadth-first"), std::string::npos);
    GridSearch bfs(options);
    try {
        bfs.start(map, {0, 0}, {5, 3});
        FAIL() << "a weighted map was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(why), std::string::npos);
    }
    map.clearCosts();
    EXPECT_TRUE(mapRefusal(options, map).empty());
    EXPECT_TRUE(bfs.find(map, {0, 0}, {5, 3}).found());
    options.algorithm = SearchAlgorithm::AStar;
    map.setCost(2, 2, 3);
    EXPECT_TRUE(mapRefusal(options, map).empty());
}

TEST(BfsSearch, NamesAndRegistry) {
    EXPECT_EQ(parseAlgorithm("bfs"), SearchAlgorithm::Bfs);
    EXPECT_EQ(parseAlgorithm("breadth-first"), SearchAlgorithm::Bfs);
    EXPECT_EQ(algorithmName(SearchAlgorithm::Bfs), "bfs");
    EXPECT_FALSE(isOptimal(SearchAlgorithm::Bfs));
    EXPECT_FALSE(usesHeuristic(SearchAlgorithm::Bfs));
    EXPECT_NE(unknownAlgorithmMessage("x").find("bfs"), std::string::npos);
}

TEST(BfsSearch, BlockedEndsAndWalledOffGoal) {
    GridMap map = GridMap::fromRows({"..@..", "..@..", "..@.."});
    GridSearch bfs(bfsOptions(Diagonal::Always));
    SearchResult r = bfs.find(map, {0, 0}, {4, 2});
    EXPECT_EQ(r.status, SearchStatus::NoPath);
    EXPECT_EQ(r.expansions, 6);  // the whole left side
    EXPECT_EQ(bfs.find(map, {2, 0}, {0, 0}).status, SearchStatus::NoPath);  // blocked start
    r = bfs.find(map, {1, 1}, {1, 1});
    EXPECT_TRUE(r.found());
    EXPECT_EQ(r.length, 0);
    EXPECT_EQ(r.expansions, 1);
}

}  // namespace
}  // namespace aoilab
