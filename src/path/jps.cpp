#include "path/jps.h"

#include "path/grid_moves.h"

namespace aoilab {
namespace {

int moveIndex(int dx, int dy) {
    for (int i = 0; i < 8; ++i)
        if (kGridMoves[i].dx == dx && kGridMoves[i].dy == dy) return i;
    return -1;
}

std::uint8_t bit(int dx, int dy) { return std::uint8_t(1u << moveIndex(dx, dy)); }

}  // namespace

bool JumpScanner::update(const GridMap& map) {
    if (revision_ == map.revision() && width_ == map.width() && height_ == map.height()) return false;
    width_ = map.width();
    height_ = map.height();
    stride_ = width_ + 2;
    cells_.assign(static_cast<std::size_t>(stride_) * (height_ + 2), 0);
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) cells_[padded(x, y)] = map.passable(x, y) ? 1 : 0;
    revision_ = map.revision();
    return true;
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

int JumpScanner::jump(int x, int y, int dx, int dy, GridPoint goal, std::vector<GridPoint>* scanned) const {
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
