#include "aoi/aoi_memory.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "aoi/aoi_config.h"
#include "aoi/grid.h"
#include "aoi/tower.h"

namespace aoilab {
namespace {

// Bytes a registration takes with its list's spare capacity: a grid cell's super-watcher entry is a
// 4-byte slot, a tower's watcher record 32 bytes plus the 4-byte index the watcher keeps of it.
// Measured with five world-wide views among 2,000 entities in a 100,000 x 100,000 world: grid 327 MB
// peak RSS (estimate 314 MiB), towers 359 MB (estimate 342 MiB).
constexpr double kGridEntryBytes = 8;
constexpr double kTowerEntryBytes = 60;
// Each cell's list heads (and, in exact mode, its super-watcher list); each tower's two lists.
constexpr double kGridCellBytes = 16, kGridSuperListBytes = 24, kTowerBytes = 48;

// The cells a square of half-side `reach` can cover, at most the whole grid.
double cellsCovered(double reach, double cell, double width, double height) {
    double across = std::floor(2 * reach / cell) + 2;
    double columns = std::max(1.0, std::ceil(width / cell)), rows = std::max(1.0, std::ceil(height / cell));
    return std::min(across, columns) * std::min(across, rows);
}

std::string mib(double bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g MiB", std::ceil(bytes / (1024.0 * 1024)));
    return text;
}

}  // namespace

double boundedCellSize(double configured, double worldWidth, double worldHeight, double maxCells) {
    // The same steps as the constructors of GridAoi and TowerAoi (a test holds them equal).
    double size = configured > 0 ? configured : 1;
    double width = std::max(worldWidth, 1e-9), height = std::max(worldHeight, 1e-9);
    auto cellsFor = [&](double s) { return std::max(1.0, std::ceil(width / s)) * std::max(1.0, std::ceil(height / s)); };
    if (cellsFor(size) > maxCells) size = std::sqrt(width * height / maxCells) * 1.01;
    while (cellsFor(size) > maxCells) size *= 1.1;
    return size;
}

double gridSuperViewBytes(const AoiConfig& config, const std::vector<double>& largestRadii) {
    if (config.lazySuperView) return 0;  // lazy: super-view entities are not registered (and no lists)
    double cell = boundedCellSize(config.cellSize, config.worldWidth, config.worldHeight, static_cast<double>(GridAoi::kMaxCells));
    double entries = 0;
    for (double radius : largestRadii)
        if (radius > config.standardRadius)
            entries += cellsCovered(radius + config.hysteresis, cell, config.worldWidth, config.worldHeight);
    double cells = cellsCovered(std::max(config.worldWidth, config.worldHeight), cell, config.worldWidth, config.worldHeight);
    return cells * (kGridCellBytes + kGridSuperListBytes) + entries * kGridEntryBytes;
}

double towerWatcherBytes(const AoiConfig& config, const std::vector<double>& largestRadii) {
    double tower = boundedCellSize(config.towerSize, config.worldWidth, config.worldHeight, static_cast<double>(TowerAoi::kMaxTowers));
    double entries = 0;
    for (double radius : largestRadii) entries += cellsCovered(radius + config.hysteresis, tower, config.worldWidth, config.worldHeight);
    double towers = cellsCovered(std::max(config.worldWidth, config.worldHeight), tower, config.worldWidth, config.worldHeight);
    return towers * kTowerBytes + entries * kTowerEntryBytes;
}

std::string aoiMemoryRefusal(const AoiConfig& config, const std::vector<double>& largestRadii) {
    std::string parts;
    auto check = [&](double bytes, const char* where) {
        if (bytes > kAoiRegistrationBudgetBytes) parts += (parts.empty() ? "" : ", ") + mib(bytes) + " " + where;
    };
    check(gridSuperViewBytes(config, largestRadii), "(grid)");
    check(towerWatcherBytes(config, largestRadii), "(towers)");
    if (parts.empty()) return {};
    return "views need about " + parts + "; " + mib(kAoiRegistrationBudgetBytes) +
           " a method: fewer views, larger cell_size/tower_size or lazy_super_view";
}

std::string aoiMemoryRefusal(const AoiSettings& settings, double worldWidth, double worldHeight,
                             const std::vector<Entity>& starting, const std::vector<ScriptOp>& script) {
    std::vector<Entity> added = starting;
    std::unordered_map<EntityId, double> largest;
    for (const Entity& e : starting) largest[e.id] = std::max(largest[e.id], e.radius);
    for (const ScriptOp& op : script) {
        if (op.kind == OpKind::Add) added.push_back(op.entity);
        if (op.kind == OpKind::Add || op.kind == OpKind::Radius)
            largest[op.entity.id] = std::max(largest[op.entity.id], op.entity.radius);
    }
    std::vector<double> radii;
    radii.reserve(largest.size());
    for (const auto& [id, radius] : largest) radii.push_back(radius);
    return aoiMemoryRefusal(resolveAoiConfig(settings, worldWidth, worldHeight, typicalRadius(added)), radii);
}

}  // namespace aoilab
