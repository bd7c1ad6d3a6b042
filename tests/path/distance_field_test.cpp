// The distance field against the engine's own searches: every cell's distance equals Dijkstra's path
// length from that cell to the goal, on a random map with weights, for every diagonal rule; following
// `next` walks a shortest path.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "path/distance_field.h"
#include "path/grid_search.h"

namespace aoilab {
namespace {

TEST(DistanceField, EveryCellsDistanceIsItsShortestPathToTheGoal) {
    std::mt19937 rng(7);
    GridMap map(24, 18);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            int roll = static_cast<int>(rng() % 10);
            if (roll < 2) map.setPassable(x, y, false);
            else if (roll < 4) map.setCost(x, y, 1 + static_cast<double>(rng() % 5));
        }
    GridPoint goal{20, 15};
    map.setPassable(goal.x, goal.y, true);
    for (Diagonal policy : {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::AtMostOneObstacle, Diagonal::Always}) {
        DistanceField field = computeDistanceField(map, goal, policy);
        SearchOptions options;
        options.algorithm = SearchAlgorithm::Dijkstra;
        options.diagonal = policy;
        GridSearch search(options);
        int compared = 0;
        for (int y = 0; y < map.height(); ++y)
            for (int x = 0; x < map.width(); ++x) {
                if (!map.passable(x, y)) {
                    EXPECT_TRUE(std::isinf(field.at(x, y)));
                    continue;
                }
                SearchResult r = search.find(map, {x, y}, goal);
                if (!r.found()) {
                    EXPECT_TRUE(std::isinf(field.at(x, y))) << x << "," << y;
                    continue;
                }
                EXPECT_NEAR(field.at(x, y), r.length, 1e-6 * (1 + r.length)) << x << "," << y << " " << diagonalName(policy);
                // Following next from here costs exactly the distance.
                double walked = 0;
                int at = map.index(x, y);
                for (int guard = 0; at != map.index(goal.x, goal.y) && guard < map.cellCount(); ++guard) {
                    int n = field.next[static_cast<std::size_t>(at)];
                    ASSERT_GE(n, 0);
                    GridPoint a = map.point(at), b = map.point(n);
                    walked += (a.x != b.x && a.y != b.y ? std::sqrt(2.0) : 1.0) * map.cost(b.x, b.y);
                    at = n;
                }
                EXPECT_NEAR(walked, field.at(x, y), 1e-6 * (1 + walked));
                ++compared;
            }
        EXPECT_GT(compared, 200) << diagonalName(policy);
    }
}

TEST(DistanceField, ABlockedGoalReachesNothing) {
    GridMap map(5, 5);
    map.setPassable(2, 2, false);
    DistanceField field = computeDistanceField(map, {2, 2});
    EXPECT_EQ(field.settled, 0);
    EXPECT_TRUE(std::isinf(field.at(0, 0)));
}

TEST(DistanceField, ReportsTheCellsSettledAndStopsWhenAsked) {
    // 300 x 300 with a wall across but a gap: 89,700 passable cells, more than one report's 65,536.
    GridMap map(300, 300);
    for (int x = 0; x < 299; ++x) map.setPassable(x, 150, false);
    const std::size_t passable = 300 * 300 - 299;
    const DistanceField plain = computeDistanceField(map, {10, 10});
    std::vector<std::pair<std::size_t, std::size_t>> reports;
    const BuildProgress listen = [&](std::size_t done, std::size_t total) {
        reports.emplace_back(done, total);
        return true;
    };
    const DistanceField heard = computeDistanceField(map, {10, 10}, Diagonal::NoCornerCutting, &listen);
    EXPECT_EQ(heard.distance, plain.distance);
    EXPECT_EQ(heard.next, plain.next);
    ASSERT_EQ(reports.size(), 3u);  // at the start, at 65,536 cells settled, at the end
    EXPECT_EQ(reports[0], std::make_pair(std::size_t(0), passable));
    EXPECT_EQ(reports[1], std::make_pair(std::size_t(65536), passable));
    EXPECT_EQ(reports[2], std::make_pair(static_cast<std::size_t>(plain.settled), passable));
    EXPECT_EQ(plain.settled, static_cast<std::int64_t>(passable));

    int calls = 0;
    const BuildProgress stopSecond = [&](std::size_t, std::size_t) { return ++calls < 2; };
    EXPECT_THROW(computeDistanceField(map, {10, 10}, Diagonal::NoCornerCutting, &stopSecond), BuildCancelled);
    EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace aoilab
