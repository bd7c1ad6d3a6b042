#pragma once
// The oracle: every operation tests every other entity. O(n log n) per operation and deliberately
// independent of ViewRelations (plain ordered sets of (watcher, target) pairs), so a bug in the shared
// bookkeeping of the fast methods cannot hide in the reference they are tested against.
#include <limits>
#include <map>
#include <set>
#include <utility>
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
    void tick(EventSink&) override {}
    void viewOf(EntityId watcher, std::vector<EntityId>& out) const override;
    void watchersOf(EntityId target, std::vector<EntityId>& out) const override;
    std::size_t size() const override { return entities_.size(); }
    std::size_t memoryBytes() const override;

private:
    struct Body {
        Vec2 position;
        double radius = 0;
    };
    using Pair = std::pair<EntityId, EntityId>;
    static constexpr EntityId kMinId = std::numeric_limits<EntityId>::min();

    // Re-decides whether `watcher` sees `target` (enter at r, keep within r + h); returns the change.
    enum class Change { None, Entered, Kept, Left };
    Change decide(EntityId watcher, const Body& w, EntityId target, const Body& t);
    void emit(AoiEventType type, EntityId watcher, EntityId target);
    void flush(EventSink& sink);

    ViewShape shape_;
    double hysteresis_;
    std::map<EntityId, Body> entities_;
    std::set<Pair> sees_;    // (watcher, target)
    std::set<Pair> seenBy_;  // (target, watcher)
    std::vector<AoiEvent> pending_;
};

}  // namespace aoilab
