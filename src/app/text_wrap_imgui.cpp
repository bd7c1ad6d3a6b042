// textWrappedCjk(): the ImGui half of text_wrap.h (kept apart so the line breaking is tested without ImGui).
#include <imgui.h>

#include <algorithm>
#include <string_view>

#include "app/text_wrap.h"

namespace aoilab::app {

void textWrappedCjk(const std::string& text) { textWrappedCjk(text, ImGui::GetContentRegionAvail().x); }

void textWrappedCjk(const std::string& text, float width) {
    const std::string wrapped = wrapText(text, width, [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
    ImGui::TextUnformatted(wrapped.c_str(), wrapped.c_str() + wrapped.size());
}

void textDisabledWrapped(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    textWrappedCjk(text);
    ImGui::PopStyleColor();
}

void wrappedTooltip(const std::string& text) {
    const float em = ImGui::GetFontSize();
    const float width = std::max(em * 8, std::min(em * 28, ImGui::GetMainViewport()->Size.x - em * 2));
    ImGui::BeginTooltip();
    textWrappedCjk(text, width);
    ImGui::EndTooltip();
}

namespace {

// A checkbox or radio button (`control`, drawn with the label it is given) whose label wraps beside it
// when the line is too short for ImGui's own; `labelClicked` is true when that wrapped label was clicked.
template <typename Control>
bool withWrappedLabel(const char* label, bool& labelClicked, const Control& control) {
    labelClicked = false;
    const std::string_view text(label);
    const std::string shown(text.substr(0, text.find("##")));
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(shown.c_str()).x;
    if (width <= ImGui::GetContentRegionAvail().x) return control(label);
    ImGui::PushID(label);
    const bool pressed = control("##control");
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    ImGui::BeginGroup();
    textWrappedCjk(shown);
    ImGui::EndGroup();
    labelClicked = ImGui::IsItemClicked();
    ImGui::PopID();
    return pressed;
}

}  // namespace

bool radioWrapped(const char* label, bool active) {
    bool labelClicked = false;
    const bool pressed = withWrappedLabel(label, labelClicked, [&](const char* shown) { return ImGui::RadioButton(shown, active); });
    return pressed || labelClicked;
}

bool checkboxWrapped(const char* label, bool* value) {
    bool labelClicked = false;
    bool changed = withWrappedLabel(label, labelClicked, [&](const char* shown) { return ImGui::Checkbox(shown, value); });
    if (labelClicked) {
        *value = !*value;
        changed = true;
    }
    return changed;
}

}  // namespace aoilab::app
