// The tower's positional move (no hysteresis, see tower.h): nothing is stored per relation, so "W saw T"
// is W's range test against T's old place and "W sees T" the same test against its new one, both read
// from the tower records (position and radius next to the id), in list order. The tests are the
// expressions inView uses, on the same values, so the answers are bit for bit brute force's.
//
// Which list decides what, so that every relation is decided exactly once without stamps:
//   - "W sees T now" implies W is registered in T's new tower (its padded view box holds T), "W saw T"
//     that it is registered in the old one. So, when T changed towers, the new tower's watchers give
//     the enter and move events and the old tower's the leave events (a W registered in both is tested
//     in both lists, but each list keeps only its own kind of event).
//   - Every X stands in one tower: the towers of T's new view box, then those of its old box outside
//     the new one, are each scanned once.
// Every candidate's event is written and kept by advancing the count with the outcome (as the grid's
// positional scan does): a test near the edge of a view is a coin flip, a mispredicted branch each.
// The records hold slots, not ids (smaller records): the events are written with the other side's
// slot, and only the kept ones (about a quarter) are turned into ids after each list.
#include "aoi/tower.h"

#include <type_traits>

#include "aoi/range_test.h"

namespace aoilab {

namespace {

// Which events a list of watchers may keep (see the top of the file). NowOnly and BeforeOnly: no watcher
// can be registered in both towers (they lie farther apart than any view box spans), so one of the two
// tests is known false and skipped.
enum class WatcherList { Both, Now, Before, NowOnly, BeforeOnly };
// Which of T's two view boxes hold a tower of entities: in only one, the other test is known false.
enum class EntityTower { Both, Entered, Left };

template <WatcherList kList>
using WatcherListTag = std::integral_constant<WatcherList, kList>;
template <EntityTower kClass>
using EntityTowerTag = std::integral_constant<EntityTower, kClass>;

}  // namespace

template <ViewShape kShape>
void TowerAoi::movePositional(Slot s, EntityId id, Vec2 from, Vec2 to) {
    const double radius = relations_.radius(s);
    const int there = places_[static_cast<std::size_t>(s)].tower;
    const int here = relocate(s, to);
    const Box before = places_[static_cast<std::size_t>(s)].box;
    const Box after = boxAround(to, radius);
    std::uint64_t checks = 0;

    // "W sees T", index was * 2 + now; index 0 (neither) is never kept.
    static constexpr AoiEventType kWatcherEvent[4] = {AoiEventType::Enter, AoiEventType::Enter, AoiEventType::Leave,
                                                      AoiEventType::Move};
    auto scanWatchers = [&](int towerIndex, auto tag) {
        constexpr WatcherList kList = decltype(tag)::value;
        constexpr bool kTestWas = kList != WatcherList::NowOnly;
        constexpr bool kTestNow = kList != WatcherList::BeforeOnly;
        ++last_.visited;
        const auto& watchers = towers_[static_cast<std::size_t>(towerIndex)].watchers;
        AoiEvent* out = pending_.room(watchers.size());
        std::size_t kept = 0;
        for (const Watcher& w : watchers) {
            if (w.slot == s) continue;
            const double reach = rangeThreshold<kShape == ViewShape::Square>(w.radius);
            bool was = false;
            bool now = false;
            if constexpr (kTestWas) was = rangeDistance<kShape == ViewShape::Square>(w.x - from.x, w.y - from.y) <= reach;
            if constexpr (kTestNow) now = rangeDistance<kShape == ViewShape::Square>(w.x - to.x, w.y - to.y) <= reach;
            // One-test lists keep one kind of event only: a constant type, no table look-up.
            const AoiEventType type = kList == WatcherList::NowOnly     ? AoiEventType::Enter
                                : kList == WatcherList::BeforeOnly ? AoiEventType::Leave
                                                                   : kWatcherEvent[was * 2 + now];
            out[kept] = {type, EntityId{w.slot}, id};
            if constexpr (kList == WatcherList::Both) {
                kept += was | now;
            } else if constexpr (kList == WatcherList::Now || kList == WatcherList::NowOnly) {
                kept += now;
            } else if constexpr (kList == WatcherList::Before) {
                kept += was & !now;
            } else {
                kept += was;
            }
        }
        checks += (std::size_t{kTestWas} + std::size_t{kTestNow}) * watchers.size();
        for (std::size_t k = 0; k < kept; ++k) out[k].watcher = relations_.idOf(static_cast<Slot>(out[k].watcher));
        pending_.keep(kept);
    };
    if (here == there) {
        scanWatchers(here, WatcherListTag<WatcherList::Both>{});
    } else if (towersApartForEveryView(here, there)) {  // a teleport, mostly
        scanWatchers(here, WatcherListTag<WatcherList::NowOnly>{});
        scanWatchers(there, WatcherListTag<WatcherList::BeforeOnly>{});
    } else {
        scanWatchers(here, WatcherListTag<WatcherList::Now>{});
        scanWatchers(there, WatcherListTag<WatcherList::Before>{});
    }

    // "T sees X": enter or leave when the two tests differ. X stands in a tower of the box whose test
    // may be true (padded boxes), so outside the old box T never saw it, outside the new one never sees it.
    const double reach = rangeThreshold<kShape == ViewShape::Square>(radius);
    auto scanEntities = [&](int column, int row, auto tag) {
        constexpr EntityTower kClass = decltype(tag)::value;
        constexpr bool kTestSaw = kClass != EntityTower::Entered;
        constexpr bool kTestSees = kClass != EntityTower::Left;
        ++last_.visited;
        const auto& entities = tower(column, row).entities;
        AoiEvent* out = pending_.room(entities.size());
        std::size_t kept = 0;
        for (const Resident& x : entities) {
            if (x.slot == s) continue;
            bool saw = false;
            bool sees = false;
            if constexpr (kTestSaw) saw = rangeDistance<kShape == ViewShape::Square>(x.x - from.x, x.y - from.y) <= reach;
            if constexpr (kTestSees) sees = rangeDistance<kShape == ViewShape::Square>(x.x - to.x, x.y - to.y) <= reach;
            const AoiEventType type = kClass == EntityTower::Entered ? AoiEventType::Enter
                                      : kClass == EntityTower::Left  ? AoiEventType::Leave
                                      : sees                         ? AoiEventType::Enter
                                                                     : AoiEventType::Leave;
            out[kept] = {type, id, EntityId{x.slot}};
            kept += saw ^ sees;
        }
        checks += (std::size_t{kTestSaw} + std::size_t{kTestSees}) * entities.size();
        for (std::size_t k = 0; k < kept; ++k) out[k].target = relations_.idOf(static_cast<Slot>(out[k].target));
        pending_.keep(kept);
    };
    for (int ty = after.y0; ty <= after.y1; ++ty) {
        for (int tx = after.x0; tx <= after.x1; ++tx) {
            if (before.contains(tx, ty)) {
                scanEntities(tx, ty, EntityTowerTag<EntityTower::Both>{});
            } else {
                scanEntities(tx, ty, EntityTowerTag<EntityTower::Entered>{});
            }
        }
    }
    for (int ty = before.y0; ty <= before.y1; ++ty) {
        for (int tx = before.x0; tx <= before.x1; ++tx) {
            if (!after.contains(tx, ty)) scanEntities(tx, ty, EntityTowerTag<EntityTower::Left>{});
        }
    }
    last_.distanceChecks += checks;
    watch(s, after);
}

template void TowerAoi::movePositional<ViewShape::Square>(Slot, EntityId, Vec2, Vec2);
template void TowerAoi::movePositional<ViewShape::Circle>(Slot, EntityId, Vec2, Vec2);

}  // namespace aoilab
