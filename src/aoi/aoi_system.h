#pragma once
// The one interface every AOI method implements (docs/modes/aoi.md "AOI semantics" is the contract).
//
// An operation updates the structure first and only then hands its events to the sink, so a sink
// never sees a half-updated structure. Per operation the order of events is free.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/events.h"
#include "core/geometry.h"

namespace aoilab {

// Receives the events of one operation. Implementations must not allocate per event on the hot path.
// The methods hand over an operation's events in one onEvents call (one virtual call, not one each).
class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void onEvent(const AoiEvent& event) = 0;
    virtual void onEvents(const AoiEvent* events, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) onEvent(events[i]);
    }
};

// The simplest sink: appends to a vector that the caller clears and reuses.
class EventBuffer final : public EventSink {
public:
    void onEvent(const AoiEvent& event) override { events.push_back(event); }
    void onEvents(const AoiEvent* first, std::size_t count) override { events.insert(events.end(), first, first + count); }
    std::vector<AoiEvent> events;
};

// Drops the events (benchmarks that only count them use a counting sink instead).
class NullSink final : public EventSink {
public:
    void onEvent(const AoiEvent&) override {}
    void onEvents(const AoiEvent*, std::size_t) override {}
};

// Every setting resolved to a concrete value (see resolveAoiConfig for the defaults).
struct AoiConfig {
    ViewShape shape = ViewShape::Square;
    double hysteresis = 0;        // enter at r, leave beyond r + h
    double worldWidth = 100;
    double worldHeight = 100;
    double cellSize = 10;         // grid
    double standardRadius = 10;   // grid: scan radius; bigger radii are "super-view" entities
    int tickInterval = 5;         // grid lazy mode: super-view entities re-scan every N ticks
    bool lazySuperView = false;   // grid: exact by default
    int quadtreeCapacity = 8;     // quadtree: split above this many points
    int quadtreeMaxDepth = 12;
    double towerSize = 20;        // tower: side of a tower's square region
    bool insertFromHead = false;  // crosslist: place nodes by walking from the head (the article, O(n))
};

// What the last operation (and all operations so far) cost; feeds the panels and the benchmarks.
struct AoiCounters {
    std::uint64_t visited = 0;         // list nodes, cells, tree nodes or towers looked at
    std::uint64_t distanceChecks = 0;  // entity-to-entity range tests
    std::uint64_t events = 0;
    void operator+=(const AoiCounters& other) {
        visited += other.visited;
        distanceChecks += other.distanceChecks;
        events += other.events;
    }
};

class AoiSystem {
public:
    virtual ~AoiSystem() = default;

    virtual const char* name() const = 0;  // "brute", "crosslist", "grid", "quadtree", "tower"
    // False only where the method may lag behind brute force (the grid's lazy super-view mode).
    virtual bool exact() const { return true; }
    // False when the relations are derived from the positions instead of stored (no hysteresis: see
    // view_relations.h, "positional mode"); views and watchers are then answered by a search.
    virtual bool storesRelations() const { return true; }

    // Preconditions (checked by World before any call): ids are unique among live entities, positions
    // are finite and inside the world, radii are finite and >= 0. Violations are programming errors.
    virtual void add(EntityId id, Vec2 position, double radius, EventSink& sink) = 0;
    virtual void remove(EntityId id, EventSink& sink) = 0;
    virtual void move(EntityId id, Vec2 position, EventSink& sink) = 0;
    virtual void setRadius(EntityId id, double radius, EventSink& sink) = 0;
    virtual void tick(EventSink& sink) = 0;

    // Current relations, in any order (out is cleared first): the entities W sees, and those that see T.
    virtual void viewOf(EntityId watcher, std::vector<EntityId>& out) const = 0;
    virtual void watchersOf(EntityId target, std::vector<EntityId>& out) const = 0;

    virtual std::size_t size() const = 0;
    virtual std::size_t memoryBytes() const = 0;  // structure plus view sets, an honest estimate
    // A copy that goes on exactly as this one would (the same relations, events and counters from here):
    // the app's timeline keeps copies as checkpoints, so a step back replays from the nearest one.
    virtual std::unique_ptr<AoiSystem> clone() const = 0;

    // Whether each operation records the per-element detail a panel draws of it (the cross-linked
    // list's visited nodes; the other methods record nothing that costs). A bulk build turns it off for
    // all but its last operation; relations, events and counters are the same either way.
    virtual void setRecordingVisits(bool) {}

    const AoiCounters& lastOperation() const { return last_; }
    const AoiCounters& total() const { return total_; }

protected:
    // Call at the start of every operation, and finishOperation() at its end.
    void beginOperation() { last_ = {}; }
    void finishOperation() { total_ += last_; }
    AoiCounters last_;

private:
    AoiCounters total_;
};

// Names in the order the app and the CLI list them.
const std::vector<std::string>& aoiMethodNames();
// The one registry of AOI method names (src/aoi/registry.cpp), used by the CLI, the scenario reader and
// the app: a name or an alias ("towers", "cross-list") to the canonical name; nullopt when unknown.
std::optional<std::string> resolveAoiMethod(std::string_view name);
std::string aoiMethodDescription(std::string_view name);  // one line, English
// "unknown AOI method \"x\" (expected brute, crosslist, grid, quadtree or tower)": the same words everywhere.
std::string unknownAoiMethodMessage(std::string_view name);
// Throws InputError(unknownAoiMethodMessage) for an unknown name; accepts aliases.
std::unique_ptr<AoiSystem> makeAoiSystem(std::string_view name, const AoiConfig& config);

}  // namespace aoilab
