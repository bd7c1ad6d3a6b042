#include "app/panel_measure.h"

#include <algorithm>

#include <imgui.h>
#include <imgui_internal.h>

namespace aoilab::app {

namespace {

// Calls `each(table)` for every table drawn this frame, and in view, in `window` or a window inside it.
template <typename Each>
void forTablesIn(const ImGuiWindow* window, const Each& each) {
    ImGuiContext& g = *GImGui;
    for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
        const ImGuiTable* table = g.Tables.TryGetMapData(n);
        if (!table || table->LastFrameActive != g.FrameCount) continue;
        // A table scrolled wholly out of its panel's view shows nothing (and ImGui measures its columns
        // afresh only once they show).
        const ImRect& view = table->OuterWindow->ClipRect;
        if (table->HostSkipItems || table->OuterRect.Max.y <= view.Min.y || table->OuterRect.Min.y >= view.Max.y) continue;
        const ImGuiWindow* w = table->OuterWindow;
        while (w && w != window) w = w->ParentWindow;
        if (w) each(*table);
    }
}

float wantedRight(const ImGuiTableColumn& column) {
    return std::max({column.ContentMaxXFrozen, column.ContentMaxXUnfrozen, column.ContentMaxXHeadersUsed, column.ContentMaxXHeadersIdeal});
}

}  // namespace

int tablesCutColumns(const ImGuiWindow* window) {
    int cut = 0;
    forTablesIn(window, [&](const ImGuiTable& table) {
        const float visibleLeft = table.InnerClipRect.Min.x, visibleRight = table.InnerClipRect.Max.x;
        for (int c = 0; c < table.ColumnsCount; ++c) {
            const ImGuiTableColumn& column = table.Columns[c];
            if (!column.IsEnabled) continue;
            const bool frozen = column.DisplayOrder < table.FreezeColumnsCount;
            if (!column.IsVisibleX || (!frozen && column.WorkMinX < visibleLeft - 1) ||
                wantedRight(column) > std::min(column.MaxX, visibleRight) + 1)
                ++cut;
        }
    });
    return cut;
}

float tablesClippedPx(const ImGuiWindow* window) {
    float worst = 0;
    forTablesIn(window, [&](const ImGuiTable& table) {
        // Each column records the right end of what its cells and headers wanted (a header's whole
        // label, though ImGui cuts it with an ellipsis at the column's edge).
        for (int c = 0; c < table.ColumnsCount; ++c) {
            const ImGuiTableColumn& column = table.Columns[c];
            if (!column.IsEnabled || !column.IsVisibleX) continue;
            worst = std::max(worst, wantedRight(column) - column.MaxX);
        }
    });
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
