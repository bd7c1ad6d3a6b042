#pragma once
// The search flags shared by `aoilab-cli path` and `aoilab-cli bench path`; the queries themselves are
// run by path/query_run.h.
#include <string>

#include "cli/args.h"
#include "path/grid_search.h"
#include "path/query_run.h"

namespace aoilab::cli {

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

}  // namespace aoilab::cli
