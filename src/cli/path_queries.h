#pragma once
// Shared by `aoilab-cli path` and `aoilab-cli bench path`: solve every query of a MovingAI scenario
// with one search configuration, timing each query and checking its length.
#include <string>
#include <vector>

#include "cli/args.h"
#include "path/grid_search.h"
#include "path/movingai.h"

namespace aoilab::cli {

// How lengths are checked against the file's optimal lengths (tolerance: 0.01 absolute or 1e-5
// relative, whichever is larger).
enum class LengthCheck {
    Exact,    // optimal search on the benchmark's cost model: every length must match
    Bounded,  // greedy, weighted A*, an inadmissible heuristic: a path must exist and be no shorter
    Found,    // another diagonal policy (another cost model): a path must exist
};
LengthCheck lengthCheckFor(const SearchOptions& options);
const char* lengthCheckName(LengthCheck check);
double lengthTolerance(double optimal);

struct QueryFailure {
    int line;
    double expected;
    double got;  // negative when no path was found
};

struct ScenarioRun {
    std::string algo;
    LengthCheck check = LengthCheck::Exact;
    int queries = 0;
    int failed = 0;
    std::vector<QueryFailure> failures;  // the first few
    double prepareUs = 0;                // the per-map work before the first query (GridSearch::prepare)
    std::vector<double> microseconds;    // per query, file order (the search alone)
    double meanUs = 0;
    double medianUs = 0;
    double meanExpansions = 0;
    double meanSuboptimality = 0;  // mean of length / optimal - 1 over found queries with optimal > 0
    double maxError = 0;           // largest |length - optimal|
};

// Prepares the map (timed apart: the JPS jump table would otherwise count in the first query), then
// runs `repeat` passes over the queries (times: the minimum per query over the passes).
ScenarioRun runScenario(const GridMap& map, const MovingAiScenario& scenario, const SearchOptions& options,
                        int repeat = 1);

double median(std::vector<double> values);

// Flags shared by both verbs: --heuristic, --weight, --diagonal (UsageError on unknown names).
inline const char* kSearchFlagsHelp =
    "  --heuristic H  octile (default), euclidean, chebyshev, manhattan, zero (astar, greedy, jps)\n"
    "  --weight W     weighted A*: f = g + W*h (default 1; astar only)\n"
    "  --diagonal D   no-corner-cutting (default, the benchmark's rule), never, at-most-one, always\n"
    "                 (jps supports only no-corner-cutting)\n";
SearchOptions searchOptionsFromArgs(const Args& args, const std::string& algo);
// Why the engine would refuse to search the map with `options` (mapRefusal: weighted cells for JPS and
// breadth-first, the search's memory budget), as an InputError naming the map's file, before any work.
void checkSearchable(const std::string& mapPath, const GridMap& map, const SearchOptions& options);
// Reads the map and the scenario and checks that the queries fit the map (InputError otherwise).
void loadScenario(const std::string& mapPath, const std::string& scenPath, GridMap& map, MovingAiScenario& scenario,
                  long long limit);

}  // namespace aoilab::cli
