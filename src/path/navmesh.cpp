// The navmesh: building it tile by tile (the steps are in navmesh_tile.cpp), linking the tiles, and the
// queries (the corridor search is navmesh_search.cpp, the funnel navmesh_funnel.cpp).
#include "path/navmesh.h"

#include <Recast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "core/error.h"
#include "path/navmesh_build.h"
#include "path/navmesh_search.h"

namespace aoilab {

using namespace navmesh_build;

const char* navPartitionName(NavPartition partition) {
    switch (partition) {
        case NavPartition::Auto: return "auto";
        case NavPartition::Watershed: return "watershed";
        case NavPartition::Monotone: return "monotone";
    }
    return "?";
}

const char* navStageName(NavStage stage) {
    switch (stage) {
        case NavStage::Walkable: return "walkable";
        case NavStage::Regions: return "regions";
        case NavStage::Contours: return "contours";
        case NavStage::Polygons: return "polygons";
    }
    return "?";
}

std::size_t NavTileStages::bytes() const {
    std::size_t n = walkable.capacity() + region.capacity() * sizeof(std::uint16_t) + contours.capacity() * sizeof(NavContour);
    for (const NavContour& c : contours) n += c.vertices.capacity() * sizeof(Vec2);
    return n;
}

std::size_t navStageBytesNeeded(const GridMap& map) {
    // A contour vertex is a corner of a region's boundary edge: at most four per cell over all contours.
    constexpr std::size_t kPerCell = sizeof(std::uint8_t) + sizeof(std::uint16_t) + 4 * sizeof(Vec2) + sizeof(NavContour);
    return static_cast<std::size_t>(map.cellCount()) * kPerCell;
}

std::size_t NavMesh::stageBytes() const {
    std::size_t n = stages_.capacity() * sizeof(NavTileStages);
    for (const NavTileStages& s : stages_) n += s.bytes();
    return n;
}

NavMeshEstimate estimateNavMeshBytes(const GridMap& map, int tileSize) {
    NavMeshEstimate e;
    const int w = map.width(), h = map.height();
    auto free = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && map.passable(x, y); };
    for (int y = 0; y <= h; ++y)
        for (int x = 0; x <= w; ++x) {
            bool a = free(x - 1, y - 1), b = free(x, y - 1), c = free(x - 1, y), d = free(x, y);
            int n = a + b + c + d;
            if (n == 1 || n == 3 || (n == 2 && a == d)) ++e.corners;
        }
    const int smallest = tileSize == 0 ? std::max(w, h) : std::min(tileSize, kMinNavTileSize);
    e.tiles = static_cast<std::size_t>((w + smallest - 1) / std::max(smallest, 1)) * static_cast<std::size_t>((h + smallest - 1) / std::max(smallest, 1));
    e.polygons = e.corners + 4 * e.tiles;
    constexpr int kVerts = kDetourMaxVertsPerPoly;
    constexpr std::size_t kPerPolygon = sizeof(NavPolygon) + kVerts * (sizeof(Vec2) + sizeof(int) + sizeof(NavLink)) +
                                        2 * kVerts * sizeof(std::uint16_t) + 1 + kVerts * 3 * sizeof(std::uint16_t);
    e.bytes = static_cast<std::size_t>(map.cellCount()) * 2 * sizeof(std::int32_t) + e.polygons * 2 * kPerPolygon +
              e.tiles * 2 * sizeof(NavTile);
    return e;
}

std::string navMeshBudgetRefusal(const GridMap& map, const NavMeshOptions& options) {
    if (options.budgetBytes == 0) return {};
    NavMeshEstimate e = estimateNavMeshBytes(map, options.tileSize);
    if (e.bytes <= options.budgetBytes) return {};
    return "navmesh: the " + std::to_string(map.width()) + " x " + std::to_string(map.height()) + " map (" + std::to_string(e.corners) +
           " obstacle corners) would need about " + std::to_string((e.bytes + (1u << 20) - 1) >> 20) + " MiB, more than the budget of " +
           std::to_string(options.budgetBytes >> 20) + " MiB (docs/LIMITS.md)";
}

NavMesh NavMesh::build(const GridMap& map, const NavMeshOptions& options) {
    auto started = std::chrono::steady_clock::now();
    if (options.maxVertsPerPoly < 3 || options.maxVertsPerPoly > kDetourMaxVertsPerPoly)
        throw InputError("navmesh: maxVertsPerPoly must be in [3, " + std::to_string(kDetourMaxVertsPerPoly) + "]");
    if (options.minRegionArea < 0 || options.mergeRegionArea < 0) throw InputError("navmesh: region areas must be >= 0");
    if (options.tileSize != 0 && options.tileSize < kMinNavTileSize)
        throw InputError("navmesh: tile size must be 0 (one tile) or >= " + std::to_string(kMinNavTileSize) + " (got " +
                         std::to_string(options.tileSize) + ")");
    if (map.width() >= 0xfffe || map.height() >= 0xfffe) throw InputError("navmesh: map too large for Recast");
    if (options.maxOutlinePerTile < 0) throw InputError("navmesh: maxOutlinePerTile must be >= 0");
    if (std::string why = navMeshBudgetRefusal(map, options); !why.empty()) throw InputError(why);
    if (options.recordStages && navStageBytesNeeded(map) > options.stageBudgetBytes)
        throw InputError("navmesh: recording the build steps of a " + std::to_string(map.width()) + " x " + std::to_string(map.height()) +
                         " map would need up to " + std::to_string(navStageBytesNeeded(map) >> 20) + " MiB, more than the " +
                         std::to_string(options.stageBudgetBytes >> 20) + " MiB budget");
    int tileSize = options.tileSize == 0 ? std::max(map.width(), map.height()) : options.tileSize;
    if (options.tileSize != 0 && options.maxOutlinePerTile > 0)
        while (tileSize / 2 >= kMinNavTileSize && densestTileOutline(map, tileSize) > options.maxOutlinePerTile) tileSize /= 2;
    NavMesh mesh;
    for (;;) {
        try {
            mesh = buildTiled(map, options, tileSize);
            break;
        } catch (const TileTooLarge& tooLarge) {
            int smaller = std::min(tileSize, std::max(map.width(), map.height())) / 2;
            if (options.tileSize == 0 || smaller < kMinNavTileSize)
                throw InputError("navmesh: Recast failed in rcBuildPolyMesh (" + tooLarge.message + "); one Recast tile holds at most 65,534 vertices" +
                                 (options.tileSize == 0 ? ": build in tiles (tile size > 0)" : ", even with " + std::to_string(tileSize) + "-cell tiles"));
            tileSize = smaller;
        }
    }
    mesh.buildSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return mesh;
}

NavMesh NavMesh::buildTiled(const GridMap& map, const NavMeshOptions& options, int tileSize) {
    NavMesh mesh;
    mesh.width_ = map.width();
    mesh.height_ = map.height();
    mesh.tileSize_ = tileSize;
    mesh.partition_ = options.partition == NavPartition::Monotone ? NavPartition::Monotone : NavPartition::Watershed;
    mesh.cellPolygon_.assign(static_cast<std::size_t>(map.cellCount()), -1);
    if (map.passableCount() == 0 || tileSize <= 0) return mesh;

    // Tiles in row-major order; each is built (and, in Auto mode, rebuilt with monotone regions when
    // its watershed polygons do not tile its free cells exactly) on its own.
    std::vector<TileBuild> builds;
    const std::size_t tileCount = static_cast<std::size_t>((map.width() + tileSize - 1) / tileSize) *
                                  static_cast<std::size_t>((map.height() + tileSize - 1) / tileSize);
    if (options.progress && !options.progress(0, tileCount)) throw BuildCancelled{};
    for (int row = 0, y = 0; y < map.height(); ++row, y += tileSize) {
        for (int column = 0, x = 0; x < map.width(); ++column, x += tileSize) {
            NavTile tile;
            tile.x = x;
            tile.y = y;
            tile.width = std::min(tileSize, map.width() - x);
            tile.height = std::min(tileSize, map.height() - y);
            tile.column = column;
            tile.row = row;
            tile.partition = options.partition == NavPartition::Auto ? NavPartition::Watershed : options.partition;
            NavTileStages* stages = nullptr;
            if (options.recordStages) stages = &mesh.stages_.emplace_back();
            TileBuild build = buildTile(map, tile, options, tile.partition, stages);
            if (!build.exact && options.partition == NavPartition::Auto) {
                tile.partition = NavPartition::Monotone;
                build = buildTile(map, tile, options, tile.partition, stages);
            }
            if (tile.partition == NavPartition::Monotone) mesh.partition_ = NavPartition::Monotone;
            mesh.tiles_.push_back(tile);
            builds.push_back(std::move(build));
            if (options.progress && !options.progress(builds.size(), tileCount)) throw BuildCancelled{};
        }
    }
    // Detour wants the squares wound like Recast's polygons: take the winding from any Recast polygon.
    bool positive = true;
    for (const TileBuild& build : builds) {
        if (build.raw.polygonCount() == 0) continue;
        const std::uint16_t* p = build.raw.polys.data();
        double twice = 0;
        for (int j = 0; j < build.raw.nvp && p[j] != RC_MESH_NULL_IDX; ++j) {
            int k = (j + 1 < build.raw.nvp && p[j + 1] != RC_MESH_NULL_IDX) ? j + 1 : 0;
            const std::uint16_t* a = &build.raw.verts[static_cast<std::size_t>(p[j]) * 3];
            const std::uint16_t* b = &build.raw.verts[static_cast<std::size_t>(p[k]) * 3];
            twice += double(a[0]) * b[2] - double(b[0]) * a[2];
        }
        positive = twice > 0;
        break;
    }
    double totalArea = 0;
    for (std::size_t t = 0; t < mesh.tiles_.size(); ++t) {
        NavTile& tile = mesh.tiles_[t];
        TileBuild& build = builds[t];
        addSquares(map, tile, build, positive);
        markPortals(tile, map.width(), map.height(), build.raw);
        mesh.exact_ = mesh.exact_ && build.exact;
        tile.firstPolygon = static_cast<int>(mesh.polygons_.size());
        tile.polygonCount = static_cast<int>(build.polygons.size());
        for (NavPolygon& polygon : build.polygons) {
            polygon.tile = static_cast<int>(t);
            for (std::size_t e = 0; e < polygon.neighbours.size(); ++e) {
                int& next = polygon.neighbours[e];
                if (next < 0) continue;
                next += tile.firstPolygon;
                polygon.links.push_back({next, static_cast<int>(e), polygon.vertices[e], polygon.vertices[(e + 1) % polygon.vertices.size()]});
            }
            totalArea += polygon.area;
            mesh.polygons_.push_back(std::move(polygon));
        }
        for (int y = 0; y < tile.height; ++y)
            for (int x = 0; x < tile.width; ++x) {
                std::int32_t local = build.owner[static_cast<std::size_t>(y) * static_cast<std::size_t>(tile.width) + static_cast<std::size_t>(x)];
                if (local >= 0) mesh.cellPolygon_[static_cast<std::size_t>(map.index(tile.x + x, tile.y + y))] = local + tile.firstPolygon;
            }
        tile.recast = std::move(build.raw);
    }
    if (std::fabs(totalArea - map.passableCount()) > 1e-6) mesh.exact_ = false;
    mesh.linkAcrossTiles();
    return mesh;
}

void NavMesh::linkAcrossTiles() {
    if (tiles_.size() < 2) return;
    int columns = 0;
    for (const NavTile& tile : tiles_) columns = std::max(columns, tile.column + 1);
    // An edge lying on a border line: which polygon, which edge, and the interval it covers on the line.
    struct BorderEdge {
        int polygon;
        int edge;
        double lo;
        double hi;
    };
    // Edges of `tile` on the line coordinate[axis] == at (axis 0: x, a vertical line; 1: y).
    auto edgesOn = [this](const NavTile& tile, int axis, double at) {
        std::vector<BorderEdge> edges;
        for (int i = tile.firstPolygon; i < tile.firstPolygon + tile.polygonCount; ++i) {
            const NavPolygon& p = polygons_[static_cast<std::size_t>(i)];
            std::size_t n = p.vertices.size();
            for (std::size_t e = 0; e < n; ++e) {
                Vec2 a = p.vertices[e], b = p.vertices[(e + 1) % n];
                double ca = axis == 0 ? a.x : a.y, cb = axis == 0 ? b.x : b.y;
                if (ca != at || cb != at) continue;
                double ta = axis == 0 ? a.y : a.x, tb = axis == 0 ? b.y : b.x;
                edges.push_back({i, static_cast<int>(e), std::min(ta, tb), std::max(ta, tb)});
            }
        }
        std::sort(edges.begin(), edges.end(), [](const BorderEdge& l, const BorderEdge& r) { return l.lo < r.lo; });
        return edges;
    };
    // The portal on polygon `side.polygon`'s edge, from lo to hi along the line, in the edge's direction.
    auto link = [this](const BorderEdge& side, int other, int axis, double at, double lo, double hi, bool whole) {
        NavPolygon& p = polygons_[static_cast<std::size_t>(side.polygon)];
        Vec2 a = p.vertices[static_cast<std::size_t>(side.edge)];
        Vec2 from = axis == 0 ? Vec2{at, lo} : Vec2{lo, at};
        Vec2 to = axis == 0 ? Vec2{at, hi} : Vec2{hi, at};
        bool forward = axis == 0 ? a.y <= p.vertices[(static_cast<std::size_t>(side.edge) + 1) % p.vertices.size()].y
                                 : a.x <= p.vertices[(static_cast<std::size_t>(side.edge) + 1) % p.vertices.size()].x;
        if (!forward) std::swap(from, to);
        p.links.push_back({other, side.edge, from, to});
        if (whole) p.neighbours[static_cast<std::size_t>(side.edge)] = other;
    };
    for (std::size_t t = 0; t < tiles_.size(); ++t) {
        const NavTile& tile = tiles_[t];
        // The tile to the right (shared vertical line) and the one below (shared horizontal line).
        for (int axis = 0; axis < 2; ++axis) {
            bool hasNext = axis == 0 ? tile.x + tile.width < width_ : tile.y + tile.height < height_;
            if (!hasNext) continue;
            const NavTile& next = tiles_[t + (axis == 0 ? 1 : static_cast<std::size_t>(columns))];
            double at = axis == 0 ? tile.x + tile.width : tile.y + tile.height;
            std::vector<BorderEdge> mine = edgesOn(tile, axis, at);
            std::vector<BorderEdge> theirs = edgesOn(next, axis, at);
            // Both lists are sorted and, on each side, the edges do not overlap: a merge walk.
            std::size_t j = 0;
            for (const BorderEdge& m : mine) {
                while (j < theirs.size() && theirs[j].hi <= m.lo) ++j;
                for (std::size_t k = j; k < theirs.size() && theirs[k].lo < m.hi; ++k) {
                    double lo = std::max(m.lo, theirs[k].lo), hi = std::min(m.hi, theirs[k].hi);
                    if (hi <= lo) continue;
                    bool whole = m.lo == theirs[k].lo && m.hi == theirs[k].hi;
                    link(m, theirs[k].polygon, axis, at, lo, hi, whole);
                    link(theirs[k], m.polygon, axis, at, lo, hi, whole);
                }
            }
        }
    }
}

int NavMesh::monotoneTiles() const {
    int count = 0;
    for (const NavTile& tile : tiles_) count += tile.partition == NavPartition::Monotone ? 1 : 0;
    return count;
}

std::size_t NavMesh::edgeCount() const {
    std::size_t twice = 0;
    for (const NavPolygon& p : polygons_) twice += p.links.size();
    return twice / 2;
}

int NavMesh::polygonOfCell(int x, int y) const {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return -1;
    return cellPolygon_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
}

int NavMesh::polygonAt(Vec2 p) const {
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) return -1;
    return polygonOfCell(static_cast<int>(std::floor(p.x)), static_cast<int>(std::floor(p.y)));
}

std::vector<EntityId> NavMesh::entitiesInPolygonOf(Vec2 position, const std::vector<PositionedEntity>& entities) const {
    std::vector<EntityId> result;
    const int polygon = polygonAt(position);
    if (polygon < 0) return result;
    for (const PositionedEntity& entity : entities)
        if (polygonAt(entity.position) == polygon) result.push_back(entity.id);
    return result;
}

std::vector<int> NavMesh::findCorridor(Vec2 start, Vec2 goal, std::size_t* expanded) const {
    NavMeshSearch search(*this);
    search.start(start, goal);
    search.runToEnd();
    if (expanded) *expanded = search.expanded();
    return search.corridor();
}

NavPath NavMesh::findPath(Vec2 start, Vec2 goal) const {
    NavMeshSearch search(*this);
    search.start(start, goal);
    return search.run();
}

std::size_t NavMesh::memoryBytes() const {
    std::size_t bytes = cellPolygon_.capacity() * sizeof(std::int32_t) + polygons_.capacity() * sizeof(NavPolygon);
    for (const NavPolygon& p : polygons_)
        bytes += p.vertices.capacity() * sizeof(Vec2) + p.neighbours.capacity() * sizeof(int) + p.links.capacity() * sizeof(NavLink);
    for (const NavTile& t : tiles_)
        bytes += sizeof(NavTile) + t.recast.verts.capacity() * 2 + t.recast.polys.capacity() * 2 + t.recast.areas.capacity();
    return bytes;
}

}  // namespace aoilab
