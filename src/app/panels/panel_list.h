#pragma once
#include <memory>
#include <vector>

#include "app/panels/panel.h"

namespace aoilab::app {

// The shell's own panels (every mode shows them); a mode's panels live beside the mode.
std::unique_ptr<Panel> makeScenarioPanel();
std::unique_ptr<Panel> makeErrorPanel();
std::unique_ptr<Panel> makeShortcutsPanel();

// The shell's panels, in the order of the View menu.
std::vector<std::unique_ptr<Panel>> makePanels();

}  // namespace aoilab::app
