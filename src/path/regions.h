#pragma once
// Quadtree regions (the path-planning article's region partition): the map is split into four until a
// node is all passable, all blocked, or no larger than the minimum size (then it is "mixed"). The
// leaves are the regions. Two regions are adjacent when a free cell of one is a 4-neighbour of a free
// cell of the other (with no corner cutting, that is exactly when a grid path can cross between them).
// Uses: a path over regions refined on the grid inside them, and "which entities share my region" as
// a cheap perception filter for AI.
#include <cstddef>
#include <vector>

#include "core/entity.h"
#include "core/geometry.h"
#include "path/graph.h"
#include "path/grid_map.h"

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
    // grid restricted to the corridor's cells.
    RegionRoute findRoute(const GridMap& map, GridPoint from, GridPoint to) const;

    // Ids of the entities (other than none) standing in the same region as `position`; empty when the
    // position is outside the map or in a blocked region.
    std::vector<EntityId> entitiesInRegionOf(Vec2 position, const std::vector<PositionedEntity>& entities) const;

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

}  // namespace aoilab
