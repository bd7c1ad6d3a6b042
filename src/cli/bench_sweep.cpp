// aoilab-cli bench sweep: the crossover explorer on the command line. Every AOI method on the same
// workload at K values of one quantity, ns per move at each, checksums compared at each point, and the
// values where two methods trade places (src/aoi/sweep.h does the work).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "aoi/sweep.h"
#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/verbs.h"
#include "core/error.h"
#include "core/world.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli bench sweep --vary entities|radius|movers|cluster --from A --to B [--points K]\n"
    "                              [--entities N] [--radius R] [--world W] [--ticks T] [--movers F]\n"
    "                              [--cluster C] [--shape square|circle] [--workload walk|teleport]\n"
    "                              [--step D] [--seed S] [--algo A,B,...] [--moves M] [--json]\n"
    "\n"
    "Runs every AOI method on the same random workload at K values of one quantity (entities and radius\n"
    "spaced geometrically, the shares linearly), the other quantities fixed, the same seed at every\n"
    "point. Prints ns per move for each method at each point, whether the exact methods' event\n"
    "checksums agree there (exit 1 if not), and the crossovers: where one method overtakes another.\n"
    "Brute force is left out above 5,000 entities. A progress line goes to stderr when it is a terminal\n"
    "(or with --progress).\n"
    "\n"
    "  --vary Q        the quantity swept: entities, radius, movers (share moving per tick, (0, 1]),\n"
    "                  cluster (share of the crowd around eight hotspots, [0, 1])\n"
    "  --from, --to    its range (from < to)\n"
    "  --points K      values visited, 2 to 100 (default 5)\n"
    "  --entities N    (default 5000)   --radius R (default 50)   --world W (default 2000)\n"
    "  --ticks T       (default 10)     --movers F (default 1)    --cluster C (default 0)\n"
    "  --moves M       at most M moves per method and point (default 200000)\n"
    "  --algo LIST     methods, comma-separated (default: all)\n"
    "  --json          one JSON document on stdout: vary, from, to, base, checksums_agree, points\n"
    "                  (value, checksums_agree, methods: name, ns_per_move, moves, exact, checksum) and\n"
    "                  crossovers (faster, slower, value, ns_per_move: the time where the two meet)\n"
    "Budgets, checked before any work (docs/LIMITS.md): the adds and moves of all the points at most 2e8\n"
    "a method, and about 2e7 pairs in view at once at any point.\n";

}  // namespace

int runBenchSweep(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--vary", "--from", "--to", "--points", "--entities", "--radius", "--world", "--ticks",
                      "--movers", "--cluster", "--shape", "--workload", "--step", "--seed", "--algo", "--moves"};
    spec.switches = {"--json", "--progress"};
    Args args = Args::parse(argc, argv, 3, spec);
    if (args.wantsHelp()) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    args.expectNoPositionals();
    if (!args.has("--vary") || !args.has("--from") || !args.has("--to"))
        throw UsageError("bench sweep needs --vary, --from and --to");
    SweepOptions options;
    std::string vary = args.value("--vary");
    auto variable = parseSweepVariable(vary);
    if (!variable) throw UsageError("--vary: expected entities, radius, movers or cluster, got \"" + vary + "\"");
    options.vary = *variable;
    options.from = args.number("--from", 0, 0, static_cast<double>(kMaxEntities));
    options.to = args.number("--to", 0, 0, static_cast<double>(kMaxEntities));
    options.points = static_cast<int>(args.integer("--points", 5, 2, 100));
    options.base.entities = static_cast<std::size_t>(args.integer("--entities", 5000, 2, static_cast<long long>(kMaxEntities)));
    options.base.radius = args.number("--radius", 50, 0, kMaxRadius);
    options.base.world = args.number("--world", 2000, 1e-6, kMaxWorldSize);
    options.base.ticks = static_cast<int>(args.integer("--ticks", 10, 1, 1'000'000));
    options.base.movers = args.number("--movers", 1, 1e-6, 1);
    options.base.cluster = args.number("--cluster", 0, 0, 1);
    options.base.step = args.number("--step", 10, 0, kMaxWorldSize);
    options.base.seed = static_cast<std::uint64_t>(args.integer("--seed", 1, 0, (1LL << 62)));
    options.maxMovesPerMethod = static_cast<std::uint64_t>(args.integer("--moves", 200'000, 1, 1LL << 40));
    std::string workload = args.value("--workload", "walk");
    if (workload == "walk") options.base.kind = WorkloadKind::Walk;
    else if (workload == "teleport") options.base.kind = WorkloadKind::Teleport;
    else throw UsageError("--workload: expected walk or teleport, got \"" + workload + "\"");
    std::string shape = args.value("--shape", "square");
    if (!parseViewShape(shape.c_str(), options.shape))
        throw UsageError("--shape: expected square or circle, got \"" + shape + "\"");
    if (args.has("--algo")) {
        std::stringstream list(args.value("--algo"));
        for (std::string name; std::getline(list, name, ',');)
            if (!name.empty()) options.methods.push_back(name);
    }
    try {
        sweepValues(options);  // the range and count, checked before any work
    } catch (const InputError& e) {
        throw UsageError(e.what());
    }

    // The line that updates in place (carriage returns) only on a terminal or with --progress, as the
    // other verbs do: in a log or a pipe it was one long line of "\r"s.
    const bool progress = args.has("--progress") || isatty(fileno(stderr)) != 0;
    SweepResult result = runSweep(options, [progress](int done, int total) {
        if (!progress) return;
        std::fprintf(stderr, "\rbench sweep: %d of %d runs", done, total);
        if (done == total) std::fputc('\n', stderr);
    });

    if (args.has("--json")) {
        nlohmann::json doc;
        doc["vary"] = toString(options.vary);
        doc["from"] = options.from;
        doc["to"] = options.to;
        doc["base"] = {{"entities", options.base.entities}, {"radius", options.base.radius}, {"world", options.base.world},
                       {"ticks", options.base.ticks},       {"movers", options.base.movers}, {"cluster", options.base.cluster},
                       {"seed", options.base.seed},         {"workload", toString(options.base.kind)}};
        doc["checksums_agree"] = result.checksumsAgree();
        doc["points"] = nlohmann::json::array();
        for (const SweepPoint& p : result.points) {
            nlohmann::json point = {{"value", p.value}, {"checksums_agree", p.checksumsAgree}, {"methods", nlohmann::json::array()}};
            for (const SweepMethodPoint& m : p.methods)
                point["methods"].push_back({{"name", m.name}, {"ns_per_move", m.nsPerMove}, {"moves", m.moves},
                                            {"exact", m.exact}, {"checksum", checksumHex(m.checksum)}});
            doc["points"].push_back(point);
        }
        doc["crossovers"] = nlohmann::json::array();
        for (const SweepCrossover& c : result.crossovers)
            doc["crossovers"].push_back(
                {{"faster", c.faster}, {"slower", c.slower}, {"value", c.value}, {"ns_per_move", c.nsPerMove}});
        printJson(doc, 2);
    } else {
        std::printf("bench sweep: %s from %g to %g; ns per move (same workload and seed at each point)\n",
                    toString(options.vary), options.from, options.to);
        std::vector<std::string> columns;  // every method that ran at some point (brute drops out)
        for (const SweepPoint& p : result.points)
            for (const SweepMethodPoint& m : p.methods)
                if (std::find(columns.begin(), columns.end(), m.name) == columns.end()) columns.push_back(m.name);
        std::printf("%12s", toString(options.vary));
        for (const std::string& name : columns) std::printf(" %11s", name.c_str());
        std::printf("  checksums\n");
        for (const SweepPoint& p : result.points) {
            std::printf("%12g", p.value);
            for (const std::string& name : columns) {
                double ns = -1;
                for (const SweepMethodPoint& here : p.methods)
                    if (here.name == name) ns = here.nsPerMove;
                if (ns < 0) std::printf(" %11s", "-");
                else std::printf(" %11.1f", ns);
            }
            std::printf("  %s\n", p.checksumsAgree ? "agree" : "DIFFER");
        }
        for (const SweepCrossover& c : result.crossovers)
            std::printf("crossover: %s overtakes %s at %s ~ %g (both about %.1f ns per move)\n", c.faster.c_str(),
                        c.slower.c_str(), toString(options.vary), c.value, c.nsPerMove);
        if (result.crossovers.empty()) std::printf("no crossover in this range\n");
    }
    if (!result.checksumsAgree()) {
        std::fprintf(stderr, "bench sweep: exact methods disagree on the event stream at some point\n");
        return 1;
    }
    return 0;
}

}  // namespace aoilab::cli
