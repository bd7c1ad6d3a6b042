#pragma once
// The search workbench's runs without the workbench: one or two configurations searched on a map, each
// stepped to a timeline position, and the optimal length beside them. SearchState owns them; a restart
// on a large map computes them on a worker thread (runSearches over a copy of the map), so nothing here
// reads the workbench.
#include <atomic>
#include <cstdint>
#include <memory>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/build_progress.h"
#include "path/grid_map.h"
#include "path/grid_search.h"

namespace aoilab::app {

// One configuration as the user picked it: an algorithm, its options, and its canonical names.
struct SearchConfig {
    SearchOptions options;
    std::string algo = "astar";
    std::string heuristic = "octile";
    std::string diagonal = "no-corner-cutting";
};

// Parses names as aoilab-cli path does; nullopt and `why` when the engine would refuse the mix.
std::optional<SearchConfig> makeSearchConfig(const std::string& algo, const std::string& heuristic,
                                             const std::string& diagonal, double weight, std::string& why);
// Why the engine refuses this configuration on `map` ("" when it accepts it).
std::string refusalReason(const SearchConfig& config, const GridMap& map);

struct SearchRun {
    SearchConfig config;
    GridSearch search;
    std::string refused;        // the engine refused the configuration: why (nothing runs)
    bool searched = false;      // measured and started by a restart (false while one runs on the worker,
                                // or after it was cancelled: nothing to show, no per-cell arrays)
    std::int64_t total = 0;     // expansions when run to the end
    double queryMicros = 0;     // the engine's time for the whole query (run() at full speed), search alone
    double prepareMicros = 0;   // its per-map work (GridSearch::prepare), when it was last done for this map
    std::uint64_t preparedRevision = 0;  // the map revision prepareMicros was measured on
    std::vector<std::int32_t> openedAt;  // per cell: the expansion that first opened it, or -1
    std::vector<std::int32_t> closedAt;  // per cell: the expansion that closed it, or -1
    std::vector<std::uint8_t> scanned;   // JPS: cells a jump passed over
    SearchStep last;                     // what the last step reported (empty at position 0)
    std::int64_t expanded() const { return search.result().expansions; }
    bool shows() const { return searched && refused.empty(); }  // its search's sets are on screen
    bool done() const;
};

// What a restart computes: every configuration measured (run to its end at full speed), the optimal
// length, then every run stepped to the timeline's position.
struct SearchRestart {
    std::vector<SearchRun> runs;
    GridSearch optimum;  // A* for the optimal length, kept so that its tables outlive a restart
    std::optional<double> optimal;
    std::size_t position = 0;
    std::shared_ptr<const GridMap> map;  // the copy a worker searched on (the runs point at it); null: the caller's
    bool complete = false;  // false: stopped by `progress` before the end (the runs are not searched)
};

// The restart's stages, for the progress it reports: each configuration, the optimum, the stepping.
std::size_t searchRestartStages(std::size_t configs);
// Expansions between two looks at Cancel inside a restart's search or stepping: about 5 ms of Dijkstra,
// so that Cancel stops a 4096 x 4096 restart at once (it waited for the search under way: up to 1 s
// on a uniform map, about 6 s of stepping after one weighted cell).
constexpr std::int64_t kRestartSlice = std::int64_t(1) << 16;

// `previous` (the runs of the last restart, by slot) and `optimum` give their search objects back, so
// that per-map tables are built again only for a new map. `position` is read when the stepping starts
// (a seek may change it meanwhile), clamped to the timeline's length. `progress` (optional) is told the
// stages done of searchRestartStages() before each, and asked again (the same stage) between slices of
// kRestartSlice expansions inside each; when it returns false the restart stops there, incomplete.
SearchRestart runSearches(const GridMap& map, const std::vector<SearchConfig>& configs, GridPoint start, GridPoint goal,
                          std::vector<SearchRun> previous, GridSearch optimum, const std::atomic<std::size_t>& position,
                          const BuildProgress* progress = nullptr);

// The runs as a stopped restart leaves them: their configurations and search objects, nothing searched.
void markUnsearched(std::vector<SearchRun>& runs);

// The timeline over the runs: its length, and stepping (position N = N expansions of every run).
std::size_t timelineLength(const std::vector<SearchRun>& runs);
void resetRuns(const GridMap& map, GridPoint start, GridPoint goal, std::vector<SearchRun>& runs);  // to position 0
void stepAll(const GridMap& map, std::vector<SearchRun>& runs);  // one expansion of every run still running
// Every run to its step before `position`'s (its own end, when it ends earlier), at the engine's full
// speed where it has a fast loop; then `at` is position - 1 and one stepAll() gives the last step's report.
// keepGoing (optional) is asked every kRestartSlice expansions; false stops there and returns false,
// the runs part of the way (a worker's restart then drops them).
bool fastForward(const GridMap& map, std::vector<SearchRun>& runs, std::size_t& at, std::size_t position,
                 const std::function<bool()>& keepGoing = {});

}  // namespace aoilab::app
