#pragma once
// Detour over the same polygons as a NavMesh: a second, independent path finder used to check the
// navmesh's connectivity (dtNavMeshQuery::findPath / findStraightPath). Detour's lengths are not
// optimal (polygon A* over edge midpoints), so compare reachability, not lengths. Detour gets one
// tile per Recast tile (dtNavMesh::init with dtNavMeshParams) and links the tiles itself from the
// portal marks on their border edges, independently of NavMesh's own cross-tile links.
#include <memory>
#include <vector>

#include "core/geometry.h"
#include "path/navmesh.h"

namespace aoilab {

struct DetourPath {
    bool complete = false;       // the corridor reaches the goal's polygon
    std::vector<int> polygons;   // polygon indices (same numbering as NavMesh::polygons())
    std::vector<Vec2> points;    // findStraightPath result, map coordinates
};

class DetourNavigator {
public:
    // Throws InputError when Detour cannot take the mesh. The NavMesh must outlive the navigator.
    explicit DetourNavigator(const NavMesh& mesh);
    ~DetourNavigator();
    DetourNavigator(const DetourNavigator&) = delete;
    DetourNavigator& operator=(const DetourNavigator&) = delete;

    // Start and goal must lie in polygons (NavMesh::polygonAt); otherwise the result is not complete.
    DetourPath findPath(Vec2 start, Vec2 goal) const;

private:
    struct Impl;
    const NavMesh& mesh_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace aoilab
