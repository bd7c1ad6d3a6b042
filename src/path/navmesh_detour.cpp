#include "path/navmesh_detour.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>
#include <DetourStatus.h>

#include <algorithm>
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
    std::vector<dtPolyRef> base;       // per NavMesh tile: Detour's reference of its polygon 0 (0 = no tile)
    std::vector<int> tileOfDetourTile;  // Detour's tile index -> NavMesh tile
    float height = 1;  // every polygon lies in one plane

    ~Impl() {
        dtFreeNavMeshQuery(query);
        dtFreeNavMesh(navMesh);
    }
};

DetourNavigator::DetourNavigator(const NavMesh& mesh) : mesh_(mesh), impl_(std::make_unique<Impl>()) {
    const std::vector<NavTile>& tiles = mesh.tiles();
    impl_->base.assign(tiles.size(), 0);
    int maxPolys = 0;
    for (const NavTile& tile : tiles) maxPolys = std::max(maxPolys, tile.recast.polygonCount());
    if (maxPolys == 0) return;  // nothing walkable: every query is incomplete
    dtNavMeshParams meshParams{};
    meshParams.orig[0] = 0;
    meshParams.orig[1] = tiles.front().recast.bmin[1];
    meshParams.orig[2] = 0;
    meshParams.tileWidth = static_cast<float>(mesh.tileSize());
    meshParams.tileHeight = static_cast<float>(mesh.tileSize());
    meshParams.maxTiles = static_cast<int>(tiles.size());
    meshParams.maxPolys = maxPolys;
    impl_->navMesh = dtAllocNavMesh();
    if (!impl_->navMesh || dtStatusFailed(impl_->navMesh->init(&meshParams)))
        throw InputError("navmesh: Detour navmesh init failed (" + std::to_string(tiles.size()) + " tiles, up to " +
                         std::to_string(maxPolys) + " polygons per tile: too many for 32-bit polygon references)");
    for (std::size_t t = 0; t < tiles.size(); ++t) {
        const NavTile& tile = tiles[t];
        const RecastMeshData& raw = tile.recast;
        if (raw.polygonCount() == 0) continue;
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
        params.tileX = tile.column;
        params.tileY = tile.row;
        for (int i = 0; i < 3; ++i) {
            params.bmin[i] = raw.bmin[i];
            params.bmax[i] = raw.bmax[i];
        }
        params.cs = raw.cs;
        params.ch = raw.ch;
        params.buildBvTree = true;
        unsigned char* data = nullptr;
        int size = 0;
        if (!dtCreateNavMeshData(&params, &data, &size))
            throw InputError("navmesh: Detour could not take the polygons of tile " + std::to_string(t));
        dtTileRef tileRef = 0;
        if (dtStatusFailed(impl_->navMesh->addTile(data, size, DT_TILE_FREE_DATA, 0, &tileRef))) {
            dtFree(data);
            throw InputError("navmesh: Detour could not add tile " + std::to_string(t));
        }
        const dtNavMesh* constMesh = impl_->navMesh;  // the public getTileByRef is the const one
        impl_->base[t] = constMesh->getPolyRefBase(constMesh->getTileByRef(tileRef));
        auto detourTile = static_cast<std::size_t>(impl_->navMesh->decodePolyIdTile(impl_->base[t]));
        if (impl_->tileOfDetourTile.size() <= detourTile) impl_->tileOfDetourTile.resize(detourTile + 1, -1);
        impl_->tileOfDetourTile[detourTile] = static_cast<int>(t);
        impl_->height = raw.bmin[1] + (raw.verts.empty() ? 1 : raw.verts[1]) * raw.ch;
    }
    impl_->query = dtAllocNavMeshQuery();
    if (!impl_->query || dtStatusFailed(impl_->query->init(impl_->navMesh, kMaxQueryNodes)))
        throw InputError("navmesh: Detour query init failed");
}

DetourNavigator::~DetourNavigator() = default;

DetourPath DetourNavigator::findPath(Vec2 start, Vec2 goal) const {
    DetourPath result;
    int from = mesh_.polygonAt(start);
    int to = mesh_.polygonAt(goal);
    if (!impl_->query || from < 0 || to < 0) return result;
    float startPos[3] = {static_cast<float>(start.x), impl_->height, static_cast<float>(start.y)};
    float goalPos[3] = {static_cast<float>(goal.x), impl_->height, static_cast<float>(goal.y)};
    auto toRef = [this](int polygon) {
        const NavTile& tile = mesh_.tiles()[static_cast<std::size_t>(mesh_.polygons()[static_cast<std::size_t>(polygon)].tile)];
        return impl_->base[static_cast<std::size_t>(mesh_.polygons()[static_cast<std::size_t>(polygon)].tile)] |
               static_cast<dtPolyRef>(polygon - tile.firstPolygon);
    };
    dtPolyRef startRef = toRef(from);
    dtPolyRef goalRef = toRef(to);
    std::vector<dtPolyRef> corridor(kMaxCorridor);
    int count = 0;
    dtStatus status = impl_->query->findPath(startRef, goalRef, startPos, goalPos, &impl_->filter, corridor.data(),
                                             &count, kMaxCorridor);
    if (dtStatusFailed(status) || count == 0) return result;
    for (int i = 0; i < count; ++i) {
        dtPolyRef ref = corridor[static_cast<std::size_t>(i)];
        int tile = impl_->tileOfDetourTile.at(static_cast<std::size_t>(impl_->navMesh->decodePolyIdTile(ref)));
        int local = static_cast<int>(impl_->navMesh->decodePolyIdPoly(ref));
        result.polygons.push_back(mesh_.tiles()[static_cast<std::size_t>(tile)].firstPolygon + local);
    }
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
