#pragma once
// How a search map edit is named in the Edit menu ("Undo (walls on 12 cells)"), in the UI language.
#include <string>

#include "app/modes/search/search_state.h"

namespace aoilab::app {

std::string searchEditLabel(const SearchEdit& edit);

}  // namespace aoilab::app
