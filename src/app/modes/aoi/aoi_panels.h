#pragma once
// The AOI mode's panels, one file each under modes/aoi/panels/; the mode creates them in aoi_mode.cpp.
#include <memory>

#include "app/panels/panel.h"

namespace aoilab::app {

class AoiState;
struct AoiChecks;

std::unique_ptr<Panel> makeInspectorPanel();
std::unique_ptr<Panel> makeAoiControlsPanel(AoiState& state);
std::unique_ptr<Panel> makeAoiListsPanel(AoiState& state);
std::unique_ptr<Panel> makeAoiGridPanel(AoiState& state);
std::unique_ptr<Panel> makeAoiQuadtreePanel(AoiState& state);
std::unique_ptr<Panel> makeAoiTowersPanel(AoiState& state);
std::unique_ptr<Panel> makeAoiEventsPanel(AoiState& state);
std::unique_ptr<Panel> makeAoiComparePanel(AoiState& state);
std::unique_ptr<Panel> makeAoiChecksPanel(AoiState& state, AoiChecks& checks);
std::unique_ptr<Panel> makeAoiCrossoverPanel(AoiState& state);
std::unique_ptr<Panel> makeAoiBudgetPanel(AoiState& state);

}  // namespace aoilab::app
