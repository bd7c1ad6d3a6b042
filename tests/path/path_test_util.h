#pragma once
// Helpers shared by the grid-search tests: file locations, a reference shortest-path solver written
// independently of src/path (plain Dijkstra over explicit move rules), and random maps.
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "path/grid_map.h"
#include "path/grid_search.h"
#include "path/grid_moves.h"

namespace aoilab::test {

inline std::string sourcePath(const std::string& relative) { return std::string(AOILAB_SOURCE_DIR) + "/" + relative; }
inline std::string pathData(const std::string& name) { return sourcePath("tests/data/path/" + name); }
inline std::string movingAi(const std::string& relative) { return sourcePath("assets/maps/movingai/" + relative); }

// Reference: Dijkstra on the cell graph, with the move rules spelled out again here.
inline double referenceDistance(const GridMap& map, GridPoint from, GridPoint to, Diagonal policy) {
    const double inf = std::numeric_limits<double>::infinity();
    if (!map.passable(from) || !map.passable(to)) return inf;
    std::vector<double> dist(map.cellCount(), inf);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    dist[map.index(from.x, from.y)] = 0;
    queue.push({0, map.index(from.x, from.y)});
    while (!queue.empty()) {
        auto [d, u] = queue.top();
        queue.pop();
        if (d > dist[u]) continue;
        const int x = u % map.width();
        const int y = u / map.width();
        if (x == to.x && y == to.y) return d;
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if (dx == 0 && dy == 0) continue;
                const int nx = x + dx;
                const int ny = y + dy;
                if (!map.passable(nx, ny)) continue;
                const bool diagonal = dx != 0 && dy != 0;
                if (diagonal) {
                    const int open = int(map.passable(nx, y)) + int(map.passable(x, ny));
                    if (policy == Diagonal::Never) continue;
                    if (policy == Diagonal::NoCornerCutting && open < 2) continue;
                    if (policy == Diagonal::AtMostOneObstacle && open < 1) continue;
                }
                const double step = (diagonal ? std::sqrt(2.0) : 1.0) * map.cost(nx, ny);
                const int v = map.index(nx, ny);
                if (d + step < dist[v]) {
                    dist[v] = d + step;
                    queue.push({dist[v], v});
                }
            }
        }
    }
    return inf;
}

// A random map: each cell blocked with probability `density`.
inline GridMap randomMap(int width, int height, double density, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution blocked(density);
    GridMap map(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (blocked(rng)) map.setPassable(x, y, false);
    return map;
}

// A random map drawn from a generator the test goes on using: each cell blocked with probability
// blockedPercent / 100.
inline GridMap randomMap(std::mt19937& random, int width, int height, int blockedPercent) {
    GridMap map(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (static_cast<int>(random() % 100) < blockedPercent) map.setPassable(x, y, false);
    return map;
}

inline GridPoint randomPassable(const GridMap& map, std::mt19937& rng) {
    std::uniform_int_distribution<int> px(0, map.width() - 1);
    std::uniform_int_distribution<int> py(0, map.height() - 1);
    for (;;) {
        GridPoint p{px(rng), py(rng)};
        if (map.passable(p)) return p;
    }
}

// The fast loop (run()) must give what stepping to the end gave: the same result, path and sets.
inline void expectRunMatchesSteps(const GridSearch& runner, const SearchResult& fast, const GridSearch& stepper,
                                  const SearchResult& stepped, bool compareOpen = true) {
    EXPECT_EQ(fast.status, stepped.status);
    EXPECT_EQ(fast.length, stepped.length);
    EXPECT_EQ(fast.expansions, stepped.expansions);
    EXPECT_EQ(fast.pushes, stepped.pushes);
    EXPECT_EQ(runner.path(), stepper.path());
    EXPECT_EQ(runner.closedCells(), stepper.closedCells());
    if (compareOpen) {
        EXPECT_EQ(runner.openCells(), stepper.openCells());
    }
}

}  // namespace aoilab::test
