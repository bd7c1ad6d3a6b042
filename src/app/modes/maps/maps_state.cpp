#include "app/modes/maps/maps_state.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "path/grid_search.h"
#include "path/line_of_sight.h"

namespace aoilab::app {
namespace {

using Clock = std::chrono::steady_clock;
double microsSince(Clock::time_point t) { return std::chrono::duration<double, std::micro>(Clock::now() - t).count(); }

Vec2 centre(GridPoint p) { return {p.x + 0.5, p.y + 0.5}; }

double polylineLength(const std::vector<Vec2>& points) {
    double sum = 0;
    for (std::size_t i = 0; i + 1 < points.size(); ++i)
        sum += std::hypot(points[i + 1].x - points[i].x, points[i + 1].y - points[i].y);
    return sum;
}

}  // namespace

const char* mapsViewName(MapsView view) {
    switch (view) {
        case MapsView::Waypoints: return "waypoints";
        case MapsView::Regions: return "regions";
        case MapsView::Navmesh: return "navmesh";
        case MapsView::Table: return "table";
    }
    return "?";
}

GridMap defaultMapsMap() {
    return GridMap::fromRows({"................................", "................................",
                              "....@@@@@@@@@@..........@@@.....", "....@@@@@@@@@@..........@@@.....",
                              "....@@......................@...", "....@@.........@@@@@........@...",
                              "...............@@@@@........@...", "...............@@@@@............",
                              ".......@@@.....@@@@@....@@@@@@..", ".......@@@..............@@@@@@..",
                              ".......@@@..............@@......", "........................@@......",
                              "...@@@@@@@@@@@@.................", "...@@@@@@@@@@@@......@@@@@@@@...",
                              ".....................@@@@@@@@...", "................................"},
                             "default map");
}

MapsState::MapsState() : map_(defaultMapsMap()), mapName_("default"), start_{1, 1}, goal_{30, 14} { rebuild(); }

MapsState::~MapsState() {
    if (progress_) progress_->cancel = true;  // the build in progress stops after its tile; its future waits for that
}

void MapsState::setMap(GridMap map, std::string name) {
    if (std::string why = navMeshBudgetRefusal(map, navMeshOptions()); !why.empty()) throw InputError(why);
    if (std::string why = mapRefusal(SearchOptions{}, map); !why.empty()) throw InputError(why);  // the grid optimum's A*
    map_ = std::move(map);
    mapName_ = std::move(name);
    auto fits = [&](GridPoint p) { return map_.passable(p); };
    if (!fits(start_) || !fits(goal_)) {
        // The first and the last passable cells: a query that spans the map.
        start_ = map_.firstPassable().x >= 0 ? map_.firstPassable() : GridPoint{0, 0};
        goal_ = map_.lastPassable().x >= 0 ? map_.lastPassable() : GridPoint{0, 0};
    }
    rebuild();
}

bool MapsState::paint(GridPoint cell, bool wall) {
    if (!map_.inBounds(cell) || map_.passable(cell) == !wall) return false;
    if (wall && (cell == start_ || cell == goal_)) return false;
    paintRefusal_.clear();
    map_.setPassable(cell.x, cell.y, !wall);
    if (std::string why = navMeshBudgetRefusal(map_, navMeshOptions()); !why.empty()) {
        map_.setPassable(cell.x, cell.y, wall);  // as it was
        paintRefusal_ = why;
        return false;
    }
    if (map_.cellCount() > livePaintCells_) {  // the stroke goes on; finishPaint() rebuilds once
        paintPending_ = true;
        ++serial_;
        return true;
    }
    rebuild();
    return true;
}

bool MapsState::finishPaint() {
    if (!paintPending_) return false;
    rebuild();
    return true;
}

void MapsState::setQuery(GridPoint start, GridPoint goal) {
    start = map_.clampInside(start);
    goal = map_.clampInside(goal);
    if (start == start_ && goal == goal_) return;
    start_ = start;
    goal_ = goal;
    answerQuery();
    ++serial_;
}

std::string MapsState::setStep(double step) {
    if (!std::isfinite(step) || step < 0.25 || step > 64) return "the step must be a number from 0.25 to 64 cells";
    double old = step_;
    step_ = step;
    rebuild();
    if (!error_.empty()) {
        std::string why = error_;
        step_ = old;
        rebuild();
        return why;
    }
    return {};
}

std::string MapsState::setSeed(GridPoint seed) {
    if (!map_.inBounds(seed)) return "the seed is outside the map";
    if (!map_.passable(seed.x, seed.y)) return "the seed is on a wall";
    userSeed_ = seed;
    rebuild();
    return {};
}

void MapsState::rebuild() {
    error_.clear();
    paintPending_ = false;
    // Waypoints, from the CLI's default seed (the first free cell of the largest free area).
    seed_ = userSeed_ && map_.inBounds(*userSeed_) && map_.passable(userSeed_->x, userSeed_->y)
                ? *userSeed_
                : defaultWaypointSeed(map_, 0);
    waypoints_ = {};
    // The flood that builds the waypoints is also the waypoints timeline at its end: kept for it rather
    // than flooded a second time by seek(length()) below (on a 1024 x 1024 map, about a second each).
    std::unique_ptr<WaypointFlood> flood;
    if (seed_.x >= 0) {
        WaypointOptions options;
        options.seed = centre(seed_);
        options.step = step_;
        try {
            const auto started = Clock::now();
            flood = std::make_unique<WaypointFlood>(map_, options);
            while (flood->step()) {
            }
            waypoints_ = flood->result();  // what buildWaypoints() gives: the same flood, run to its end
            waypoints_.buildSeconds = microsSince(started) / 1e6;
        } catch (const InputError& e) {
            error_ = e.what();
            flood.reset();
        }
    }
    // In the regions view the split quadtree at its last step is the timeline's end too: kept (a copy
    // before the splitter is spent linking) rather than split a second time by seek(length()) below.
    std::unique_ptr<RegionSplitter> splitAtEnd;
    auto started = Clock::now();
    try {
        RegionSplitter splitter(map_);  // what RegionMap::build() runs
        while (splitter.step()) {
        }
        const auto split = Clock::now();
        if (view_ == MapsView::Regions) splitAtEnd = std::make_unique<RegionSplitter>(splitter);
        started += Clock::now() - split;  // the copy is not the build's time
        regions_ = splitter.finish();
    } catch (const InputError& e) {
        regions_ = {};
        splitAtEnd.reset();
        if (error_.empty()) error_ = e.what();
    }
    regionsSeconds_ = microsSince(started) / 1e6;
    // The lookup table of the waypoint graph, within its memory budget.
    table_.reset();
    if (tableBytesNeeded() <= kTableBudgetBytes && waypoints_.graph.vertexCount() <= LookupTable::kMaxVertices)
        table_ = std::make_unique<LookupTable>(LookupTable::build(waypoints_.graph));
    buildNavmesh();
    answerQuery();
    placeEntities();
    position_ = length();
    resetTimeline();
    if (view_ == MapsView::Waypoints && flood) flood_ = std::move(flood);  // already at the end
    if (splitter_ && splitAtEnd) splitter_ = std::move(splitAtEnd);
    seek(length());
    ++serial_;
}

void MapsState::setWorldEntities(Vec2 worldSize, std::vector<PositionedEntity> entities, std::optional<EntityId> selected) {
    worldSize_ = worldSize;
    worldEntities_ = std::move(entities);
    selectedEntity_ = selected;
    placeEntities();
    ++serial_;
}

Vec2 MapsState::toMap(Vec2 world) const {
    // Stretched, then kept inside: a point on the world's far edge lies in the last column or row.
    auto along = [](double v, double worldSide, int mapSide) {
        double m = worldSide > 0 ? v / worldSide * mapSide : 0;
        return std::clamp(m, 0.0, std::nextafter(static_cast<double>(mapSide), 0.0));
    };
    return {along(world.x, worldSize_.x, map_.width()), along(world.y, worldSize_.y, map_.height())};
}

void MapsState::placeEntities() {
    entities_.clear();
    entities_.reserve(worldEntities_.size());
    for (const PositionedEntity& e : worldEntities_) entities_.push_back({e.id, toMap(e.position)});
    selectedRegion_ = -1;
    entitiesInRegion_.clear();
    if (!selectedEntity_) return;
    auto it = std::find_if(entities_.begin(), entities_.end(), [&](const PositionedEntity& e) { return e.id == *selectedEntity_; });
    if (it == entities_.end()) return;
    selectedRegion_ = regions_.regionAt(it->position);
    entitiesInRegion_ = regions_.entitiesInRegionOf(it->position, entities_);
}

std::size_t MapsState::tableBytesNeeded() const {
    std::size_t n = waypoints_.graph.vertexCount();
    return n * n * (sizeof(std::int32_t) + sizeof(double));
}

void MapsState::buildNavmesh() {
    navmesh_.reset();
    navmeshError_.clear();
    navmeshCancelled_ = false;
    if (progress_) progress_->cancel = true;  // an older build stops after its current tile...
    building_ = {};                           // ...and its future waits for that here
    progress_.reset();
    buildStarted_ = Clock::now();
    // The build's steps are kept for the timeline when their records fit the budget (checked first).
    NavMeshOptions options = navMeshOptions();
    options.recordStages = navStageBytesNeeded(map_) <= options.stageBudgetBytes;
    navStagesRefused_.clear();
    if (!options.recordStages)
        navStagesRefused_ = std::to_string(navStageBytesNeeded(map_) >> 20) + " MiB > " + std::to_string(options.stageBudgetBytes >> 20) + " MiB";
    if (map_.cellCount() <= kSyncNavmeshCells) {
        try {
            navmesh_ = NavMesh::build(map_, options);
        } catch (const InputError& e) {
            navmeshError_ = e.what();
        }
        navmeshSeconds_ = microsSince(buildStarted_) / 1e6;
        return;
    }
    progress_ = std::make_shared<BuildShared>();
    building_ = std::async(std::launch::async, [map = map_, shared = progress_, options]() mutable {
        options.progress = [shared](std::size_t done, std::size_t total) {
            shared->done = done;
            shared->total = total;
            return !shared->cancel.load();
        };
        return NavMesh::build(map, options);
    });
}

bool MapsState::poll() {
    if (!building_.valid() || building_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
    try {
        NavMesh built = building_.get();
        if (progress_ && progress_->cancel) navmeshCancelled_ = true;  // cancelled after its last tile: dropped
        else navmesh_ = std::move(built);
    } catch (const InputError& e) {
        navmeshError_ = e.what();
    } catch (const BuildCancelled&) {
        navmeshCancelled_ = true;
    }
    building_ = {};
    navmeshSeconds_ = microsSince(buildStarted_) / 1e6;
    answerQuery();
    if (view_ == MapsView::Navmesh) {
        position_ = length();
        seek(length());
    }
    ++serial_;
    return true;
}

double MapsState::navmeshElapsedSeconds() const {
    return building_.valid() ? microsSince(buildStarted_) / 1e6 : navmeshSeconds_;
}

void MapsState::cancelNavmesh() {
    if (progress_ && building_.valid()) progress_->cancel = true;  // poll() picks up the end
}

void MapsState::restartNavmesh() {
    if (building_.valid()) return;
    buildNavmesh();
    answerQuery();
    ++serial_;
}

void MapsState::answerQuery() {
    query_ = {};
    if (!map_.passable(start_) || !map_.passable(goal_)) return;
    Vec2 s = centre(start_), g = centre(goal_);
    // The grid optimum: A*, octile, no corner cutting (the benchmarks' cost model).
    {
        auto t = Clock::now();
        gridSearch_.prepare(map_);  // nothing to do while the map is unchanged
        if (gridPreparedRevision_ != map_.revision()) {
            gridPrepareSeconds_ = microsSince(t) / 1e6;
            gridPreparedRevision_ = map_.revision();
        }
        t = Clock::now();
        SearchResult r = gridSearch_.find(map_, start_, goal_);
        query_.grid.micros = microsSince(t);
        query_.grid.found = r.found();
        query_.grid.length = r.length;
        for (GridPoint p : gridSearch_.path()) query_.grid.points.push_back(centre(p));
    }
    if (waypoints_.graph.vertexCount() > 0) {
        auto t = Clock::now();
        WaypointRoute route = routeOnWaypoints(map_, waypoints_, s, g);
        query_.waypoints.micros = microsSince(t);
        query_.waypoints.found = route.found;
        query_.waypoints.length = route.length;
        query_.waypoints.points = route.points;
    }
    {
        auto t = Clock::now();
        RegionRoute route = regions_.findRoute(map_, start_, goal_);
        query_.regions.micros = microsSince(t);
        query_.regions.found = route.found;
        query_.regions.length = route.length;
        for (GridPoint p : route.cells) query_.regions.points.push_back(centre(p));
        query_.regionCorridor = route.regions;
    }
    if (navmesh_) {
        auto t = Clock::now();
        NavPath path = navmesh_->findPath(s, g);
        query_.funnel.micros = microsSince(t);
        query_.funnel.found = path.found;
        query_.funnel.length = path.length;
        query_.funnel.points = path.points;
        query_.corridor = path.polygons;
        if (path.found) {
            query_.midpoints.found = true;
            query_.midpoints.points = portalMidpointPath(s, g, navmesh_->portals(path.polygons));
            query_.midpoints.length = polylineLength(query_.midpoints.points);
            query_.midpoints.micros = query_.funnel.micros;
        }
    }
    if (table_) {
        // Read from the table: the best waypoint in sight of the start to the best in sight of the goal,
        // over every pair (the same minimum the waypoint route's multi-source Dijkstra finds).
        auto t = Clock::now();
        if (lineOfSight(map_, s, g, 0)) {
            query_.table = {true, std::hypot(g.x - s.x, g.y - s.y), {s, g}, 0};
        } else {
            auto entries = waypointsInSight(map_, waypoints_, s, 0, 8);
            auto exits = waypointsInSight(map_, waypoints_, g, 0, 8);
            const Graph& graph = waypoints_.graph;
            double best = std::numeric_limits<double>::infinity();
            VertexIndex bestEntry = kNoVertex, bestExit = kNoVertex;
            for (VertexIndex e : entries)
                for (VertexIndex x : exits) {
                    Vec2 pe = graph.vertex(e).position, px = graph.vertex(x).position;
                    double total = std::hypot(pe.x - s.x, pe.y - s.y) + table_->cost(e, x) + std::hypot(g.x - px.x, g.y - px.y);
                    if (total < best) best = total, bestEntry = e, bestExit = x;
                }
            if (bestEntry != kNoVertex && std::isfinite(best)) {
                query_.table.found = true;
                query_.table.length = best;
                query_.table.points.push_back(s);
                for (VertexIndex v : table_->path(bestEntry, bestExit)) query_.table.points.push_back(graph.vertex(v).position);
                query_.table.points.push_back(g);
            }
        }
        query_.table.micros = microsSince(t);
    }
}

void MapsState::setView(MapsView view) {
    if (view == view_) return;
    view_ = view;
    position_ = length();
    resetTimeline();
    seek(length());
    ++serial_;
}

std::size_t MapsState::length() const {
    switch (view_) {
        case MapsView::Waypoints: return waypoints_.graph.vertexCount();
        case MapsView::Regions: return regions_.quadtreeNodes() - regions_.regions().size();  // the splits
        case MapsView::Navmesh: return navmesh_ ? navmesh_->tiles().size() * navStepsPerTile() : 0;
        case MapsView::Table: return 0;
    }
    return 0;
}

std::size_t MapsState::navStepsPerTile() const {
    return navmesh_ && !navmesh_->stages().empty() ? static_cast<std::size_t>(kNavStages) : 1;
}

std::optional<MapsState::NavStep> MapsState::navStep() const {
    if (!navmesh_ || view_ != MapsView::Navmesh || position_ == 0) return std::nullopt;
    const std::size_t per = navStepsPerTile();
    NavStep step;
    step.tile = (position_ - 1) / per;
    step.stage = per == 1 ? NavStage::Polygons : static_cast<NavStage>((position_ - 1) % per);
    return step;
}

std::size_t MapsState::navPolygonsShown() const {
    if (!navmesh_) return 0;
    if (view_ != MapsView::Navmesh) return navmesh_->polygons().size();
    auto step = navStep();
    if (!step) return 0;
    const NavTile& tile = navmesh_->tiles()[step->tile];
    return static_cast<std::size_t>(tile.firstPolygon + (step->stage == NavStage::Polygons ? tile.polygonCount : 0));
}

void MapsState::resetTimeline() {
    flood_.reset();
    splitter_.reset();
    if (view_ == MapsView::Regions && !regions_.regions().empty()) splitter_ = std::make_unique<RegionSplitter>(map_);
    if (view_ == MapsView::Waypoints && seed_.x >= 0) {
        WaypointOptions options;
        options.seed = centre(seed_);
        options.step = step_;
        try {
            flood_ = std::make_unique<WaypointFlood>(map_, options);
        } catch (const InputError&) {
            flood_.reset();
        }
    }
}

void MapsState::seek(std::size_t position) {
    position = std::min(position, length());
    if (view_ == MapsView::Waypoints && flood_) {
        if (position < flood_->taken()) resetTimeline();
        while (flood_ && flood_->taken() < position && flood_->step()) {
        }
    }
    if (view_ == MapsView::Regions && splitter_) {
        if (position < splitter_->splits()) resetTimeline();
        while (splitter_ && splitter_->splits() < position && splitter_->step()) {
        }
    }
    position_ = position;
    ++serial_;
}

}  // namespace aoilab::app
