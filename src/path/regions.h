#pragma once
// Quadtree regions (the path-planning article's region partition): the map is split into four until a
// node is all passable, all blocked, or no larger than the minimum size (then it is "mixed"). The
// leaves are the regions. Two regions are adjacent when a free cell of one is a 4-neighbour of a free
// cell of the other (with no corner cutting, that is exactly when a grid path can cross between them).
// Uses: a path over regions refined on the grid inside them, and "which entities share my region" as
// a cheap perception filter for AI.
//
// Memory: a region is a Region (28 bytes) plus its links in one flat array (compressed rows: 4 bytes
// per region and per link end); every cell holds its region (4 bytes). The build is refused before the
// work when it would need more than kRegionBudgetBytes (docs/LIMITS.md), with the size it would need.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/entity.h"
#include "core/geometry.h"
#include "core/build_progress.h"
#include "core/limits.h"
#include "path/graph.h"
#include "path/graph_search.h"
#include "path/grid_map.h"
#include "path/grid_search.h"
#include "path/positioned_entity.h"

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
    std::size_t budgetBytes = 0;  // 0 = kRegionBudgetBytes
};

// 1 GiB on the desktop: a 4096 x 4096 map of any content fits (the page: a quarter, core/limits.h).
constexpr std::size_t kRegionBudgetBytes = (std::size_t{1} << 30) / kMemoryBudgetDivisor;


struct RegionRoute {
    bool found = false;
    std::vector<int> regions;     // the region corridor, start region first
    std::vector<GridPoint> cells; // grid path inside the corridor (every cell), start to goal
    double length = 0;            // octile length of `cells`
    bool refinedInCorridor = true; // false when the corridor had no grid path (a mixed region split
                                   // its free cells) and the whole map was searched instead
};

// A quadtree node, cells [x, x+width) x [y, y+height).
struct QuadNode {
    int x = 0, y = 0, width = 0, height = 0, depth = 0;
    friend bool operator==(const QuadNode&, const QuadNode&) = default;
};

class RegionMap;

// The region build one split at a time (depth first, quadrants in reading order): each step() splits
// one mixed node into its quadrants; the leaves met on the way become regions, numbered in the order
// of RegionMap::build. After N steps: leaves() are the regions made so far, pending() the nodes made
// but not visited yet, lastSplit() the node the last step split. finish() gives RegionMap::build's map.
class RegionSplitter {
public:
    // Throws InputError unless minSize >= 1, or when the regions would need more than the budget (the
    // message gives the bytes they would need; the leaves are counted before any is kept).
    explicit RegionSplitter(const GridMap& map, const RegionOptions& options = {});

    bool step();  // one split; false when there is nothing left to split
    bool finished() const { return stack_.empty(); }
    std::size_t splits() const { return splits_; }
    std::size_t totalSplits() const { return totalSplits_; }  // the steps of the whole build
    const std::vector<Region>& leaves() const { return leaves_; }
    const std::vector<QuadNode>& pending() const { return stack_; }  // the next node to split is last
    const std::optional<QuadNode>& lastSplit() const { return lastSplit_; }
    RegionKind kindOf(const QuadNode& node) const;
    int freeIn(int x, int y, int w, int h) const;
    std::size_t bytesNeeded() const { return bytesNeeded_; }  // of the finished map, links excepted

    // Steps to the end and links the regions (the splitter is spent). Progress is reported in cells
    // linked, then the build may be cancelled.
    RegionMap finish(const BuildProgress& progress = {});

private:
    bool isLeaf(const QuadNode& node) const;
    void pushChildren(const QuadNode& node);
    void drainLeaves(bool keep);

    const GridMap* map_;
    RegionOptions options_;
    std::vector<std::int32_t> prefix_;  // summed-area table of free cells, one row and column of padding
    std::vector<QuadNode> stack_;
    std::vector<Region> leaves_;
    std::optional<QuadNode> lastSplit_;
    std::size_t splits_ = 0;
    std::size_t totalSplits_ = 0;
    std::size_t leafCount_ = 0;
    std::size_t totalLeaves_ = 0;
    int maxDepth_ = 0;
    std::size_t bytesNeeded_ = 0;
};

class RegionMap {
public:
    // Throws InputError unless minSize >= 1, or past the memory budget (with the bytes needed);
    // BuildCancelled when `progress` returns false.
    static RegionMap build(const GridMap& map, const RegionOptions& options = {}, const BuildProgress& progress = {});

    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<Region>& regions() const { return regions_; }
    std::size_t quadtreeNodes() const { return nodes_; }  // inner nodes + leaves
    int maxDepth() const { return maxDepth_; }
    int regionOfCell(int x, int y) const;  // -1 outside the map
    int regionAt(Vec2 p) const;
    // Region graph: region i's neighbours (blocked regions have none), ascending; a link's weight is
    // the distance between the two regions' centres.
    std::span<const std::int32_t> neighbours(int region) const;
    std::size_t linkCount() const { return linkTo_.size() / 2; }  // each pair once
    std::optional<double> linkWeight(int a, int b) const;         // nullopt when not linked
    double centreDistance(int a, int b) const;
    std::size_t memoryBytes() const;  // regions, links and the cell index

    // Region corridor by Dijkstra on the region graph, then an octile A* (no corner cutting) on the
    // grid restricted to the corridor's cells (RegionRouteSearch::run).
    RegionRoute findRoute(const GridMap& map, GridPoint from, GridPoint to) const;

    // Ids of the entities (other than none) standing in the same region as `position`; empty when the
    // position is outside the map or in a blocked region.
    std::vector<EntityId> entitiesInRegionOf(Vec2 position, const std::vector<PositionedEntity>& entities) const;

    // The grid with every free cell outside the given regions blocked.
    GridMap corridorMap(const GridMap& map, const std::vector<int>& corridor) const;

private:
    friend class RegionSplitter;
    void link(const GridMap& map, std::size_t budgetBytes, const BuildProgress& progress, std::size_t done, std::size_t total);

    int width_ = 0;
    int height_ = 0;
    int minSize_ = 1;
    std::vector<Region> regions_;
    std::vector<std::int32_t> cellRegion_;
    std::vector<std::uint32_t> linkStart_;  // region i's neighbours are linkTo_[linkStart_[i], linkStart_[i+1])
    std::vector<std::int32_t> linkTo_;
    std::size_t nodes_ = 0;
    int maxDepth_ = 0;
};

// Dijkstra over the region graph, one settled region per step (the region corridor of a route).
// Among equally short paths the one with fewer links wins; ties then go to the lower region index.
class RegionDijkstra {
public:
    explicit RegionDijkstra(const RegionMap& regions) : regions_(regions) {}
    void start(int source, int target);
    GraphSearchStep step();
    void run();
    bool finished() const { return finished_; }
    bool isClosed(int region) const { return closed_.at(static_cast<std::size_t>(region)) != 0; }
    double distance(int region) const { return distance_.at(static_cast<std::size_t>(region)); }
    const std::vector<int>& settleOrder() const { return settleOrder_; }
    std::vector<int> path() const;  // source .. target once finished; empty when unreachable

private:
    struct Entry {
        double distance;
        int hops;
        int region;
    };
    int settleNext(std::vector<EdgeRelaxation>* record);
    const RegionMap& regions_;
    int target_ = -1;
    std::vector<double> distance_;
    std::vector<int> predecessor_;
    std::vector<int> hops_;
    std::vector<char> closed_;
    std::vector<Entry> heap_;
    std::vector<int> settleOrder_;
    bool finished_ = true;
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
    const RegionDijkstra* regionSearch() const { return regionSearch_ ? &*regionSearch_ : nullptr; }
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
    std::optional<RegionDijkstra> regionSearch_;
    std::unique_ptr<GridMap> corridor_;
    GridSearch grid_;
};

}  // namespace aoilab
