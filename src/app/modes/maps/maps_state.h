#pragma once
// The map representations workbench's model, without ImGui: one grid map seen as flood-fill waypoints,
// quadtree regions, a navmesh and a lookup table of the waypoint graph, each built by the engines of
// src/path with the parameters `aoilab-cli waypoints|regions|navmesh` use, and one query answered on
// each of them (and on the grid itself, the optimum).
//
// Timeline, per view: waypoints, the points taken from the flood's queue (the finished flood read at
// step N from its history: any position at once, exact); regions, the quadtree after N splits (a RegionSplitter stepped N times: the leaves made so
// far, the nodes not split yet, the node just split); navmesh, Recast's stages tile by tile (walkable
// cells, regions, contours, polygons: the tiles before drawn finished; one step a tile when the stage
// records would not fit their budget); the table has none. Seeking back in the regions view replays the
// split from the start (exact).
//
// Entities in my region: the AOI world's entities laid on the map (the world's rectangle stretched over
// the map's, so every entity lands on a cell), the selected one's region and the entities sharing it
// (RegionMap::entitiesInRegionOf on the finished regions), its polygon and the entities sharing it
// (NavMesh::entitiesInPolygonOf), and the waypoints in its sight.
//
// A navmesh of a large map takes seconds: maps above kSyncNavmeshCells cells build it on a background
// thread; the view says "building" until it is there, and an edit abandons a build in progress.
// The waypoints, regions and table of a large map take seconds too (about 2 s at 1024 x 1024): maps
// above backgroundBuildCells() cells build them on a worker thread (maps_build.h), with progress and
// Cancel. What is shown (map, step, seed, query, representations) stays as it was until the build is in;
// the setters meanwhile change what is being built (setMap, setStep, setSeed restart it; setQuery and
// seek wait for it). Cancel keeps everything as it was (a stroke's cells are put back).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/background_job.h"
#include "app/modes/maps/maps_build.h"
#include "core/limits.h"
#include "path/grid_map.h"
#include "path/grid_search.h"
#include "path/lookup_table.h"
#include "path/navmesh.h"
#include "path/regions.h"
#include "path/waypoints.h"

namespace aoilab::app {

enum class MapsView { Waypoints, Regions, Navmesh, Table };
const char* mapsViewName(MapsView view);

// One representation's answer to the query.
struct MapsRoute {
    bool found = false;
    double length = 0;
    std::vector<Vec2> points;  // polyline in map units
    double micros = 0;         // the engine's time for this query
};

struct MapsQuery {
    MapsRoute grid, waypoints, regions, funnel, midpoints, table;
    std::vector<int> corridor;        // navmesh polygons from start to goal
    std::vector<int> regionCorridor;  // regions from start to goal
};

class MapsState {
public:
    static constexpr int kSyncNavmeshCells = 128 * 128;
    static constexpr std::size_t kTableBudgetBytes = (256u << 20) / kMemoryBudgetDivisor;  // the lookup table's memory budget

    MapsState();
    ~MapsState();
    MapsState(const MapsState&) = delete;
    MapsState& operator=(const MapsState&) = delete;

    const GridMap& map() const { return map_; }
    // The map the next edits and queries apply to: the one being built, else map().
    const GridMap& targetMap() const { return target_ ? *target_->map : map_; }
    const std::string& mapName() const { return mapName_; }
    // Throws InputError, before anything changes, when the map's navmesh would not fit its memory budget
    // (estimateNavMeshBytes; the message gives the size it would need).
    void setMap(GridMap map, std::string name);
    // Rebuilds everything; false when nothing changed, or when the wall would take the navmesh past its
    // budget (paintRefusal() then says so). On maps above livePaintCells() cells (a rebuild takes
    // seconds there: about 2 s at 1024 x 1024) the cell changes at once but the rebuild waits for
    // finishPaint(), which the paint tool calls when the stroke ends.
    bool paint(GridPoint cell, bool wall);
    bool finishPaint();  // rebuilds after a stroke's deferred cells; false when there were none
    bool paintPending() const { return paintPending_; }  // cells painted since the last rebuild
    static constexpr int kLivePaintCells = 256 * 256;
    int livePaintCells() const { return livePaintCells_; }
    void setLivePaintCells(int cells) { livePaintCells_ = cells; }  // tests
    const std::string& paintRefusal() const { return paintRefusal_; }
    // The navmesh's memory budget (kNavMeshBudgetBytes): tests lower it to reach the refusals on small maps.
    void setNavMeshBudgetBytes(std::size_t bytes) { navMeshBudgetBytes_ = bytes; }
    GridPoint start() const { return start_; }
    GridPoint goal() const { return goal_; }
    void setQuery(GridPoint start, GridPoint goal);
    double step() const { return step_; }
    std::string setStep(double step);  // "" or why not (the waypoints stay as they were)
    GridPoint seed() const { return seed_; }
    // The flood's seed: "" or why not (outside the map, or a wall; the waypoints stay as they were).
    // It is kept across rebuilds while its cell is free; otherwise the CLI's default seed is used.
    std::string setSeed(GridPoint seed);

    MapsView view() const { return view_; }
    void setView(MapsView view);  // the timeline goes to the end of the new view's build

    // The timeline of the current view.
    std::size_t position() const { return position_; }
    std::size_t length() const;
    void seek(std::size_t position);

    // The built representations (read-only views for the panels and the scene).
    const WaypointGraph& waypoints() const { return waypoints_; }
    const WaypointFloodHistory& floodHistory() const { return floodHistory_; }  // every link, refusal, count per step
    // The flood at the timeline position, read from its history (waypoints view; nullopt in the other
    // views, or when the flood failed).
    std::optional<WaypointFloodAt> floodAt() const;
    const RegionMap& regions() const { return regions_; }
    // The quadtree split at the timeline position (regions view; nullptr in the other views).
    const RegionSplitter* regionSplitter() const { return splitter_.get(); }
    const NavMesh* navmesh() const { return navmesh_ ? &*navmesh_ : nullptr; }  // nullptr while building
    bool navmeshBuilding() const { return navJob_.busy(); }
    double navmeshBuildSeconds() const { return navmeshSeconds_; }
    // The background build: tiles done of all (as NavMesh::build reports them), the time so far, and
    // Cancel (the build stops after its current tile; an edit cancels it and starts a new one).
    std::size_t navmeshTilesDone() const { return navJob_.done(); }
    std::size_t navmeshTilesTotal() const { return navJob_.total(); }
    double navmeshElapsedSeconds() const;
    void cancelNavmesh();
    bool navmeshCancelled() const { return navmeshCancelled_; }
    void restartNavmesh();  // after a cancel
    const std::string& navmeshError() const { return navmeshError_; }
    // The navmesh timeline: steps per tile (kNavStages, or 1 when the stages were not recorded), the tile
    // and stage at the timeline position (nullopt at 0), and the polygons finished by then (the mesh's
    // polygons [0, n): tiles are built, and numbered, in order).
    struct NavStep {
        std::size_t tile = 0;
        NavStage stage = NavStage::Polygons;
    };
    std::size_t navStepsPerTile() const;
    std::optional<NavStep> navStep() const;
    std::size_t navPolygonsShown() const;
    // Why the stages were not recorded ("" when they were): the MiB they could need and the budget.
    const std::string& navStagesRefused() const { return navStagesRefused_; }
    const LookupTable* table() const { return table_.get(); }
    std::size_t tableBytesNeeded() const;  // of the waypoint graph's tables
    double regionsBuildSeconds() const { return regionsSeconds_; }
    // The grid optimum's per-map work (its table of allowed moves, GridSearch::prepare), done once per
    // map and kept apart from its query time like the other representations' builds.
    double gridPrepareSeconds() const { return gridPrepareSeconds_; }
    std::uint64_t gridPreparedRevision() const { return gridPreparedRevision_; }  // the map it was measured on
    const MapsQuery& query() const { return query_; }
    const std::string& error() const { return error_; }  // a build that failed, with why

    // The AOI world's entities (world units, the world's size) and the selected one; kept across map
    // changes and rebuilds (laid on each new map again).
    void setWorldEntities(Vec2 worldSize, std::vector<PositionedEntity> entities, std::optional<EntityId> selected);
    // The entities on the map (map units), in the world's order.
    const std::vector<PositionedEntity>& entities() const { return entities_; }
    std::optional<EntityId> selectedEntity() const { return selectedEntity_; }
    // Where the selected entity stands on the map; nullopt when none is selected or it is not in the world.
    std::optional<Vec2> selectedEntityPosition() const;
    // The region of the selected entity (-1: none selected, or not on the map) and the entities in it,
    // as the engine answers (the selected one included); empty in a blocked region.
    int selectedRegion() const { return selectedRegion_; }
    const std::vector<EntityId>& entitiesInRegion() const { return entitiesInRegion_; }
    // The same in the navmesh (NavMesh::entitiesInPolygonOf): the selected entity's polygon (-1: none
    // selected, on blocked ground, or the mesh not built yet) and the entities in it.
    int selectedPolygon() const { return selectedPolygon_; }
    const std::vector<EntityId>& entitiesInPolygon() const { return entitiesInPolygon_; }
    // The waypoints in sight of the selected entity, nearest first (waypointsInSight, at most
    // kWaypointEntries): where a route from it would join the waypoint graph.
    const std::vector<VertexIndex>& entryWaypoints() const { return entryWaypoints_; }
    Vec2 toMap(Vec2 world) const;  // a world point on the map, inside it

    // The background build of the waypoints, regions and table (maps above backgroundBuildCells()).
    static constexpr int kBackgroundBuildCells = 256 * 256;
    void setBackgroundBuildCells(int cells) { backgroundBuildCells_ = cells; }  // tests
    enum class BuildCause { Map, Step, Seed, Stroke };  // what started the build in progress (the last request)
    static const char* buildCauseName(BuildCause cause);  // "map", "step", "seed", "stroke"
    bool building() const { return job_.busy(); }
    // While the workbench is not shown, a build that would go to the worker waits (a --map given for the
    // Search workbench must not spend a core and memory on regions nobody looks at); it starts when the
    // hold is lifted (the workbench shown). A build already under way goes on.
    void holdLargeBuilds(bool hold);
    bool buildHeld() const { return buildHeld_; }
    BuildCause buildCause() const { return target_ ? target_->cause : BuildCause::Map; }
    MapsBuildPhase buildPhase() const { return static_cast<MapsBuildPhase>(buildPhase_->load()); }
    std::size_t buildDone() const { return job_.done(); }
    std::size_t buildTotal() const { return job_.total(); }
    double buildSeconds() const { return job_.seconds(); }
    // Stops the build; poll() then keeps what was shown (and puts a stroke's cells back).
    void cancelBuild() { job_.cancel(); }
    // A step the build refused (the old step stays), once; "" when none.
    std::string takeBuildRefusal() { return std::exchange(buildRefusal_, {}); }

    // Once per frame: picks up a finished background build (the representations' or the navmesh's).
    // True when something changed.
    bool poll();
    std::uint64_t serial() const { return serial_; }

private:
    // What is being built: the shown values with the requested changes.
    struct BuildTarget {
        std::shared_ptr<const GridMap> map;
        std::string name;
        double step = 2;
        std::optional<GridPoint> userSeed;
        GridPoint start, goal;
        BuildCause cause = BuildCause::Map;
        bool newMap = false, stroke = false, newSeed = false;
        std::optional<double> stepBefore;  // set by setStep: the step to go back to when the flood refuses the new one
        std::optional<std::size_t> position;  // a seek while building
    };
    BuildTarget nextTarget(BuildCause cause) const;  // the build in progress's target, else the shown values
    void requestBuild(BuildTarget target);           // at once for small maps, else on the worker (or held)
    bool pollBuild();
    bool pollNavmesh();
    void seekNow(std::size_t position);
    void adopt(MapsBuilt built, BuildTarget target);
    NavMeshOptions navMeshOptions() const {
        NavMeshOptions options;
        options.budgetBytes = navMeshBudgetBytes_;
        return options;
    }
    void rebuild(BuildCause cause);  // every representation from the shown values, then the query
    void buildNavmesh();   // at once, or on a thread for large maps
    void answerQuery();
    void resetTimeline();  // the flood at 0 for the current view
    void placeEntities();  // the world's entities on the map, then the selected one's region, polygon and waypoints
    void placeSelectedInNavmesh();
    GridMap map_;
    std::shared_ptr<const GridMap> builtMap_;  // the map the representations were built from (the flood and split read it)
    std::string mapName_;
    GridPoint start_, goal_, seed_{-1, -1};
    std::optional<GridPoint> userSeed_;
    double step_ = 2;
    MapsView view_ = MapsView::Waypoints;
    std::size_t position_ = 0;
    WaypointGraph waypoints_;
    WaypointFloodHistory floodHistory_;
    RegionMap regions_;
    std::unique_ptr<RegionSplitter> splitter_;
    double regionsSeconds_ = 0;
    GridSearch gridSearch_;  // the grid optimum's A*, kept so its move table is built once per map
    double gridPrepareSeconds_ = 0;
    std::uint64_t gridPreparedRevision_ = 0;  // the map revision gridPrepareSeconds_ was measured on
    std::optional<NavMesh> navmesh_;
    BackgroundJob<NavMesh> navJob_;  // a large map's navmesh: on a worker thread (in the page, in slices)
    bool navmeshCancelled_ = false;
    std::chrono::steady_clock::time_point buildStarted_;
    double navmeshSeconds_ = 0;
    std::string navmeshError_;
    std::string navStagesRefused_;
    std::string paintRefusal_;
    bool paintPending_ = false;
    int livePaintCells_ = kLivePaintCells;
    std::size_t navMeshBudgetBytes_ = kNavMeshBudgetBytes;
    std::unique_ptr<LookupTable> table_;
    MapsQuery query_;
    std::string error_;
    Vec2 worldSize_{100, 100};
    std::vector<PositionedEntity> worldEntities_, entities_;
    std::optional<EntityId> selectedEntity_;
    int selectedRegion_ = -1;
    std::vector<EntityId> entitiesInRegion_;
    int selectedPolygon_ = -1;
    std::vector<EntityId> entitiesInPolygon_;
    std::vector<VertexIndex> entryWaypoints_;
    BackgroundJob<MapsBuilt> job_;
    bool holdLargeBuilds_ = false;
    bool buildHeld_ = false;  // target_ waits for the hold to be lifted
    std::optional<BuildTarget> target_;  // while job_ is busy, or while the build is held
    std::shared_ptr<std::atomic<int>> buildPhase_ = std::make_shared<std::atomic<int>>(0);
    int backgroundBuildCells_ = kBackgroundBuildCells;
    std::string buildRefusal_;
    std::uint64_t serial_ = 1;
};

// The map shown until the user opens one: rooms and walls, 32 x 16 (the maps lessons use it too).
GridMap defaultMapsMap();

}  // namespace aoilab::app
