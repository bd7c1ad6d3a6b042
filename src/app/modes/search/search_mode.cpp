// The search workbench (placeholder until its own issue lands): an empty canvas and one line saying so.
#include <imgui.h>

#include "app/mode.h"
#include "app/modes/mode_list.h"

namespace aoilab::app {
namespace {

class SearchMode : public Mode {
public:
    SearchMode() : Mode("search", Str::ModeSearch) {}
    std::string statusText(const AppContext&) const override { return tr(Str::ModeNotYet); }
    std::string explanation(const AppContext&) const override { return tr(Str::SearchIntro); }
};

}  // namespace

std::unique_ptr<Mode> makeSearchMode() { return std::make_unique<SearchMode>(); }

}  // namespace aoilab::app
