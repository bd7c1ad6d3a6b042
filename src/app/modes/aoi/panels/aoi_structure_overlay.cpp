#include "app/modes/aoi/panels/aoi_structure_overlay.h"

#include <imgui.h>

#include <algorithm>
#include <map>

#include "app/modes/aoi/aoi_state.h"
#include "app/scene_view.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

constexpr const char* kOrder[] = {"grid", "quadtree", "towers"};  // the default when nothing was chosen

}  // namespace

StructureOverlay& StructureOverlay::of(const AoiState& state) {
    static std::map<const AoiState*, StructureOverlay> overlays;  // one AOI mode, so one entry
    return overlays[&state];
}

void StructureOverlay::newFrame(int frame) {
    if (frame == frame_) return;
    frame_ = frame;
    offeredBefore_ = std::move(offeredNow_);
    offeredNow_.clear();
    drawnNow_.clear();
}

std::vector<std::string> StructureOverlay::available() const {
    std::vector<std::string> out;
    for (const char* id : kOrder)
        if (std::count(offeredNow_.begin(), offeredNow_.end(), id) || std::count(offeredBefore_.begin(), offeredBefore_.end(), id))
            out.emplace_back(id);
    return out;
}

bool StructureOverlay::offer(const char* panelId) {
    newFrame(ImGui::GetFrameCount());
    offeredNow_.emplace_back(panelId);
    std::vector<std::string> open = available();
    std::string pick = std::count(open.begin(), open.end(), chosen_) ? chosen_ : open.front();
    return pick == panelId;
}

void StructureOverlay::drawn(const char* panelId, Str structure, SceneView& view, AoiState& state) {
    drawnNow_.emplace_back(panelId);
    shown_ = panelId;
    // The legend: bottom left of the canvas, one line, never wider than the canvas.
    std::string text = fmt(Str::OverlayLegend, tr(structure));
    std::vector<std::string> open = available();
    float em = ImGui::GetFontSize();
    ImVec2 min = view.canvasMin(), max = view.canvasMax();
    std::string hint = text + (language() == Language::Chinese ? "" : " ") + tr(Str::OverlayLegendChoose);  // the hint only where it fits
    if (open.size() > 1 && ImGui::CalcTextSize(hint.c_str()).x + em * 1.4f <= max.x - min.x) text = hint;
    ImVec2 size = ImGui::CalcTextSize(text.c_str());
    ImVec2 a(min.x + em * 0.4f, max.y - size.y - em * 0.7f), b(a.x + size.x + em * 0.6f, max.y - em * 0.3f);
    view.reserveBottom(max.y - a.y);  // the scene's legend goes above it
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(a, b, IM_COL32(20, 22, 26, 215), em * 0.2f);
    ImVec4 clip(min.x, min.y, max.x - em * 0.2f, max.y);
    draw->AddText(nullptr, 0, ImVec2(a.x + em * 0.3f, a.y + em * 0.2f), ImGui::GetColorU32(ImGuiCol_Text), text.c_str(), nullptr, 0, &clip);
    nlohmann::json offered = nlohmann::json::array();
    for (const std::string& id : open) offered.push_back(id);
    state.drawn["overlay"] = {{"drawn", drawnNow_}, {"open", offered}, {"chosen", chosen_}, {"frame", frame_},
                              {"legend", text}, {"legend_width", b.x - a.x}, {"canvas_width", max.x - min.x},
                              {"legend_rect", {a.x, a.y, b.x, b.y}}};
}

void StructureOverlay::chooser(const char* panelId) {
    // A click anywhere in a structure panel's tile makes its structure the scene's.
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows))
        chosen_ = panelId;
    if (available().size() < 2) return;  // the only one open is always drawn
    if (radioWrapped(tr(Str::OverlayShowHere), shown_ == panelId)) chosen_ = panelId;
}

}  // namespace aoilab::app
