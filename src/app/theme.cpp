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
    // The frame's clear colour (app.cpp): the fixed areas of the layout draw no background of their
    // own, and floating panels and popups look the same as they do.
    style.Colors[ImGuiCol_WindowBg] = ImGui::ColorConvertU32ToFloat4(kOutsideWorld);
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

}  // namespace aoilab::app::theme
