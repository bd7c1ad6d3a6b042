// The map as the current representation sees it: the flood-fill waypoints (points, links, refused
// links, the queue and the point just taken), the quadtree leaves (open, blocked, mixed; the query's
// region corridor), the navmesh polygons (one light hue each; the corridor, its portals), and the
// query's paths the comparison rows switched on, each in its row's colour.
#include <algorithm>
#include <cmath>

#include "app/modes/maps/maps_ui.h"
#include "app/scene_view.h"
#include "app/theme.h"

namespace aoilab::app {

ImU32 mapsRowColour(MapsRow row) {
    switch (row) {
        case MapsRow::Grid: return theme::rgb(0xFFFFFF);
        case MapsRow::Waypoints: return theme::rgb(0x56B4E9);
        case MapsRow::Regions: return theme::rgb(0x009E73);
        case MapsRow::Funnel: return theme::rgb(theme::kPathHex);
        case MapsRow::Midpoints: return theme::rgb(0xE69F00);
        case MapsRow::Table: return theme::rgb(0xF0E442);
        case MapsRow::Count: break;
    }
    return theme::rgb(0xFFFFFF);
}

void showViewsRoute(MapsUi& ui, MapsView view) {
    if (ui.routeTickedFor == view) return;
    ui.routeTickedFor = view;
    auto tick = [&](MapsRow row) { ui.showPath[static_cast<std::size_t>(row)] = true; };
    switch (view) {
        case MapsView::Waypoints: tick(MapsRow::Waypoints); break;
        case MapsView::Regions: tick(MapsRow::Regions); break;
        case MapsView::Navmesh:
            tick(MapsRow::Funnel);
            tick(MapsRow::Midpoints);
            break;
        case MapsView::Table: tick(MapsRow::Table); break;
    }
}

const MapsRoute& mapsRoute(const MapsQuery& q, MapsRow row) {
    switch (row) {
        case MapsRow::Grid: return q.grid;
        case MapsRow::Waypoints: return q.waypoints;
        case MapsRow::Regions: return q.regions;
        case MapsRow::Funnel: return q.funnel;
        case MapsRow::Midpoints: return q.midpoints;
        case MapsRow::Table: return q.table;
        case MapsRow::Count: break;
    }
    return q.grid;
}

namespace {

// A light, distinct hue per polygon (golden-angle steps), so neighbours differ.
ImU32 polygonHue(int index, int alpha) {
    float h = std::fmod(static_cast<float>(index) * 0.618034f, 1.0f), r, g, b;
    ImGui::ColorConvertHSVtoRGB(h, 0.45f, 0.95f, r, g, b);
    return IM_COL32(static_cast<int>(r * 255), static_cast<int>(g * 255), static_cast<int>(b * 255), alpha);
}

}  // namespace

// The navmesh timeline's current tile (outlined) and, before its polygons, the stage's product: the
// walkable cells, the cells by region, or the regions' contours (one hue per region).
void MapsScene::drawNavStage(const MapsState& state, SceneView& scene) {
    auto step = state.navStep();
    const NavMesh* mesh = state.navmesh();
    if (!step || !mesh || state.position() >= state.length()) return;
    const NavTile& tile = mesh->tiles()[step->tile];
    const Rect tileRect{static_cast<double>(tile.x), static_cast<double>(tile.y), static_cast<double>(tile.x + tile.width),
                        static_cast<double>(tile.y + tile.height)};
    if (step->stage != NavStage::Polygons && step->tile < mesh->stages().size()) {
        const NavTileStages& stages = mesh->stages()[step->tile];
        constexpr std::size_t kMaxCells = 40'000;
        if (step->stage == NavStage::Contours) {
            for (const NavContour& c : stages.contours) {
                if (c.vertices.size() < 2) continue;
                scene.polyline(c.vertices, polygonHue(c.region, 255), 0.1f, true);
                ++drawn_.contours;
            }
        } else {
            for (int y = 0; y < tile.height; ++y)
                for (int x = 0; x < tile.width; ++x) {
                    std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(tile.width) + static_cast<std::size_t>(x);
                    if (i >= stages.walkable.size() || !stages.walkable[i] || drawn_.stageCells >= kMaxCells) continue;
                    Rect cell{static_cast<double>(tile.x + x), static_cast<double>(tile.y + y), tile.x + x + 1.0, tile.y + y + 1.0};
                    if (!scene.isVisible(cell)) continue;
                    ImU32 colour = step->stage == NavStage::Walkable ? theme::rgb(theme::kMoveHex, 110)
                                   : stages.region[i] ? polygonHue(stages.region[i], 150) : theme::rgb(0x000000, 0);
                    scene.rectFilled(cell, colour);
                    ++drawn_.stageCells;
                }
        }
    }
    scene.rectOutline(tileRect, theme::kSelected, 0.12f);
}

// The AOI world's entities on the map, the selected one ringed, those in `lit` (the engine's answer:
// the entities sharing the selected one's region or polygon) in the lit colour.
void MapsScene::drawEntities(const MapsState& state, SceneView& scene, std::vector<EntityId> lit) {
    const auto& entities = state.entities();
    if (entities.empty()) return;
    std::sort(lit.begin(), lit.end());
    Rect visible = scene.visibleWorld();
    const float em = 0.32f;
    constexpr std::size_t kMaxDots = 40'000;
    for (const PositionedEntity& e : entities) {
        const Vec2 p = e.position;
        if (p.x < visible.minX || p.x > visible.maxX || p.y < visible.minY || p.y > visible.maxY || drawn_.entities >= kMaxDots) continue;
        bool inRegion = std::binary_search(lit.begin(), lit.end(), e.id);
        if (state.selectedEntity() == e.id) scene.dot(p, em * 1.7f, theme::kSelected);  // a yellow rim
        scene.dot(p, em, inRegion ? kMapsSameRegionColour : theme::kEntity);
        ++drawn_.entities;
        drawn_.entitiesLit += inRegion ? 1 : 0;
    }
}

// The selected entity's own place in the representation: its region (regions view) or polygon
// (navmesh view) filled and outlined, or lines to the waypoints in its sight (waypoints and table
// views), drawn under the entities. Only on a finished representation (the timeline at its end).
void MapsScene::drawSelectedPlace(const MapsState& state, SceneView& scene) {
    const std::optional<Vec2> mine = state.selectedEntityPosition();
    if (!mine || state.position() < state.length()) return;
    switch (state.view()) {
        case MapsView::Regions:
            if (state.selectedRegion() >= 0) {
                const Region& r = state.regions().regions()[static_cast<std::size_t>(state.selectedRegion())];
                Rect rect{static_cast<double>(r.x), static_cast<double>(r.y), static_cast<double>(r.x + r.width), static_cast<double>(r.y + r.height)};
                scene.rectFilled(rect, theme::rgb(theme::kSelectedHex, 40));
                scene.rectOutline(rect, theme::kSelected, 0.15f);
            }
            break;
        case MapsView::Navmesh:
            if (state.navmesh() && state.selectedPolygon() >= 0) {
                const NavPolygon& p = state.navmesh()->polygons()[static_cast<std::size_t>(state.selectedPolygon())];
                scene.polygonFilled(p.vertices, theme::rgb(theme::kSelectedHex, 40));
                scene.polygonOutline(p.vertices, theme::kSelected, 0.15f);
            }
            break;
        case MapsView::Waypoints:
        case MapsView::Table:
            for (VertexIndex v : state.entryWaypoints()) {
                scene.segment(*mine, state.waypoints().graph.vertex(v).position, theme::kSelected, 0.08f);
                ++drawn_.entryLinks;
            }
            break;
    }
}

void MapsScene::draw(MapsState& state, const MapsUi& ui, SceneView& scene) {
    const GridMap& map = state.map();
    drawn_ = {};
    if (groundRevision_ != map.revision()) {
        std::vector<std::uint32_t> pixels(static_cast<std::size_t>(map.cellCount()));
        for (int i = 0; i < map.cellCount(); ++i)
            pixels[static_cast<std::size_t>(i)] = map.passable(map.point(i)) ? theme::kWorldBackground : theme::kObstacle;
        ground_.upload(map.width(), map.height(), pixels);
        groundRevision_ = map.revision();
    }
    Rect whole{0, 0, static_cast<double>(map.width()), static_cast<double>(map.height())};
    scene.image(ground_.id(), whole);
    Rect visible = scene.visibleWorld();
    auto inView = [&](Vec2 p) { return p.x >= visible.minX && p.x <= visible.maxX && p.y >= visible.minY && p.y <= visible.maxY; };
    constexpr std::size_t kMaxShapes = 40'000;  // beyond this many in view, shapes are too small to read

    switch (state.view()) {
        case MapsView::Waypoints:
        case MapsView::Table: {
            // The waypoints view shows the flood at the timeline position (read from its history: the
            // first points and links made, the refusals found, the queue); the table view all of it, faint.
            const std::optional<WaypointFloodAt> at = state.floodAt();
            const WaypointFloodHistory& history = state.floodHistory();
            const WaypointGraph& wp = state.waypoints();
            const Graph& g = wp.graph;
            const bool faint = state.view() == MapsView::Table;
            const std::size_t points = at ? at->points() : g.vertexCount();
            const std::size_t links = at ? at->links() : history.links.size();
            // Lattice points closer on screen than a few pixels: every stride-th each way, without links,
            // so a zoomed-out flood still shows where it reached (not the first points of the queue).
            const double cellPixels = scene.toScreen({1, 0}).x - scene.toScreen({0, 0}).x;
            const double spacing = state.step() * cellPixels;
            const int stride = spacing >= kMinPointSpacingPixels ? 1 : static_cast<int>(std::ceil(kMinPointSpacingPixels / spacing));
            drawn_.pointStride = stride;
            auto onStride = [&](VertexIndex v) {
                const GridPoint ij = wp.lattice[static_cast<std::size_t>(v)];
                return stride == 1 || (ij.x % stride == 0 && ij.y % stride == 0);
            };
            for (std::size_t i = 0; i < links && stride == 1 && drawn_.links < kMaxShapes; ++i) {
                Vec2 a = g.vertex(history.links[i].first).position, b = g.vertex(history.links[i].second).position;
                if (!inView(a) && !inView(b)) continue;
                scene.segment(a, b, IM_COL32(120, 160, 200, faint ? 70 : 150), 0.04f);
                ++drawn_.links;
            }
            if (at && stride == 1)
                for (std::size_t i = 0; i < at->refused(); ++i) {
                    const WaypointRefusal& r = history.refusals[i];
                    if (!inView(r.from) && !inView(r.to)) continue;
                    // A refused link: a short red stroke from the point toward the neighbour it could not see.
                    Vec2 mid{(r.from.x * 2 + r.to.x) / 3, (r.from.y * 2 + r.to.y) / 3};
                    scene.segment(r.from, mid, theme::rgb(theme::kLeaveHex, 200), 0.05f);
                    ++drawn_.refused;
                }
            // Points sized to the lattice on screen, so a zoomed-out flood stays readable.
            const float pointEm = static_cast<float>(std::clamp(spacing * stride * 0.15 / ImGui::GetFontSize(), 0.05, 0.18));
            for (VertexIndex v = 0; v < static_cast<VertexIndex>(points); ++v) {
                Vec2 p = g.vertex(v).position;
                if (!inView(p) || drawn_.points >= kMaxShapes || !onStride(v)) continue;
                ImU32 colour = at && at->queued(v) ? theme::rgb(theme::kMoveHex) : IM_COL32(230, 230, 235, faint ? 110 : 255);
                if (at && v == at->lastTaken()) colour = theme::rgb(theme::kSelectedHex);
                scene.dot(p, faint ? pointEm * 0.7f : pointEm, colour);
                ++drawn_.points;
            }
            // The flood's seed (set with the seed tool, W): a ring around its cell.
            if (!faint && state.seed().x >= 0)
                scene.circleOutline({state.seed().x + 0.5, state.seed().y + 0.5}, std::max(0.6, state.step() * 0.4), kMapsSeedColour, 0.12f);
            drawSelectedPlace(state, scene);
            drawEntities(state, scene, {});
            break;
        }
        case MapsView::Regions: {
            const double cellPixels = scene.toScreen({1, 0}).x - scene.toScreen({0, 0}).x;
            const auto& regions = state.regions().regions();
            const RegionSplitter* splitter = state.regionSplitter();
            // The engine's split at the timeline position: the leaves made so far (all regions at the end).
            const auto& leaves = splitter ? splitter->leaves() : regions;
            const bool complete = leaves.size() == regions.size();
            std::vector<char> corridor(regions.size(), 0);
            for (int r : state.query().regionCorridor) corridor[static_cast<std::size_t>(r)] = 1;
            for (std::size_t i = 0; i < leaves.size(); ++i) {
                const Region& r = leaves[i];
                Rect rect{static_cast<double>(r.x), static_cast<double>(r.y), static_cast<double>(r.x + r.width),
                          static_cast<double>(r.y + r.height)};
                if (!scene.isVisible(rect) || drawn_.regions >= kMaxShapes) continue;
                if (std::min(r.width, r.height) * cellPixels < kMinRegionPixels) {  // too small to read at this zoom
                    ++drawn_.regionsTooSmall;
                    continue;
                }
                ImU32 fill = r.kind == RegionKind::Open ? IM_COL32(0, 158, 115, corridor[i] ? 150 : 55)
                             : r.kind == RegionKind::Blocked ? IM_COL32(20, 20, 24, 120) : IM_COL32(230, 159, 0, 90);
                scene.rectFilled(rect, fill);
                scene.rectOutline(rect, IM_COL32(200, 230, 215, 120), 0.03f);
                ++drawn_.regions;
            }
            if (splitter) {
                // Nodes not visited yet: outlined only; the node the last step split, lit.
                for (const QuadNode& n : splitter->pending()) {
                    Rect rect{static_cast<double>(n.x), static_cast<double>(n.y), static_cast<double>(n.x + n.width),
                              static_cast<double>(n.y + n.height)};
                    if (!scene.isVisible(rect) || drawn_.pending >= kMaxShapes) continue;
                    scene.rectOutline(rect, kMapsPendingColour, 0.06f);
                    ++drawn_.pending;
                }
                if (splitter->lastSplit() && !splitter->finished()) {
                    const QuadNode& n = *splitter->lastSplit();
                    scene.rectOutline({static_cast<double>(n.x), static_cast<double>(n.y), static_cast<double>(n.x + n.width),
                                       static_cast<double>(n.y + n.height)},
                                      kMapsSplitColour, 0.15f);
                    drawn_.split = 1;
                }
            }
            // The hovered region's neighbours: lines from its centre to theirs.
            if (ui.hovered) {
                int r = state.regions().regionOfCell(ui.hovered->x, ui.hovered->y);
                if (r >= 0 && complete) {
                    Vec2 c = regions[static_cast<std::size_t>(r)].center();
                    for (std::int32_t n : state.regions().neighbours(r)) {
                        scene.segment(c, regions[static_cast<std::size_t>(n)].center(), theme::rgb(theme::kSelectedHex), 0.06f);
                        ++drawn_.hoverLinks;
                    }
                    const Region& hr = regions[static_cast<std::size_t>(r)];
                    scene.rectOutline({static_cast<double>(hr.x), static_cast<double>(hr.y), static_cast<double>(hr.x + hr.width),
                                       static_cast<double>(hr.y + hr.height)},
                                      theme::rgb(theme::kSelectedHex), 0.08f);
                    drawn_.hovered = r;
                }
            }
            drawSelectedPlace(state, scene);
            drawEntities(state, scene, complete ? state.entitiesInRegion() : std::vector<EntityId>{});
            break;
        }
        case MapsView::Navmesh: {
            const NavMesh* mesh = state.navmesh();
            if (!mesh) break;
            std::vector<char> corridor(mesh->polygons().size(), 0);
            for (int p : state.query().corridor) corridor[static_cast<std::size_t>(p)] = 1;
            const auto& polygons = mesh->polygons();
            for (std::size_t i = 0; i < std::min(state.navPolygonsShown(), polygons.size()); ++i) {
                const NavPolygon& p = polygons[i];
                if (drawn_.polygons >= kMaxShapes || p.vertices.empty()) continue;
                bool anyVisible = std::any_of(p.vertices.begin(), p.vertices.end(), inView);
                if (!anyVisible) continue;
                scene.polygonFilled(p.vertices, polygonHue(static_cast<int>(i), corridor[i] ? 150 : 70));
                scene.polygonOutline(p.vertices, IM_COL32(240, 240, 240, 140), 0.03f);
                ++drawn_.polygons;
            }
            drawNavStage(state, scene);
            // The corridor's portals, the funnel's edges.
            // (only once the timeline reaches the end: before that some of the corridor is not built yet)
            const bool complete = state.navPolygonsShown() == polygons.size();
            if (complete)
                for (const NavPortal& portal : mesh->portals(state.query().corridor))
                    scene.segment(portal.left, portal.right, theme::rgb(theme::kSelectedHex), 0.08f);
            // The hovered polygon's neighbours, as in the regions view: lines from its centroid to theirs
            // (every link, partial tile-border ones too: the graph the corridor search walks).
            if (ui.hovered && complete) {
                const int h = mesh->polygonOfCell(ui.hovered->x, ui.hovered->y);
                if (h >= 0) {
                    const NavPolygon& hp = polygons[static_cast<std::size_t>(h)];
                    for (const NavLink& link : hp.links) {
                        scene.segment(hp.centroid, polygons[static_cast<std::size_t>(link.polygon)].centroid, theme::rgb(theme::kSelectedHex), 0.06f);
                        ++drawn_.hoverLinks;
                    }
                    scene.polygonOutline(hp.vertices, theme::rgb(theme::kSelectedHex), 0.08f);
                    drawn_.hovered = h;
                }
            }
            drawSelectedPlace(state, scene);
            drawEntities(state, scene, complete ? state.entitiesInPolygon() : std::vector<EntityId>{});
            break;
        }
    }
    // The paths switched on in the comparison.
    for (std::size_t row = 0; row < kMapsRows; ++row) {
        if (!ui.showPath[row]) continue;
        const MapsRoute& route = mapsRoute(state.query(), static_cast<MapsRow>(row));
        if (!route.found || route.points.size() < 2) continue;
        scene.polyline(route.points, mapsRowColour(static_cast<MapsRow>(row)), row == 0 ? 0.1f : 0.14f);
        ++drawn_.paths;
    }
    scene.dot({state.start().x + 0.5, state.start().y + 0.5}, 0.4f, theme::rgb(theme::kEnterHex));
    scene.dot({state.goal().x + 0.5, state.goal().y + 0.5}, 0.4f, theme::rgb(theme::kLeaveHex));
    scene.rectOutline(whole, theme::kWorldBorder, 0.05f);
}

}  // namespace aoilab::app
