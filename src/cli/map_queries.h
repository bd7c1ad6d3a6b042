#pragma once
// Shared by the map verbs (waypoints, navmesh, regions): load a map, pick the query pairs that compare
// a method's paths with the grid optimum, and summarise the ratios.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "path/grid_map.h"

namespace aoilab::cli {

struct MapQuery {
    GridPoint start;
    GridPoint goal;
};

// --map (required) and --scen / --queries / --random-seed: the first N queries of a MovingAI scenario
// when --scen is given, else N random pairs of free cells (deterministic for a given --random-seed).
GridMap loadMapArg(const Args& args);
std::vector<MapQuery> queriesFromArgs(const Args& args, const GridMap& map);

// docs/LIMITS.md: searches x the map's cells (the most one search can visit) at most this many, checked
// before the first search (each flag alone is in range; 1,000,000 queries on a 4096 x 4096 map is not).
inline constexpr double kSearchCellBudget = 1e11;
// UsageError naming the map, the flags and the size when `searches` would pass the budget.
void checkSearchWork(const std::string& mapPath, const GridMap& map, double searches, const std::string& flags);
inline const char* kMapQueryFlagsHelp =
    "  --queries N       compare N paths with the grid optimum (default 100; 0 skips the comparison)\n"
    "  --scen FILE.scen  take the queries from a MovingAI scenario instead of random free cells\n"
    "  --random-seed S   seed of the random queries (default 1)\n";
inline const char* kMapQueryFlags[] = {"--map", "--scen", "--queries", "--random-seed"};

// A line on stderr that updates in place ("regions: splitting 42%") while a long build runs: shown when
// stderr is a terminal or with --progress, never on stdout (--json stays clean). Prints only when the
// stage or the whole percent changes. Ctrl+C cancels (the default signal action).
class ProgressLine {
public:
    ProgressLine(const Args& args, std::string verb);
    ~ProgressLine() { finish(); }
    void finish();  // ends the line (before the results are printed)
    void update(const char* stage, std::size_t done, std::size_t total);
    bool enabled() const { return enabled_; }
    // A BuildProgress for one stage of the build.
    std::function<bool(std::size_t, std::size_t)> stage(const char* name);

private:
    std::string verb_;
    bool enabled_ = false;
    bool shown_ = false;
    std::string lastStage_;
    int lastPercent_ = -1;
};
inline const char* kProgressFlagHelp =
    "  --progress        a progress line on stderr even when it is not a terminal\n";

// Ratios of a method's path length to the grid optimum (octile, no corner cutting) over the queries
// both found. A ratio under 1 is possible for any-angle paths (straight segments beat 8 directions).
struct RatioSummary {
    int queries = 0;        // queries with a grid path
    int found = 0;          // of those, found by the method too
    int wronglyFound = 0;   // found by the method though the grid has no path (a bug if > 0)
    double meanRatio = 0;
    double maxRatio = 0;
    double minRatio = 0;
    void add(bool gridFound, double gridLength, bool methodFound, double methodLength);
    nlohmann::json toJson() const;
    std::string text() const;
private:
    double sum_ = 0;
};

}  // namespace aoilab::cli
