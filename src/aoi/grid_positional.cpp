// The grid's positional mode (no hysteresis, exact super-view; see grid.h): no relation is stored, so
// "W saw T" is W's range test against T's old place and "W sees T" the same test against its new one.
// The tests are the very expressions brute force uses (inView), on the same two positions, so the
// answers are bit for bit those a stored relation would have kept.
#include <algorithm>
#include <limits>

#include "aoi/grid.h"

namespace aoilab {

namespace {

// The scan's distance in the units thresholds use: Chebyshev for the square, squared for the circle.
inline double scanDistance(bool square, double dx, double dy) {
    if (square) {
        double ax = dx < 0 ? -dx : dx;
        double ay = dy < 0 ? -dy : dy;
        return ax > ay ? ax : ay;
    }
    return dx * dx + dy * dy;
}

constexpr double kBeyondReach = std::numeric_limits<double>::infinity();

}  // namespace

template <typename Views>
void BasicGridAoi<Views>::movePositional(std::uint32_t t, EntityId id, double oldX, double oldY, int oldCell,
                                         int newCell) {
    const Body& tb = bodies_[t];
    const CellBox before = boxAround(oldX, oldY, standardRadius_);
    const CellBox after = boxAround(tb.x, tb.y, standardRadius_);
    const MoveContext context{t,
                              id,
                              oldX,
                              oldY,
                              tb.x,
                              tb.y,
                              threshold(tb.radius),
                              threshold(tb.radius),
                              threshold(standardRadius_),
                              tb.super()};
    forEachMoveCell(before, after, [&](auto cellClass, int cell) { scanPositionalCell<cellClass()>(context, cell); });
    tellSuperWatchersPositional(t, oldX, oldY, oldCell, newCell);
    if (tb.super()) {
        rescanOwnView(t, true, oldX, oldY, tb.radius);
        registerSuper(t, boxAround(tb.x, tb.y, tb.radius));
    }
}

// The candidates of one cell of a move of T. A left cell lies beyond S of T's new place, an entered
// one beyond S of its old place, so there the standard-radius relations are known to be absent. A
// super-view X is told by tellSuperWatchersPositional and a super-view T rescans its own view, so
// both of those directions are skipped here.
//
// Every candidate's two possible events are written and kept only when they happened (the count
// advances by the outcome): a candidate near the edge of a view is a coin flip, and a mispredicted
// branch per candidate was a third of a teleport.
template <typename Views>
template <GridCellClass kClass>
void BasicGridAoi<Views>::scanPositionalCell(const MoveContext& move, int cell) {
    // "X sees T" before and now, as the index was * 2 + now; index 0 (neither) is never kept.
    static constexpr AoiEventType kWatcherEvent[4] = {AoiEventType::Enter, AoiEventType::Enter, AoiEventType::Leave,
                                                      AoiEventType::Move};
    const std::uint32_t t = move.t;
    const bool square = shape_ == ViewShape::Square;
    const bool tStandard = !move.tSuper;
    const Body* bodies = bodies_.data();
    const EntityId* ids = ids_.data();
    const EntityId tId = move.tId;
    AoiEvent* out = pending_.room(2 * std::size_t{cells_[static_cast<std::size_t>(cell)].count});
    std::size_t kept = 0;
    std::uint64_t checks = 0;
    for (std::uint32_t x = cells_[static_cast<std::size_t>(cell)].head; x != kNil; x = bodies[x].next) {
        if (x == t) continue;
        const Body& xb = bodies[x];
        double before = kBeyondReach;
        double after = kBeyondReach;
        if constexpr (kClass != GridCellClass::Entered) {
            before = scanDistance(square, xb.x - move.oldX, xb.y - move.oldY);
            ++checks;
        }
        if constexpr (kClass != GridCellClass::Left) {
            after = scanDistance(square, xb.x - move.newX, xb.y - move.newY);
            ++checks;
        }
        const EntityId xId = ids[x];
        const bool xStandard = !xb.super();
        const double reach = square ? xb.radius : xb.radius * xb.radius;
        const bool xWas = xStandard & (before <= reach);
        const bool xNow = xStandard & (after <= reach);
        out[kept] = {kWatcherEvent[xWas * 2 + xNow], xId, tId};
        kept += xWas | xNow;
        const bool tWas = tStandard & (before <= move.enterT);
        const bool tNow = tStandard & (after <= move.enterT);
        out[kept] = {tNow ? AoiEventType::Enter : AoiEventType::Leave, tId, xId};
        kept += tWas ^ tNow;
    }
    pending_.keep(kept);
    last_.distanceChecks += checks;
}

// The super-view watchers registered in T's old and new cells: W saw T if T's old place was within
// W's reach, and such a W is registered in T's old cell (likewise for the new one).
template <typename Views>
void BasicGridAoi<Views>::tellSuperWatchersPositional(std::uint32_t t, double oldX, double oldY, int oldCell,
                                                      int newCell) {
    if (supers_.empty()) return;  // no super-view entity, so every list is empty: spare the two cache misses
    const Body& tb = bodies_[t];
    auto decide = [&](std::uint32_t w) {
        const Body& wb = bodies_[w];
        const bool was = reaches(wb, oldX, oldY, wb.radius);
        const bool now = reaches(wb, tb.x, tb.y, wb.radius);
        if (was && now) {
            emit(AoiEventType::Move, w, t);
        } else if (was != now) {
            emit(now ? AoiEventType::Enter : AoiEventType::Leave, w, t);
        }
    };
    for (std::uint32_t w : superWatchers_[static_cast<std::size_t>(newCell)]) {
        if (w != t) decide(w);
    }
    if (oldCell == newCell) return;
    const int newColumn = newCell % columns_;
    const int newRow = newCell / columns_;
    for (std::uint32_t w : superWatchers_[static_cast<std::size_t>(oldCell)]) {
        if (w != t && !superBox_[w].contains(newColumn, newRow)) decide(w);
    }
}

template <typename Views>
void BasicGridAoi<Views>::rescanOwnView(std::uint32_t t, bool hadView, double oldX, double oldY, double oldRadius) {
    const Body& tb = bodies_[t];
    const CellBox now = boxAround(tb.x, tb.y, tb.radius);
    const CellBox then = hadView ? boxAround(oldX, oldY, oldRadius) : CellBox{};
    auto decideCell = [&](int cx, int cy) {
        ++last_.visited;
        for (std::uint32_t x = cells_[static_cast<std::size_t>(cy * columns_ + cx)].head; x != kNil; x = bodies_[x].next) {
            if (x == t) continue;
            const Body& xb = bodies_[x];
            bool saw = false;
            if (hadView) {
                ++last_.distanceChecks;
                saw = inView(shape_, Vec2{oldX, oldY}, Vec2{xb.x, xb.y}, oldRadius);
            }
            const bool sees = reaches(tb, xb.x, xb.y, tb.radius);
            if (saw != sees) emit(sees ? AoiEventType::Enter : AoiEventType::Leave, t, x);
        }
    };
    scans_.push_back({ScanKind::Scan, now, CellBox{}});
    for (int cy = now.y0; cy <= now.y1; ++cy)
        for (int cx = now.x0; cx <= now.x1; ++cx) decideCell(cx, cy);
    if (!hadView || then == now) return;
    scans_.push_back({ScanKind::Scan, then, CellBox{}});
    for (int cy = then.y0; cy <= then.y1; ++cy) {
        for (int cx = then.x0; cx <= then.x1; ++cx) {
            if (!now.contains(cx, cy)) decideCell(cx, cy);
        }
    }
}

template <typename Views>
void BasicGridAoi<Views>::collectViewPositional(std::uint32_t w, std::vector<std::uint32_t>& out) const {
    const Body& wb = bodies_[w];
    const CellBox box = boxAround(wb.x, wb.y, wb.radius);
    for (int cy = box.y0; cy <= box.y1; ++cy) {
        for (int cx = box.x0; cx <= box.x1; ++cx) {
            for (std::uint32_t x = cells_[static_cast<std::size_t>(cy * columns_ + cx)].head; x != kNil; x = bodies_[x].next) {
                if (x != w && inView(shape_, Vec2{wb.x, wb.y}, Vec2{bodies_[x].x, bodies_[x].y}, wb.radius))
                    out.push_back(x);
            }
        }
    }
}

// A standard-radius watcher lies within S of T, so in T's standard box; a super-view one is
// registered in T's cell.
template <typename Views>
void BasicGridAoi<Views>::collectWatchersPositional(std::uint32_t t, std::vector<std::uint32_t>& out,
                                                    AoiCounters* cost) const {
    const Body& tb = bodies_[t];
    const Vec2 at{tb.x, tb.y};
    const CellBox box = boxAround(tb.x, tb.y, standardRadius_);
    AoiCounters counted;
    for (int cy = box.y0; cy <= box.y1; ++cy) {
        for (int cx = box.x0; cx <= box.x1; ++cx) {
            ++counted.visited;
            for (std::uint32_t x = cells_[static_cast<std::size_t>(cy * columns_ + cx)].head; x != kNil; x = bodies_[x].next) {
                const Body& xb = bodies_[x];
                if (x == t || xb.super()) continue;
                ++counted.distanceChecks;
                if (inView(shape_, Vec2{xb.x, xb.y}, at, xb.radius)) out.push_back(x);
            }
        }
    }
    for (std::uint32_t w : superWatchers_[static_cast<std::size_t>(cellOfSlot(t))]) {
        const Body& wb = bodies_[w];
        if (w == t) continue;
        ++counted.distanceChecks;
        if (inView(shape_, Vec2{wb.x, wb.y}, at, wb.radius)) out.push_back(w);
    }
    if (cost != nullptr) *cost += counted;
}

// grid.cpp instantiates the class; the members defined here are instantiated here.
#define AOILAB_GRID_POSITIONAL_MEMBERS(Views)                                                                     \
    template void BasicGridAoi<Views>::movePositional(std::uint32_t, EntityId, double, double, int, int);                  \
    template void BasicGridAoi<Views>::tellSuperWatchersPositional(std::uint32_t, double, double, int, int);     \
    template void BasicGridAoi<Views>::rescanOwnView(std::uint32_t, bool, double, double, double);               \
    template void BasicGridAoi<Views>::collectViewPositional(std::uint32_t, std::vector<std::uint32_t>&) const;  \
    template void BasicGridAoi<Views>::collectWatchersPositional(std::uint32_t, std::vector<std::uint32_t>&,        \
                                                                AoiCounters*) const;
AOILAB_GRID_POSITIONAL_MEMBERS(InlineRowViews)
AOILAB_GRID_POSITIONAL_MEMBERS(UnsortedVectorViews)
AOILAB_GRID_POSITIONAL_MEMBERS(SortedVectorViews)
AOILAB_GRID_POSITIONAL_MEMBERS(BitsetViews)
#undef AOILAB_GRID_POSITIONAL_MEMBERS

}  // namespace aoilab
