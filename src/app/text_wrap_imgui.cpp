// textWrappedCjk(): the ImGui half of text_wrap.h (kept apart so the line breaking is tested without ImGui).
#include <imgui.h>

#include "app/text_wrap.h"

namespace aoilab::app {

void textWrappedCjk(const std::string& text) {
    const float width = ImGui::GetContentRegionAvail().x;
    const std::string wrapped = wrapText(text, width, [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
    ImGui::TextUnformatted(wrapped.c_str(), wrapped.c_str() + wrapped.size());
}

}  // namespace aoilab::app
