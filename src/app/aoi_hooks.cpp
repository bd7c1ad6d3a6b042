#include "app/aoi_hooks.h"

#include <algorithm>
#include <string>

#include "app/aoi_state.h"
#include "app/scene_view.h"

namespace aoilab::app {

void applyAoiStartOptions(const AppOptions& options, std::vector<std::unique_ptr<Panel>>& panels, AppContext& ctx) {
    if (!options.show.empty()) {
        for (auto& panel : panels) {
            std::string id = panel->id();
            if (std::find(kAoiPanelNames.begin(), kAoiPanelNames.end(), id) == kAoiPanelNames.end()) continue;
            panel->visible = std::find(options.show.begin(), options.show.end(), id) != options.show.end();
            panel->floating = false;
        }
    }
    if (options.select) {
        if (ctx.doc.world().contains(*options.select)) ctx.selected = *options.select;
        else ctx.reportError(fmt(Str::ErrorSelectMissing, std::to_string(*options.select).c_str()));
    }
}

nlohmann::json aoiDump(const AppContext& ctx) {
    if (!ctx.aoi) return nullptr;
    const AoiState& state = *ctx.aoi;
    nlohmann::json j = state.drawn;
    j["step_mode"] = state.stepMode();
    j["pending"] = state.pending().size();
    j["focus"] = state.focusName();
    j["operations"] = state.session().operationCount();
    j["tick"] = state.session().tick();
    j["script_cursor"] = state.scriptCursor();
    j["cpu_ms_per_frame"] = state.timedFrames ? state.cpuNanoseconds / 1e6 / static_cast<double>(state.timedFrames) : 0.0;
    j["highlighted_pair"] = state.highlightedPair ? nlohmann::json({state.highlightedPair->first, state.highlightedPair->second})
                                                  : nlohmann::json(nullptr);
    if (ctx.scene) {
        ImVec2 origin = ctx.scene->toScreen({0, 0});
        j["scene"] = {{"origin", {origin.x, origin.y}}, {"pixels_per_unit", ctx.scene->pixelsPerUnit()}};
    }
    return j;
}

}  // namespace aoilab::app
