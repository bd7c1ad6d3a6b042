#include "app/progress_window.h"

#include <imgui.h>

#include <algorithm>
#include <string_view>

#include "app/strings.h"
#include "app/text_wrap.h"

namespace aoilab::app {

std::string groupedCount(std::size_t n) {
    std::string digits = std::to_string(n);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
}

bool drawProgressWindow(const char* id, bool shown, const ProgressWindowText& text, std::array<float, 4>& rect) {
    if (!shown && !ImGui::IsPopupOpen(id)) return false;
    const std::string title = text.title + id;
    if (shown && !ImGui::IsPopupOpen(id)) ImGui::OpenPopup(title.c_str());
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove)) return false;
    if (!shown) {  // the work is over: the window goes with this frame
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return false;
    }
    const float room = ImGui::GetMainViewport()->Size.x * 0.9f - 2 * ImGui::GetStyle().WindowPadding.x;
    const float width = std::max(1.f, std::min(ImGui::CalcTextSize(text.note.c_str()).x, room));
    auto wrapped = [width](const std::string& line) {
        return wrapText(line, width, [](std::string_view piece) { return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x; });
    };
    ImGui::TextUnformatted(wrapped(text.what).c_str());
    const float fraction = std::clamp(text.fraction, 0.f, 1.f);
    ImGui::ProgressBar(fraction, ImVec2(width, 0), fmt(Str::OpeningProgress, static_cast<int>(fraction * 100), text.seconds).c_str());
    ImGui::TextDisabled("%s", wrapped(text.note).c_str());
    const bool cancel = text.cancellable &&
                        (ImGui::Button(tr(Str::OpeningCancel)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)));
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    rect = {at.x, at.y, at.x + size.x, at.y + size.y};
    ImGui::EndPopup();
    return cancel;
}

}  // namespace aoilab::app
