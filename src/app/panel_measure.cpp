#include "app/panel_measure.h"

#include <algorithm>

#include <imgui.h>
#include <imgui_internal.h>

namespace aoilab::app {

float tablesClippedPx(const ImGuiWindow* window) {
    ImGuiContext& g = *GImGui;
    float worst = 0;
    for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
        const ImGuiTable* table = g.Tables.TryGetMapData(n);
        if (!table || table->LastFrameActive != g.FrameCount) continue;
        const ImGuiWindow* w = table->OuterWindow;
        while (w && w != window) w = w->ParentWindow;
        if (!w) continue;
        // Each column records the right end of what its cells and headers wanted (a header's whole
        // label, though ImGui cuts it with an ellipsis at the column's edge).
        for (int c = 0; c < table->ColumnsCount; ++c) {
            const ImGuiTableColumn& column = table->Columns[c];
            if (!column.IsEnabled || !column.IsVisibleX) continue;
            float wanted = std::max({column.ContentMaxXFrozen, column.ContentMaxXUnfrozen, column.ContentMaxXHeadersUsed,
                                     column.ContentMaxXHeadersIdeal});
            worst = std::max(worst, wanted - column.MaxX);
        }
    }
    return worst;
}

void DrawnTextCapture::begin() {
    if (GImGui->LogEnabled) return;  // someone else is logging: leave it alone
    ImGui::LogToBuffer(0);  // 0: opens no tree node (logging would open them all)
    active_ = true;
}

std::string DrawnTextCapture::end() {
    if (!active_) return {};
    active_ = false;
    std::string text = GImGui->LogBuffer.c_str();
    ImGui::LogFinish();
    return text;
}

}  // namespace aoilab::app
