#include "path/jps.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "path/grid_moves.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

// The 64-cells-at-a-time scans (no list of scanned cells wanted) stop exactly where the cell-by-cell
// scans (the teaching panels' list wanted) stop: every passable cell, every direction, goals on and
// off the scan lines, on maps whose rows and columns end on both sides of 64-bit word boundaries.
TEST(JumpScanner, WordScansStopWhereCellScansStop) {
    std::mt19937 rng(3);
    int jumps = 0;
    int found = 0;
    for (const auto& [width, height, density] : {std::tuple{63, 9, 0.2}, std::tuple{64, 64, 0.1}, std::tuple{65, 70, 0.3},
                                                 std::tuple{130, 20, 0.05}, std::tuple{7, 200, 0.25}, std::tuple{200, 3, 0.0}}) {
        const GridMap map = test::randomMap(width, height, density, static_cast<std::uint32_t>(width * 1000 + height));
        JumpScanner scanner;
        scanner.update(map);
        std::vector<GridPoint> scanned;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                if (!map.passable(x, y)) continue;
                // A goal far away, one on this row, one on this column.
                const GridPoint goals[] = {{static_cast<int>(rng() % width), static_cast<int>(rng() % height)},
                                           {static_cast<int>(rng() % width), y},
                                           {x, static_cast<int>(rng() % height)}};
                for (const GridPoint goal : goals)
                    for (const GridMove& move : kGridMoves) {
                        scanned.clear();
                        const int byCell = scanner.jump(x, y, move.dx, move.dy, goal, &scanned);
                        const int byWord = scanner.jump(x, y, move.dx, move.dy, goal, nullptr);
                        ASSERT_EQ(byWord, byCell) << width << "x" << height << " from (" << x << ", " << y << ") move ("
                                                  << move.dx << ", " << move.dy << ") goal (" << goal.x << ", " << goal.y << ")";
                        ++jumps;
                        found += byCell >= 0;
                    }
            }
    }
    EXPECT_GT(jumps, 50000);
    EXPECT_GT(found, jumps / 10);  // many scans end at a jump point, not only at walls
}

}  // namespace
}  // namespace aoilab
