#include "cli/path_queries.h"

#include "core/error.h"

namespace aoilab::cli {

SearchOptions searchOptionsFromArgs(const Args& args, const std::string& algo) {
    SearchOptions options;
    auto algorithm = parseAlgorithm(algo);
    if (!algorithm) throw UsageError("--algo: " + unknownAlgorithmMessage(algo));
    options.algorithm = *algorithm;
    const std::string heuristic = args.value("--heuristic", "octile");
    auto parsedHeuristic = parseHeuristic(heuristic);
    if (!parsedHeuristic)
        throw UsageError("--heuristic: " + unknownHeuristicMessage(heuristic));
    options.heuristic = *parsedHeuristic;
    options.weight = args.number("--weight", 1.0, 0.0, 1e6);
    const std::string diagonal = args.value("--diagonal", "no-corner-cutting");
    auto parsedDiagonal = parseDiagonal(diagonal);
    if (!parsedDiagonal)
        throw UsageError("--diagonal: " + unknownDiagonalMessage(diagonal));
    options.diagonal = *parsedDiagonal;
    if (options.algorithm == SearchAlgorithm::Jps && options.diagonal != Diagonal::NoCornerCutting)
        throw UsageError("--algo jps supports only --diagonal no-corner-cutting");
    // A setting the algorithm does not use is refused, not ignored in silence: only A* weighs h, and
    // Dijkstra and breadth-first have no h at all.
    if (args.has("--weight") && options.algorithm != SearchAlgorithm::AStar)
        throw UsageError("--weight: only A* weighs its heuristic (--algo astar), not " + algo);
    if (args.has("--heuristic") &&
        (options.algorithm == SearchAlgorithm::Dijkstra || options.algorithm == SearchAlgorithm::Bfs))
        throw UsageError("--heuristic: " + algo + " uses no heuristic");
    return options;
}

void checkSearchable(const std::string& mapPath, const GridMap& map, const SearchOptions& options) {
    if (const std::string why = mapRefusal(options, map); !why.empty()) throw InputError(mapPath + ": " + why);
}

}  // namespace aoilab::cli
