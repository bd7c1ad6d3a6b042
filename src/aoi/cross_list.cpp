#include "aoi/cross_list.h"

#include <cmath>
#include <cstdio>

namespace aoilab {

CrossListAoi::CrossListAoi(const AoiConfig& config)
    : rel_(config.shape, config.hysteresis), xs_(config.worldWidth), ys_(config.worldHeight) {}

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
    relink_ = {};
}

void CrossListAoi::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.insert(id, position, radius);
    relink_.xSteps = xs_.link(s, position.x, position.y);
    relink_.ySteps = ys_.link(s, position.y, position.x);
    relink_.xUsedIndex = relink_.yUsedIndex = true;
    last_.visited += static_cast<std::uint64_t>(relink_.xSteps + relink_.ySteps);
    trackRadius(radius, +1);
    rel_.beginArrival(s);
    rangeWalk(s, maxRadius(), true);
    rel_.finish(sink, last_);
    finishOperation();
}

void CrossListAoi::move(EntityId id, Vec2 position, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    relink_.xSteps = xs_.relocate(s, position.x, position.y, relink_.xUsedIndex);
    relink_.ySteps = ys_.relocate(s, position.y, position.x, relink_.yUsedIndex);
    last_.visited += static_cast<std::uint64_t>(relink_.xSteps + relink_.ySteps);
    rel_.beginMove(s, position);
    rangeWalk(s, maxRadius(), true);
    rel_.finish(sink, last_);
    finishOperation();
}

void CrossListAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    trackRadius(rel_.radius(s), -1);
    trackRadius(radius, +1);
    rel_.beginRadius(s, radius);
    rangeWalk(s, radius, false);  // who sees T is unchanged: only T's own view needs candidates
    rel_.finish(sink, last_);
    finishOperation();
}

void CrossListAoi::remove(EntityId id, EventSink& sink) {
    beginTracedOperation(id);
    Slot s = rel_.slotOf(id);
    xs_.unlink(s);
    ys_.unlink(s);
    trackRadius(rel_.radius(s), -1);
    rel_.erase(s, sink, last_);
    finishOperation();
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
