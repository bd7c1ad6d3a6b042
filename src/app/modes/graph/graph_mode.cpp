// The graph workbench (placeholder until its own issue lands): an empty canvas and one line saying so.
#include <imgui.h>

#include "app/mode.h"
#include "app/modes/mode_list.h"

namespace aoilab::app {
namespace {

class GraphMode : public Mode {
public:
    GraphMode() : Mode("graph", Str::ModeGraph) {}
    std::string statusText(const AppContext&) const override { return tr(Str::ModeNotYet); }
    std::string explanation(const AppContext&) const override { return tr(Str::GraphIntro); }
};

}  // namespace

std::unique_ptr<Mode> makeGraphMode() { return std::make_unique<GraphMode>(); }

}  // namespace aoilab::app
