#include "path/navmesh.h"

#include <Recast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "core/error.h"
#include "path/navmesh_search.h"

namespace aoilab {

namespace {

constexpr int kDetourMaxVertsPerPoly = 6;  // DT_VERTS_PER_POLYGON: Detour must accept the same mesh

struct HeightfieldDeleter {
    void operator()(rcHeightfield* p) const { rcFreeHeightField(p); }
};
struct CompactDeleter {
    void operator()(rcCompactHeightfield* p) const { rcFreeCompactHeightfield(p); }
};
struct ContourDeleter {
    void operator()(rcContourSet* p) const { rcFreeContourSet(p); }
};
struct PolyMeshDeleter {
    void operator()(rcPolyMesh* p) const { rcFreePolyMesh(p); }
};

// Keeps Recast's last error message, so a failure can say why (e.g. "Too many vertices").
class CapturingContext : public rcContext {
public:
    CapturingContext() : rcContext(true) { enableTimer(false); }
    std::string lastError;

protected:
    void doLog(const rcLogCategory category, const char* message, const int length) override {
        if (category == RC_LOG_ERROR) lastError.assign(message, static_cast<std::size_t>(length));
    }
};

void require(bool ok, const char* stage, const CapturingContext& context) {
    if (ok) return;
    std::string message = std::string("navmesh: Recast failed in ") + stage;
    if (!context.lastError.empty()) message += " (" + context.lastError + ")";
    if (context.lastError.find("Too many vertices") != std::string::npos)
        message += "; one Recast tile holds at most 65,534 vertices: this map has too many obstacle outlines";
    throw InputError(message);
}

double cross(Vec2 o, Vec2 a, Vec2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Twice the signed area of (a, b, c), with the sign the funnel uses: portals are oriented so that
// triangleArea2(inside point, left, right) > 0, and the funnel stays open while that holds.
double triangleArea2(Vec2 a, Vec2 b, Vec2 c) { return (c.x - a.x) * (b.y - a.y) - (b.x - a.x) * (c.y - a.y); }


bool insideConvex(const NavPolygon& polygon, Vec2 p) {
    std::size_t n = polygon.vertices.size();
    for (std::size_t i = 0; i < n; ++i)
        if (cross(polygon.vertices[i], polygon.vertices[(i + 1) % n], p) < 0) return false;
    return true;
}

bool passableInTile(const GridMap& map, const NavTile& tile, int x, int y) {
    return x >= tile.x && y >= tile.y && x < tile.x + tile.width && y < tile.y + tile.height && map.passable(x, y);
}

}  // namespace

const char* navPartitionName(NavPartition partition) {
    switch (partition) {
        case NavPartition::Auto: return "auto";
        case NavPartition::Watershed: return "watershed";
        case NavPartition::Monotone: return "monotone";
    }
    return "?";
}

namespace {

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

TileBuild buildTile(const GridMap& map, const NavTile& tile, const NavMeshOptions& options, NavPartition partition) {
    TileBuild out;
    const int w = tile.width;
    const int h = tile.height;
    out.owner.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), -1);
    out.raw.nvp = options.maxVertsPerPoly;
    out.raw.bmin[0] = static_cast<float>(tile.x);
    out.raw.bmin[1] = -1.0f;
    out.raw.bmin[2] = static_cast<float>(tile.y);
    out.raw.bmax[0] = static_cast<float>(tile.x + w);
    out.raw.bmax[1] = 3.0f;
    out.raw.bmax[2] = static_cast<float>(tile.y + h);
    // Grid corners of the tile as vertices; two triangles per free cell, blocked cells left as holes.
    std::vector<float> verts;
    verts.reserve(static_cast<std::size_t>(w + 1) * static_cast<std::size_t>(h + 1) * 3);
    for (int z = 0; z <= h; ++z)
        for (int x = 0; x <= w; ++x)
            verts.insert(verts.end(), {static_cast<float>(tile.x + x), 0.0f, static_cast<float>(tile.y + z)});
    auto corner = [w](int x, int z) { return z * (w + 1) + x; };
    std::vector<int> tris;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!map.passable(tile.x + x, tile.y + y)) continue;
            int a = corner(x, y), b = corner(x + 1, y), c = corner(x + 1, y + 1), d = corner(x, y + 1);
            // Clockwise seen from above (Recast is Y-up), so the triangles face up.
            tris.insert(tris.end(), {a, c, b, a, d, c});
        }
    }
    if (tris.empty()) return out;
    std::vector<unsigned char> areas(tris.size() / 3, RC_WALKABLE_AREA);

    CapturingContext context;
    const float cellSize = 1.0f;
    const float cellHeight = 1.0f;
    const int walkableHeight = 2;
    const int walkableClimb = 1;

    std::unique_ptr<rcHeightfield, HeightfieldDeleter> solid(rcAllocHeightfield());
    require(solid && rcCreateHeightfield(&context, *solid, w, h, out.raw.bmin, out.raw.bmax, cellSize, cellHeight),
            "rcCreateHeightfield", context);
    require(rcRasterizeTriangles(&context, verts.data(), static_cast<int>(verts.size() / 3), tris.data(), areas.data(),
                                 static_cast<int>(areas.size()), *solid, walkableClimb),
            "rcRasterizeTriangles", context);
    // No rcFilterLedgeSpans: it would drop the ring of free cells next to every hole and the map edge.
    std::unique_ptr<rcCompactHeightfield, CompactDeleter> compact(rcAllocCompactHeightfield());
    require(compact && rcBuildCompactHeightfield(&context, walkableHeight, walkableClimb, *solid, *compact),
            "rcBuildCompactHeightfield", context);
    solid.reset();
    require(rcBuildDistanceField(&context, *compact), "rcBuildDistanceField", context);
    // Border size 0: the tile's polygons end exactly on its borders.
    if (partition == NavPartition::Monotone)
        require(rcBuildRegionsMonotone(&context, *compact, 0, options.minRegionArea, options.mergeRegionArea),
                "rcBuildRegionsMonotone", context);
    else
        require(rcBuildRegions(&context, *compact, 0, options.minRegionArea, options.mergeRegionArea), "rcBuildRegions", context);
    std::unique_ptr<rcContourSet, ContourDeleter> contours(rcAllocContourSet());
    require(contours && rcBuildContours(&context, *compact, 0.0f, 0, *contours), "rcBuildContours", context);
    std::unique_ptr<rcPolyMesh, PolyMeshDeleter> poly(rcAllocPolyMesh());
    bool built = poly && rcBuildPolyMesh(&context, *contours, options.maxVertsPerPoly, *poly);
    if (!built && context.lastError.find("Too many vertices") != std::string::npos) throw TileTooLarge{context.lastError};
    require(built, "rcBuildPolyMesh", context);

    const int nvp = poly->nvp;
    RecastMeshData& raw = out.raw;
    raw.nvp = nvp;
    raw.verts.assign(poly->verts, poly->verts + static_cast<std::size_t>(poly->nverts) * 3);
    raw.polys.assign(poly->polys, poly->polys + static_cast<std::size_t>(poly->npolys) * 2 * static_cast<std::size_t>(nvp));
    raw.areas.assign(poly->areas, poly->areas + poly->npolys);
    std::copy(poly->bmin, poly->bmin + 3, raw.bmin);
    std::copy(poly->bmax, poly->bmax + 3, raw.bmax);
    raw.cs = poly->cs;
    raw.ch = poly->ch;

    out.polygons.resize(static_cast<std::size_t>(poly->npolys));
    for (int i = 0; i < poly->npolys; ++i) {
        const unsigned short* p = &poly->polys[static_cast<std::size_t>(i) * 2 * static_cast<std::size_t>(nvp)];
        NavPolygon& polygon = out.polygons[static_cast<std::size_t>(i)];
        for (int j = 0; j < nvp && p[j] != RC_MESH_NULL_IDX; ++j) {
            const unsigned short* v = &poly->verts[static_cast<std::size_t>(p[j]) * 3];
            polygon.vertices.push_back({poly->bmin[0] + v[0] * poly->cs, poly->bmin[2] + v[2] * poly->cs});
            unsigned short across = p[nvp + j];
            // 0xffff is a wall; the high bit marks a border portal, which a border size of 0 never gives.
            polygon.neighbours.push_back(across == RC_MESH_NULL_IDX || (across & 0x8000) ? -1 : static_cast<int>(across));
        }
        std::size_t n = polygon.vertices.size();
        double twiceArea = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const Vec2& a = polygon.vertices[k];
            const Vec2& b = polygon.vertices[(k + 1) % n];
            twiceArea += a.x * b.y - b.x * a.y;
        }
        if (twiceArea < 0) {
            // Reverse the order; edge k of the reversed polygon is old edge n-2-k, walked backwards.
            std::reverse(polygon.vertices.begin(), polygon.vertices.end());
            std::vector<int> old = polygon.neighbours;
            for (std::size_t k = 0; k < n; ++k) polygon.neighbours[k] = old[(2 * n - 2 - k) % n];
            twiceArea = -twiceArea;
        }
        polygon.area = twiceArea / 2;
        Vec2 sum{0, 0};
        for (const Vec2& v : polygon.vertices) sum = {sum.x + v.x, sum.y + v.y};
        polygon.centroid = {sum.x / static_cast<double>(n), sum.y / static_cast<double>(n)};
        // Record which cells this polygon holds (by a point just off the cell centre, so a diagonal
        // edge through a centre still gives each cell one owner).
        double minX = tile.x + w, minY = tile.y + h, maxX = tile.x, maxY = tile.y;
        for (const Vec2& v : polygon.vertices) {
            minX = std::min(minX, v.x);
            minY = std::min(minY, v.y);
            maxX = std::max(maxX, v.x);
            maxY = std::max(maxY, v.y);
        }
        int y0 = std::max(tile.y, static_cast<int>(minY)), y1 = std::min(tile.y + h, static_cast<int>(std::ceil(maxY)));
        int x0 = std::max(tile.x, static_cast<int>(minX)), x1 = std::min(tile.x + w, static_cast<int>(std::ceil(maxX)));
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                if (!insideConvex(polygon, {x + 0.5 + 1e-7, y + 0.5 + 1.3e-7})) continue;
                auto& owner = out.owner[static_cast<std::size_t>(y - tile.y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x - tile.x)];
                if (!map.passable(x, y) || owner >= 0) out.exact = false;  // covers a hole, or overlaps
                if (map.passable(x, y)) owner = i;
            }
        }
    }
    // A free cell that Recast left out must be a lone cell (see addSquares); anything else is a gap.
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (map.passable(tile.x + x, tile.y + y) && out.owner[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)] < 0 &&
                (passableInTile(map, tile, tile.x + x + 1, tile.y + y) || passableInTile(map, tile, tile.x + x - 1, tile.y + y) ||
                 passableInTile(map, tile, tile.x + x, tile.y + y + 1) || passableInTile(map, tile, tile.x + x, tile.y + y - 1)))
                out.exact = false;
    return out;
}

// Recast drops a free cell whose four neighbours inside its tile are all blocked (or outside the
// tile). Give each such cell its own square, in Detour's data too, wound like Recast's polygons.
void addSquares(const GridMap& map, const NavTile& tile, TileBuild& build, bool recastPositiveArea) {
    RecastMeshData& raw = build.raw;
    for (int y = 0; y < tile.height; ++y) {
        for (int x = 0; x < tile.width; ++x) {
            std::size_t slot = static_cast<std::size_t>(y) * static_cast<std::size_t>(tile.width) + static_cast<std::size_t>(x);
            int cx = tile.x + x, cy = tile.y + y;
            if (!map.passable(cx, cy) || build.owner[slot] >= 0) continue;
            bool lone = !passableInTile(map, tile, cx + 1, cy) && !passableInTile(map, tile, cx - 1, cy) &&
                        !passableInTile(map, tile, cx, cy + 1) && !passableInTile(map, tile, cx, cy - 1);
            if (!lone) continue;  // a real gap, already counted against exactTiling()
            build.owner[slot] = static_cast<std::int32_t>(build.polygons.size());
            NavPolygon square;
            square.vertices = {{double(cx), double(cy)}, {cx + 1.0, double(cy)}, {cx + 1.0, cy + 1.0}, {double(cx), cy + 1.0}};
            square.neighbours = {-1, -1, -1, -1};
            square.centroid = {cx + 0.5, cy + 0.5};
            square.area = 1;
            build.polygons.push_back(square);
            // Recast's surface height is the same in every tile (bmin y = -1, cell height 1): 1 voxel.
            auto height = static_cast<std::uint16_t>(raw.verts.size() >= 3 ? raw.verts[1] : 1);
            auto first = static_cast<std::uint16_t>(raw.vertexCount());
            auto ux = static_cast<std::uint16_t>(x);
            auto uz = static_cast<std::uint16_t>(y);
            const std::uint16_t corners[4][2] = {{ux, uz}, {ux, static_cast<std::uint16_t>(uz + 1)},
                                                 {static_cast<std::uint16_t>(ux + 1), static_cast<std::uint16_t>(uz + 1)},
                                                 {static_cast<std::uint16_t>(ux + 1), uz}};
            for (const auto& c : corners) raw.verts.insert(raw.verts.end(), {c[0], height, c[1]});
            std::vector<std::uint16_t> entry(2 * static_cast<std::size_t>(raw.nvp), RC_MESH_NULL_IDX);
            for (std::uint16_t k = 0; k < 4; ++k) entry[k] = static_cast<std::uint16_t>(first + k);
            if (recastPositiveArea) std::swap(entry[1], entry[3]);  // (x,z),(x+1,z),(x+1,z+1),(x,z+1)
            raw.polys.insert(raw.polys.end(), entry.begin(), entry.end());
            raw.areas.push_back(RC_WALKABLE_AREA);
        }
    }
}

// Marks the tile's edges that lie on a border with another tile as Recast marks portals, so that
// Detour's addTile links them to the polygons of the tile behind.
void markPortals(const NavTile& tile, int mapWidth, int mapHeight, RecastMeshData& raw) {
    const std::size_t nvp = static_cast<std::size_t>(raw.nvp);
    const int w = tile.width, h = tile.height;
    for (int i = 0; i < raw.polygonCount(); ++i) {
        std::uint16_t* p = &raw.polys[static_cast<std::size_t>(i) * 2 * nvp];
        std::size_t n = 0;
        while (n < nvp && p[n] != RC_MESH_NULL_IDX) ++n;
        for (std::size_t j = 0; j < n; ++j) {
            if (p[nvp + j] != RC_MESH_NULL_IDX) continue;
            const std::uint16_t* va = &raw.verts[static_cast<std::size_t>(p[j]) * 3];
            const std::uint16_t* vb = &raw.verts[static_cast<std::size_t>(p[(j + 1) % n]) * 3];
            if (va[0] == 0 && vb[0] == 0 && tile.x > 0) p[nvp + j] = 0x8000 | 0;
            else if (va[2] == h && vb[2] == h && tile.y + h < mapHeight) p[nvp + j] = 0x8000 | 1;
            else if (va[0] == w && vb[0] == w && tile.x + w < mapWidth) p[nvp + j] = 0x8000 | 2;
            else if (va[2] == 0 && vb[2] == 0 && tile.y > 0) p[nvp + j] = 0x8000 | 3;
        }
    }
}

// The most obstacle outline edges (sides between a free and a blocked cell, both in the tile) of any tile.
int densestTileOutline(const GridMap& map, int tileSize) {
    int columns = (map.width() + tileSize - 1) / tileSize;
    int rows = (map.height() + tileSize - 1) / tileSize;
    std::vector<int> count(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), 0);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            if (!map.passable(x, y)) continue;
            int tx = x / tileSize, ty = y / tileSize;
            int edges = 0;
            if (x + 1 < map.width() && (x + 1) / tileSize == tx && !map.passable(x + 1, y)) ++edges;
            if (x > 0 && (x - 1) / tileSize == tx && !map.passable(x - 1, y)) ++edges;
            if (y + 1 < map.height() && (y + 1) / tileSize == ty && !map.passable(x, y + 1)) ++edges;
            if (y > 0 && (y - 1) / tileSize == ty && !map.passable(x, y - 1)) ++edges;
            count[static_cast<std::size_t>(ty) * static_cast<std::size_t>(columns) + static_cast<std::size_t>(tx)] += edges;
        }
    return count.empty() ? 0 : *std::max_element(count.begin(), count.end());
}

}  // namespace

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
            TileBuild build = buildTile(map, tile, options, tile.partition);
            if (!build.exact && options.partition == NavPartition::Auto) {
                tile.partition = NavPartition::Monotone;
                build = buildTile(map, tile, options, tile.partition);
            }
            if (tile.partition == NavPartition::Monotone) mesh.partition_ = NavPartition::Monotone;
            mesh.tiles_.push_back(tile);
            builds.push_back(std::move(build));
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

std::vector<int> NavMesh::findCorridor(Vec2 start, Vec2 goal, std::size_t* expanded) const {
    NavMeshSearch search(*this);
    search.start(start, goal);
    search.runToEnd();
    if (expanded) *expanded = search.expanded();
    return search.corridor();
}

std::vector<NavPortal> NavMesh::portals(const std::vector<int>& corridor) const {
    std::vector<NavPortal> result;
    for (std::size_t k = 0; k + 1 < corridor.size(); ++k) {
        const NavPolygon& polygon = polygons_.at(static_cast<std::size_t>(corridor[k]));
        for (const NavLink& link : polygon.links) {
            if (link.polygon != corridor[k + 1]) continue;
            Vec2 a = link.a;
            Vec2 b = link.b;
            // Seen from inside the polygon we leave, one end is on the left, the other on the right.
            if (triangleArea2(polygon.centroid, a, b) > 0) result.push_back({a, b});
            else result.push_back({b, a});
            break;
        }
    }
    return result;
}

std::vector<Vec2> funnelPath(Vec2 start, Vec2 goal, const std::vector<NavPortal>& inner) {
    // Portal 0 is the start point, the last is the goal point, both as zero-width portals.
    std::vector<NavPortal> portals;
    portals.reserve(inner.size() + 2);
    portals.push_back({start, start});
    portals.insert(portals.end(), inner.begin(), inner.end());
    portals.push_back({goal, goal});

    std::vector<Vec2> path{start};
    Vec2 apex = start, left = start, right = start;
    std::size_t apexAt = 0, leftAt = 0, rightAt = 0;
    for (std::size_t i = 1; i < portals.size(); ++i) {
        const Vec2& newLeft = portals[i].left;
        const Vec2& newRight = portals[i].right;
        // Right side: move it inwards if the new point does not widen the funnel.
        if (triangleArea2(apex, right, newRight) <= 0) {
            if (apex == right || triangleArea2(apex, left, newRight) > 0) {
                right = newRight;
                rightAt = i;
            } else {
                // The right side crossed the left one: the left point is a corner of the path.
                path.push_back(left);
                apex = left;
                apexAt = leftAt;
                right = left = apex;
                rightAt = leftAt = apexAt;
                i = apexAt;
                continue;
            }
        }
        if (triangleArea2(apex, left, newLeft) >= 0) {
            if (apex == left || triangleArea2(apex, right, newLeft) < 0) {
                left = newLeft;
                leftAt = i;
            } else {
                path.push_back(right);
                apex = right;
                apexAt = rightAt;
                right = left = apex;
                rightAt = leftAt = apexAt;
                i = apexAt;
                continue;
            }
        }
    }
    if (!(path.back() == goal)) path.push_back(goal);
    return path;
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
