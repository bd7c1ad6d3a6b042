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
    if (index < towerOf_.size()) return;
    towerOf_.resize(index + 1, -1);
    indexInTower_.resize(index + 1, 0);
    watched_.resize(index + 1);
}

void TowerAoi::place(Slot s, int towerIndex) {
    auto& list = towers_[static_cast<std::size_t>(towerIndex)].entities;
    towerOf_[static_cast<std::size_t>(s)] = towerIndex;
    indexInTower_[static_cast<std::size_t>(s)] = static_cast<std::uint32_t>(list.size());
    list.push_back(s);
}

void TowerAoi::unplace(Slot s) {
    auto& list = towers_[static_cast<std::size_t>(towerOf_[static_cast<std::size_t>(s)])].entities;
    std::uint32_t index = indexInTower_[static_cast<std::size_t>(s)];
    Slot moved = list.back();
    list[index] = moved;
    indexInTower_[static_cast<std::size_t>(moved)] = index;
    list.pop_back();
    towerOf_[static_cast<std::size_t>(s)] = -1;
}

void TowerAoi::watch(Slot s, const Box& box) {
    Box& old = watched_[static_cast<std::size_t>(s)];
    if (old == box) return;
    for (int ty = old.y0; ty <= old.y1; ++ty) {
        for (int tx = old.x0; tx <= old.x1; ++tx) {
            if (box.contains(tx, ty)) continue;
            auto& list = tower(tx, ty).watchers;
            auto it = std::find(list.begin(), list.end(), s);
            *it = list.back();
            list.pop_back();
        }
    }
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            if (!old.contains(tx, ty)) tower(tx, ty).watchers.push_back(s);
        }
    }
    old = box;
}

void TowerAoi::offerWatchersOf(int towerIndex) {
    ++last_.visited;
    for (Slot w : towers_[static_cast<std::size_t>(towerIndex)].watchers) relations_.offerWatcher(w);
}

void TowerAoi::offerEntitiesIn(const Box& box) {
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            ++last_.visited;
            for (Slot x : tower(tx, ty).entities) relations_.offerTarget(x);
        }
    }
}

void TowerAoi::offerEntitiesIn(const Box& box, const Box& skip) {
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            if (skip.contains(tx, ty)) continue;
            ++last_.visited;
            for (Slot x : tower(tx, ty).entities) relations_.offerTarget(x);
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
    for (const Tower& t : towers_) order.insert(order.end(), t.entities.begin(), t.entities.end());
    const std::vector<Slot> newSlot = relations_.renumber(order);
    for (Tower& t : towers_) {
        for (Slot& s : t.entities) s = newSlot[static_cast<std::size_t>(s)];
        for (Slot& s : t.watchers) s = newSlot[static_cast<std::size_t>(s)];
    }
    std::vector<int> towerOf(order.size());
    std::vector<std::uint32_t> indexInTower(order.size());
    std::vector<Box> watched(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        auto old = static_cast<std::size_t>(order[k]);
        towerOf[k] = towerOf_[old];
        indexInTower[k] = indexInTower_[old];
        watched[k] = watched_[old];
    }
    towerOf_.swap(towerOf);
    indexInTower_.swap(indexInTower);
    watched_.swap(watched);
}

void TowerAoi::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginOperation();
    compaction_.arrived();
    Slot s = relations_.insert(id, position, radius);
    ensureSlot(s);
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
    relations_.beginMove(s, position);  // stored relations: re-tests the old watchers and T's old view
    const int there = towerOf_[static_cast<std::size_t>(s)];
    const int here = towerIndex(position);
    if (here != there) {
        unplace(s);
        place(s, here);
    }
    offerWatchersOf(here);
    Box view = boxAround(position, relations_.radius(s));
    offerEntitiesIn(view);
    if (relations_.positional()) {  // who saw T and whom T saw, around its old place
        if (there != here) offerWatchersOf(there);
        offerEntitiesIn(watched_[static_cast<std::size_t>(s)], view);
    }
    watch(s, view);
    finish(sink);
}

void TowerAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    beginOperation();
    Slot s = relations_.slotOf(id);
    relations_.beginRadius(s, radius);
    Box view = boxAround(relations_.position(s), radius);
    offerEntitiesIn(view);
    if (relations_.positional()) offerEntitiesIn(watched_[static_cast<std::size_t>(s)], view);  // whom T saw
    watch(s, view);
    finish(sink);
}

void TowerAoi::remove(EntityId id, EventSink& sink) {
    beginOperation();
    Slot s = relations_.slotOf(id);
    if (relations_.positional()) {
        relations_.beginLeave(s);
        offerWatchersOf(towerOf_[static_cast<std::size_t>(s)]);
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
    const Box& box = watched_[static_cast<std::size_t>(w)];
    for (int ty = box.y0; ty <= box.y1; ++ty) {
        for (int tx = box.x0; tx <= box.x1; ++tx) {
            const auto& entities = towers_[static_cast<std::size_t>(ty * columns_ + tx)].entities;
            candidates.insert(candidates.end(), entities.begin(), entities.end());
        }
    }
    relations_.idsSeenBy(w, candidates, out);
}

void TowerAoi::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    if (!relations_.positional()) return relations_.watchersOf(target, out);
    out.clear();
    Slot t = relations_.slotOf(target);
    if (t == kNoSlot) return;
    relations_.idsSeeing(t, towers_[static_cast<std::size_t>(towerOf_[static_cast<std::size_t>(t)])].watchers, out);
}

std::size_t TowerAoi::memoryBytes() const {
    std::size_t bytes = relations_.memoryBytes() + towers_.capacity() * sizeof(Tower) +
                        towerOf_.capacity() * sizeof(int) + indexInTower_.capacity() * sizeof(std::uint32_t) +
                        watched_.capacity() * sizeof(Box);
    for (const Tower& t : towers_) bytes += (t.entities.capacity() + t.watchers.capacity()) * sizeof(Slot);
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
    const Box& box = watched_[static_cast<std::size_t>(s)];
    for (int row = box.y0; row <= box.y1; ++row) {
        for (int column = box.x0; column <= box.x1; ++column) {
            const Tower& t = towers_[static_cast<std::size_t>(row * columns_ + column)];
            out.push_back({column, row, static_cast<int>(t.entities.size()), static_cast<int>(t.watchers.size())});
        }
    }
}

}  // namespace aoilab
