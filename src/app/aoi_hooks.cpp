#include "app/aoi_hooks.h"

#include <algorithm>
#include <string>

#include "app/aoi_state.h"

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
    return j;
}

}  // namespace aoilab::app
