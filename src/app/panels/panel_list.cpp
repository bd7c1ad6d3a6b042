#include "app/panels/panel_list.h"

namespace aoilab::app {

// THE list of the shell's panels. To add one: write panels/my_panel.cpp (a Panel subclass and
// makeMyPanel()), declare makeMyPanel() in panel_list.h, and add it here. A mode's panels are created by
// the mode (modes/<id>/<id>_mode.cpp).
std::vector<std::unique_ptr<Panel>> makePanels() {
    std::vector<std::unique_ptr<Panel>> panels;
    panels.push_back(makeScenarioPanel());
    panels.push_back(makeErrorPanel());
    panels.push_back(makeShortcutsPanel());
    for (auto& panel : panels) {
        panel->visible = panel->visibleByDefault();
        panel->floating = panel->floatingByDefault();
    }
    return panels;
}

}  // namespace aoilab::app
