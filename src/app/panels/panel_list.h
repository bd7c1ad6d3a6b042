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

// Every panel of the app, in the order of the View menu and the side column.
std::vector<std::unique_ptr<Panel>> makePanels();

}  // namespace aoilab::app
