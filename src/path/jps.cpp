#include "path/jps.h"

#include <array>
#include <bit>

#include "path/grid_moves.h"

namespace aoilab {
namespace {

constexpr int moveIndex(int dx, int dy) {
    for (int i = 0; i < 8; ++i)
        if (kGridMoves[i].dx == dx && kGridMoves[i].dy == dy) return i;
    return -1;
}

constexpr std::uint8_t bit(int dx, int dy) { return std::uint8_t(1u << moveIndex(dx, dy)); }

// The masks successorMoves() gives, from the eight neighbours alone (bit i: kGridMoves[i] open).
constexpr std::uint8_t successorMovesFrom(unsigned neighbours, int dx, int dy) {
    auto openAt = [&](int ox, int oy) { return (neighbours & bit(ox, oy)) != 0; };
    if (dx == 0 && dy == 0) return 0xff;
    if (dx != 0 && dy != 0) return std::uint8_t(bit(dx, 0) | bit(0, dy) | bit(dx, dy));
    std::uint8_t moves = bit(dx, dy);
    for (int s = -1; s <= 1; s += 2) {
        if (dy == 0 && !openAt(-dx, s) && openAt(0, s)) moves = std::uint8_t(moves | bit(0, s) | bit(dx, s));
        if (dx == 0 && !openAt(s, -dy) && openAt(s, 0)) moves = std::uint8_t(moves | bit(s, 0) | bit(s, dy));
    }
    return moves;
}

// The moves a jump can take its first step on: into an open cell, diagonals past two open ones.
constexpr std::uint8_t stepsPossible(unsigned neighbours) {
    std::uint8_t moves = 0;
    for (int i = 0; i < 8; ++i) {
        const GridMove& move = kGridMoves[static_cast<std::size_t>(i)];
        const bool open = (neighbours >> i) & 1;
        const bool sides = !move.diagonal || ((neighbours & bit(move.dx, 0)) != 0 && (neighbours & bit(0, move.dy)) != 0);
        if (open && sides) moves = std::uint8_t(moves | (1u << i));
    }
    return moves;
}

constexpr std::array<std::uint8_t, 9 * 256> makeSuccessorLookup() {
    std::array<std::uint8_t, 9 * 256> lookup{};
    for (int arrival = 0; arrival <= 8; ++arrival) {
        const int dx = arrival < 8 ? kGridMoves[static_cast<std::size_t>(arrival)].dx : 0;
        const int dy = arrival < 8 ? kGridMoves[static_cast<std::size_t>(arrival)].dy : 0;
        for (unsigned n = 0; n < 256; ++n)
            lookup[static_cast<std::size_t>(arrival) * 256 + n] = std::uint8_t(successorMovesFrom(n, dx, dy) & stepsPossible(n));
    }
    return lookup;
}

}  // namespace

// Constant-initialized (computed by the compiler).
const std::array<std::uint8_t, 9 * 256> JumpScanner::successorLookup_ = makeSuccessorLookup();

bool JumpScanner::update(const GridMap& map) {
    if (revision_ == map.revision() && width_ == map.width() && height_ == map.height()) return false;
    width_ = map.width();
    height_ = map.height();
    stride_ = width_ + 2;
    cells_.assign(static_cast<std::size_t>(stride_) * (height_ + 2), 0);
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) cells_[padded(x, y)] = map.passable(x, y) ? 1 : 0;
    // Bit lines: word 0 of each is zero padding, cell position q lives in word 1 + q / 64.
    const int paddedHeight = height_ + 2;
    rowWords_ = static_cast<std::size_t>(stride_ + 63) / 64 + 2;
    columnWords_ = static_cast<std::size_t>(paddedHeight + 63) / 64 + 2;
    rowBits_.assign(rowWords_ * static_cast<std::size_t>(paddedHeight), 0);
    columnBits_.assign(columnWords_ * static_cast<std::size_t>(stride_), 0);
    for (int py = 0; py < paddedHeight; ++py)
        for (int px = 0; px < stride_; ++px) {
            if (!cells_[static_cast<std::size_t>(py) * stride_ + px]) continue;
            rowBits_[py * rowWords_ + 1 + px / 64] |= std::uint64_t(1) << (px % 64);
            columnBits_[px * columnWords_ + 1 + py / 64] |= std::uint64_t(1) << (py % 64);
        }
    neighbours_.assign(cells_.size(), 0);
    for (int py = 1; py <= height_; ++py)
        for (int px = 1; px <= width_; ++px) {
            const int p = py * stride_ + px;
            std::uint8_t bits = 0;
            for (int i = 0; i < 8; ++i)
                if (open(p + kGridMoves[i].dx + kGridMoves[i].dy * stride_)) bits |= std::uint8_t(1u << i);
            neighbours_[static_cast<std::size_t>(p)] = bits;
        }
    revision_ = map.revision();
    tableBuilt_ = false;
    return true;
}

void JumpScanner::buildTable() const {
    ++tableBuilds_;
    // Each entry from its neighbour's one step further along the same direction, so rows are filled
    // in the order that has that neighbour done: east from the right, south from the bottom, etc.
    // Straight directions first: the diagonal entries read them.
    table_.assign(cells_.size() * 8, 0);
    auto store = [&](int p, int direction, int v) { table_[static_cast<std::size_t>(p) * 8 + direction] = static_cast<std::int16_t>(v); };
    auto further = [&](int q, int direction) {
        const int v = wideDistance(q, direction);
        return v > 0 ? v + 1 : v - 1;
    };
    auto straight = [&](int p, int direction, int step, int side) {
        const int q = p + step;
        int v = 0;
        if (open(q)) {
            const bool forced = (!open(q - step + side) && open(q + side)) || (!open(q - step - side) && open(q - side));
            v = forced ? 1 : further(q, direction);
        }
        store(p, direction, v);
    };
    auto diagonal = [&](int p, int direction, int stepX, int stepY, int directionX, int directionY) {
        int v = 0;
        if (open(p + stepX) && open(p + stepY) && open(p + stepX + stepY)) {
            const int q = p + stepX + stepY;
            v = wideDistance(q, directionX) > 0 || wideDistance(q, directionY) > 0 ? 1 : further(q, direction);
        }
        store(p, direction, v);
    };
    const int s = stride_;
    // kGridMoves: 0 east, 1 south, 2 west, 3 north, 4 south-east, 5 south-west, 6 north-west, 7 north-east.
    for (int y = 1; y <= height_; ++y) {
        for (int x = width_; x >= 1; --x) straight(y * s + x, 0, 1, s);
        for (int x = 1; x <= width_; ++x) straight(y * s + x, 2, -1, s);
    }
    for (int y = height_; y >= 1; --y)
        for (int x = 1; x <= width_; ++x) straight(y * s + x, 1, s, 1);
    for (int y = 1; y <= height_; ++y)
        for (int x = 1; x <= width_; ++x) straight(y * s + x, 3, -s, 1);
    for (int y = height_; y >= 1; --y)
        for (int x = 1; x <= width_; ++x) {
            diagonal(y * s + x, 4, 1, s, 0, 1);
            diagonal(y * s + x, 5, -1, s, 2, 1);
        }
    for (int y = 1; y <= height_; ++y)
        for (int x = 1; x <= width_; ++x) {
            diagonal(y * s + x, 6, -1, -s, 2, 3);
            diagonal(y * s + x, 7, 1, -s, 0, 3);
        }
    compact_.resize(table_.size());
    for (std::size_t k = 0; k < table_.size(); ++k)
        compact_[k] = static_cast<std::int8_t>(table_[k] > kLongJump && table_[k] <= 127 ? table_[k] : kLongJump);
    tableBuilt_ = true;
}

std::uint8_t JumpScanner::successorMoves(int x, int y, int dx, int dy) const {
    if (dx == 0 && dy == 0) return 0xff;
    if (dx != 0 && dy != 0) return std::uint8_t(bit(dx, 0) | bit(0, dy) | bit(dx, dy));
    const int p = padded(x, y);
    std::uint8_t moves = bit(dx, dy);
    if (dy == 0) {  // moving east or west: forced neighbours north and south
        for (int s : {-1, 1})
            if (!open(p - dx + s * stride_) && open(p + s * stride_)) moves |= bit(0, s) | bit(dx, s);
    } else {  // moving north or south: forced neighbours west and east
        for (int s : {-1, 1})
            if (!open(p - dy * stride_ + s) && open(p + s)) moves |= bit(s, 0) | bit(s, dy);
    }
    return moves;
}

int JumpScanner::scanLine(const std::uint64_t* line, const std::uint64_t* before, const std::uint64_t* after, int start,
                          int goal, bool forward) {
    // A cell q stops the scan when it is blocked, is the goal, or has a forced neighbour: a side cell
    // open at q but blocked one step back (q - 1 going forward, q + 1 going backward).
    auto stops = [&](std::size_t w) {
        std::uint64_t sideBackB;
        std::uint64_t sideBackA;
        if (forward) {
            sideBackB = (before[w] << 1) | (before[w - 1] >> 63);
            sideBackA = (after[w] << 1) | (after[w - 1] >> 63);
        } else {
            sideBackB = (before[w] >> 1) | (before[w + 1] << 63);
            sideBackA = (after[w] >> 1) | (after[w + 1] << 63);
        }
        return ~line[w] | (~sideBackB & before[w]) | (~sideBackA & after[w]);
    };
    const auto goalBit = [&](std::size_t w) -> std::uint64_t {
        if (goal < 0 || static_cast<std::size_t>(1 + goal / 64) != w) return 0;
        return std::uint64_t(1) << (goal % 64);
    };
    // Words are numbered from 1 (word 0 and the last word are padding); position q is bit q % 64 of
    // word 1 + q / 64. The padded map's border is blocked, so every scan ends inside the line.
    if (forward) {
        const int first = start + 1;
        std::size_t w = 1 + static_cast<std::size_t>(first / 64);
        std::uint64_t bits = (stops(w) | goalBit(w)) & (~std::uint64_t(0) << (first % 64));
        while (bits == 0) {
            ++w;
            bits = stops(w) | goalBit(w);
        }
        const int q = static_cast<int>((w - 1) * 64) + std::countr_zero(bits);
        return (line[1 + q / 64] >> (q % 64)) & 1u ? q : -1;
    }
    const int first = start - 1;
    std::size_t w = 1 + static_cast<std::size_t>(first / 64);
    std::uint64_t bits = (stops(w) | goalBit(w)) & (~std::uint64_t(0) >> (63 - first % 64));
    while (bits == 0) {
        --w;
        bits = stops(w) | goalBit(w);
    }
    const int q = static_cast<int>((w - 1) * 64) + 63 - std::countl_zero(bits);
    return (line[1 + q / 64] >> (q % 64)) & 1u ? q : -1;
}

int JumpScanner::jumpStraight(int p, int step, int side, int goal, std::vector<GridPoint>* scanned) const {
    for (;;) {
        p += step;
        if (!open(p)) return -1;
        if (p == goal) return p;
        if ((!open(p - step + side) && open(p + side)) || (!open(p - step - side) && open(p - side))) return p;
        if (scanned) scanned->push_back(unpadded(p));
    }
}

int JumpScanner::jumpDiagonal(int p, int stepX, int stepY, int goal, std::vector<GridPoint>* scanned) const {
    for (;;) {
        if (!open(p + stepX) || !open(p + stepY) || !open(p + stepX + stepY)) return -1;
        p += stepX + stepY;
        if (p == goal) return p;
        if (jumpStraight(p, stepX, stride_, goal, scanned) >= 0 || jumpStraight(p, stepY, 1, goal, scanned) >= 0)
            return p;
        if (scanned) scanned->push_back(unpadded(p));
    }
}

int JumpScanner::jumpByWords(int px, int py, int dx, int dy, int goalX, int goalY) const {
    if (dy == 0) {
        const int q = scanRow(px, py, dx, goalX, goalY);
        return q < 0 ? -1 : py * stride_ + q;
    }
    if (dx == 0) {
        const int q = scanColumn(px, py, dy, goalX, goalY);
        return q < 0 ? -1 : q * stride_ + px;
    }
    int p = py * stride_ + px;
    const int stepY = dy * stride_;
    for (;;) {
        if (!open(p + dx) || !open(p + stepY) || !open(p + dx + stepY)) return -1;
        p += dx + stepY;
        px += dx;
        py += dy;
        if (px == goalX && py == goalY) return p;
        if (scanRow(px, py, dx, goalX, goalY) >= 0 || scanColumn(px, py, dy, goalX, goalY) >= 0) return p;
    }
}

int JumpScanner::jump(int x, int y, int dx, int dy, GridPoint goal, std::vector<GridPoint>* scanned) const {
    if (!scanned) {  // from the table, or 64 cells at a time
        int found;
        if (prepareTable()) {
            int steps = 0;
            switch (moveIndex(dx, dy)) {
                case 0: steps = tableSteps<0>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
                case 1: steps = tableSteps<1>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
                case 2: steps = tableSteps<2>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
                case 3: steps = tableSteps<3>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
                case 4: steps = tableSteps<4>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
                case 5: steps = tableSteps<5>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
                case 6: steps = tableSteps<6>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
                default: steps = tableSteps<7>(x + 1, y + 1, goal.x + 1, goal.y + 1); break;
            }
            found = steps > 0 ? padded(x + dx * steps, y + dy * steps) : -1;
        } else {
            found = jumpByWords(x + 1, y + 1, dx, dy, goal.x + 1, goal.y + 1);
        }
        return found < 0 ? -1 : (found / stride_ - 1) * width_ + (found % stride_ - 1);
    }
    const int p = padded(x, y);
    const int g = padded(goal.x, goal.y);
    int found;
    if (dx != 0 && dy != 0) {
        found = jumpDiagonal(p, dx, dy * stride_, g, scanned);
    } else if (dy == 0) {
        found = jumpStraight(p, dx, stride_, g, scanned);
    } else {
        found = jumpStraight(p, dy * stride_, 1, g, scanned);
    }
    if (found < 0) return -1;
    GridPoint cell = unpadded(found);
    return cell.y * width_ + cell.x;
}

}  // namespace aoilab
