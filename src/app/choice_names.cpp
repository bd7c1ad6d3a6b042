#include "app/choice_names.h"

#include <string>

#include "app/strings.h"

namespace aoilab::app {

const char* choiceName(std::string_view id) {
    struct Named {
        std::string_view id;
        Str name;
    };
    static constexpr Named kNames[] = {
        {"astar", Str::ChoiceAStar},         {"dijkstra", Str::ChoiceDijkstra},
        {"greedy", Str::ChoiceGreedy},       {"jps", Str::ChoiceJps},
        {"bfs", Str::ChoiceBfs},             {"octile", Str::ChoiceOctile},
        {"euclidean", Str::ChoiceEuclidean}, {"chebyshev", Str::ChoiceChebyshev},
        {"manhattan", Str::ChoiceManhattan}, {"zero", Str::ChoiceZero},
        {"no-corner-cutting", Str::ChoiceNoCornerCutting}, {"never", Str::ChoiceNever},
        {"at-most-one", Str::ChoiceAtMostOne},             {"always", Str::ChoiceAlways},
    };
    for (const Named& n : kNames)
        if (n.id == id) return tr(n.name);
    // Not in the table: its own text (kept alive: the ids come from static tables and the config).
    static thread_local std::string unknown;
    unknown = std::string(id);
    return unknown.c_str();
}

}  // namespace aoilab::app
