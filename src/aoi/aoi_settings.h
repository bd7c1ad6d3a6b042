#pragma once
// A world's AOI settings as a scenario states them (the view shape, the method, and each method's
// optional tuning); aoi_config.h turns them into concrete values.
#include <optional>
#include <string>

#include "core/geometry.h"

namespace aoilab {

struct AoiSettings {
    ViewShape shape = ViewShape::Square;
    std::string method = "crosslist";  // brute, crosslist, grid, quadtree, tower
    double hysteresis = 0;
    // Unset = the method's own default (written back only when set).
    std::optional<double> cellSize;
    std::optional<double> standardRadius;
    std::optional<int> tickInterval;
    std::optional<bool> lazySuperView;
    std::optional<int> quadtreeCapacity;
    std::optional<int> quadtreeMaxDepth;
    std::optional<double> towerSize;
    std::optional<bool> insertFromHead;  // crosslist: "crosslist_insert": "head" (true) or "index"
    friend bool operator==(const AoiSettings&, const AoiSettings&) = default;
};

}  // namespace aoilab
