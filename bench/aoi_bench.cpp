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
//   copy/       checkpoint copies at 100,000 entities (each method's clone(), AoiSession's copy) against
//               a memcpy of as many bytes into a fresh buffer and into a buffer already in use
//   stepback/   a step back at 100,000 entities: the session's copy plus the replay after it
//   methodbuild/  each method's adds of 100,000 or 1,000,000 entities in a 20,000 x 20,000 world, traced
//               (the app) and untraced (`bench aoi`'s build_ms)
// crosslist runs with its node tracing (the app's introspection) off. Brute force is O(n) per
// operation (hashed sets): it runs in the growth suite at 1,000 and 10,000 entities, one tick of the
// teleport suite, and 100 moves of walk100k (its setup there, 100,000 adds of O(n) each, takes a while).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
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

// A checkpoint copy (AoiSystem::clone, AoiSession's copy) against a memcpy of as many bytes as the copy
// holds (memoryBytes(), counter bytes_MB) in the same run: into a fresh buffer (as a copy allocates
// its memory; fresh pages cost page faults) and into one already in use (the bare copy of the bytes).
// The ratio is clone over memcpy, read from the CPU column. The copy is freed untimed.
struct CopySubject {
    std::unique_ptr<AoiSystem> system;
    std::unique_ptr<AoiSession> session;
    std::size_t bytes() const { return system ? system->memoryBytes() : session->memoryBytes(); }
};

CopySubject makeCopySubject(const std::string& method, const WorkloadOptions& options) {
    CopySubject subject;
    Workload workload(options);
    if (method == "session") {
        World world(options.world, options.world);
        for (std::size_t i = 0; i < workload.start().size(); ++i)
            world.add(Entity{static_cast<EntityId>(i + 1), "", workload.start()[i].x, workload.start()[i].y, options.radius, 0});
        AoiSettings settings;
        settings.shape = ViewShape::Circle;
        settings.standardRadius = options.radius;
        subject.session = std::make_unique<AoiSession>();
        subject.session->reset(world, settings, 200'000, false);
        // A few thousand moves, so that the log holds events as in the app.
        std::vector<WorkloadMove> moves;
        workload.nextTick(moves);
        for (std::size_t i = 0; i < 5'000 && i < moves.size(); ++i) {
            Entity moved = *subject.session->mirrored(moves[i].id + 1);
            moved.x = moves[i].to.x;
            moved.y = moves[i].to.y;
            subject.session->apply(ScriptOp{OpKind::Move, moved});
        }
        return subject;
    }
    AoiSettings settings;
    settings.shape = ViewShape::Circle;
    settings.standardRadius = options.radius;
    AoiConfig config = resolveAoiConfig(settings, options.world, options.world, options.radius);
    subject.system = makeAoiSystem(method, config);  // as the app has it (the cross-linked list traced)
    EventChecksum sink;
    for (std::size_t i = 0; i < workload.start().size(); ++i)
        subject.system->add(static_cast<EntityId>(i), workload.start()[i], options.radius, sink);
    std::vector<WorkloadMove> moves;
    workload.nextTick(moves);
    for (std::size_t i = 0; i < 5'000 && i < moves.size(); ++i) subject.system->move(moves[i].id, moves[i].to, sink);
    return subject;
}

enum class CopyKind { Clone, MemcpyFresh, MemcpyWarm };

void runCopy(benchmark::State& state, std::string method, WorkloadOptions options, CopyKind kind) {
    CopySubject subject = makeCopySubject(method, options);
    const std::size_t bytes = subject.bytes();
    std::unique_ptr<char[]> source, warm;
    if (kind != CopyKind::Clone) {
        source.reset(new char[bytes]);
        std::memset(source.get(), 1, bytes);
        warm.reset(new char[bytes]);
        std::memset(warm.get(), 0, bytes);
    }
    for (auto _ : state) {
        if (kind == CopyKind::MemcpyWarm) {
            std::memcpy(warm.get(), source.get(), bytes);
            benchmark::DoNotOptimize(warm.get());
            benchmark::ClobberMemory();
        } else if (kind == CopyKind::MemcpyFresh) {
            std::unique_ptr<char[]> copy(new char[bytes]);
            std::memcpy(copy.get(), source.get(), bytes);
            benchmark::DoNotOptimize(copy.get());
            state.PauseTiming();
            copy.reset();
            state.ResumeTiming();
        } else if (subject.system) {
            std::unique_ptr<AoiSystem> copy = subject.system->clone();
            benchmark::DoNotOptimize(copy.get());
            state.PauseTiming();
            copy.reset();
            state.ResumeTiming();
        } else {
            auto copy = std::make_unique<AoiSession>(*subject.session);
            benchmark::DoNotOptimize(copy.get());
            state.PauseTiming();
            copy.reset();
            state.ResumeTiming();
        }
    }
    state.counters["bytes_MB"] = static_cast<double>(bytes) / 1e6;
}

// A step back at 100,000 entities as the app's timeline takes one (app/modes/aoi/aoi_checkpoints.h):
// a copy of the session at the trailing checkpoint, then a replay of the operations between it and the
// position before the one shown: `replayed` moves through every method (the trailing copy sits
// sqrt(2 (to - from)) operations back: 214 for a checkpoint 23,000 operations before). The app's
// AoiRun also copies its world and counters; this is the session's part, display-free.
void runStepBack(benchmark::State& state, WorkloadOptions options, std::size_t replayed) {
    CopySubject subject = makeCopySubject("session", options);
    // The moves after the 5,000 made: entities that have not moved yet this tick.
    Workload workload(options);
    std::vector<WorkloadMove> moves;
    workload.nextTick(moves);
    std::vector<ScriptOp> replay;
    for (std::size_t i = 5'000; i < 5'000 + replayed && i < moves.size(); ++i) {
        Entity moved = *subject.session->mirrored(moves[i].id + 1);
        moved.x = moves[i].to.x;
        moved.y = moves[i].to.y;
        replay.push_back(ScriptOp{OpKind::Move, moved});
    }
    for (auto _ : state) {
        auto copy = std::make_unique<AoiSession>(*subject.session);
        for (const ScriptOp& op : replay) copy->apply(op);
        benchmark::DoNotOptimize(copy->operationCount());
        state.PauseTiming();
        copy.reset();
        state.ResumeTiming();
    }
    state.counters["replayed"] = static_cast<double>(replay.size());
}

// One method's build: the starting world's adds, traced as the app builds it (the cross-linked list
// keeping its relations and pricing the other insertion, visits recorded for the last add only, as
// AoiSession's build) or untraced as `aoilab-cli bench aoi` times it (build_ms). Compare each method
// with the grid in the same run.
void runMethodBuild(benchmark::State& state, std::string method, WorkloadOptions options, bool traced) {
    Workload workload(options);
    AoiConfig config = configFor(options, ViewShape::Circle);
    for (auto _ : state) {
        std::unique_ptr<AoiSystem> system = traced ? makeAoiSystem(method, config) : makeSystem(method, config);
        system->setRecordingVisits(false);
        EventChecksum sink;
        for (std::size_t i = 0; i < workload.start().size(); ++i) {
            // As AoiSession's build: the last add recorded (which ends a run priced in bulk, paying for it).
            if (i + 1 == workload.start().size()) system->setRecordingVisits(true);
            system->add(static_cast<EntityId>(i), workload.start()[i], options.radius, sink);
            sink.endOperation();
        }
        benchmark::DoNotOptimize(sink.value());
        state.PauseTiming();
        system.reset();
        state.ResumeTiming();
    }
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

    // (e) checkpoint copies at 100,000 entities (walk100k's world, 5,000 moves made), each against a
    // memcpy of its bytes.
    for (const char* method : {"grid", "tower", "quadtree", "crosslist", "session"}) {
        for (CopyKind kind : {CopyKind::Clone, CopyKind::MemcpyFresh, CopyKind::MemcpyWarm}) {
            const char* suffix = kind == CopyKind::Clone ? "/clone" : kind == CopyKind::MemcpyFresh ? "/memcpy-fresh" : "/memcpy-warm";
            std::string name = std::string("copy/") + method + suffix;
            benchmark::RegisterBenchmark(name.c_str(), runCopy, std::string(method), walkAtDensity(100'000, 100), kind)
                ->Unit(benchmark::kMillisecond)
                ->MinTime(0.5);
        }
    }

    // (f) a step back at 100,000 entities: the trailing checkpoint's copy and the replay after it.
    for (std::size_t replayed : {std::size_t{0}, std::size_t{214}}) {
        benchmark::RegisterBenchmark(("stepback/session/replayed:" + std::to_string(replayed)).c_str(), runStepBack,
                                     walkAtDensity(100'000, 100), replayed)
            ->Unit(benchmark::kMillisecond)
            ->MinTime(0.5);
    }

    // (g) each method's build on its own, 100,000 and 1,000,000 entities in a 20,000 x 20,000 world
    // (the app's large worlds; 1,000,000 is ten times walk100k's density), traced and untraced.
    for (std::size_t entities : {std::size_t{100'000}, std::size_t{1'000'000}}) {
        WorkloadOptions options = walkAtDensity(100'000, 100);
        options.entities = entities;
        for (bool traced : {false, true}) {
            for (const std::string& method : fast) {
                std::string name = std::string("methodbuild/") + (traced ? "traced/" : "untraced/") + method +
                                   "/n:" + std::to_string(entities);
                benchmark::RegisterBenchmark(name.c_str(), runMethodBuild, method, options, traced)
                    ->Unit(benchmark::kMillisecond)
                    ->Iterations(1);
            }
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
