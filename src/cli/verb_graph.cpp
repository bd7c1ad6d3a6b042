// aoilab-cli graph: shortest distances (and one path) on a directed weighted graph file.
#include <chrono>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/verbs.h"
#include "core/error.h"
#include "path/graph_io.h"
#include "path/graph_search.h"
#include "path/lookup_table.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli graph GRAPH.json|GRAPH.xml --from ID [--to ID] [--algo dijkstra|astar] [--table] [--json]\n"
    "Shortest distances from one vertex of a directed weighted graph (Dijkstra, binary heap), and with\n"
    "--to the path and its cost. Reads graph JSON ({\"vertices\":[{\"id\":\"A\",\"x\":1,\"y\":2}],\n"
    "\"edges\":[{\"from\":\"A\",\"to\":\"B\",\"weight\":7}]}) or the classic editor's XML\n"
    "(<Graph><Vertexes><Vertex Id x y/>...</Vertexes><Edges><Edge StartVertexId EndVertexId Weight/>...).\n\n"
    "  --from ID     source vertex (required)\n"
    "  --to ID       target vertex: also print the path and its cost\n"
    "  --algo NAME   how the path to --to is found: dijkstra (default) or astar (straight-line\n"
    "                heuristic; scaled down automatically when some weight is below its edge's length,\n"
    "                so the cost stays optimal; the JSON says so in \"heuristic_admissible\")\n"
    "  --table       also build the all-pairs lookup tables (next hop + cost, one Dijkstra per vertex)\n"
    "                and report their build time and memory\n"
    "  --json        one JSON document: {\"from\":\"A\",\"distances\":{\"A\":0,\"B\":7,\"C\":null}} (null =\n"
    "                unreachable), plus \"path\":[\"A\",\"B\"] and \"cost\":7 with --to (path [] and cost\n"
    "                null when unreachable), \"vertices\", \"edges\", \"algo\", \"settled\"\n\n"
    "Exit codes: 0 success (also when --to is unreachable), 1 bad file or unknown vertex (the message\n"
    "names the file and place), 2 bad usage.\n";

VertexIndex requireVertex(const Graph& graph, const std::string& file, const std::string& flag, const std::string& id) {
    VertexIndex v = graph.indexOf(id);
    if (v == kNoVertex) throw InputError(file + ": no vertex \"" + id + "\" (given by " + flag + ")");
    return v;
}

}  // namespace

int runGraph(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--from", "--to", "--algo"};
    spec.switches = {"--json", "--table"};
    Args args = Args::parse(argc, argv, 2, spec);
    if (args.wantsHelp()) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (args.positionals().empty()) throw UsageError("a graph file is required");
    if (args.positionals().size() > 1) throw UsageError("unexpected argument \"" + args.positionals()[1] + "\"");
    if (!args.has("--from")) throw UsageError("--from ID is required");
    std::string algo = args.value("--algo", "dijkstra");
    if (algo != "dijkstra" && algo != "astar") throw UsageError("--algo: unknown \"" + algo + "\" (dijkstra or astar)");
    if (algo == "astar" && !args.has("--to")) throw UsageError("--algo astar needs --to");

    const std::string file = args.positionals()[0];
    Graph graph = loadGraphFile(file);
    VertexIndex from = requireVertex(graph, file, "--from", args.value("--from"));
    VertexIndex to = args.has("--to") ? requireVertex(graph, file, "--to", args.value("--to")) : kNoVertex;

    // The searches' own errors (a path cost past 1e+308) name no file: this one is.
    try {
        ShortestPathTree tree = dijkstra(graph, from);
        nlohmann::json doc;
        doc["from"] = graph.vertex(from).id;
        nlohmann::json distances = nlohmann::json::object();
        for (std::size_t v = 0; v < graph.vertexCount(); ++v)
            distances[graph.vertex(static_cast<VertexIndex>(v)).id] = pathio::jsonNumber(tree.distance[v]);
        doc["distances"] = distances;
        doc["vertices"] = graph.vertexCount();
        doc["edges"] = graph.edgeCount();

        std::vector<VertexIndex> path;
        double cost = kUnreachable;
        if (to != kNoVertex) {
            GraphSearch search(graph);
            if (algo == "astar") {
                HeuristicCheck check = checkEuclideanHeuristic(graph);
                search.startAStar(from, to, check.scale);
                doc["heuristic_admissible"] = check.admissible;
                doc["heuristic_scale"] = check.scale;
            } else {
                search.startDijkstra(from, to);
            }
            search.run();
            path = search.path();
            cost = search.cost();
            nlohmann::json ids = nlohmann::json::array();
            for (VertexIndex v : path) ids.push_back(graph.vertex(v).id);
            doc["to"] = graph.vertex(to).id;
            doc["path"] = ids;
            doc["cost"] = pathio::jsonNumber(cost);
            doc["algo"] = algo;
            doc["settled"] = search.settledCount();
        }
        if (args.has("--table")) {
            LookupTable table = LookupTable::build(graph);
            doc["table"] = {{"build_seconds", table.buildSeconds()},
                            {"entries", table.entries()},
                            {"memory_bytes", table.memoryBytes()}};
            if (to != kNoVertex) {
                nlohmann::json ids = nlohmann::json::array();
                for (VertexIndex v : table.path(from, to)) ids.push_back(graph.vertex(v).id);
                doc["table"]["path"] = ids;
                doc["table"]["cost"] = pathio::jsonNumber(table.cost(from, to));
            }
        }

        if (args.has("--json")) {
            printJson(doc);
            return 0;
        }
        std::printf("%s: %zu vertices, %zu edges; distances from %s:\n", file.c_str(), graph.vertexCount(), graph.edgeCount(),
                    graph.vertex(from).id.c_str());
        for (std::size_t v = 0; v < graph.vertexCount(); ++v) {
            if (tree.distance[v] == kUnreachable) std::printf("  %s unreachable\n", graph.vertex(static_cast<VertexIndex>(v)).id.c_str());
            else std::printf("  %s %g\n", graph.vertex(static_cast<VertexIndex>(v)).id.c_str(), tree.distance[v]);
        }
        if (to != kNoVertex) {
            if (path.empty()) {
                std::printf("no path from %s to %s\n", graph.vertex(from).id.c_str(), graph.vertex(to).id.c_str());
            } else {
                std::printf("path (%s):", algo.c_str());
                for (std::size_t i = 0; i < path.size(); ++i) std::printf("%s%s", i ? " -> " : " ", graph.vertex(path[i]).id.c_str());
                std::printf("  cost %g\n", cost);
            }
        }
        if (doc.contains("table"))
            std::printf("lookup tables: %zu entries each, %.1f KiB, built in %.3f s\n", static_cast<std::size_t>(doc["table"]["entries"]),
                        static_cast<double>(doc["table"]["memory_bytes"]) / 1024.0, static_cast<double>(doc["table"]["build_seconds"]));
        return 0;
    } catch (const InputError& error) {
        throw InputError(file + ": " + error.what());
    }
}

}  // namespace aoilab::cli
