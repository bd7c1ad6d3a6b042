#include "app/presentation.h"

#include <algorithm>
#include <cmath>

namespace aoilab::app {

LayoutKind automaticLayout(float widthPx, float heightPx, float fontSizePx) {
    if (fontSizePx <= 0) return LayoutKind::Side;
    bool small = widthPx / fontSizePx < kPresentationBelowWidthEm || heightPx / fontSizePx < kPresentationBelowHeightEm;
    return small ? LayoutKind::Presentation : LayoutKind::Side;
}

std::optional<LayoutKind> layoutNamed(std::string_view name) {
    if (name == "presentation") return LayoutKind::Presentation;
    if (name == "side") return LayoutKind::Side;
    return std::nullopt;
}

const char* layoutName(LayoutKind kind) { return kind == LayoutKind::Presentation ? "presentation" : "side"; }

std::vector<std::string> tabOrder(const std::vector<std::string>& shown, const std::vector<std::string>& lessonPanels,
                                  const std::vector<std::string>& supporting) {
    std::vector<std::string> order;
    auto add = [&](const std::string& id) {
        if (std::find(shown.begin(), shown.end(), id) != shown.end() && std::find(order.begin(), order.end(), id) == order.end())
            order.push_back(id);
    };
    auto isExercise = [](const std::string& id) {
        constexpr std::string_view suffix = "_exercise";
        return id.size() >= suffix.size() && id.compare(id.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    for (const std::string& id : shown)
        if (isExercise(id)) add(id);
    for (const std::string& id : lessonPanels) add(id);
    auto isSupporting = [&](const std::string& id) { return std::find(supporting.begin(), supporting.end(), id) != supporting.end(); };
    for (const std::string& id : shown)
        if (!isSupporting(id)) add(id);
    for (const std::string& id : shown) add(id);
    return order;
}

int linesThatFit(float heightPx, float lineHeightPx) {
    if (lineHeightPx <= 0 || heightPx <= 0) return 0;
    // The last line needs only its text's height, not the spacing under it; a pixel of rounding is kept.
    return static_cast<int>(std::floor((heightPx + 0.5f) / lineHeightPx));
}

int wholeLinesBetween(float top, float bottom, float lineHeight, float clipTop, float clipBottom) {
    if (lineHeight <= 0 || bottom <= top) return 0;
    const int lines = static_cast<int>(std::lround((bottom - top) / lineHeight));
    int whole = 0;
    for (int k = 0; k < lines; ++k) {
        const float lineTop = top + static_cast<float>(k) * lineHeight;
        whole += lineTop >= clipTop - 0.5f && lineTop + lineHeight <= clipBottom + 0.5f;
    }
    return whole;
}

}  // namespace aoilab::app
