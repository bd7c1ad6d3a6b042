#include "path/navmesh.h"

#include <Recast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <queue>
#include <string>

#include "core/error.h"

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

double distance(Vec2 a, Vec2 b) { return std::hypot(b.x - a.x, b.y - a.y); }

bool insideConvex(const NavPolygon& polygon, Vec2 p) {
    std::size_t n = polygon.vertices.size();
    for (std::size_t i = 0; i < n; ++i)
        if (cross(polygon.vertices[i], polygon.vertices[(i + 1) % n], p) < 0) return false;
    return true;
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

NavMesh NavMesh::build(const GridMap& map, const NavMeshOptions& options) {
    auto started = std::chrono::steady_clock::now();
    NavMesh mesh;
    if (options.partition == NavPartition::Auto) {
        mesh = buildOnce(map, options, NavPartition::Watershed);
        if (!mesh.exact_) mesh = buildOnce(map, options, NavPartition::Monotone);
    } else {
        mesh = buildOnce(map, options, options.partition);
    }
    mesh.buildSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return mesh;
}

NavMesh NavMesh::buildOnce(const GridMap& map, const NavMeshOptions& options, NavPartition partition) {
    if (options.maxVertsPerPoly < 3 || options.maxVertsPerPoly > kDetourMaxVertsPerPoly)
        throw InputError("navmesh: maxVertsPerPoly must be in [3, " + std::to_string(kDetourMaxVertsPerPoly) + "]");
    if (options.minRegionArea < 0 || options.mergeRegionArea < 0)
        throw InputError("navmesh: region areas must be >= 0");
    if (map.width() >= 0xfffe || map.height() >= 0xfffe) throw InputError("navmesh: map too large for Recast");

    NavMesh mesh;
    mesh.width_ = map.width();
    mesh.height_ = map.height();
    mesh.partition_ = partition;
    mesh.cellPolygon_.assign(static_cast<std::size_t>(map.cellCount()), -1);
    if (map.passableCount() == 0) return mesh;

    const int w = map.width();
    const int h = map.height();
    // Grid corners as vertices; two triangles per free cell, blocked cells left out as holes.
    std::vector<float> verts;
    verts.reserve(static_cast<std::size_t>(w + 1) * static_cast<std::size_t>(h + 1) * 3);
    for (int z = 0; z <= h; ++z)
        for (int x = 0; x <= w; ++x) verts.insert(verts.end(), {static_cast<float>(x), 0.0f, static_cast<float>(z)});
    auto corner = [w](int x, int z) { return z * (w + 1) + x; };
    std::vector<int> tris;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!map.passable(x, y)) continue;
            int a = corner(x, y), b = corner(x + 1, y), c = corner(x + 1, y + 1), d = corner(x, y + 1);
            // Clockwise seen from above (Recast is Y-up), so the triangles face up.
            tris.insert(tris.end(), {a, c, b, a, d, c});
        }
    }
    std::vector<unsigned char> areas(tris.size() / 3, RC_WALKABLE_AREA);

    CapturingContext context;
    const float bmin[3] = {0.0f, -1.0f, 0.0f};
    const float bmax[3] = {static_cast<float>(w), 3.0f, static_cast<float>(h)};
    const float cellSize = 1.0f;
    const float cellHeight = 1.0f;
    const int walkableHeight = 2;
    const int walkableClimb = 1;

    std::unique_ptr<rcHeightfield, HeightfieldDeleter> solid(rcAllocHeightfield());
    require(solid && rcCreateHeightfield(&context, *solid, w, h, bmin, bmax, cellSize, cellHeight), "rcCreateHeightfield", context);
    require(rcRasterizeTriangles(&context, verts.data(), static_cast<int>(verts.size() / 3), tris.data(), areas.data(),
                                 static_cast<int>(areas.size()), *solid, walkableClimb),
            "rcRasterizeTriangles", context);
    // No rcFilterLedgeSpans: it would drop the ring of free cells next to every hole and the map edge.
    std::unique_ptr<rcCompactHeightfield, CompactDeleter> compact(rcAllocCompactHeightfield());
    require(compact && rcBuildCompactHeightfield(&context, walkableHeight, walkableClimb, *solid, *compact),
            "rcBuildCompactHeightfield", context);
    solid.reset();
    require(rcBuildDistanceField(&context, *compact), "rcBuildDistanceField", context);
    if (partition == NavPartition::Monotone)
        require(rcBuildRegionsMonotone(&context, *compact, 0, options.minRegionArea, options.mergeRegionArea),
                "rcBuildRegionsMonotone", context);
    else
        require(rcBuildRegions(&context, *compact, 0, options.minRegionArea, options.mergeRegionArea), "rcBuildRegions", context);
    std::unique_ptr<rcContourSet, ContourDeleter> contours(rcAllocContourSet());
    require(contours && rcBuildContours(&context, *compact, 0.0f, 0, *contours), "rcBuildContours", context);
    std::unique_ptr<rcPolyMesh, PolyMeshDeleter> poly(rcAllocPolyMesh());
    require(poly && rcBuildPolyMesh(&context, *contours, options.maxVertsPerPoly, *poly), "rcBuildPolyMesh", context);

    const int nvp = poly->nvp;
    RecastMeshData& raw = mesh.recast_;
    raw.nvp = nvp;
    raw.verts.assign(poly->verts, poly->verts + static_cast<std::size_t>(poly->nverts) * 3);
    raw.polys.assign(poly->polys, poly->polys + static_cast<std::size_t>(poly->npolys) * 2 * static_cast<std::size_t>(nvp));
    raw.areas.assign(poly->areas, poly->areas + poly->npolys);
    std::copy(poly->bmin, poly->bmin + 3, raw.bmin);
    std::copy(poly->bmax, poly->bmax + 3, raw.bmax);
    raw.cs = poly->cs;
    raw.ch = poly->ch;

    mesh.polygons_.resize(static_cast<std::size_t>(poly->npolys));
    double totalArea = 0;
    for (int i = 0; i < poly->npolys; ++i) {
        const unsigned short* p = &poly->polys[static_cast<std::size_t>(i) * 2 * static_cast<std::size_t>(nvp)];
        NavPolygon& polygon = mesh.polygons_[static_cast<std::size_t>(i)];
        for (int j = 0; j < nvp && p[j] != RC_MESH_NULL_IDX; ++j) {
            const unsigned short* v = &poly->verts[static_cast<std::size_t>(p[j]) * 3];
            polygon.vertices.push_back({poly->bmin[0] + v[0] * poly->cs, poly->bmin[2] + v[2] * poly->cs});
            unsigned short across = p[nvp + j];
            // 0xffff is a wall; the high bit marks a tile-border portal, which a one-tile mesh has not.
            polygon.neighbours.push_back(across == RC_MESH_NULL_IDX || (across & 0x8000) ? -1 : static_cast<int>(across));
        }
        std::size_t n = polygon.vertices.size();
        double twiceArea = 0;
        for (std::size_t k = 0; k < n; ++k) {
            const Vec2& a = polygon.vertices[k];
            const Vec2& b = polygon.vertices[(k + 1) % n];
            twiceArea += a.x * b.y - b.x * a.y;
        }
        if (i == 0) mesh.recastPositiveArea_ = twiceArea > 0;  // shoelace sign of Recast's winding in (x, z)
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
        double minX = w, minY = h, maxX = 0, maxY = 0;
        for (const Vec2& v : polygon.vertices) {
            minX = std::min(minX, v.x);
            minY = std::min(minY, v.y);
            maxX = std::max(maxX, v.x);
            maxY = std::max(maxY, v.y);
        }
        for (int y = static_cast<int>(minY); y < static_cast<int>(std::ceil(maxY)) && y < h; ++y) {
            for (int x = static_cast<int>(minX); x < static_cast<int>(std::ceil(maxX)) && x < w; ++x) {
                if (!insideConvex(polygon, {x + 0.5 + 1e-7, y + 0.5 + 1.3e-7})) continue;
                auto& owner = mesh.cellPolygon_[static_cast<std::size_t>(map.index(x, y))];
                if (!map.passable(x, y) || owner >= 0) mesh.exact_ = false;  // covers a hole, or overlaps
                if (map.passable(x, y)) owner = i;
            }
        }
        totalArea += polygon.area;
    }
    // Recast drops a free cell whose four neighbours are all blocked (reachable from nowhere, as
    // diagonal steps may not cut corners). Give each such cell its own square, in Detour's data too.
    for (int c = 0; c < map.cellCount(); ++c) {
        GridPoint cell = map.point(c);
        if (!map.passable(cell) || mesh.cellPolygon_[static_cast<std::size_t>(c)] >= 0) continue;
        bool isolated = !map.passable(cell.x + 1, cell.y) && !map.passable(cell.x - 1, cell.y) &&
                        !map.passable(cell.x, cell.y + 1) && !map.passable(cell.x, cell.y - 1);
        if (!isolated) {
            mesh.exact_ = false;  // a real gap in Recast's polygons
            continue;
        }
        mesh.cellPolygon_[static_cast<std::size_t>(c)] = static_cast<std::int32_t>(mesh.polygons_.size());
        mesh.addSquare(cell.x, cell.y);
        totalArea += 1;
    }
    if (std::fabs(totalArea - map.passableCount()) > 1e-6) mesh.exact_ = false;
    return mesh;
}

void NavMesh::addSquare(int x, int y) {
    NavPolygon square;
    square.vertices = {{double(x), double(y)}, {x + 1.0, double(y)}, {x + 1.0, y + 1.0}, {double(x), y + 1.0}};
    square.neighbours = {-1, -1, -1, -1};
    square.centroid = {x + 0.5, y + 0.5};
    square.area = 1;
    polygons_.push_back(square);
    // The same square in Recast's layout: four new vertices (in voxels, at the mesh's height), wound
    // like Recast's own polygons, no neighbours.
    RecastMeshData& raw = recast_;
    auto height = static_cast<std::uint16_t>(raw.verts.size() >= 3 ? raw.verts[1] : 1);
    auto first = static_cast<std::uint16_t>(raw.vertexCount());
    auto ux = static_cast<std::uint16_t>(x);
    auto uz = static_cast<std::uint16_t>(y);
    const std::uint16_t corners[4][2] = {{ux, uz}, {ux, static_cast<std::uint16_t>(uz + 1)},
                                         {static_cast<std::uint16_t>(ux + 1), static_cast<std::uint16_t>(uz + 1)},
                                         {static_cast<std::uint16_t>(ux + 1), uz}};
    for (const auto& corner : corners) raw.verts.insert(raw.verts.end(), {corner[0], height, corner[1]});
    std::vector<std::uint16_t> entry(2 * static_cast<std::size_t>(raw.nvp), RC_MESH_NULL_IDX);
    for (std::uint16_t k = 0; k < 4; ++k) entry[k] = static_cast<std::uint16_t>(first + k);
    if (recastPositiveArea_) std::swap(entry[1], entry[3]);  // (x,z),(x+1,z),(x+1,z+1),(x,z+1)
    raw.polys.insert(raw.polys.end(), entry.begin(), entry.end());
    raw.areas.push_back(RC_WALKABLE_AREA);
}

std::size_t NavMesh::edgeCount() const {
    std::size_t twice = 0;
    for (const NavPolygon& p : polygons_)
        for (int n : p.neighbours) twice += n >= 0 ? 1 : 0;
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
    int from = polygonAt(start);
    int to = polygonAt(goal);
    if (expanded) *expanded = 0;
    if (from < 0 || to < 0) return {};
    std::size_t n = polygons_.size();
    // Each polygon is entered at the middle of the edge it was reached through (the start point for
    // the first); g is the length of that zig-zag, h the straight distance to the goal.
    std::vector<double> g(n, std::numeric_limits<double>::infinity());
    std::vector<Vec2> entry(n);
    std::vector<int> parent(n, -1);
    std::vector<char> closed(n, 0);
    struct Open {
        double f;
        double g;
        int polygon;
        bool operator<(const Open& other) const { return f != other.f ? f > other.f : g < other.g; }
    };
    std::priority_queue<Open> open;
    g[static_cast<std::size_t>(from)] = 0;
    entry[static_cast<std::size_t>(from)] = start;
    open.push({distance(start, goal), 0, from});
    while (!open.empty()) {
        Open top = open.top();
        open.pop();
        auto at = static_cast<std::size_t>(top.polygon);
        if (closed[at] || top.g != g[at]) continue;
        closed[at] = 1;
        if (expanded) ++*expanded;
        if (top.polygon == to) break;
        const NavPolygon& polygon = polygons_[at];
        std::size_t count = polygon.vertices.size();
        for (std::size_t e = 0; e < count; ++e) {
            int next = polygon.neighbours[e];
            if (next < 0 || closed[static_cast<std::size_t>(next)]) continue;
            const Vec2& a = polygon.vertices[e];
            const Vec2& b = polygon.vertices[(e + 1) % count];
            Vec2 middle{(a.x + b.x) / 2, (a.y + b.y) / 2};
            double candidate = g[at] + distance(entry[at], middle);
            if (next == to) candidate += distance(middle, goal);
            auto slot = static_cast<std::size_t>(next);
            if (candidate >= g[slot]) continue;
            g[slot] = candidate;
            entry[slot] = middle;
            parent[slot] = top.polygon;
            open.push({candidate + (next == to ? 0 : distance(middle, goal)), candidate, next});
        }
    }
    if (!closed[static_cast<std::size_t>(to)]) return {};
    std::vector<int> corridor;
    for (int p = to; p != -1; p = parent[static_cast<std::size_t>(p)]) corridor.push_back(p);
    std::reverse(corridor.begin(), corridor.end());
    return corridor;
}

std::vector<NavPortal> NavMesh::portals(const std::vector<int>& corridor) const {
    std::vector<NavPortal> result;
    for (std::size_t k = 0; k + 1 < corridor.size(); ++k) {
        const NavPolygon& polygon = polygons_.at(static_cast<std::size_t>(corridor[k]));
        std::size_t count = polygon.vertices.size();
        for (std::size_t e = 0; e < count; ++e) {
            if (polygon.neighbours[e] != corridor[k + 1]) continue;
            Vec2 a = polygon.vertices[e];
            Vec2 b = polygon.vertices[(e + 1) % count];
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
    NavPath result;
    result.polygons = findCorridor(start, goal, &result.polygonsExpanded);
    if (result.polygons.empty()) return result;
    result.found = true;
    result.points = funnelPath(start, goal, portals(result.polygons));
    for (std::size_t i = 1; i < result.points.size(); ++i) result.length += distance(result.points[i - 1], result.points[i]);
    return result;
}

std::size_t NavMesh::memoryBytes() const {
    std::size_t bytes = cellPolygon_.capacity() * sizeof(std::int32_t) + polygons_.capacity() * sizeof(NavPolygon);
    for (const NavPolygon& p : polygons_) bytes += p.vertices.capacity() * sizeof(Vec2) + p.neighbours.capacity() * sizeof(int);
    bytes += recast_.verts.capacity() * 2 + recast_.polys.capacity() * 2 + recast_.areas.capacity();
    return bytes;
}

}  // namespace aoilab
