#include "aoi/cross_list.h"

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

void CrossListAoi::walkDirection(Slot s, AxisList::NodeIndex start, int direction, double reach, double ownReach,
                                 bool watchers) {
    const AxisList::Node& self = xs_.node(xs_.nodeOf(s));
    Walk walk;
    walk.direction = direction;
    walk.originKey = self.key;
    walk.reach = reach;
    for (AxisList::NodeIndex i = start; i != kNoSlot;) {
        xs_.prefetchAhead(i, direction);
        const AxisList::Node& n = xs_.node(i);
        Slot c = n.slot;
        double dx = std::fabs(n.key - self.key);
        double dy = std::fabs(n.other - self.other);
        bool inX = dx <= reach;
        bool inY = dy <= reach;
        ++last_.visited;
        ++costs_.walkNodes;
        if (tracing_) visits_.push_back({rel_.idOf(c), Vec2{n.key, n.other}, inX, inY});
        if (!inX) {
            walk.stopped = true;
            walk.stopId = rel_.idOf(c);
            walk.stopKey = n.key;
            break;
        }
        ++walk.nodes;
        if (inY) {
            if (watchers) rel_.offerWatcher(c);
            if (dx <= ownReach && dy <= ownReach) rel_.offerTarget(c);
        }
        i = direction > 0 ? n.next : n.prev;
    }
    walks_.push_back(walk);
}

void CrossListAoi::rangeWalk(Slot s, double reach, bool watchers) {
    double ownReach = rel_.radius(s);
    const AxisList::Node& self = xs_.node(xs_.nodeOf(s));
    walkDirection(s, self.prev, -1, reach, ownReach, watchers);
    walkDirection(s, self.next, +1, reach, ownReach, watchers);
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
    const AxisList::Node& self = list.node(list.nodeOf(s));
    axis.stopId = self.next == kNoSlot ? -1 : rel_.idOf(list.node(self.next).slot);
    if (axis.way != AxisList::Placement::FromHead) return;
    axis.passed = axis.cost.nodes - (self.next == kNoSlot ? 0 : 1);
    if (!tracing_) return;
    for (AxisList::NodeIndex i = list.head(); i != kNoSlot && axis.passedIds.size() < kPassedShown;
         i = list.node(i).next) {
        if (list.node(i).slot == s) break;
        axis.passedIds.push_back(rel_.idOf(list.node(i).slot));
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
    rel_.beginArrival(s);
    rangeWalk(s, maxRadius(), true);
    rel_.finish(sink, last_);
    endTracedOperation();
}

void CrossListAoi::move(EntityId id, Vec2 position, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    relink_.x.cost = xs_.relocate(s, position.x, position.y, fromHead_, relink_.x.way,
                                  tracing_ ? &relink_.x.otherWay : nullptr);
    relink_.y.cost = ys_.relocate(s, position.y, position.x, fromHead_, relink_.y.way,
                                  tracing_ ? &relink_.y.otherWay : nullptr);
    noteRelink(s);
    rel_.beginMove(s, position);
    rangeWalk(s, maxRadius(), true);
    rel_.finish(sink, last_);
    endTracedOperation();
}

void CrossListAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    trackRadius(rel_.radius(s), -1);
    trackRadius(radius, +1);
    rel_.beginRadius(s, radius);
    rangeWalk(s, radius, false);  // who sees T is unchanged: only T's own view needs candidates
    rel_.finish(sink, last_);
    endTracedOperation();
}

void CrossListAoi::remove(EntityId id, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    xs_.unlink(s);
    ys_.unlink(s);
    trackRadius(rel_.radius(s), -1);
    rel_.erase(s, sink, last_);
    endTracedOperation();
}

void CrossListAoi::order(const AxisList& list, std::vector<ListEntry>& out) const {
    out.clear();
    for (AxisList::NodeIndex i = list.head(); i != kNoSlot; i = list.node(i).next)
        out.push_back({rel_.idOf(list.node(i).slot), rel_.position(list.node(i).slot)});
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
