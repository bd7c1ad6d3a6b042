#pragma once
// Quadtree regions (the path-planning article's region partition): the map is split into four until a
// node is all passable, all blocked, or no larger than the minimum size (then it is "mixed"). The
// leaves are the regions. Two regions are adjacent when a free cell of one is a 4-neighbour of a free
// cell of the other (with no corner cutting, that is exactly when a grid path can cross between them).
// Uses: a path over regions refined on the grid inside them, and "which entities share my region" as
// a cheap perception filter for AI.
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "core/entity.h"
#include "core/geometry.h"
#include "path/graph.h"
#include "path/graph_search.h"
#include "path/grid_map.h"
#include "path/grid_search.h"

namespace aoilab {

enum class RegionKind { Open, Blocked, Mixed };
const char* regionKindName(RegionKind kind);

struct Region {
    int x = 0, y = 0, width = 0, height = 0;  // cells [x, x+width) x [y, y+height)
    RegionKind kind = RegionKind::Open;
    int depth = 0;
    int freeCells = 0;
    Vec2 center() const { return {x + width / 2.0, y + height / 2.0}; }
};

struct RegionOptions {
    int minSize = 1;  // a mixed node no larger than this (on both sides) is not split further
};

struct PositionedEntity {
    EntityId id = 0;
    Vec2 position;
};

struct RegionRoute {
    bool found = false;
    std::vector<int> regions;     // the region corridor, start region first
    std::vector<GridPoint> cells; // grid path inside the corridor (every cell), start to goal
    double length = 0;            // octile length of `cells`
    bool refinedInCorridor = true; // false when the corridor had no grid path (a mixed region split
                                   // its free cells) and the whole map was searched instead
};

class RegionMap {
public:
    // Throws InputError unless minSize >= 1.
    static RegionMap build(const GridMap& map, const RegionOptions& options = {});

    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<Region>& regions() const { return regions_; }
    std::size_t quadtreeNodes() const { return nodes_; }  // inner nodes + leaves
    int maxDepth() const { return maxDepth_; }
    int regionOfCell(int x, int y) const;  // -1 outside the map
    int regionAt(Vec2 p) const;
    // Region graph: vertex i is region i (blocked regions have no edges); weight = centre distance.
    const Graph& adjacency() const { return adjacency_; }

    // Region corridor by Dijkstra on the region graph, then an octile A* (no corner cutting) on the
    // grid restricted to the corridor's cells (RegionRouteSearch::run).
    RegionRoute findRoute(const GridMap& map, GridPoint from, GridPoint to) const;

    // Ids of the entities (other than none) standing in the same region as `position`; empty when the
    // position is outside the map or in a blocked region.
    std::vector<EntityId> entitiesInRegionOf(Vec2 position, const std::vector<PositionedEntity>& entities) const;

    // The grid with every free cell outside the given regions blocked.
    GridMap corridorMap(const GridMap& map, const std::vector<int>& corridor) const;

private:
    void split(const GridMap& map, const std::vector<int>& freePrefix, int x, int y, int w, int h, int depth);

    int width_ = 0;
    int height_ = 0;
    int minSize_ = 1;
    std::vector<Region> regions_;
    std::vector<int> cellRegion_;
    Graph adjacency_;
    std::size_t nodes_ = 0;
    int maxDepth_ = 0;
};

// The phases of a region route: the region corridor (Dijkstra on the region graph), the grid A*
// inside the corridor, and, only when the corridor's free cells do not connect (a mixed region
// split them), the grid A* on the whole map.
enum class RegionRoutePhase { Idle, Regions, Corridor, WholeMap, Done };
const char* regionRoutePhaseName(RegionRoutePhase phase);

// What one RegionRouteSearch::step() did, in the phase it worked in (`phase`).
struct RegionRouteStep {
    RegionRoutePhase phase = RegionRoutePhase::Idle;
    // Regions: the region settled (closed) and the links that lowered a region's distance (opened when
    // oldDistance was unreachable, else updated).
    GraphSearchStep regions;
    // Corridor / WholeMap: the grid cells closed, opened, updated (as GridSearch::step reports them).
    std::vector<CellChange> cells;
    RegionRoutePhase next = RegionRoutePhase::Idle;  // the phase after this step (Done at the end)
};

// A region route one step at a time (the shape of GridSearch): step() does one region settle or one
// grid expansion and reports what changed; run() is the fast path; both give the same RegionRoute.
class RegionRouteSearch {
public:
    // The regions must outlive the search.
    explicit RegionRouteSearch(const RegionMap& regions) : regions_(regions) {}

    // Starts a route on `map` (the map the regions were built for: a copy is kept for the corridor
    // grid, the map itself must outlive the search). Throws InputError when the sizes differ.
    // A blocked start or goal finishes at once without a route.
    void start(const GridMap& map, GridPoint from, GridPoint to);
    RegionRouteStep step();
    RegionRoute run();

    RegionRoutePhase phase() const { return phase_; }
    bool finished() const { return phase_ == RegionRoutePhase::Done; }
    const RegionRoute& route() const { return route_; }  // complete once finished()
    // The searches for the panels: the region Dijkstra (from the first step on) and the grid A*.
    const GraphSearch* regionSearch() const { return regionSearch_ ? &*regionSearch_ : nullptr; }
    const GridSearch& gridSearch() const { return grid_; }
    const GridMap* corridorGrid() const { return corridor_.get(); }  // the grid the Corridor phase runs on

private:
    void afterRegions();
    void afterGrid();

    const RegionMap& regions_;
    const GridMap* map_ = nullptr;
    GridPoint from_;
    GridPoint to_;
    RegionRoutePhase phase_ = RegionRoutePhase::Idle;
    RegionRoute route_;
    std::optional<GraphSearch> regionSearch_;
    std::unique_ptr<GridMap> corridor_;
    GridSearch grid_;
};

}  // namespace aoilab
