#pragma once
// The one colour language of the app (docs/UI.md), Okabe-Ito, colour-blind safe.
// Every panel takes its colours from here and uses each for its meaning only.
#include <imgui.h>

#include "core/entity.h"

namespace aoilab::app::theme {

constexpr ImU32 rgb(unsigned hex, unsigned alpha = 255) {
    return IM_COL32((hex >> 16) & 0xFF, (hex >> 8) & 0xFF, hex & 0xFF, alpha);
}

// Meanings (docs/UI.md "One colour language").
constexpr unsigned kEnterHex = 0x009E73;     // enter event; cell/tower entered
constexpr unsigned kLeaveHex = 0xD55E00;     // leave event; cell/tower left
constexpr unsigned kMoveHex = 0x56B4E9;      // move event; kept cell
constexpr unsigned kVisitedHex = 0xE69F00;   // visited / scanned by the last operation
constexpr unsigned kSelectedHex = 0xF0E442;  // selected entity and its view range (outline)
constexpr unsigned kPathHex = 0xCC79A7;      // path, walking role
constexpr unsigned kEntityHex = 0x0072B2;    // an entity without its own colour (Okabe-Ito blue)

constexpr ImU32 kEnter = rgb(kEnterHex);
constexpr ImU32 kLeave = rgb(kLeaveHex);
constexpr ImU32 kMove = rgb(kMoveHex);
constexpr ImU32 kVisited = rgb(kVisitedHex);
constexpr ImU32 kSelected = rgb(kSelectedHex);
constexpr ImU32 kPath = rgb(kPathHex);
constexpr ImU32 kEntity = rgb(kEntityHex);

// The canvas.
constexpr ImU32 kOutsideWorld = rgb(0x15171B);
constexpr ImU32 kWorldBackground = rgb(0x2A2E35);  // free cells
constexpr ImU32 kObstacle = rgb(0x5C5F66);         // obstacle cells: dark grey, lighter than free ground
constexpr ImU32 kWorldBorder = rgb(0xB0B4BA);
constexpr ImU32 kGridLine = rgb(0xFFFFFF, 28);
constexpr ImU32 kHover = rgb(0xFFFFFF, 200);
constexpr ImU32 kDotRim = rgb(0xFFFFFF, 150);
constexpr ImU32 kBrush = rgb(0xFFFFFF, 90);
constexpr ImU32 kErrorText = rgb(kLeaveHex);
constexpr ImU32 kAxisText = rgb(0xC8CCD2);     // the scene's axis ticks and their world coordinates
constexpr ImU32 kAxisBacking = rgb(0x15171B, 200);  // behind the ticks' and the legend's text

// The selected entity's relations on the scene (Paul Tol's light scheme: apart from the event colours).
constexpr unsigned kInViewHex = 0x99DDFF;   // in the selected entity's view
constexpr unsigned kWatchesHex = 0xFFAABB;  // sees the selected entity
constexpr unsigned kMutualHex = 0xFFFFFF;   // both
constexpr ImU32 kInView = rgb(kInViewHex);
constexpr ImU32 kWatches = rgb(kWatchesHex);
constexpr ImU32 kMutual = rgb(kMutualHex);

// Entity colours: 0 in the world means "default".
inline ImU32 entityColor(Rgba rgba, unsigned alpha = 255) {
    if (rgba == 0) return rgb(kEntityHex, alpha);
    return IM_COL32((rgba >> 24) & 0xFF, (rgba >> 16) & 0xFF, (rgba >> 8) & 0xFF, alpha);
}

// The ImGui style shared by every window (dark, slightly rounded, readable on a projector).
void applyStyle(float scale);

}  // namespace aoilab::app::theme
