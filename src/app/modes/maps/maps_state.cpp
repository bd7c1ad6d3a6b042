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

MapsState::MapsState() : map_(defaultMapsMap()), mapName_("default"), start_{1, 1}, goal_{30, 14} { rebuild(BuildCause::Map); }

MapsState::~MapsState() {
    job_.cancelAndWait();     // the representations' build stops at its next report
    navJob_.cancelAndWait();  // the navmesh's stops after its tile
}

const char* MapsState::buildCauseName(BuildCause cause) {
    switch (cause) {
        case BuildCause::Map: return "map";
        case BuildCause::Step: return "step";
        case BuildCause::Seed: return "seed";
        case BuildCause::Stroke: return "stroke";
    }
    return "?";
}

MapsState::BuildTarget MapsState::nextTarget(BuildCause cause) const {
    BuildTarget target;
    if (target_) {
        target = *target_;
    } else {
        target.map = std::make_shared<const GridMap>(map_);
        target.name = mapName_;
        target.step = step_;
        target.userSeed = userSeed_;
        target.start = start_;
        target.goal = goal_;
    }
    target.cause = cause;
    return target;
}

void MapsState::setMap(GridMap map, std::string name) {
    if (std::string why = navMeshBudgetRefusal(map, navMeshOptions()); !why.empty()) throw InputError(why);
    if (std::string why = mapRefusal(SearchOptions{}, map); !why.empty()) throw InputError(why);  // the grid optimum's A*
    BuildTarget target = nextTarget(BuildCause::Map);
    target.map = std::make_shared<const GridMap>(std::move(map));
    target.name = std::move(name);
    target.newMap = true;
    target.stroke = false;  // the new map replaces the painted one
    auto fits = [&](GridPoint p) { return target.map->passable(p); };
    if (!fits(target.start) || !fits(target.goal)) {
        // The first and the last passable cells: a query that spans the map.
        target.start = target.map->firstPassable().x >= 0 ? target.map->firstPassable() : GridPoint{0, 0};
        target.goal = target.map->lastPassable().x >= 0 ? target.map->lastPassable() : GridPoint{0, 0};
    }
    requestBuild(std::move(target));
}

bool MapsState::paint(GridPoint cell, bool wall) {
    if (building()) return false;  // the shown map waits for the build (the progress window is modal)
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
    rebuild(BuildCause::Stroke);
    return true;
}

bool MapsState::finishPaint() {
    if (!paintPending_ || building()) return false;
    rebuild(BuildCause::Stroke);
    return true;
}

void MapsState::setQuery(GridPoint start, GridPoint goal) {
    if (target_) {  // answered when the build is in, on its map
        target_->start = target_->map->clampInside(start);
        target_->goal = target_->map->clampInside(goal);
        return;
    }
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
    BuildTarget target = nextTarget(BuildCause::Step);
    if (!target.stepBefore) target.stepBefore = target.step;
    target.step = step;
    requestBuild(std::move(target));
    return building() ? std::string() : takeBuildRefusal();
}

std::string MapsState::setSeed(GridPoint seed) {
    const GridMap& map = targetMap();
    if (!map.inBounds(seed)) return "the seed is outside the map";
    if (!map.passable(seed.x, seed.y)) return "the seed is on a wall";
    BuildTarget target = nextTarget(BuildCause::Seed);
    target.userSeed = seed;
    target.newSeed = true;
    requestBuild(std::move(target));
    return {};
}

void MapsState::rebuild(BuildCause cause) {
    BuildTarget target = nextTarget(cause);
    target.stroke = cause == BuildCause::Stroke;
    requestBuild(std::move(target));
}

void MapsState::holdLargeBuilds(bool hold) {
    holdLargeBuilds_ = hold;
    if (!hold && buildHeld_) requestBuild(std::move(*target_));
}

void MapsState::requestBuild(BuildTarget target) {
    job_.discard();  // a build in progress is replaced by this one, which carries its changes
    MapsBuildInput input;
    input.map = target.map;
    const GridMap& map = *target.map;
    input.userSeed = target.userSeed;
    input.step = target.step;
    input.keepSplit = view_ == MapsView::Regions;
    input.tableBudgetBytes = kTableBudgetBytes;
    const bool onWorker = map.cellCount() > backgroundBuildCells_;
    target_ = std::move(target);
    buildHeld_ = onWorker && holdLargeBuilds_;
    if (buildHeld_) return;
    buildPhase_->store(0);
    job_.start([input, phase = buildPhase_](const BuildProgress& progress) {
        return buildMapsRepresentations(input, [&](MapsBuildPhase p, std::size_t done, std::size_t total) {
            phase->store(static_cast<int>(p));
            return progress(done, total);
        });
    }, onWorker);
    if (!onWorker) pollBuild();  // done already
}

bool MapsState::pollBuild() {
    if (!job_.finished()) return false;
    BuildTarget target = std::move(*target_);
    target_.reset();
    try {
        MapsBuilt built = job_.take();
        if (job_.cancelled()) throw BuildCancelled{};  // Cancel came as it ended: what was shown stays all the same
        if (target.stepBefore && !built.error.empty()) {
            // The flood refused the step: the old step stays, with whatever else was asked for.
            buildRefusal_ = built.error;
            target.step = *target.stepBefore;
            target.stepBefore.reset();
            if (target.newMap || target.stroke || target.newSeed) requestBuild(std::move(target));
            return true;
        }
        adopt(std::move(built), std::move(target));
    } catch (const BuildCancelled&) {
        // Everything stays as it was; a stroke's cells go back to the map the representations show.
        if (target.stroke && builtMap_) {
            map_ = *builtMap_;
            paintPending_ = false;
        }
        ++serial_;
    } catch (const std::exception& e) {  // out of memory, say: what was shown stays
        buildRefusal_ = e.what();
        ++serial_;
    }
    return true;
}

void MapsState::adopt(MapsBuilt built, BuildTarget target) {
    if (target.newMap) {
        map_ = *built.map;
        mapName_ = std::move(target.name);
    }
    builtMap_ = built.map;
    step_ = target.step;
    userSeed_ = target.userSeed;
    seed_ = built.seed;
    start_ = target.start;
    goal_ = target.goal;
    error_ = built.error;
    paintPending_ = false;
    waypoints_ = std::move(built.waypoints);
    floodHistory_ = std::move(built.floodHistory);
    regions_ = std::move(built.regions);
    regionsSeconds_ = built.regionsSeconds;
    table_ = std::move(built.table);
    buildNavmesh();
    answerQuery();
    placeEntities();
    position_ = length();
    // The split that built the regions is the regions timeline's end: kept rather than made anew (a new
    // splitter counts its leaves in a whole pass) and run a second time by seek(length()) below.
    if (view_ == MapsView::Regions && built.split && !regions_.regions().empty()) splitter_ = std::move(built.split);
    else resetTimeline();
    seekNow(target.position.value_or(length()));
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
    entryWaypoints_.clear();
    if (const std::optional<Vec2> mine = selectedEntityPosition()) {
        selectedRegion_ = regions_.regionAt(*mine);
        entitiesInRegion_ = regions_.entitiesInRegionOf(*mine, entities_);
        // The same radius as the query's waypoint route (routeOnWaypoints' default): a point agent.
        if (pointFits(map_, *mine)) entryWaypoints_ = waypointsInSight(map_, waypoints_, *mine, 0, kWaypointEntries);
    }
    placeSelectedInNavmesh();
}

std::optional<Vec2> MapsState::selectedEntityPosition() const {
    if (!selectedEntity_) return std::nullopt;
    auto it = std::find_if(entities_.begin(), entities_.end(), [&](const PositionedEntity& e) { return e.id == *selectedEntity_; });
    if (it == entities_.end()) return std::nullopt;
    return it->position;
}

// Apart from placeEntities(): the navmesh may come in later than the other representations (it builds
// on its own thread on large maps).
void MapsState::placeSelectedInNavmesh() {
    selectedPolygon_ = -1;
    entitiesInPolygon_.clear();
    const std::optional<Vec2> mine = selectedEntityPosition();
    if (!navmesh_ || !mine) return;
    selectedPolygon_ = navmesh_->polygonAt(*mine);
    entitiesInPolygon_ = navmesh_->entitiesInPolygonOf(*mine, entities_);
}

std::size_t MapsState::tableBytesNeeded() const { return lookupTableBytes(waypoints_.graph.vertexCount()); }

void MapsState::buildNavmesh() {
    navmesh_.reset();
    navmeshError_.clear();
    navmeshCancelled_ = false;
    navJob_.clear();  // an older build stops after its current tile and is dropped
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
    navJob_.start([map = map_, options](const BuildProgress& progress) mutable {
        options.progress = progress;  // tiles done of all; false once cancelled
        return NavMesh::build(map, options);
    }, true);
}

bool MapsState::poll() {
    const bool built = pollBuild();
    return pollNavmesh() || built;
}

bool MapsState::pollNavmesh() {
    if (!navJob_.finished()) return false;
    try {
        NavMesh built = navJob_.take();
        if (navJob_.cancelled()) navmeshCancelled_ = true;  // cancelled after its last tile: dropped
        else navmesh_ = std::move(built);
    } catch (const InputError& e) {
        navmeshError_ = e.what();
    } catch (const BuildCancelled&) {
        navmeshCancelled_ = true;
    } catch (const std::exception& e) {  // out of memory, say (the page's 4 GiB): no navmesh, the message shown
        navmeshError_ = e.what();
    }
    navmeshSeconds_ = microsSince(buildStarted_) / 1e6;
    answerQuery();
    placeSelectedInNavmesh();
    if (view_ == MapsView::Navmesh) {
        position_ = length();
        seekNow(length());
    }
    ++serial_;
    return true;
}

double MapsState::navmeshElapsedSeconds() const {
    return navJob_.busy() ? microsSince(buildStarted_) / 1e6 : navmeshSeconds_;
}

void MapsState::cancelNavmesh() {
    if (navJob_.busy()) navJob_.cancel();  // poll() picks up the end
}

void MapsState::restartNavmesh() {
    if (navJob_.busy()) return;
    buildNavmesh();
    answerQuery();
    placeSelectedInNavmesh();
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
            auto entries = waypointsInSight(map_, waypoints_, s, 0, kWaypointEntries);
            auto exits = waypointsInSight(map_, waypoints_, g, 0, kWaypointEntries);
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
    seekNow(length());
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
    splitter_.reset();
    if (view_ == MapsView::Regions && !regions_.regions().empty()) splitter_ = std::make_unique<RegionSplitter>(*builtMap_);
}

std::optional<WaypointFloodAt> MapsState::floodAt() const {
    if (view_ != MapsView::Waypoints || floodHistory_.after.empty()) return std::nullopt;
    return WaypointFloodAt{&waypoints_.graph, &floodHistory_, std::min(position_, floodHistory_.after.size() - 1)};
}

void MapsState::seek(std::size_t position) {
    if (target_) target_->position = position;  // where the timeline goes when the build is in
    else seekNow(position);
}

void MapsState::seekNow(std::size_t position) {
    position = std::min(position, length());  // the waypoints view reads its flood at the position
    if (view_ == MapsView::Regions && splitter_) {
        if (position < splitter_->splits()) resetTimeline();
        while (splitter_ && splitter_->splits() < position && splitter_->step()) {
        }
    }
    position_ = position;
    ++serial_;
}

}  // namespace aoilab::app
