// aoilab-cli regions: quadtree region partition of a map, and routes over the regions.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/map_queries.h"
#include "cli/verbs.h"
#include "core/error.h"
#include "path/grid_search.h"
#include "path/regions.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli regions --map FILE.map [--min-size N] [options] [--json]\n"
    "Splits a MovingAI map with a quadtree until each node is all free, all blocked, or no larger than\n"
    "the minimum size (a \"mixed\" region), links regions whose free cells touch, and compares routes\n"
    "found over the regions (then refined on the grid inside the region corridor) with the grid optimum.\n\n"
    "  --min-size N      smallest node side that is still split (default 1: no mixed regions)\n"
    "%s%s"
    "  --full            with --json: include the regions under \"region_list\" ([{\"x\",\"y\",\"width\",\n"
    "                    \"height\",\"kind\",\"neighbours\"}])\n"
    "  --json            one JSON document: map, min_size, regions, open, blocked, mixed, links,\n"
    "                    quadtree_nodes, max_depth, comparison{...}, corridor_fallbacks\n\n"
    "The regions are refused before the work when they would need more than 1 GiB (the message gives the\n"
    "size; docs/LIMITS.md). Long builds show a progress line on stderr; Ctrl+C cancels.\n\n"
    "Exit codes: 0 success, 1 bad map or a route the grid does not have, 2 bad usage.\n";

}  // namespace

int runRegions(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--map", "--scen", "--queries", "--random-seed", "--min-size"};
    spec.switches = {"--json", "--full", "--progress"};
    Args args = Args::parse(argc, argv, 2, spec);
    if (args.wantsHelp()) {
        std::printf(kUsage, kMapQueryFlagsHelp, kProgressFlagHelp);
        return 0;
    }
    args.expectNoPositionals();
    RegionOptions options;
    options.minSize = static_cast<int>(args.integer("--min-size", 1, 1, 1 << 14));
    GridMap map = loadMapArg(args);
    std::vector<MapQuery> queries = queriesFromArgs(args, map);
    ProgressLine progress(args, "regions");
    RegionMap regions = [&] {
        try {
            return RegionMap::build(map, options, progress.stage("building"));
        } catch (const InputError& e) {
            throw InputError(args.value("--map") + ": " + e.what());  // the message names the map
        }
    }();

    RatioSummary summary;
    GridSearch grid;
    int fallbacks = 0;
    std::size_t answered = 0;
    for (const MapQuery& q : queries) {
        progress.update("queries", answered++, queries.size());
        SearchResult optimum = grid.find(map, q.start, q.goal);
        RegionRoute route = regions.findRoute(map, q.start, q.goal);
        summary.add(optimum.found(), optimum.length, route.found, route.length);
        if (route.found && !route.refinedInCorridor) ++fallbacks;
    }
    progress.update("queries", answered, queries.size());
    progress.finish();
    int counts[3] = {0, 0, 0};
    for (const Region& r : regions.regions()) ++counts[static_cast<int>(r.kind)];

    if (args.has("--json")) {
        nlohmann::json doc = {{"map", args.value("--map")},
                              {"min_size", options.minSize},
                              {"regions", regions.regions().size()},
                              {"open", counts[0]},
                              {"blocked", counts[1]},
                              {"mixed", counts[2]},
                              {"links", regions.linkCount()},
                              {"quadtree_nodes", regions.quadtreeNodes()},
                              {"max_depth", regions.maxDepth()},
                              {"comparison", summary.toJson()},
                              {"corridor_fallbacks", fallbacks}};
        if (args.has("--full")) {
            nlohmann::json list = nlohmann::json::array();
            for (std::size_t i = 0; i < regions.regions().size(); ++i) {
                const Region& r = regions.regions()[i];
                nlohmann::json neighbours = nlohmann::json::array();
                for (std::int32_t n : regions.neighbours(static_cast<int>(i))) neighbours.push_back(n);
                list.push_back({{"x", r.x}, {"y", r.y}, {"width", r.width}, {"height", r.height},
                                {"kind", regionKindName(r.kind)}, {"neighbours", neighbours}});
            }
            doc["region_list"] = list;
        }
        printJson(doc);
    } else {
        std::printf("%s: %zu regions (%d open, %d blocked, %d mixed; min size %d), %zu links, %zu quadtree nodes, "
                    "depth %d\n",
                    args.value("--map").c_str(), regions.regions().size(), counts[0], counts[1], counts[2],
                    options.minSize, regions.linkCount(), regions.quadtreeNodes(), regions.maxDepth());
        if (summary.queries > 0) {
            std::printf("%s\n", summary.text().c_str());
            std::printf("routes refined outside their corridor (a mixed region split its free cells): %d\n", fallbacks);
        }
    }
    return summary.wronglyFound > 0 || summary.found != summary.queries ? 1 : 0;
}

}  // namespace aoilab::cli
