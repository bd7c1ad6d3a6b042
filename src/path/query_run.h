#pragma once
// Solving every query of a MovingAI scenario (.scen) with one search configuration, timing each query and
// checking its length against the file's optimum. UI-free: aoilab-cli's `path` and `bench path`, and the
// desktop-versus-page figures (scenario/platform_bench.h) run it.
#include <string>
#include <vector>

#include "path/grid_search.h"
#include "path/movingai.h"

namespace aoilab {

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

// Reads the map and the scenario (its first `limit` queries when limit >= 0) and checks that the queries
// fit the map (InputError otherwise).
void loadMovingAi(const std::string& mapPath, const std::string& scenPath, GridMap& map, MovingAiScenario& scenario,
                  long long limit);

}  // namespace aoilab
