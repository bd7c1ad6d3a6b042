#pragma once
// A query given to a grid workbench (--query) whose start or goal is a wall is refused with a message, as
// one outside the map is: run, it only ever said "no path". UI-free.
#include <string>

#include "path/grid_map.h"

namespace aoilab::app {

// "start (3, 4) is a wall" (or the goal), "" when both ends are free ground. Both ends in the map.
inline std::string blockedEnd(const GridMap& map, GridPoint start, GridPoint goal) {
    auto name = [](const char* what, GridPoint p) {
        return std::string(what) + " (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ") is a wall";
    };
    if (!map.passable(start)) return name("start", start);
    if (!map.passable(goal)) return name("goal", goal);
    return {};
}

}  // namespace aoilab::app
