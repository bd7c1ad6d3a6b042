#pragma once
// The route a "follow" behaviour walks (aoi/behaviour.h): the shortest 8-connected path over the
// world's obstacle grid (cells of obstacles.cell_size world units, no corner cutting, the path engine's
// A*) from where the entity starts to its goal, given as the points where it turns, in world units.
// The scenario reader plans every follower once, before the behaviours become moves, so validate,
// replay and the app see the same moves.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/geometry.h"
#include "path/grid_map.h"
#include "path/grid_search.h"

namespace aoilab {

// Budgets checked before the work: the obstacle grid a route is planned on, and the cells all the
// followers' searches may touch together (followers x grid cells).
inline constexpr long long kMaxFollowGridCells = 1LL << 22;
inline constexpr long long kMaxFollowSearchCells = 200'000'000;

class FollowRoutePlanner {
public:
    // The obstacle grid of a world: cells covers [c*s, (c+1)*s) as in World; `obstacles` are (column, row).
    FollowRoutePlanner(double width, double height, double cellSize, const std::vector<std::pair<int, int>>& obstacles);

    long long gridCells() const { return static_cast<long long>(map_.width()) * map_.height(); }

    // The turning points from `from` (not included) to `goal` (the last point, exactly). Throws
    // InputError with a sentence (no file or path: the reader adds them) when the start or the goal
    // lies on an obstacle cell or no path joins them.
    std::vector<Vec2> route(Vec2 from, Vec2 goal);

private:
    GridPoint cellOf(Vec2 point) const;
    Vec2 centre(GridPoint cell) const;

    double cellSize_;
    GridMap map_;
    GridSearch search_;
};

}  // namespace aoilab
