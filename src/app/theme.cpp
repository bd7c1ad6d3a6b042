#include "app/theme.h"

namespace aoilab::app::theme {

void applyStyle(float scale) {
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 4;
    style.FrameRounding = 3;
    style.GrabRounding = 3;
    style.WindowBorderSize = 1;
    style.FramePadding = ImVec2(6, 4);
    style.ItemSpacing = ImVec2(8, 6);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.11f, 0.13f, 1.0f);
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

}  // namespace aoilab::app::theme
