#pragma once
// The jumping part of jump point search (Harabor and Grastien) for 8-connected uniform-cost grids
// without corner cutting (a diagonal step needs both straight neighbours it passes to be passable).
// With that rule a diagonal move has no forced neighbours, and a straight move east reaching (x, y)
// has a forced neighbour on side s (north or south) when (x-1, y+s) is blocked and (x, y+s) is open:
// then the only shortest way into (x, y+s) and (x+1, y+s) goes through (x, y).
// GridSearch uses it for SearchAlgorithm::Jps; it works on a padded copy of the passable cells so
// scans need no bounds checks. Straight scans test 64 cells at a time on bit rows (and on bit columns,
// a transposed copy, for north and south), unless the caller wants every scanned cell listed.
#include <cstdint>
#include <vector>

#include "path/grid_map.h"

namespace aoilab {

class JumpScanner {
public:
    // Rebuilds the padded grid when the map (its revision) changed; returns true when it did.
    bool update(const GridMap& map);

    // Bit mask over kGridMoves of the directions worth jumping in from (x, y), reached by a move
    // (dx, dy) (each -1, 0 or 1; (0, 0) for the start: every direction).
    std::uint8_t successorMoves(int x, int y, int dx, int dy) const;

    // Jumps from (x, y) in direction (dx, dy) until a jump point (a cell with a forced neighbour, the
    // goal, or for diagonals a cell from which a straight jump succeeds). Returns its map index, or -1
    // when the jump runs into a wall or the map edge. When `scanned` is given, every cell passed over
    // (including those of the straight scans a diagonal jump makes) is appended to it.
    int jump(int x, int y, int dx, int dy, GridPoint goal, std::vector<GridPoint>* scanned) const;

private:
    int padded(int x, int y) const { return (y + 1) * stride_ + (x + 1); }
    GridPoint unpadded(int p) const { return {p % stride_ - 1, p / stride_ - 1}; }
    bool open(int p) const { return cells_[p] != 0; }
    int jumpStraight(int p, int step, int side, int goal, std::vector<GridPoint>* scanned) const;
    int jumpDiagonal(int p, int stepX, int stepY, int goal, std::vector<GridPoint>* scanned) const;
    // jump() without a list of scanned cells, on padded coordinates (returns a padded index or -1).
    int jumpByWords(int px, int py, int dx, int dy, int goalX, int goalY) const;
    int scanRow(int px, int py, int dx, int goalX, int goalY) const {
        return scanLine(rowBits(py), rowBits(py - 1), rowBits(py + 1), px, goalY == py ? goalX : -1, dx > 0);
    }
    int scanColumn(int px, int py, int dy, int goalX, int goalY) const {
        return scanLine(columnBits(px), columnBits(px - 1), columnBits(px + 1), py, goalX == px ? goalY : -1, dy > 0);
    }
    // The first cell after `start` along bit line `line` (cells `before`/`after` on either side) where
    // a straight jump stops: -1 at a wall, else its position on the line. `goal` is the goal's position
    // on this line, or -1. `forward` scans toward higher positions.
    static int scanLine(const std::uint64_t* line, const std::uint64_t* before, const std::uint64_t* after, int start,
                        int goal, bool forward);
    const std::uint64_t* rowBits(int paddedY) const { return rowBits_.data() + static_cast<std::size_t>(paddedY) * rowWords_; }
    const std::uint64_t* columnBits(int paddedX) const {
        return columnBits_.data() + static_cast<std::size_t>(paddedX) * columnWords_;
    }

    std::vector<std::uint8_t> cells_;  // (width+2) x (height+2), border blocked
    // The same cells as bits: one line per padded row, and one per padded column. Each line has a
    // zero word on both ends, so scans may read one word beyond the cells they test.
    std::vector<std::uint64_t> rowBits_;
    std::vector<std::uint64_t> columnBits_;
    std::size_t rowWords_ = 0;
    std::size_t columnWords_ = 0;
    int stride_ = 0;
    int width_ = -1;
    int height_ = -1;
    std::uint64_t revision_ = ~std::uint64_t(0);
};

}  // namespace aoilab
