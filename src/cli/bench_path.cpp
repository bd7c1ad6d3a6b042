// aoilab-cli bench path: time the grid searches on a MovingAI map and scenario, per algorithm.
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

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
    "usage: aoilab-cli bench path --map FILE.map --scen FILE.scen [--algo LIST|all] [options] [--json]\n"
    "Runs every query of the scenario with each algorithm (one search object per algorithm, reused\n"
    "across queries) and prints, per algorithm, the mean and median time per query, the mean number\n"
    "of expansions per query, and the speed-up against the first algorithm listed.\n\n"
    "  --algo LIST    comma-separated: astar, jps, dijkstra, greedy, bfs, or all (the default: astar,jps,\n"
    "                 greedy,dijkstra,bfs)\n"
    "%s"
    "  --repeat R     passes over the queries; each query's time is its fastest pass (default 1)\n"
    "  --limit N      use only the first N queries\n"
    "  --json         {\"map\":...,\"scen\":...,\"queries\":N,\"methods\":[{\"name\":\"astar\",\"mean_us\":F,\n"
    "                 \"median_us\":F,\"mean_expansions\":F,\"failed\":N,\"check\":\"exact\",\"prepare_us\":F}]}\n"
    "Times per query are the searches alone; prepare_us is each algorithm's per-map work, done once\n"
    "before its first query (the table of allowed moves, or JPS's jump table).\n\n"
    "Exit codes: 0 done (length failures are reported in \"failed\", not fatal), 1 malformed file,\n"
    "2 bad usage. Build in Release for meaningful times.\n";

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ','))
        if (!item.empty()) items.push_back(item);
    return items;
}

}  // namespace

int runBenchPath(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--map", "--scen", "--algo", "--heuristic", "--weight", "--diagonal", "--limit", "--repeat"};
    spec.switches = {"--json"};
    Args args = Args::parse(argc, argv, 3, spec);
    if (args.wantsHelp()) {
        std::printf(kUsage, kSearchFlagsHelp);
        return 0;
    }
    args.expectNoPositionals();
    if (!args.has("--map")) throw UsageError("--map FILE.map is required");
    if (!args.has("--scen")) throw UsageError("--scen FILE.scen is required");
    std::string algoList = args.value("--algo", "all");
    if (algoList == "all") algoList = "astar,jps,greedy,dijkstra,bfs";
    const std::vector<std::string> algos = splitList(algoList);
    if (algos.empty()) throw UsageError("--algo: empty list");
    std::vector<SearchOptions> configs;
    for (const std::string& algo : algos) configs.push_back(searchOptionsFromArgs(args, algo));
    const long long limit = args.integer("--limit", -1, 0, 1LL << 40);
    const int repeat = static_cast<int>(args.integer("--repeat", 1, 1, 1000));

    GridMap map;
    MovingAiScenario scenario;
    loadMovingAi(args.value("--map"), args.value("--scen"), map, scenario, limit);
    checkSearchWork(args.value("--map"), map, static_cast<double>(scenario.queries.size()) * repeat * static_cast<double>(configs.size()), "--limit, --repeat or --algo");
    for (const SearchOptions& options : configs) checkSearchable(args.value("--map"), map, options);

    std::vector<ScenarioRun> runs;
    for (const SearchOptions& options : configs) runs.push_back(runScenario(map, scenario, options, repeat));

    if (args.has("--json")) {
        nlohmann::json methods = nlohmann::json::array();
        for (const ScenarioRun& run : runs)
            methods.push_back({{"name", run.algo},
                               {"mean_us", run.meanUs},
                               {"median_us", run.medianUs},
                               {"mean_expansions", run.meanExpansions},
                               {"failed", run.failed},
                               {"check", lengthCheckName(run.check)},
                               {"prepare_us", run.prepareUs},
                               {"speedup_vs_first", run.meanUs > 0 ? runs[0].meanUs / run.meanUs : 0.0}});
        nlohmann::json doc = {{"map", args.value("--map")},
                              {"scen", args.value("--scen")},
                              {"queries", scenario.queries.size()},
                              {"repeat", repeat},
                              {"methods", methods}};
        printJson(doc);
        return 0;
    }
    printCounts("%s: %zu queries on %dx%d, %d pass(es)\n", args.value("--scen").c_str(), scenario.queries.size(),
                map.width(), map.height(), repeat);
    std::printf("%-10s %12s %12s %16s %8s %10s %12s\n", "algo", "mean us", "median us", "expansions/query", "failed",
                "speed-up", "prepare us");
    for (const ScenarioRun& run : runs)
        std::printf("%-10s %12.1f %12.1f %16.1f %8d %9.2fx %12.1f\n", run.algo.c_str(), run.meanUs, run.medianUs,
                    run.meanExpansions, run.failed, run.meanUs > 0 ? runs[0].meanUs / run.meanUs : 0.0, run.prepareUs);
    return 0;
}

}  // namespace aoilab::cli
