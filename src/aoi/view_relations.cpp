#include "aoi/view_relations.h"

#include <algorithm>

namespace aoilab {

Slot ViewRelations::insert(EntityId id, Vec2 position, double radius) {
    Slot s;
    if (!freeSlots_.empty()) {
        s = freeSlots_.back();
        freeSlots_.pop_back();
        ids_[s] = id;
        positions_[s] = position;
        radii_[s] = radius;
        live_[s] = 1;
    } else {
        s = static_cast<Slot>(ids_.size());
        ids_.push_back(id);
        positions_.push_back(position);
        radii_.push_back(radius);
        live_.push_back(1);
        sees_.emplace_back();
        seenBy_.emplace_back();
        watcherStamp_.push_back(0);
        targetStamp_.push_back(0);
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
        std::fill(watcherStamp_.begin(), watcherStamp_.end(), 0);
        std::fill(targetStamp_.begin(), targetStamp_.end(), 0);
        epoch_ = 1;
    }
}

void ViewRelations::relate(Slot watcher, Slot target) {
    auto i = static_cast<std::int32_t>(sees_[watcher].size());
    auto j = static_cast<std::int32_t>(seenBy_[target].size());
    sees_[watcher].push_back({target, j});
    seenBy_[target].push_back({watcher, i});
}

void ViewRelations::dropSees(Slot watcher, std::size_t index) {
    std::vector<Link>& list = sees_[watcher];
    if (index + 1 != list.size()) {
        list[index] = list.back();
        seenBy_[list[index].other][static_cast<std::size_t>(list[index].mirror)].mirror = static_cast<std::int32_t>(index);
    }
    list.pop_back();
}

void ViewRelations::dropSeenBy(Slot target, std::size_t index) {
    std::vector<Link>& list = seenBy_[target];
    if (index + 1 != list.size()) {
        list[index] = list.back();
        sees_[list[index].other][static_cast<std::size_t>(list[index].mirror)].mirror = static_cast<std::int32_t>(index);
    }
    list.pop_back();
}

void ViewRelations::beginArrival(Slot target) {
    current_ = target;
    moving_ = true;
    nextEpoch();
    watcherStamp_[target] = epoch_;
    targetStamp_[target] = epoch_;
}

void ViewRelations::beginMove(Slot target, Vec2 newPosition) {
    beginArrival(target);
    positions_[target] = newPosition;
    recheckOldWatchers();
    recheckOwnView();
}

void ViewRelations::beginRadius(Slot target, double newRadius) {
    beginArrival(target);
    moving_ = false;  // T did not move: who sees T is unchanged
    radii_[target] = newRadius;
    recheckOwnView();
}

// Old watchers keep T while it stays within r + h (a move event), and lose it beyond (a leave event).
void ViewRelations::recheckOldWatchers() {
    Slot t = current_;
    std::vector<Link>& watchers = seenBy_[t];
    for (std::size_t i = 0; i < watchers.size();) {
        Link link = watchers[i];
        watcherStamp_[link.other] = epoch_;
        if (within(link.other, t, radii_[link.other] + hysteresis_)) {
            emit(AoiEventType::Move, link.other, t);
            ++i;
        } else {
            emit(AoiEventType::Leave, link.other, t);
            dropSees(link.other, static_cast<std::size_t>(link.mirror));
            dropSeenBy(t, i);  // the last entry moves into i: look at i again
        }
    }
}

void ViewRelations::recheckOwnView() {
    Slot t = current_;
    std::vector<Link>& view = sees_[t];
    double keepReach = radii_[t] + hysteresis_;
    for (std::size_t i = 0; i < view.size();) {
        Link link = view[i];
        targetStamp_[link.other] = epoch_;
        if (within(t, link.other, keepReach)) {
            ++i;
        } else {
            emit(AoiEventType::Leave, t, link.other);
            dropSeenBy(link.other, static_cast<std::size_t>(link.mirror));
            dropSees(t, i);
        }
    }
}

void ViewRelations::offerWatcher(Slot candidate) {
    if (!moving_ || watcherStamp_[candidate] == epoch_) return;
    watcherStamp_[candidate] = epoch_;
    Slot t = current_;
    if (within(candidate, t, radii_[candidate])) {
        emit(AoiEventType::Enter, candidate, t);
        relate(candidate, t);
    }
}

void ViewRelations::offerTarget(Slot candidate) {
    if (targetStamp_[candidate] == epoch_) return;
    targetStamp_[candidate] = epoch_;
    Slot t = current_;
    if (within(t, candidate, radii_[t])) {
        emit(AoiEventType::Enter, t, candidate);
        relate(t, candidate);
    }
}

void ViewRelations::finish(EventSink& sink, AoiCounters& counters) {
    counters.events += pending_.size();
    counters.distanceChecks += checks_;
    checks_ = 0;
    current_ = kNoSlot;
    for (const AoiEvent& event : pending_) sink.onEvent(event);
    pending_.clear();
}

void ViewRelations::erase(Slot target, EventSink& sink, AoiCounters& counters) {
    for (const Link& link : seenBy_[target]) {
        emit(AoiEventType::Leave, link.other, target);
        dropSees(link.other, static_cast<std::size_t>(link.mirror));  // moved entries never point at target
    }
    for (const Link& link : sees_[target]) dropSeenBy(link.other, static_cast<std::size_t>(link.mirror));
    seenBy_[target].clear();
    sees_[target].clear();
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

void ViewRelations::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    out.clear();
    Slot s = slotOf(watcher);
    if (s == kNoSlot) return;
    for (const Link& link : sees_[s]) out.push_back(ids_[link.other]);
}

void ViewRelations::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    out.clear();
    Slot s = slotOf(target);
    if (s == kNoSlot) return;
    for (const Link& link : seenBy_[s]) out.push_back(ids_[link.other]);
}

std::size_t ViewRelations::memoryBytes() const {
    std::size_t bytes = ids_.capacity() * sizeof(EntityId) + positions_.capacity() * sizeof(Vec2) +
                        radii_.capacity() * sizeof(double) + live_.capacity() +
                        (watcherStamp_.capacity() + targetStamp_.capacity()) * sizeof(std::uint32_t) +
                        freeSlots_.capacity() * sizeof(Slot) + direct_.capacity() * sizeof(Slot) +
                        hashed_.size() * (sizeof(EntityId) + sizeof(Slot) + 2 * sizeof(void*)) +
                        pending_.capacity() * sizeof(AoiEvent);
    for (std::size_t i = 0; i < sees_.size(); ++i) {
        bytes += 2 * sizeof(std::vector<Link>) + (sees_[i].capacity() + seenBy_[i].capacity()) * sizeof(Link);
    }
    return bytes;
}

}  // namespace aoilab
