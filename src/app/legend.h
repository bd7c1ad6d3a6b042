#pragma once
// Small drawing and text helpers the workbenches' panels share.
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

namespace aoilab::app {

// One line of a colour legend: a square of the colour, then what it means.
inline void legendSwatch(ImU32 colour, const char* label) {
    float em = ImGui::GetFontSize();
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + em * 0.15f), ImVec2(p.x + em * 0.9f, p.y + em * 0.9f), colour);
    ImGui::Dummy(ImVec2(em, em));
    ImGui::SameLine(0, em * 0.3f);
    ImGui::TextUnformatted(label);
}

// Puts the next item on this line when `width` still fits before the panel's right edge, else on the
// next line: a narrow tile or a large font wraps a row of controls instead of clipping it.
inline void sameLineIfFits(float width) {
    float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
}

// The width of a checkbox or radio button with its label (ImGui's layout), for sameLineIfFits.
inline float checkboxWidth(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

// A distance or weight as panels print it: four significant digits, "inf" when unreachable.
inline std::string shortNumber(double v) {
    if (!std::isfinite(v)) return "inf";
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

}  // namespace aoilab::app
