// One tile of the map through Recast: the build steps of navmesh_build.h.
#include "path/navmesh_build.h"

#include <Recast.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "core/error.h"

namespace aoilab::navmesh_build {
namespace {

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

TileBuild buildTile(const GridMap& map, const NavTile& tile, const NavMeshOptions& options, NavPartition partition,
                    NavTileStages* stages) {
    TileBuild out;
    if (stages) *stages = {};
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
    if (tris.empty()) {
        if (stages) {
            stages->walkable.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
            stages->region.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
        }
        return out;
    }
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
    if (stages) {
        stages->walkable.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
        for (int i = 0; i < w * h; ++i) stages->walkable[static_cast<std::size_t>(i)] = compact->cells[i].count > 0 ? 1 : 0;
    }
    require(rcBuildDistanceField(&context, *compact), "rcBuildDistanceField", context);
    // Border size 0: the tile's polygons end exactly on its borders.
    if (partition == NavPartition::Monotone)
        require(rcBuildRegionsMonotone(&context, *compact, 0, options.minRegionArea, options.mergeRegionArea),
                "rcBuildRegionsMonotone", context);
    else
        require(rcBuildRegions(&context, *compact, 0, options.minRegionArea, options.mergeRegionArea), "rcBuildRegions", context);
    if (stages) {
        stages->region.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
        for (int i = 0; i < w * h; ++i) {
            const rcCompactCell& c = compact->cells[i];
            if (c.count > 0) stages->region[static_cast<std::size_t>(i)] = compact->spans[c.index].reg;
        }
        std::vector<std::uint16_t> ids(stages->region);
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        stages->regionCount = static_cast<int>(ids.size()) - (!ids.empty() && ids.front() == 0 ? 1 : 0);
    }
    std::unique_ptr<rcContourSet, ContourDeleter> contours(rcAllocContourSet());
    require(contours && rcBuildContours(&context, *compact, 0.0f, 0, *contours), "rcBuildContours", context);
    if (stages) {
        for (int i = 0; i < contours->nconts; ++i) {
            const rcContour& c = contours->conts[i];
            if (c.nverts == 0) continue;  // Recast leaves a region's contour empty when its outline is degenerate
            NavContour contour;
            contour.region = c.reg;
            for (int k = 0; k < c.nverts; ++k)
                contour.vertices.push_back({contours->bmin[0] + c.verts[k * 4] * contours->cs, contours->bmin[2] + c.verts[k * 4 + 2] * contours->cs});
            stages->contours.push_back(std::move(contour));
        }
    }
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

}  // namespace aoilab::navmesh_build
