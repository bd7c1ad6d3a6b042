#pragma once
// The colour scale the structure panels share for "entities in this cell / tower": from the ground
// colour (none) to the entities' blue (the busiest), and its legend bar.
#include <string>

#include <imgui.h>

namespace aoilab::app {

// t in [0, 1]: the share of the busiest count.
ImU32 heatColour(float t);
// The scale bar, then "0 .. most <what>" on the same line; returns the line's width in pixels.
float heatScale(int most, const char* what);

}  // namespace aoilab::app
