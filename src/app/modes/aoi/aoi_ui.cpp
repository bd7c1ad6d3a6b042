#include "app/modes/aoi/aoi_ui.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "app/modes/aoi/aoi_explain.h"
#include "app/theme.h"
#include "app/text_wrap.h"

namespace aoilab::app {

AoiCpuTimer::AoiCpuTimer(AoiState& state) : state_(state), start_(std::chrono::steady_clock::now()) {}

AoiCpuTimer::~AoiCpuTimer() {
    state_.cpuNanoseconds += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start_).count();
}

void thinRule() {
    ImVec2 p = ImGui::GetCursorScreenPos();
    float width = ImGui::GetContentRegionAvail().x;
    float gap = ImGui::GetStyle().ItemSpacing.y * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x, p.y + gap), ImVec2(p.x + width, p.y + gap),
                                        ImGui::GetColorU32(ImGuiCol_Separator));
    ImGui::Dummy(ImVec2(width, gap * 2));
}

void itemTip(Str tip) {
    if (ImGui::IsItemHovered()) wrappedTooltip(tr(tip));
}

float widestWord(const char* text) {
    float widest = 0;
    for (const char* p = text; *p;) {
        const char* end = p;
        while (*end && *end != ' ') ++end;
        widest = std::max(widest, ImGui::CalcTextSize(p, end).x);
        p = *end ? end + 1 : end;
    }
    return std::ceil(widest) + 1;  // columns are whole pixels
}

void wrappedCellText(const char* text) {
    // Whole when it fits: the line breaker measures piece by piece, and ImGui rounds each piece up, so
    // a word exactly as wide as its column would break.
    if (ImGui::CalcTextSize(text).x <= ImGui::GetContentRegionAvail().x) ImGui::TextUnformatted(text);
    else textWrappedCjk(text);
}

void wrappedHeaderCell(const char* label) {
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
    wrappedCellText(label);
}

ImU32 withAlpha(ImU32 colour, unsigned alpha) {
    return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

void colouredText(ImU32 colour, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}

void colourLegend() {
    ImGui::TextDisabled("%s (?)", tr(Str::AoiLegend));
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    const struct {
        ImU32 colour;
        Str meaning;
    } rows[] = {{theme::kEnter, Str::LegendEnter},     {theme::kLeave, Str::LegendLeave},
                {theme::kMove, Str::LegendMove},       {theme::kVisited, Str::LegendVisited},
                {theme::kSelected, Str::LegendSelected}, {theme::kPath, Str::LegendPath}};
    float size = ImGui::GetFontSize();
    for (const auto& row : rows) {
        ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + size, p.y + size), row.colour, 2);
        ImGui::Dummy(ImVec2(size, size));
        ImGui::SameLine();
        ImGui::TextUnformatted(tr(row.meaning));
    }
    ImGui::TextDisabled("%s", tr(Str::LegendPair));
    ImGui::EndTooltip();
}

void explanationBlock(AoiState& state, int method) {
    if (!state.last()) {
        textDisabledWrapped(tr(Str::AoiNoOperation));
        return;
    }
    const AoiSession& session = state.session();
    textWrappedCjk(explainOperation(session, *state.last(), language()));
    for (const std::string& line : explainMethod(session, *state.last(), method, language())) {
        ImGui::Bullet();
        ImGui::SameLine();
        textWrappedCjk(line);
    }
}

}  // namespace aoilab::app
