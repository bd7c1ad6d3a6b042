// A search configuration's title: the names a class reads for the scene, the status bar, the tables and
// the explanations; the ids' title for --dump-ui.
#include <cstdio>
#include <string>

#include "app/choice_names.h"
#include "app/modes/search/search_ui.h"
#include "app/strings.h"
#include "path/heuristics.h"

namespace aoilab::app {
namespace {

std::string weightText(const SearchConfig& c) {
    if (c.options.algorithm != SearchAlgorithm::AStar || c.options.weight == 1) return {};
    char w[32];
    std::snprintf(w, sizeof w, ", W %.3g", c.options.weight);
    return w;
}

}  // namespace

std::string configTitle(const SearchConfig& c) {
    std::string title = choiceName(c.algo);
    if (!usesHeuristic(c.options.algorithm)) return title;
    const bool zh = language() == Language::Chinese;
    return title + (zh ? "（" : " (") + choiceName(c.heuristic) + weightText(c) + (zh ? "）" : ")");
}

std::string configIdTitle(const SearchConfig& c) {
    std::string title;
    switch (c.options.algorithm) {
        case SearchAlgorithm::AStar: title = c.options.weight == 1 ? "A*" : "weighted A*"; break;
        case SearchAlgorithm::Dijkstra: title = "Dijkstra"; break;
        case SearchAlgorithm::Greedy: title = "best-first"; break;
        case SearchAlgorithm::Jps: title = "JPS"; break;
        case SearchAlgorithm::Bfs: title = "breadth-first"; break;
    }
    if (usesHeuristic(c.options.algorithm)) title += " (" + c.heuristic + weightText(c) + ")";
    return title;
}

}  // namespace aoilab::app
