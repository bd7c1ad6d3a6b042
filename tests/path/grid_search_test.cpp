#include "path/grid_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "core/error.h"
#include "path/open_list.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

constexpr double kDiag = 1.4142135623730951;

SearchOptions opts(SearchAlgorithm algorithm, Diagonal diagonal = Diagonal::NoCornerCutting,
                   Heuristic heuristic = Heuristic::Octile, double weight = 1.0) {
    SearchOptions o;
    o.algorithm = algorithm;
    o.diagonal = diagonal;
    o.heuristic = heuristic;
    o.weight = weight;
    return o;
}

// Checks that `path` is a legal walk under `policy` from start to goal, and returns its cost.
double walkCost(const GridMap& map, const std::vector<GridPoint>& path, Diagonal policy) {
    double cost = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const GridPoint a = path[i - 1];
        const GridPoint b = path[i];
        const int dx = b.x - a.x;
        const int dy = b.y - a.y;
        EXPECT_TRUE(std::abs(dx) <= 1 && std::abs(dy) <= 1 && (dx != 0 || dy != 0)) << "not a single step";
        EXPECT_TRUE(map.passable(b)) << "path enters a blocked cell";
        GridMove move{dx, dy, dx != 0 && dy != 0};
        EXPECT_TRUE(moveAllowed(map, a.x, a.y, move, policy)) << "move not allowed by the policy";
        cost += (move.diagonal ? kDiag : 1.0) * map.cost(b.x, b.y);
    }
    return cost;
}

TEST(GridSearch, DiagonalPoliciesOnASqueeze) {
    // Between two blocked corners: only "always" squeezes through.
    GridMap squeeze = GridMap::fromRows({".@", "@."});
    // One blocked corner: "at-most-one" and "always" may cut it.
    GridMap corner = GridMap::fromRows({"..", "@."});
    struct Case {
        Diagonal policy;
        double squeezeLength;  // < 0: no path
        double cornerLength;
    };
    for (const Case& c : {Case{Diagonal::Never, -1, 2}, Case{Diagonal::NoCornerCutting, -1, 2},
                          Case{Diagonal::AtMostOneObstacle, -1, kDiag}, Case{Diagonal::Always, kDiag, kDiag}}) {
        for (SearchAlgorithm algo : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy}) {
            GridSearch search(opts(algo, c.policy));
            SCOPED_TRACE(std::string(diagonalName(c.policy)) + " " + std::string(algorithmName(algo)));
            SearchResult r = search.find(squeeze, {0, 0}, {1, 1});
            if (c.squeezeLength < 0) {
                EXPECT_EQ(r.status, SearchStatus::NoPath);
                EXPECT_TRUE(search.path().empty());
            } else {
                EXPECT_NEAR(r.length, c.squeezeLength, 1e-12);
            }
            r = search.find(corner, {0, 0}, {1, 1});
            ASSERT_TRUE(r.found());
            EXPECT_NEAR(r.length, c.cornerLength, 1e-12);
            EXPECT_NEAR(walkCost(corner, search.path(), c.policy), r.length, 1e-9);
        }
    }
}

TEST(GridSearch, OpenMapLengthsPerPolicy) {
    GridMap open(10, 10);
    for (Diagonal policy : {Diagonal::NoCornerCutting, Diagonal::AtMostOneObstacle, Diagonal::Always}) {
        GridSearch search(opts(SearchAlgorithm::AStar, policy));
        EXPECT_NEAR(search.find(open, {0, 0}, {9, 5}).length, 4 + 5 * kDiag, 1e-9);
    }
    GridSearch fourWay(opts(SearchAlgorithm::AStar, Diagonal::Never, Heuristic::Manhattan));
    EXPECT_NEAR(fourWay.find(open, {0, 0}, {9, 5}).length, 14, 1e-12);
}

TEST(GridSearch, TiesGoTowardTheGoal) {
    // On an open map every cell of the straight corridor between start and goal has the same f; with
    // ties going to the newest entry (the successor that kept f) the search walks straight to the goal.
    GridMap open(30, 30);
    GridSearch search;
    SearchResult r = search.find(open, {0, 0}, {29, 29});
    EXPECT_EQ(r.expansions, 30);
    r = search.find(open, {2, 3}, {27, 3});
    EXPECT_EQ(r.expansions, 26);
}

TEST(GridSearch, BetterHeuristicsExpandLess) {
    GridMap map = GridMap::fromRows({
        "....................",
        "....................",
        "..........@.........",
        "..........@.........",
        "..........@.........",
        "..........@.........",
        "....................",
        "....................",
    });
    auto expansions = [&](SearchAlgorithm algo, Heuristic h) {
        GridSearch search(opts(algo, Diagonal::NoCornerCutting, h));
        SearchResult r = search.find(map, {1, 4}, {18, 3});
        EXPECT_NEAR(r.length, test::referenceDistance(map, {1, 4}, {18, 3}, Diagonal::NoCornerCutting), 1e-9);
        return r.expansions;
    };
    const auto octile = expansions(SearchAlgorithm::AStar, Heuristic::Octile);
    const auto euclid = expansions(SearchAlgorithm::AStar, Heuristic::Euclidean);
    const auto cheb = expansions(SearchAlgorithm::AStar, Heuristic::Chebyshev);
    const auto dijkstra = expansions(SearchAlgorithm::Dijkstra, Heuristic::Octile);  // heuristic ignored
    const auto zero = expansions(SearchAlgorithm::AStar, Heuristic::Zero);
    EXPECT_LE(octile, euclid);
    EXPECT_LT(euclid, cheb);
    EXPECT_LT(cheb, dijkstra);
    EXPECT_EQ(zero, dijkstra);
}

TEST(GridSearch, ManhattanIsExactWithoutDiagonalsAndBoundedWithThem) {
    std::mt19937 rng(7);
    int longer = 0;
    for (int trial = 0; trial < 40; ++trial) {
        GridMap map = test::randomMap(25, 20, 0.3, 100 + trial);
        GridPoint a = test::randomPassable(map, rng);
        GridPoint b = test::randomPassable(map, rng);
        for (Diagonal policy : {Diagonal::Never, Diagonal::NoCornerCutting}) {
            GridSearch search(opts(SearchAlgorithm::AStar, policy, Heuristic::Manhattan));
            SearchResult r = search.find(map, a, b);
            const double expected = test::referenceDistance(map, a, b, policy);
            if (std::isinf(expected)) {
                EXPECT_FALSE(r.found());
                continue;
            }
            ASSERT_TRUE(r.found());
            if (policy == Diagonal::Never) {
                EXPECT_NEAR(r.length, expected, 1e-9);
            } else {
                // With diagonals manhattan overestimates (by at most sqrt 2), so the path may be longer.
                EXPECT_GE(r.length, expected - 1e-9);
                EXPECT_LE(r.length, kDiag * expected + 1e-9);
                longer += r.length > expected + 1e-9;
            }
        }
    }
    EXPECT_GT(longer, 0);  // the inadmissible case really shows
}

TEST(GridSearch, EveryAlgorithmMatchesTheReferenceOnRandomMaps) {
    std::mt19937 rng(42);
    for (int trial = 0; trial < 30; ++trial) {
        const int w = 8 + trial % 23;
        const int h = 5 + (trial * 7) % 27;
        GridMap map = test::randomMap(w, h, 0.1 + 0.015 * trial, 1000 + trial);
        for (Diagonal policy : {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::AtMostOneObstacle, Diagonal::Always}) {
            std::vector<SearchAlgorithm> algos = {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra};
            if (policy == Diagonal::NoCornerCutting) algos.push_back(SearchAlgorithm::Jps);
            for (SearchAlgorithm algo : algos) {
                GridSearch search(opts(algo, policy, policy == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile));
                for (int q = 0; q < 6; ++q) {
                    GridPoint a = test::randomPassable(map, rng);
                    GridPoint b = test::randomPassable(map, rng);
                    const double expected = test::referenceDistance(map, a, b, policy);
                    SearchResult r = search.find(map, a, b);
                    SCOPED_TRACE(std::string(algorithmName(algo)) + " " + std::string(diagonalName(policy)));
                    if (std::isinf(expected)) {
                        EXPECT_EQ(r.status, SearchStatus::NoPath);
                        continue;
                    }
                    ASSERT_TRUE(r.found());
                    EXPECT_NEAR(r.length, expected, 1e-9);
                    std::vector<GridPoint> path = search.path();
                    ASSERT_FALSE(path.empty());
                    EXPECT_EQ(path.front(), a);
                    EXPECT_EQ(path.back(), b);
                    EXPECT_NEAR(walkCost(map, path, policy), r.length, 1e-9);
                }
            }
        }
    }
}

TEST(GridSearch, WeightedCellsMatchTheReference) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> cost(1.0, 6.0);
    for (int trial = 0; trial < 20; ++trial) {
        GridMap map = test::randomMap(20, 15, 0.15, 300 + trial);
        for (int y = 0; y < map.height(); ++y)
            for (int x = 0; x < map.width(); ++x)
                if ((x * 7 + y * 3 + trial) % 3 == 0) map.setCost(x, y, cost(rng));
        ASSERT_TRUE(map.hasWeights());
        for (Diagonal policy : {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::Always}) {
            GridSearch astar(opts(SearchAlgorithm::AStar, policy, policy == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile));
            GridSearch dijkstra(opts(SearchAlgorithm::Dijkstra, policy));
            for (int q = 0; q < 5; ++q) {
                GridPoint a = test::randomPassable(map, rng);
                GridPoint b = test::randomPassable(map, rng);
                const double expected = test::referenceDistance(map, a, b, policy);
                for (GridSearch* search : {&astar, &dijkstra}) {
                    SearchResult r = search->find(map, a, b);
                    if (std::isinf(expected)) {
                        EXPECT_FALSE(r.found());
                        continue;
                    }
                    ASSERT_TRUE(r.found());
                    EXPECT_NEAR(r.length, expected, 1e-9);
                    EXPECT_NEAR(walkCost(map, search->path(), policy), r.length, 1e-9);
                }
            }
        }
    }
}

TEST(GridSearch, WeightedCellsMakeTheSearchGoAround) {
    // A swamp column costs 10 per cell: the path walks around it through the gap in row 4.
    GridMap map(7, 5);
    for (int y = 0; y < 4; ++y) map.setCost(3, y, 10.0);
    GridSearch search;
    SearchResult r = search.find(map, {0, 0}, {6, 0});
    ASSERT_TRUE(r.found());
    // Around: down 4 diagonally-ish and back up; cheaper than 6 straight steps with one costing 10 (15).
    EXPECT_NEAR(r.length, test::referenceDistance(map, {0, 0}, {6, 0}, Diagonal::NoCornerCutting), 1e-9);
    EXPECT_LT(r.length, 15.0);
    bool usedGap = false;
    for (GridPoint p : search.path()) {
        EXPECT_FALSE(p.x == 3 && p.y < 4) << "walked through the swamp at y=" << p.y;
        usedGap = usedGap || (p.x == 3 && p.y == 4);
    }
    EXPECT_TRUE(usedGap);
}

// Costs up to GridMap::kMaxCellCost on a large map still fit the fixed point; lengths are the true sums.
TEST(GridSearch, HighestCellCostsOnALargeMap) {
    GridMap map(2000, 1000);
    for (int y = 0; y < 999; ++y) map.setCost(1000, y, GridMap::kMaxCellCost);  // a wall of expensive cells
    GridSearch search(opts(SearchAlgorithm::AStar));
    SearchResult r = search.find(map, {990, 0}, {1010, 0});
    ASSERT_TRUE(r.found());
    // Cheaper to walk round the wall's end at y = 999 than to cross it (1,000,000 per cell).
    EXPECT_LT(r.length, 3000.0);
    EXPECT_NEAR(walkCost(map, search.path(), Diagonal::NoCornerCutting), r.length, 1e-9);
    r = search.find(map, {999, 0}, {1001, 0});  // crossing costs 1e6 + 1; going round costs about 2000
    EXPECT_NEAR(r.length, walkCost(map, search.path(), Diagonal::NoCornerCutting), 1e-9);
    EXPECT_LT(r.length, 2100.0);
}

TEST(GridSearch, JpsRefusesWeightedMapsAndOtherPolicies) {
    GridMap map(5, 5);
    map.setCost(2, 2, 3.0);
    GridSearch jps(opts(SearchAlgorithm::Jps));
    try {
        jps.start(map, {0, 0}, {4, 4});
        FAIL() << "JPS accepted a weighted map";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("weighted cells"), std::string::npos) << e.what();
    }
    EXPECT_THROW(GridSearch(opts(SearchAlgorithm::Jps, Diagonal::Always)), InputError);
    EXPECT_THROW(GridSearch(opts(SearchAlgorithm::AStar, Diagonal::NoCornerCutting, Heuristic::Octile, -1)), InputError);
}

TEST(GridSearch, WeightedAStarAndGreedyAreBoundedAndFaster) {
    std::mt19937 rng(11);
    GridMap map = test::randomMap(60, 60, 0.25, 77);
    GridSearch astar(opts(SearchAlgorithm::AStar));
    GridSearch weighted(opts(SearchAlgorithm::AStar, Diagonal::NoCornerCutting, Heuristic::Octile, 2.0));
    GridSearch greedy(opts(SearchAlgorithm::Greedy));
    std::int64_t astarExpansions = 0;
    std::int64_t weightedExpansions = 0;
    std::int64_t greedyExpansions = 0;
    int solved = 0;
    for (int q = 0; q < 40; ++q) {
        GridPoint a = test::randomPassable(map, rng);
        GridPoint b = test::randomPassable(map, rng);
        SearchResult best = astar.find(map, a, b);
        SearchResult w = weighted.find(map, a, b);
        SearchResult g = greedy.find(map, a, b);
        ASSERT_EQ(best.found(), w.found());
        ASSERT_EQ(best.found(), g.found());
        if (!best.found()) continue;
        ++solved;
        EXPECT_GE(w.length, best.length - 1e-9);
        EXPECT_LE(w.length, 2.0 * best.length + 1e-9);  // weighted A* is within its weight of optimal
        EXPECT_GE(g.length, best.length - 1e-9);
        EXPECT_NEAR(walkCost(map, greedy.path(), Diagonal::NoCornerCutting), g.length, 1e-9);
        astarExpansions += best.expansions;
        weightedExpansions += w.expansions;
        greedyExpansions += g.expansions;
    }
    ASSERT_GT(solved, 20);
    EXPECT_LT(weightedExpansions, astarExpansions);
    EXPECT_LT(greedyExpansions, astarExpansions);
}

TEST(GridSearch, StartEqualsGoalBlockedEndsAndOutOfBounds) {
    GridMap map = GridMap::fromRows({"..@", "...", "..."});
    for (SearchAlgorithm algo : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy, SearchAlgorithm::Jps}) {
        GridSearch search(opts(algo));
        SearchResult r = search.find(map, {1, 1}, {1, 1});
        EXPECT_TRUE(r.found());
        EXPECT_EQ(r.length, 0.0);
        EXPECT_EQ(search.path(), (std::vector<GridPoint>{{1, 1}}));
        EXPECT_EQ(search.find(map, {0, 0}, {2, 0}).status, SearchStatus::NoPath);  // goal blocked
        EXPECT_EQ(search.find(map, {2, 0}, {0, 0}).status, SearchStatus::NoPath);  // start blocked
        EXPECT_EQ(search.result().expansions, 0);
        EXPECT_THROW(search.start(map, {3, 0}, {0, 0}), InputError);
        EXPECT_THROW(search.start(map, {0, 0}, {0, -1}), InputError);
    }
}

TEST(GridSearch, WallsOffGoalGivesNoPath) {
    GridMap map = GridMap::fromRows({"..@..", "..@..", "..@.."});
    for (SearchAlgorithm algo : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy, SearchAlgorithm::Jps}) {
        GridSearch search(opts(algo));
        SearchResult r = search.find(map, {0, 1}, {4, 1});
        EXPECT_EQ(r.status, SearchStatus::NoPath) << algorithmName(algo);
        if (algo != SearchAlgorithm::Jps) {
            EXPECT_EQ(r.expansions, 6) << algorithmName(algo);  // the whole left side
        }
    }
}

TEST(GridSearch, SearchesNeverChangeTheMapAndReuseAcrossMaps) {
    GridMap big = test::randomMap(40, 30, 0.25, 9);
    GridMap small = test::randomMap(12, 9, 0.2, 10);
    const auto bigRows = big.rows();
    const auto bigRevision = big.revision();
    std::mt19937 rng(3);
    for (SearchAlgorithm algo : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy, SearchAlgorithm::Jps}) {
        GridSearch reused(opts(algo));
        for (int q = 0; q < 30; ++q) {
            const GridMap& map = q % 3 == 0 ? small : big;
            GridPoint a = test::randomPassable(map, rng);
            GridPoint b = test::randomPassable(map, rng);
            GridSearch fresh(opts(algo));
            SearchResult r1 = reused.find(map, a, b);
            SearchResult r2 = fresh.find(map, a, b);
            EXPECT_EQ(r1.status, r2.status);
            EXPECT_EQ(r1.length, r2.length);
            EXPECT_EQ(r1.expansions, r2.expansions);
            EXPECT_EQ(reused.path(), fresh.path());
        }
    }
    EXPECT_EQ(big.rows(), bigRows);
    EXPECT_EQ(big.revision(), bigRevision);
}

TEST(GridSearch, SeesEditsBetweenQueriesAndRefusesEditsDuringOne) {
    GridMap map(6, 3);
    GridSearch search;
    EXPECT_NEAR(search.find(map, {0, 1}, {5, 1}).length, 5, 1e-12);
    map.setPassable(2, 0, false);
    map.setPassable(2, 1, false);
    EXPECT_NEAR(search.find(map, {0, 1}, {5, 1}).length, 3 + 2 * kDiag, 1e-12);  // the move table was rebuilt
    search.start(map, {0, 1}, {5, 1});
    search.step();
    map.setPassable(2, 2, false);
    EXPECT_THROW(search.step(), InputError);
    EXPECT_THROW(search.run(), InputError);
}

// step() reports exactly what run() does, one expansion at a time.
TEST(GridSearch, StepAndRunAgree) {
    std::mt19937 rng(21);
    GridMap map = test::randomMap(35, 25, 0.25, 55);
    map.setCost(3, 3, 4.0);
    GridMap uniform = test::randomMap(35, 25, 0.25, 56);
    for (SearchAlgorithm algo : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy, SearchAlgorithm::Jps}) {
        const GridMap& m = algo == SearchAlgorithm::Jps ? uniform : map;
        for (int q = 0; q < 8; ++q) {
            GridPoint a = test::randomPassable(m, rng);
            GridPoint b = test::randomPassable(m, rng);
            GridSearch runner(opts(algo));
            SearchResult fast = runner.find(m, a, b);

            GridSearch stepper(opts(algo));
            stepper.start(m, a, b);
            EXPECT_EQ(stepper.status(), SearchStatus::Running);
            EXPECT_TRUE(stepper.isOpen(a));
            std::int64_t steps = 0;
            std::set<std::pair<int, int>> closedSoFar;
            for (;;) {
                const SearchStep& s = stepper.step();
                if (s.changes.empty()) {
                    EXPECT_NE(s.status, SearchStatus::Running);
                    break;
                }
                ++steps;
                ASSERT_EQ(s.changes.front().kind, CellChange::Kind::Closed);
                const GridPoint closed = s.changes.front().cell;
                EXPECT_TRUE(stepper.isClosed(closed));
                EXPECT_EQ(stepper.lastExpanded(), closed);
                closedSoFar.insert({closed.x, closed.y});
                for (std::size_t i = 1; i < s.changes.size(); ++i) {
                    const CellChange& c = s.changes[i];
                    if (c.kind == CellChange::Kind::Scanned) {
                        EXPECT_EQ(algo, SearchAlgorithm::Jps);
                        continue;
                    }
                    EXPECT_NE(c.kind, CellChange::Kind::Closed);
                    EXPECT_TRUE(stepper.isOpen(c.cell));
                    EXPECT_EQ(stepper.g(c.cell), c.g);
                    EXPECT_EQ(stepper.parent(c.cell), closed);
                    EXPECT_EQ(c.parent, closed);
                    EXPECT_GE(c.f, 0.0);
                }
                // The counts the panels read every frame equal the listed sets, at every step.
                ASSERT_EQ(stepper.openSize(), stepper.openCells().size());
                ASSERT_EQ(stepper.closedCount(), stepper.closedCells().size());
                if (s.status != SearchStatus::Running) break;
            }
            EXPECT_EQ(stepper.status(), fast.status);
            SearchResult stepped = stepper.result();
            EXPECT_EQ(stepped.length, fast.length);
            EXPECT_EQ(stepped.expansions, fast.expansions);
            EXPECT_EQ(stepped.pushes, fast.pushes);
            EXPECT_EQ(steps, fast.expansions);
            EXPECT_EQ(stepper.path(), runner.path());
            EXPECT_EQ(static_cast<std::int64_t>(closedSoFar.size()), static_cast<std::int64_t>(stepper.closedCells().size()));
            // Frontier introspection: every listed cell is open, listed once.
            std::set<std::pair<int, int>> frontier;
            for (GridPoint p : stepper.openCells()) {
                EXPECT_TRUE(stepper.isOpen(p));
                EXPECT_TRUE(frontier.insert({p.x, p.y}).second);
            }
            EXPECT_EQ(frontier.size(), runner.openCells().size());
        }
    }
}

// openSize() and closedCount() (counted from the marks) equal the listed open and closed cells at every
// step, for every algorithm: breadth-first's queue, weighted A* and best-first (which may reopen cells),
// on weighted and uniform maps.
TEST(GridSearch, OpenAndClosedCountsEqualTheListedCellsAtEveryStep) {
    std::mt19937 rng(23);
    GridMap weighted = test::randomMap(30, 22, 0.2, 57);
    weighted.setCost(4, 4, 5.0);
    weighted.setCost(10, 7, 3.0);
    GridMap uniform = test::randomMap(30, 22, 0.2, 58);
    struct Case {
        SearchOptions options;
        bool uniformOnly;  // breadth-first and JPS refuse weighted maps
    };
    const Case cases[] = {{opts(SearchAlgorithm::AStar), false},
                          {opts(SearchAlgorithm::AStar, Diagonal::NoCornerCutting, Heuristic::Euclidean, 1.8), false},
                          {opts(SearchAlgorithm::Dijkstra), false},
                          {opts(SearchAlgorithm::Greedy), false},
                          {opts(SearchAlgorithm::Bfs), true},
                          {opts(SearchAlgorithm::Jps), true}};
    for (const Case& c : cases) {
        for (const GridMap* m : {&uniform, &weighted}) {
            if (c.uniformOnly && m == &weighted) continue;
            for (int q = 0; q < 5; ++q) {
                GridSearch search(c.options);
                EXPECT_EQ(search.openSize(), 0u);
                search.start(*m, test::randomPassable(*m, rng), test::randomPassable(*m, rng));
                for (;;) {
                    ASSERT_EQ(search.openSize(), search.openCells().size()) << algorithmName(c.options.algorithm);
                    ASSERT_EQ(search.closedCount(), search.closedCells().size()) << algorithmName(c.options.algorithm);
                    if (search.step().status != SearchStatus::Running) break;
                }
                ASSERT_EQ(search.openSize(), search.openCells().size());
                ASSERT_EQ(search.closedCount(), search.closedCells().size());
            }
        }
    }
}

TEST(GridSearch, StepMidwayThenRunFinishesTheSameQuery) {
    GridMap map = test::randomMap(30, 30, 0.2, 8);
    std::mt19937 rng(1);
    GridPoint a = test::randomPassable(map, rng);
    GridPoint b = test::randomPassable(map, rng);
    GridSearch reference;
    SearchResult whole = reference.find(map, a, b);
    GridSearch mixed;
    mixed.start(map, a, b);
    for (int i = 0; i < 10 && mixed.status() == SearchStatus::Running; ++i) mixed.step();
    SearchResult rest = mixed.run();
    EXPECT_EQ(rest.length, whole.length);
    EXPECT_EQ(rest.expansions, whole.expansions);
    // After the end, step() changes nothing and keeps the status.
    const SearchStep& after = mixed.step();
    EXPECT_TRUE(after.changes.empty());
    EXPECT_EQ(after.status, whole.status);
}

TEST(GridSearch, FrontierIsBestFirst) {
    GridMap map = test::randomMap(30, 30, 0.2, 12);
    GridSearch search;
    search.start(map, {0, 0}, {29, 29});
    if (!map.passable(0, 0) || !map.passable(29, 29)) GTEST_SKIP() << "corner blocked in this random map";
    for (int i = 0; i < 40 && search.status() == SearchStatus::Running; ++i) search.step();
    std::vector<GridPoint> frontier = search.openCells();
    ASSERT_FALSE(frontier.empty());
    auto f = [&](GridPoint p) {
        return search.g(p) + heuristicDistance(Heuristic::Octile, std::abs(p.x - 29), std::abs(p.y - 29));
    };
    for (std::size_t i = 1; i < frontier.size(); ++i) EXPECT_LE(f(frontier[i - 1]), f(frontier[i]) + 1e-6);
    // The next step closes the first cell of the frontier.
    const GridPoint first = frontier.front();
    EXPECT_EQ(search.step().changes.front().cell, first);
}

TEST(GridSearch, JpsScansCellsAndStepsAreJumpPoints) {
    GridMap open(20, 10);
    GridSearch jps(opts(SearchAlgorithm::Jps));
    jps.start(open, {0, 0}, {19, 9});
    const SearchStep& first = jps.step();
    int scanned = 0;
    for (const CellChange& c : first.changes) scanned += c.kind == CellChange::Kind::Scanned;
    EXPECT_GT(scanned, 10);
    SearchResult r = jps.run();
    EXPECT_NEAR(r.length, 10 + 9 * kDiag, 1e-9);
    EXPECT_LE(r.expansions, 3);  // an open map needs almost no jump points
    EXPECT_EQ(jps.path().size(), 20u);
}

TEST(GridSearch, NamesParseBack) {
    for (SearchAlgorithm a : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy, SearchAlgorithm::Jps,
                              SearchAlgorithm::Bfs})
        EXPECT_EQ(parseAlgorithm(algorithmName(a)), a);
    for (Diagonal d : {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::AtMostOneObstacle, Diagonal::Always})
        EXPECT_EQ(parseDiagonal(diagonalName(d)), d);
    for (Heuristic h : {Heuristic::Zero, Heuristic::Manhattan, Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev})
        EXPECT_EQ(parseHeuristic(heuristicName(h)), h);
    EXPECT_FALSE(parseAlgorithm("dfs"));
    EXPECT_FALSE(parseDiagonal("sometimes"));
    EXPECT_FALSE(parseHeuristic("psychic"));
}

// run() takes a separate tight loop for A* and Dijkstra on uniform-cost maps (h weighted 1 and
// consistent); it must close the same cells in the same order as step(), for every heuristic and
// diagonal policy it covers, also when it continues a query that was stepped part of the way.
// One search object reused across maps, algorithms and abandoned half-stepped queries gives what a fresh
// object gives: run()'s loop relies on every cell the last query reached being reset (g unreached).
TEST(GridSearch, ReusedSearchForgetsEveryCellOfEarlierQueries) {
    std::mt19937 rng(19);
    const GridMap big = test::randomMap(48, 40, 0.2, 23);
    const GridMap small = test::randomMap(15, 11, 0.15, 24);
    const std::vector<SearchOptions> options = {
        opts(SearchAlgorithm::AStar),
        opts(SearchAlgorithm::Dijkstra),
        opts(SearchAlgorithm::Jps),
        opts(SearchAlgorithm::Bfs),
        opts(SearchAlgorithm::AStar, Diagonal::Always, Heuristic::Euclidean),
        opts(SearchAlgorithm::AStar, Diagonal::Never, Heuristic::Manhattan),
        opts(SearchAlgorithm::AStar, Diagonal::NoCornerCutting, Heuristic::Octile, 1.5),
        opts(SearchAlgorithm::Greedy),
    };
    GridSearch reused;
    for (int q = 0; q < 120; ++q) {
        const GridMap& map = q % 4 == 3 ? small : big;
        const SearchOptions& o = options[static_cast<std::size_t>(q) % options.size()];
        const GridPoint a = test::randomPassable(map, rng);
        const GridPoint b = test::randomPassable(map, rng);
        reused.setOptions(o);
        if (q % 5 == 0) {  // a query left half-way, then a new one
            reused.start(map, b, a);
            for (int i = 0; i < 40 && reused.status() == SearchStatus::Running; ++i) reused.step();
        }
        const SearchResult r = reused.find(map, a, b);
        GridSearch fresh(o);
        const SearchResult f = fresh.find(map, a, b);
        test::expectRunMatchesSteps(reused, r, fresh, f);
    }
}

TEST(GridSearch, RunFastLoopMatchesStepsOnUniformMaps) {
    std::mt19937 rng(77);
    const GridMap map = test::randomMap(40, 30, 0.3, 91);
    struct Case {
        SearchAlgorithm algo;
        Heuristic heuristic;
        Diagonal diagonal;
    };
    std::vector<Case> cases;
    for (Diagonal d : {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::AtMostOneObstacle, Diagonal::Always}) {
        for (Heuristic h : {Heuristic::Zero, Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev})
            cases.push_back({SearchAlgorithm::AStar, h, d});
        cases.push_back({SearchAlgorithm::Dijkstra, Heuristic::Octile, d});
    }
    cases.push_back({SearchAlgorithm::AStar, Heuristic::Manhattan, Diagonal::Never});
    for (const Case& c : cases) {
        for (int q = 0; q < 6; ++q) {
            const GridPoint a = test::randomPassable(map, rng);
            const GridPoint b = test::randomPassable(map, rng);
            GridSearch stepper(opts(c.algo, c.diagonal, c.heuristic));
            stepper.start(map, a, b);
            std::vector<GridPoint> closedOrder;
            while (stepper.status() == SearchStatus::Running) closedOrder.push_back(stepper.step().changes.front().cell);
            const SearchResult stepped = stepper.result();

            GridSearch runner(opts(c.algo, c.diagonal, c.heuristic));
            const SearchResult fast = runner.find(map, a, b);
            test::expectRunMatchesSteps(runner, fast, stepper, stepped, /*compareOpen=*/false);
            if (!closedOrder.empty()) {
                EXPECT_EQ(runner.lastExpanded(), closedOrder.back());
            }

            // Stepped part of the way, then run: the same search, cell for cell.
            const std::size_t half = closedOrder.size() / 2;
            GridSearch mixed(opts(c.algo, c.diagonal, c.heuristic));
            mixed.start(map, a, b);
            for (std::size_t i = 0; i < half; ++i) EXPECT_EQ(mixed.step().changes.front().cell, closedOrder[i]);
            const SearchResult rest = mixed.run();
            EXPECT_EQ(rest.expansions, stepped.expansions);
            EXPECT_EQ(rest.pushes, stepped.pushes);
            EXPECT_EQ(rest.length, stepped.length);
            EXPECT_EQ(mixed.path(), stepper.path());
        }
    }
}

// runUntil() in slices of any size (1 expansion, a few, many) does what run() does, for every loop run()
// has: A* and Dijkstra's uniform loop, JPS's, breadth-first's, and the general one (weighted A*, greedy,
// and any search on a map with weighted cells). Each slice stops where it was asked to, still running.
TEST(GridSearch, RunUntilInSlicesDoesWhatRunDoes) {
    std::mt19937 rng(2026);
    GridMap uniform = test::randomMap(48, 36, 0.25, 17);
    GridMap weighted = test::randomMap(48, 36, 0.25, 17);
    for (int y = 0; y < weighted.height(); ++y)
        for (int x = 0; x < weighted.width(); ++x)
            if (weighted.passable(x, y) && (x * 5 + y * 3) % 7 == 0) weighted.setCost(x, y, 1.0 + (x + y) % 5);
    struct Case {
        const GridMap* map;
        SearchOptions options;
    };
    const std::vector<Case> cases = {
        {&uniform, opts(SearchAlgorithm::AStar)},
        {&uniform, opts(SearchAlgorithm::Dijkstra)},
        {&uniform, opts(SearchAlgorithm::Jps)},
        {&uniform, opts(SearchAlgorithm::Bfs)},
        {&uniform, opts(SearchAlgorithm::Greedy)},
        {&uniform, opts(SearchAlgorithm::AStar, Diagonal::NoCornerCutting, Heuristic::Octile, 2.0)},
        {&weighted, opts(SearchAlgorithm::AStar)},
        {&weighted, opts(SearchAlgorithm::Dijkstra)},
    };
    for (const Case& c : cases) {
        for (int q = 0; q < 8; ++q) {
            const GridPoint a = test::randomPassable(*c.map, rng);
            const GridPoint b = test::randomPassable(*c.map, rng);
            GridSearch whole(c.options);
            const SearchResult expected = whole.find(*c.map, a, b);
            GridSearch sliced(c.options);
            sliced.start(*c.map, a, b);
            const std::int64_t slice = std::vector<std::int64_t>{1, 3, 17, 1000}[static_cast<std::size_t>(q % 4)];
            int slices = 0;
            for (std::int64_t until = slice;; until += slice) {
                ++slices;
                const bool ended = sliced.runUntil(until);
                const SearchResult now = sliced.result();
                if (ended) {
                    EXPECT_NE(now.status, SearchStatus::Running);
                    break;
                }
                ASSERT_EQ(now.status, SearchStatus::Running);
                ASSERT_EQ(now.expansions, until) << "a slice stops where it was asked to";
            }
            test::expectRunMatchesSteps(sliced, sliced.result(), whole, expected);
            EXPECT_EQ(sliced.lastExpanded(), whole.lastExpanded());
            if (slice == 1) {
                EXPECT_EQ(slices, expected.expansions + (expected.status == SearchStatus::NoPath ? 1 : 0));
            }
            EXPECT_TRUE(sliced.runUntil(0)) << "an ended query stays ended";
        }
    }
}

// On a uniform map the length is the path's straight steps plus its diagonal steps times sqrt(2), read
// from the goal's fixed-point g (s * 2^bits + d * round(sqrt(2) * 2^bits) has one such pair below 2^19
// diagonal steps) instead of walking the path: the same numbers as counting the path's moves.
TEST(GridSearch, TheLengthIsThePathsStraightAndDiagonalStepsCounted) {
    std::mt19937 rng(99);
    int checked = 0;
    for (int trial = 0; trial < 12; ++trial) {
        const GridMap map = test::randomMap(40 + trial * 5, 30 + trial * 3, 0.1 + 0.02 * trial, 300 + trial);
        for (SearchAlgorithm algo : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Jps, SearchAlgorithm::Greedy}) {
            GridSearch search(opts(algo));
            for (int q = 0; q < 5; ++q) {
                const SearchResult r = search.find(map, test::randomPassable(map, rng), test::randomPassable(map, rng));
                if (!r.found()) continue;
                const std::vector<GridPoint> path = search.path();
                std::uint64_t straight = 0, diagonal = 0;
                for (std::size_t i = 1; i < path.size(); ++i)
                    (path[i].x != path[i - 1].x && path[i].y != path[i - 1].y ? diagonal : straight) += 1;
                EXPECT_EQ(r.length, static_cast<double>(straight) + static_cast<double>(diagonal) * kSqrt2)
                    << algorithmName(algo) << " " << straight << " + " << diagonal << " sqrt 2";
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 150);
}

// runTo(N) (the Search workbench's seek) leaves the search where N step() calls would, with the same
// per-cell expansion numbers as stepping records from step()'s Opened and Closed changes; the next step
// reports the same changes. Applies to A* (h weighted 1) and Dijkstra on uniform maps, refuses the rest.
TEST(GridSearch, RunToIsSteppingAtFullSpeedWithTheSameRecord) {
    std::mt19937 rng(2024);
    struct Record {
        std::vector<std::int32_t> openedAt, closedAt;
    };
    auto sameChanges = [](const SearchStep& a, const SearchStep& b) {
        if (a.status != b.status || a.changes.size() != b.changes.size()) return false;
        for (std::size_t i = 0; i < a.changes.size(); ++i) {
            const CellChange& x = a.changes[i];
            const CellChange& y = b.changes[i];
            if (x.kind != y.kind || !(x.cell == y.cell) || !(x.parent == y.parent) || x.g != y.g || x.f != y.f) return false;
        }
        return true;
    };
    for (int trial = 0; trial < 8; ++trial) {
        const GridMap map = test::randomMap(30 + trial * 3, 24 + trial, 0.12 + 0.02 * trial, 700 + trial);
        for (Diagonal d : {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::Always}) {
            std::vector<SearchOptions> cases;
            for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero})
                cases.push_back(opts(SearchAlgorithm::AStar, d, h));
            if (d == Diagonal::Never) cases.push_back(opts(SearchAlgorithm::AStar, d, Heuristic::Manhattan));
            cases.push_back(opts(SearchAlgorithm::Dijkstra, d));
            for (const SearchOptions& o : cases) {
                const GridPoint a = test::randomPassable(map, rng);
                const GridPoint b = test::randomPassable(map, rng);
                GridSearch full(o);
                const std::int64_t total = full.find(map, a, b).expansions;
                for (std::int64_t n : {std::int64_t(1), total / 3, total - 1, total, total + 5}) {
                    SCOPED_TRACE(std::string(heuristicName(o.heuristic)) + " " + std::string(diagonalName(d)) + " n=" + std::to_string(n));
                    const std::size_t cells = static_cast<std::size_t>(map.cellCount());
                    Record stepped{std::vector<std::int32_t>(cells, -1), std::vector<std::int32_t>(cells, -1)};
                    GridSearch stepper(o);
                    stepper.start(map, a, b);
                    for (std::int64_t k = 1; k <= n && stepper.status() == SearchStatus::Running; ++k)
                        for (const CellChange& c : stepper.step().changes) {
                            const auto i = static_cast<std::size_t>(map.index(c.cell.x, c.cell.y));
                            if (c.kind == CellChange::Kind::Closed) stepped.closedAt[i] = static_cast<std::int32_t>(k);
                            if (c.kind == CellChange::Kind::Opened && stepped.openedAt[i] < 0) stepped.openedAt[i] = static_cast<std::int32_t>(k);
                        }
                    Record fast{std::vector<std::int32_t>(cells, -1), std::vector<std::int32_t>(cells, -1)};
                    GridSearch runner(o);
                    runner.start(map, a, b);
                    ASSERT_TRUE(runner.runTo(n, {fast.openedAt.data(), fast.closedAt.data()}));
                    EXPECT_EQ(fast.openedAt, stepped.openedAt);
                    EXPECT_EQ(fast.closedAt, stepped.closedAt);
                    EXPECT_EQ(runner.status(), stepper.status());
                    EXPECT_EQ(runner.result().expansions, stepper.result().expansions);
                    EXPECT_EQ(runner.result().pushes, stepper.result().pushes);
                    EXPECT_EQ(runner.result().length, stepper.result().length);
                    EXPECT_EQ(runner.lastExpanded(), stepper.lastExpanded());
                    EXPECT_EQ(runner.openCells(), stepper.openCells());
                    EXPECT_EQ(runner.closedCells(), stepper.closedCells());
                    for (int y = 0; y < map.height(); ++y)
                        for (int x = 0; x < map.width(); ++x) {
                            EXPECT_EQ(runner.g({x, y}), stepper.g({x, y}));
                            EXPECT_EQ(runner.parent({x, y}), stepper.parent({x, y}));
                        }
                    EXPECT_TRUE(sameChanges(runner.step(), stepper.step()));  // and on from there alike
                }
            }
        }
    }
    // The other searches have no fast loop for it: nothing done, step() instead.
    const GridMap map = test::randomMap(20, 20, 0.1, 5);
    std::vector<std::int32_t> opened(400, -1), closed(400, -1);
    SearchOptions weighted = opts(SearchAlgorithm::AStar);
    weighted.weight = 2;
    for (const SearchOptions& o : {opts(SearchAlgorithm::Jps), opts(SearchAlgorithm::Greedy), opts(SearchAlgorithm::Bfs), weighted}) {
        GridSearch other(o);
        other.start(map, test::randomPassable(map, rng), test::randomPassable(map, rng));
        EXPECT_FALSE(other.runTo(10, {opened.data(), closed.data()})) << algorithmName(o.algorithm);
        EXPECT_EQ(other.result().expansions, 0);
    }
    GridMap costly = map;
    costly.setCost(3, 3, 4);
    GridSearch onWeights(opts(SearchAlgorithm::AStar));
    onWeights.start(costly, {0, 0}, {19, 19});
    EXPECT_FALSE(onWeights.runTo(10, {opened.data(), closed.data()}));
    EXPECT_EQ(std::count(closed.begin(), closed.end(), -1), 400);
}

// The fast loops find a cell's row by a multiplication; on a one-cell-wide map its magic number is
// 2^64, which wrapped to 0 in 64 bits and put every cell on row 0 (wrong heuristic, wrong jump table).
TEST(GridSearch, RunFastLoopMatchesStepsOnOneCellWideMaps) {
    for (const auto& [w, h] : {std::pair{1, 9}, std::pair{9, 1}, std::pair{1, 1}}) {
        const GridMap map(w, h);
        const GridPoint middle{w / 2, h / 2};
        const GridPoint end{w - 1, h - 1};
        for (SearchAlgorithm algo : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Jps}) {
            for (const auto& [a, b] : {std::pair{middle, end}, std::pair{end, GridPoint{0, 0}}}) {
                SCOPED_TRACE(std::string(algorithmName(algo)) + " on " + std::to_string(w) + "x" + std::to_string(h));
                GridSearch stepper(opts(algo, Diagonal::NoCornerCutting, Heuristic::Octile));
                stepper.start(map, a, b);
                while (stepper.status() == SearchStatus::Running) stepper.step();
                const SearchResult stepped = stepper.result();
                GridSearch runner(opts(algo, Diagonal::NoCornerCutting, Heuristic::Octile));
                const SearchResult fast = runner.find(map, a, b);
                ASSERT_TRUE(fast.found());
                EXPECT_EQ(fast.length, std::abs(a.x - b.x) + std::abs(a.y - b.y));
                test::expectRunMatchesSteps(runner, fast, stepper, stepped);
            }
        }
    }
}

// Both open lists pop in one order: lower f, then the entry pushed last. Pushes imitate a uniform-cost
// search in fixed point: f at most 2*sqrt(2) units above the f being expanded, often exactly equal to it
// or to other pending values (a lattice of a + b*sqrt(2)), some into the bucket being popped.
TEST(OpenList, BothModesPopLowerFThenNewest) {
    constexpr int kBits = 20;
    const std::uint64_t unit = std::uint64_t(1) << kBits;
    const std::uint64_t diagonal = static_cast<std::uint64_t>(std::llround(kDiag * static_cast<double>(unit)));
    for (OpenList::Mode mode : {OpenList::Mode::Heap, OpenList::Mode::Monotone}) {
        SCOPED_TRACE(mode == OpenList::Mode::Heap ? "heap" : "monotone");
        std::mt19937 rng(5);
        OpenList open;
        int pops = 0;
        // Small searches (the list often runs empty, then refills from one entry) and large ones.
        for (int round = 0; round < 300; ++round) {
            const bool large = round % 100 == 99;
            open.clear(mode, kBits - 8);
            std::set<std::pair<std::uint64_t, std::int64_t>> reference;  // (f, -push number): begin() is the best
            std::int64_t pushed = 0;
            auto push = [&](std::uint64_t f, std::uint64_t currentF) {
                open.push(f, static_cast<std::int32_t>(pushed), currentF);
                reference.insert({f, -pushed});
                ++pushed;
            };
            push((10 + round) * unit, OpenList::kNoCurrent);
            int roundPops = 0;
            while (!open.empty()) {
                ASSERT_FALSE(reference.empty());
                if (roundPops % 97 == 5) {  // the listing in pop order agrees with the reference
                    const std::vector<OpenEntry> listed = open.inPopOrder();
                    ASSERT_EQ(listed.size(), reference.size());
                    std::size_t k = 0;
                    for (const auto& [f, negPush] : reference) {
                        ASSERT_EQ(listed[k].f, f) << "round " << round << " entry " << k;
                        ASSERT_EQ(listed[k].cell, -negPush) << "round " << round << " entry " << k;
                        ++k;
                    }
                }
                const OpenEntry top = open.popBest();
                const auto best = reference.begin();
                ASSERT_EQ(top.f, best->first) << "round " << round << " pop " << roundPops;
                ASSERT_EQ(top.cell, -best->second) << "round " << round << " pop " << roundPops;
                reference.erase(best);
                ++roundPops;
                const int children = !large ? static_cast<int>(rng() % 3) : roundPops < 15000 ? static_cast<int>(rng() % 4) : 0;
                for (int k = 0; k < children; ++k) {
                    const std::uint64_t b = rng() % 3;  // at most two steps' worth: f + 2*sqrt(2) at the most
                    const std::uint64_t a = rng() % (3 - b);
                    std::uint64_t step = a * unit + b * diagonal;
                    switch (rng() % 6) {
                        case 0: step = 0; break;                     // keeps f: the stack
                        case 1: step = step > 0 ? step - 1 : 0; break;  // a fixed-point unit apart
                        case 2: step = std::min<std::uint64_t>(step + 1, 2 * diagonal); break;
                        case 3:  // odd rounds: a long jump (JPS), often beyond the ring's 4 units
                            if (round % 2 == 1) step += (rng() % 12) * unit + (rng() % 4) * diagonal;
                            break;
                        default: break;
                    }
                    push(top.f + step, top.f);
                }
            }
            EXPECT_TRUE(reference.empty());
            pops += roundPops;
        }
        EXPECT_GT(pops, 10000);
    }
}

TEST(OpenList, MonotoneRefusesAPushBelowTheCurrentFAndKeepsPushesBeyondTheRing) {
    OpenList open;
    open.clear(OpenList::Mode::Monotone, 12);
    open.push(std::uint64_t(5) << 20, 0, OpenList::kNoCurrent);
    const OpenEntry top = open.popBest();
    EXPECT_THROW(open.push(top.f - (std::uint64_t(1) << 13), 1, top.f), std::logic_error);
    // Beyond the ring (4 units here) is fine: such entries wait, then come in order.
    open.push(top.f + (std::uint64_t(9) << 20), 2, top.f);
    open.push(top.f + (std::uint64_t(1) << 20), 3, top.f);
    open.push(top.f + (std::uint64_t(9) << 20), 4, top.f);
    EXPECT_EQ(open.popBest().cell, 3);
    EXPECT_EQ(open.popBest().cell, 4);  // equal f: the newest first
    EXPECT_EQ(open.popBest().cell, 2);
    EXPECT_TRUE(open.empty());
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The search-name registry: canonical names round-trip, aliases resolve, unknown names get one message.
TEST(SearchNames, CanonicalNamesAndAliasesResolve) {
    for (SearchAlgorithm a : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy, SearchAlgorithm::Jps,
                              SearchAlgorithm::Bfs}) {
        EXPECT_EQ(parseAlgorithm(algorithmName(a)), a);
        EXPECT_FALSE(algorithmDescription(a).empty());
    }
    EXPECT_EQ(parseAlgorithm("a*"), SearchAlgorithm::AStar);
    EXPECT_EQ(parseAlgorithm("best-first"), SearchAlgorithm::Greedy);
    EXPECT_FALSE(parseAlgorithm("bogo"));
    EXPECT_EQ(parseDiagonal("one-blocked"), Diagonal::AtMostOneObstacle);
    EXPECT_EQ(unknownAlgorithmMessage("x"), "unknown algorithm \"x\" (expected astar, dijkstra, greedy, jps or bfs)");
    EXPECT_NE(unknownHeuristicMessage("x").find("octile"), std::string::npos);
    EXPECT_NE(unknownDiagonalMessage("x").find("no-corner-cutting"), std::string::npos);
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The memory a search needs is estimated from the map's size before anything is built, and a map
// past the budget is refused with the size it would need: A* up to about 11,900 x 11,900 in 2 GiB.
TEST(GridSearchMemory, EstimatedFromTheSizeAndRefusedPastTheBudget) {
    SearchOptions astar, jps, bfs;
    jps.algorithm = SearchAlgorithm::Jps;
    bfs.algorithm = SearchAlgorithm::Bfs;
    EXPECT_EQ(gridSearchBytes(1000, 1000, astar), std::size_t(1000) * 1000 * 15);  // g, parent, arrival, marks, moves
    EXPECT_EQ(gridSearchBytes(1000, 1000, bfs), std::size_t(1000) * 1000 * 19);    // and the queue
    // JPS: its padded grid, and the jump table while the padded map fits JumpScanner::kMaxTableCells.
    EXPECT_GT(gridSearchBytes(1000, 1000, jps), gridSearchBytes(1000, 1000, astar) * 2);
    EXPECT_LT(gridSearchBytes(4096, 4096, jps), gridSearchBytes(4096, 4096, bfs));
    EXPECT_EQ(gridSearchBytes(0, 0, astar), 0u);
    EXPECT_TRUE(gridSearchMemoryRefusal(11'900, 11'900, astar).empty());
    const std::string refused = gridSearchMemoryRefusal(16'384, 16'384, astar);
    EXPECT_NE(refused.find("16384 x 16384 map needs about 3840 MiB for astar"), std::string::npos) << refused;
    EXPECT_NE(refused.find("2048 MiB budget"), std::string::npos) << refused;
    // The engine's refusal carries it (a small map against a small budget here), and start() throws it.
    EXPECT_FALSE(gridSearchMemoryRefusal(100, 100, astar, 100 * 100 * 15 - 1).empty());
    EXPECT_TRUE(gridSearchMemoryRefusal(100, 100, astar, 100 * 100 * 15).empty());
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// What a "which cell next?" exercise accepts (issue 40 item 2): every open cell whose f ties with the one
// the step expands, never a closed one. The exercise map of scenarios/exercise-search-astar.json.
TEST(GridSearch, NextCandidatesAreTheOpenCellsTiedWithTheExpandedOne) {
    GridMap map = GridMap::fromRows({"................................", "................................",
                                     "....@@@@@@@@@@..........@@@.....", "....@@@@@@@@@@..........@@@.....",
                                     "....@@......................@...", "....@@.........@@@@@........@...",
                                     "...............@@@@@............", "...............@@@@@............",
                                     ".......@@@.....@@@@@....@@@@@@..", ".......@@@..............@@@@@@.."});
    GridSearch search;
    search.start(map, {1, 1}, {30, 9});
    search.step();
    search.step();
    // Step 3: (2, 1) and (3, 3) both have f = 32.314; the search takes one of them.
    std::vector<GridPoint> tied = search.nextCandidates();
    EXPECT_NE(std::find(tied.begin(), tied.end(), GridPoint{2, 1}), tied.end());
    EXPECT_NE(std::find(tied.begin(), tied.end(), GridPoint{3, 3}), tied.end());
    const SearchStep& third = search.step();
    EXPECT_NE(std::find(tied.begin(), tied.end(), third.changes.front().cell), tied.end());
    // On every step of every algorithm: the expanded cell is one of the candidates, all of them open
    // and of one f.
    for (SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy,
                                      SearchAlgorithm::Jps, SearchAlgorithm::Bfs}) {
        std::mt19937 rng(7);
        GridMap random = test::randomMap(rng, 40, 30, 25);
        GridSearch s;
        s.setOptions(opts(algorithm));
        s.start(random, test::randomPassable(random, rng), test::randomPassable(random, rng));
        while (s.status() == SearchStatus::Running) {
            std::vector<GridPoint> candidates = s.nextCandidates();
            for (GridPoint c : candidates) EXPECT_TRUE(s.isOpen(c));
            const SearchStep& step = s.step();
            if (step.changes.empty()) break;
            EXPECT_NE(std::find(candidates.begin(), candidates.end(), step.changes.front().cell), candidates.end())
                << "algorithm " << static_cast<int>(algorithm);
        }
    }
}

}  // namespace
}  // namespace aoilab
