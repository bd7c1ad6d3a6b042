// The maps workbench (placeholder until its own issue lands): an empty canvas and one line saying so.
#include <imgui.h>

#include "app/mode.h"
#include "app/modes/mode_list.h"

namespace aoilab::app {
namespace {

class MapsMode : public Mode {
public:
    MapsMode() : Mode("maps", Str::ModeMaps) {}
    std::string statusText(const AppContext&) const override { return tr(Str::ModeNotYet); }
    std::string explanation(const AppContext&) const override { return tr(Str::MapsIntro); }
};

}  // namespace

std::unique_ptr<Mode> makeMapsMode() { return std::make_unique<MapsMode>(); }

}  // namespace aoilab::app
