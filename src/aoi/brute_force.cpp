#include "aoi/brute_force.h"

namespace aoilab {

BruteForceAoi::Change BruteForceAoi::decide(EntityId watcher, const Body& w, EntityId target, const Body& t) {
    ++last_.distanceChecks;
    bool was = sees_.count({watcher, target}) != 0;
    bool now = inView(shape_, w.position, t.position, was ? w.radius + hysteresis_ : w.radius);
    if (was == now) return now ? Change::Kept : Change::None;
    if (now) {
        sees_.insert({watcher, target});
        seenBy_.insert({target, watcher});
        return Change::Entered;
    }
    sees_.erase({watcher, target});
    seenBy_.erase({target, watcher});
    return Change::Left;
}

void BruteForceAoi::emit(AoiEventType type, EntityId watcher, EntityId target) {
    pending_.push_back({type, watcher, target});
}

void BruteForceAoi::flush(EventSink& sink) {
    last_.events = pending_.size();
    finishOperation();
    for (const AoiEvent& event : pending_) sink.onEvent(event);
    pending_.clear();
}

void BruteForceAoi::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginOperation();
    const Body& t = entities_[id] = Body{position, radius};
    for (const auto& [otherId, other] : entities_) {
        if (otherId == id) continue;
        ++last_.visited;
        if (decide(otherId, other, id, t) == Change::Entered) emit(AoiEventType::Enter, otherId, id);
        if (decide(id, t, otherId, other) == Change::Entered) emit(AoiEventType::Enter, id, otherId);
    }
    flush(sink);
}

void BruteForceAoi::move(EntityId id, Vec2 position, EventSink& sink) {
    beginOperation();
    Body& t = entities_.at(id);
    t.position = position;
    for (const auto& [otherId, other] : entities_) {
        if (otherId == id) continue;
        ++last_.visited;
        switch (decide(otherId, other, id, t)) {
            case Change::Entered: emit(AoiEventType::Enter, otherId, id); break;
            case Change::Kept: emit(AoiEventType::Move, otherId, id); break;
            case Change::Left: emit(AoiEventType::Leave, otherId, id); break;
            case Change::None: break;
        }
        switch (decide(id, t, otherId, other)) {
            case Change::Entered: emit(AoiEventType::Enter, id, otherId); break;
            case Change::Left: emit(AoiEventType::Leave, id, otherId); break;
            default: break;
        }
    }
    flush(sink);
}

void BruteForceAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    beginOperation();
    Body& t = entities_.at(id);
    t.radius = radius;
    for (const auto& [otherId, other] : entities_) {
        if (otherId == id) continue;
        ++last_.visited;
        switch (decide(id, t, otherId, other)) {
            case Change::Entered: emit(AoiEventType::Enter, id, otherId); break;
            case Change::Left: emit(AoiEventType::Leave, id, otherId); break;
            default: break;
        }
    }
    flush(sink);
}

void BruteForceAoi::remove(EntityId id, EventSink& sink) {
    beginOperation();
    std::vector<EntityId> watchers;
    watchersOf(id, watchers);
    for (EntityId w : watchers) {
        emit(AoiEventType::Leave, w, id);
        sees_.erase({w, id});
        seenBy_.erase({id, w});
    }
    std::vector<EntityId> view;
    viewOf(id, view);
    for (EntityId x : view) {
        sees_.erase({id, x});
        seenBy_.erase({x, id});
    }
    entities_.erase(id);
    flush(sink);
}

void BruteForceAoi::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    out.clear();
    for (auto it = sees_.lower_bound({watcher, kMinId}); it != sees_.end() && it->first == watcher; ++it)
        out.push_back(it->second);
}

void BruteForceAoi::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    out.clear();
    for (auto it = seenBy_.lower_bound({target, kMinId}); it != seenBy_.end() && it->first == target; ++it)
        out.push_back(it->second);
}

std::size_t BruteForceAoi::memoryBytes() const {
    constexpr std::size_t kTreeNode = 4 * sizeof(void*);  // colour, parent, two children
    return entities_.size() * (kTreeNode + sizeof(EntityId) + sizeof(Body)) +
           (sees_.size() + seenBy_.size()) * (kTreeNode + sizeof(Pair));
}

}  // namespace aoilab
