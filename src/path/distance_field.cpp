#include "path/distance_field.h"

#include <cmath>
#include <functional>
#include <queue>

#include "path/heuristics.h"

namespace aoilab {

namespace {

std::size_t passableCells(const GridMap& map) {
    std::size_t n = 0;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) n += map.passable(x, y) ? 1 : 0;
    return n;
}

}  // namespace

DistanceField computeDistanceField(const GridMap& map, GridPoint goal, Diagonal policy, const BuildProgress* progress) {
    auto begin = std::chrono::steady_clock::now();
    DistanceField field;
    field.width = map.width();
    field.height = map.height();
    const std::size_t cells = static_cast<std::size_t>(map.cellCount());
    field.distance.assign(cells, std::numeric_limits<double>::infinity());
    field.next.assign(cells, -1);
    if (!map.passable(goal)) return field;
    const std::size_t passable = progress ? passableCells(map) : 0;
    auto report = [&] {
        if (!(*progress)(static_cast<std::size_t>(field.settled), passable)) throw BuildCancelled{};
    };
    if (progress) report();
    using Entry = std::pair<double, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    const int start = map.index(goal.x, goal.y);
    field.distance[static_cast<std::size_t>(start)] = 0;
    queue.push({0, start});
    while (!queue.empty()) {
        auto [d, index] = queue.top();
        queue.pop();
        if (d > field.distance[static_cast<std::size_t>(index)]) continue;  // a stale entry
        ++field.settled;
        if (progress && (field.settled & 0xffff) == 0) report();
        GridPoint here = map.point(index);
        // A neighbour n reaches `here` by the move n -> here, which costs the step times the cost of
        // `here` (the cell entered). The moves are symmetric, so test the move from here to n.
        const double enter = map.cost(here.x, here.y);
        for (const GridMove& move : kGridMoves) {
            if (!moveAllowed(map, here.x, here.y, move, policy)) continue;
            int nx = here.x + move.dx, ny = here.y + move.dy;
            std::size_t n = static_cast<std::size_t>(map.index(nx, ny));
            double through = d + (move.diagonal ? kSqrt2 : 1.0) * enter;
            if (through < field.distance[n]) {
                field.distance[n] = through;
                field.next[n] = index;
                queue.push({through, static_cast<int>(n)});
            }
        }
    }
    if (progress) report();
    field.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
    return field;
}

}  // namespace aoilab
