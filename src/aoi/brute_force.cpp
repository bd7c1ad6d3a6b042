#include "aoi/brute_force.h"

#include <algorithm>
#include <utility>

namespace aoilab {

void BruteForceAoi::emit(AoiEventType type, EntityId watcher, EntityId target) {
    pending_.push_back({type, watcher, target});
}

void BruteForceAoi::flush(EventSink& sink) {
    last_.events = pending_.size();
    finishOperation();
    sink.onEvents(pending_.data(), pending_.size());
    pending_.clear();
}

void BruteForceAoi::decidePair(std::size_t t, std::size_t o, bool watchersToo, bool moved, bool fresh) {
    const Body& self = bodies_[t];
    const Body& other = bodies_[o];
    Relations& selfRel = relations_[t];
    Relations& otherRel = relations_[o];
    ++last_.visited;

    if (watchersToo) {  // does `other` see T?
        ++last_.distanceChecks;
        bool was = !fresh && selfRel.seenBy.count(other.id) != 0;
        bool now = seesNow(other, self, was);
        if (now && !was) {
            selfRel.seenBy.insert(other.id);
            otherRel.sees.insert(self.id);
            emit(AoiEventType::Enter, other.id, self.id);
        } else if (!now && was) {
            selfRel.seenBy.erase(other.id);
            otherRel.sees.erase(self.id);
            emit(AoiEventType::Leave, other.id, self.id);
        } else if (now && moved) {
            emit(AoiEventType::Move, other.id, self.id);
        }
    }

    // Does T see `other`? (T's own moves are not events for T's targets.)
    ++last_.distanceChecks;
    bool was = !fresh && selfRel.sees.count(other.id) != 0;
    bool now = seesNow(self, other, was);
    if (now && !was) {
        selfRel.sees.insert(other.id);
        otherRel.seenBy.insert(self.id);
        emit(AoiEventType::Enter, self.id, other.id);
    } else if (!now && was) {
        selfRel.sees.erase(other.id);
        otherRel.seenBy.erase(self.id);
        emit(AoiEventType::Leave, self.id, other.id);
    }
}

void BruteForceAoi::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginOperation();
    std::size_t t = bodies_.size();
    bodies_.push_back({id, position, radius});
    relations_.emplace_back();
    index_[id] = t;
    for (std::size_t o = 0; o < t; ++o) decidePair(t, o, true, false, true);
    flush(sink);
}

void BruteForceAoi::move(EntityId id, Vec2 position, EventSink& sink) {
    beginOperation();
    std::size_t t = index_.at(id);
    bodies_[t].position = position;
    for (std::size_t o = 0; o < bodies_.size(); ++o) {
        if (o != t) decidePair(t, o, true, true, false);
    }
    flush(sink);
}

void BruteForceAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    beginOperation();
    std::size_t t = index_.at(id);
    bodies_[t].radius = radius;
    for (std::size_t o = 0; o < bodies_.size(); ++o) {
        if (o != t) decidePair(t, o, false, false, false);
    }
    flush(sink);
}

void BruteForceAoi::remove(EntityId id, EventSink& sink) {
    beginOperation();
    std::size_t t = index_.at(id);
    Relations& rel = relations_[t];
    for (EntityId w : rel.seenBy) {
        emit(AoiEventType::Leave, w, id);
        relations_[index_.at(w)].sees.erase(id);
    }
    for (EntityId x : rel.sees) relations_[index_.at(x)].seenBy.erase(id);
    // Swap the last entity into T's place.
    std::size_t last = bodies_.size() - 1;
    if (t != last) {
        bodies_[t] = bodies_[last];
        relations_[t] = std::move(relations_[last]);
        index_[bodies_[t].id] = t;
    }
    bodies_.pop_back();
    relations_.pop_back();
    index_.erase(id);
    flush(sink);
}

void BruteForceAoi::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    out.clear();
    auto it = index_.find(watcher);
    if (it == index_.end()) return;
    const auto& set = relations_[it->second].sees;
    out.assign(set.begin(), set.end());
    std::sort(out.begin(), out.end());
}

void BruteForceAoi::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    out.clear();
    auto it = index_.find(target);
    if (it == index_.end()) return;
    const auto& set = relations_[it->second].seenBy;
    out.assign(set.begin(), set.end());
    std::sort(out.begin(), out.end());
}

std::size_t BruteForceAoi::memoryBytes() const {
    constexpr std::size_t kHashNode = sizeof(void*) + sizeof(EntityId) + sizeof(std::size_t);  // next, value, hash
    std::size_t bytes = bodies_.capacity() * sizeof(Body) + relations_.capacity() * sizeof(Relations) +
                        index_.bucket_count() * sizeof(void*) + index_.size() * (kHashNode + sizeof(std::size_t)) +
                        pending_.capacity() * sizeof(AoiEvent);
    for (const Relations& rel : relations_) {
        bytes += (rel.sees.bucket_count() + rel.seenBy.bucket_count()) * sizeof(void*) +
                 (rel.sees.size() + rel.seenBy.size()) * kHashNode;
    }
    return bytes;
}

}  // namespace aoilab
