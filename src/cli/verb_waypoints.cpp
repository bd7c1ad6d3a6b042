// aoilab-cli waypoints: flood-fill waypoint graph of a map, and how its routes compare with the grid.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/map_queries.h"
#include "cli/verbs.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "path/graph_io.h"
#include "path/grid_search.h"
#include "path/line_of_sight.h"
#include "path/waypoints.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli waypoints --map FILE.map [--seed X,Y] [--step S] [--radius R] [options] [--json]\n"
    "Builds the flood-fill waypoint graph of a MovingAI map: from the seed cell's centre, points on a\n"
    "lattice of spacing S, each linked to its 8 lattice neighbours when the straight segment between\n"
    "them crosses only free cells (exact supercover; touching a blocked cell's corner counts). Then\n"
    "compares routes over the graph with the grid optimum (octile, no corner cutting).\n\n"
    "  --seed X,Y        seed cell (default: the first free cell of the largest connected free area)\n"
    "  --step S          lattice spacing in cells, > 0 (default 2)\n"
    "  --radius R        agent radius in cells, >= 0 (default 0)\n"
    "%s"
    "  --graph-out FILE  write the waypoint graph as graph JSON (readable by aoilab-cli graph)\n"
    "  --full            with --json: include the graph itself under \"graph\"\n"
    "  --json            one JSON document: map, seed, step, radius, points, links (undirected),\n"
    "                    edges (directed), links_refused, build_ms, comparison{queries, found,\n"
    "                    mean_ratio, min_ratio, max_ratio, found_without_grid_path}\n\n"
    "Exit codes: 0 success, 1 bad map or seed (message names the file and place) or a route where\n"
    "the grid has none, 2 bad usage.\n";

GridPoint parseSeed(const std::string& text) {
    auto comma = text.find(',');
    if (comma == std::string::npos) throw UsageError("--seed: expected X,Y, got \"" + text + "\"");
    try {
        std::size_t used = 0;
        int x = std::stoi(text.substr(0, comma), &used);
        if (used != comma) throw std::invalid_argument("x");
        std::string rest = text.substr(comma + 1);
        int y = std::stoi(rest, &used);
        if (used != rest.size()) throw std::invalid_argument("y");
        return {x, y};
    } catch (const std::logic_error&) {
        throw UsageError("--seed: expected whole numbers X,Y, got \"" + text + "\"");
    }
}

}  // namespace

int runWaypoints(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--map", "--scen", "--queries", "--random-seed", "--seed", "--step", "--radius", "--graph-out"};
    spec.switches = {"--json", "--full"};
    Args args = Args::parse(argc, argv, 2, spec);
    if (args.has("--graph-out")) {
        std::vector<std::filesystem::path> inputs{args.value("--map")};
        if (args.has("--scen")) inputs.push_back(args.value("--scen"));
        requireOutputIsNotAnInput(args.value("--graph-out"), inputs);
    }
    if (args.wantsHelp()) {
        std::printf(kUsage, kMapQueryFlagsHelp);
        return 0;
    }
    args.expectNoPositionals();
    WaypointOptions options;
    options.step = args.number("--step", 2, 1e-3, 1e6);
    options.agentRadius = args.number("--radius", 0, 0, 1e6);
    GridMap map = loadMapArg(args);
    try {
        checkWaypointRadius(map, options.agentRadius);  // before the seed's search, which tests discs too
    } catch (const InputError& e) {
        throw InputError(args.value("--map") + ": " + e.what());
    }
    GridPoint seed{-1, -1};
    if (args.has("--seed")) {
        seed = parseSeed(args.value("--seed"));
        if (!map.passable(seed))
            throw InputError(args.value("--map") + ": seed cell (" + std::to_string(seed.x) + ", " + std::to_string(seed.y) +
                             ") is " + (map.inBounds(seed) ? "blocked" : "outside the map"));
    } else {
        seed = defaultWaypointSeed(map, options.agentRadius);
        if (seed.x < 0) throw InputError(args.value("--map") + ": no free cell to seed the waypoints");
    }
    options.seed = {seed.x + 0.5, seed.y + 0.5};
    std::vector<MapQuery> queries = queriesFromArgs(args, map);
    WaypointGraph waypoints;
    try {
        waypoints = buildWaypoints(map, options);
    } catch (const InputError& e) {
        throw InputError(args.value("--map") + ": " + e.what());  // the message names the map
    }
    if (args.has("--graph-out")) saveGraphJson(waypoints.graph, args.value("--graph-out"));

    RatioSummary summary;
    GridSearch grid;
    for (const MapQuery& q : queries) {
        SearchResult optimum = grid.find(map, q.start, q.goal);
        WaypointRoute route = routeOnWaypoints(map, waypoints, {q.start.x + 0.5, q.start.y + 0.5},
                                               {q.goal.x + 0.5, q.goal.y + 0.5}, options.agentRadius);
        summary.add(optimum.found(), optimum.length, route.found, route.length);
    }

    if (args.has("--json")) {
        nlohmann::json doc = {{"map", args.value("--map")},
                              {"seed", {seed.x, seed.y}},
                              {"step", options.step},
                              {"radius", options.agentRadius},
                              {"points", waypoints.graph.vertexCount()},
                              {"links", waypoints.graph.edgeCount() / 2},
                              {"edges", waypoints.graph.edgeCount()},
                              {"links_refused", waypoints.linksRefused},
                              {"build_ms", waypoints.buildSeconds * 1e3},
                              {"memory_bytes", waypoints.graph.memoryBytes()},
                              {"comparison", summary.toJson()}};
        if (args.has("--full")) doc["graph"] = graphToJson(waypoints.graph);
        printJson(doc);
    } else {
        std::printf("%s: waypoints from cell (%d, %d), step %g, radius %g: %zu points, %zu links, %zu refused "
                    "(no line of sight), built in %.2f ms\n",
                    args.value("--map").c_str(), seed.x, seed.y, options.step, options.agentRadius,
                    waypoints.graph.vertexCount(), waypoints.graph.edgeCount() / 2, waypoints.linksRefused,
                    waypoints.buildSeconds * 1e3);
        if (summary.queries > 0) std::printf("%s\n", summary.text().c_str());
    }
    return summary.wronglyFound > 0 ? 1 : 0;
}

}  // namespace aoilab::cli
