// The window's areas, laid out from the window size every frame (ImGui 1.86 has no docking): the
// menus (with the workbench switcher), the tool strip, the scene, the panel tiles side by side at the right (columns of
// tiles, each with its own scrolling, so every open panel stays in view), the timeline and the status bar.
// Every size is in font units and clamped, so no size or font scale can make an area collapse to nothing.
#include <GLFW/glfw3.h>
#include <imgui_internal.h>  // the content window's CursorMaxPos: the clipped-text check

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <string_view>

#include "app/app.h"
#include "app/exercise.h"
#include "app/legend.h"
#include "app/panel_measure.h"
#include "app/presentation.h"
#include "app/text_wrap.h"
#include "app/theme.h"
#include "app/timeline.h"
#include "app/whole_lines.h"

namespace aoilab::app {

namespace {
// The fixed areas draw no background of their own: the frame's clear colour is theirs (theme.cpp), and
// under software GL their blended background quads were about a fifth of a frame (bench/RESULTS.md).
constexpr ImGuiWindowFlags kFixedArea = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                        ImGuiWindowFlags_NoBackground;
// Begins a fixed area with the outline ImGui draws around a window (ImGuiWindowFlags_NoBackground drops
// it along with the background). Every outline goes to the background draw list: one draw call for all,
// beneath the areas, which have no background to hide it.
void beginOutlinedArea(const char* name, ImGuiWindowFlags flags) {
    ImGui::Begin(name, nullptr, flags);
    const ImGuiStyle& style = ImGui::GetStyle();
    if (style.WindowBorderSize <= 0) return;
    const ImVec2 min = ImGui::GetWindowPos();
    const ImVec2 max(min.x + ImGui::GetWindowSize().x, min.y + ImGui::GetWindowSize().y);
    ImGui::GetBackgroundDrawList()->AddRect(min, max, ImGui::GetColorU32(ImGuiCol_Border), style.WindowRounding, 0,
                                            style.WindowBorderSize);
}
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

// The letter of the key that picks a tool ("V"), else the first letter of its id.
std::string toolLetter(const Tool& tool) {
    int key = tool.key();
    if (key >= GLFW_KEY_A && key <= GLFW_KEY_Z) return std::string(1, static_cast<char>('A' + (key - GLFW_KEY_A)));
    std::string id = tool.id();
    return id.empty() ? std::string("?") : std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(id[0]))));
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

LayoutKind App::layoutKind() const {
    if (layoutChosen_) return *layoutChosen_;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    return automaticLayout(vp->Size.x, vp->Size.y, ImGui::GetFontSize());
}

void App::toggleLayout() {
    layoutChosen_ = layoutKind() == LayoutKind::Presentation ? LayoutKind::Side : LayoutKind::Presentation;
}

App::Layout App::computeLayout() const {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    float em = ImGui::GetFontSize();
    float frame = ImGui::GetFrameHeight();
    float left = vp->Pos.x, right = vp->Pos.x + vp->Size.x;
    float top = vp->Pos.y + menuBarHeight_;
    float bottom = vp->Pos.y + vp->Size.y;
    float height = std::max(1.0f, bottom - top);
    if (layoutShown_ == LayoutKind::Presentation) {
        // The scene from the menus to the window's bottom, the tools a column of letters at its left;
        // one column at the right holds the timeline (its controls on two rows), the explanation, the
        // panels' tabs and the status line.
        Layout l;
        l.presentation = true;
        float width = std::max(1.0f, right - left);
        float toolbarW = mode().tools().empty() ? 0.0f : std::min(em * 1.6f, width * 0.1f);
        float columnW = std::clamp(em * kPresentationColumnEm, std::min(em * 8, width * 0.5f),
                                   std::max(width * 0.5f, width - toolbarW - em * 12));
        columnW = std::min(columnW, std::max(1.0f, width - toolbarW - 1));
        const ImGuiStyle& style = ImGui::GetStyle();
        float barInner = columnW - em;  // the bar's padding is half an em a side
        float controlsH = frame;
        if (mode().timeline()) {
            Playback::Rows rows = Playback::compactRowsFor(barInner, timelineExtrasWidth_);
            l.seekOwnRow = rows.sliderOwnRow;
            controlsH += static_cast<float>(rows.count - 1) * (frame + style.ItemSpacing.y);
        }
        float statusH = em * 1.3f;  // one line of text (no frame), padded by 0.1 em (drawStatusBar)
        // The tabs' window: its padding, the tab bar and the spacing under it, then eight lines at least.
        float lineH = ImGui::GetTextLineHeightWithSpacing();
        float tabsFixed = em * 0.2f + em * 1.3f + style.ItemSpacing.y * 2 + 2;  // the tabs are 1.3 em tall
        float panelMin = lineH * 8;
        l.explanation = mode().explanation(ctx_);
        l.explanationLines = explanationLineCount(l.explanation, std::max(1.0f, barInner - style.ScrollbarSize));
        // Two lines at least, more while the shown panel keeps its eight; a longer text scrolls. The bar:
        // its padding (a quarter em a side), the controls, a spacing, then the explanation's lines whole.
        float barFixed = em * 0.5f + controlsH + style.ItemSpacing.y + 1;
        float spare = height - statusH - tabsFixed - panelMin - barFixed;
        int most = std::max(2, static_cast<int>(std::floor(spare / em)));
        l.explanationRows = std::clamp(l.explanationLines, 2, most);
        float timelineH = barFixed + em * static_cast<float>(l.explanationRows);
        float columnX = right - columnW;
        l.sideMin = ImVec2(columnX, top);
        l.sideMax = ImVec2(right, bottom);
        l.timelineMin = ImVec2(columnX, top);
        l.timelineMax = ImVec2(right, std::min(bottom, top + timelineH));
        l.statusMin = ImVec2(columnX, std::max(l.timelineMax.y, bottom - statusH));
        l.statusMax = ImVec2(right, bottom);
        l.tabsMin = ImVec2(columnX, l.timelineMax.y);
        l.tabsMax = ImVec2(right, std::max(l.tabsMin.y, l.statusMin.y));
        l.toolbarMin = ImVec2(left, top);
        l.toolbarMax = ImVec2(left + toolbarW, bottom);
        l.canvasMin = ImVec2(l.toolbarMax.x, top);
        l.canvasMax = ImVec2(std::max(l.toolbarMax.x + 1, columnX), bottom);
        return l;
    }
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
    // The presentation layout's column of letters keeps a thin padding, so that a letter fits its button.
    const float em = ImGui::GetFontSize();
    if (l.presentation) {
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(em * 0.1f, em * 0.15f));
        ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));  // narrower than ImGui's smallest window
    }
    beginOutlinedArea("##toolbar", kFixedArea & ~ImGuiWindowFlags_NoScrollbar);
    if (l.presentation) ImGui::PopStyleVar(2);
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
        // The presentation layout's narrow column: the tool's key letter, its name and key in the tooltip.
        const std::string letter = toolLetter(*tools[i]);
        const char* label = l.presentation ? letter.c_str() : tr(tools[i]->label());
        if (ImGui::Button(label, ImVec2(width, height))) active = i;
        toolbarOverflow_ = std::max(toolbarOverflow_, ImGui::GetItemRectMax().y - (l.toolbarMax.y - ImGui::GetStyle().WindowPadding.y));
        ImGui::PopID();
        if (on) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered())
            wrappedTooltip(l.presentation ? std::string(tr(tools[i]->label())) + " (" + letter + ")\n" + tr(tools[i]->tip())
                                          : std::string(tr(tools[i]->tip())));
    }
    ImGui::End();
}

void App::drawCanvas(const Layout& l) {
    placeWindow(l.canvasMin, l.canvasMax);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    ImGui::Begin("##scene", nullptr, kFixedArea | ImGuiWindowFlags_NoScrollWithMouse);
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
    panelShown_.clear();
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
        beginOutlinedArea("##folded_panels", kFixedArea | ImGuiWindowFlags_AlwaysAutoResize);
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
            beginOutlinedArea(window.c_str(), kFixedArea);
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
                    drawPanelBody(*panel, avail, ImGuiWindowFlags_None);
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
                ImGui::Begin(splitter.c_str(), nullptr, kFixedArea);
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

void App::drawPanelTabs(const Layout& l) {
    panelRects_.clear();
    std::vector<Panel*> docked;
    panelShown_.clear();
    for (Panel* panel : visiblePanels()) {
        if (!panel->floating && !isFloatingOnly(*panel)) docked.push_back(panel);
    }
    std::vector<std::string> shown, supporting;
    for (Panel* panel : docked) {
        shown.push_back(panel->id());
        if (panel->supporting()) supporting.push_back(panel->id());
    }
    std::vector<std::string> order = tabOrder(shown, ctx_.doc.scenario().lesson.panels, supporting);
    // A new document brings its lesson's own panel up; a panel just opened (View menu) comes up too.
    if (tabsSerial_ != ctx_.documentSerial) {
        tabsSerial_ = ctx_.documentSerial;
        if (!order.empty()) wantTab_ = order.front();
    } else {
        for (const std::string& id : order)
            if (std::find(tabIds_.begin(), tabIds_.end(), id) == tabIds_.end()) wantTab_ = id;
    }
    if (wantTab_.empty() && std::find(order.begin(), order.end(), shownTab_) == order.end() && !order.empty())
        wantTab_ = order.front();
    tabIds_ = order;
    if (order.empty() || l.tabsMax.y - l.tabsMin.y < 1) return;
    float em = ImGui::GetFontSize();
    placeWindow(l.tabsMin, l.tabsMax);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(em * 0.4f, em * 0.1f));
    // No keyboard navigation here: Tab is the key to the next tab, not to the next text field (ImGui's).
    beginOutlinedArea("##panel_tabs", kFixedArea | ImGuiWindowFlags_NoNavInputs);
    ImGui::PopStyleVar();
    // Tabs a little lower than a frame, for the panel's lines.
    const ImVec2 tabPadding(ImGui::GetStyle().FramePadding.x, em * 0.15f);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, tabPadding);
    // Tabs that do not fit shrink, their labels ending in "..." (a hovered tab grows to its whole label),
    // and the list button left of them names every panel whole: a scrolled strip cut its last tab mid-word.
    const bool tabBar = ImGui::BeginTabBar("##tabs", ImGuiTabBarFlags_FittingPolicyResizeDown | ImGuiTabBarFlags_TabListPopupButton |
                                                         ImGuiTabBarFlags_NoCloseWithMiddleMouseButton);
    ImGui::PopStyleVar();
    // When they did not all fit last frame, the shown tab leads the strip, where ImGui does not shrink
    // it: the class reads the name of the panel in front of it whole.
    const ImGuiTabBar* strip = tabBar ? GImGui->CurrentTabBar : nullptr;
    const bool crowded = strip && strip->WidthAllTabsIdeal > strip->BarRect.GetWidth() + 0.5f;
    if (tabBar) {
        for (const std::string& id : order) {
            Panel* panel = findPanel(id.c_str());
            if (!panel) continue;
            std::string label = std::string(panel->title()) + "###tab_" + id;
            ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, tabPadding);
            ImGuiTabItemFlags flags = wantTab_ == id ? ImGuiTabItemFlags_SetSelected : 0;
            if (crowded && (wantTab_.empty() ? shownTab_ == id : wantTab_ == id)) flags |= ImGuiTabItemFlags_Leading;
            bool open = ImGui::BeginTabItem(label.c_str(), nullptr, flags);
            ImGui::PopStyleVar();  // the panel's own frames keep their padding
            if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipPanelTab));
            ImGui::PushID(panel->id());
            if (ImGui::BeginPopupContextItem("##tab_menu")) {
                if (ImGui::MenuItem(tr(Str::PanelFloat))) panel->floating = true;
                if (ImGui::MenuItem(tr(Str::Close))) panel->visible = false;
                ImGui::EndPopup();
            }
            ImGui::PopID();
            if (!open) {
                panelShown_[panel->id()].hiddenTab = true;
                continue;
            }
            shownTab_ = id;
            ImVec2 avail = ImGui::GetContentRegionAvail();
            ImVec2 at = ImGui::GetCursorScreenPos();
            panelRects_[panel->id()] = {at.x, at.y, at.x + avail.x, at.y + avail.y};
            if (avail.x >= 1 && avail.y >= 1) {
                ImGui::PushID(panel->id());
                drawPanelBody(*panel, avail, ImGuiWindowFlags_NoNavInputs);
                ImGui::PopID();
            }
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    wantTab_.clear();
    ImGui::End();
}

void App::stepTab(int by) {
    if (tabIds_.empty()) return;
    auto at = std::find(tabIds_.begin(), tabIds_.end(), shownTab_);
    long index = at == tabIds_.end() ? 0 : static_cast<long>(at - tabIds_.begin());
    long count = static_cast<long>(tabIds_.size());
    wantTab_ = tabIds_[static_cast<std::size_t>(((index + by) % count + count) % count)];
}

bool App::hiddenUntilReveal(const Panel& panel) const {
    const Exercise* exercise = mode().exercise();
    return exercise && exercise->hides(panel.id(), ctx_.doc.scenario().lesson.hiddenUntilReveal);
}

// A tile's or a tab's scrolling body: how many text lines it shows, the panel, and how far its widest
// item ran past the body's right edge (ImGui's own record of it: that much was clipped).
void App::drawPanelBody(Panel& panel, ImVec2 size, int childFlags) {
    ImGui::BeginChild("##content", size, false, childFlags);
    panelShown_[panel.id()].visibleLines = linesThatFit(size.y, ImGui::GetTextLineHeightWithSpacing());
    drawPanelContent(panel);
    const ImGuiWindow* content = ImGui::GetCurrentWindow();
    panel.overflowPx = std::max(0.0f, content->DC.CursorMaxPos.x - content->WorkRect.Max.x);
    ImGui::EndChild();
}

void App::drawPanelContent(Panel& panel) {
    // On the frame --dump-ui reports, the text of the panel's items is kept for the dump.
    bool reported = keepDrawnText_ || (!options_.dumpUi.empty() && options_.frames > 0 && frameIndex_ + 1 >= options_.frames);
    DrawnTextCapture text;
    if (reported) text.begin();
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const DrawMark start = drawMarkOf(window);
    if (hiddenUntilReveal(panel)) ImGui::TextWrapped("%s", tr(Str::ExerciseHiddenUntilReveal));
    else panel.draw(ctx_);
    // Text is never cut mid-line: the line at an edge of the shown area shows whole or not at all.
    PanelShown& shown = panelShown_[panel.id()];
    shown.partialLinePx = clipToWholeLines(window, start);
    shown.scrollY = ImGui::GetScrollY();
    shown.scrolls = ImGui::GetScrollMaxY() > 0.5f;
    if (reported) panel.drawnText = text.end();
    panel.clippedPx = tablesClippedPx(ImGui::GetCurrentWindow());
    panelShown_[panel.id()].cutColumns = tablesCutColumns(ImGui::GetCurrentWindow());
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
    beginOutlinedArea("##timeline", kFixedArea | (l.presentation ? ImGuiWindowFlags_NoNavInputs : 0));
    // The slider leaves room for the mode's own buttons (AOI's Record), measured last frame.
    Timeline* compactTimeline = l.presentation ? mode().timeline() : nullptr;
    if (compactTimeline) {
        ctx_.playback.drawCompactButtons(*compactTimeline);
        if (timelineExtrasWidth_ > 0) sameLineIfFits(timelineExtrasWidth_ - ImGui::GetStyle().ItemSpacing.x * 2);
        else ImGui::SameLine();
    } else if (Timeline* timeline = mode().timeline()) {
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
    if (compactTimeline) ctx_.playback.drawSliderRow(*compactTimeline);
    else if (Timeline* timeline = mode().timeline(); timeline && l.seekOwnRow) ctx_.playback.drawSlider(*timeline);
    const std::string& explanation = l.explanation;
    if (!explanation.empty() && l.explanationRows > 0) {
        // The presentation layout gives it whole lines (wrapped text is a font size a line): none cut in half.
        ImGui::BeginChild("##explanation", ImVec2(0, l.presentation ? ImGui::GetFontSize() * static_cast<float>(l.explanationRows) : 0.0f));
        ImGuiWindow* box = ImGui::GetCurrentWindow();
        const DrawMark start = drawMarkOf(box);
        textWrappedCjk(explanation);
        explanationScrolls_ = ImGui::GetScrollMaxY() > 0.5f;  // the text is taller than the rows it was given
        explanationPartialLinePx_ = clipToWholeLines(box, start);  // scrolled by its scrollbar, a line could show in part
        ImGui::EndChild();
    } else {
        explanationScrolls_ = !explanation.empty();
        explanationPartialLinePx_ = 0;
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
    ImGui::Begin("##splitter", nullptr, kFixedArea);
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
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(em * 0.5f, em * (l.presentation ? 0.1f : 0.2f)));
    beginOutlinedArea("##status", kFixedArea);
    const World& world = ctx_.world();
    if (!l.presentation) ImGui::AlignTextToFramePadding();  // the presentation layout's is one line of text
    std::string entitiesAndSelection;  // the presentation layout's narrow status: in the tooltip instead
    if (mode().showsEntities() && l.presentation) {
        std::string selection = tr(Str::StatusNone);
        if (ctx_.selected)
            if (const Entity* e = world.find(*ctx_.selected))
                selection = std::to_string(e->id) + (e->name.empty() ? "" : " (" + e->name + ")");
        entitiesAndSelection = fmt(Str::StatusEntities, static_cast<int>(world.size())) + "\n" +
                               fmt(Str::StatusSelected, selection.c_str()) + "\n";
    } else if (mode().showsEntities()) {
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
        if (ImGui::IsItemHovered() && (shown != modeStatus || !entitiesAndSelection.empty()))
            wrappedTooltip(entitiesAndSelection + modeStatus);
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
