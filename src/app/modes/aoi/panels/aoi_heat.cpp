#include "app/modes/aoi/panels/aoi_heat.h"

#include <algorithm>

#include "app/theme.h"

namespace aoilab::app {

ImU32 heatColour(float t) {
    t = std::clamp(t, 0.0f, 1.0f) * 0.85f + 0.15f;  // the least busy still differs from empty ground
    ImVec4 from = ImGui::ColorConvertU32ToFloat4(theme::kWorldBackground), to = ImGui::ColorConvertU32ToFloat4(theme::kEntity);
    return ImGui::ColorConvertFloat4ToU32(
        ImVec4(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, from.z + (to.z - from.z) * t, 1.0f));
}

float heatScale(int most, const char* what) {
    float em = ImGui::GetFontSize();
    ImVec2 bar = ImGui::GetCursorScreenPos();
    float barW = std::min(std::max(1.0f, ImGui::GetContentRegionAvail().x * 0.4f), em * 8), barH = em * 0.7f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const int steps = 16;
    for (int i = 0; i < steps; ++i) {
        float x0 = bar.x + barW * static_cast<float>(i) / steps, x1 = bar.x + barW * static_cast<float>(i + 1) / steps;
        draw->AddRectFilled(ImVec2(x0, bar.y + em * 0.15f), ImVec2(x1, bar.y + em * 0.15f + barH),
                            i == 0 ? theme::kWorldBackground : heatColour(static_cast<float>(i) / (steps - 1)));
    }
    float room = ImGui::GetContentRegionAvail().x;
    ImGui::Dummy(ImVec2(barW, barH + em * 0.3f));
    std::string text = "0 .. " + std::to_string(most) + " " + what;
    float textW = ImGui::CalcTextSize(text.c_str()).x;
    bool beside = barW + ImGui::GetStyle().ItemSpacing.x + textW <= room;  // else under the bar
    if (beside) ImGui::SameLine();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    return beside ? barW + ImGui::GetStyle().ItemSpacing.x + textW : std::max(barW, textW);
}

}  // namespace aoilab::app
