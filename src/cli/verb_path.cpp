// aoilab-cli path: solve every query of a MovingAI scenario and check the lengths.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/map_queries.h"
#include "cli/path_queries.h"
#include "cli/print_counts.h"
#include "cli/verbs.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli path --map FILE.map --scen FILE.scen [--algo NAME] [options] [--json]\n"
    "Solves every query of a Moving AI scenario file on its map and compares each length with the\n"
    "file's optimal length (tolerance: 0.01 absolute or 1e-5 relative, whichever is larger).\n"
    "Cost model: 8-connected, straight 1, diagonal sqrt(2), no corner cutting.\n\n"
    "  --algo NAME    astar (default), dijkstra, jps (jump point search), greedy (greedy best-first),\n"
    "                 bfs (breadth-first: fewest moves, every move counts 1; refuses weighted maps)\n"
    "%s"
    "  --limit N      solve only the first N queries\n"
    "  --json         print one JSON document: map, scen, algo, queries, failed, mean_us, median_us,\n"
    "                 mean_expansions, check, max_error, mean_suboptimality, prepare_us\n"
    "Times: mean_us and median_us are the searches alone; prepare_us is the per-map work done once\n"
    "before the first query (the table of allowed moves, or JPS's jump table).\n\n"
    "Which lengths count as failed (the JSON's \"check\"):\n"
    "  exact    astar (weight <= 1, admissible heuristic), dijkstra, jps: a length that differs from\n"
    "           the optimal one by more than the tolerance, or a query without a path\n"
    "  bounded  greedy, bfs, weighted A* (weight > 1) or manhattan with diagonals are not optimal: a query\n"
    "           without a path, or a path shorter than optimal (which would be a bug); longer paths are\n"
    "           reported as mean_suboptimality, not failed\n"
    "  found    another --diagonal policy changes the cost model: only queries without a path fail\n\n"
    "Exit codes: 0 every query passed, 1 a query failed or a file is malformed (the message names the\n"
    "file and line), 2 bad usage.\n";

}  // namespace

int runPath(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--map", "--scen", "--algo", "--heuristic", "--weight", "--diagonal", "--limit"};
    spec.switches = {"--json"};
    Args args = Args::parse(argc, argv, 2, spec);
    if (args.wantsHelp()) {
        std::printf(kUsage, kSearchFlagsHelp);
        return 0;
    }
    args.expectNoPositionals();
    if (!args.has("--map")) throw UsageError("--map FILE.map is required");
    if (!args.has("--scen")) throw UsageError("--scen FILE.scen is required");
    const SearchOptions options = searchOptionsFromArgs(args, args.value("--algo", "astar"));
    const long long limit = args.integer("--limit", -1, 0, 1LL << 40);

    GridMap map;
    MovingAiScenario scenario;
    loadMovingAi(args.value("--map"), args.value("--scen"), map, scenario, limit);
    checkSearchWork(args.value("--map"), map, static_cast<double>(scenario.queries.size()), "--limit");
    checkSearchable(args.value("--map"), map, options);
    const ScenarioRun run = runScenario(map, scenario, options);

    if (args.has("--json")) {
        nlohmann::json doc = {
            {"map", args.value("--map")},
            {"scen", args.value("--scen")},
            {"algo", run.algo},
            {"heuristic", std::string(heuristicName(options.heuristic))},
            {"weight", options.weight},
            {"diagonal", std::string(diagonalName(options.diagonal))},
            {"check", lengthCheckName(run.check)},
            {"queries", run.queries},
            {"failed", run.failed},
            {"mean_us", run.meanUs},
            {"median_us", run.medianUs},
            {"mean_expansions", run.meanExpansions},
            {"max_error", run.maxError},
            {"mean_suboptimality", run.meanSuboptimality},
            {"prepare_us", run.prepareUs},
        };
        nlohmann::json failures = nlohmann::json::array();
        for (const QueryFailure& f : run.failures)
            failures.push_back({{"line", f.line}, {"expected", f.expected}, {"got", f.got < 0 ? nlohmann::json() : nlohmann::json(f.got)}});
        doc["first_failures"] = failures;
        printJson(doc);
    } else {
        printCounts("%s: %d queries with %s (%s check): %d failed\n", args.value("--scen").c_str(), run.queries,
                    run.algo.c_str(), lengthCheckName(run.check), run.failed);
        std::printf("time per query: mean %.1f us, median %.1f us; expansions per query: mean %.1f\n", run.meanUs,
                    run.medianUs, run.meanExpansions);
        std::printf("map preparation, once: %.1f us\n", run.prepareUs);
        if (run.check != LengthCheck::Exact)
            std::printf("mean suboptimality: %.3f%%\n", 100.0 * run.meanSuboptimality);
    }
    for (const QueryFailure& f : run.failures) {
        if (f.got < 0)
            std::fprintf(stderr, "%s:%d: no path found (optimal length %.6g)\n", args.value("--scen").c_str(), f.line,
                         f.expected);
        else
            std::fprintf(stderr, "%s:%d: length %.7g, expected %.7g\n", args.value("--scen").c_str(), f.line, f.got,
                         f.expected);
    }
    return run.failed > 0 ? 1 : 0;
}

}  // namespace aoilab::cli
