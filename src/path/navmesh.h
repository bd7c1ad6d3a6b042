#pragma once
// Navigation mesh over a GridMap: Recast turns the passable cells into convex polygons (settings from
// STACK-NOTES: cell size 1, agent radius 0, no ledge filter, exact contours, at most 6 vertices per
// polygon, watershed regions), so every polygon vertex is a grid point and the polygons cover the
// free cells exactly. Polygons are adjacent when they share an edge. A path is found in two stages:
// A* over polygons (each polygon entered at the middle of the shared edge, like Detour), then the
// funnel algorithm pulls the string tight through the shared edges to get the straight path.
// Coordinates are map units: cell (x, y) spans [x, x+1] x [y, y+1], x right, y down.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/geometry.h"
#include "path/grid_map.h"

namespace aoilab {

struct NavPolygon {
    std::vector<Vec2> vertices;   // convex, oriented so the shoelace area is positive in (x, y)
    std::vector<int> neighbours;  // across edge i (vertices[i] -> vertices[i+1]); -1 = wall
    Vec2 centroid;
    double area = 0;
};

// How Recast splits the free cells into regions before making polygons. Watershed gives the nicest
// polygons, but Recast 1.5.1 cannot triangulate a region that wraps around an obstacle (a hole): it
// drops or overlaps triangles. Auto therefore uses watershed, checks that the polygons tile the free
// cells exactly, and rebuilds with monotone regions (which never have holes) when they do not.
enum class NavPartition { Auto, Watershed, Monotone };

struct NavMeshOptions {
    NavPartition partition = NavPartition::Auto;
    int minRegionArea = 0;    // cells; 0 keeps every free cell (larger values drop small islands)
    int mergeRegionArea = 20; // cells; regions smaller than this merge into neighbours
    int maxVertsPerPoly = 6;
};

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

// The raw Recast polygon mesh, kept so Detour can be built over exactly the same polygons.
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

class NavMesh {
public:
    // Throws InputError when Recast fails (the message says which stage) or options are out of range.
    static NavMesh build(const GridMap& map, const NavMeshOptions& options = {});

    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<NavPolygon>& polygons() const { return polygons_; }
    std::size_t edgeCount() const;  // shared edges (each counted once)
    // The polygon holding the point (the one holding its cell's centre), -1 on blocked ground or outside.
    int polygonAt(Vec2 p) const;
    int polygonOfCell(int x, int y) const;

    // A* over polygons from the point `start` (in polygon `from`) to `goal` (in polygon `to`).
    std::vector<int> findCorridor(Vec2 start, Vec2 goal, std::size_t* expanded = nullptr) const;
    // The shared edges along a corridor, oriented for the funnel.
    std::vector<NavPortal> portals(const std::vector<int>& corridor) const;
    NavPath findPath(Vec2 start, Vec2 goal) const;

    // The partition actually used, and whether the polygons tile the free cells exactly (total area =
    // free cells, every free cell owned, no blocked cell inside a polygon).
    NavPartition partition() const { return partition_; }
    bool exactTiling() const { return exact_; }
    double buildSeconds() const { return buildSeconds_; }
    std::size_t memoryBytes() const;
    const RecastMeshData& recastData() const { return recast_; }

private:
    int width_ = 0;
    int height_ = 0;
    std::vector<NavPolygon> polygons_;
    std::vector<std::int32_t> cellPolygon_;  // row-major, -1 for blocked cells
    RecastMeshData recast_;
    NavPartition partition_ = NavPartition::Watershed;
    bool exact_ = true;
    double buildSeconds_ = 0;

    void addSquare(int x, int y);  // a lone free cell Recast left out
    bool recastPositiveArea_ = true;  // shoelace sign of Recast's polygons in (x, z), copied by addSquare
    static NavMesh buildOnce(const GridMap& map, const NavMeshOptions& options, NavPartition partition);
};

// The funnel (string-pulling) algorithm: the shortest path from start to goal through the portals,
// in order. Returns start, the portal end points where the path bends, and goal (only start when
// start == goal and there are no portals).
std::vector<Vec2> funnelPath(Vec2 start, Vec2 goal, const std::vector<NavPortal>& portals);

const char* navPartitionName(NavPartition partition);

}  // namespace aoilab
