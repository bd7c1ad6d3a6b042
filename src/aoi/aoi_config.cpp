#include "aoi/aoi_config.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/text_check.h"

namespace aoilab {
namespace {

void requirePositive(double value, const char* key) {
    if (!(value > 0) || !std::isfinite(value))
        throw InputError(std::string("/aoi/") + key + ": " + briefNumber(value) +
                         " must be a finite number above 0");
}

}  // namespace

AoiConfig resolveAoiConfig(const AoiSettings& settings, double worldWidth, double worldHeight,
                           double typicalRadiusHint) {
    AoiConfig config;
    config.shape = settings.shape;
    if (!(settings.hysteresis >= 0) || !std::isfinite(settings.hysteresis))
        throw InputError("/aoi/hysteresis: " + briefNumber(settings.hysteresis) +
                         " must be a finite number >= 0");
    config.hysteresis = settings.hysteresis;
    requirePositive(worldWidth, "world width");
    requirePositive(worldHeight, "world height");
    config.worldWidth = worldWidth;
    config.worldHeight = worldHeight;

    double typical = typicalRadiusHint > 0 ? typicalRadiusHint : std::min(worldWidth, worldHeight) / 10;
    config.standardRadius = settings.standardRadius.value_or(std::max(1.0, typical));
    requirePositive(config.standardRadius, "standard_radius");
    config.cellSize = settings.cellSize.value_or(config.standardRadius);
    requirePositive(config.cellSize, "cell_size");
    config.tickInterval = settings.tickInterval.value_or(5);
    if (config.tickInterval < 1) throw InputError("/aoi/tick_interval: must be at least 1");
    config.lazySuperView = settings.lazySuperView.value_or(false);
    config.quadtreeCapacity = settings.quadtreeCapacity.value_or(8);
    if (config.quadtreeCapacity < 1) throw InputError("/aoi/quadtree_capacity: must be at least 1");
    config.quadtreeMaxDepth = settings.quadtreeMaxDepth.value_or(12);
    // Depth 0 is a tree that never splits: no quadtree at all.
    if (config.quadtreeMaxDepth < 1 || config.quadtreeMaxDepth > 30)
        throw InputError("/aoi/quadtree_max_depth: " + std::to_string(config.quadtreeMaxDepth) + " is out of range [1, 30]");
    config.towerSize = settings.towerSize.value_or(2 * config.standardRadius);
    requirePositive(config.towerSize, "tower_size");
    config.insertFromHead = settings.insertFromHead.value_or(false);
    return config;
}

double typicalRadius(const std::vector<Entity>& entities) {
    if (entities.empty()) return 0;
    std::vector<double> radii;
    radii.reserve(entities.size());
    for (const Entity& e : entities) radii.push_back(e.radius);
    auto middle = radii.begin() + static_cast<std::ptrdiff_t>(radii.size() / 2);
    std::nth_element(radii.begin(), middle, radii.end());
    return *middle;
}

}  // namespace aoilab
