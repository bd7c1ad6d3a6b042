// aoilab-cli bench aoi: every AOI method on the same random walk (or teleports), timed per move, with an
// event checksum that all exact methods must share (exit 1 when they disagree).
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "aoi/aoi_config.h"
#include "aoi/aoi_system.h"
#include "aoi/cross_list.h"
#include "aoi/grid.h"
#include "aoi/tower.h"
#include "aoi/workload.h"
#include "aoi/workload_budget.h"
#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/verbs.h"
#include "core/error.h"
#include "core/text_check.h"
#include "core/world.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli bench aoi [--entities N] [--ticks T] [--radius R] [--shape square|circle]\n"
    "                            [--world W] [--algo NAME|all] [--seed S] [--workload walk|teleport]\n"
    "                            [--step D] [--cell-size C] [--tower-size S] [--brute-moves M] [--json]\n"
    "\n"
    "Places N entities uniformly in a W x W world, all with view radius R, then runs T ticks in which\n"
    "every entity moves once: a random walk with steps up to D per axis (walk) or a jump to a uniformly\n"
    "random place (teleport). Per method: ns per move (including event generation), the build (the N\n"
    "starting adds, JSON build_ms), events per tick, memory, and a checksum of the event stream; exact\n"
    "methods must agree (exit 1 otherwise).\n"
    "crosslist is timed with its per-node tracing (an app panel's introspection) off.\n"
    "\n"
    "  --entities N      entities (default 10000)\n"
    "  --ticks T         ticks (default 100)\n"
    "  --radius R        view radius of every entity (default 100); also the grid's standard radius\n"
    "  --shape S         square or circle (default square)\n"
    "  --world W         side of the square world (default 10000)\n"
    "  --algo NAME       one method or all (default all)\n"
    "  --seed S          random seed (default 1)\n"
    "  --workload K      walk or teleport (default walk)\n"
    "  --step D          walk: largest step per axis (default 10)\n"
    "  --cell-size C     grid cell size (default R)\n"
    "  --tower-size S    tower size (default 2 R)\n"
    "  --brute-moves M   brute force is timed on the first M moves only, and compared with the other\n"
    "                    methods' checksum at that point (default: 2,000,000 / N, at least 20); with\n"
    "                    --algo all brute is skipped above 20,000 entities (building its state alone\n"
    "                    takes N^2 / 2 pair tests); --algo brute runs it anyway\n"
    "  --json            print one JSON document on stdout\n"
    "\n"
    "Budgets, checked before any work (docs/LIMITS.md): N + N x T adds and moves at most 2e8 a method,\n"
    "about 2e7 pairs in view at once (from N, R and W), and brute force at most 1e10 pair tests.\n";

constexpr std::size_t kBruteLimit = 20'000;  // --algo all skips brute force above this many entities

struct MethodRun {
    std::string name;
    bool exact = true;
    WorkloadResult result;
};

}  // namespace

int runBenchAoi(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--entities", "--ticks", "--radius", "--shape", "--world", "--algo", "--seed",
                      "--workload", "--step", "--cell-size", "--tower-size", "--brute-moves"};
    spec.switches = {"--json"};
    Args args = Args::parse(argc, argv, 3, spec);
    if (args.wantsHelp()) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    args.expectNoPositionals();

    WorkloadOptions options;
    options.entities = static_cast<std::size_t>(
        args.integer("--entities", 10'000, 1, static_cast<long long>(kMaxEntities)));
    options.ticks = static_cast<int>(args.integer("--ticks", 100, 0, 1'000'000));
    options.radius = args.number("--radius", 100, 0, kMaxRadius);
    options.world = args.number("--world", 10'000, 1e-6, kMaxWorldSize);
    options.seed = static_cast<std::uint64_t>(args.integer("--seed", 1, 0, (1LL << 62)));
    options.step = args.number("--step", 10, 0, kMaxWorldSize);
    std::string workload = args.value("--workload", "walk");
    if (workload == "walk") {
        options.kind = WorkloadKind::Walk;
    } else if (workload == "teleport") {
        options.kind = WorkloadKind::Teleport;
    } else {
        throw UsageError("--workload: expected walk or teleport, got \"" + workload + "\"");
    }
    AoiSettings settings;
    std::string shape = args.value("--shape", "square");
    if (!parseViewShape(shape.c_str(), settings.shape))
        throw UsageError("--shape: expected square or circle, got \"" + shape + "\"");
    if (options.radius > 0) settings.standardRadius = options.radius;
    if (args.has("--cell-size")) settings.cellSize = args.number("--cell-size", 1, 1e-6, kMaxWorldSize);
    if (args.has("--tower-size")) settings.towerSize = args.number("--tower-size", 1, 1e-6, kMaxWorldSize);
    AoiConfig config = resolveAoiConfig(settings, options.world, options.world, options.radius);
    // docs/LIMITS.md: a grid of more than 2^22 cells or more than 2^20 towers is refused, naming the
    // setting (the methods would otherwise enlarge the cells in silence: --cell-size 0.001 ran a 131 MB grid).
    auto refuseTooMany = [&](const char* flag, double size, std::int64_t most, const char* what) {
        const double side = std::ceil(options.world / size);
        if (side * side <= static_cast<double>(most)) return;
        char text[256];
        std::snprintf(text, sizeof text, "%s %g: a %g x %g world would need %.6g %s, more than %lld; use at least %g", flag,
                      size, options.world, options.world, side * side, what, static_cast<long long>(most),
                      options.world / std::floor(std::sqrt(static_cast<double>(most))));
        throw UsageError(text);
    };
    refuseTooMany("--cell-size", config.cellSize, GridAoi::kMaxCells, "cells");
    refuseTooMany("--tower-size", config.towerSize, TowerAoi::kMaxTowers, "towers");

    std::vector<std::string> names;
    std::string algo = args.value("--algo", "all");
    std::string skipped;
    if (algo == "all") {
        for (const std::string& name : aoiMethodNames()) {
            if (name == "brute" && options.entities > kBruteLimit) {
                skipped = name;
            } else {
                names.push_back(name);
            }
        }
    } else {
        auto canonical = resolveAoiMethod(algo);
        if (!canonical) throw UsageError("--algo: " + unknownAoiMethodMessage(algo) + "; or all");
        names = {*canonical};
    }

    // Brute force costs O(n) per move: it runs the first M moves only (a sample), and the others' event
    // checksum is taken at the same point so the sample is still checked.
    const std::uint64_t totalMoves = static_cast<std::uint64_t>(options.entities) *
                                     static_cast<std::uint64_t>(options.ticks);
    std::uint64_t bruteMoves = std::max<std::uint64_t>(20, 2'000'000ULL / options.entities);
    if (args.has("--brute-moves"))
        bruteMoves = static_cast<std::uint64_t>(args.integer("--brute-moves", 1, 1, 1LL << 62));
    bruteMoves = std::min(bruteMoves, totalMoves);
    bool bruteSampled = bruteMoves < totalMoves;

    // docs/LIMITS.md: the flags' product, checked before any work (each flag alone is in range).
    const double entities = static_cast<double>(options.entities);
    if (std::string refusal = workloadRefusal(entities + static_cast<double>(totalMoves), "--entities or --ticks",
                                              expectedViewPairs(options), "--entities or --radius, or raise --world");
        !refusal.empty())
        throw UsageError("--entities " + std::to_string(options.entities) + ", --ticks " + std::to_string(options.ticks) +
                         ": " + refusal);
    const double bruteTests = entities * entities / 2 + static_cast<double>(bruteMoves) * entities;
    if (std::find(names.begin(), names.end(), "brute") != names.end() && bruteTests > kBruteTestBudget)
        throw UsageError("--algo brute, --entities " + std::to_string(options.entities) + ": about " +
                         briefNumber(bruteTests) + " pair tests, more than the " + briefNumber(kBruteTestBudget) +
                         " allowed; lower --entities or --brute-moves");

    std::vector<MethodRun> runs;
    for (const std::string& name : names) {
        std::unique_ptr<AoiSystem> system = makeAoiSystem(name, config);
        // The app's per-node trace of the cross-linked list costs about 30% per move: time without it.
        if (auto* crossList = dynamic_cast<CrossListAoi*>(system.get())) crossList->setTracing(false);
        MethodRun run;
        run.name = name;
        run.exact = system->exact();
        if (!args.has("--json")) {
            std::fprintf(stderr, "running %s...\n", name.c_str());
        }
        bool sample = name == "brute" && bruteSampled;
        run.result = runWorkload(*system, options, sample ? bruteMoves : totalMoves, bruteMoves);
        runs.push_back(run);
    }

    // Agreement: complete exact runs share the full checksum; sampled runs match the prefix.
    const MethodRun* reference = nullptr;
    for (const MethodRun& run : runs) {
        if (run.exact && run.result.complete) {
            reference = &run;
            break;
        }
    }
    std::vector<std::string> disagree;
    for (const MethodRun& run : runs) {
        if (!run.exact || reference == nullptr) continue;
        bool same = run.result.complete ? run.result.checksum == reference->result.checksum
                                        : run.result.checksum == reference->result.prefixChecksum;
        if (!same) disagree.push_back(run.name);
    }
    bool agree = disagree.empty();

    auto nsPerMove = [](const WorkloadResult& r) {
        return r.moves == 0 ? 0.0 : r.moveSeconds * 1e9 / static_cast<double>(r.moves);
    };
    auto eventsPerTick = [&](const WorkloadResult& r) {
        return r.moves == 0 ? 0.0
                            : static_cast<double>(r.moveEvents) * static_cast<double>(options.entities) /
                                  static_cast<double>(r.moves);
    };

    if (args.has("--json")) {
        nlohmann::json doc;
        doc["entities"] = options.entities;
        doc["ticks"] = options.ticks;
        doc["radius"] = options.radius;
        doc["world"] = options.world;
        doc["shape"] = toString(config.shape);
        doc["workload"] = toString(options.kind);
        doc["seed"] = options.seed;
        doc["step"] = options.step;
        doc["checksums_agree"] = agree;
        if (!skipped.empty()) doc["skipped"] = nlohmann::json::array({skipped});
        doc["methods"] = nlohmann::json::array();
        for (const MethodRun& run : runs) {
            const WorkloadResult& r = run.result;
            nlohmann::json m;
            m["name"] = run.name;
            m["exact"] = run.exact;
            m["ns_per_move"] = nsPerMove(r);
            m["build_ms"] = r.buildSeconds * 1e3;
            m["moves"] = r.moves;
            m["events"] = r.moveEvents;
            m["events_per_tick"] = eventsPerTick(r);
            m["setup_events"] = r.setupEvents;
            m["checksum"] = checksumHex(r.checksum);
            m["sampled"] = !r.complete;
            m["memory_bytes"] = r.memoryBytes;
            doc["methods"].push_back(m);
        }
        printJson(doc, 2);
    } else {
        std::printf("bench aoi: %zu entities, %d ticks, %s view radius %g, world %g x %g, %s (step %g), seed %llu\n",
                    options.entities, options.ticks, toString(config.shape), options.radius, options.world,
                    options.world, toString(options.kind), options.step,
                    static_cast<unsigned long long>(options.seed));
        std::printf("%-10s %-6s %12s %10s %12s %14s %12s %18s\n", "method", "exact", "ns/move", "build ms", "moves",
                    "events/tick", "memory MB", "checksum");
        for (const MethodRun& run : runs) {
            const WorkloadResult& r = run.result;
            std::printf("%-10s %-6s %12.1f %10.1f %12llu %14.1f %12.2f %18s%s\n", run.name.c_str(),
                        run.exact ? "yes" : "no", nsPerMove(r), r.buildSeconds * 1e3, static_cast<unsigned long long>(r.moves),
                        eventsPerTick(r), static_cast<double>(r.memoryBytes) / 1e6, checksumHex(r.checksum).c_str(),
                        r.complete ? "" : "  (sampled: first moves only)");
        }
        for (const MethodRun& run : runs) {
            if (!run.result.complete)
                std::printf("note: %s was timed on the first %llu of %llu moves; its checksum is compared with "
                            "the others' at that point\n",
                            run.name.c_str(), static_cast<unsigned long long>(run.result.moves),
                            static_cast<unsigned long long>(totalMoves));
        }
        if (!skipped.empty())
            std::printf("note: %s skipped above %zu entities (use --algo %s to run it anyway)\n", skipped.c_str(),
                        kBruteLimit, skipped.c_str());
        if (std::find(names.begin(), names.end(), "crosslist") != names.end())
            std::printf("note: crosslist runs with its node tracing (an app panel's introspection) off\n");
        if (agree) {
            std::printf("checksums: all exact methods agree\n");
        }
    }
    if (!agree) {
        std::string list;
        for (const std::string& name : disagree) list += " " + name;
        std::fprintf(stderr, "bench aoi: exact methods disagree with %s on the event stream:%s\n",
                     reference->name.c_str(), list.c_str());
        return 1;
    }
    return 0;
}

}  // namespace aoilab::cli
