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

class SceneView;

struct SearchView {
    bool sideBySide = true;   // two runs: two copies of the map next to each other (else overlaid)
    bool stacked = false;     // ...the second below the first (arrangeCopies: whichever shows them larger)
    double stackGap = 2;      // cells between stacked copies: room for the second copy's title
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
// What the view frames: every copy shown and the first copy's title above it.
Rect copiesBounds(const SearchState& state, const SearchView& view);

// Two runs compared: their copies beside each other or one above the other, whichever this canvas
// draws larger (a wide map on a wide canvas was drawn at about half the size it could have); the
// layout in use is kept unless the other is 10% larger, so a canvas near the balance does not flip.
struct CopiesArrangement {
    bool stacked = false;
    double stackGap = 2;
};
CopiesArrangement arrangeCopies(const SearchState& state, const SearchView& view, const SceneView& scene);
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

// The algorithm and the options that matter as a class reads them, in the UI language ("A* (Octile)",
// "A*（八方向距离）", "Breadth-first"): the scene's copy titles, the status bar, tables, explanations.
std::string configTitle(const SearchConfig& config);
// The same with the ids ("A* (octile)", "breadth-first"), for --dump-ui.
std::string configIdTitle(const SearchConfig& config);

std::unique_ptr<Panel> makeSearchSettingsPanel(SearchState& state, SearchView& view);
std::unique_ptr<Panel> makeSearchStatsPanel(SearchState& state, SearchView& view);
std::vector<std::unique_ptr<Tool>> makeSearchTools(SearchState& state, SearchView& view);

}  // namespace aoilab::app
