// aoilab-cli navmesh: Recast navigation mesh of a map, and how its funnel paths compare with the grid.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/map_queries.h"
#include "cli/verbs.h"
#include "path/graph_io.h"
#include "path/grid_search.h"
#include "path/navmesh.h"
#include "path/navmesh_detour.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli navmesh --map FILE.map [--partition auto|watershed|monotone] [options] [--json]\n"
    "Builds a navigation mesh of a MovingAI map with Recast (cell size 1, agent radius 0, no ledge\n"
    "filter, exact contours, at most 6 vertices per polygon): convex polygons that tile the free cells,\n"
    "adjacent through shared edges. Paths: A* over polygons, then the funnel algorithm. Compares the\n"
    "paths with the grid optimum and checks connectivity against Detour's findPath.\n\n"
    "  --partition P     auto (default: watershed, or monotone when a watershed region wraps around an\n"
    "                    obstacle, which Recast 1.5.1 cannot triangulate), watershed, monotone\n"
    "%s"
    "  --full            with --json: include the polygons under \"polygons\" ([{\"vertices\":[[x,y],...],\n"
    "                    \"neighbours\":[i or -1 per edge]}])\n"
    "  --json            one JSON document: map, partition, exact_tiling, polygons, shared_edges,\n"
    "                    vertices, build_ms, memory_bytes, comparison{...}, detour_disagreements\n\n"
    "Exit codes: 0 success, 1 bad map, or the mesh disagrees with the grid or Detour about\n"
    "reachability, 2 bad usage.\n";

}  // namespace

int runNavmesh(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--map", "--scen", "--queries", "--random-seed", "--partition"};
    spec.switches = {"--json", "--full"};
    Args args = Args::parse(argc, argv, 2, spec);
    if (args.wantsHelp()) {
        std::printf(kUsage, kMapQueryFlagsHelp);
        return 0;
    }
    if (!args.positionals().empty()) throw UsageError("unexpected argument \"" + args.positionals()[0] + "\"");
    NavMeshOptions options;
    std::string partition = args.value("--partition", "auto");
    if (partition == "auto") options.partition = NavPartition::Auto;
    else if (partition == "watershed") options.partition = NavPartition::Watershed;
    else if (partition == "monotone") options.partition = NavPartition::Monotone;
    else throw UsageError("--partition: unknown \"" + partition + "\" (auto, watershed, monotone)");
    GridMap map = loadMapArg(args);
    std::vector<MapQuery> queries = queriesFromArgs(args, map);
    NavMesh mesh = NavMesh::build(map, options);
    DetourNavigator detour(mesh);

    RatioSummary summary;
    GridSearch grid;
    int detourDisagreements = 0;
    for (const MapQuery& q : queries) {
        Vec2 a{q.start.x + 0.5, q.start.y + 0.5}, b{q.goal.x + 0.5, q.goal.y + 0.5};
        SearchResult optimum = grid.find(map, q.start, q.goal);
        NavPath path = mesh.findPath(a, b);
        summary.add(optimum.found(), optimum.length, path.found, path.length);
        if (detour.findPath(a, b).complete != path.found) ++detourDisagreements;
    }
    std::size_t vertices = 0;
    for (const NavPolygon& p : mesh.polygons()) vertices += p.vertices.size();

    if (args.has("--json")) {
        nlohmann::json doc = {{"map", args.value("--map")},
                              {"partition", navPartitionName(mesh.partition())},
                              {"exact_tiling", mesh.exactTiling()},
                              {"polygons", mesh.polygons().size()},
                              {"shared_edges", mesh.edgeCount()},
                              {"vertices", vertices},
                              {"free_cells", map.passableCount()},
                              {"build_ms", mesh.buildSeconds() * 1e3},
                              {"memory_bytes", mesh.memoryBytes()},
                              {"comparison", summary.toJson()},
                              {"detour_disagreements", detourDisagreements}};
        if (args.has("--full")) {
            nlohmann::json list = nlohmann::json::array();
            for (const NavPolygon& p : mesh.polygons()) {
                nlohmann::json corners = nlohmann::json::array();
                for (Vec2 v : p.vertices) corners.push_back({pathio::jsonNumber(v.x), pathio::jsonNumber(v.y)});
                list.push_back({{"vertices", corners}, {"neighbours", p.neighbours}});
            }
            doc["polygon_list"] = list;
        }
        std::printf("%s\n", doc.dump().c_str());
    } else {
        std::printf("%s: %zu convex polygons (%s regions%s), %zu shared edges, %d free cells, built in %.2f ms\n",
                    args.value("--map").c_str(), mesh.polygons().size(), navPartitionName(mesh.partition()),
                    mesh.exactTiling() ? "" : ", NOT an exact tiling", mesh.edgeCount(), map.passableCount(),
                    mesh.buildSeconds() * 1e3);
        if (summary.queries > 0 || summary.wronglyFound > 0) {
            std::printf("%s\n", summary.text().c_str());
            std::printf("Detour findPath disagrees on reachability in %d of %zu queries\n", detourDisagreements, queries.size());
        }
    }
    bool consistent = summary.wronglyFound == 0 && summary.found == summary.queries && detourDisagreements == 0;
    return consistent ? 0 : 1;
}

}  // namespace aoilab::cli
