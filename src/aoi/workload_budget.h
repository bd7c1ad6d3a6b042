#pragma once
// The work a benchmark workload asks for, bounded before it starts (issue 38, docs/LIMITS.md): each flag
// of `bench aoi` and `bench sweep` is range-checked on its own, but their product (2,000,000 entities x
// 1,000,000 ticks) would run for days. The CLI and the app's crossover sweep refuse it with the size.
#include <string>

#include "aoi/workload.h"

namespace aoilab {

// Adds and moves one method makes over a run (bench aoi: N + N x T; a sweep: summed over its points).
inline constexpr double kWorkloadOperationBudget = 2e8;
// Pairs of entities that see each other at once, expected from the crowd's density: each method keeps a
// view set per entity, so this is memory and the events of the build.
inline constexpr double kWorkloadViewPairBudget = 2e7;
// Brute force's pair tests (N^2 / 2 to build, N a move).
inline constexpr double kBruteTestBudget = 1e10;

// Expected pairs in view at the start: uniform crowd plus the clustered share around its 8 hotspots
// (Workload's placement), each view taken as its (2r)^2 square.
double expectedViewPairs(const WorkloadOptions& options);

// "" when the run fits; else what is too large and the size it would need, naming the knobs to lower
// as the caller calls them: "about 2e+12 adds and moves a method, more than the 2e+08 a run may make;
// lower --entities or --ticks".
std::string workloadRefusal(double operations, const std::string& operationFlags, double viewPairs,
                            const std::string& viewFlags);

}  // namespace aoilab
