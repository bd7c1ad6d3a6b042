#include "path/query_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace aoilab {

LengthCheck lengthCheckFor(const SearchOptions& options) {
    if (options.diagonal != Diagonal::NoCornerCutting) return LengthCheck::Found;
    const bool admissible = options.heuristic != Heuristic::Manhattan || options.algorithm == SearchAlgorithm::Dijkstra;
    const bool unweighted = options.algorithm != SearchAlgorithm::AStar || options.weight <= 1.0;
    if (isOptimal(options.algorithm) && admissible && unweighted) return LengthCheck::Exact;
    return LengthCheck::Bounded;
}

const char* lengthCheckName(LengthCheck check) {
    switch (check) {
        case LengthCheck::Exact: return "exact";
        case LengthCheck::Bounded: return "bounded";
        case LengthCheck::Found: return "found";
    }
    return "?";
}

double lengthTolerance(double optimal) { return std::max(0.01, 1e-5 * optimal); }

void loadMovingAi(const std::string& mapPath, const std::string& scenPath, GridMap& map, MovingAiScenario& scenario,
                long long limit) {
    map = readMovingAiMap(mapPath);
    scenario = readMovingAiScenario(scenPath);
    if (limit >= 0 && static_cast<long long>(scenario.queries.size()) > limit) scenario.queries.resize(limit);
    checkScenarioFitsMap(scenario, map);
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

ScenarioRun runScenario(const GridMap& map, const MovingAiScenario& scenario, const SearchOptions& options,
                        int repeat) {
    ScenarioRun run;
    run.algo = std::string(algorithmName(options.algorithm));
    run.check = lengthCheckFor(options);
    run.queries = static_cast<int>(scenario.queries.size());
    run.microseconds.assign(scenario.queries.size(), 0.0);
    GridSearch search(options);
    const auto prepared = std::chrono::steady_clock::now();
    search.prepare(map);
    run.prepareUs = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - prepared).count();
    double expansions = 0;
    double suboptimality = 0;
    int suboptimalityCount = 0;
    for (int pass = 0; pass < std::max(1, repeat); ++pass) {
        for (std::size_t i = 0; i < scenario.queries.size(); ++i) {
            const ScenarioQuery& q = scenario.queries[i];
            const auto begin = std::chrono::steady_clock::now();
            const SearchResult result = search.find(map, q.start, q.goal);
            const auto end = std::chrono::steady_clock::now();
            const double us = std::chrono::duration<double, std::micro>(end - begin).count();
            run.microseconds[i] = pass == 0 ? us : std::min(run.microseconds[i], us);
            if (pass != 0) continue;
            expansions += static_cast<double>(result.expansions);
            const double tolerance = lengthTolerance(q.optimalLength);
            bool bad = !result.found();
            if (result.found()) {
                const double error = result.length - q.optimalLength;
                run.maxError = std::max(run.maxError, std::abs(error));
                if (q.optimalLength > 0) {
                    suboptimality += result.length / q.optimalLength - 1.0;
                    ++suboptimalityCount;
                }
                if (run.check == LengthCheck::Exact) bad = std::abs(error) > tolerance;
                if (run.check == LengthCheck::Bounded) bad = error < -tolerance;
            }
            if (bad) {
                ++run.failed;
                if (run.failures.size() < 10)
                    run.failures.push_back({q.line, q.optimalLength, result.found() ? result.length : -1.0});
            }
        }
    }
    double total = 0;
    for (double us : run.microseconds) total += us;
    if (run.queries > 0) {
        run.meanUs = total / run.queries;
        run.meanExpansions = expansions / run.queries;
    }
    run.medianUs = median(run.microseconds);
    if (suboptimalityCount > 0) run.meanSuboptimality = suboptimality / suboptimalityCount;
    return run;
}

}  // namespace aoilab
