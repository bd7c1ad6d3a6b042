#pragma once
// Navigation mesh over a GridMap: Recast turns the passable cells into convex polygons (settings from
// Recast settings: cell size 1, agent radius 0, no ledge filter, exact contours, at most 6 vertices per
// polygon, watershed regions), so every polygon vertex is a grid point and the polygons cover the
// free cells exactly. One Recast tile holds fewer than 65,535 vertices, so large maps are built in
// square tiles (128 cells by default), each its own Recast polygon mesh with a border of 0: polygons
// end exactly on tile borders. Inside a tile polygons are adjacent when they share an edge; across a
// tile border two polygons are adjacent when their edges on that border overlap, and the portal is
// the overlapping part (the two tiles' vertices along a border need not match).
// A path is found in two stages: A* over polygons (each polygon entered at the middle of the portal,
// like Detour; see navmesh_search.h for the step-by-step version), then the funnel algorithm pulls
// the string tight through the portals to get the straight path.
// Coordinates are map units: cell (x, y) spans [x, x+1] x [y, y+1], x right, y down.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/build_progress.h"
#include "core/limits.h"
#include "path/grid_map.h"
#include "path/positioned_entity.h"

namespace aoilab {

// One neighbour of a polygon and the portal to it: the part of the polygon's edge `edge` that the
// neighbour shares, in the edge's direction (the whole edge inside a tile).
struct NavLink {
    int polygon = -1;
    int edge = 0;
    Vec2 a;
    Vec2 b;
};

struct NavPolygon {
    std::vector<Vec2> vertices;   // convex, oriented so the shoelace area is positive in (x, y)
    // Across edge i (vertices[i] -> vertices[i+1]) when the neighbour has exactly the same edge (always
    // so inside a tile); -1 = wall, or a tile-border edge that only partly overlaps its neighbours.
    std::vector<int> neighbours;
    std::vector<NavLink> links;   // every neighbour with its portal, whole edges and partial ones alike
    int tile = 0;                 // index into NavMesh::tiles()
    Vec2 centroid;
    double area = 0;
};

// How Recast splits the free cells into regions before making polygons. Watershed gives the nicest
// polygons, but Recast 1.5.1 cannot triangulate a region that wraps around an obstacle (a hole): it
// drops or overlaps triangles. Auto therefore uses watershed, checks tile by tile that the polygons
// tile the free cells exactly, and rebuilds a tile with monotone regions (which never have holes)
// when they do not.
enum class NavPartition { Auto, Watershed, Monotone };

// Memory budgets (docs/LIMITS.md): the build (estimateNavMeshBytes) and its stage records
// (navStageBytesNeeded), both checked before the work.
constexpr std::size_t kNavMeshBudgetBytes = (std::size_t{1} << 30) / kMemoryBudgetDivisor;
constexpr std::size_t kNavStageBudgetBytes = (std::size_t{128} << 20) / kMemoryBudgetDivisor;

struct NavMeshOptions {
    NavPartition partition = NavPartition::Auto;
    int minRegionArea = 0;    // cells; 0 keeps every free cell (larger values drop small islands)
    int mergeRegionArea = 20; // cells; regions smaller than this merge into neighbours
    int maxVertsPerPoly = 6;
    // Cells per tile side; 0 = the whole map in one tile. A tile that still has too many vertices for
    // Recast makes the build start again with half the tile size (down to kMinNavTileSize).
    int tileSize = 128;
    // Adaptive tiles: halve the tile size while some tile holds more than this many obstacle outline
    // edges (sides between a free and a blocked cell of the tile); 0 = keep tileSize. Recast's polygon
    // merging grows about with the cube of a region's outline: on a shared 2-core machine
    // random512-10-0 took about 4 s with 32-cell tiles, 27 s with 64 and 11 minutes with 128.
    int maxOutlinePerTile = 1024;
    // The build's memory budget, checked before the work against estimateNavMeshBytes (InputError with
    // the size it would need); 0 = no budget.
    std::size_t budgetBytes = kNavMeshBudgetBytes;
    // Keep each tile's stage products (NavMesh::stages()); refused with InputError, before the work,
    // when navStageBytesNeeded(map) is above stageBudgetBytes.
    bool recordStages = false;
    std::size_t stageBudgetBytes = kNavStageBudgetBytes;
    // Called after each tile with (tiles done, tiles in all); returning false cancels the build
    // (NavMesh::build then throws BuildCancelled). A restart with smaller tiles starts the count again.
    BuildProgress progress;
};

constexpr int kMinNavTileSize = 16;

// The build's peak memory, estimated before the work from the map in one pass: per cell the polygon
// index and the tile builds' owners (8 bytes); polygons, at most about one per obstacle outline corner
// (a grid point where free and blocked cells meet at a corner) and four per tile (at the smallest tile
// size the build may halve to), each with six vertices, neighbours and portals, held twice at the peak
// (the tile builds, then the mesh). kNavMeshBudgetBytes: docs/LIMITS.md.
struct NavMeshEstimate {
    std::size_t bytes = 0;
    std::size_t corners = 0;   // obstacle outline corners (the map's edge counts as blocked)
    std::size_t tiles = 0;     // tiles at the smallest size the build may use
    std::size_t polygons = 0;  // the polygons the estimate allows for
};
NavMeshEstimate estimateNavMeshBytes(const GridMap& map, int tileSize);
// "" when the build fits options.budgetBytes (or it is 0), else the refusal NavMesh::build throws: the
// map's size, its corners, the MiB it would need and the budget (no file name: callers add it).
std::string navMeshBudgetRefusal(const GridMap& map, const NavMeshOptions& options);

// Recast's stages for one tile, as the maps workbench's timeline shows them: the walkable cells after
// rasterising (the compact heightfield), the region of each cell after the partition, the contours
// (one outline per region), then the tile's polygons (the mesh's own, NavTile::firstPolygon...).
enum class NavStage { Walkable, Regions, Contours, Polygons };
constexpr int kNavStages = 4;
const char* navStageName(NavStage stage);

struct NavContour {
    int region = 0;              // Recast's region id
    std::vector<Vec2> vertices;  // closed outline, map units
};

// The products of one tile's first three stages (recorded with NavMeshOptions::recordStages; the tile
// rebuilt with monotone regions records the rebuild's).
struct NavTileStages {
    std::vector<std::uint8_t> walkable;  // per tile cell, row-major: 1 when it holds a walkable span
    std::vector<std::uint16_t> region;   // per tile cell: Recast's region id, 0 for none
    int regionCount = 0;                 // distinct region ids above 0
    std::vector<NavContour> contours;
    std::size_t bytes() const;
};

// The stage records' memory, bounded before the build from the map's size (per cell: the walkable flag
// and the region id, at most four contour vertices, at most one contour), so the build can refuse to
// record them: kNavStageBudgetBytes (docs/LIMITS.md).
std::size_t navStageBytesNeeded(const GridMap& map);

// A funnel portal: the shared edge, with `left` and `right` seen from the polygon it leaves.
struct NavPortal {
    Vec2 left;
    Vec2 right;
};

struct NavPath {
    bool found = false;
    std::vector<int> polygons;  // the corridor, start polygon first
    std::vector<Vec2> points;   // straight path (start, corners, goal)
    double length = 0;
    std::size_t polygonsExpanded = 0;  // A* work
};

// The raw Recast polygon mesh of one tile, kept so Detour can be built over exactly the same polygons.
// Vertices are tile-local voxels; an edge on a tile border with another tile behind it is marked as
// Recast marks portals (0x8000 | side: 0 x-, 1 z+, 2 x+, 3 z-), so Detour links the tiles itself.
struct RecastMeshData {
    std::vector<std::uint16_t> verts;  // (x, y, z) per vertex, in voxels
    std::vector<std::uint16_t> polys;  // 2 * nvp per polygon: vertex indices, then neighbours
    std::vector<std::uint8_t> areas;
    int nvp = 6;
    float bmin[3] = {0, 0, 0};
    float bmax[3] = {0, 0, 0};
    float cs = 1;
    float ch = 1;
    int vertexCount() const { return static_cast<int>(verts.size() / 3); }
    int polygonCount() const { return nvp > 0 ? static_cast<int>(polys.size() / (2 * static_cast<std::size_t>(nvp))) : 0; }
};

// One Recast tile: cells [x, x+width) x [y, y+height), at (column, row) of the tile grid.
struct NavTile {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    int column = 0;
    int row = 0;
    int firstPolygon = 0;  // the tile's polygons are NavMesh::polygons()[firstPolygon, firstPolygon + count)
    int polygonCount = 0;
    NavPartition partition = NavPartition::Watershed;  // the one actually used for this tile
    RecastMeshData recast;  // polygon k of the tile is polygon firstPolygon + k of the mesh
};

class NavMesh {
public:
    // Throws InputError when Recast fails (the message says which stage) or options are out of range;
    // BuildCancelled when options.progress returns false.
    static NavMesh build(const GridMap& map, const NavMeshOptions& options = {});

    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<NavPolygon>& polygons() const { return polygons_; }
    std::size_t edgeCount() const;  // links between polygons (each pair counted once)
    const std::vector<NavTile>& tiles() const { return tiles_; }
    int tileSize() const { return tileSize_; }  // the side actually used (after any halving)
    // The polygon holding the point (the one holding its cell's centre; of two sharing a diagonal edge
    // through that centre, the one Recast gave the cell), -1 on blocked ground or outside.
    int polygonAt(Vec2 p) const;
    int polygonOfCell(int x, int y) const;
    // Ids of the entities (in their order) standing in the same polygon as `position` (polygonAt);
    // empty when the position is on blocked ground or outside the map.
    std::vector<EntityId> entitiesInPolygonOf(Vec2 position, const std::vector<PositionedEntity>& entities) const;

    // A* over polygons from the point `start` (in polygon `from`) to `goal` (in polygon `to`).
    std::vector<int> findCorridor(Vec2 start, Vec2 goal, std::size_t* expanded = nullptr) const;
    // The portals along a corridor, oriented for the funnel.
    std::vector<NavPortal> portals(const std::vector<int>& corridor) const;
    NavPath findPath(Vec2 start, Vec2 goal) const;

    // The partition actually used (Monotone when any tile fell back to it), and whether the polygons tile the free cells exactly (total area =
    // free cells, every free cell owned, no blocked cell inside a polygon).
    NavPartition partition() const { return partition_; }
    bool exactTiling() const { return exact_; }
    double buildSeconds() const { return buildSeconds_; }
    std::size_t memoryBytes() const;  // the mesh, without the stage records
    int monotoneTiles() const;
    // One record per tile (in tiles() order) when the build recorded its stages, else empty.
    const std::vector<NavTileStages>& stages() const { return stages_; }
    std::size_t stageBytes() const;  // tiles built with monotone regions

private:
    int width_ = 0;
    int height_ = 0;
    std::vector<NavPolygon> polygons_;
    std::vector<std::int32_t> cellPolygon_;  // row-major, -1 for blocked cells
    std::vector<NavTile> tiles_;
    int tileSize_ = 0;
    NavPartition partition_ = NavPartition::Watershed;
    bool exact_ = true;
    double buildSeconds_ = 0;
    std::vector<NavTileStages> stages_;

    static NavMesh buildTiled(const GridMap& map, const NavMeshOptions& options, int tileSize);
    void linkAcrossTiles();
};

// The funnel (string-pulling) algorithm: the shortest path from start to goal through the portals,
// in order. Returns start, the portal end points where the path bends, and goal (only start when
// start == goal and there are no portals).
std::vector<Vec2> funnelPath(Vec2 start, Vec2 goal, const std::vector<NavPortal>& portals);
// The path through the middle of every portal (start, midpoints, goal): what a naive navmesh follower
// walks, and the reason the funnel exists (it cuts the corners this path zigzags around).
std::vector<Vec2> portalMidpointPath(Vec2 start, Vec2 goal, const std::vector<NavPortal>& portals);

const char* navPartitionName(NavPartition partition);

}  // namespace aoilab
