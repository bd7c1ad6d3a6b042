// aoilab-cli graph: shortest distances (and one path) on a directed weighted graph file.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/verbs.h"
#include "core/error.h"
#include "core/text_check.h"
#include "path/graph_io.h"
#include "path/graph_search.h"
#include "path/lookup_table.h"
#include "scenario/scenario.h"
#include "scenario/scenario_lesson.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli graph GRAPH.json|GRAPH.xml|SCENARIO.json --from ID [--to ID] [--algo dijkstra|astar] [--table] [--json]\n"
    "Shortest distances from one vertex of a directed weighted graph (Dijkstra, binary heap), and with\n"
    "--to the path and its cost. Reads graph JSON ({\"vertices\":[{\"id\":\"A\",\"x\":1,\"y\":2}],\n"
    "\"edges\":[{\"from\":\"A\",\"to\":\"B\",\"weight\":7}]}), the classic editor's XML\n"
    "(<Graph><Vertexes><Vertex Id x y/>...</Vertexes><Edges><Edge StartVertexId EndVertexId Weight/>...),\n"
    "or a scenario that holds a graph (inline or by file: the app's graph lessons and saves).\n\n"
    "  --from ID     source vertex (required; a scenario's route gives it when omitted)\n"
    "  --to ID       target vertex: also print the path and its cost (a scenario's route gives it\n"
    "                when --from is omitted too)\n"
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
    if (v == kNoVertex) throw InputError(file + ": no vertex " + quotedBrief(id) + " (given by " + flag + ")");
    return v;
}

// A graph file, or a scenario that holds a graph (its "format" says so): the scenario's graph, read as
// the app reads it (inline, or the file it names, relative to the scenario), and its route if any.
Graph loadGraphOrScenario(const std::string& file, std::optional<GraphRoute>& route) {
    std::ifstream in(file);
    nlohmann::json head = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
    if (!head.is_object() || head.value("format", "") != "aoilab-scenario") return loadGraphFile(file);
    Scenario scenario = loadScenario(file);
    if (!scenario.lesson.graph)
        throw InputError(file + ": /graph: the scenario holds no graph (a graph file, or a scenario with \"graph\", is needed)");
    route = scenario.lesson.route;
    return loadScenarioGraph(scenario, file);
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
    const std::string file = args.positionals()[0];
    std::optional<GraphRoute> route;
    Graph graph = loadGraphOrScenario(file, route);
    // A scenario's route stands in for --from and --to when neither is given.
    std::string fromId = args.value("--from"), toId = args.value("--to");
    const bool byRoute = !args.has("--from") && !args.has("--to") && route;
    if (byRoute) fromId = route->from, toId = route->to;
    if (!args.has("--from") && !byRoute) throw UsageError("--from ID is required");
    const bool hasTo = args.has("--to") || (byRoute && !toId.empty());
    std::string algo = args.value("--algo", "dijkstra");
    if (algo != "dijkstra" && algo != "astar") throw UsageError("--algo: unknown \"" + algo + "\" (dijkstra or astar)");
    if (algo == "astar" && !hasTo) throw UsageError("--algo astar needs --to");

    VertexIndex from = requireVertex(graph, file, byRoute ? "the scenario's route" : "--from", fromId);
    VertexIndex to = hasTo ? requireVertex(graph, file, byRoute ? "the scenario's route" : "--to", toId) : kNoVertex;

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
