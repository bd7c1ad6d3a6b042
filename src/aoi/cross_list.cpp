#include "aoi/cross_list.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

template <class Offer>
AxisList::Cursor CrossListAoi::walkDirection(AxisList::Cursor from, int direction, Vec2 origin, double reach,
                                             Offer&& offer) {
    Walk walk;
    walk.direction = direction;
    walk.originKey = origin.x;
    walk.reach = reach;
    std::uint64_t reads = 0;
    auto visit = [&](const AxisList::Chunk& ch, int k) {
        if (tracing_) {
            visits_.push_back({rel_.idOf(ch.slot[k]), Vec2{ch.key[k], ch.other[k]}, true,
                               std::fabs(ch.other[k] - origin.y) <= reach});
        }
        offer(ch, k);
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
                for (int k = i; k < j; ++k) visit(ch, k);
                reads += static_cast<std::uint64_t>(j - i + 1);
                stop = {c, j};
                break;
            }
            for (int k = i; k < end; ++k) visit(ch, k);
            reads += static_cast<std::uint64_t>(end - i);
        }
    } else {
        for (int c = from.chunk, i = from.index; c >= 0;) {
            const AxisList::Chunk& ch = xs_.chunk(c);
            if (!(origin.x - ch.key[0] <= reach)) {
                int j = i;
                while (!(origin.x - ch.key[j] > reach)) --j;
                for (int k = i; k > j; --k) visit(ch, k);
                reads += static_cast<std::uint64_t>(i - j + 1);
                stop = {c, j};
                break;
            }
            for (int k = i; k >= 0; --k) visit(ch, k);
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
        if (tracing_) {
            visits_.push_back({walk.stopId, Vec2{walk.stopKey, xs_.other(stop)}, false,
                               std::fabs(xs_.other(stop) - origin.y) <= reach});
        }
    }
    last_.visited += reads;
    costs_.walkNodes += reads;
    walks_.push_back(walk);
    return stop;
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
        auto offer = [&](const AxisList::Chunk& ch, int k) {
            const double dy = std::fabs(ch.other[k] - origin.y);
            if (!(dy <= reach)) return;
            const Slot c = ch.slot[k];
            if (watchers) rel_.offerWatcher(c);
            if (std::fabs(ch.key[k] - origin.x) <= ownReach && dy <= ownReach) rel_.offerTarget(c);
        };
        walkDirection(xs_.prev(self), -1, origin, reach, offer);
        walkDirection(xs_.next(self), +1, origin, reach, offer);
        return;
    }
    // Positional: a candidate within reach of either place is offered both ways; ViewRelations decides
    // "saw" at the old place and "sees" at the new one. `old` (a move whose bands overlap) is covered
    // by the same walk, which reads on past its stop while within reach of the old place.
    auto offerNew = [&](const AxisList::Chunk& ch, int k) {
        if (!(std::fabs(ch.other[k] - origin.y) <= reach)) return;
        rel_.offerWatcher(ch.slot[k]);
        rel_.offerTarget(ch.slot[k]);
    };
    if (!old) {
        walkDirection(xs_.prev(self), -1, origin, reach, offerNew);
        walkDirection(xs_.next(self), +1, origin, reach, offerNew);
        return;
    }
    const Vec2 was = *old;
    auto nearOld = [&](const AxisList::Chunk& ch, int k) {
        return std::fabs(ch.key[k] - was.x) <= reach && std::fabs(ch.other[k] - was.y) <= reach;
    };
    auto offerEither = [&](const AxisList::Chunk& ch, int k) {
        if (!(std::fabs(ch.other[k] - origin.y) <= reach) && !nearOld(ch, k)) return;
        rel_.offerWatcher(ch.slot[k]);
        rel_.offerTarget(ch.slot[k]);
    };
    auto offerOld = [&](const AxisList::Chunk& ch, int k) {
        if (!nearOld(ch, k)) return;
        rel_.offerWatcher(ch.slot[k]);
        rel_.offerTarget(ch.slot[k]);
    };
    AxisList::Cursor left = walkDirection(xs_.prev(self), -1, origin, reach, offerEither);
    AxisList::Cursor right = walkDirection(xs_.next(self), +1, origin, reach, offerEither);
    // The old band reaches past the new one on the side T came from.
    const AxisList::Cursor from = was.x < origin.x ? left : was.x > origin.x ? right : AxisList::Cursor{};
    if (!from.valid()) return;
    std::uint64_t reads = readOn(xs_, from, was.x < origin.x ? -1 : +1, was.x, reach, offerOld);
    last_.visited += reads;
    costs_.walkNodes += reads;
    costs_.oldPlaceNodes += reads;
}

void CrossListAoi::walkOldPlace(Slot s, Vec2 old, double reach) {
    auto offerOld = [&](const AxisList::Chunk& ch, int k) {
        if (!(std::fabs(ch.other[k] - old.y) <= reach)) return;
        rel_.offerWatcher(ch.slot[k]);
        rel_.offerTarget(ch.slot[k]);
    };
    const AxisList::Cursor self = xs_.find(s);
    std::uint64_t reads = 0;
    for (int direction : {-1, +1}) {
        AxisList::Cursor first = direction > 0 ? xs_.next(self) : xs_.prev(self);
        if (!first.valid()) continue;
        reads += 1 + readOn(xs_, first, direction, old.x, reach, offerOld);
    }
    last_.visited += reads;
    costs_.walkNodes += reads;
    costs_.oldPlaceNodes += reads;
}

void CrossListAoi::near(Slot s, double reach, std::vector<Slot>& out) const {
    out.clear();
    const Vec2 p = rel_.position(s);
    const AxisList::Cursor self = xs_.find(s);
    auto collect = [&](const AxisList::Chunk& ch, int k) {
        if (std::fabs(ch.other[k] - p.y) <= reach) out.push_back(ch.slot[k]);
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
    visits_.clear();
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
    renumberIfDue();
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    const Vec2 old = rel_.position(s);
    const double reach = maxRadius();
    rel_.beginMove(s, position);
    // Positional relations: the old place's candidates too. Bands apart (a teleport): walked now, from
    // T's entry still there; else the walk around the new place reads on over the old band.
    const bool positional = rel_.positional();
    const bool apart = positional && !(std::fabs(position.x - old.x) <= 2 * reach);
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
           visits_.capacity() * sizeof(Visit) + walks_.capacity() * sizeof(Walk);
}

}  // namespace aoilab
