#pragma once
// Line of sight on a GridMap in map coordinates: cell (x, y) is the square [x, x+1] x [y, y+1], x to the
// right, y downwards; outside the map counts as blocked.
//
// A segment is clear when every cell whose closed square it touches is passable (the "supercover" of
// the segment, walked exactly column by column). Touching counts: a segment through the corner shared
// by two diagonal cells needs both other cells of that corner free, which is the grid searches'
// no-corner-cutting rule, so a straight-line shortcut never squeezes where a grid path could not.
// With an agent radius r > 0 the segment swept by a disc of radius r must stay clear instead: every
// blocked cell must lie at distance >= r from the segment.
#include <vector>

#include "core/geometry.h"
#include "path/grid_map.h"

namespace aoilab {

// Cells whose closed square touches the segment a-b, in order along it (for drawing and tests).
std::vector<GridPoint> supercoverCells(Vec2 a, Vec2 b);

// True when the segment a-b is clear for an agent of the given radius (see above).
bool lineOfSight(const GridMap& map, Vec2 a, Vec2 b, double agentRadius = 0);

// True when a disc of the given radius at p fits: p inside the map on a passable cell and, for r > 0,
// every blocked cell (and the map border) at distance >= r.
bool pointFits(const GridMap& map, Vec2 p, double agentRadius = 0);

// Shortest distance between the segment a-b and the closed square of cell (x, y).
double segmentCellDistance(Vec2 a, Vec2 b, int x, int y);

}  // namespace aoilab
