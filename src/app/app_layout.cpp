// The window's areas, laid out from the window size every frame (ImGui 1.86 has no docking): the
// menus (with the workbench switcher), the tool strip, the scene, the panel tiles side by side at the right (columns of
// tiles, each with its own scrolling, so every open panel stays in view), the timeline and the status bar.
// Every size is in font units and clamped, so no size or font scale can make an area collapse to nothing.
#include <GLFW/glfw3.h>
#include <imgui_internal.h>  // the content window's CursorMaxPos: the clipped-text check

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "app/app.h"
#include "app/exercise.h"
#include "app/legend.h"
#include "app/panel_measure.h"
#include "app/text_wrap.h"
#include "app/theme.h"
#include "app/timeline.h"

namespace aoilab::app {

namespace {
constexpr ImGuiWindowFlags kFixedArea = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
constexpr float kTileWidthEm = 21.0f;  // a tile narrower than this reads badly: fewer columns instead
constexpr float kMinTileEm = 9.0f;     // an open tile shorter than this shows too little to teach with
constexpr float kComfortTileEm = 20.0f; // a teaching tile this tall shows its drawing and its words

void placeWindow(ImVec2 min, ImVec2 max) {
    ImGui::SetNextWindowPos(min);
    ImGui::SetNextWindowSize(ImVec2(std::max(1.0f, max.x - min.x), std::max(1.0f, max.y - min.y)));
}

bool isFloatingOnly(const Panel& panel) {
    std::string_view id = panel.id();
    return id == "errors" || id == "shortcuts";
}
}  // namespace

int App::explanationLineCount(const std::string& text, float width) {
    if (text.empty()) return 0;
    std::string wrapped = wrapText(text, width, [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
    return 1 + static_cast<int>(std::count(wrapped.begin(), wrapped.end(), '\n'));
}

// The explanation gets the lines it needs, at least two (so the scene does not jump as the text
// grows by a line), at most what leaves the scene two thirds of the window; a longer text scrolls in
// the bar. A window too short for that shows the controls only.
int App::explanationRowsFor(int lines, float height, float em, float controls) {
    int most = static_cast<int>(std::floor((height / 3 - controls) / em - 1.2f));
    if (most < 2) return 0;
    return std::clamp(lines, 2, most);
}

App::Layout App::computeLayout() const {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    float em = ImGui::GetFontSize();
    float frame = ImGui::GetFrameHeight();
    float left = vp->Pos.x, right = vp->Pos.x + vp->Size.x;
    float top = vp->Pos.y + menuBarHeight_;
    float bottom = vp->Pos.y + vp->Size.y;
    float height = std::max(1.0f, bottom - top);
    // Fixed rows shrink last: on a tiny window they take at most half the height between them.
    float rowScale = std::min(1.0f, height * 0.5f / (frame * 2 + em * 4.2f));
    float statusH = (frame + em * 0.4f) * rowScale;
    float width = std::max(1.0f, right - left);
    float toolbarW = mode().tools().empty() ? 0.0f : std::min(em * 5.0f, width * 0.2f);
    bool anyDocked = false;
    for (const Panel* panel : visiblePanels()) anyDocked |= !panel->floating;
    float sideW = 0;
    if (anyDocked) {
        float maxSide = std::max(em * 10, width - toolbarW - em * 12);  // the scene keeps at least 12 em
        float wanted = ctx_.settings.sideWidthEm > 0 ? ctx_.settings.sideWidthEm * em : width * 0.45f;
        sideW = std::clamp(wanted, std::min(em * 10, width * 0.5f), maxSide);
        sideW = std::min(sideW, std::max(1.0f, width - toolbarW - 1));
    }
    Layout l;
    // The timeline bar: the controls and the explanation's lines (wrapped to the bar's width).
    l.explanation = mode().explanation(ctx_);  // built once a frame: measured here, drawn by drawTimelineBar
    l.explanationLines = explanationLineCount(l.explanation, std::max(1.0f, width - sideW - em));
    // What the controls' line leaves the seek slider (the bar's padding is half an em a side; the mode's
    // own buttons as measured last frame): too short to aim at, and it takes a row of its own, which
    // the explanation's rows then make room for.
    float controlsH = frame;
    if (mode().timeline()) {
        Playback::Rows rows = Playback::rowsFor(width - sideW - em, timelineExtrasWidth_);
        l.seekOwnRow = rows.sliderOwnRow;
        controlsH += static_cast<float>(rows.count - 1) * (frame + ImGui::GetStyle().ItemSpacing.y);
    }
    l.explanationRows = explanationRowsFor(l.explanationLines, height, em, controlsH);
    float timelineH = (controlsH + (l.explanationRows > 0 ? em * (1.2f + static_cast<float>(l.explanationRows)) : em * 0.6f)) * rowScale;
    l.statusMin = ImVec2(left, bottom - statusH);
    l.statusMax = ImVec2(right, bottom);
    // The tiles run from the menus to the status bar; the timeline sits under the scene and the tools.
    float bodyTop = top, bodyBottom = std::max(bodyTop + 1, l.statusMin.y - timelineH);
    l.sideMin = ImVec2(right - sideW, bodyTop);
    l.sideMax = ImVec2(right, std::max(bodyTop + 1, l.statusMin.y));
    l.timelineMin = ImVec2(left, bodyBottom);
    l.timelineMax = ImVec2(std::max(left + 1, l.sideMin.x), l.statusMin.y);
    l.toolbarMin = ImVec2(left, bodyTop);
    l.toolbarMax = ImVec2(left + toolbarW, bodyBottom);
    l.canvasMin = ImVec2(l.toolbarMax.x, bodyTop);
    l.canvasMax = ImVec2(std::max(l.toolbarMax.x + 1, l.sideMin.x), bodyBottom);
    return l;
}

void App::drawToolbar(const Layout& l) {
    auto& tools = mode().tools();
    if (tools.empty() || l.toolbarMax.x - l.toolbarMin.x < 1) return;
    placeWindow(l.toolbarMin, l.toolbarMax);
    // A scroll bar only when even the shortest buttons do not fit (a tiny window).
    ImGui::Begin("##toolbar", nullptr, kFixedArea & ~ImGuiWindowFlags_NoScrollbar);
    float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
    // Tall buttons are easy to hit; they shrink, down to one frame's height, so that every tool shows
    // (at font scale 2 on a 720-pixel window six of them did not); below that the column scrolls.
    const float count = static_cast<float>(tools.size());
    const float fitting = (ImGui::GetContentRegionAvail().y - ImGui::GetStyle().ItemSpacing.y * (count - 1)) / count;
    const float height = std::clamp(fitting, ImGui::GetFrameHeight(), ImGui::GetFontSize() * 2.2f);
    std::size_t& active = activeTool_[activeMode_];
    toolbarOverflow_ = 0;
    for (std::size_t i = 0; i < tools.size(); ++i) {
        bool on = i == active;
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Button(tr(tools[i]->label()), ImVec2(width, height))) active = i;
        toolbarOverflow_ = std::max(toolbarOverflow_, ImGui::GetItemRectMax().y - (l.toolbarMax.y - ImGui::GetStyle().WindowPadding.y));
        ImGui::PopID();
        if (on) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(tools[i]->tip()));
    }
    ImGui::End();
}

void App::drawCanvas(const Layout& l) {
    placeWindow(l.canvasMin, l.canvasMax);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    ImGui::Begin("##scene", nullptr, kFixedArea | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBackground);
    static NoTool idle;  // a mode without tools still pans and zooms
    Tool* tool = activeTool();
    scene_.draw(ctx_, tool ? *tool : idle, l.canvasMin, l.canvasMax);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(l.canvasMin, l.canvasMax, true);
    for (Panel* panel : visiblePanels()) panel->drawOverlay(ctx_, scene_);
    mode().drawOverlay(ctx_, scene_);
    scene_.drawLegend();
    draw->PopClipRect();
    ImGui::End();
    ImGui::PopStyleVar(2);
}

void App::drawSidePanels(const Layout& l) {
    panelRects_.clear();
    std::vector<Panel*> docked;
    for (Panel* panel : visiblePanels())
        if (!panel->floating && !isFloatingOnly(*panel)) docked.push_back(panel);
    float sideW = l.sideMax.x - l.sideMin.x, sideH = l.sideMax.y - l.sideMin.y;
    if (docked.empty() || sideW < 1 || sideH < 1) return;
    float em = ImGui::GetFontSize();
    float header = ImGui::GetFrameHeight();
    float gap = std::max(2.0f, em * 0.25f);
    std::size_t columns = std::clamp<std::size_t>(static_cast<std::size_t>(sideW / (em * kTileWidthEm)), 1, docked.size());
    std::size_t perColumn = (docked.size() + columns - 1) / columns;
    // When the open tiles would be too short to read, the supporting panels fold to their title bars
    // (once per window size or set of panels, so a panel the user unfolds again stays open).
    std::string arrangement = std::to_string(sideW) + "x" + std::to_string(sideH) + ":" + std::to_string(em);
    for (Panel* panel : docked) arrangement += std::string(",") + panel->id();
    if (arrangement != foldedFor_) {
        foldedFor_ = arrangement;
        std::size_t open = 0, teaching = 0;
        for (Panel* panel : docked) {
            open += !panel->collapsed;
            teaching += !panel->collapsed && (!panel->supporting() || panel->lessonNamed);
        }
        auto perTileFor = [&](std::size_t tiles) {
            std::size_t cols = std::clamp<std::size_t>(static_cast<std::size_t>(sideW / (em * kTileWidthEm)), 1, std::max<std::size_t>(1, tiles));
            return sideH / static_cast<float>(std::max<std::size_t>(1, (tiles + cols - 1) / cols));
        };
        float perTile = perTileFor(open);
        // The teaching panels come first: the supporting ones also fold when they would squeeze the
        // teaching tiles below a comfortable height that folding them gives back.
        bool squeezed = teaching > 0 && teaching < open && perTile < em * kComfortTileEm && perTileFor(teaching) > perTile;
        if (perTile < em * kMinTileEm || squeezed)
            for (Panel* panel : docked)
                if (panel->supporting() && !panel->lessonNamed) panel->collapsed = true;  // never one the lesson named
    }
    float columnW = sideW / static_cast<float>(columns);
    // Folded panels take one row of chips at the top instead of a title bar each; a click unfolds one.
    std::vector<Panel*> folded, unfolded;
    for (Panel* panel : docked) (panel->collapsed ? folded : unfolded).push_back(panel);
    if (!folded.empty()) {
        ImGui::SetNextWindowPos(l.sideMin);
        ImGui::SetNextWindowSize(ImVec2(sideW, 0));
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(em * 0.3f, em * 0.2f));
        ImGui::Begin("##folded_panels", nullptr, kFixedArea | ImGuiWindowFlags_AlwaysAutoResize);
        ImGui::PopStyleVar();
        float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        for (std::size_t i = 0; i < folded.size(); ++i) {
            Panel* panel = folded[i];
            std::string label = std::string("> ") + panel->title() + "###chip_" + panel->id();
            if (i > 0) {  // wrap to a new row when the chip would not fit
                float w = ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
                ImGui::SameLine();
                if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
            }
            if (ImGui::SmallButton(label.c_str())) panel->collapsed = false;
            ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
            panelRects_[panel->id()] = {a.x, a.y, b.x, b.y};
            if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipPanelUnfold));
            if (ImGui::BeginPopupContextItem("##chip_menu")) {
                if (ImGui::MenuItem(tr(Str::PanelFloat))) panel->floating = true;
                if (ImGui::MenuItem(tr(Str::Close))) panel->visible = false;
                ImGui::EndPopup();
            }
        }
        float chipsBottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
        ImGui::End();
        sideH = std::max(1.0f, l.sideMax.y - chipsBottom - gap);
        docked = unfolded;
        if (docked.empty()) return;
        columns = std::clamp<std::size_t>(static_cast<std::size_t>(sideW / (em * kTileWidthEm)), 1, docked.size());
        perColumn = (docked.size() + columns - 1) / columns;
    }
    float tilesTop = l.sideMax.y - sideH;
    for (std::size_t c = 0; c < columns; ++c) {
        std::size_t first = c * perColumn, last = std::min(docked.size(), first + perColumn);
        if (first >= last) break;
        float x0 = l.sideMin.x + columnW * static_cast<float>(c), x1 = x0 + columnW;
        // Collapsed tiles keep their title bar; the open ones share the rest by weight.
        float fixed = 0, weights = 0;
        for (std::size_t i = first; i < last; ++i) {
            if (docked[i]->collapsed) fixed += header + gap;
            else weights += std::max(0.1f, docked[i]->weight);
        }
        float spare = std::max(0.0f, sideH - fixed - gap * static_cast<float>(last - first));
        float y = tilesTop;
        for (std::size_t i = first; i < last; ++i) {
            Panel* panel = docked[i];
            float h = panel->collapsed ? header : (weights > 0 ? spare * std::max(0.1f, panel->weight) / weights : header);
            h = std::max(h, std::min(header, sideH));
            ImVec2 min(x0, y), max(x1, std::min(l.sideMax.y, y + h));
            panelRects_[panel->id()] = {min.x, min.y, max.x, max.y};
            placeWindow(min, max);
            ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(em * 0.4f, em * 0.2f));
            std::string window = std::string("##tile_") + panel->id();
            ImGui::Begin(window.c_str(), nullptr, kFixedArea);
            ImGui::PopStyleVar();
            ImGui::PushID(panel->id());
            // The title bar: click to fold or unfold; right click to float or close.
            ImGui::SetNextItemOpen(!panel->collapsed, ImGuiCond_Always);
            bool open = ImGui::CollapsingHeader(panel->windowName().c_str());
            panel->collapsed = !open;
            if (ImGui::BeginPopupContextItem("##panel_menu")) {
                if (ImGui::MenuItem(tr(Str::PanelFloat))) panel->floating = true;
                if (ImGui::MenuItem(tr(Str::Close))) panel->visible = false;
                ImGui::EndPopup();
            }
            if (open) {
                ImVec2 avail = ImGui::GetContentRegionAvail();
                if (avail.x >= 1 && avail.y >= 1) {
                    ImGui::BeginChild("##content", ImVec2(avail.x, avail.y), false);
                    drawPanelContent(*panel);
                    // ImGui's own record of the widest item: past the work area's right edge, it was clipped.
                    const ImGuiWindow* content = ImGui::GetCurrentWindow();
                    panel->overflowPx = std::max(0.0f, content->DC.CursorMaxPos.x - content->WorkRect.Max.x);
                    ImGui::EndChild();
                }
            }
            ImGui::PopID();
            ImGui::End();
            y = max.y + gap;
            // A splitter under every open tile but the column's last: drag to give height to one or the other.
            if (i + 1 < last && open && !docked[i + 1]->collapsed) {
                ImGui::SetNextWindowPos(ImVec2(x0, max.y));
                ImGui::SetNextWindowSize(ImVec2(std::max(1.0f, x1 - x0), gap));
                ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
                std::string splitter = std::string("##split_") + panel->id();
                ImGui::Begin(splitter.c_str(), nullptr, kFixedArea | ImGuiWindowFlags_NoBackground);
                ImGui::InvisibleButton("##h", ImVec2(std::max(1.0f, x1 - x0), gap));
                if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNS);
                if (ImGui::IsItemActive() && spare > 0) {
                    float move = ImGui::GetIO().MouseDelta.y / spare * weights;
                    Panel* next = docked[i + 1];
                    float total = panel->weight + next->weight;
                    panel->weight = std::clamp(panel->weight + move, 0.15f, total - 0.15f);
                    next->weight = total - panel->weight;
                }
                ImGui::End();
                ImGui::PopStyleVar();
            }
        }
    }
}

bool App::hiddenUntilReveal(const Panel& panel) const {
    const Exercise* exercise = mode().exercise();
    return exercise && exercise->hides(panel.id(), ctx_.doc.scenario().lesson.hiddenUntilReveal);
}

void App::drawPanelContent(Panel& panel) {
    // On the frame --dump-ui reports, the text of the panel's items is kept for the dump.
    bool reported = !options_.dumpUi.empty() && options_.frames > 0 && frameIndex_ + 1 >= options_.frames;
    DrawnTextCapture text;
    if (reported) text.begin();
    if (hiddenUntilReveal(panel)) ImGui::TextWrapped("%s", tr(Str::ExerciseHiddenUntilReveal));
    else panel.draw(ctx_);
    if (reported) panel.drawnText = text.end();
    panel.clippedPx = tablesClippedPx(ImGui::GetCurrentWindow());
}

void App::drawFloatingPanels(const Layout& l) {
    float em = ImGui::GetFontSize();
    float canvasW = std::max(1.0f, l.canvasMax.x - l.canvasMin.x);
    for (Panel* panel : visiblePanels()) {
        if (!panel->floating && !isFloatingOnly(*panel)) continue;
        std::string name = panel->windowName();
        std::string_view id = panel->id();
        if (id == "errors") {
            // Over the top of the scene, where the eye is, every time it comes up; never wider than the window.
            const ImGuiViewport* vp = ImGui::GetMainViewport();
            float maxW = std::max(em * 4, vp->Size.x - 2 * em);
            ImGui::SetNextWindowPos(ImVec2(std::max(vp->Pos.x, l.canvasMin.x + em), l.canvasMin.y + em), ImGuiCond_Appearing);
            ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(em * 12, maxW), 0), ImVec2(std::min(std::max(canvasW - 2 * em, em * 20), maxW), vp->Size.y * 0.8f));
            ImGui::SetNextWindowSize(ImVec2(std::min(std::max(canvasW - 2 * em, em * 12), std::min(em * 40, maxW)), 0), ImGuiCond_Appearing);
        } else if (id == "shortcuts") {
            // Over the middle of the scene, never taller or wider than the window (it scrolls then), and
            // back inside the window whenever it is not (a large font, a resize): its title and first keys
            // were above the window at 1280x720 and font scale 2.
            // Below the menu bar too (at 1280x720, font scale 2, it covered the workbench tabs).
            const ImGuiViewport* vp = ImGui::GetMainViewport();
            const float top = std::max(vp->Pos.y, l.canvasMin.y), bottom = vp->Pos.y + vp->Size.y;
            ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(std::max(em * 8, vp->Size.x - 2 * em),
                                                                     std::max(em * 6, bottom - top - em)));
            const ImGuiWindow* last = ImGui::FindWindowByName(name.c_str());  // as drawn last frame
            const bool outside = last && (last->Pos.x < vp->Pos.x || last->Pos.y < top ||
                                          last->Pos.x + last->Size.x > vp->Pos.x + vp->Size.x ||
                                          last->Pos.y + last->Size.y > bottom);
            if (outside) ImGui::SetNextWindowPos(ImVec2(vp->GetCenter().x, (top + bottom) / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
            else
                ImGui::SetNextWindowPos(ImVec2((l.canvasMin.x + l.canvasMax.x) / 2, (l.canvasMin.y + l.canvasMax.y) / 2),
                                        ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
        } else {
            ImGui::SetNextWindowPos(ImVec2(l.canvasMin.x + 2 * em, l.canvasMin.y + 2 * em), ImGuiCond_FirstUseEver);
            ImGui::SetNextWindowSize(ImVec2(em * 22, em * 18), ImGuiCond_FirstUseEver);
        }
        ImGuiWindowFlags flags = isFloatingOnly(*panel) ? ImGuiWindowFlags_AlwaysAutoResize : ImGuiWindowFlags_None;
        if (ImGui::Begin(name.c_str(), &panel->visible, flags)) {
            ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
            panelRects_[panel->id()] = {pos.x, pos.y, pos.x + size.x, pos.y + size.y};
            if (!panel->floatingByDefault() && ImGui::BeginPopupContextItem("##panel_menu")) {
                if (ImGui::MenuItem(tr(Str::PanelDock))) panel->floating = false;
                ImGui::EndPopup();
            }
            drawPanelContent(*panel);
        }
        ImGui::End();
    }
}

void App::drawTimelineBar(const Layout& l) {
    if (l.timelineMax.y - l.timelineMin.y < 1) return;
    placeWindow(l.timelineMin, l.timelineMax);
    float em = ImGui::GetFontSize();
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(em * 0.5f, em * 0.25f));
    ImGui::Begin("##timeline", nullptr, kFixedArea);
    // The slider leaves room for the mode's own buttons (AOI's Record), measured last frame.
    if (Timeline* timeline = mode().timeline()) {
        ctx_.playback.draw(*timeline, timelineExtrasWidth_, l.seekOwnRow);
        // The mode's own buttons (measured last frame) wrap when the bar is too narrow for them.
        // (The width kept a spacing after them, which may fall past the edge.)
        if (timelineExtrasWidth_ > 0) sameLineIfFits(timelineExtrasWidth_ - ImGui::GetStyle().ItemSpacing.x * 2);
        else ImGui::SameLine();
    } else {
        ImGui::TextDisabled("%s", tr(Str::TimelineEmpty));
        ImGui::SameLine();
    }
    float extrasLeft = ImGui::GetCursorScreenPos().x, lineY = ImGui::GetCursorPosY();
    mode().drawTimelineExtras(ctx_);
    bool drewExtras = ImGui::GetCursorPosY() != lineY;  // an item ends its line; nothing drawn leaves it open
    timelineExtrasWidth_ = drewExtras ? ImGui::GetItemRectMax().x - extrasLeft + ImGui::GetStyle().ItemSpacing.x : 0.0f;
    if (!drewExtras) ImGui::NewLine();
    timelineOverflow_ = std::max(0.0f, ImGui::GetItemRectMax().x - (l.timelineMax.x - em * 0.5f));
    if (Timeline* timeline = mode().timeline(); timeline && l.seekOwnRow) ctx_.playback.drawSlider(*timeline);
    const std::string& explanation = l.explanation;
    if (!explanation.empty() && l.explanationRows > 0) {
        ImGui::BeginChild("##explanation", ImVec2(0, 0));
        textWrappedCjk(explanation);
        explanationScrolls_ = ImGui::GetScrollMaxY() > 0.5f;  // the text is taller than the rows it was given
        ImGui::EndChild();
    } else {
        explanationScrolls_ = !explanation.empty();
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

void App::drawSideSplitter(const Layout& l) {
    // A thin handle on the left edge of the tiles: drag it to resize them against the scene.
    if (l.sideMax.x - l.sideMin.x < 1) return;
    float em = ImGui::GetFontSize();
    float w = em * 0.4f;
    ImGui::SetNextWindowPos(ImVec2(l.sideMin.x - w / 2, l.sideMin.y));
    ImGui::SetNextWindowSize(ImVec2(w, std::max(1.0f, l.sideMax.y - l.sideMin.y)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("##splitter", nullptr, kFixedArea | ImGuiWindowFlags_NoBackground);
    ImGui::InvisibleButton("##split", ImVec2(w, std::max(1.0f, l.sideMax.y - l.sideMin.y)));
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (ImGui::IsItemActive()) {
        if (ctx_.settings.sideWidthEm <= 0) ctx_.settings.sideWidthEm = (l.sideMax.x - l.sideMin.x) / em;  // was automatic
        ctx_.settings.sideWidthEm -= ImGui::GetIO().MouseDelta.x / em;
        ctx_.settings.sideWidthEm = std::clamp(ctx_.settings.sideWidthEm, 10.0f, 80.0f);
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

void App::drawStatusBar(const Layout& l) {
    if (l.statusMax.y - l.statusMin.y < 1) return;
    placeWindow(l.statusMin, l.statusMax);
    float em = ImGui::GetFontSize();
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(em * 0.5f, em * 0.2f));
    ImGui::Begin("##status", nullptr, kFixedArea);
    const World& world = ctx_.world();
    ImGui::AlignTextToFramePadding();
    if (mode().showsEntities()) {
        ImGui::TextUnformatted(fmt(Str::StatusEntities, static_cast<int>(world.size())).c_str());
        ImGui::SameLine(0, em * 1.5f);
        std::string selection = tr(Str::StatusNone);
        if (ctx_.selected)
            if (const Entity* e = world.find(*ctx_.selected))
                selection = std::to_string(e->id) + (e->name.empty() ? "" : " (" + e->name + ")");
        ImGui::TextUnformatted(fmt(Str::StatusSelected, selection.c_str()).c_str());
        ImGui::SameLine(0, em * 1.5f);
    }
    // The workbench's status, cut with an ellipsis where the bar is too narrow to keep the frame time
    // in view (a large font, a long map name); all of it on hover.
    const std::string frame = fmt(Str::StatusFrame, static_cast<double>(ctx_.frameMs));
    const std::string modeStatus = mode().statusText(ctx_);
    if (!modeStatus.empty()) {
        const float room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(frame.c_str()).x - em * 1.5f;
        const std::string shown = ellipsized(modeStatus, std::max(room, em * 3));
        ImGui::TextUnformatted(shown.c_str());
        if (ImGui::IsItemHovered() && shown != modeStatus) wrappedTooltip(modeStatus.c_str());
        ImGui::SameLine(0, em * 1.5f);
    }
    ImGui::TextUnformatted(frame.c_str());
    statusFrameRight_ = ImGui::GetItemRectMax().x;
    const std::string& message = ctx_.statusMessage;
    if (!message.empty()) {
        // The latest message, cut with an ellipsis when the bar is too narrow; all of it on hover.
        ImGui::SameLine(0, em * 1.5f);
        const std::string shown = ellipsized(message, ImGui::GetContentRegionAvail().x);
        ImGui::TextDisabled("%s", shown.c_str());
        if (ImGui::IsItemHovered() && shown != message) wrappedTooltip(message.c_str());
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

}  // namespace aoilab::app
