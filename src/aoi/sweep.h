#pragma once
// The crossover explorer's engine: every AOI method on the same workload at K values of one quantity
// (entity count, view radius, share of movers, clustering), timed per move, with the event checksums
// compared at each point, and the values where two methods trade places. UI-free: `aoilab-cli bench
// sweep` prints it, the AOI mode's Crossover panel runs a small one in the background and draws it.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "aoi/workload.h"

namespace aoilab {

enum class SweepVariable { Entities, Radius, Movers, Cluster };
const char* toString(SweepVariable variable);
std::optional<SweepVariable> parseSweepVariable(std::string_view name);  // entities|radius|movers|cluster

struct SweepOptions {
    SweepVariable vary = SweepVariable::Entities;
    double from = 1000;
    double to = 20000;
    int points = 5;               // >= 2; entities and radius are spaced geometrically, the shares linearly
    WorkloadOptions base;         // the other quantities (base.entities etc.), same seed at every point
    ViewShape shape = ViewShape::Square;
    std::vector<std::string> methods;  // empty: every method (brute force only up to kBruteEntities)
    std::uint64_t maxMovesPerMethod = 200'000;  // each method runs at most this many moves per point
};

// Brute force costs O(n) a move: a sweep leaves it out above this many entities.
inline constexpr std::size_t kSweepBruteEntities = 5'000;

struct SweepMethodPoint {
    std::string name;
    double nsPerMove = 0;
    std::uint64_t moves = 0;
    std::uint64_t checksum = 0;
    bool exact = true;
};

struct SweepPoint {
    double value = 0;  // of the varied quantity
    std::vector<SweepMethodPoint> methods;
    bool checksumsAgree = true;  // every exact method ran the same moves and emitted the same events
};

// Between two points where method `faster` overtakes method `slower` as the value grows.
struct SweepCrossover {
    std::string faster;  // the faster one after the crossing
    std::string slower;
    double value = 0;    // interpolated (in log space for the geometric quantities)
    double nsPerMove = 0;  // both methods' time there: on both plotted lines (log time, interpolated like value)
};

struct SweepResult {
    SweepOptions options;
    std::vector<SweepPoint> points;
    std::vector<SweepCrossover> crossovers;
    bool cancelled = false;
    bool checksumsAgree() const;
};

// The values the sweep visits (checked options: throws InputError for a bad range or count).
std::vector<double> sweepValues(const SweepOptions& options);
// Runs the sweep. `progress(done, total)` is called after each method at each point; `cancel`, when
// set by another thread, stops it after the current method (the result then holds the finished points).
SweepResult runSweep(const SweepOptions& options, const std::function<void(int, int)>& progress = {},
                     const std::atomic<bool>* cancel = nullptr);
// The crossings of a finished set of points (exposed for tests).
std::vector<SweepCrossover> findCrossovers(const std::vector<SweepPoint>& points, SweepVariable vary);

}  // namespace aoilab
