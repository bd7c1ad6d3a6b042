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

bool radioWrapped(const char* label, bool active) {
    const std::string_view text(label);
    const std::string shown(text.substr(0, text.find("##")));
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(shown.c_str()).x;
    if (width <= ImGui::GetContentRegionAvail().x) return ImGui::RadioButton(label, active);
    ImGui::PushID(label);
    bool pressed = ImGui::RadioButton("##radio", active);
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    ImGui::BeginGroup();
    textWrappedCjk(shown);
    ImGui::EndGroup();
    pressed |= ImGui::IsItemClicked();
    ImGui::PopID();
    return pressed;
}

bool checkboxWrapped(const char* label, bool* value) {
    const std::string_view text(label);
    const std::string shown(text.substr(0, text.find("##")));
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(shown.c_str()).x;
    if (width <= ImGui::GetContentRegionAvail().x) return ImGui::Checkbox(label, value);
    ImGui::PushID(label);
    bool changed = ImGui::Checkbox("##box", value);
    ImGui::SameLine(0, style.ItemInnerSpacing.x);
    ImGui::BeginGroup();
    textWrappedCjk(shown);
    ImGui::EndGroup();
    if (ImGui::IsItemClicked()) {
        *value = !*value;
        changed = true;
    }
    ImGui::PopID();
    return changed;
}

}  // namespace aoilab::app
