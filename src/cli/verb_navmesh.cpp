// aoilab-cli navmesh: Recast navigation mesh of a map, and how its funnel paths compare with the grid.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/map_queries.h"
#include "cli/verbs.h"
#include "core/error.h"
#include "path/graph_io.h"
#include "path/grid_search.h"
#include "path/navmesh.h"
#include "path/navmesh_detour.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli navmesh --map FILE.map [--partition auto|watershed|monotone] [--tile-size N]\n"
    "                          [options] [--json]\n"
    "Builds a navigation mesh of a MovingAI map with Recast (cell size 1, agent radius 0, no ledge\n"
    "filter, exact contours, at most 6 vertices per polygon) in square tiles: convex polygons that tile\n"
    "the free cells, adjacent through shared edges (across a tile border: through the overlapping part\n"
    "of their edges). Paths: A* over polygons, then the funnel algorithm. Compares the paths with the\n"
    "grid optimum and checks connectivity against Detour's findPath (one Detour tile per Recast tile).\n\n"
    "  --partition P     auto (default: watershed, or monotone for a tile where a watershed region\n"
    "                    wraps around an obstacle, which Recast 1.5.1 cannot triangulate), watershed,\n"
    "                    monotone\n"
    "  --tile-size N     fixed cells per tile side (0 = the whole map in one tile, which Recast refuses\n"
    "                    beyond 65,534 vertices). Default: adaptive, 128 halved while a tile holds more\n"
    "                    than 1,024 obstacle outline edges (Recast's cost grows about with their cube)\n"
    "%s%s"
    "  --full            with --json: include the polygons under \"polygon_list\" ([{\"vertices\":[[x,y],...],\n"
    "                    \"neighbours\":[i or -1 per edge], \"tile\":t, \"links\":[{\"polygon\":i,\"edge\":e,\n"
    "                    \"portal\":[[x,y],[x,y]]}]}])\n"
    "  --json            one JSON document: map, partition, exact_tiling, polygons, shared_edges,\n"
    "                    vertices, tiles, tile_size, monotone_tiles, build_ms, memory_bytes,\n"
    "                    comparison{...}, detour_disagreements\n\n"
    "Long builds show a progress line on stderr (tiles done of all, then the queries); Ctrl+C cancels.\n\n"
    "Exit codes: 0 success, 1 bad map, or the mesh disagrees with the grid or Detour about\n"
    "reachability, 2 bad usage.\n";

}  // namespace

int runNavmesh(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--map", "--scen", "--queries", "--random-seed", "--partition", "--tile-size"};
    spec.switches = {"--json", "--full", "--progress"};
    Args args = Args::parse(argc, argv, 2, spec);
    if (args.wantsHelp()) {
        std::printf(kUsage, kMapQueryFlagsHelp, kProgressFlagHelp);
        return 0;
    }
    args.expectNoPositionals();
    NavMeshOptions options;
    std::string partition = args.value("--partition", "auto");
    if (partition == "auto") options.partition = NavPartition::Auto;
    else if (partition == "watershed") options.partition = NavPartition::Watershed;
    else if (partition == "monotone") options.partition = NavPartition::Monotone;
    else throw UsageError("--partition: unknown \"" + partition + "\" (auto, watershed, monotone)");
    options.tileSize = static_cast<int>(args.integer("--tile-size", 128, 0, 1 << 15));
    if (args.has("--tile-size")) options.maxOutlinePerTile = 0;  // the size asked for
    if (options.tileSize != 0 && options.tileSize < kMinNavTileSize)
        throw UsageError("--tile-size: 0 or at least " + std::to_string(kMinNavTileSize));
    GridMap map = loadMapArg(args);
    std::vector<MapQuery> queries = queriesFromArgs(args, map);
    ProgressLine progress(args, "navmesh");
    options.progress = progress.stage("tiles");
    NavMesh mesh = [&] {
        try {
            return NavMesh::build(map, options);
        } catch (const InputError& e) {
            throw InputError(args.value("--map") + ": " + e.what());  // the message names the map
        }
    }();
    DetourNavigator detour(mesh);

    RatioSummary summary;
    GridSearch grid;
    int detourDisagreements = 0;
    std::size_t answered = 0;
    for (const MapQuery& q : queries) {
        progress.update("queries", answered++, queries.size());
        Vec2 a{q.start.x + 0.5, q.start.y + 0.5}, b{q.goal.x + 0.5, q.goal.y + 0.5};
        SearchResult optimum = grid.find(map, q.start, q.goal);
        NavPath path = mesh.findPath(a, b);
        summary.add(optimum.found(), optimum.length, path.found, path.length);
        if (detour.findPath(a, b).complete != path.found) ++detourDisagreements;
    }
    progress.update("queries", answered, queries.size());
    progress.finish();
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
                              {"tiles", mesh.tiles().size()},
                              {"tile_size", mesh.tileSize()},
                              {"monotone_tiles", mesh.monotoneTiles()},
                              {"build_ms", mesh.buildSeconds() * 1e3},
                              {"memory_bytes", mesh.memoryBytes()},
                              {"comparison", summary.toJson()},
                              {"detour_disagreements", detourDisagreements}};
        if (args.has("--full")) {
            nlohmann::json list = nlohmann::json::array();
            for (const NavPolygon& p : mesh.polygons()) {
                nlohmann::json corners = nlohmann::json::array();
                for (Vec2 v : p.vertices) corners.push_back({pathio::jsonNumber(v.x), pathio::jsonNumber(v.y)});
                nlohmann::json links = nlohmann::json::array();
                for (const NavLink& l : p.links)
                    links.push_back({{"polygon", l.polygon},
                                     {"edge", l.edge},
                                     {"portal", {{pathio::jsonNumber(l.a.x), pathio::jsonNumber(l.a.y)},
                                                 {pathio::jsonNumber(l.b.x), pathio::jsonNumber(l.b.y)}}}});
                list.push_back({{"vertices", corners}, {"neighbours", p.neighbours}, {"tile", p.tile}, {"links", links}});
            }
            doc["polygon_list"] = list;
        }
        printJson(doc);
    } else {
        std::printf("%s: %zu convex polygons (%s regions%s), %zu shared edges, %d free cells, %zu tile(s) of %d "
                    "(%d monotone), built in %.2f ms\n",
                    args.value("--map").c_str(), mesh.polygons().size(), navPartitionName(mesh.partition()),
                    mesh.exactTiling() ? "" : ", NOT an exact tiling", mesh.edgeCount(), map.passableCount(),
                    mesh.tiles().size(), mesh.tileSize(), mesh.monotoneTiles(), mesh.buildSeconds() * 1e3);
        if (summary.queries > 0 || summary.wronglyFound > 0) {
            std::printf("%s\n", summary.text().c_str());
            std::printf("Detour findPath disagrees on reachability in %d of %zu queries\n", detourDisagreements, queries.size());
        }
    }
    bool consistent = summary.wronglyFound == 0 && summary.found == summary.queries && detourDisagreements == 0;
    return consistent ? 0 : 1;
}

}  // namespace aoilab::cli
