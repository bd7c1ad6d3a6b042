#pragma once
// The maps workbench's build: from one map, a step and a seed, the waypoints (with the flood's history,
// from which the waypoints timeline reads any step), the quadtree regions (with the split quadtree at its end
// when the regions view wants it) and the lookup table of the waypoint graph. Without ImGui and without
// the workbench's state, so it runs on the app's thread for small maps and on a worker for large ones
// (it then uses only its input: the map is a shared copy that the split keeps alive).
// The navmesh has its own background build (MapsState::buildNavmesh).
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "path/grid_map.h"
#include "path/lookup_table.h"
#include "path/regions.h"
#include "path/waypoints.h"

namespace aoilab::app {

struct MapsBuildInput {
    std::shared_ptr<const GridMap> map;
    // The flood's seed: the user's cell while it is free, else the CLI's default (the first free cell of
    // the largest free area, a pass over the whole map, so it is found here too).
    std::optional<GridPoint> userSeed;
    double step = 2;
    bool keepSplit = false;  // keep the split quadtree at its end (the regions view's timeline)
    std::size_t tableBudgetBytes = 0;
};

struct MapsBuilt {
    std::shared_ptr<const GridMap> map;  // what the split reads
    GridPoint seed{-1, -1};  // the seed used ({-1, -1}: nothing is free, no waypoints)
    double step = 2;
    WaypointGraph waypoints;
    WaypointFloodHistory floodHistory;  // empty when the flood failed or had no seed
    RegionMap regions;
    std::unique_ptr<RegionSplitter> split;  // at its end, when keepSplit
    double regionsSeconds = 0;
    std::unique_ptr<LookupTable> table;  // null past its budget
    std::string error;                   // the first build that failed, with why
};

// The build's stages, in order, for its progress window.
enum class MapsBuildPhase { Waypoints, Regions, Links, Table };
const char* mapsBuildPhaseName(MapsBuildPhase phase);  // "waypoints", "regions", "links", "table"

// Progress: the stage, and the work done of all in that stage's units (points taken of about as many
// as fit the free cells, splits, cells linked, table rows). Returning false stops the build with
// BuildCancelled.
using MapsBuildProgress = std::function<bool(MapsBuildPhase phase, std::size_t done, std::size_t total)>;

// The waypoint graph's tables: V^2 pairs of a next hop and a cost.
std::size_t lookupTableBytes(std::size_t vertices);

MapsBuilt buildMapsRepresentations(const MapsBuildInput& input, const MapsBuildProgress& progress = {});

}  // namespace aoilab::app
