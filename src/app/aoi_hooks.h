#pragma once
// The few places where the app shell calls into the AOI teaching side: start-up flags and the UI dump.
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/app_context.h"
#include "app/app_options.h"
#include "app/panels/panel.h"

namespace aoilab::app {

// --show opens the named AOI panels and closes the other AOI panels; --select selects an entity (an
// unknown id is reported in the error panel). Call after the scenario is open.
void applyAoiStartOptions(const AppOptions& options, std::vector<std::unique_ptr<Panel>>& panels, AppContext& ctx);

// What the AOI panels drew in the last frame, the step queue and the explanation (null before any AOI
// panel drew): the "aoi" key of --dump-ui.
nlohmann::json aoiDump(const AppContext& ctx);

}  // namespace aoilab::app
