#include "scenario/follow_route.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace aoilab {
namespace {

std::string pointText(Vec2 p) {
    auto number = [](double v) {
        std::string s = std::to_string(v);
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.') s.pop_back();
        return s;
    };
    return "(" + number(p.x) + ", " + number(p.y) + ")";
}

}  // namespace

FollowRoutePlanner::FollowRoutePlanner(double width, double height, double cellSize,
                                       const std::vector<std::pair<int, int>>& obstacles)
    : cellSize_(cellSize),
      map_(std::max(1, static_cast<int>(std::ceil(width / cellSize))), std::max(1, static_cast<int>(std::ceil(height / cellSize)))) {
    for (const auto& [column, row] : obstacles)
        if (map_.inBounds(column, row)) map_.setPassable(column, row, false);
}

GridPoint FollowRoutePlanner::cellOf(Vec2 point) const {
    return map_.clampInside({static_cast<int>(point.x / cellSize_), static_cast<int>(point.y / cellSize_)});
}

Vec2 FollowRoutePlanner::centre(GridPoint cell) const { return {(cell.x + 0.5) * cellSize_, (cell.y + 0.5) * cellSize_}; }

std::vector<Vec2> FollowRoutePlanner::route(Vec2 from, Vec2 goal) {
    GridPoint start = cellOf(from), end = cellOf(goal);
    if (!map_.passable(start)) throw InputError("the entity starts on an obstacle cell at " + pointText(from));
    if (!map_.passable(end)) throw InputError("the goal " + pointText(goal) + " is on an obstacle cell");
    if (!search_.find(map_, start, end).found())
        throw InputError("no path from " + pointText(from) + " to " + pointText(goal) + " around the obstacles");
    std::vector<GridPoint> cells = search_.path();
    // Keep the cells where the direction changes: the entity walks straight between them.
    std::vector<Vec2> points;
    for (std::size_t i = 1; i + 1 < cells.size(); ++i) {
        int dx1 = cells[i].x - cells[i - 1].x, dy1 = cells[i].y - cells[i - 1].y;
        int dx2 = cells[i + 1].x - cells[i].x, dy2 = cells[i + 1].y - cells[i].y;
        if (dx1 != dx2 || dy1 != dy2) points.push_back(centre(cells[i]));
    }
    points.push_back(goal);
    return points;
}

}  // namespace aoilab
