#pragma once
// The search workbench's explanation of a run's last step, by the rule of its algorithm, with the
// engine's numbers: A* expands the open cell with the least f = g + h (weighted: g + w x h), JPS the jump
// point with the least f, Dijkstra the least g, best-first the least h, breadth-first the oldest in its
// queue. In the UI language.
#include <string>

#include "app/modes/search/search_state.h"

namespace aoilab::app {

std::string explainSearchRun(const SearchRun& run, const SearchState& state);

}  // namespace aoilab::app
