#include "aoi/view_relations.h"

#include <algorithm>

namespace aoilab {

Slot ViewRelations::insert(EntityId id, Vec2 position, double radius) {
    Slot s;
    if (!freeSlots_.empty()) {
        s = freeSlots_.back();
        freeSlots_.pop_back();
        ids_[s] = id;
        hot_[s].position = position;
        hot_[s].radius = radius;
        live_[s] = 1;
    } else {
        s = static_cast<Slot>(ids_.size());
        ids_.push_back(id);
        hot_.push_back(Hot{position, radius, 0, 0});
        live_.push_back(1);
        if (!positional_) {
            sees_.addList();
            seenBy_.addList();
        }
    }
    if (id >= 0 && id < kDirectIds) {
        auto index = static_cast<std::size_t>(id);
        if (index >= direct_.size()) direct_.resize(std::max(index + 1, direct_.size() * 2), kNoSlot);
        direct_[index] = s;
    } else {
        hashed_[id] = s;
    }
    ++liveCount_;
    return s;
}

Slot ViewRelations::slotOf(EntityId id) const {
    if (id >= 0 && id < kDirectIds) {
        auto index = static_cast<std::size_t>(id);
        return index < direct_.size() ? direct_[index] : kNoSlot;
    }
    auto it = hashed_.find(id);
    return it == hashed_.end() ? kNoSlot : it->second;
}

void ViewRelations::nextEpoch() {
    if (++epoch_ == 0) {  // wrapped after 4 billion operations: old stamps could collide
        for (Hot& h : hot_) h.watcherStamp = h.targetStamp = 0;
        epoch_ = 1;
    }
}

void ViewRelations::beginArrival(Slot target) {
    current_ = target;
    moving_ = true;
    hadPlace_ = false;
    leaving_ = false;
    nextEpoch();
    hot_[target].watcherStamp = epoch_;
    hot_[target].targetStamp = epoch_;
    before_ = hot_[target].position;
    beforeRadius_ = hot_[target].radius;
}

void ViewRelations::beginMove(Slot target, Vec2 newPosition) {
    beginArrival(target);
    hadPlace_ = true;
    hot_[target].position = newPosition;
    if (positional_) return;  // the method offers the candidates around both places
    recheckOldWatchers();
    recheckOwnView();
}

void ViewRelations::beginRadius(Slot target, double newRadius) {
    beginArrival(target);
    hadPlace_ = true;
    moving_ = false;  // T did not move: who sees T is unchanged
    hot_[target].radius = newRadius;
    if (!positional_) recheckOwnView();
}

void ViewRelations::beginLeave(Slot target) {
    beginArrival(target);
    hadPlace_ = true;
    leaving_ = true;
}

// Old watchers keep T while it stays within r + h (a move event), and lose it beyond (a leave event).
// T's list is compacted in place. The other side of a lost relation (T in W's "sees" list) lies
// elsewhere in memory: its line is prefetched now and the entry removed in finish(), after the
// candidate search, so the misses of a teleport's dozens of removals overlap with that search.
void ViewRelations::recheckOldWatchers() {
    Slot t = current_;
    std::span<Slot> watchers = seenBy_[static_cast<std::size_t>(t)];
    std::size_t kept = 0;
    for (Slot w : watchers) {
        hot_[w].watcherStamp = epoch_;
        if (within(w, t, hot_[w].radius + hysteresis_)) {
            emit(AoiEventType::Move, w, t);
            watchers[kept++] = w;
        } else {
            emit(AoiEventType::Leave, w, t);
            prefetchList(sees_[static_cast<std::size_t>(w)]);
            lostWatchers_.push_back(w);
        }
    }
    seenBy_.truncate(static_cast<std::size_t>(t), kept);
}

void ViewRelations::recheckOwnView() {
    Slot t = current_;
    std::span<Slot> view = sees_[static_cast<std::size_t>(t)];
    double keepReach = hot_[t].radius + hysteresis_;
    std::size_t kept = 0;
    for (Slot x : view) {
        hot_[x].targetStamp = epoch_;
        if (within(t, x, keepReach)) {
            view[kept++] = x;
        } else {
            emit(AoiEventType::Leave, t, x);
            prefetchList(seenBy_[static_cast<std::size_t>(x)]);
            lostTargets_.push_back(x);
        }
    }
    sees_.truncate(static_cast<std::size_t>(t), kept);
}

// The deferred other sides of the relations T lost (see recheckOldWatchers). No entry of these lists
// is added or looked up in between: old watchers and old targets are stamped, so never offered again.
void ViewRelations::dropLostRelations() {
    Slot t = current_;
    for (Slot w : lostWatchers_) sees_.eraseValue(static_cast<std::size_t>(w), t);
    for (Slot x : lostTargets_) seenBy_.eraseValue(static_cast<std::size_t>(x), t);
    lostWatchers_.clear();
    lostTargets_.clear();
}

void ViewRelations::finish(EventSink& sink, AoiCounters& counters) {
    if (current_ != kNoSlot && !positional_) dropLostRelations();
    counters.events += pending_.size();
    counters.distanceChecks += checks_;
    checks_ = 0;
    current_ = kNoSlot;
    sink.onEvents(pending_.data(), pending_.size());
    pending_.clear();
}

void ViewRelations::erase(Slot target, EventSink& sink, AoiCounters& counters) {
    if (!positional_) {  // positional: the leave events came from the watchers offered after beginLeave
        const auto index = static_cast<std::size_t>(target);
        for (Slot w : seenBy_[index]) {
            emit(AoiEventType::Leave, w, target);
            sees_.eraseValue(static_cast<std::size_t>(w), target);
        }
        for (Slot x : sees_[index]) seenBy_.eraseValue(static_cast<std::size_t>(x), target);
        seenBy_.clear(index);
        sees_.clear(index);
    }
    EntityId id = ids_[target];
    if (id >= 0 && id < kDirectIds) {
        direct_[static_cast<std::size_t>(id)] = kNoSlot;
    } else {
        hashed_.erase(id);
    }
    live_[target] = 0;
    freeSlots_.push_back(target);
    --liveCount_;
    finish(sink, counters);
}

std::vector<Slot> ViewRelations::renumber(const std::vector<Slot>& order) {
    std::vector<Slot> newSlot(ids_.size(), kNoSlot);
    for (std::size_t k = 0; k < order.size(); ++k) newSlot[static_cast<std::size_t>(order[k])] = static_cast<Slot>(k);
    std::vector<Hot> hot(order.size());
    std::vector<EntityId> ids(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        hot[k] = hot_[order[k]];
        ids[k] = ids_[order[k]];
    }
    if (!positional_) {
        const auto map = [&newSlot](Slot s) { return newSlot[static_cast<std::size_t>(s)]; };
        SlotLists<Slot> sees, seenBy;
        sees.assignReordered(sees_, order, map);
        seenBy.assignReordered(seenBy_, order, map);
        sees_ = std::move(sees);
        seenBy_ = std::move(seenBy);
    }
    hot_.swap(hot);
    ids_.swap(ids);
    live_.assign(order.size(), 1);
    freeSlots_.clear();
    for (std::size_t k = 0; k < order.size(); ++k) {
        EntityId id = ids_[k];
        if (id >= 0 && id < kDirectIds) {
            direct_[static_cast<std::size_t>(id)] = static_cast<Slot>(k);
        } else {
            hashed_[id] = static_cast<Slot>(k);
        }
    }
    return newSlot;
}

void ViewRelations::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    out.clear();
    Slot s = slotOf(watcher);
    if (s == kNoSlot || positional_) return;
    for (Slot other : sees_[static_cast<std::size_t>(s)]) out.push_back(ids_[other]);
}

void ViewRelations::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    out.clear();
    Slot s = slotOf(target);
    if (s == kNoSlot || positional_) return;
    for (Slot other : seenBy_[static_cast<std::size_t>(s)]) out.push_back(ids_[other]);
}

std::size_t ViewRelations::memoryBytes() const {
    std::size_t bytes = ids_.capacity() * sizeof(EntityId) + hot_.capacity() * sizeof(Hot) + live_.capacity() +
                        freeSlots_.capacity() * sizeof(Slot) + direct_.capacity() * sizeof(Slot) +
                        hashed_.size() * (sizeof(EntityId) + sizeof(Slot) + 2 * sizeof(void*)) +
                        pending_.capacity() * sizeof(AoiEvent);
    return bytes + sees_.memoryBytes() + seenBy_.memoryBytes();
}

}  // namespace aoilab
