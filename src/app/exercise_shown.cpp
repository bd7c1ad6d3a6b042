#include "app/exercise_shown.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>

#include "app/presentation.h"

namespace aoilab::app {

namespace {
// The part of the current window that shows (a scrolled child clips what lies outside it).
ImRect visibleArea() { return ImGui::GetCurrentWindowRead()->InnerClipRect; }
}  // namespace

void ExerciseShown::beginFrame() { *this = ExerciseShown(); }

void ExerciseShown::beginQuestion() { questionTop_ = ImGui::GetCursorScreenPos().y; }

void ExerciseShown::endQuestion() {
    const float bottom = ImGui::GetItemRectMax().y, lineHeight = ImGui::GetTextLineHeight();
    const ImRect clip = visibleArea();
    questionLines_ = lineHeight > 0 ? static_cast<int>(std::lround((bottom - questionTop_) / lineHeight)) : 0;
    questionLinesVisible_ = wholeLinesBetween(questionTop_, bottom, lineHeight, clip.Min.y, clip.Max.y);
}

void ExerciseShown::control() {
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    const ImRect clip = visibleArea();
    ++controls_;
    controlsVisible_ += min.x >= clip.Min.x - 0.5f && min.y >= clip.Min.y - 0.5f && max.x <= clip.Max.x + 0.5f &&
                        max.y <= clip.Max.y + 0.5f;
}

nlohmann::json ExerciseShown::dump() const {
    return {{"question_lines", questionLines_},
            {"question_lines_visible", questionLinesVisible_},
            {"controls", controls_},
            {"controls_visible", controlsVisible_}};
}

}  // namespace aoilab::app
