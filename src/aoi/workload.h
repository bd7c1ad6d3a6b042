#pragma once
// The benchmark workload shared by `aoilab-cli bench aoi` and the bench/ programs, so every figure comes
// from the same entities and the same moves: N entities placed uniformly in a square world, then T ticks
// in which every entity moves once (a random walk with steps up to `step` on each axis, clamped to the
// world, or a teleport to a uniformly random place). Deterministic for a seed on every platform
// (SplitMix64, no standard-library distributions).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "aoi/aoi_system.h"

namespace aoilab {

enum class WorkloadKind { Walk, Teleport };
const char* toString(WorkloadKind kind);

struct WorkloadOptions {
    std::size_t entities = 10'000;
    int ticks = 100;
    double world = 10'000;  // square world [0, world] x [0, world]
    double radius = 100;    // every entity's view radius
    double step = 10;       // walk: largest step per axis and tick
    std::uint64_t seed = 1;
    WorkloadKind kind = WorkloadKind::Walk;
    // The fraction of entities that move each tick, in (0, 1]: a window of ceil(movers * N) ids that
    // rotates tick by tick, so everyone moves in turn. 1 keeps the classic "everyone moves".
    double movers = 1;
    // How clustered the crowd is, in [0, 1]: that fraction of entities starts near one of eight
    // hotspots (spread world / 40) instead of uniformly. 0 draws exactly the classic uniform crowd.
    double cluster = 0;
};

struct WorkloadMove {
    EntityId id = 0;
    Vec2 to;
};

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }  // [0, 1)

private:
    std::uint64_t state_;
};

class Workload {
public:
    explicit Workload(const WorkloadOptions& options);
    const WorkloadOptions& options() const { return options_; }
    // Ids 0..N-1 at their starting places.
    const std::vector<Vec2>& start() const { return start_; }
    // The moves of the next tick, one per entity in id order.
    void nextTick(std::vector<WorkloadMove>& out);

private:
    WorkloadOptions options_;
    SplitMix64 rng_;
    std::vector<Vec2> start_;
    std::vector<Vec2> current_;
    std::vector<Vec2> hotspots_;
    std::size_t nextMover_ = 0;
    Vec2 startPlace();
};

// An order-independent checksum per operation (a sum of event hashes), chained across operations, so
// two methods agree exactly when every operation emitted the same multiset of events.
class EventChecksum final : public EventSink {
public:
    void onEvent(const AoiEvent& event) override {
        operationSum_ += hashEvent(event);
        ++events_;
    }
    void onEvents(const AoiEvent* events, std::size_t count) override {
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < count; ++i) sum += hashEvent(events[i]);
        operationSum_ += sum;
        events_ += count;
    }
    void endOperation();
    std::uint64_t value() const { return value_; }
    std::uint64_t events() const { return events_; }
    // A cheap, well-mixed hash: the checksum sink is part of every timed move, so it must cost little.
    static std::uint64_t hashEvent(const AoiEvent& event) {
        std::uint64_t h = static_cast<std::uint64_t>(event.watcher) * 0x9e3779b97f4a7c15ULL;
        h ^= (static_cast<std::uint64_t>(event.target) + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL;
        h ^= static_cast<std::uint64_t>(event.type) << 61;
        h ^= h >> 32;
        h *= 0xd6e8feb86659fd93ULL;
        return h ^ (h >> 32);
    }

private:
    std::uint64_t value_ = 0x6a09e667f3bcc909ULL;
    std::uint64_t operationSum_ = 0;
    std::uint64_t events_ = 0;
};

struct WorkloadResult {
    std::uint64_t moves = 0;        // moves run (and timed)
    std::uint64_t moveEvents = 0;   // events emitted by those moves
    std::uint64_t setupEvents = 0;  // events of the initial adds
    double moveSeconds = 0;         // wall time of the moves (and their events), nothing else
    double buildSeconds = 0;        // wall time of the starting entities' adds (and their events)
    std::uint64_t checksum = 0;     // over the adds, the moves run and the ticks
    std::uint64_t prefixChecksum = 0;  // after the adds and the first `prefixMoves` moves
    int ticksRun = 0;
    bool complete = false;          // false when stopped at maxMoves
    std::size_t memoryBytes = 0;    // after the run
};

// A checksum as the benchmarks print it: 16 hexadecimal digits.
std::string checksumHex(std::uint64_t value);

// Adds the entities, then runs the ticks (moves, then tick()) until done or `maxMoves` moves have run.
// `prefixMoves` (<= maxMoves) marks where prefixChecksum is taken, so a sampled run can be compared with
// a full one.
WorkloadResult runWorkload(AoiSystem& system, const WorkloadOptions& options,
                           std::uint64_t maxMoves = std::numeric_limits<std::uint64_t>::max(),
                           std::uint64_t prefixMoves = 0);

}  // namespace aoilab
