#pragma once
// Internal to the navmesh build (navmesh.cpp, navmesh_tile.cpp): one tile of the map through Recast's
// pipeline (heightfield, regions, contours, polygons) into polygons with tile-local neighbours.
#include <cstdint>
#include <string>
#include <vector>

#include "path/grid_map.h"
#include "path/navmesh.h"

namespace aoilab::navmesh_build {

constexpr int kDetourMaxVertsPerPoly = 6;  // DT_VERTS_PER_POLYGON: Detour must accept the same mesh

// Thrown inside the build when one tile has more vertices than Recast can index: the caller tries
// again with smaller tiles.
struct TileTooLarge {
    std::string message;
};

// One tile's polygons before they get global numbers: neighbours are tile-local indices.
struct TileBuild {
    std::vector<NavPolygon> polygons;
    std::vector<std::int32_t> owner;  // per cell of the tile (row-major), local polygon or -1
    RecastMeshData raw;
    bool exact = true;
};

// `stages`, when given, receives the products of the first three stages (navmesh.h NavTileStages).
TileBuild buildTile(const GridMap& map, const NavTile& tile, const NavMeshOptions& options, NavPartition partition,
                    NavTileStages* stages = nullptr);
// Recast drops a free cell whose four neighbours inside its tile are all blocked: each gets its own square.
void addSquares(const GridMap& map, const NavTile& tile, TileBuild& build, bool recastPositiveArea);
// Marks the tile's edges on a border with another tile as Recast marks portals (for Detour's addTile).
void markPortals(const NavTile& tile, int mapWidth, int mapHeight, RecastMeshData& raw);
// The most obstacle outline edges (free/blocked sides inside a tile) of any tile of this size.
int densestTileOutline(const GridMap& map, int tileSize);

}  // namespace aoilab::navmesh_build
