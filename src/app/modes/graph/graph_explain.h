#pragma once
// The graph workbench's explanation of one search step, by the rule of the run's algorithm: Dijkstra
// settles the open vertex with the least distance g, A* the one with the least f = g + h (with the
// numbers of the case), then each out-edge is relaxed, kept, or already settled. UI-free; in the UI
// language.
#include <cstddef>
#include <optional>
#include <string>

#include "path/graph.h"
#include "path/graph_search.h"

namespace aoilab::app {

// Step `position` of `search` (its last step `step`), with the distances as the search holds them.
// `distance`: the run's result, told when the search is over.
std::string explainGraphStep(const Graph& graph, const GraphSearch& search, const GraphSearchStep& step,
                             std::size_t position, const std::optional<double>& distance);

}  // namespace aoilab::app
