#include "app/playback.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/strings.h"
#include "app/timeline.h"
#include "app/text_wrap.h"

namespace aoilab::app {

void Playback::setPlaying(bool on) {
    playing_ = on;
    clock_ = 0;
}

void Playback::setSpeedIndex(std::size_t index) { speedIndex_ = std::min(index, kSpeedCount - 1); }

std::size_t Playback::advance(Timeline& timeline, double dt, std::size_t maxSteps) {
    if (!playing_) return 0;
    if (timeline.position() >= timeline.length()) {
        playing_ = false;
        return 0;
    }
    clock_ += std::max(0.0, dt) * speed();
    double due = std::floor(clock_);
    clock_ -= due;
    std::size_t steps = static_cast<std::size_t>(std::min<double>(due, static_cast<double>(maxSteps)));
    std::size_t taken = 0;
    while (taken < steps && timeline.stepForward()) {
        ++taken;
        if (timeline.breakHere()) {
            playing_ = false;
            clock_ = 0;
            return taken;
        }
    }
    if (timeline.position() >= timeline.length()) playing_ = false;
    return taken;
}

void Playback::stepForward(Timeline& timeline) {
    playing_ = false;
    timeline.stepForward();
}

void Playback::stepBack(Timeline& timeline) {
    playing_ = false;
    if (timeline.target() > 0) timeline.seek(timeline.target() - 1);  // (after a seek still under way)
}

void Playback::toStart(Timeline& timeline) {
    playing_ = false;
    timeline.seek(0);
}

void Playback::toEnd(Timeline& timeline) {
    playing_ = false;
    timeline.seekToEnd();
}

void Playback::seek(Timeline& timeline, std::size_t position) {
    timeline.seek(std::min(position, timeline.length()));
}

void Playback::handleKeys(Timeline& timeline) {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || io.KeyCtrl || io.KeyAlt || io.KeySuper) return;
    auto pressed = [](int key, bool repeat = false) { return ImGui::IsKeyPressed(key, repeat); };
    if (pressed(GLFW_KEY_SPACE)) {
        // Play at the end starts again from the beginning, as media players do.
        if (!playing_ && timeline.position() >= timeline.length() && timeline.length() > 0) timeline.seek(0);
        setPlaying(!playing_);
    }
    if (pressed(GLFW_KEY_RIGHT, true) || pressed(GLFW_KEY_N, true)) stepForward(timeline);
    if (pressed(GLFW_KEY_LEFT, true)) stepBack(timeline);
    if (pressed(GLFW_KEY_HOME)) toStart(timeline);
    if (pressed(GLFW_KEY_END)) toEnd(timeline);
    if (pressed(GLFW_KEY_MINUS) || pressed(GLFW_KEY_KP_SUBTRACT)) slower();
    if (pressed(GLFW_KEY_EQUAL) || pressed(GLFW_KEY_KP_ADD)) faster();
}

namespace {
// The bar's spacing between controls, narrower than ImGui's default so that more of the slider fits.
float controlSpacing() { return ImGui::GetFontSize() * 0.25f; }
constexpr float kButtonsEm = 1.8f * 4 + 2.2f;  // |<  <  >>  >  >|
constexpr int kButtons = 5;
float speedGroupWidth(const char* speedText) {
    return ImGui::CalcTextSize(speedText).x + ImGui::GetFontSize() * 2.8f + controlSpacing() * 3;
}
}  // namespace

Playback::Rows Playback::rowsFor(float width, float extras) {
    char widest[32];
    std::snprintf(widest, sizeof widest, "%g/s", kSpeeds[kSpeedCount - 1]);
    const float buttons = ImGui::GetFontSize() * kButtonsEm + controlSpacing() * kButtons;
    const float speed = speedGroupWidth(widest);
    Rows rows;
    if (width - buttons - speed - extras >= kMinSliderEm * ImGui::GetFontSize()) return rows;
    rows.sliderOwnRow = true;
    rows.count = 2;
    float x = buttons;  // draw() puts the speed on a new line when it does not fit after the buttons
    if (x + speed > width) {
        ++rows.count;
        x = 0;
    }
    x += speed;
    if (extras > 0 && x + extras > width) ++rows.count;  // the app's sameLineIfFits for the extras
    return rows;
}

namespace {
constexpr float kCompactButtonEm = 1.25f;
constexpr float kCompactPaddingEm = 0.2f;  // the compact buttons' padding either side of their label
float compactButtonsWidth() {
    float sum = 0;
    for (const char* label : {"|<", "<", ">>", ">", ">|"})
        sum += std::max(ImGui::GetFontSize() * kCompactButtonEm, ImGui::CalcTextSize(label).x + ImGui::GetFontSize() * kCompactPaddingEm * 2);
    return sum + controlSpacing() * kButtons;
}
}  // namespace

Playback::Rows Playback::compactRowsFor(float width, float extras) {
    Rows rows;
    rows.sliderOwnRow = true;
    rows.count = extras > 0 && compactButtonsWidth() + extras > width ? 3 : 2;
    return rows;
}

void Playback::drawCompactButtons(Timeline& timeline) {
    float em = ImGui::GetFontSize();
    sliderRect_ = {};
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(controlSpacing(), ImGui::GetStyle().ItemSpacing.y));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(em * kCompactPaddingEm, ImGui::GetStyle().FramePadding.y));
    auto button = [&](const char* label, Str tip, bool last = false) {
        // As narrow as the label allows (">>" at a large font did not fit 1.25 em).
        const float w = std::max(em * kCompactButtonEm, ImGui::CalcTextSize(label).x + em * kCompactPaddingEm * 2);
        bool clicked = ImGui::Button(label, ImVec2(w, 0));
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(tip));
        if (!last) ImGui::SameLine();
        return clicked;
    };
    if (button("|<", Str::TipTimelineStart)) toStart(timeline);
    if (button("<", Str::TipTimelineBack)) stepBack(timeline);
    if (button(playing_ ? "||" : ">>", Str::TipTimelinePlay)) {
        if (!playing_ && timeline.position() >= timeline.length() && timeline.length() > 0) timeline.seek(0);
        setPlaying(!playing_);
    }
    if (button(">", Str::TipTimelineStep)) stepForward(timeline);
    if (button(">|", Str::TipTimelineEnd, true)) toEnd(timeline);
    ImGui::PopStyleVar(2);
}

void Playback::drawSliderRow(Timeline& timeline) {
    char speedText[32];
    std::snprintf(speedText, sizeof speedText, "%g/s", speed());
    const float speedWidth = ImGui::CalcTextSize(speedText).x + ImGui::GetStyle().FramePadding.x * 2;
    const float spacing = controlSpacing();
    slider(timeline, std::max(1.0f, ImGui::GetContentRegionAvail().x - speedWidth - spacing));
    ImGui::SameLine(0, spacing);
    if (ImGui::Button(speedText)) ImGui::OpenPopup("##speed");
    if (ImGui::IsItemHovered()) wrappedTooltip(fmt(Str::TimelineSpeed, speed()) + "\n" + tr(Str::TipTimelineSpeed));
    if (ImGui::BeginPopup("##speed")) {
        if (ImGui::Button("-", ImVec2(ImGui::GetFontSize() * 1.4f, 0))) slower();
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(fmt(Str::TimelineSpeed, speed()).c_str());
        ImGui::SameLine();
        if (ImGui::Button("+", ImVec2(ImGui::GetFontSize() * 1.4f, 0))) faster();
        ImGui::EndPopup();
    }
}

void Playback::draw(Timeline& timeline, float reserveRight, bool sliderOnOwnRow) {
    float em = ImGui::GetFontSize();
    sliderRect_ = {};
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(controlSpacing(), ImGui::GetStyle().ItemSpacing.y));
    auto button = [&](const char* label, Str tip, float widthEm = 1.8f) {
        bool clicked = ImGui::Button(label, ImVec2(em * widthEm, 0));
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(tip));
        ImGui::SameLine();
        return clicked;
    };
    if (button("|<", Str::TipTimelineStart)) toStart(timeline);
    if (button("<", Str::TipTimelineBack)) stepBack(timeline);
    if (button(playing_ ? "||" : ">>", Str::TipTimelinePlay, 2.2f)) {
        if (!playing_ && timeline.position() >= timeline.length() && timeline.length() > 0) timeline.seek(0);
        setPlaying(!playing_);
    }
    if (button(">", Str::TipTimelineStep)) stepForward(timeline);
    if (button(">|", Str::TipTimelineEnd)) toEnd(timeline);

    // The speed after the slider: "- 2.5/s +"; the slider takes what is left, or a row of its own
    // below when what is left is too short to aim at (the layout then gave the bar that row).
    char speedText[32];
    std::snprintf(speedText, sizeof speedText, "%g/s", speed());
    float speedWidth = speedGroupWidth(speedText);
    float sliderWidth = ImGui::GetContentRegionAvail().x - speedWidth - reserveRight;
    if (!sliderOnOwnRow && sliderWidth > em * 3) {
        slider(timeline, sliderWidth);
        ImGui::SameLine();
    } else if (speedWidth > ImGui::GetContentRegionAvail().x) {
        ImGui::NewLine();  // a narrow bar or a large font: the speed goes on a line of its own
    }
    if (ImGui::Button("-", ImVec2(em * 1.4f, 0))) slower();
    if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipTimelineSpeed));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(speedText);
    if (ImGui::IsItemHovered()) wrappedTooltip(fmt(Str::TimelineSpeed, speed()).c_str());
    ImGui::SameLine();
    if (ImGui::Button("+", ImVec2(em * 1.4f, 0))) faster();
    if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipTimelineSpeed));
    ImGui::PopStyleVar();
}

void Playback::drawSlider(Timeline& timeline) {
    slider(timeline, std::max(1.0f, ImGui::GetContentRegionAvail().x));
}

void Playback::slider(Timeline& timeline, float width) {
    float em = ImGui::GetFontSize();
    std::string where = fmt(Str::TimelinePosition, tr(timeline.unit()), static_cast<unsigned long long>(timeline.position()),
                            static_cast<unsigned long long>(timeline.length()));
    int position = static_cast<int>(std::min<std::size_t>(timeline.position(), 1u << 30));
    int length = static_cast<int>(std::min<std::size_t>(timeline.length(), 1u << 30));
    // The "operation 3 of 12" text goes inside the slider when it fits, else into the tooltip.
    bool textFits = ImGui::CalcTextSize(where.c_str()).x + em < width;
    sliderSeekable_ = length > 0;
    if (length == 0) {
        // Nothing to seek: the slider's frame with its text ("operation 0 of 0"), dimmed and without a
        // grab (ImGui sizes the grab to one value of the range: half the bar for 0 of 0).
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const ImVec2 size(width, ImGui::GetFrameHeight());
        ImGui::Dummy(size);
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg),
                            ImGui::GetStyle().FrameRounding);
        if (textFits) {
            const ImVec2 text = ImGui::CalcTextSize(where.c_str());
            draw->AddText(ImVec2(at.x + (size.x - text.x) / 2, at.y + (size.y - text.y) / 2),
                          ImGui::GetColorU32(ImGuiCol_TextDisabled), where.c_str());
        }
    } else {
        ImGui::SetNextItemWidth(width);
        if (ImGui::SliderInt("##seek", &position, 0, length, textFits ? where.c_str() : "%d", ImGuiSliderFlags_AlwaysClamp))
            seek(timeline, static_cast<std::size_t>(std::clamp(position, 0, length)));
    }
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    sliderRect_ = {a.x, a.y, b.x, b.y};
    if (ImGui::IsItemHovered()) wrappedTooltip(where + "\n" + tr(Str::TipTimelineSeek));
}

}  // namespace aoilab::app
