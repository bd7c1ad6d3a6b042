#pragma once
#include <memory>
#include <vector>

#include "app/panels/panel.h"

namespace aoilab::app {

// One factory per panel file.
std::unique_ptr<Panel> makeScenarioPanel();
std::unique_ptr<Panel> makeInspectorPanel();
std::unique_ptr<Panel> makeErrorPanel();
std::unique_ptr<Panel> makeShortcutsPanel();
// The AOI teaching panels (panels/aoi_*.cpp).
std::unique_ptr<Panel> makeAoiControlsPanel();
std::unique_ptr<Panel> makeAoiListsPanel();
std::unique_ptr<Panel> makeAoiGridPanel();
std::unique_ptr<Panel> makeAoiQuadtreePanel();
std::unique_ptr<Panel> makeAoiTowersPanel();
std::unique_ptr<Panel> makeAoiEventsPanel();
std::unique_ptr<Panel> makeAoiComparePanel();

// Every panel of the app, in the order of the View menu and the side column.
std::vector<std::unique_ptr<Panel>> makePanels();

}  // namespace aoilab::app
