#pragma once
// The figures that compare the desktop with the web page (bench/RESULTS.md, "The page beside the desktop"),
// measured by this one function on both: `aoilab-cli bench platform` on the desktop and
// window.aoilab.bench() in the page. It replays crowd-1000-walk.json through every AOI method and solves
// the four MovingAI samples' queries with A*, timing each part with the steady clock.
#include <string>

#include <nlohmann/json.hpp>

namespace aoilab {

struct PlatformBenchOptions {
    std::string root = ".";    // the folder holding scenarios/ and assets/ (the repository; "/" in the page)
    long long queryLimit = -1;  // the first N queries of each sample (-1: all of them)
    int repeat = 1;             // passes over the queries; each query counts its fastest pass
};

// {"replay": {"scenario", "operations", "methods": [{"name", "events", "ms"}]},
//  "queries": [{"map", "queries", "failed", "mean_expansions", "ms", "prepare_ms"}],
//  "replay_ms", "queries_ms"}: "ms" is the work alone (files are read before the clock starts). Throws
// InputError when a file is missing or bad.
nlohmann::ordered_json runPlatformBench(const PlatformBenchOptions& options);

}  // namespace aoilab
