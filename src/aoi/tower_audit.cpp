// TowerAoi::auditBookkeeping: the tower records checked against the entities, for the tests (the
// positional scan trusts every record's position and every registration's index without looking).
#include <string>

#include "aoi/tower.h"

namespace aoilab {

std::string TowerAoi::auditBookkeeping() const {
    auto at = [](Slot s, const std::string& what) { return "slot " + std::to_string(s) + ": " + what; };
    std::size_t residents = 0;
    std::size_t registrations = 0;
    std::size_t bigBoxes = 0;
    for (Slot s = 0; s < relations_.slotCount(); ++s) {
        if (!relations_.live(s)) continue;
        const auto i = static_cast<std::size_t>(s);
        const Vec2 p = relations_.position(s);
        const double radius = relations_.radius(s);
        if (places_[i].tower != towerIndex(p)) return at(s, "stands in the wrong tower");
        const auto& entities = towers_[static_cast<std::size_t>(places_[i].tower)].entities;
        if (places_[i].indexInTower >= entities.size()) return at(s, "entity index out of its tower's list");
        const Resident& me = entities[places_[i].indexInTower];
        if (me.slot != s || me.x != p.x || me.y != p.y) return at(s, "stale entity record");
        ++residents;
        const Box& box = places_[i].box;
        if (!(box == boxAround(p, radius))) return at(s, "registered box is not its view box");
        const int width = box.x1 - box.x0 + 1;
        const int area = box.x1 < box.x0 ? 0 : width * (box.y1 - box.y0 + 1);
        const auto more = moreIndices_.find(s);
        if (area > 4 ? more == moreIndices_.end() || more->second.size() != static_cast<std::size_t>(area - 4)
                     : more != moreIndices_.end())
            return at(s, "wrong extra indices");
        if (area > 4) ++bigBoxes;
        for (int ty = box.y0; ty <= box.y1; ++ty) {
            for (int tx = box.x0; tx <= box.x1; ++tx) {
                const int k = (ty - box.y0) * width + (tx - box.x0);
                const std::uint32_t index = k < 4 ? places_[i].index[static_cast<std::size_t>(k)]
                                                  : more->second[static_cast<std::size_t>(k - 4)];
                const auto& watchers = towers_[static_cast<std::size_t>(ty * columns_ + tx)].watchers;
                if (index >= watchers.size()) return at(s, "watcher index out of the tower's list");
                const Watcher& w = watchers[index];
                if (w.slot != s || w.x != p.x || w.y != p.y || w.radius != radius)
                    return at(s, "stale watcher record");
                ++registrations;
            }
        }
    }
    // Every record belongs to a registration or an entity counted above: no stray or doubled record.
    std::size_t entityRecords = 0;
    std::size_t watcherRecords = 0;
    for (const Tower& t : towers_) {
        entityRecords += t.entities.size();
        watcherRecords += t.watchers.size();
    }
    if (entityRecords != residents || residents != relations_.size()) return "stray entity records";
    if (watcherRecords != registrations) return "stray watcher records";
    if (moreIndices_.size() != bigBoxes) return "extra indices of a free slot";
    return "";
}

}  // namespace aoilab
