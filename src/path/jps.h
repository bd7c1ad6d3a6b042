#pragma once
// The jumping part of jump point search (Harabor and Grastien) for 8-connected uniform-cost grids
// without corner cutting (a diagonal step needs both straight neighbours it passes to be passable).
// With that rule a diagonal move has no forced neighbours, and a straight move east reaching (x, y)
// has a forced neighbour on side s (north or south) when (x-1, y+s) is blocked and (x, y+s) is open:
// then the only shortest way into (x, y+s) and (x+1, y+s) goes through (x, y).
// GridSearch uses it for SearchAlgorithm::Jps; it works on a padded copy of the passable cells so
// scans need no bounds checks. A jump without a list of scanned cells reads a jump table (JPS+): for
// every cell and each of the 8 directions, how far the jump goes when no goal is in the way (to the
// jump point, or the open run before a wall), built lazily on the first such jump after the map
// changed (8 passes over the map, 16 bytes a cell, and a one-byte copy of each entry that fits, which
// the search reads: 8 bytes a cell). The goal is then checked in constant time: a straight jump stops
// at the goal when it lies on its line within reach, a diagonal one at the first diagonal step on the
// goal's row or column from which a straight jump would reach it. The jump points
// are exactly those of the cell-by-cell scans (tested). Maps above kMaxTableCells (padded) scan instead:
// straight scans test 64 cells at a time on bit rows (and on bit columns, a transposed copy, for north
// and south). The cell-by-cell scans serve the teaching panels, which list every scanned cell.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "path/grid_map.h"
#include "path/grid_moves.h"

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

    // successorMoves() for the fast search loop, less the moves whose first step is blocked (into a wall
    // or across a corner: their jumps have no steps): one lookup by the cell's eight neighbours (a byte
    // kept per cell) and `arrival`, the kGridMoves index of the move that reached (x, y) (8 for the
    // start); no branches (tested against successorMoves()).
    [[gnu::always_inline]] std::uint8_t successorMovesFast(int x, int y, int arrival) const {
        return successorLookup_[static_cast<std::size_t>(arrival) * 256 + neighbours_[static_cast<std::size_t>(padded(x, y))]];
    }

    // The jump table for the fast search loop: builds it when the map changed; false when the map is
    // too large for one (then use jump()).
    bool prepareTable() const {
        if (!tableEnabled_ || cells_.size() > kMaxTableCells) return false;
        if (!tableBuilt_) buildTable();
        return true;
    }
    // With the table prepared: how many steps the jump from (x, y) along kGridMoves[Direction] goes to
    // its jump point toward goal (gx, gy); 0 when it runs into a wall. The same stops as jump(). The
    // direction is a template argument so the fast loop gets one straight-line copy per direction.
    template <int Direction>
    [[gnu::always_inline]] int jumpSteps(int x, int y, int gx, int gy) const {
        return tableSteps<Direction>(x + 1, y + 1, gx + 1, gy + 1);
    }

    std::size_t tableBuilds() const { return tableBuilds_; }  // tables built since construction (tests)
    // Tests: how many entries of the prepared table the compact copy holds as kLongJump (read from the full one).
    std::size_t longTableEntries() const {
        return static_cast<std::size_t>(std::count(compact_.begin(), compact_.end(), static_cast<std::int8_t>(kLongJump)));
    }
    // Tests: false makes jumps without a list use the 64-cell word scans instead of the jump table.
    void setJumpTable(bool enabled) { tableEnabled_ = enabled; }
    static constexpr std::size_t kMaxTableCells = std::size_t(1) << 22;  // 64 + 32 MiB of tables

private:
    int padded(int x, int y) const { return (y + 1) * stride_ + (x + 1); }
    GridPoint unpadded(int p) const { return {p % stride_ - 1, p / stride_ - 1}; }
    bool open(int p) const { return cells_[p] != 0; }
    int jumpStraight(int p, int step, int side, int goal, std::vector<GridPoint>* scanned) const;
    int jumpDiagonal(int p, int stepX, int stepY, int goal, std::vector<GridPoint>* scanned) const;
    // jump() without a list of scanned cells, on padded coordinates (returns a padded index or -1).
    int jumpByWords(int px, int py, int dx, int dy, int goalX, int goalY) const;
    // jumpSteps() on padded coordinates; jump()'s table path.
    template <int Direction>
    [[gnu::always_inline]] int tableSteps(int px, int py, int goalX, int goalY) const;
    void buildTable() const;
    int wideDistance(int p, int direction) const { return table_[static_cast<std::size_t>(p) * 8 + direction]; }
    // The table's entry from the compact copy, or from the full table for the few that do not fit in it.
    [[gnu::always_inline]] int distance(int p, int direction) const {
        const int v = compact_[static_cast<std::size_t>(p) * 8 + direction];
        if (v != kLongJump) [[likely]]
            return v;
        return wideDistance(p, direction);
    }
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
    // Per padded cell inside the border: bit i set when the neighbour along kGridMoves[i] is open.
    std::vector<std::uint8_t> neighbours_;
    // successorMoves() by arrival (kGridMoves index, 8 for none) and neighbour byte: 9 x 256 masks.
    static const std::array<std::uint8_t, 9 * 256> successorLookup_;
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
    // Jump table: entry p * 8 + i for padded cell p and direction kGridMoves[i]. v > 0: the jump stops
    // v steps away (a jump point); v <= 0: -v open steps, then a wall. Built lazily, hence mutable.
    mutable std::vector<std::int16_t> table_;
    // The same entries in one byte each (8 bytes a cell: half the memory the search reads, so more of it
    // stays in the caches on large maps); kLongJump where the entry is beyond -127..127.
    static constexpr int kLongJump = -128;
    mutable std::vector<std::int8_t> compact_;
    mutable bool tableBuilt_ = false;  // for the cells as they are now (reset by update())
    mutable std::size_t tableBuilds_ = 0;
    bool tableEnabled_ = true;
};

template <int Direction>
inline int JumpScanner::tableSteps(int px, int py, int goalX, int goalY) const {
    constexpr int dx = kGridMoves[Direction].dx;
    constexpr int dy = kGridMoves[Direction].dy;
    const int p = py * stride_ + px;
    const int v = distance(p, Direction);
    const int reach = v > 0 ? v : -v;  // steps over open cells
    if constexpr (dx == 0 || dy == 0) {
        // The goal ahead on this line, within the open cells the jump passes: it stops there first.
        const int ahead = dy == 0 ? (goalY == py ? (goalX - px) * dx : -1) : (goalX == px ? (goalY - py) * dy : -1);
        if (ahead > 0 && ahead <= reach) return ahead;
        return v > 0 ? v : 0;
    }
    // Diagonal: the jump stops at step v (v > 0) unless the goal stops it earlier: at the goal itself,
    // or at the step on the goal's row (column) from which the straight jump along that row (column)
    // reaches the goal.
    int best = v > 0 ? v : reach + 1;
    const int toRow = (goalY - py) * dy;     // diagonal steps to the goal's row
    const int toColumn = (goalX - px) * dx;  // and to its column
    const int step = dx + dy * stride_;
    if (toRow >= 1 && toRow < best) {
        const int along = (goalX - (px + dx * toRow)) * dx;  // then straight along the row
        const int run = distance(p + toRow * step, dx > 0 ? 0 : 2);
        if (along == 0 || (along > 0 && along <= (run > 0 ? run : -run))) best = toRow;
    }
    if (toColumn >= 1 && toColumn < best) {
        const int along = (goalY - (py + dy * toColumn)) * dy;
        const int run = distance(p + toColumn * step, dy > 0 ? 1 : 3);
        if (along > 0 && along <= (run > 0 ? run : -run)) best = toColumn;
    }
    return best <= reach ? best : 0;
}

}  // namespace aoilab
