#include "aoi/tower.h"

#include <algorithm>
#include <cmath>

namespace aoilab {

TowerAoi::TowerAoi(const AoiConfig& config)
    : relations_(config.shape, config.hysteresis, ViewRelations::Mode::Positional), towerSize_(config.towerSize > 0 ? config.towerSize : 1) {
    double width = std::max(config.worldWidth, 1e-9);
    double height = std::max(config.worldHeight, 1e-9);
    auto towersFor = [&](double size) {
        return std::max(1.0, std::ceil(width / size)) * std::max(1.0, std::ceil(height / size));
    };
    // Bounded whatever the world and tower size (a typo must not eat the memory).
    if (towersFor(towerSize_) > static_cast<double>(kMaxTowers))
        towerSize_ = std::sqrt(width * height / static_cast<double>(kMaxTowers)) * 1.01;
    while (towersFor(towerSize_) > static_cast<double>(kMaxTowers)) towerSize_ *= 1.1;
    columns_ = static_cast<int>(std::max(1.0, std::ceil(width / towerSize_)));
    rows_ = static_cast<int>(std::max(1.0, std::ceil(height / towerSize_)));
    inverseTower_ = 1.0 / towerSize_;
    pad_ = 1e-9 * (std::max(width, height) + towerSize_);
    towers_.resize(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_));
}

int TowerAoi::towerColumn(double x) const {
    double c = std::floor(x * inverseTower_);
    if (!(c >= 0)) return 0;
    return c >= columns_ - 1 ? columns_ - 1 : static_cast<int>(c);
}

int TowerAoi::towerRow(double y) const {
    double c = std::floor(y * inverseTower_);
    if (!(c >= 0)) return 0;
    return c >= rows_ - 1 ? rows_ - 1 : static_cast<int>(c);
}

// Towers touched by the square of half-side `reach` (padded so rounding never drops a boundary tower).
TowerAoi::Box TowerAoi::boxAround(Vec2 p, double reach) const {
    double r = reach + pad_;
    return Box{towerColumn(p.x - r), towerRow(p.y - r), towerColumn(p.x + r), towerRow(p.y + r)};
}

void TowerAoi::ensureSlot(Slot s) {
    auto index = static_cast<std::size_t>(s);
    if (index < places_.size()) return;
    places_.resize(index + 1);
}

void TowerAoi::place(Slot s, int towerIndex) {
    auto& list = towers_[static_cast<std::size_t>(towerIndex)].entities;
    places_[static_cast<std::size_t>(s)].tower = towerIndex;
    places_[static_cast<std::size_t>(s)].indexInTower = static_cast<std::uint32_t>(list.size());
    const Vec2 p = relations_.position(s);
    list.push_back({p.x, p.y, s});
}

int TowerAoi::relocate(Slot s, Vec2 position) {
    const int there = places_[static_cast<std::size_t>(s)].tower;
    const int here = towerIndex(position);
    if (here != there) {
        unplace(s);
        place(s, here);
    } else {
        Resident& me = towers_[static_cast<std::size_t>(here)].entities[places_[static_cast<std::size_t>(s)].indexInTower];
        me.x = position.x;
        me.y = position.y;
    }
    return here;
}

void TowerAoi::unplace(Slot s) {
    auto& list = towers_[static_cast<std::size_t>(places_[static_cast<std::size_t>(s)].tower)].entities;
    std::uint32_t index = places_[static_cast<std::size_t>(s)].indexInTower;
    const Resident moved = list.back();
    list[index] = moved;
    places_[static_cast<std::size_t>(moved.slot)].indexInTower = index;
    list.pop_back();
    places_[static_cast<std::size_t>(s)].tower = -1;
}

// O(1) a tower: the last record of the list takes the hole, and its owner's index there is corrected.
void TowerAoi::removeWatcherAt(int column, int row, std::uint32_t index) {
    auto& list = tower(column, row).watchers;
    const Watcher moved = list.back();
    list.pop_back();
    if (index == list.size()) return;
    list[index] = moved;
    const Box& box = places_[static_cast<std::size_t>(moved.slot)].box;
    registrationIndex(moved.slot, (row - box.y0) * (box.x1 - box.x0 + 1) + (column - box.x0)) = index;
}

void TowerAoi::watch(Slot s, const Box& box) {
    const Vec2 p = relations_.position(s);
    const double radius = relations_.radius(s);
    Place& reg = places_[static_cast<std::size_t>(s)];
    const Box old = reg.box;
    const int oldWidth = old.x1 - old.x0 + 1;
    const int width = box.x1 - box.x0 + 1;
    if (old == box) {  // the usual walking step: refresh the records where they are
        for (int ty = box.y0; ty <= box.y1; ++ty) {
            for (int tx = box.x0; tx <= box.x1; ++tx) {
                Watcher& w = tower(tx, ty).watchers[registrationIndex(s, (ty - box.y0) * width + (tx - box.x0))];
                w.x = p.x;
                w.y = p.y;
                w.radius = radius;
            }
        }
        return;
    }
    const int area = areaOf(box);
    scratchIndices_.assign(static_cast<std::size_t>(area), 0);
    for (int ty = old.y0; ty <= old.y1; ++ty) {
        for (int tx = old.x0; tx <= old.x1; ++tx) {
            const std::uint32_t index = registrationIndex(s, (ty - old.y0) * oldWidth + (tx - old.x0));
            if (!box.contains(tx, ty)) {
                removeWatcherAt(tx, ty, index);
                continue;
            }
            Watcher& w = tower(tx, ty).watchers[index];
            w.x = p.x;
            w.y = p.y;
            w.radius = radius;
            scratchIndices_[static_cast<std::size_t>((ty - box.y0) * width + (tx - box.x0))] = index;
        }
    }
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            if (old.contains(tx, ty)) continue;
            auto& list = tower(tx, ty).watchers;
            scratchIndices_[static_cast<std::size_t>((ty - box.y0) * width + (tx - box.x0))] =
                static_cast<std::uint32_t>(list.size());
            list.push_back({p.x, p.y, radius, s});
        }
    }
    reg.box = box;
    if (area > 4) {  // boxes of at most four towers (nearly all) have no entry
        moreIndices_[s].resize(static_cast<std::size_t>(area - 4));
    } else if (areaOf(old) > 4) {
        moreIndices_.erase(s);
    }
    for (int k = 0; k < area; ++k) registrationIndex(s, k) = scratchIndices_[static_cast<std::size_t>(k)];
}

void TowerAoi::offerWatchersOf(int towerIndex) {
    ++last_.visited;
    for (const Watcher& w : towers_[static_cast<std::size_t>(towerIndex)].watchers) relations_.offerWatcher(w.slot);
}

void TowerAoi::offerEntitiesIn(const Box& box) {
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            ++last_.visited;
            for (const Resident& x : tower(tx, ty).entities) relations_.offerTarget(x.slot);
        }
    }
}

void TowerAoi::offerEntitiesIn(const Box& box, const Box& skip) {
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            if (skip.contains(tx, ty)) continue;
            ++last_.visited;
            for (const Resident& x : tower(tx, ty).entities) relations_.offerTarget(x.slot);
        }
    }
}

void TowerAoi::finish(EventSink& sink) {
    // ViewRelations delivers the events after all bookkeeping, then the totals are updated.
    relations_.finish(sink, last_);
    finishOperation();
}

// Renumbers the entities tower by tower, so that a move's candidates (the entities of a few towers,
// and their watchers, who stand in the towers around) lie together in memory instead of anywhere in
// the slot array. Run from move() after 2 n moves, so its O(n + towers) cost is spread over them.
void TowerAoi::compact() {
    std::vector<Slot> order;
    order.reserve(relations_.size());
    for (const Tower& t : towers_)
        for (const Resident& x : t.entities) order.push_back(x.slot);
    const std::vector<Slot> newSlot = relations_.renumber(order);
    radiusBound_ = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
        radiusBound_ = std::max(radiusBound_, relations_.radius(static_cast<Slot>(k)));
    for (Tower& t : towers_) {
        for (Resident& x : t.entities) x.slot = newSlot[static_cast<std::size_t>(x.slot)];
        for (Watcher& w : t.watchers) w.slot = newSlot[static_cast<std::size_t>(w.slot)];
    }
    std::vector<Place> places(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) places[k] = places_[static_cast<std::size_t>(order[k])];
    places_.swap(places);
    std::unordered_map<Slot, std::vector<std::uint32_t>> moreIndices;
    for (auto& [slot, indices] : moreIndices_) moreIndices[newSlot[static_cast<std::size_t>(slot)]].swap(indices);
    moreIndices_.swap(moreIndices);
}

void TowerAoi::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginOperation();
    compaction_.arrived();
    Slot s = relations_.insert(id, position, radius);
    ensureSlot(s);
    radiusBound_ = std::max(radiusBound_, radius);
    int here = towerIndex(position);
    place(s, here);
    relations_.beginArrival(s);
    offerWatchersOf(here);
    Box view = boxAround(position, radius);
    offerEntitiesIn(view);
    watch(s, view);
    finish(sink);
}

void TowerAoi::move(EntityId id, Vec2 position, EventSink& sink) {
    beginOperation();
    if (compaction_.dueAtMove(relations_.size())) compact();
    Slot s = relations_.slotOf(id);
    if (relations_.positional()) {
        const Vec2 from = relations_.position(s);
        relations_.setPosition(s, position);
        if (relations_.shape() == ViewShape::Square) {
            movePositional<ViewShape::Square>(s, id, from, position);
        } else {
            movePositional<ViewShape::Circle>(s, id, from, position);
        }
        last_.events += pending_.size();
        sink.onEvents(pending_.data(), pending_.size());
        pending_.clear();
        finishOperation();
        return;
    }
    relations_.beginMove(s, position);  // stored relations: re-tests the old watchers and T's old view
    const int here = relocate(s, position);
    offerWatchersOf(here);
    Box view = boxAround(position, relations_.radius(s));
    offerEntitiesIn(view);
    watch(s, view);
    finish(sink);
}

void TowerAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    beginOperation();
    Slot s = relations_.slotOf(id);
    relations_.beginRadius(s, radius);
    radiusBound_ = std::max(radiusBound_, radius);
    Box view = boxAround(relations_.position(s), radius);
    offerEntitiesIn(view);
    if (relations_.positional()) offerEntitiesIn(places_[static_cast<std::size_t>(s)].box, view);  // whom T saw
    watch(s, view);
    finish(sink);
}

void TowerAoi::remove(EntityId id, EventSink& sink) {
    beginOperation();
    Slot s = relations_.slotOf(id);
    if (relations_.positional()) {
        relations_.beginLeave(s);
        offerWatchersOf(places_[static_cast<std::size_t>(s)].tower);
    }
    watch(s, Box{});
    unplace(s);
    relations_.erase(s, sink, last_);
    finishOperation();
}

void TowerAoi::tick(EventSink& sink) {
    beginOperation();
    finish(sink);
}

void TowerAoi::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    if (!relations_.positional()) return relations_.viewOf(watcher, out);
    out.clear();
    Slot w = relations_.slotOf(watcher);
    if (w == kNoSlot) return;
    std::vector<Slot> candidates;  // the entities of the towers w watches
    const Box& box = places_[static_cast<std::size_t>(w)].box;
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            for (const Resident& x : towers_[static_cast<std::size_t>(ty * columns_ + tx)].entities)
                candidates.push_back(x.slot);
        }
    }
    relations_.idsSeenBy(w, candidates, out);
}

void TowerAoi::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    if (!relations_.positional()) return relations_.watchersOf(target, out);
    out.clear();
    Slot t = relations_.slotOf(target);
    if (t == kNoSlot) return;
    std::vector<Slot> candidates;  // the watchers of t's tower
    for (const Watcher& w : towers_[static_cast<std::size_t>(places_[static_cast<std::size_t>(t)].tower)].watchers)
        candidates.push_back(w.slot);
    relations_.idsSeeing(t, candidates, out);
}

std::size_t TowerAoi::memoryBytes() const {
    std::size_t bytes = relations_.memoryBytes() + towers_.capacity() * sizeof(Tower) +
                        places_.capacity() * sizeof(Place) +
                        moreIndices_.size() * (sizeof(Slot) + sizeof(std::vector<std::uint32_t>) + 2 * sizeof(void*)) +
                        scratchIndices_.capacity() * sizeof(std::uint32_t) + pending_.capacity() * sizeof(AoiEvent);
    for (const auto& [slot, more] : moreIndices_) bytes += more.capacity() * sizeof(std::uint32_t);
    for (const Tower& t : towers_)
        bytes += t.entities.capacity() * sizeof(Resident) + t.watchers.capacity() * sizeof(Watcher);
    return bytes;
}

void TowerAoi::towers(std::vector<TowerCounts>& out) const {
    out.clear();
    for (int row = 0; row < rows_; ++row) {
        for (int column = 0; column < columns_; ++column) {
            const Tower& t = towers_[static_cast<std::size_t>(row * columns_ + column)];
            if (t.entities.empty() && t.watchers.empty()) continue;
            out.push_back({column, row, static_cast<int>(t.entities.size()), static_cast<int>(t.watchers.size())});
        }
    }
}

void TowerAoi::towersWatchedBy(EntityId id, std::vector<TowerCounts>& out) const {
    out.clear();
    Slot s = relations_.slotOf(id);
    if (s == kNoSlot) return;
    const Box& box = places_[static_cast<std::size_t>(s)].box;
    for (int row = box.y0; row <= box.y1; ++row) {
        for (int column = box.x0; column <= box.x1; ++column) {
            const Tower& t = towers_[static_cast<std::size_t>(row * columns_ + column)];
            out.push_back({column, row, static_cast<int>(t.entities.size()), static_cast<int>(t.watchers.size())});
        }
    }
}

}  // namespace aoilab
