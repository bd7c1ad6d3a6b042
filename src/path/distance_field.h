#pragma once
// The distance field of a goal: Dijkstra from the goal over the whole map, on the reversed moves, so
// every cell gets the length of its shortest path TO the goal under the same cost model as GridSearch
// (straight 1, diagonal sqrt(2), times the cost of the cell entered; the same diagonal rule) and the
// neighbour to step to next (the flow a crowd heading for the goal would follow).
#include <chrono>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/build_progress.h"
#include "path/grid_map.h"
#include "path/grid_moves.h"

namespace aoilab {

struct DistanceField {
    int width = 0, height = 0;
    std::vector<double> distance;    // per cell (row-major); infinity when the goal cannot be reached
    std::vector<std::int32_t> next;  // per cell: the neighbour's index on a shortest path, or -1
    std::int64_t settled = 0;        // cells taken from the queue
    double milliseconds = 0;         // the time it took
    double at(int x, int y) const { return distance[static_cast<std::size_t>(y) * width + x]; }
};

// A blocked or outside goal gives a field where nothing is reachable. `progress`, when given, hears the
// cells settled out of the passable cells (an upper bound: some may be out of reach) every 65,536 cells
// and at the end; when it returns false the computation throws BuildCancelled (about 2.6 s on a
// 4096 x 4096 map, so the Search workbench runs it on a worker thread there).
DistanceField computeDistanceField(const GridMap& map, GridPoint goal, Diagonal policy = Diagonal::NoCornerCutting,
                                   const BuildProgress* progress = nullptr);

}  // namespace aoilab
