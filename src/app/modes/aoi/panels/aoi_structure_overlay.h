#pragma once
// One structure overlay on the scene at a time: the grid, quadtree and towers panels each draw their
// structure over the world, and three at once read as noise. The overlay shown is the one chosen in a
// panel's chooser, or else the panel last focused, or else the first open one (grid, quadtree, towers).
// A corner legend on the scene names it; --dump-ui "aoi"."overlay" says which was drawn.
#include <string>
#include <vector>

#include "app/strings.h"

namespace aoilab::app {

class AoiState;
class SceneView;

class StructureOverlay {
public:
    // The one shared by the structure panels of this AOI state.
    static StructureOverlay& of(const AoiState& state);

    // In drawOverlay: this panel is open this frame; true when its overlay is the one to draw.
    bool offer(const char* panelId);
    // After drawing it: the scene's corner legend and the dump entry.
    void drawn(const char* panelId, Str structure, SceneView& view, AoiState& state);
    // In the panel: "draw it on the scene" (only when more than one structure panel is open); a click
    // anywhere in the panel's tile also chooses it.
    void chooser(const char* panelId);
    const std::string& shown() const { return shown_; }

private:
    void newFrame(int frame);
    std::vector<std::string> available() const;  // open in this frame or the last

    int frame_ = -1;
    std::vector<std::string> offeredNow_, offeredBefore_, drawnNow_;
    std::string chosen_, shown_;
};

}  // namespace aoilab::app
