#pragma once
// The memory two AOI methods spend on registrations, estimated before they are built (issue 38), as
// the navmesh is: the grid in exact mode registers each super-view entity (radius above the standard
// radius) in every cell its reach r + h covers, and towers register every entity as a watcher in every
// tower its reach covers. A hundred entities that see the whole world, on the finest grid (2^22 cells),
// took gigabytes and ended in bad_alloc: refused before the work, naming the size they would need.
// The scenario reader checks it, so validate, replay and the app refuse the same files.
#include <cstddef>
#include <string>
#include <vector>

#include "aoi/aoi_settings.h"
#include "aoi/aoi_system.h"
#include "aoi/script_op.h"
#include "core/limits.h"

namespace aoilab {

inline constexpr double kAoiRegistrationBudgetBytes = 1024.0 * 1024 * 1024 / kMemoryBudgetDivisor;  // per method

// The cell (or tower) side a grid (or tower) method really uses: the configured size, enlarged until
// the world has at most maxCells of them (GridAoi::cellSize, TowerAoi::towerSize).
double boundedCellSize(double configured, double worldWidth, double worldHeight, double maxCells);

// Upper bounds, in bytes, from each entity's largest radius over the run (wherever it stands).
double gridSuperViewBytes(const AoiConfig& config, const std::vector<double>& largestRadii);
double towerWatcherBytes(const AoiConfig& config, const std::vector<double>& largestRadii);

// Empty when both fit kAoiRegistrationBudgetBytes; else what would not, on one line ("views need about
// 3295 MiB (grid), 5931 MiB (towers); 1024 MiB a method: ...").
std::string aoiMemoryRefusal(const AoiConfig& config, const std::vector<double>& largestRadii);

// The same check for settings on a world and its script, as the scenario reader makes it and the app
// before every rebuild of its methods (a settings change, the menus): each entity's largest radius over
// the run, the settings resolved as the methods resolve them. Throws InputError for settings
// resolveAoiConfig refuses.
std::string aoiMemoryRefusal(const AoiSettings& settings, double worldWidth, double worldHeight,
                             const std::vector<Entity>& starting, const std::vector<ScriptOp>& script);

}  // namespace aoilab
