#include "path/navmesh_detour.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>
#include <DetourStatus.h>

#include <string>

#include "core/error.h"

namespace aoilab {

namespace {
constexpr int kMaxCorridor = 65536;
constexpr int kMaxQueryNodes = 65535;  // Detour's node pool limit
}  // namespace

struct DetourNavigator::Impl {
    dtNavMesh* navMesh = nullptr;
    dtNavMeshQuery* query = nullptr;
    dtQueryFilter filter;
    dtPolyRef base = 0;
    float height = 0;  // every polygon lies in one plane

    ~Impl() {
        dtFreeNavMeshQuery(query);
        dtFreeNavMesh(navMesh);
    }
};

DetourNavigator::DetourNavigator(const NavMesh& mesh) : mesh_(mesh), impl_(std::make_unique<Impl>()) {
    const RecastMeshData& raw = mesh.recastData();
    if (raw.polygonCount() == 0) return;  // nothing walkable: every query is incomplete
    std::vector<unsigned short> flags(static_cast<std::size_t>(raw.polygonCount()), 1);
    dtNavMeshCreateParams params{};
    params.verts = raw.verts.data();
    params.vertCount = raw.vertexCount();
    params.polys = raw.polys.data();
    params.polyAreas = raw.areas.data();
    params.polyFlags = flags.data();
    params.polyCount = raw.polygonCount();
    params.nvp = raw.nvp;
    // No detail mesh: Detour then triangulates each polygon itself (the ground is flat).
    params.walkableHeight = 2;
    params.walkableRadius = 0;
    params.walkableClimb = 1;
    for (int i = 0; i < 3; ++i) {
        params.bmin[i] = raw.bmin[i];
        params.bmax[i] = raw.bmax[i];
    }
    params.cs = raw.cs;
    params.ch = raw.ch;
    params.buildBvTree = true;
    unsigned char* data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&params, &data, &size)) throw InputError("navmesh: Detour could not take the polygons");
    impl_->navMesh = dtAllocNavMesh();
    if (!impl_->navMesh || dtStatusFailed(impl_->navMesh->init(data, size, DT_TILE_FREE_DATA))) {
        dtFree(data);
        throw InputError("navmesh: Detour navmesh init failed");
    }
    impl_->query = dtAllocNavMeshQuery();
    if (!impl_->query || dtStatusFailed(impl_->query->init(impl_->navMesh, kMaxQueryNodes)))
        throw InputError("navmesh: Detour query init failed");
    const dtNavMesh* constMesh = impl_->navMesh;  // the public getTile is the const one
    impl_->base = constMesh->getPolyRefBase(constMesh->getTile(0));
    impl_->height = raw.bmin[1] + raw.verts[1] * raw.ch;
}

DetourNavigator::~DetourNavigator() = default;

DetourPath DetourNavigator::findPath(Vec2 start, Vec2 goal) const {
    DetourPath result;
    int from = mesh_.polygonAt(start);
    int to = mesh_.polygonAt(goal);
    if (!impl_->query || from < 0 || to < 0) return result;
    float startPos[3] = {static_cast<float>(start.x), impl_->height, static_cast<float>(start.y)};
    float goalPos[3] = {static_cast<float>(goal.x), impl_->height, static_cast<float>(goal.y)};
    dtPolyRef startRef = impl_->base | static_cast<dtPolyRef>(from);
    dtPolyRef goalRef = impl_->base | static_cast<dtPolyRef>(to);
    std::vector<dtPolyRef> corridor(kMaxCorridor);
    int count = 0;
    dtStatus status = impl_->query->findPath(startRef, goalRef, startPos, goalPos, &impl_->filter, corridor.data(),
                                             &count, kMaxCorridor);
    if (dtStatusFailed(status) || count == 0) return result;
    for (int i = 0; i < count; ++i) result.polygons.push_back(static_cast<int>(corridor[static_cast<std::size_t>(i)] & ~impl_->base));
    result.complete = corridor[static_cast<std::size_t>(count - 1)] == goalRef && !dtStatusDetail(status, DT_PARTIAL_RESULT);
    std::vector<float> points(static_cast<std::size_t>(kMaxCorridor) * 3);
    int pointCount = 0;
    status = impl_->query->findStraightPath(startPos, goalPos, corridor.data(), count, points.data(), nullptr, nullptr,
                                            &pointCount, kMaxCorridor);
    if (dtStatusSucceed(status))
        for (int i = 0; i < pointCount; ++i)
            result.points.push_back({points[static_cast<std::size_t>(i) * 3], points[static_cast<std::size_t>(i) * 3 + 2]});
    return result;
}

}  // namespace aoilab
