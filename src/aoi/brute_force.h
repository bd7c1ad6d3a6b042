#pragma once
// The oracle: every operation tests every other entity, O(n) per operation (expected, hashed sets), and
// deliberately independent of ViewRelations, so a bug in the shared bookkeeping of the fast methods
// cannot hide in the reference they are tested against.
//
// Layout: entities in a dense vector (removal swaps the last one in), an id -> index hash, and per entity
// two hashed sets of ids: whom it sees and who sees it. An operation on T reads "did W see T" and "did T
// see X" from T's own two sets (they mirror the other entities' sets), so the n tests touch only T's
// sets and the compact position array; another entity's set is touched only when its relation changes.
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "aoi/aoi_system.h"

namespace aoilab {

class BruteForceAoi final : public AoiSystem {
public:
    explicit BruteForceAoi(const AoiConfig& config) : shape_(config.shape), hysteresis_(config.hysteresis) {}

    const char* name() const override { return "brute"; }
    void add(EntityId id, Vec2 position, double radius, EventSink& sink) override;
    void remove(EntityId id, EventSink& sink) override;
    void move(EntityId id, Vec2 position, EventSink& sink) override;
    void setRadius(EntityId id, double radius, EventSink& sink) override;
    void tick(EventSink&) override {  // a tick does nothing here: its counters are zeros
        beginOperation();
        finishOperation();
    }
    void viewOf(EntityId watcher, std::vector<EntityId>& out) const override;  // sorted by id
    void watchersOf(EntityId target, std::vector<EntityId>& out) const override;  // sorted by id
    std::size_t size() const override { return bodies_.size(); }
    std::size_t memoryBytes() const override;
    std::unique_ptr<AoiSystem> clone() const override { return std::make_unique<BruteForceAoi>(*this); }

private:
    struct Body {
        EntityId id = 0;
        Vec2 position;
        double radius = 0;
    };
    struct Relations {
        std::unordered_set<EntityId> sees;    // ids this entity sees
        std::unordered_set<EntityId> seenBy;  // ids that see this entity
    };

    // Does `watcher` see `target` after the operation? Enter within r, keep within r + h (docs/modes/aoi.md).
    bool seesNow(const Body& watcher, const Body& target, bool sawBefore) const {
        return inView(shape_, watcher.position, target.position,
                      sawBefore ? watcher.radius + hysteresis_ : watcher.radius);
    }
    // Re-decides both directions between the operation's subject T (index t) and the entity at index o.
    // `watchersToo` is false for a radius change (T did not move, so who sees T is unchanged); `fresh`
    // is true when T was just added, so it has no relation yet and no set needs asking.
    void decidePair(std::size_t t, std::size_t o, bool watchersToo, bool moved, bool fresh);
    void emit(AoiEventType type, EntityId watcher, EntityId target);
    void flush(EventSink& sink);

    ViewShape shape_;
    double hysteresis_;
    std::vector<Body> bodies_;
    std::vector<Relations> relations_;                // parallel to bodies_
    std::unordered_map<EntityId, std::size_t> index_;  // id -> index in bodies_
    std::vector<AoiEvent> pending_;
};

}  // namespace aoilab
