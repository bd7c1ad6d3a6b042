// Google Benchmark of the AOI methods on the workloads (the same generator as
// `aoilab-cli bench aoi`, src/aoi/workload.h). One iteration is one move including its events (counted
// by an order-independent checksum sink), except the teleport suite, where one iteration is a whole
// tick of 10,000 teleports. Run with --benchmark_filter to pick a suite:
//   walk100k/   100,000 entities, world 20,000, radius 100, circle, every entity moves every tick
//   teleport/   10,000 entities, world 1,024, square, radius 30, one teleport each (ms per 10,000 moves)
//   growth/     1k, 10k, 100k entities at the density of walk100k, radii 50, 100, 200, circle
//   viewsets/   the grid's inline-row view sets against unsorted and sorted vectors and bitsets, with
//               hysteresis 5 (without, the grid stores no view set: grid-positional, h = 0, for reference)
//   build/      every method built for a world of 30,000 or 100,000 entities as the app builds it when it
//               opens a large file (AoiSession::reset: each method on a thread of its own, the
//               cross-linked list traced but recording its visits for the last add only), against one add
//               at a time through every method with every visit recorded (the app's build before)
// crosslist runs with its node tracing (the app's introspection) off. Brute force is O(n) per
// operation (hashed sets): it runs in the growth suite at 1,000 and 10,000 entities, one tick of the
// teleport suite, and 100 moves of walk100k (its setup there, 100,000 adds of O(n) each, takes a while).
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "aoi/aoi_config.h"
#include "aoi/aoi_session.h"
#include "aoi/cross_list.h"
#include "aoi/grid.h"
#include "aoi/workload.h"
#include "scenario/scenario.h"

namespace aoilab {
namespace {

AoiConfig configFor(const WorkloadOptions& options, ViewShape shape, double hysteresis = 0) {
    AoiSettings settings;
    settings.shape = shape;
    settings.hysteresis = hysteresis;
    settings.standardRadius = options.radius;
    return resolveAoiConfig(settings, options.world, options.world, options.radius);
}

std::unique_ptr<AoiSystem> makeSystem(const std::string& name, const AoiConfig& config) {
    if (name == "grid-bitset") return std::make_unique<BitsetGridAoi>(config);
    if (name == "grid-sorted") return std::make_unique<SortedGridAoi>(config);
    if (name == "grid-unsorted") return std::make_unique<UnsortedGridAoi>(config);
    std::unique_ptr<AoiSystem> system = makeAoiSystem(name, config);
    // The cross-linked list's per-node trace feeds an app panel and costs about 30% per move: off here.
    if (auto* crossList = dynamic_cast<CrossListAoi*>(system.get())) crossList->setTracing(false);
    return system;
}

// One move per iteration, ticks generated (untimed) as they run out.
void runWalk(benchmark::State& state, std::string method, WorkloadOptions options, ViewShape shape,
             double hysteresis) {
    AoiConfig config = configFor(options, shape, hysteresis);
    std::unique_ptr<AoiSystem> system = makeSystem(method, config);
    Workload workload(options);
    EventChecksum sink;
    for (std::size_t i = 0; i < workload.start().size(); ++i)
        system->add(static_cast<EntityId>(i), workload.start()[i], options.radius, sink);
    std::vector<WorkloadMove> moves;
    workload.nextTick(moves);
    std::size_t next = 0;
    std::uint64_t eventsBefore = sink.events();
    for (auto _ : state) {
        if (next == moves.size()) {
            system->tick(sink);  // timed: a method may do its housekeeping there
            state.PauseTiming();
            workload.nextTick(moves);
            next = 0;
            state.ResumeTiming();
        }
        const WorkloadMove& m = moves[next++];
        system->move(m.id, m.to, sink);
        sink.endOperation();
    }
    state.counters["events_per_move"] = benchmark::Counter(
        static_cast<double>(sink.events() - eventsBefore) / static_cast<double>(state.iterations()));
    state.counters["memory_MB"] = static_cast<double>(system->memoryBytes()) / 1e6;
}

// One tick of teleports (every entity jumps once) per iteration.
void runTeleportTick(benchmark::State& state, std::string method, WorkloadOptions options, ViewShape shape) {
    AoiConfig config = configFor(options, shape);
    std::unique_ptr<AoiSystem> system = makeSystem(method, config);
    Workload workload(options);
    EventChecksum sink;
    for (std::size_t i = 0; i < workload.start().size(); ++i)
        system->add(static_cast<EntityId>(i), workload.start()[i], options.radius, sink);
    std::vector<WorkloadMove> moves;
    std::uint64_t eventsBefore = sink.events();
    for (auto _ : state) {
        state.PauseTiming();
        workload.nextTick(moves);
        state.ResumeTiming();
        for (const WorkloadMove& m : moves) {
            system->move(m.id, m.to, sink);
            sink.endOperation();
        }
    }
    state.counters["events_per_move"] = benchmark::Counter(
        static_cast<double>(sink.events() - eventsBefore) /
        (static_cast<double>(state.iterations()) * static_cast<double>(options.entities)));
}

WorkloadOptions walkAtDensity(std::size_t entities, double radius) {
    WorkloadOptions options;
    options.entities = entities;
    options.radius = radius;
    options.world = 20'000 * std::sqrt(static_cast<double>(entities) / 100'000.0);  // density of walk100k
    options.kind = WorkloadKind::Walk;
    return options;
}

// One iteration is the build of every method (no brute force) for the workload's starting world.
void runSessionBuild(benchmark::State& state, WorkloadOptions options, bool oneAddAtATime) {
    Workload workload(options);
    World world(options.world, options.world);
    for (std::size_t i = 0; i < workload.start().size(); ++i)
        world.add(Entity{static_cast<EntityId>(i + 1), "", workload.start()[i].x, workload.start()[i].y, options.radius, 0});
    World first(options.world, options.world);
    first.add(world.entities().front());
    AoiSettings settings;
    settings.shape = ViewShape::Circle;
    for (auto _ : state) {
        AoiSession session;
        if (oneAddAtATime) {
            session.reset(first, settings, 200'000, false);
            for (std::size_t i = 1; i < world.size(); ++i) session.apply(ScriptOp{OpKind::Add, world.entities()[i]});
        } else {
            session.reset(world, settings, 200'000, false);
        }
        benchmark::DoNotOptimize(session.operationCount());
        state.PauseTiming();
        { AoiSession gone = std::move(session); }  // freeing it is not the build
        state.ResumeTiming();
    }
    state.counters["entities"] = static_cast<double>(world.size());
}

void registerAll() {
    const std::vector<std::string> fast = {"crosslist", "grid", "quadtree", "tower"};

    // (a) 100,000 entities all moving, radius 100, world 20,000 x 20,000, circle.
    for (const std::string& method : fast) {
        benchmark::RegisterBenchmark(("walk100k/" + method).c_str(), runWalk, method, walkAtDensity(100'000, 100),
                                     ViewShape::Circle, 0.0)
            ->Unit(benchmark::kNanosecond)
            ->MinTime(1.0);
    }

    // Brute force on a sample of 100 moves: its O(n^2) setup (100,000 adds) takes most of the time.
    benchmark::RegisterBenchmark("walk100k/brute", runWalk, std::string("brute"), walkAtDensity(100'000, 100),
                                 ViewShape::Circle, 0.0)
        ->Unit(benchmark::kNanosecond)
        ->Iterations(100);

    // (b) 10,000 entities, world 1,024, square view, radius 30, one teleport each.
    WorkloadOptions teleport;
    teleport.entities = 10'000;
    teleport.world = 1024;
    teleport.radius = 30;
    teleport.kind = WorkloadKind::Teleport;
    // (No grid-sorted / grid-unsorted here: without hysteresis the grid keeps no view set; viewsets/ compares them.)
    for (const char* method : {"crosslist", "grid", "quadtree", "tower"}) {
        benchmark::RegisterBenchmark((std::string("teleport/") + method).c_str(), runTeleportTick, method, teleport,
                                     ViewShape::Square)
            ->Unit(benchmark::kMillisecond)
            ->MinTime(0.5);
    }
    benchmark::RegisterBenchmark("teleport/brute", runTeleportTick, std::string("brute"), teleport, ViewShape::Square)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);

    // (c) how cost grows with the entity count and the radius.
    for (std::size_t entities : {std::size_t{1'000}, std::size_t{10'000}, std::size_t{100'000}}) {
        for (double radius : {50.0, 100.0, 200.0}) {
            for (const std::string& method : fast) {
                std::string name = "growth/" + method + "/n:" + std::to_string(entities) +
                                   "/r:" + std::to_string(static_cast<int>(radius));
                benchmark::RegisterBenchmark(name.c_str(), runWalk, method, walkAtDensity(entities, radius),
                                             ViewShape::Circle, 0.0)
                    ->Unit(benchmark::kNanosecond)
                    ->MinTime(0.3);
            }
            if (entities <= 10'000) {
                std::string name = "growth/brute/n:" + std::to_string(entities) +
                                   "/r:" + std::to_string(static_cast<int>(radius));
                benchmark::RegisterBenchmark(name.c_str(), runWalk, std::string("brute"),
                                             walkAtDensity(entities, radius), ViewShape::Circle, 0.0)
                    ->Unit(benchmark::kNanosecond)
                    ->Iterations(entities <= 1'000 ? 5'000 : 300);
            }
        }
    }

    // (d) building every method for a large world, as the app does when it opens one.
    for (std::size_t entities : {std::size_t{30'000}, std::size_t{100'000}}) {
        for (bool oneAddAtATime : {false, true}) {
            std::string name = std::string("build/") + (oneAddAtATime ? "one-add-at-a-time" : "session") +
                               "/n:" + std::to_string(entities);
            benchmark::RegisterBenchmark(name.c_str(), runSessionBuild, walkAtDensity(entities, 100), oneAddAtATime)
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime()
                ->Iterations(entities <= 30'000 ? 3 : 1);
        }
    }

    // Grid view sets: sorted vectors against the article's bitsets (n^2 / 8 bytes, so at most 20,000).
    // They exist only with hysteresis; grid-positional is the grid without (no set at all).
    for (std::size_t entities : {std::size_t{2'000}, std::size_t{10'000}, std::size_t{20'000}}) {
        for (const char* method : {"grid", "grid-unsorted", "grid-sorted", "grid-bitset", "grid-positional"}) {
            std::string name = std::string("viewsets/") + method + "/n:" + std::to_string(entities);
            const bool positional = std::string(method) == "grid-positional";
            benchmark::RegisterBenchmark(name.c_str(), runWalk, std::string(positional ? "grid" : method),
                                         walkAtDensity(entities, 100), ViewShape::Circle, positional ? 0.0 : 5.0)
                ->Unit(benchmark::kNanosecond)
                ->MinTime(0.5);
        }
    }
}

}  // namespace
}  // namespace aoilab

int main(int argc, char** argv) {
    aoilab::registerAll();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
