#pragma once
// The cross-linked list (十字链表) AOI: every entity owns one node on an x-sorted and one on a y-sorted
// doubly linked list. An operation relinks the entity's nodes (walking from its own node for a short
// hop, or from a coarse bucket index for a teleport, see axis_list.h; or, as the article does, from the
// head of each list: AoiConfig::insertFromHead), then walks the x list outward
// from the entity's node in both directions, stopping at the first node beyond the reach; nodes whose
// y is also within the reach are the candidates that ViewRelations tests exactly.
//
// Relations: while tracing (the app's teaching run, the default) they are stored, as the article does:
// a removal reads no list node, its watchers are known. With tracing off and no hysteresis they are
// positional (view_relations.h), as for the grid, the towers and the quadtree: nothing is stored per
// relation, so a move also needs the candidates around its old place (the walk around the new place
// reads on until the old band's end; a teleport walks its old band before the relink), a removal walks
// for its watchers, and viewOf / watchersOf walk. A move decides its candidates' events itself, in
// branch-free loops over the walks' hits (cross_list_positional.cpp), as the towers and the quadtree do;
// other operations offer them to ViewRelations. The events are the same either way.
//
// Per-entity radii: the reach of the walk is the LARGEST radius among live entities (kept in a
// radius -> count map). Any W that sees T has |W.x - T.x| <= r_W <= max radius in both shapes, so a
// watcher with a bigger radius than the mover is never missed. A radius change walks only the new
// radius (T's own view; who sees T does not change; positional: the larger of the old and new radius).
//
// Slots (ViewRelations' records) are renumbered in x order now and then (compaction_schedule.h), so the
// records of a walk's candidates lie in one stretch of memory.
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "aoi/aoi_system.h"
#include "aoi/axis_list.h"
#include "aoi/compaction_schedule.h"
#include "aoi/pending_events.h"
#include "aoi/view_relations.h"

namespace aoilab {

class CrossListAoi final : public AoiSystem {
public:
    explicit CrossListAoi(const AoiConfig& config);

    const char* name() const override { return "crosslist"; }
    void add(EntityId id, Vec2 position, double radius, EventSink& sink) override;
    void remove(EntityId id, EventSink& sink) override;
    void move(EntityId id, Vec2 position, EventSink& sink) override;
    void setRadius(EntityId id, double radius, EventSink& sink) override;
    void tick(EventSink&) override {  // a tick does nothing here: its counters are zeros
        beginOperation();
        costs_ = {};
        finishOperation();
    }
    void viewOf(EntityId watcher, std::vector<EntityId>& out) const override;
    void watchersOf(EntityId target, std::vector<EntityId>& out) const override;
    bool storesRelations() const override { return !rel_.positional(); }
    std::size_t size() const override { return rel_.size(); }
    std::size_t memoryBytes() const override;
    std::unique_ptr<AoiSystem> clone() const override { return std::make_unique<CrossListAoi>(*this); }

    // ---- Introspection for the panels (read-only) ----
    struct ListEntry {
        EntityId id;
        Vec2 position;
    };
    void xOrder(std::vector<ListEntry>& out) const { order(xs_, out); }
    void yOrder(std::vector<ListEntry>& out) const { order(ys_, out); }

    // A node looked at by the last operation's range walk, in visit order. The walk stops at the first
    // node beyond the reach on x, which is recorded too (inRangeX false).
    struct Visit {
        EntityId id;
        Vec2 position;
        bool inRangeX;  // |x - origin.x| <= reach
        bool inRangeY;  // |y - origin.y| <= reach: with inRangeX, a candidate handed to the exact test
    };
    // One direction of the range walk: "walked 4 nodes right on the x list until x - 3 > 2".
    struct Walk {
        char axis = 'x';
        int direction = +1;        // -1 left (smaller coordinates), +1 right
        int nodes = 0;             // nodes passed within the reach
        bool stopped = false;      // false: the walk ran off the end of the list
        EntityId stopId = 0;       // the first node beyond the reach
        double stopKey = 0;
        double originKey = 0;      // the entity's coordinate on the axis
        double reach = 0;
    };
    // How the last operation placed the entity's node on one axis (add, move).
    struct AxisRelink {
        AxisList::Placement way = AxisList::Placement::BucketIndex;
        AxisList::PlaceCost cost;       // what it read
        AxisList::PlaceCost otherWay;   // what the other insertion would have read (head walk <-> bucket
                                        // index; computed only while tracing, it costs O(n))
        int passed = 0;                 // head walk: nodes passed before the place (cost minus the stop)
        std::vector<EntityId> passedIds;  // head walk, tracing: the first of them, at most kPassedShown
        EntityId stopId = -1;           // the node after the place (where a walk stopped); -1: the end
    };
    static constexpr std::size_t kPassedShown = 8;
    struct Relink {
        AxisRelink x;
        AxisRelink y;
    };
    // What the cross-linked list's operations cost, counted apart. AoiCounters::visited is relinkNodes +
    // walkNodes (list nodes only); buckets and distance checks are never mixed into it.
    struct Costs {
        std::uint64_t relinkNodes = 0;    // list nodes read to place the entity on x and y
        std::uint64_t bucketsProbed = 0;  // bucket-index cells probed to place it
        std::uint64_t walkNodes = 0;      // list nodes read by the range walk (each direction's stop included)
        std::uint64_t otherRelinkNodes = 0;    // the other insertion's nodes and buckets (tracing only)
        std::uint64_t otherBucketsProbed = 0;
        std::uint64_t oldPlaceNodes = 0;  // of walkNodes: read only to cover the old place (positional relations)
        void operator+=(const Costs& o) {
            relinkNodes += o.relinkNodes;
            bucketsProbed += o.bucketsProbed;
            walkNodes += o.walkNodes;
            otherRelinkNodes += o.otherRelinkNodes;
            otherBucketsProbed += o.otherBucketsProbed;
            oldPlaceNodes += o.oldPlaceNodes;
        }
    };
    bool insertFromHead() const { return fromHead_; }
    // Tracing records every visited node (about 1,000 per move at 100,000 entities, radius 100; their
    // ids and places are read only when lastVisits() asks) and prices the other insertion; on by
    // default for the app, benchmarks may switch it off. Walk summaries and relink figures are always kept.
    // Tracing also keeps the relations stored (the article's run); off, they are positional when there
    // is no hysteresis (see above). Switching with entities present rebuilds the relations, O(n walk).
    void setTracing(bool on) {
        endBulkAdds();
        tracing_ = on;
        if (!on) clearVisits();
        xs_.setRanked(on);  // tracing prices the other insertion: by rank, not by an O(n) walk
        ys_.setRanked(on);
        useRelations(on ? ViewRelations::Mode::Stored : ViewRelations::Mode::Positional);
    }
    bool tracing() const { return tracing_; }
    // While tracing, whether each operation records the nodes its walks visited (lastVisits). A bulk
    // build (AoiSession::reset) turns it off for all but its last add: the visits are what costs (one
    // record per node in the x band, about 10,000 an add at 1,000,000 entities), and only the last
    // add's are ever shown. Everything else (relations, events, counters, walks, relinks) is the same
    // either way. The other insertion's price too, with one difference: a run of adds into an empty
    // tracing list while not recording is priced all at once when the run ends (AxisList::beginBulkLinks:
    // by rank it was two thirds of the build), at the next other operation or when recording resumes; its
    // adds' lastCosts() and lastRelink() then show no other price, and totalCosts() has it from the end.
    void setRecordingVisits(bool on) override {
        recordingVisits_ = on;
        if (on) {
            endBulkAdds();
            return;
        }
        clearVisits();
        if (tracing_ && !fromHead_) {
            xs_.beginBulkLinks();
            ys_.beginBulkLinks();
        }
    }
    bool pricingAddsInBulk() const { return xs_.bulkLinking(); }
    bool recordingVisits() const { return recordingVisits_; }
    // Read from the recorded slots on the first call after an operation (a cache: like the operations,
    // call it from one thread at a time; each worker has its own copy of the list).
    const std::vector<Visit>& lastVisits() const;
    const std::vector<Walk>& lastWalks() const { return walks_; }
    const Relink& lastRelink() const { return relink_; }
    const Costs& lastCosts() const { return costs_; }
    const Costs& totalCosts() const { return totalCosts_; }
    EntityId lastEntity() const { return lastEntity_; }
    static std::string describe(const Walk& walk);
    double maxRadius() const { return radiusCounts_.empty() ? 0 : radiusCounts_.rbegin()->first; }

private:
    void beginTracedOperation(EntityId id);
    void endTracedOperation();
    // Ends a run of adds priced in bulk (setRecordingVisits): its head walks into totalCosts_.
    void endBulkAdds() {
        if (xs_.bulkLinking() || ys_.bulkLinking())
            totalCosts_.otherRelinkNodes += xs_.endBulkLinks() + ys_.endBulkLinks();
    }
    // Records what placing s on both lists cost (after the relink).
    void noteRelink(Slot s);
    void notePassed(const AxisList& list, Slot s, AxisRelink& axis) const;
    void order(const AxisList& list, std::vector<ListEntry>& out) const;
    void trackRadius(double radius, int delta);
    // Walks the x list from s both ways within `reach` of its place; offers watchers (when watchers)
    // and targets. Positional relations, move: `old` is T's old place, covered by the same walk.
    void rangeWalk(Slot s, double reach, bool watchers, const Vec2* old = nullptr);
    // Positional relations: the candidates around T's old place, walked from its entry still there.
    void walkOldPlace(Slot s, Vec2 old, double reach);
    // Positional relations, a jump whose old and new places lie apart on x or y (cross_list_positional.cpp):
    // nobody both saw and sees T, so each candidate of the old band is tested for its leave events and
    // each of the new band for its enter events (one met by both walks gets at most one of them), in a
    // branch-free loop, without ViewRelations' offers.
    void teleportPositional(Slot s, EntityId id, Vec2 old, Vec2 position, double reach, EventSink& sink);
    template <bool kSquare>
    std::uint64_t decideHits(EntityId id, Vec2 place, double ownRadius, AoiEventType type);
    // Positional relations, a move whose bands overlap (a walking step): the walk around the new place,
    // read on over the old band (rangeWalk's), collects its candidates into hits_; each is then decided
    // at both places in a branch-free loop (cross_list_positional.cpp).
    void moveNearPositional(Slot s, EntityId id, Vec2 old, Vec2 position, double reach, EventSink& sink);
    void collectAround(Slot s, Vec2 old, double reach);
    template <bool kSquare>
    std::uint64_t decideMoveHits(EntityId id, Vec2 from, Vec2 to, double ownRadius);
    // The slots within reach of origin on x whose `other` lies in its coarse y range, into band_: walked
    // from `self` (the entry at origin, excluded) both ways; oldPlace as for walkDirection.
    void collectBand(AxisList::Cursor self, Vec2 origin, double reach, bool oldPlace);
    // One direction of the range walk: reads entries from `from` while within reach of origin.x,
    // records the Walk (and visits when tracing; oldPlace: counted apart, not recorded); returns the stop.
    // filter(position): a candidate? (hits_ receives a superset; offerHits filters and offers.)
    template <class Filter>
    // [yLow, yHigh]: a coarse range of `other` that holds every entry the filter passes.
    AxisList::Cursor walkDirection(AxisList::Cursor from, int direction, Vec2 origin, double reach, Filter filter,
                                   bool oldPlace, float yLow, float yHigh);
    // Offers the walks' hits that pass filter(position): offer(slot, position).
    template <class Filter, class Offer>
    void offerHits(Filter filter, Offer offer);
    // The slots within reach of s's place on both axes (s excluded): positional viewOf / watchersOf.
    void near(Slot s, double reach, std::vector<Slot>& out) const;
    // Rebuilds the relations in `mode` (no events); slots renumbered in x order.
    void useRelations(ViewRelations::Mode mode);
    // Renumbers the slots in x order (so a walk's candidates' records lie together), now and then.
    void renumberByPlace();
    void renumberIfDue();

    ViewRelations rel_;
    AxisList xs_;
    AxisList ys_;
    std::map<double, int> radiusCounts_;

    void clearVisits();
    // The last operation's visits as its walks recorded them: each entry's slot (its id and place are
    // read by lastVisits(), once, only if asked: one cache miss each, most of a traced move's time at
    // 100,000 entities), and each walk's origin and reach for inRangeY.
    struct PendingVisit {
        Slot slot;
        std::uint16_t walk;
        bool inRangeX;
    };
    struct VisitWalk {
        double originY;
        double reach;
    };
    std::vector<PendingVisit> pendingVisits_;
    std::vector<VisitWalk> visitWalks_;
    mutable std::vector<Visit> visits_;
    mutable bool visitsRead_ = true;  // visits_ holds pendingVisits_ read
    std::vector<Walk> walks_;
    Relink relink_;
    Costs costs_;
    Costs totalCosts_;
    bool fromHead_ = false;
    EntityId lastEntity_ = -1;
    bool tracing_ = true;
    bool recordingVisits_ = true;
    CompactionSchedule renumbering_;
    mutable std::vector<Slot> scratch_;
    std::vector<Slot> hits_;  // candidates of the walks in progress
    PendingEvents pending_;   // teleportPositional's events
    // collectBand's hits: a plain array with room to spare (its scan stores whole blocks of 8).
    struct BandHits {
        BandHits() = default;
        // Scratch between operations; a copy (clone) takes the hits it holds.
        BandHits(const BandHits& other) { *this = other; }
        BandHits& operator=(const BandHits& other) {
            if (this == &other) return *this;
            count = 0;
            reserveMore(other.count);
            std::copy(other.slots.get(), other.slots.get() + other.count, slots.get());
            count = other.count;
            return *this;
        }
        std::unique_ptr<Slot[]> slots;
        std::size_t count = 0;
        std::size_t capacity = 0;
        Slot* end() { return slots.get() + count; }
        void reserveMore(std::size_t more) {
            if (count + more <= capacity) return;
            const std::size_t grown = std::max(2 * capacity, count + more + 256);
            std::unique_ptr<Slot[]> bigger(new Slot[grown]);
            std::copy(slots.get(), slots.get() + count, bigger.get());
            slots.swap(bigger);
            capacity = grown;
        }
    };
    BandHits band_;
    bool collectingBand_ = false;
    double touched_ = 0;     // keeps offerHits' early reads
};

}  // namespace aoilab
