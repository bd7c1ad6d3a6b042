#include "aoi/cross_list.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AOILAB_AVX2_BAND_SCAN 1
#endif

namespace aoilab {

CrossListAoi::CrossListAoi(const AoiConfig& config)
    : rel_(config.shape, config.hysteresis),
      xs_(config.worldWidth),
      ys_(config.worldHeight),
      fromHead_(config.insertFromHead) {
    setTracing(tracing_);
}

void CrossListAoi::trackRadius(double radius, int delta) {
    int& count = radiusCounts_[radius];
    count += delta;
    if (count == 0) radiusCounts_.erase(radius);
}

namespace {
// [lo, hi] around [min(a, b) - reach, max(a, b) + reach], widened by far more than a rounding error, so
// that every y with |y - a| <= reach or |y - b| <= reach (as computed in doubles) lies in it.
// In floats, as the chunks keep `other`: rounding to float is monotone, so a y in [lo, hi] has its float
// in [float(lo), float(hi)].
struct Coarse {
    float lo;
    float hi;
};
Coarse coarseRange(double a, double b, double reach) {
    const double slack = 1e-9 * (1 + std::fabs(a) + std::fabs(b) + reach);
    return {static_cast<float>(std::min(a, b) - reach - slack), static_cast<float>(std::max(a, b) + reach + slack)};
}

// Calls hit(k) for each k in [a, b) whose other[k] lies in [lo, hi]. The chunk is read in aligned
// blocks of 8 (entries past the count are zeros or stale, and clipped off): one branch a block, taken
// only by the rare block that holds one. SSE2, x86-64's baseline, tests four entries an instruction.
template <class Hit>
void scanBlocks(const float* other, int a, int b, float lo, float hi, Hit hit) {
#if defined(__SSE2__)
    const __m128 low = _mm_set1_ps(lo);
    const __m128 high = _mm_set1_ps(hi);
#endif
    for (int base = a & ~7; base < b; base += 8) {
        unsigned mask = 0;
#if defined(__SSE2__)
        const __m128 v0 = _mm_loadu_ps(other + base);
        const __m128 v1 = _mm_loadu_ps(other + base + 4);
        const __m128 in0 = _mm_and_ps(_mm_cmpge_ps(v0, low), _mm_cmple_ps(v0, high));
        const __m128 in1 = _mm_and_ps(_mm_cmpge_ps(v1, low), _mm_cmple_ps(v1, high));
        if (_mm_movemask_ps(_mm_or_ps(in0, in1)) == 0) continue;
        mask = static_cast<unsigned>(_mm_movemask_ps(in0)) | static_cast<unsigned>(_mm_movemask_ps(in1)) << 4;
#else
        for (int k = 0; k < 8; ++k) mask |= static_cast<unsigned>((other[base + k] >= lo) & (other[base + k] <= hi)) << k;
        if (mask == 0) continue;
#endif
        if (base < a) mask &= ~0u << (a - base);
        if (base + 8 > b) mask &= (1u << (b - base)) - 1;
        while (mask != 0) {
            hit(base + __builtin_ctz(mask));
            mask &= mask - 1;
        }
    }
}

// Writes the slots k in [a, b) whose other[k] lies in [lo, hi] to out (room for b - a + 8 needed);
// returns how many. Without a branch on the outcome: a teleport's bands hold a hit in about 2 blocks
// of 5, a coin flip the 'block has a hit' branch of scanBlocks mispredicts. With AVX2 (checked at run
// time; x86-64's baseline is SSE2), a block of 8 is compared, its hits' slots gathered to the front by
// one permutation (indices from a table by the block's mask) and stored whole; the count advances by
// the mask's population. Without, scanBlocks.
#if defined(AOILAB_AVX2_BAND_SCAN)
// For each 8-bit mask, the positions of its set bits in order, a byte each (the rest zeros).
constexpr std::array<std::uint64_t, 256> makeCompressTable() {
    std::array<std::uint64_t, 256> table{};
    for (unsigned mask = 0; mask < 256; ++mask) {
        int n = 0;
        for (unsigned k = 0; k < 8; ++k)
            if ((mask >> k) & 1u) table[mask] |= std::uint64_t{k} << (8 * n++);
    }
    return table;
}
constexpr std::array<std::uint64_t, 256> kCompress = makeCompressTable();

__attribute__((target("avx2,popcnt"))) std::size_t compressBlocksAvx2(const float* other, const Slot* slot, int a,
                                                                      int b, float lo, float hi, Slot* out) {
    const __m256 low = _mm256_set1_ps(lo);
    const __m256 high = _mm256_set1_ps(hi);
    std::size_t n = 0;
    for (int base = a & ~7; base < b; base += 8) {  // base <= kChunk - 8: the block lies in the chunk
        const __m256 v = _mm256_loadu_ps(other + base);
        const __m256 in = _mm256_and_ps(_mm256_cmp_ps(v, low, _CMP_GE_OQ), _mm256_cmp_ps(v, high, _CMP_LE_OQ));
        auto mask = static_cast<unsigned>(_mm256_movemask_ps(in));
        if (base < a) mask &= ~0u << (a - base);
        if (base + 8 > b) mask &= (1u << (b - base)) - 1;
        const __m256i order = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(kCompress[mask])));
        const __m256i slots = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(slot + base));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + n), _mm256_permutevar8x32_epi32(slots, order));
        n += static_cast<std::size_t>(__builtin_popcount(mask));
    }
    return n;
}

const bool kHasAvx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
}();
#endif

std::size_t compressBlocks(const float* other, const Slot* slot, int a, int b, float lo, float hi, Slot* out) {
#if defined(AOILAB_AVX2_BAND_SCAN)
    if (kHasAvx2) return compressBlocksAvx2(other, slot, a, b, lo, hi, out);
#endif
    std::size_t n = 0;
    scanBlocks(other, a, b, lo, hi, [&](int k) { out[n++] = slot[k]; });
    return n;
}
}  // namespace

template <class Filter>
AxisList::Cursor CrossListAoi::walkDirection(AxisList::Cursor from, int direction, Vec2 origin, double reach,
                                             Filter filter, bool oldPlace, float yLow, float yHigh) {
    Walk walk;
    walk.direction = direction;
    walk.originKey = origin.x;
    walk.reach = reach;
    std::uint64_t reads = 0;
    // Entries [a, b) of a chunk, all within reach on x. The few whose `other` lies in the coarse range
    // (about 1 in 100 at 100,000 entities) are kept: tracing filters them now, in walk order, to be
    // offered after the walks (offerHits), and records every entry's slot in walk order (lastVisits()
    // reads their ids and places when asked); else they are filtered when offered.
    const std::uint16_t walkIndex = static_cast<std::uint16_t>(visitWalks_.size());
    if (tracing_ && recordingVisits_) {
        visitWalks_.push_back({origin.y, reach});
        visitsRead_ = false;
    }
    auto visitRange = [&](const AxisList::Chunk& ch, int a, int b) {
        if (tracing_) {
            const std::size_t first = hits_.size();
            scanBlocks(ch.other, a, b, yLow, yHigh, [&ch, &filter, this](int k) {
                if (filter(rel_.position(ch.slot[k]))) hits_.push_back(ch.slot[k]);
            });
            if (direction < 0) std::reverse(hits_.begin() + static_cast<std::ptrdiff_t>(first), hits_.end());
            if (recordingVisits_)
                for (int n = 0; n < b - a; ++n) pendingVisits_.push_back({ch.slot[direction > 0 ? a + n : b - 1 - n], walkIndex, true});
            return;
        }
        if (collectingBand_) {
            band_.reserveMore(static_cast<std::size_t>(b - a) + 8);
            band_.count += compressBlocks(ch.other, ch.slot, a, b, yLow, yHigh, band_.end());
            return;
        }
        scanBlocks(ch.other, a, b, yLow, yHigh, [&ch, this](int k) { hits_.push_back(ch.slot[k]); });
    };
    // The entries within reach on x are consecutive: a scan of each chunk's keys in memory order.
    AxisList::Cursor stop;
    if (direction > 0) {
        for (int c = from.chunk, i = from.index; c >= 0; c = xs_.chunk(c).next, i = 0) {
            const AxisList::Chunk& ch = xs_.chunk(c);
            int end = ch.count;
            if (!(ch.key[end - 1] - origin.x <= reach)) {  // the reach ends in this chunk
                int j = i;
                while (!(ch.key[j] - origin.x > reach)) ++j;
                visitRange(ch, i, j);
                reads += static_cast<std::uint64_t>(j - i + 1);
                stop = {c, j};
                break;
            }
            visitRange(ch, i, end);
            reads += static_cast<std::uint64_t>(end - i);
        }
    } else {
        for (int c = from.chunk, i = from.index; c >= 0;) {
            const AxisList::Chunk& ch = xs_.chunk(c);
            if (!(origin.x - ch.key[0] <= reach)) {
                int j = i;
                while (!(origin.x - ch.key[j] > reach)) --j;
                visitRange(ch, j + 1, i + 1);
                reads += static_cast<std::uint64_t>(i - j + 1);
                stop = {c, j};
                break;
            }
            visitRange(ch, 0, i + 1);
            reads += static_cast<std::uint64_t>(i + 1);
            c = ch.prev;
            if (c >= 0) i = xs_.chunk(c).count - 1;
        }
    }
    walk.nodes = static_cast<int>(reads) - (stop.valid() ? 1 : 0);
    if (stop.valid()) {
        walk.stopped = true;
        walk.stopId = rel_.idOf(xs_.slot(stop));
        walk.stopKey = xs_.key(stop);
        if (tracing_ && recordingVisits_) pendingVisits_.push_back({xs_.slot(stop), walkIndex, false});
    }
    last_.visited += reads;
    costs_.walkNodes += reads;
    if (oldPlace) {
        costs_.oldPlaceNodes += reads;
    } else {
        walks_.push_back(walk);
    }
    return stop;
}

// The candidates found by the walks (not tracing) are offered together: their records (somewhere in
// ViewRelations' arrays, one cache miss each) are first read all at once, so the misses overlap.
template <class Filter, class Offer>
void CrossListAoi::offerHits(Filter filter, Offer offer) {
    double touched = 0;
    for (Slot c : hits_) touched += rel_.radius(c);
    touched_ = touched;
    for (Slot c : hits_) {
        const Vec2 p = rel_.position(c);
        if (filter(p)) offer(c, p);
    }
    hits_.clear();
}

namespace {
// Reads on from `from` (already read and counted) in `direction` until an entry lies beyond reach of x
// on that side (direction -1: x - key > reach; +1: key - x > reach); calls offer(chunk, index) for each
// entry before it, `from` included. Returns the entries read after `from` (the stop included).
template <class Offer>
std::uint64_t readOn(const AxisList& xs, AxisList::Cursor from, int direction, double x, double reach, Offer&& offer) {
    std::uint64_t reads = 0;
    for (AxisList::Cursor at = from; at.valid(); at = direction > 0 ? xs.next(at) : xs.prev(at)) {
        if (at != from) ++reads;
        const double beyond = direction > 0 ? xs.key(at) - x : x - xs.key(at);
        if (beyond > reach) break;
        offer(xs.chunk(at.chunk), at.index);
    }
    return reads;
}
}  // namespace

void CrossListAoi::rangeWalk(Slot s, double reach, bool watchers, const Vec2* old) {
    const double ownReach = rel_.radius(s);
    const Vec2 origin = rel_.position(s);
    const AxisList::Cursor self = xs_.find(s);
    if (!rel_.positional()) {
        auto filter = [=](Vec2 p) { return std::fabs(p.y - origin.y) <= reach; };
        auto offer = [&, watchers, ownReach, origin](Slot c, Vec2 p) {
            if (watchers) rel_.offerWatcher(c);
            if (std::fabs(p.x - origin.x) <= ownReach && std::fabs(p.y - origin.y) <= ownReach) rel_.offerTarget(c);
        };
        const Coarse y = coarseRange(origin.y, origin.y, reach);
        walkDirection(xs_.prev(self), -1, origin, reach, filter, false, y.lo, y.hi);
        walkDirection(xs_.next(self), +1, origin, reach, filter, false, y.lo, y.hi);
        offerHits(filter, offer);
        return;
    }
    // Positional: a candidate within reach of either place is offered both ways; ViewRelations decides
    // "saw" at the old place and "sees" at the new one. `old` (a move whose bands overlap) is covered
    // by the same walk, which reads on past its stop while within reach of the old place.
    auto offer = [this](Slot c, Vec2) {
        rel_.offerWatcher(c);
        rel_.offerTarget(c);
    };
    if (!old) {
        auto filter = [=](Vec2 p) { return std::fabs(p.y - origin.y) <= reach; };
        const Coarse y = coarseRange(origin.y, origin.y, reach);
        walkDirection(xs_.prev(self), -1, origin, reach, filter, false, y.lo, y.hi);
        walkDirection(xs_.next(self), +1, origin, reach, filter, false, y.lo, y.hi);
        offerHits(filter, offer);
        return;
    }
    const Vec2 was = *old;
    auto filter = [=](Vec2 p) {
        return std::fabs(p.y - origin.y) <= reach || (std::fabs(p.y - was.y) <= reach && std::fabs(p.x - was.x) <= reach);
    };
    const Coarse y = coarseRange(origin.y, was.y, reach);
    AxisList::Cursor left = walkDirection(xs_.prev(self), -1, origin, reach, filter, false, y.lo, y.hi);
    AxisList::Cursor right = walkDirection(xs_.next(self), +1, origin, reach, filter, false, y.lo, y.hi);
    offerHits(filter, offer);
    // The old band reaches past the new one on the side T came from.
    const AxisList::Cursor from = was.x < origin.x ? left : was.x > origin.x ? right : AxisList::Cursor{};
    if (!from.valid()) return;
    auto offerOld = [&](const AxisList::Chunk& ch, int k) {
        const Vec2 p = rel_.position(ch.slot[k]);
        if (!(std::fabs(p.x - was.x) <= reach && std::fabs(p.y - was.y) <= reach)) return;
        rel_.offerWatcher(ch.slot[k]);
        rel_.offerTarget(ch.slot[k]);
    };
    std::uint64_t reads = readOn(xs_, from, was.x < origin.x ? -1 : +1, was.x, reach, offerOld);
    last_.visited += reads;
    costs_.walkNodes += reads;
    costs_.oldPlaceNodes += reads;
}

void CrossListAoi::walkOldPlace(Slot s, Vec2 old, double reach) {
    auto filter = [=](Vec2 p) { return std::fabs(p.y - old.y) <= reach; };
    auto offer = [this](Slot c, Vec2) {
        rel_.offerWatcher(c);
        rel_.offerTarget(c);
    };
    const AxisList::Cursor self = xs_.find(s);
    const Coarse y = coarseRange(old.y, old.y, reach);
    walkDirection(xs_.prev(self), -1, old, reach, filter, true, y.lo, y.hi);
    walkDirection(xs_.next(self), +1, old, reach, filter, true, y.lo, y.hi);
    offerHits(filter, offer);
}

void CrossListAoi::collectBand(AxisList::Cursor self, Vec2 origin, double reach, bool oldPlace) {
    auto unused = [](Vec2) { return true; };  // positional relations: never tracing, so never called
    const Coarse y = coarseRange(origin.y, origin.y, reach);
    collectingBand_ = true;
    walkDirection(xs_.prev(self), -1, origin, reach, unused, oldPlace, y.lo, y.hi);
    walkDirection(xs_.next(self), +1, origin, reach, unused, oldPlace, y.lo, y.hi);
    collectingBand_ = false;
}

void CrossListAoi::collectAround(Slot s, Vec2 old, double reach) {
    auto unused = [](Vec2) { return true; };  // positional relations: never tracing, so never called
    const Vec2 origin = rel_.position(s);
    const AxisList::Cursor self = xs_.find(s);
    const Coarse y = coarseRange(origin.y, old.y, reach);
    AxisList::Cursor left = walkDirection(xs_.prev(self), -1, origin, reach, unused, false, y.lo, y.hi);
    AxisList::Cursor right = walkDirection(xs_.next(self), +1, origin, reach, unused, false, y.lo, y.hi);
    // The old band reaches past the new one on the side T came from.
    const AxisList::Cursor from = old.x < origin.x ? left : old.x > origin.x ? right : AxisList::Cursor{};
    if (!from.valid()) return;
    // Past the new band, only the old place's coarse y range holds candidates.
    const Coarse wasY = coarseRange(old.y, old.y, reach);
    std::uint64_t reads = readOn(xs_, from, old.x < origin.x ? -1 : +1, old.x, reach,
                                 [this, wasY](const AxisList::Chunk& ch, int k) {
                                     if (ch.other[k] >= wasY.lo && ch.other[k] <= wasY.hi) hits_.push_back(ch.slot[k]);
                                 });
    last_.visited += reads;
    costs_.walkNodes += reads;
    costs_.oldPlaceNodes += reads;
}

void CrossListAoi::near(Slot s, double reach, std::vector<Slot>& out) const {
    out.clear();
    const Vec2 p = rel_.position(s);
    const AxisList::Cursor self = xs_.find(s);
    auto collect = [&](const AxisList::Chunk& ch, int k) {
        if (std::fabs(rel_.position(ch.slot[k]).y - p.y) <= reach) out.push_back(ch.slot[k]);
    };
    for (int direction : {-1, +1}) {
        AxisList::Cursor first = direction > 0 ? xs_.next(self) : xs_.prev(self);
        if (first.valid()) readOn(xs_, first, direction, p.x, reach, collect);
    }
}

void CrossListAoi::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    if (!rel_.positional()) return rel_.viewOf(watcher, out);
    out.clear();
    Slot w = rel_.slotOf(watcher);
    if (w == kNoSlot) return;
    near(w, rel_.radius(w), scratch_);
    rel_.idsSeenBy(w, scratch_, out);
}

void CrossListAoi::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    if (!rel_.positional()) return rel_.watchersOf(target, out);
    out.clear();
    Slot t = rel_.slotOf(target);
    if (t == kNoSlot) return;
    near(t, maxRadius(), scratch_);
    rel_.idsSeeing(t, scratch_, out);
}

void CrossListAoi::renumberByPlace() {
    xs_.compact();  // and the chunks in list order: a world just built has them in no order in memory
    ys_.compact();
    std::vector<Slot> order;
    xs_.slotsInOrder(order);
    std::vector<Slot> newSlot = rel_.renumber(order);
    xs_.renumber(newSlot);
    ys_.renumber(newSlot);
}

// Slots in x order, so a walk's candidates' records (positions, stamps) lie together in memory: after
// n / 2 arrivals or 2 n moves (compaction_schedule.h).
void CrossListAoi::renumberIfDue() {
    if (renumbering_.dueAtMove(rel_.size())) renumberByPlace();
}

void CrossListAoi::useRelations(ViewRelations::Mode mode) {
    ViewRelations fresh(rel_.shape(), rel_.hysteresis(), mode);
    if (fresh.positional() == rel_.positional()) return;
    std::vector<Slot> order;
    xs_.slotsInOrder(order);
    std::vector<Slot> newSlot(static_cast<std::size_t>(rel_.slotCount()), kNoSlot);
    for (Slot s : order) newSlot[static_cast<std::size_t>(s)] = fresh.insert(rel_.idOf(s), rel_.position(s), rel_.radius(s));
    xs_.renumber(newSlot);
    ys_.renumber(newSlot);
    rel_ = std::move(fresh);
    if (rel_.positional()) return;
    // Stored: every entity arrives again, in slot order, meeting those already there (no events).
    NullSink none;
    AoiCounters ignored;
    std::vector<Slot> candidates;
    for (Slot s = 0; s < rel_.slotCount(); ++s) {
        near(s, maxRadius(), candidates);
        rel_.beginArrival(s);
        for (Slot c : candidates) {
            if (c > s) continue;
            rel_.offerWatcher(c);
            rel_.offerTarget(c);
        }
        rel_.finish(none, ignored);
    }
}

// Every operation starts the counters and the panels' trace afresh.
void CrossListAoi::beginTracedOperation(EntityId id) {
    beginOperation();
    clearVisits();
    walks_.clear();
    lastEntity_ = id;
    relink_.x = {};
    relink_.y = {};
    costs_ = {};
}

void CrossListAoi::endTracedOperation() {
    totalCosts_ += costs_;
    finishOperation();
}

void CrossListAoi::clearVisits() {
    pendingVisits_.clear();
    visitWalks_.clear();
    visits_.clear();
    visitsRead_ = true;
}

const std::vector<CrossListAoi::Visit>& CrossListAoi::lastVisits() const {
    // Read when asked, not during the walks: a replay of many operations reads only the last one's.
    // Nothing moves an entity between the walks and the next operation, so the places are the walks'.
    if (visitsRead_) return visits_;
    visits_.clear();
    visits_.reserve(pendingVisits_.size());
    for (const PendingVisit& v : pendingVisits_) {
        const Vec2 p = rel_.position(v.slot);
        const VisitWalk& walk = visitWalks_[v.walk];
        visits_.push_back({rel_.idOf(v.slot), p, v.inRangeX, std::fabs(p.y - walk.originY) <= walk.reach});
    }
    visitsRead_ = true;
    return visits_;
}

// A head walk passes exactly the nodes before the place: the first of them are read off the list.
void CrossListAoi::notePassed(const AxisList& list, Slot s, AxisRelink& axis) const {
    const AxisList::Cursor self = list.find(s);
    const AxisList::Cursor after = list.next(self);
    axis.stopId = after.valid() ? rel_.idOf(list.slot(after)) : -1;
    if (axis.way != AxisList::Placement::FromHead) return;
    axis.passed = axis.cost.nodes - (after.valid() ? 1 : 0);
    if (!tracing_) return;
    for (AxisList::Cursor i = list.first(); i.valid() && axis.passedIds.size() < kPassedShown; i = list.next(i)) {
        if (list.slot(i) == s) break;
        axis.passedIds.push_back(rel_.idOf(list.slot(i)));
    }
}

void CrossListAoi::noteRelink(Slot s) {
    notePassed(xs_, s, relink_.x);
    notePassed(ys_, s, relink_.y);
    costs_.relinkNodes = static_cast<std::uint64_t>(relink_.x.cost.nodes + relink_.y.cost.nodes);
    costs_.bucketsProbed = static_cast<std::uint64_t>(relink_.x.cost.buckets + relink_.y.cost.buckets);
    costs_.otherRelinkNodes = static_cast<std::uint64_t>(relink_.x.otherWay.nodes + relink_.y.otherWay.nodes);
    costs_.otherBucketsProbed = static_cast<std::uint64_t>(relink_.x.otherWay.buckets + relink_.y.otherWay.buckets);
    last_.visited += costs_.relinkNodes;
}

void CrossListAoi::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.insert(id, position, radius);
    const auto way = fromHead_ ? AxisList::Placement::FromHead : AxisList::Placement::BucketIndex;
    relink_.x.way = relink_.y.way = way;
    relink_.x.cost = xs_.link(s, position.x, position.y, fromHead_, tracing_ ? &relink_.x.otherWay : nullptr);
    relink_.y.cost = ys_.link(s, position.y, position.x, fromHead_, tracing_ ? &relink_.y.otherWay : nullptr);
    noteRelink(s);
    trackRadius(radius, +1);
    renumbering_.arrived();
    rel_.beginArrival(s);
    rangeWalk(s, maxRadius(), true);
    rel_.finish(sink, last_);
    endTracedOperation();
}

void CrossListAoi::move(EntityId id, Vec2 position, EventSink& sink) {
    endBulkAdds();  // only adds belong to a run priced in bulk
    renumberIfDue();
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    const Vec2 old = rel_.position(s);
    const double reach = maxRadius();
    // Positional relations: the old place's candidates too. Bands apart (a teleport): walked now, from
    // T's entry still there; else the walk around the new place reads on over the old band.
    const bool positional = rel_.positional();
    const bool apart = positional && !(std::fabs(position.x - old.x) <= 2 * reach);
    // A jump: the places lie apart on x or on y by more than rounding can blur, so nobody both saw and
    // sees T (seeing needs |dx| and |dy| within the radius): the old and the new band are each walked and
    // decided for their own kind of event (cross_list_positional.cpp). A step (bands overlapping on both
    // axes: one coarse y range covers both places): the walk around the new place meets each candidate
    // once, decided there too. Else (only apart within rounding): ViewRelations' offers, deduplicated.
    const double margin = 2 * reach * (1 + 1e-9);
    const bool jump = std::fabs(position.x - old.x) > margin || std::fabs(position.y - old.y) > margin;
    const bool step = !apart && std::fabs(position.y - old.y) <= 2 * reach;
    if (positional && (jump || step)) {
        if (jump) {
            teleportPositional(s, id, old, position, reach, sink);
        } else {
            moveNearPositional(s, id, old, position, reach, sink);
        }
        endTracedOperation();
        return;
    }
    rel_.beginMove(s, position);
    if (apart) walkOldPlace(s, old, reach);
    relink_.x.cost = xs_.relocate(s, position.x, position.y, fromHead_, relink_.x.way,
                                  tracing_ ? &relink_.x.otherWay : nullptr);
    relink_.y.cost = ys_.relocate(s, position.y, position.x, fromHead_, relink_.y.way,
                                  tracing_ ? &relink_.y.otherWay : nullptr);
    noteRelink(s);
    rangeWalk(s, reach, true, positional && !apart ? &old : nullptr);
    rel_.finish(sink, last_);
    endTracedOperation();
}

void CrossListAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    endBulkAdds();  // only adds belong to a run priced in bulk
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    // Who sees T is unchanged: only T's own view needs candidates, within the new radius (positional:
    // within the larger of the old and new, whom T saw and sees).
    const double reach = rel_.positional() ? std::max(rel_.radius(s), radius) : radius;
    trackRadius(rel_.radius(s), -1);
    trackRadius(radius, +1);
    rel_.beginRadius(s, radius);
    rangeWalk(s, reach, false);
    rel_.finish(sink, last_);
    endTracedOperation();
}

void CrossListAoi::remove(EntityId id, EventSink& sink) {
    endBulkAdds();  // only adds belong to a run priced in bulk
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    if (rel_.positional()) {  // T's watchers are found by a walk, each told by ViewRelations
        rel_.beginLeave(s);
        rangeWalk(s, maxRadius(), true);
    }
    xs_.unlink(s);
    ys_.unlink(s);
    trackRadius(rel_.radius(s), -1);
    rel_.erase(s, sink, last_);
    endTracedOperation();
}

void CrossListAoi::order(const AxisList& list, std::vector<ListEntry>& out) const {
    out.clear();
    for (AxisList::Cursor i = list.first(); i.valid(); i = list.next(i))
        out.push_back({rel_.idOf(list.slot(i)), rel_.position(list.slot(i))});
}

std::string CrossListAoi::describe(const Walk& walk) {
    char text[200];
    const char* way = walk.direction > 0 ? "right" : "left";
    if (!walk.stopped) {
        std::snprintf(text, sizeof text, "walked %d node%s %s on the %c list to its end", walk.nodes,
                      walk.nodes == 1 ? "" : "s", way, walk.axis);
    } else if (walk.direction > 0) {
        std::snprintf(text, sizeof text, "walked %d node%s right on the %c list until %c - %g > %g", walk.nodes,
                      walk.nodes == 1 ? "" : "s", walk.axis, walk.axis, walk.originKey, walk.reach);
    } else {
        std::snprintf(text, sizeof text, "walked %d node%s left on the %c list until %g - %c > %g", walk.nodes,
                      walk.nodes == 1 ? "" : "s", walk.axis, walk.originKey, walk.axis, walk.reach);
    }
    return text;
}

std::size_t CrossListAoi::memoryBytes() const {
    return rel_.memoryBytes() + xs_.memoryBytes() + ys_.memoryBytes() +
           radiusCounts_.size() * (4 * sizeof(void*) + sizeof(double) + sizeof(int)) +
           visits_.capacity() * sizeof(Visit) + pendingVisits_.capacity() * sizeof(PendingVisit) +
           visitWalks_.capacity() * sizeof(VisitWalk) + walks_.capacity() * sizeof(Walk) +
           (hits_.capacity() + scratch_.capacity()) * sizeof(Slot) + pending_.capacity() * sizeof(AoiEvent) +
           band_.capacity * sizeof(Slot);
}

}  // namespace aoilab
