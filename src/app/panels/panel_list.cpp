#include "app/panels/panel_list.h"

namespace aoilab::app {

// THE list of panels. To add one: write panels/my_panel.cpp (a Panel subclass and makeMyPanel()),
// declare makeMyPanel() in panel_list.h, and add it here.
std::vector<std::unique_ptr<Panel>> makePanels() {
    std::vector<std::unique_ptr<Panel>> panels;
    panels.push_back(makeScenarioPanel());
    panels.push_back(makeInspectorPanel());
    panels.push_back(makeAoiControlsPanel());
    panels.push_back(makeAoiListsPanel());
    panels.push_back(makeAoiGridPanel());
    panels.push_back(makeAoiQuadtreePanel());
    panels.push_back(makeAoiTowersPanel());
    panels.push_back(makeAoiEventsPanel());
    panels.push_back(makeAoiComparePanel());
    panels.push_back(makeErrorPanel());
    panels.push_back(makeShortcutsPanel());
    for (auto& panel : panels) {
        panel->visible = panel->visibleByDefault();
        panel->floating = panel->floatingByDefault();
    }
    return panels;
}

}  // namespace aoilab::app
