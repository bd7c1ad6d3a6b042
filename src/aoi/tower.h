#pragma once
// The tower (beacon) method: the world is cut into square towers of `towerSize`. Each tower keeps the
// entities standing in it and the WATCHERS whose view square (radius r) reaches it. So:
//   - who may see T: the watchers of T's tower (exact with per-entity radii: a watcher registers
//     in every tower its own radius touches, however large);
//   - whom T may see: the entities of the towers T watches.
// A move re-tests T's old watchers and old view (ViewRelations keeps both directions, so the relations
// that only survive through hysteresis need no search), then offers the watchers of the tower T entered
// and the entities of the towers T now watches; when T's view box changes towers, T leaves the watcher
// lists of the towers it left and joins those it entered.
//
// Without hysteresis the relations are positional (view_relations.h): none is stored, and a move tests
// the watchers of T's old and new towers and the entities of the towers it watched and now watches
// (tower_positional.cpp). Each tower list holds records with the position (and a watcher's radius)
// next to the slot, so that scan reads the lists in order instead of chasing every candidate's slot;
// each watcher registration knows its index in the tower's list, so leaving a tower is O(1).
#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "aoi/aoi_system.h"
#include "aoi/compaction_schedule.h"
#include "aoi/pending_events.h"
#include "aoi/view_relations.h"

namespace aoilab {

struct TowerCounts {
    int column = 0;
    int row = 0;
    int entities = 0;
    int watchers = 0;
};

class TowerAoi final : public AoiSystem {
public:
    explicit TowerAoi(const AoiConfig& config);

    const char* name() const override { return "tower"; }
    void add(EntityId id, Vec2 position, double radius, EventSink& sink) override;
    void remove(EntityId id, EventSink& sink) override;
    void move(EntityId id, Vec2 position, EventSink& sink) override;
    void setRadius(EntityId id, double radius, EventSink& sink) override;
    void tick(EventSink& sink) override;
    bool storesRelations() const override { return !relations_.positional(); }
    void viewOf(EntityId watcher, std::vector<EntityId>& out) const override;
    void watchersOf(EntityId target, std::vector<EntityId>& out) const override;
    std::size_t size() const override { return relations_.size(); }
    std::size_t memoryBytes() const override;
    std::unique_ptr<AoiSystem> clone() const override { return std::make_unique<TowerAoi>(*this); }

    // Introspection for the panels.
    double towerSize() const { return towerSize_; }  // may exceed the configured size, see kMaxTowers
    int columns() const { return columns_; }
    int rows() const { return rows_; }
    // Towers holding an entity or a watcher, with both counts.
    void towers(std::vector<TowerCounts>& out) const;
    // The towers the entity's view reaches (where it is registered as a watcher); empty if unknown.
    void towersWatchedBy(EntityId id, std::vector<TowerCounts>& out) const;

    static constexpr std::int64_t kMaxTowers = std::int64_t{1} << 20;

    // For tests: the first inconsistency of the tower records with the entities (every entity once in
    // its tower's list, registered as a watcher in exactly the towers its view box touches, each record
    // holding its current position, radius and slot, each kept index pointing at its record), or "".
    std::string auditBookkeeping() const;

private:
    struct Box {
        int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive; empty when x1 < x0
        bool contains(int tx, int ty) const { return tx >= x0 && tx <= x1 && ty >= y0 && ty <= y1; }
        friend bool operator==(const Box&, const Box&) = default;
    };
    // An entity standing in a tower, with what "T sees X" reads of it (24 bytes). No id: the scan
    // writes the slot into its events and turns the kept ones into ids after (a few of many).
    struct Resident {
        double x, y;
        Slot slot;
    };
    // An entity whose view reaches a tower, with what "W sees T" reads of it (32 bytes).
    struct Watcher {
        double x, y, radius;
        Slot slot;
    };
    struct Tower {
        std::vector<Resident> entities;
        std::vector<Watcher> watchers;
    };
    // Where a slot's records are, in one record (a teleport reads and writes all of it: one cache miss
    // instead of one per array): the tower it stands in and its index in that tower's entity list, the
    // towers it watches (its box) and its index in each of their watcher lists (row-major in the box;
    // the first four inline, a box of more towers keeps the rest in moreIndices_, by slot: few have one).
    struct Place {
        int tower = -1;  // -1 when the slot is free
        std::uint32_t indexInTower = 0;
        Box box;
        std::array<std::uint32_t, 4> index{};
    };
    static int areaOf(const Box& box) {
        return box.x1 < box.x0 || box.y1 < box.y0 ? 0 : (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
    }

    int towerColumn(double x) const;
    int towerRow(double y) const;
    int towerIndex(Vec2 p) const { return towerRow(p.y) * columns_ + towerColumn(p.x); }
    Box boxAround(Vec2 p, double reach) const;
    Tower& tower(int column, int row) { return towers_[static_cast<std::size_t>(row * columns_ + column)]; }
    void ensureSlot(Slot s);
    void place(Slot s, int towerIndex);
    void unplace(Slot s);
    // Moves s's resident record to `position`: into another tower's list, or updated where it stands.
    // Returns the tower it stands in now.
    int relocate(Slot s, Vec2 position);
    // Moves s's watcher registration to `box` and refreshes its records (position, radius) there.
    void watch(Slot s, const Box& box);
    std::uint32_t& registrationIndex(Slot s, int k) {
        auto i = static_cast<std::size_t>(s);
        return k < 4 ? places_[i].index[static_cast<std::size_t>(k)] : moreIndices_.at(s)[static_cast<std::size_t>(k - 4)];
    }
    void removeWatcherAt(int column, int row, std::uint32_t index);
    template <ViewShape kShape>
    void movePositional(Slot s, EntityId id, Vec2 from, Vec2 to);
    // True when no view box can touch both towers: they lie more towers apart (on one axis) than the
    // padded box of the largest radius spans, plus one for rounding (see radiusBound_).
    bool towersApartForEveryView(int a, int b) const {
        const int columns = std::abs(a % columns_ - b % columns_);
        const int rows = std::abs(a / columns_ - b / columns_);
        return static_cast<double>(std::max(columns, rows)) >= (2 * (radiusBound_ + pad_)) * inverseTower_ + 2;
    }
    void offerWatchersOf(int towerIndex);
    void offerEntitiesIn(const Box& box);
    void offerEntitiesIn(const Box& box, const Box& skip);  // the towers of box not in skip
    void finish(EventSink& sink);
    void compact();

    ViewRelations relations_;
    double towerSize_;
    double inverseTower_;
    int columns_;
    int rows_;
    double pad_;
    // At least every live radius (raised by add and setRadius, set exactly by compact()): an upper bound
    // is all towersApartForEveryView needs, a stale high one only costs it a few skipped shortcuts.
    double radiusBound_ = 0;
    std::vector<Tower> towers_;
    std::vector<Place> places_;                            // slot -> where its records are
    std::unordered_map<Slot, std::vector<std::uint32_t>> moreIndices_;  // slot -> indices past the fourth tower
    std::vector<std::uint32_t> scratchIndices_;            // watch(): the new box's indices
    PendingEvents pending_;                                // the positional scan's events
    CompactionSchedule compaction_;
};

}  // namespace aoilab
