// aoilab-cli bench platform: the desktop's side of the desktop-versus-page figures (bench/RESULTS.md). The
// page runs the same function (scenario/platform_bench.h) from window.aoilab.bench().
#include <cstdio>
#include <string>

#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/verbs.h"
#include "scenario/platform_bench.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli bench platform [--root DIR] [--limit N] [--repeat R] [--json]\n"
    "Replays scenarios/crowd-1000-walk.json through every AOI method and solves the four MovingAI samples'\n"
    "queries (arena, den312d, random512-10-0, 16room_000) with A*, timing each. The web page measures the\n"
    "same with window.aoilab.bench(); scripts/bench-web puts the two side by side.\n\n"
    "  --root DIR     the folder holding scenarios/ and assets/ (default: the current folder)\n"
    "  --limit N      use only the first N queries of each sample\n"
    "  --repeat R     passes over the queries; each query's time is its fastest pass (default 1)\n"
    "  --json         {\"replay\":{\"scenario\":...,\"operations\":N,\"methods\":[{\"name\":\"grid\",\"events\":N,\n"
    "                 \"ms\":F}]},\"queries\":[{\"map\":\"arena\",\"algo\":\"astar\",\"queries\":N,\"failed\":N,\n"
    "                 \"mean_expansions\":F,\"ms\":F,\"prepare_ms\":F}],\"replay_ms\":F,\"queries_ms\":F}\n"
    "Times are the work alone (the files are read first). Exit codes: 0 success, 1 a missing or bad file,\n"
    "2 bad usage. Build in Release for meaningful times.\n";

}  // namespace

int runBenchPlatform(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--root", "--limit", "--repeat"};
    spec.switches = {"--json"};
    Args args = Args::parse(argc, argv, 3, spec);
    if (args.wantsHelp()) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    args.expectNoPositionals();
    PlatformBenchOptions options;
    options.root = args.value("--root", ".");
    options.queryLimit = args.integer("--limit", -1, 0, 1LL << 40);
    options.repeat = static_cast<int>(args.integer("--repeat", 1, 1, 1000));
    const nlohmann::ordered_json doc = runPlatformBench(options);
    if (args.has("--json")) {
        printJson(doc, 2);
        return 0;
    }
    std::printf("replay %s (%s operations):\n", doc["replay"]["scenario"].get<std::string>().c_str(),
                std::to_string(doc["replay"]["operations"].get<std::size_t>()).c_str());
    for (const auto& method : doc["replay"]["methods"])
        std::printf("  %-10s %10.1f ms  %zu events\n", method["name"].get<std::string>().c_str(),
                    method["ms"].get<double>(), method["events"].get<std::size_t>());
    std::printf("MovingAI samples, A*:\n");
    for (const auto& sample : doc["queries"])
        std::printf("  %-15s %10.1f ms  %d queries, %d failed\n", sample["map"].get<std::string>().c_str(),
                    sample["ms"].get<double>(), sample["queries"].get<int>(), sample["failed"].get<int>());
    std::printf("total: replay %.1f ms, queries %.1f ms\n", doc["replay_ms"].get<double>(),
                doc["queries_ms"].get<double>());
    return 0;
}

}  // namespace aoilab::cli
