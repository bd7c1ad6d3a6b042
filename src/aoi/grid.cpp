#include "aoi/grid.h"

#include <algorithm>
#include <cmath>

namespace aoilab {

const char* toString(GridCellClass cellClass) {
    switch (cellClass) {
        case GridCellClass::Entered: return "entered";
        case GridCellClass::Left: return "left";
        case GridCellClass::Kept: return "kept";
        case GridCellClass::Scanned: return "scanned";
    }
    return "?";
}

template <typename Views>
BasicGridAoi<Views>::BasicGridAoi(const AoiConfig& config)
    : shape_(config.shape),
      hysteresis_(config.hysteresis),
      standardRadius_(config.standardRadius),
      tickInterval_(std::max(1, config.tickInterval)),
      lazy_(config.lazySuperView),
      positional_(config.hysteresis == 0 && !config.lazySuperView),
      cellSize_(config.cellSize > 0 ? config.cellSize : 1) {
    double width = std::max(config.worldWidth, 1e-9);
    double height = std::max(config.worldHeight, 1e-9);
    auto cellsFor = [&](double size) {
        return std::max(1.0, std::ceil(width / size)) * std::max(1.0, std::ceil(height / size));
    };
    // Keep the cell arrays bounded whatever the world and cell size (a typo must not eat the memory).
    if (cellsFor(cellSize_) > static_cast<double>(kMaxCells))
        cellSize_ = std::sqrt(width * height / static_cast<double>(kMaxCells)) * 1.01;
    while (cellsFor(cellSize_) > static_cast<double>(kMaxCells)) cellSize_ *= 1.1;
    columns_ = static_cast<int>(std::max(1.0, std::ceil(width / cellSize_)));
    rows_ = static_cast<int>(std::max(1.0, std::ceil(height / cellSize_)));
    inverseCell_ = 1.0 / cellSize_;
    pad_ = 1e-9 * (std::max(width, height) + cellSize_);
    std::size_t cells = static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_);
    cells_.assign(cells, Cell{});
    if (!lazy_) superWatchers_.resize(cells);
}

// ---- slots, ids, cells -------------------------------------------------------------------------

template <typename Views>
std::uint32_t BasicGridAoi<Views>::slotOf(EntityId id) const {
    if (id >= 0 && id < kDirectIds) {
        auto index = static_cast<std::size_t>(id);
        return index < direct_.size() ? direct_[index] : kNil;
    }
    auto it = hashed_.find(id);
    return it == hashed_.end() ? kNil : it->second;
}

template <typename Views>
std::uint32_t BasicGridAoi<Views>::allocateSlot(EntityId id) {
    std::uint32_t slot;
    if (!freeSlots_.empty()) {
        slot = freeSlots_.back();
        freeSlots_.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(bodies_.size());
        bodies_.emplace_back();
        ids_.push_back(0);
        prev_.push_back(kNil);
        live_.push_back(0);
        superBox_.emplace_back();
        lastRefresh_.push_back(0);
        superIndex_.push_back(kNil);
        if (!positional_) {
            views_.ensureSlots(slot + 1);
            watchers_.ensureSlots(slot + 1);
        }
    }
    ids_[slot] = id;
    live_[slot] = 1;
    if (id >= 0 && id < kDirectIds) {
        auto index = static_cast<std::size_t>(id);
        if (index >= direct_.size()) direct_.resize(std::max(index + 1, direct_.size() * 2), kNil);
        direct_[index] = slot;
    } else {
        hashed_[id] = slot;
    }
    ++liveCount_;
    return slot;
}

template <typename Views>
void BasicGridAoi<Views>::freeSlot(std::uint32_t slot) {
    EntityId id = ids_[slot];
    if (id >= 0 && id < kDirectIds) {
        direct_[static_cast<std::size_t>(id)] = kNil;
    } else {
        hashed_.erase(id);
    }
    live_[slot] = 0;
    bodies_[slot] = Body{};
    freeSlots_.push_back(slot);
    --liveCount_;
}

template <typename Views>
int BasicGridAoi<Views>::cellColumn(double x) const {
    double c = x * inverseCell_;
    if (!(c >= 0)) return 0;                                    // also NaN
    return c >= columns_ - 1 ? columns_ - 1 : static_cast<int>(c);  // c >= 0: truncation is floor
}

template <typename Views>
int BasicGridAoi<Views>::cellRow(double y) const {
    double c = y * inverseCell_;
    if (!(c >= 0)) return 0;
    return c >= rows_ - 1 ? rows_ - 1 : static_cast<int>(c);
}

// The cells a square of half-side `reach` around (x, y) touches (a circle's bounding box).
template <typename Views>
typename BasicGridAoi<Views>::CellBox BasicGridAoi<Views>::boxAround(double x, double y, double reach) const {
    double r = reach + pad_;
    return CellBox{cellColumn(x - r), cellRow(y - r), cellColumn(x + r), cellRow(y + r)};
}

template <typename Views>
void BasicGridAoi<Views>::link(std::uint32_t slot, int cell) {
    auto c = static_cast<std::size_t>(cell);
    Body& body = bodies_[slot];
    body.next = cells_[c].head;
    prev_[slot] = kNil;
    if (cells_[c].head != kNil) prev_[cells_[c].head] = slot;
    cells_[c].head = slot;
    ++cells_[c].count;
}

template <typename Views>
void BasicGridAoi<Views>::unlink(std::uint32_t slot, int cell) {
    auto c = static_cast<std::size_t>(cell);
    std::uint32_t next = bodies_[slot].next;
    std::uint32_t prev = prev_[slot];
    if (prev != kNil) {
        bodies_[prev].next = next;
    } else {
        cells_[c].head = next;
    }
    if (next != kNil) prev_[next] = prev;
    --cells_[c].count;
}

// Super-view bookkeeping: the list of super-view slots, and in exact mode the per-cell registration.
template <typename Views>
void BasicGridAoi<Views>::setSuper(std::uint32_t slot, bool super) {
    bool was = superIndex_[slot] != kNil;
    bodies_[slot].mark = super ? kSuperBit : 0;
    if (super == was) return;
    if (super) {
        superIndex_[slot] = static_cast<std::uint32_t>(supers_.size());
        supers_.push_back(slot);
        lastRefresh_[slot] = tickCount_;
    } else {
        std::uint32_t index = superIndex_[slot];
        std::uint32_t moved = supers_.back();
        supers_[index] = moved;
        superIndex_[moved] = index;
        supers_.pop_back();
        superIndex_[slot] = kNil;
        if (!lazy_) unregisterSuper(slot);
    }
}

template <typename Views>
void BasicGridAoi<Views>::registerSuper(std::uint32_t slot, const CellBox& box) {
    const CellBox old = superBox_[slot];
    if (old == box) return;
    for (int cy = old.y0; cy <= old.y1; ++cy) {
        for (int cx = old.x0; cx <= old.x1; ++cx) {
            if (box.contains(cx, cy)) continue;
            auto& list = superWatchers_[static_cast<std::size_t>(cy * columns_ + cx)];
            auto it = std::find(list.begin(), list.end(), slot);
            *it = list.back();
            list.pop_back();
        }
    }
    for (int cy = box.y0; cy <= box.y1; ++cy) {
        for (int cx = box.x0; cx <= box.x1; ++cx) {
            if (old.contains(cx, cy)) continue;
            superWatchers_[static_cast<std::size_t>(cy * columns_ + cx)].push_back(slot);
        }
    }
    superBox_[slot] = box;
}

template <typename Views>
void BasicGridAoi<Views>::unregisterSuper(std::uint32_t slot) {
    registerSuper(slot, CellBox{});
}

// Renumbers the slots in cell order (row by row, each cell's list in its order), so that a scan walks
// memory mostly forward instead of jumping across the whole body array: at 100,000 entities the array
// no longer fits the cache and the list walk is a chain of dependent loads. Run from move() after
// 2 x n moves, so its O(n + relations) cost is spread over them (and timed with them).
template <typename Views>
void BasicGridAoi<Views>::compact() {
    const std::size_t oldCount = bodies_.size();
    std::vector<std::uint32_t> newSlot(oldCount, kNil);
    std::vector<std::uint32_t> order;
    order.reserve(liveCount_);
    for (std::size_t cell = 0; cell < cells_.size(); ++cell) {
        for (std::uint32_t x = cells_[cell].head; x != kNil; x = bodies_[x].next) {
            newSlot[x] = static_cast<std::uint32_t>(order.size());
            order.push_back(x);
        }
    }
    auto mapped = [&](std::uint32_t slot) { return slot == kNil ? kNil : newSlot[slot]; };
    const std::size_t count = order.size();
    std::vector<Body> bodies(count);
    std::vector<EntityId> ids(count);
    std::vector<std::uint32_t> prev(count);
    std::vector<std::uint8_t> live(count, 1);
    std::vector<CellBox> superBox(count);
    std::vector<std::int64_t> lastRefresh(count);
    std::vector<std::uint32_t> superIndex(count);
    for (std::size_t n = 0; n < count; ++n) {
        std::uint32_t old = order[n];
        bodies[n] = bodies_[old];
        bodies[n].next = mapped(bodies_[old].next);
        ids[n] = ids_[old];
        prev[n] = mapped(prev_[old]);
        superBox[n] = superBox_[old];
        lastRefresh[n] = lastRefresh_[old];
        superIndex[n] = superIndex_[old];
    }
    if (!positional_) {
        views_.remap(newSlot, static_cast<std::uint32_t>(count));
        watchers_.remap(newSlot, static_cast<std::uint32_t>(count));
    }
    bodies_.swap(bodies);
    ids_.swap(ids);
    prev_.swap(prev);
    live_.swap(live);
    superBox_.swap(superBox);
    lastRefresh_.swap(lastRefresh);
    superIndex_.swap(superIndex);
    freeSlots_.clear();
    for (std::uint32_t& slot : supers_) slot = newSlot[slot];
    for (Cell& cell : cells_) cell.head = mapped(cell.head);
    for (auto& list : superWatchers_) {
        for (std::uint32_t& slot : list) slot = newSlot[slot];
    }
    for (std::size_t n = 0; n < count; ++n) {
        EntityId id = ids_[n];
        if (id >= 0 && id < kDirectIds) {
            direct_[static_cast<std::size_t>(id)] = static_cast<std::uint32_t>(n);
        } else {
            hashed_[id] = static_cast<std::uint32_t>(n);
        }
    }
}

// ---- decisions ---------------------------------------------------------------------------------

template <typename Views>
bool BasicGridAoi<Views>::reaches(const Body& watcher, double tx, double ty, double reach) {
    ++last_.distanceChecks;
    return inView(shape_, Vec2{watcher.x, watcher.y}, Vec2{tx, ty}, reach);
}

// T's current relations, stamped into the bodies of the entities concerned, so the scan learns "did X
// see T" and "did T see X" from the body it loads anyway.
template <typename Views>
void BasicGridAoi<Views>::markRelations(std::uint32_t t, bool prefetchRows) {
    if (++epoch_ >= (1U << (32 - kEpochShift))) {  // wrapped: old stamps could collide
        for (Body& body : bodies_) body.mark &= kSuperBit;
        epoch_ = 1;
    }
    const std::uint32_t stamp = epoch_ << kEpochShift;
    Body* bodies = bodies_.data();
    // A jump far away ends every relation: start loading the rows the scan will then change.
    if constexpr (requires { views_.prefetch(0U); }) {
        if (prefetchRows) {
            views_.forEach(t, [&](std::uint32_t x) { watchers_.prefetch(x); });
            watchers_.forEach(t, [&](std::uint32_t w) { views_.prefetch(w); });
        }
    }
    views_.forEach(t, [&](std::uint32_t x) { bodies[x].mark = (bodies[x].mark & kSuperBit) | stamp | kTargetSeesIt; });
    watchers_.forEach(t, [&](std::uint32_t w) {
        std::uint32_t mark = bodies[w].mark;
        bodies[w].mark = (mark >> kEpochShift) == epoch_ ? mark | kItSeesTarget : (mark & kSuperBit) | stamp | kItSeesTarget;
    });
}

template <typename Views>
bool BasicGridAoi<Views>::markedSeesTarget(std::uint32_t watcher) const {
    std::uint32_t mark = bodies_[watcher].mark;
    return (mark >> kEpochShift) == epoch_ && (mark & kItSeesTarget) != 0;
}

// The candidates of one cell of a move of T (T already stands at its new position, its old relations
// are stamped). The cell's class spares work: in a left cell nobody within the standard radius can see
// T or be seen by it now; most candidates had no relation and lie beyond S + h of the new position, so
// they cost one distance. In exact mode a super-view X is told by tellSuperWatchers and a super-view T
// refreshes its own view with a full-radius scan, so both are skipped here; in lazy mode their
// relations (possibly stale, at any distance) are re-decided like the others.
template <typename Views>
template <GridCellClass kClass>
void BasicGridAoi<Views>::scanMoveCell(const MoveContext& move, int cell) {
    // Locals, so the compiler need not reload members after every call that might alias them (the
    // body array does not grow during a move).
    const std::uint32_t t = move.t;
    const bool tView = lazy_ || !move.tSuper;
    const bool square = shape_ == ViewShape::Square;
    const bool lazy = lazy_;
    const double hysteresis = hysteresis_;
    const std::uint32_t epoch = epoch_;
    const Body* bodies = bodies_.data();
    std::uint64_t checks = 0;
    for (std::uint32_t x = cells_[static_cast<std::size_t>(cell)].head; x != kNil; x = bodies[x].next) {
        if (x == t) continue;
        const Body& xb = bodies[x];
        const std::uint32_t mark = xb.mark;
        const bool xSuper = (mark & kSuperBit) != 0;
        const bool stamped = (mark >> kEpochShift) == epoch;
        double after = 0;
        if constexpr (kClass != GridCellClass::Left) {
            double dx = xb.x - move.newX;
            double dy = xb.y - move.newY;
            if (square) {
                double ax = dx < 0 ? -dx : dx;
                double ay = dy < 0 ? -dy : dy;
                after = ax > ay ? ax : ay;
            } else {
                after = dx * dx + dy * dy;
            }
            ++checks;
        }
        // No relation before, and beyond S + h now: two standard-radius entities cannot gain one.
        if (!stamped && !xSuper && !move.tSuper && (kClass == GridCellClass::Left || after > move.farthest))
            continue;

        // X sees T.
        if (lazy || !xSuper) {
            bool was = stamped && (mark & kItSeesTarget) != 0;
            bool now = false;
            if constexpr (kClass != GridCellClass::Left) {
                double reach = was ? xb.radius + hysteresis : xb.radius;
                now = after <= (square ? reach : reach * reach);
            } else {
                if (xSuper) now = reaches(xb, move.newX, move.newY, was ? xb.radius + hysteresis : xb.radius);
            }
            if (was && now) {
                emit(AoiEventType::Move, x, t);
            } else if (was) {
                unrelateFromMover(x);
                emit(AoiEventType::Leave, x, t);
            } else if (now) {
                relateToMover(x);
                emit(AoiEventType::Enter, x, t);
            }
        }
        // T sees X.
        if (tView) {
            bool was = stamped && (mark & kTargetSeesIt) != 0;
            bool now = false;
            if constexpr (kClass != GridCellClass::Left) {
                now = after <= (was ? move.keepT : move.enterT);
            } else {
                if (move.tSuper) {
                    const Body& tb = bodies[t];
                    now = reaches(tb, xb.x, xb.y, was ? tb.radius + hysteresis : tb.radius);
                }
            }
            if (was && !now) {
                moverUnrelates(x);
                emit(AoiEventType::Leave, t, x);
            } else if (!was && now) {
                moverRelates(x);
                emit(AoiEventType::Enter, t, x);
            }
        }
    }
    last_.distanceChecks += checks;
}

// Re-decides "watcher sees t", given whether it did (distance with hysteresis). In positional mode only
// the event is wanted: there is no set to update.
template <typename Views>
void BasicGridAoi<Views>::decideWatcher(std::uint32_t watcher, std::uint32_t t, bool was) {
    const Body& wb = bodies_[watcher];
    const Body& tb = bodies_[t];
    bool now = reaches(wb, tb.x, tb.y, was ? wb.radius + hysteresis_ : wb.radius);
    if (was && now) {
        emit(AoiEventType::Move, watcher, t);
        return;
    }
    if (was == now) return;
    emit(now ? AoiEventType::Enter : AoiEventType::Leave, watcher, t);
    if (positional_) return;
    if (t == moverSlot_) {
        if (now) {
            relateToMover(watcher);
        } else {
            unrelateFromMover(watcher);
        }
    } else if (now) {
        relate(watcher, t);
    } else {
        unrelate(watcher, t);
    }
}

template <typename Views>
void BasicGridAoi<Views>::applyMoverChanges() {
    watchers_.update(moverSlot_, addWatcher_, dropWatcher_);
    views_.update(moverSlot_, addView_, dropView_);
    addWatcher_.clear();
    dropWatcher_.clear();
    addView_.clear();
    dropView_.clear();
    moverSlot_ = kNil;
}

// Exact mode: the super-view watchers registered in T's old and new cells. A super-view W that sees T
// (before or after) has T within r + h, so T's cell lies in W's registered box: no watcher is missed.
// oldCell < 0: T was just added (no relations yet); otherwise T's relations are stamped.
template <typename Views>
void BasicGridAoi<Views>::tellSuperWatchers(std::uint32_t t, int oldCell, int newCell) {
    if (supers_.empty()) return;  // no super-view entity, so every list is empty: spare the two cache misses
    for (std::uint32_t w : superWatchers_[static_cast<std::size_t>(newCell)]) {
        if (w != t) decideWatcher(w, t, oldCell >= 0 && markedSeesTarget(w));
    }
    if (oldCell < 0 || oldCell == newCell) return;
    int newColumn = newCell % columns_;
    int newRow = newCell / columns_;
    for (std::uint32_t w : superWatchers_[static_cast<std::size_t>(oldCell)]) {
        if (w != t && !superBox_[w].contains(newColumn, newRow)) decideWatcher(w, t, markedSeesTarget(w));
    }
}

// T's whole view from scratch, as the article's super-view refresh: drop the members now beyond
// r + h, then scan every cell within r for newcomers.
template <typename Views>
void BasicGridAoi<Views>::refreshOwnView(std::uint32_t t) {
    const Body& tb = bodies_[t];
    scratch_.clear();
    views_.collect(t, scratch_);
    for (std::uint32_t x : scratch_) {
        const Body& xb = bodies_[x];
        if (!reaches(tb, xb.x, xb.y, tb.radius + hysteresis_)) {
            unrelate(t, x);
            emit(AoiEventType::Leave, t, x);
        }
    }
    CellBox box = boxAround(tb.x, tb.y, tb.radius);
    scans_.push_back({ScanKind::Scan, box, CellBox{}});
    for (int cy = box.y0; cy <= box.y1; ++cy) {
        for (int cx = box.x0; cx <= box.x1; ++cx) {
            ++last_.visited;
            for (std::uint32_t x = cells_[static_cast<std::size_t>(cy * columns_ + cx)].head; x != kNil;
                 x = bodies_[x].next) {
                if (x == t) continue;
                const Body& xb = bodies_[x];
                if (reaches(tb, xb.x, xb.y, tb.radius) && !views_.contains(t, x)) {
                    relate(t, x);
                    emit(AoiEventType::Enter, t, x);
                }
            }
        }
    }
    lastRefresh_[t] = tickCount_;
}

template <typename Views>
void BasicGridAoi<Views>::finish(EventSink& sink) {
    last_.events = pending_.size();
    finishOperation();
    sink.onEvents(pending_.data(), pending_.size());
    pending_.clear();
}

// ---- operations --------------------------------------------------------------------------------

template <typename Views>
void BasicGridAoi<Views>::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginOperation();
    compaction_.arrived();
    scans_.clear();
    std::uint32_t t = allocateSlot(id);
    Body& tb = bodies_[t];
    tb.x = position.x;
    tb.y = position.y;
    tb.radius = radius;
    int cell = cellIndex(position.x, position.y);
    link(t, cell);
    bool super = radius > standardRadius_;
    setSuper(t, super);

    // Watchers within the standard radius (and T's view, when T is not super-view).
    CellBox box = boxAround(position.x, position.y, standardRadius_);
    scans_.push_back({ScanKind::Scan, box, CellBox{}});
    for (int cy = box.y0; cy <= box.y1; ++cy) {
        for (int cx = box.x0; cx <= box.x1; ++cx) {
            ++last_.visited;
            for (std::uint32_t x = cells_[static_cast<std::size_t>(cy * columns_ + cx)].head; x != kNil;
                 x = bodies_[x].next) {
                if (x == t) continue;
                const Body& xb = bodies_[x];
                if ((lazy_ || !xb.super()) && reaches(xb, tb.x, tb.y, xb.radius)) {
                    if (!positional_) relate(x, t);
                    emit(AoiEventType::Enter, x, t);
                }
                if (!super && reaches(tb, xb.x, xb.y, tb.radius)) {
                    if (!positional_) relate(t, x);
                    emit(AoiEventType::Enter, t, x);
                }
            }
        }
    }
    if (!lazy_) tellSuperWatchers(t, -1, cell);
    if (super) {
        if (positional_) {
            rescanOwnView(t, false, 0, 0, 0);
        } else {
            refreshOwnView(t);
        }
        if (!lazy_) registerSuper(t, boxAround(tb.x, tb.y, tb.radius + hysteresis_));
    }
    finish(sink);
}

template <typename Views>
void BasicGridAoi<Views>::move(EntityId id, Vec2 position, EventSink& sink) {
    beginOperation();
    scans_.clear();
    if (compaction_.dueAtMove(liveCount_)) compact();
    std::uint32_t t = slotOf(id);
    Body& tb = bodies_[t];
    double oldX = tb.x;
    double oldY = tb.y;
    int oldCell = cellIndex(oldX, oldY);
    int newCell = cellIndex(position.x, position.y);
    tb.x = position.x;
    tb.y = position.y;
    if (newCell != oldCell) {
        unlink(t, oldCell);
        link(t, newCell);
    }
    if (positional_) {
        movePositional(t, id, oldX, oldY, oldCell, newCell);
        finish(sink);
        return;
    }

    // The article's classification of the cells around the old and the new position.
    double reach = standardRadius_ + hysteresis_;
    CellBox before = boxAround(oldX, oldY, reach);
    CellBox after = boxAround(position.x, position.y, reach);
    const bool disjoint = before.x1 < after.x0 || after.x1 < before.x0 || before.y1 < after.y0 || after.y1 < before.y0;
    markRelations(t, disjoint);
    moverSlot_ = t;
    const MoveContext context{t,
                              id,
                              oldX,
                              oldY,
                              position.x,
                              position.y,
                              threshold(tb.radius),
                              threshold(tb.radius + hysteresis_),
                              threshold(standardRadius_ + hysteresis_),
                              tb.super()};
    forEachMoveCell(before, after, [&](auto cellClass, int cell) { scanMoveCell<cellClass()>(context, cell); });
    if (!lazy_) tellSuperWatchers(t, oldCell, newCell);
    applyMoverChanges();
    if (!lazy_) {
        if (tb.super()) {
            refreshOwnView(t);
            registerSuper(t, boxAround(tb.x, tb.y, tb.radius + hysteresis_));
        }
    }
    finish(sink);
}

template <typename Views>
void BasicGridAoi<Views>::setRadius(EntityId id, double radius, EventSink& sink) {
    beginOperation();
    scans_.clear();
    std::uint32_t t = slotOf(id);
    Body& tb = bodies_[t];
    const double oldRadius = tb.radius;
    tb.radius = radius;
    bool super = radius > standardRadius_;
    setSuper(t, super);
    if (positional_) {
        rescanOwnView(t, true, tb.x, tb.y, oldRadius);
    } else {
        refreshOwnView(t);  // an explicit change: exact in both modes
    }
    if (super && !lazy_) registerSuper(t, boxAround(tb.x, tb.y, tb.radius + hysteresis_));
    finish(sink);
}

template <typename Views>
void BasicGridAoi<Views>::remove(EntityId id, EventSink& sink) {
    beginOperation();
    scans_.clear();
    std::uint32_t t = slotOf(id);
    // Every watcher is told, wherever it stands (in lazy mode a super-view watcher may hold T from
    // its last refresh); T's own view goes without events.
    if (positional_) {
        scratch_.clear();
        collectWatchersPositional(t, scratch_, &last_);
        for (std::uint32_t w : scratch_) emit(AoiEventType::Leave, w, t);
    } else {
        watchers_.forEach(t, [&](std::uint32_t w) {
            views_.erase(w, t);
            emit(AoiEventType::Leave, w, t);
        });
        views_.forEach(t, [&](std::uint32_t x) { watchers_.erase(x, t); });
        watchers_.clear(t);
        views_.clear(t);
    }
    setSuper(t, false);
    unlink(t, cellOfSlot(t));
    freeSlot(t);
    finish(sink);
}

template <typename Views>
void BasicGridAoi<Views>::tick(EventSink& sink) {
    beginOperation();
    scans_.clear();
    ++tickCount_;
    if (lazy_) {
        for (std::uint32_t s : supers_) {
            if (tickCount_ - lastRefresh_[s] >= tickInterval_) refreshOwnView(s);
        }
    }
    finish(sink);
}

// ---- queries -----------------------------------------------------------------------------------

template <typename Views>
void BasicGridAoi<Views>::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    out.clear();
    std::uint32_t w = slotOf(watcher);
    if (w == kNil) return;
    std::vector<std::uint32_t> slots;
    if (positional_) {
        collectViewPositional(w, slots);
    } else {
        views_.collect(w, slots);
    }
    for (std::uint32_t s : slots) out.push_back(ids_[s]);
}

template <typename Views>
void BasicGridAoi<Views>::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    out.clear();
    std::uint32_t t = slotOf(target);
    if (t == kNil) return;
    if (positional_) {
        std::vector<std::uint32_t> slots;
        collectWatchersPositional(t, slots);
        for (std::uint32_t s : slots) out.push_back(ids_[s]);
        return;
    }
    watchers_.forEach(t, [&](std::uint32_t w) { out.push_back(ids_[w]); });
}

template <typename Views>
std::size_t BasicGridAoi<Views>::memoryBytes() const {
    std::size_t slots = bodies_.capacity();
    std::size_t bytes = slots * (sizeof(Body) + sizeof(EntityId) + sizeof(std::uint32_t) + 1 +
                                 sizeof(CellBox) + sizeof(std::int64_t) + sizeof(std::uint32_t));
    bytes += (supers_.capacity() + freeSlots_.capacity()) * sizeof(std::uint32_t);
    bytes += direct_.capacity() * sizeof(std::uint32_t);
    bytes += hashed_.size() * (sizeof(EntityId) + sizeof(std::uint32_t) + 2 * sizeof(void*));
    bytes += cells_.capacity() * sizeof(Cell);
    bytes += superWatchers_.capacity() * sizeof(superWatchers_[0]);
    for (const auto& list : superWatchers_) bytes += list.capacity() * sizeof(std::uint32_t);
    return bytes + views_.memoryBytes() + watchers_.memoryBytes();
}

template <typename Views>
void BasicGridAoi<Views>::occupiedCells(std::vector<GridCellCount>& out) const {
    out.clear();
    for (int row = 0; row < rows_; ++row) {
        for (int column = 0; column < columns_; ++column) {
            std::uint32_t count = cells_[static_cast<std::size_t>(row * columns_ + column)].count;
            if (count > 0) out.push_back({column, row, static_cast<int>(count)});
        }
    }
}

template <typename Views>
void BasicGridAoi<Views>::lastScannedCells(std::vector<GridScannedCell>& out) const {
    out.clear();
    for (const ScanRecord& scan : scans_) {
        const CellBox& first = scan.first;
        for (int cy = first.y0; cy <= first.y1; ++cy) {
            for (int cx = first.x0; cx <= first.x1; ++cx) {
                GridCellClass cellClass = GridCellClass::Scanned;
                if (scan.kind == ScanKind::Move)
                    cellClass = scan.second.contains(cx, cy) ? GridCellClass::Kept : GridCellClass::Left;
                out.push_back({cx, cy, cellClass});
            }
        }
        if (scan.kind != ScanKind::Move) continue;
        const CellBox& second = scan.second;
        for (int cy = second.y0; cy <= second.y1; ++cy) {
            for (int cx = second.x0; cx <= second.x1; ++cx) {
                if (!first.contains(cx, cy)) out.push_back({cx, cy, GridCellClass::Entered});
            }
        }
    }
}

template <typename Views>
void BasicGridAoi<Views>::scanCellsFor(EntityId id, std::vector<GridScannedCell>& out) const {
    out.clear();
    std::uint32_t slot = slotOf(id);
    if (slot == kNil) return;
    const CellBox box = boxAround(bodies_[slot].x, bodies_[slot].y, standardRadius_ + hysteresis_);
    for (int cy = box.y0; cy <= box.y1; ++cy)
        for (int cx = box.x0; cx <= box.x1; ++cx) out.push_back({cx, cy, GridCellClass::Scanned});
}

template <typename Views>
bool BasicGridAoi<Views>::isSuperView(EntityId id) const {
    std::uint32_t slot = slotOf(id);
    return slot != kNil && bodies_[slot].super();
}

template <typename Views>
std::int64_t BasicGridAoi<Views>::ticksUntilRefresh(EntityId id) const {
    std::uint32_t slot = slotOf(id);
    if (!lazy_ || slot == kNil || !bodies_[slot].super()) return -1;
    return std::max<std::int64_t>(1, lastRefresh_[slot] + tickInterval_ - tickCount_);
}

template class BasicGridAoi<InlineRowViews>;
template class BasicGridAoi<UnsortedVectorViews>;
template class BasicGridAoi<SortedVectorViews>;
template class BasicGridAoi<BitsetViews>;

}  // namespace aoilab
