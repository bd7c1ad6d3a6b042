#pragma once
// The view bookkeeping every AOI method shares: per entity "who I see" and "who sees me", and the
// enter / move / leave diff of docs/modes/aoi.md with hysteresis (W starts to see T within r, keeps seeing it
// until T is beyond r + h). A method only has to find CANDIDATES; this class does the range tests, keeps
// the relation sets and produces the events.
//
// Usage from a method (the method owns its spatial structure, this class owns the relations):
//
//     ViewRelations rel(config.shape, config.hysteresis);
//     // add
//     Slot s = rel.insert(id, pos, radius);        // new dense slot; update your structure with s
//     rel.beginArrival(s);                         // T is new: nobody sees it yet
//     for (Slot c : yourCandidatesNear(pos)) {     // a superset is fine, duplicates and s itself too
//         rel.offerWatcher(c);                     // "might c's view (r_c) contain T?"
//         rel.offerTarget(c);                      // "might T's view contain c?"
//     }
//     rel.finish(sink, last_);                     // emits the events, adds the counters
//     finishOperation();                           // (AoiSystem bookkeeping, after finish)
//     // move: rel.beginMove(s, newPos) re-tests the old watchers and T's old view; then offer
//     //       candidates near newPos; then finish.   radius: rel.beginRadius(s, r), offerTarget, finish.
//     // remove: rel.erase(s, sink, last_) (emits leave(W,T) for every watcher, drops T's view).
//
// Candidate rules: offerWatcher(c) must be called for every c whose view radius r_c contains T's new
// position (so a method with per-entity radii must search with the largest radius, or prove the others
// out of reach); offerTarget(c) for every c within T's own radius. Old relations are re-tested from the
// sets, so candidates never need to cover the hysteresis band.
//
// Positional mode (chosen by a method when there is no hysteresis): then "W sees T" follows from the
// two positions and W's radius alone, so no relation is stored. "Saw" is decided at T's place (and
// radius) before the operation, "sees" at its place after; so a move must offer the candidates around
// BOTH places, a radius change those within either radius, a removal T's watchers (beginLeave), and
// viewOf / watchersOf are the method's own searches filtered by seesNow(). Candidate rules as above, for
// each place. Nothing is stored per relation, so a teleport costs its candidates and its events only.
//
// Speed: ids map to dense int slots; sets are small unsorted vectors of slots. Changing a relation
// touches the other entity's vector, which lies somewhere else in memory (a cache miss once the sets
// outgrow the cache: 10,000 entities with about 36 relations each already do); a removal finds the entry
// with a short linear scan of that one vector and swaps the last entry in (an earlier version kept the
// index of each entry's mirror, which made every removal touch a THIRD place, the moved entry's mirror,
// and doubled the memory per relation). A move prefetches the other sides of the relations it loses
// and removes them only in finish(), after the candidate search, so those misses overlap. "Already handled this operation" uses epoch stamps, so an
// operation allocates nothing in steady state, and events are buffered in a reused vector and
// delivered to the sink only after all bookkeeping is done.
#include <cstddef>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "aoi/aoi_system.h"
#include "aoi/slot_lists.h"

namespace aoilab {

using Slot = std::int32_t;
constexpr Slot kNoSlot = -1;

class ViewRelations {
public:
    enum class Mode { Stored, Positional };
    // Positional needs hysteresis 0 (with hysteresis a relation depends on the past, so it is stored).
    ViewRelations(ViewShape shape, double hysteresis, Mode mode = Mode::Stored)
        : shape_(shape), hysteresis_(hysteresis), positional_(mode == Mode::Positional && hysteresis == 0) {}

    ViewShape shape() const { return shape_; }
    double hysteresis() const { return hysteresis_; }
    bool positional() const { return positional_; }
    // Positional mode: does W's view contain T where both stand now?
    bool seesNow(Slot watcher, Slot target) const {
        return inView(shape_, hot_[watcher].position, hot_[target].position, hot_[watcher].radius);
    }
    // The place and radius T had when the operation in progress began (its place now for an arrival).
    Vec2 previousPosition() const { return before_; }
    double previousRadius() const { return beforeRadius_; }

    // Slots.
    Slot insert(EntityId id, Vec2 position, double radius);  // precondition: id not live
    Slot slotOf(EntityId id) const;                          // kNoSlot when not live
    EntityId idOf(Slot s) const { return ids_[s]; }
    Vec2 position(Slot s) const { return hot_[s].position; }
    double radius(Slot s) const { return hot_[s].radius; }
    bool live(Slot s) const { return s >= 0 && s < slotCount() && live_[s]; }
    Slot slotCount() const { return static_cast<Slot>(ids_.size()); }  // slots ever used (some free)
    std::size_t size() const { return liveCount_; }
    std::span<const Slot> sees(Slot s) const { return sees_[static_cast<std::size_t>(s)]; }     // the targets s sees
    std::span<const Slot> seenBy(Slot s) const { return seenBy_[static_cast<std::size_t>(s)]; }  // the watchers of s

    // Operations. Each begin* starts one operation; offer candidates; then finish().
    void beginArrival(Slot target);
    void beginMove(Slot target, Vec2 newPosition);  // updates the stored position
    void beginRadius(Slot target, double newRadius);
    // Positional mode only, before erase(): offer T's watchers (each gets its leave event).
    void beginLeave(Slot target);
    void offerWatcher(Slot candidate);
    void offerTarget(Slot candidate);
    void finish(EventSink& sink, AoiCounters& counters);
    // Leave: emits leave(W,T) for every watcher, drops T's own view silently, frees the slot.
    void erase(Slot target, EventSink& sink, AoiCounters& counters);

    // Renumbers the slots between operations: order[k] (each live slot exactly once) becomes slot k.
    // Returns old slot -> new slot (kNoSlot for a free one). A method lays out neighbours' records next
    // to each other this way (its candidates then read consecutive memory, as the grid's compact() does).
    std::vector<Slot> renumber(const std::vector<Slot>& order);

    // Positional mode's viewOf / watchersOf: of the method's candidates (each at most once, a superset
    // of the answer), the ids of those w sees, or of those that see t.
    void idsSeenBy(Slot w, const std::vector<Slot>& candidates, std::vector<EntityId>& out) const {
        out.clear();
        for (Slot x : candidates)
            if (x != w && seesNow(w, x)) out.push_back(ids_[x]);
    }
    void idsSeeing(Slot t, const std::vector<Slot>& candidates, std::vector<EntityId>& out) const {
        out.clear();
        for (Slot w : candidates)
            if (w != t && seesNow(w, t)) out.push_back(ids_[w]);
    }

    // Relations by id (for viewOf / watchersOf); stored mode only.
    void viewOf(EntityId watcher, std::vector<EntityId>& out) const;
    void watchersOf(EntityId target, std::vector<EntityId>& out) const;

    std::size_t memoryBytes() const;

    // Positional mode only: stores T's new place without starting an operation, for a method that decides
    // a move's events itself from the positions it keeps next to its candidates (the tower's and the
    // quadtree's own scans) and delivers them (nothing else is kept per relation in this mode).
    void setPosition(Slot target, Vec2 position) { hot_[target].position = position; }

private:
    bool within(Slot watcher, Slot target, double reach) const {
        ++checks_;
        return inView(shape_, hot_[watcher].position, hot_[target].position, reach);
    }
    void emit(AoiEventType type, Slot watcher, Slot target) {
        pending_.push_back({type, ids_[watcher], ids_[target]});
    }
    // Every cache line of the list (a teleport's lists hold about 36 slots, three lines).
    static void prefetchList(std::span<const Slot> list) {
        const char* p = reinterpret_cast<const char*>(list.data());
        const char* end = reinterpret_cast<const char*>(list.data() + list.size());
        for (; p < end; p += 64) __builtin_prefetch(p);
    }
    void recheckOldWatchers();
    void recheckOwnView();
    void dropLostRelations();
    void nextEpoch();

    ViewShape shape_;
    double hysteresis_;

    // What a candidate test reads, in one 32-byte record (one cache miss per candidate instead of one
    // per array: positions, radii and the two stamps used to lie in four arrays).
    struct alignas(32) Hot {
        Vec2 position;
        double radius = 0;
        std::uint32_t watcherStamp = 0;  // == epoch_: already decided as watcher this operation
        std::uint32_t targetStamp = 0;   // == epoch_: already decided as target this operation
    };
    static_assert(sizeof(Hot) == 32);
    std::vector<Hot> hot_;
    std::vector<EntityId> ids_;
    std::vector<std::uint8_t> live_;
    // In flat pools (slot_lists.h), so that a copy is a few arrays, not a vector per slot.
    SlotLists<Slot> sees_;    // slot -> slots it sees
    SlotLists<Slot> seenBy_;  // slot -> slots that see it
    std::vector<Slot> freeSlots_;
    std::size_t liveCount_ = 0;

    // Ids: small non-negative ids index a flat table, others go through the hash map.
    static constexpr EntityId kDirectIds = EntityId{1} << 22;
    std::vector<Slot> direct_;
    std::unordered_map<EntityId, Slot> hashed_;

    // The operation in progress.
    Slot current_ = kNoSlot;
    bool moving_ = false;  // watchers of T are being re-decided (add, move), not for a radius change
    // Positional mode: T's place and radius before the operation, whether it had one (not an arrival),
    // and whether T is leaving (nobody sees it after).
    bool positional_;
    Vec2 before_{};
    double beforeRadius_ = 0;
    bool hadPlace_ = false;
    bool leaving_ = false;
    std::uint32_t epoch_ = 0;
    std::vector<AoiEvent> pending_;
    std::vector<Slot> lostWatchers_;  // lost "W sees T": W's side is removed in finish()
    std::vector<Slot> lostTargets_;   // lost "T sees X": X's side is removed in finish()
    mutable std::uint64_t checks_ = 0;
};

// Inline: a method offers dozens of candidates a move, in its own tight loop.
inline void ViewRelations::offerWatcher(Slot candidate) {
    if (!moving_ || hot_[candidate].watcherStamp == epoch_) return;
    hot_[candidate].watcherStamp = epoch_;
    Slot t = current_;
    if (positional_) {
        const Hot& c = hot_[candidate];
        bool was = false;
        if (hadPlace_) {
            ++checks_;
            was = inView(shape_, c.position, before_, c.radius);
        }
        const bool now = !leaving_ && within(candidate, t, c.radius);
        if (was && now) {
            emit(AoiEventType::Move, candidate, t);
        } else if (was != now) {
            emit(now ? AoiEventType::Enter : AoiEventType::Leave, candidate, t);
        }
        return;
    }
    if (within(candidate, t, hot_[candidate].radius)) {
        emit(AoiEventType::Enter, candidate, t);
        sees_.push_back(static_cast<std::size_t>(candidate), t);
        seenBy_.push_back(static_cast<std::size_t>(t), candidate);
    }
}

inline void ViewRelations::offerTarget(Slot candidate) {
    if (hot_[candidate].targetStamp == epoch_) return;
    hot_[candidate].targetStamp = epoch_;
    Slot t = current_;
    if (positional_) {
        if (leaving_) return;  // T's own view goes without events
        bool saw = false;
        if (hadPlace_) {
            ++checks_;
            saw = inView(shape_, before_, hot_[candidate].position, beforeRadius_);
        }
        const bool sees = within(t, candidate, hot_[t].radius);
        if (saw != sees) emit(sees ? AoiEventType::Enter : AoiEventType::Leave, t, candidate);
        return;
    }
    if (within(t, candidate, hot_[t].radius)) {
        emit(AoiEventType::Enter, t, candidate);
        sees_.push_back(static_cast<std::size_t>(t), candidate);
        seenBy_.push_back(static_cast<std::size_t>(candidate), t);
    }
}

}  // namespace aoilab
