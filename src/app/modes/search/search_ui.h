#pragma once
// What the search workbench's panels, tools and scene share besides the model (search_state.h): the
// view choices, the hovered cell, and the panel factories.
#include <memory>
#include <optional>
#include <string>

#include <imgui.h>

#include "app/exercise.h"
#include "app/modes/search/search_state.h"
#include "app/panels/panel.h"
#include "app/tools.h"

namespace aoilab::app {

struct SearchView {
    bool sideBySide = true;   // two runs: two copies of the map next to each other (else overlaid)
    bool arrows = false;      // came-from arrows from each reached cell to its parent
    bool distanceField = false;  // the first copy shows the goal's distance field and its flow instead
    int paintWeight = 5;      // the cost the weight tool paints (1-9)
    std::optional<GridPoint> hovered;  // the map cell under the mouse
    int hoveredRun = 0;                // which copy of the map it is in
    Exercise exercise;                 // predict the next expanded cell (an exercise scenario)
};

// How a cell is written in guesses and answers: "(12, 7)".
std::string cellName(GridPoint p);

// Where run `k`'s copy of the map lies in the world (one cell = one world unit, y down).
Vec2 runOrigin(const SearchState& state, const SearchView& view, std::size_t run);
// The colours of the scene's meanings (the legend in the numbers panel names them).
namespace search_colours {
ImU32 closed();
ImU32 open();
ImU32 current();
ImU32 scanned();
ImU32 path();
ImU32 start();
ImU32 goal();
ImU32 ground(double cost);  // plain ground at cost 1, darker up to 9
ImU32 wall();
ImU32 distance(double fraction);  // 0 at the goal .. 1 the farthest reachable cell
}  // namespace search_colours

// "A*", "Dijkstra", "best-first", "JPS" and the options that matter, for tables and explanations.
std::string configTitle(const SearchConfig& config);

std::unique_ptr<Panel> makeSearchSettingsPanel(SearchState& state, SearchView& view);
std::unique_ptr<Panel> makeSearchStatsPanel(SearchState& state, SearchView& view);
std::vector<std::unique_ptr<Tool>> makeSearchTools(SearchState& state, SearchView& view);

}  // namespace aoilab::app
