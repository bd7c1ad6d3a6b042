#pragma once
// Small drawing and text helpers the workbenches' panels share.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include <imgui.h>

#include "app/strings.h"
#include "app/text_wrap.h"

namespace aoilab::app {

// One line of a colour legend: a square of the colour, then what it means.
inline void legendSwatch(ImU32 colour, const char* label) {
    float em = ImGui::GetFontSize();
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + em * 0.15f), ImVec2(p.x + em * 0.9f, p.y + em * 0.9f), colour);
    ImGui::Dummy(ImVec2(em, em));
    ImGui::SameLine(0, em * 0.3f);
    ImGui::PushTextWrapPos(0);  // a long meaning wraps at the tile's edge instead of running past it
    ImGui::TextUnformatted(label);
    ImGui::PopTextWrapPos();
}

// Puts the next item on this line when `width` still fits before the panel's right edge, else on the
// next line: a narrow tile or a large font wraps a row of controls instead of clipping it.
// Decided before SameLine(), from where it would put the item (after the last one, one spacing on):
// SameLine() then NewLine() left that point in the window's content size, so a wrapped row counted as
// running past the edge (and widened a window that sizes itself to its content).
inline float sameLineScreenX() { return ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x; }

inline void sameLineIfFits(float width) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (sameLineScreenX() + width <= right) ImGui::SameLine();
}

// As sameLineIfFits, for a window that sizes itself to its content (it has no edge to fit): the next item
// goes on this line when it ends within `width` pixels of the window's content start.
inline void sameLineWithin(float width, float itemWidth) {
    const float start = ImGui::GetWindowPos().x - ImGui::GetScrollX() + ImGui::GetCursorStartPos().x;
    if (sameLineScreenX() + itemWidth <= start + width) ImGui::SameLine();
}

// The width of a small button with this label (ImGui's layout), for sameLineIfFits.
inline float smallButtonWidth(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

// The width of a checkbox or radio button with its label (ImGui's layout), for sameLineIfFits.
inline float checkboxWidth(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

// The next control `width` wide with its label after it (ImGui's layout) when both fit before the
// tile's right edge, else the label on a line of its own above it and the control as wide as the line
// allows: a narrow tile or a large font moves the label instead of cutting it. Returns the label to give
// the control (the same, or hidden behind "##" when it was drawn above).
inline std::string fittedLabel(const char* label, float width) {
    const std::string_view text(label);
    const std::string_view shown = text.substr(0, text.find("##"));
    const float avail = ImGui::GetContentRegionAvail().x;
    const float labelWidth =
        shown.empty() ? 0 : ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(shown.data(), shown.data() + shown.size()).x;
    ImGui::SetNextItemWidth(std::max(1.0f, std::min(width, avail)));
    if (shown.empty() || width + labelWidth <= avail) return std::string(text);
    textWrappedCjk(std::string(shown));  // (a long label wraps on its own lines too)
    ImGui::SetNextItemWidth(std::max(1.0f, std::min(width, avail)));
    return "##" + std::string(text);
}

// `text` cut at a whole UTF-8 character and ended with "..." when it is wider than `room` pixels.
inline std::string ellipsized(const std::string& text, float room) {
    if (ImGui::CalcTextSize(text.c_str()).x <= room) return text;
    std::string shown = text;
    while (!shown.empty() && ImGui::CalcTextSize((shown + "...").c_str()).x > room) {
        shown.pop_back();
        while (!shown.empty() && (static_cast<unsigned char>(shown.back()) & 0xC0) == 0x80) shown.pop_back();
        if (!shown.empty() && static_cast<unsigned char>(shown.back()) >= 0xC0) shown.pop_back();
    }
    return shown + "...";
}

// A button that is never wider than the line: its label cut with "..." when it would be (a narrow tile
// at a large font), the whole label then at the head of its tooltip. `tip` ("" for none) on hover;
// `small`: ImGui's SmallButton.
inline bool fittedButton(const char* label, const char* tip = "", bool small = false) {
    const float pad = ImGui::GetStyle().FramePadding.x * 2;
    const float room = ImGui::GetContentRegionAvail().x - pad;
    const bool cut = ImGui::CalcTextSize(label, nullptr, true).x > room;
    const std::string shown = cut ? ellipsized(label, room) + "###" + label : std::string(label);
    const bool pressed = small ? ImGui::SmallButton(shown.c_str()) : ImGui::Button(shown.c_str());
    if (ImGui::IsItemHovered() && (cut || *tip)) wrappedTooltip(cut ? std::string(label) + (*tip ? "\n" : "") + tip : std::string(tip));
    return pressed;
}

// A distance or weight as panels print it: four significant digits.
// An unreached distance is the UI language's word for infinity, as the explanations say it ("inf"
// showed in the Chinese tables beside 无穷大).
inline std::string shortNumber(double v) {
    if (!std::isfinite(v)) return tr(v < 0 ? Str::WordMinusInfinity : Str::WordInfinity);
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

}  // namespace aoilab::app
