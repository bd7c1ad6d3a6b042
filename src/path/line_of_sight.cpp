#include "path/line_of_sight.h"

#include <algorithm>
#include <cmath>

namespace aoilab {

namespace {

// Slack for rounding in the interpolation: a segment that passes within this of a cell counts as
// touching it, so rounding can only make line of sight stricter, never let it cut a corner.
constexpr double kTouchSlack = 1e-9;

// Calls visit(x, y) for every cell whose closed square touches the segment, column by column in the
// direction of travel; stops early and returns false when visit returns false.
template <class Visit>
bool forEachSupercoverCell(Vec2 a, Vec2 b, Visit visit) {
    double minX = std::min(a.x, b.x);
    double maxX = std::max(a.x, b.x);
    int firstColumn = static_cast<int>(std::ceil(minX - kTouchSlack)) - 1;
    int lastColumn = static_cast<int>(std::floor(maxX + kTouchSlack));
    double dx = b.x - a.x;
    double dy = b.y - a.y;
    auto yAt = [&](double x) {
        if (x == a.x || dx == 0) return a.y;
        if (x == b.x) return b.y;
        return a.y + (x - a.x) * dy / dx;
    };
    bool leftToRight = dx >= 0;
    bool downwards = dy >= 0;
    int columns = lastColumn - firstColumn + 1;
    for (int i = 0; i < columns; ++i) {
        int column = leftToRight ? firstColumn + i : lastColumn - i;
        double lo = std::max(static_cast<double>(column), minX);
        double hi = std::min(static_cast<double>(column) + 1, maxX);
        if (lo > hi) {  // the strip only grazes within the slack: use the nearer end
            double x = lo > maxX ? maxX : minX;
            lo = hi = x;
        }
        double y0 = dx == 0 ? a.y : yAt(lo);
        double y1 = dx == 0 ? b.y : yAt(hi);
        double low = std::min(y0, y1) - kTouchSlack;
        double high = std::max(y0, y1) + kTouchSlack;
        int firstRow = static_cast<int>(std::ceil(low)) - 1;
        int lastRow = static_cast<int>(std::floor(high));
        int rows = lastRow - firstRow + 1;
        for (int j = 0; j < rows; ++j) {
            int row = downwards ? firstRow + j : lastRow - j;
            if (!visit(column, row)) return false;
        }
    }
    return true;
}

double pointSegmentDistance(Vec2 p, Vec2 a, Vec2 b) {
    double dx = b.x - a.x;
    double dy = b.y - a.y;
    double lengthSquared = dx * dx + dy * dy;
    double t = lengthSquared > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared : 0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}

double pointBoxDistance(Vec2 p, double x0, double y0, double x1, double y1) {
    double dx = std::max({x0 - p.x, 0.0, p.x - x1});
    double dy = std::max({y0 - p.y, 0.0, p.y - y1});
    return std::hypot(dx, dy);
}

// Liang-Barsky: does the segment meet the closed box?
bool segmentMeetsBox(Vec2 a, Vec2 b, double x0, double y0, double x1, double y1) {
    double t0 = 0;
    double t1 = 1;
    double d[2] = {b.x - a.x, b.y - a.y};
    double start[2] = {a.x, a.y};
    double lowBound[2] = {x0, y0};
    double highBound[2] = {x1, y1};
    for (int axis = 0; axis < 2; ++axis) {
        if (d[axis] == 0) {
            if (start[axis] < lowBound[axis] || start[axis] > highBound[axis]) return false;
            continue;
        }
        double ta = (lowBound[axis] - start[axis]) / d[axis];
        double tb = (highBound[axis] - start[axis]) / d[axis];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
        if (t0 > t1) return false;
    }
    return true;
}

}  // namespace

std::vector<GridPoint> supercoverCells(Vec2 a, Vec2 b) {
    std::vector<GridPoint> cells;
    forEachSupercoverCell(a, b, [&](int x, int y) {
        cells.push_back({x, y});
        return true;
    });
    return cells;
}

double segmentCellDistance(Vec2 a, Vec2 b, int x, int y) {
    double x0 = x, y0 = y, x1 = x + 1.0, y1 = y + 1.0;
    if (segmentMeetsBox(a, b, x0, y0, x1, y1)) return 0;
    // Apart: the closest pair involves an end of the segment or a corner of the square.
    double best = std::min(pointBoxDistance(a, x0, y0, x1, y1), pointBoxDistance(b, x0, y0, x1, y1));
    for (Vec2 corner : {Vec2{x0, y0}, Vec2{x1, y0}, Vec2{x0, y1}, Vec2{x1, y1}})
        best = std::min(best, pointSegmentDistance(corner, a, b));
    return best;
}

bool lineOfSight(const GridMap& map, Vec2 a, Vec2 b, double agentRadius) {
    if (!std::isfinite(a.x) || !std::isfinite(a.y) || !std::isfinite(b.x) || !std::isfinite(b.y)) return false;
    if (agentRadius <= 0) return forEachSupercoverCell(a, b, [&](int x, int y) { return map.passable(x, y); });
    // Swept disc: look at every cell of the bounding box grown by the radius.
    int x0 = static_cast<int>(std::floor(std::min(a.x, b.x) - agentRadius));
    int x1 = static_cast<int>(std::floor(std::max(a.x, b.x) + agentRadius));
    int y0 = static_cast<int>(std::floor(std::min(a.y, b.y) - agentRadius));
    int y1 = static_cast<int>(std::floor(std::max(a.y, b.y) + agentRadius));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            if (!map.passable(x, y) && segmentCellDistance(a, b, x, y) < agentRadius) return false;
    return true;  // a blocked cell the segment touches is at distance 0 < r, so it was caught above
}

bool pointFits(const GridMap& map, Vec2 p, double agentRadius) { return lineOfSight(map, p, p, agentRadius); }

}  // namespace aoilab
