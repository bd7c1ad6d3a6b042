#pragma once
// The grid method of the classic grid article: square cells, each holding an intrusive doubly linked
// list of its entities. Every operation scans the cells within the STANDARD radius S (+ hysteresis h)
// of the entity; a move classifies the cells around the old and the new position as
//   entered (only near the new position): nobody there could have seen T or been seen by T before,
//   left    (only near the old position): nobody there can see T or be seen by T now,
//   kept    (near both): re-decided pair by pair (old relation + distance, with hysteresis).
// The scan square has half-side S + h, so a standard-radius entity (r <= S) that keeps a relation up to
// r + h is always inside it.
//
// Entities whose radius exceeds S ("super-view" entities) cannot be found by that scan when they watch
// from farther than S. Two modes:
//   exact (default): every super-view entity W is also registered in every cell its reach r + h covers
//     (per-cell "super watcher" lists). A mover T asks the lists of its old and new cells, so W is told
//     at once wherever it stands; W's own view is refreshed with a scan of its full radius when W
//     moves, is added or changes radius. Cost: a super-view entity pays for the cells it covers.
//   lazy (AoiConfig::lazySuperView): as in the article, super-view entities are not registered; their
//     view is refreshed (scan of the full radius) only every `tickInterval` ticks, so between refreshes
//     they may lag behind brute force for targets farther than S. exact() is false in this mode.
//
// Relations: per slot "who I see" and "who sees me". Before a move scans its cells, T's current
// relations are stamped into the bodies (markRelations), so the scan reads "did X see T / T see X" from
// the body it already loads, with no set lookup per candidate.
//
// View sets: unsorted small rows of dense slots (inline in a flat array), measured against unsorted and
// sorted vectors and the article's bitsets over dense slots; the figures and the choice are in the
// comment of GridAoi below.
//
// Positional mode (no hysteresis, exact super-view; grid_positional.cpp): then "W sees T" depends on
// nothing but the two positions and W's radius, so the grid stores no relation at all. A move decides
// "saw" from T's old position and "sees" from its new one, in the same cells and classes; views and
// watchers are answered by a scan when asked. That spares the set updates that were most of a teleport
// (about 36 relations dropped and 36 made) and the stamping of T's relations before every move.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "aoi/aoi_system.h"
#include "aoi/compaction_schedule.h"
#include "aoi/grid_view_sets.h"
#include "aoi/pending_events.h"

namespace aoilab {

enum class GridCellClass : std::uint8_t { Entered, Left, Kept, Scanned };
const char* toString(GridCellClass cellClass);

struct GridCellCount {
    int column = 0;
    int row = 0;
    int count = 0;
};

struct GridScannedCell {
    int column = 0;
    int row = 0;
    GridCellClass cellClass = GridCellClass::Scanned;
};

template <typename Views>
class BasicGridAoi final : public AoiSystem {
public:
    explicit BasicGridAoi(const AoiConfig& config);

    const char* name() const override { return "grid"; }
    bool exact() const override { return !lazy_; }
    // False in positional mode (see above): relations are derived from positions, none are stored.
    bool storesRelations() const override { return !positional_; }
    void add(EntityId id, Vec2 position, double radius, EventSink& sink) override;
    void remove(EntityId id, EventSink& sink) override;
    void move(EntityId id, Vec2 position, EventSink& sink) override;
    void setRadius(EntityId id, double radius, EventSink& sink) override;
    void tick(EventSink& sink) override;
    void viewOf(EntityId watcher, std::vector<EntityId>& out) const override;
    void watchersOf(EntityId target, std::vector<EntityId>& out) const override;
    std::size_t size() const override { return liveCount_; }
    std::size_t memoryBytes() const override;
    std::unique_ptr<AoiSystem> clone() const override { return std::make_unique<BasicGridAoi>(*this); }

    // Introspection for the panels (read-only, computed on demand so operations stay fast).
    double cellSize() const { return cellSize_; }  // may exceed the configured size, see kMaxCells
    int columns() const { return columns_; }
    int rows() const { return rows_; }
    double standardRadius() const { return standardRadius_; }
    void occupiedCells(std::vector<GridCellCount>& out) const;
    // The cells the last operation scanned, with their class (a move: entered / left / kept; an add,
    // remove, radius change or lazy refresh: scanned). Cells of several refreshes may repeat.
    void lastScannedCells(std::vector<GridScannedCell>& out) const;
    // The cells an operation of `id` scans where it stands now: its standard-radius box (class Scanned).
    // Empty when the id is not in the grid.
    void scanCellsFor(EntityId id, std::vector<GridScannedCell>& out) const;
    bool isSuperView(EntityId id) const;
    std::int64_t ticks() const { return tickCount_; }
    // Lazy mode: ticks until super-view entity `id` refreshes its own view (1: at the next tick); -1
    // when the mode is exact or `id` is not a super-view entity (its view never lags).
    std::int64_t ticksUntilRefresh(EntityId id) const;

    // A world of width x height cut into cells of `cellSize` is capped at this many cells; beyond it
    // the cells grow (cellSize() tells the size in use).
    static constexpr std::int64_t kMaxCells = std::int64_t{1} << 22;

private:
    static constexpr std::uint32_t kNil = 0xffffffffU;
    // Hot per-slot data read by every scan: one 32-byte record.
    struct Body {
        double x = 0;
        double y = 0;
        double radius = 0;
        std::uint32_t next = kNil;  // next entity in the same cell
        // Bit 0: super-view (radius > standard radius). Bits 1-2: during a move, "T sees this one" and
        // "this one sees T", valid when bits 3-31 equal the move's epoch (see markRelations).
        std::uint32_t mark = 0;
        bool super() const { return (mark & kSuperBit) != 0; }
    };
    static constexpr std::uint32_t kSuperBit = 1;
    static constexpr std::uint32_t kTargetSeesIt = 2;
    static constexpr std::uint32_t kItSeesTarget = 4;
    static constexpr std::uint32_t kEpochShift = 3;
    struct CellBox {
        int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive; empty when x1 < x0
        bool contains(int cx, int cy) const { return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1; }
        friend bool operator==(const CellBox&, const CellBox&) = default;
    };
    enum class ScanKind : std::uint8_t { Move, Scan };
    struct ScanRecord {
        ScanKind kind;
        CellBox first;   // Move: box around the old position; Scan: the box scanned
        CellBox second;  // Move: box around the new position
    };

    std::uint32_t slotOf(EntityId id) const;
    std::uint32_t allocateSlot(EntityId id);
    void freeSlot(std::uint32_t slot);
    int cellColumn(double x) const;
    int cellRow(double y) const;
    int cellIndex(double x, double y) const { return cellRow(y) * columns_ + cellColumn(x); }
    CellBox boxAround(double x, double y, double reach) const;
    void link(std::uint32_t slot, int cell);
    void unlink(std::uint32_t slot, int cell);
    // A slot's cell follows from its position (link() was given the cell of that very position), so it
    // is not stored: one cache miss less for the mover.
    int cellOfSlot(std::uint32_t slot) const { return cellIndex(bodies_[slot].x, bodies_[slot].y); }
    void setSuper(std::uint32_t slot, bool super);
    void compact();
    void registerSuper(std::uint32_t slot, const CellBox& box);
    void unregisterSuper(std::uint32_t slot);

    bool reaches(const Body& watcher, double tx, double ty, double reach);
    // One move in progress: T, where it was and where it is, and its reach in metric units.
    struct MoveContext {
        std::uint32_t t;
        EntityId tId;  // the caller's id: reading ids_[t] would be another miss
        double oldX, oldY, newX, newY;
        double enterT, keepT;  // threshold(r_T), threshold(r_T + h)
        double farthest;       // threshold(S + h): no standard-radius relation reaches beyond
        bool tSuper;
    };
    // Reach in the units the scan compares distances in, exactly as inView does: the reach itself for the
    // square (Chebyshev distance), its square for the circle (squared distance).
    double threshold(double reach) const { return shape_ == ViewShape::Square ? reach : reach * reach; }
    template <GridCellClass kClass>
    void scanMoveCell(const MoveContext& move, int cell);
    // The cells of a move as the article classifies them: the old box's as kept (also in the new box) or
    // left, then the new box's own as entered; scan(class, cell) is called for each with the class as a
    // std::integral_constant, and each counts as visited. The first body of every cell is prefetched
    // first: the bodies of a cell lie together (see compact()), and a walk's misses overlap that way.
    template <typename Scan>
    void forEachMoveCell(const CellBox& before, const CellBox& after, Scan&& scan) {
        const bool disjoint = before.x1 < after.x0 || after.x1 < before.x0 || before.y1 < after.y0 || after.y1 < before.y0;
        for (const CellBox* box : {&before, &after}) {
            for (int cy = box->y0; cy <= box->y1; ++cy) {
                for (int cx = box->x0; cx <= box->x1; ++cx) {
                    std::uint32_t first = cells_[static_cast<std::size_t>(cy * columns_ + cx)].head;
                    if (first != kNil) __builtin_prefetch(&bodies_[first]);
                }
            }
            if (!disjoint) break;  // a walk: the new box overlaps the old one, whose rows are on their way
        }
        scans_.push_back({ScanKind::Move, before, after});
        for (int cy = before.y0; cy <= before.y1; ++cy) {
            for (int cx = before.x0; cx <= before.x1; ++cx) {
                ++last_.visited;
                if (after.contains(cx, cy)) {
                    scan(std::integral_constant<GridCellClass, GridCellClass::Kept>{}, cy * columns_ + cx);
                } else {
                    scan(std::integral_constant<GridCellClass, GridCellClass::Left>{}, cy * columns_ + cx);
                }
            }
        }
        if (before == after) return;
        for (int cy = after.y0; cy <= after.y1; ++cy) {
            for (int cx = after.x0; cx <= after.x1; ++cx) {
                if (before.contains(cx, cy)) continue;
                ++last_.visited;
                scan(std::integral_constant<GridCellClass, GridCellClass::Entered>{}, cy * columns_ + cx);
            }
        }
    }
    void decideWatcher(std::uint32_t watcher, std::uint32_t t, bool was);
    bool markedSeesTarget(std::uint32_t watcher) const;
    void markRelations(std::uint32_t t, bool prefetchRows = false);
    void relate(std::uint32_t watcher, std::uint32_t target) {
        views_.insert(watcher, target);
        watchers_.insert(target, watcher);
    }
    void unrelate(std::uint32_t watcher, std::uint32_t target) {
        views_.erase(watcher, target);
        watchers_.erase(target, watcher);
    }
    // During a move T's own two sets change in bulk: the other side is updated at once, T's side is
    // collected and merged by applyMoverChanges().
    void relateToMover(std::uint32_t watcher) {
        views_.insert(watcher, moverSlot_);
        addWatcher_.push_back(watcher);
    }
    void unrelateFromMover(std::uint32_t watcher) {
        views_.erase(watcher, moverSlot_);
        dropWatcher_.push_back(watcher);
    }
    void moverRelates(std::uint32_t target) {
        watchers_.insert(target, moverSlot_);
        addView_.push_back(target);
    }
    void moverUnrelates(std::uint32_t target) {
        watchers_.erase(target, moverSlot_);
        dropView_.push_back(target);
    }
    void applyMoverChanges();

    // Positional mode (grid_positional.cpp). "Saw" is decided at T's old place, "sees" at its new one.
    void movePositional(std::uint32_t t, EntityId id, double oldX, double oldY, int oldCell, int newCell);
    template <GridCellClass kClass>
    void scanPositionalCell(const MoveContext& move, int cell);
    void tellSuperWatchersPositional(std::uint32_t t, double oldX, double oldY, int oldCell, int newCell);
    // T's own view after it moved from (oldX, oldY) or changed its radius from oldRadius (hadView false:
    // T was just added and saw nobody): every cell within either reach, once.
    void rescanOwnView(std::uint32_t t, bool hadView, double oldX, double oldY, double oldRadius);
    void collectViewPositional(std::uint32_t w, std::vector<std::uint32_t>& out) const;
    // cost (optional) receives the cells looked at and the distance checks.
    void collectWatchersPositional(std::uint32_t t, std::vector<std::uint32_t>& out, AoiCounters* cost = nullptr) const;
    void tellSuperWatchers(std::uint32_t t, int oldCell, int newCell);
    void refreshOwnView(std::uint32_t t);
    void emit(AoiEventType type, std::uint32_t watcher, std::uint32_t target) {
        pending_.push({type, ids_[watcher], ids_[target]});
    }
    void finish(EventSink& sink);

    ViewShape shape_;
    double hysteresis_;
    double standardRadius_;
    int tickInterval_;
    bool lazy_;
    bool positional_;  // hysteresis 0 and exact mode: no relation stored (see the top of this file)
    double cellSize_;
    double inverseCell_;
    int columns_;
    int rows_;
    double pad_;  // widens scan boxes so rounding never drops a boundary cell

    // Slots.
    std::vector<Body> bodies_;
    std::vector<EntityId> ids_;
    std::vector<std::uint32_t> prev_;
    std::vector<std::uint8_t> live_;
    std::vector<CellBox> superBox_;            // exact mode: cells a super-view entity is registered in
    std::vector<std::int64_t> lastRefresh_;    // lazy mode: tick of the last full refresh
    std::vector<std::uint32_t> superIndex_;    // position in supers_
    std::vector<std::uint32_t> supers_;        // live super-view slots
    std::vector<std::uint32_t> freeSlots_;
    std::size_t liveCount_ = 0;
    Views views_;     // slot -> the slots it sees
    Views watchers_;  // slot -> the slots that see it (so a move knows its old relations without search)
    std::uint32_t epoch_ = 0;
    std::uint32_t moverSlot_ = kNil;
    std::vector<std::uint32_t> addWatcher_, dropWatcher_, addView_, dropView_;

    // Ids: small non-negative ids index a flat table, others go through a hash map.
    static constexpr EntityId kDirectIds = EntityId{1} << 22;
    std::vector<std::uint32_t> direct_;
    std::unordered_map<EntityId, std::uint32_t> hashed_;

    // Cells.
    // A cell's list head and size side by side: a scan reads both, so one cache line, not two.
    struct Cell {
        std::uint32_t head = kNil;
        std::uint32_t count = 0;
    };
    std::vector<Cell> cells_;
    std::vector<std::vector<std::uint32_t>> superWatchers_;  // exact mode only

    std::int64_t tickCount_ = 0;
    CompactionSchedule compaction_;
    PendingEvents pending_;
    std::vector<std::uint32_t> scratch_;
    std::vector<ScanRecord> scans_;
};

// With hysteresis (the only case with view sets now: without, positional mode keeps none, and moved
// 2.6x faster than inline rows at 20,000 entities in one run of viewsets/, 302 against 796 ns, with a
// third of the memory) the registered "grid" uses inline rows (InlineRowViews: the first 15 members of
// a row in one 64-byte record of a flat array, the rest in an overflow vector). Measured, before
// positional mode existed, with bench/aoi_bench.cpp "viewsets/" (Release, one thread, random walk,
// circle radius 100, 2.5 entities per 100 x 100, CPU ns per move including events; load average about
// 3 on 2 cores; compare within a row):
//   entities   inline rows       unsorted vectors   sorted vectors    bitsets
//   2,000      351 ns, 0.5 MB    387 ns, 0.4 MB     465 ns, 0.5 MB    470 ns,  1.2 MB
//   10,000     411 ns, 2.7 MB    446 ns, 2.2 MB     553 ns, 2.3 MB    1293 ns, 26 MB
//   20,000     476 ns, 5.5 MB    535 ns, 4.5 MB     680 ns, 4.8 MB    3038 ns, 102 MB  (100,000: 2 x 1.25 GB)
// On the teleport workload (10,000 entities, about 36 relations each, so rows overflow) unsorted vectors
// did better (40 ms against 48 ms per 10,000 teleports, sorted 80 ms); inline rows win the walk, where
// the 1-us target is the tighter one. Bitsets win only while n^2 / 8 bytes stay in the cache.
using GridAoi = BasicGridAoi<InlineRowViews>;
using UnsortedGridAoi = BasicGridAoi<UnsortedVectorViews>;
using SortedGridAoi = BasicGridAoi<SortedVectorViews>;
using BitsetGridAoi = BasicGridAoi<BitsetViews>;

extern template class BasicGridAoi<InlineRowViews>;
extern template class BasicGridAoi<UnsortedVectorViews>;
extern template class BasicGridAoi<SortedVectorViews>;
extern template class BasicGridAoi<BitsetViews>;

}  // namespace aoilab
