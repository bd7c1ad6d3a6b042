// --dump-ui / the script's "dump": the UI state as JSON, so window tests can assert on what the user sees
// (the error panel's text, where each entity is drawn, the language and its glyphs).
#include <imgui_internal.h>  // the tooltip's window, for tooltip_rect; the tab strip's layout

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <optional>
#include <nlohmann/json.hpp>

#include "app/timeline.h"
#include "app/app.h"
#include "app/run_inputs.h"
#include "core/atomic_file.h"
#include "core/text_check.h"
#include "core/error.h"
#include "app/fonts.h"
#include "app/platform.h"
#include "app/theme.h"

namespace aoilab::app {

namespace {
// The presentation layout's tab strip as ImGui laid it out last frame: how many tabs, how many reach past
// the strip's edges (a label cut mid-word), how many are narrower than their label (shown with "..."),
// and whether the shown tab's label is whole.
nlohmann::json panelTabsJson() {
    nlohmann::json tabs = {{"count", 0}, {"cut", 0}, {"shortened", 0}, {"shown_whole", false}};
    ImGuiWindow* window = ImGui::FindWindowByName("##panel_tabs");
    if (!window || !(window->Active || window->WasActive)) return tabs;
    ImGuiTabBar* bar = GImGui->TabBars.GetByKey(ImHashStr("##tabs", 0, window->ID));
    if (!bar) return tabs;
    int count = 0, cut = 0, shortened = 0;
    bool shownWhole = false;
    for (const ImGuiTabItem& tab : bar->Tabs) {
        if (tab.LastFrameVisible != bar->CurrFrameVisible) continue;  // not submitted with the strip
        ++count;
        const float left = bar->BarRect.Min.x + tab.Offset - bar->ScrollingAnim;
        if (left < bar->BarRect.Min.x - 0.5f || left + tab.Width > bar->BarRect.Max.x + 0.5f) ++cut;
        if (tab.Width < tab.ContentWidth - 0.5f) ++shortened;
        else if (tab.ID == bar->SelectedTabId) shownWhole = true;
    }
    tabs = {{"count", count}, {"cut", cut}, {"shortened", shortened}, {"shown_whole", shownWhole}};
    return tabs;
}

std::string hexColour(Rgba rgba) {
    unsigned rgb = rgba == 0 ? theme::kEntityHex : (rgba >> 8);
    char text[8];
    std::snprintf(text, sizeof text, "#%06X", rgb & 0xFFFFFFu);
    return text;
}
nlohmann::json point(ImVec2 p) { return nlohmann::json::array({p.x, p.y}); }
}  // namespace

bool App::dumpUi(const std::string& file) const {
    // Refused before any work when it would replace a file the run reads.
    if (std::string refusal = outputRefusal(file, false, ctx_.doc); !refusal.empty()) {
        std::fprintf(stderr, "aoilab: %s\n", refusal.c_str());
        return false;
    }
    try {
        writeFileAtomic(file, dumpUiText());
    } catch (const InputError& e) {
        std::fprintf(stderr, "aoilab: %s\n", e.what());
        return false;
    }
    return true;
}

std::string App::dumpUiText() const {
    using nlohmann::json;
    json j;
    j["frame"] = frameIndex_;
    j["language"] = languageCode(language());
    j["font_scale"] = ctx_.settings.fontScale;
    float contentX = 1, contentY = 1;
    platform::contentScale(window_, contentX, contentY);
    j["content_scale"] = {contentX, contentY};
    j["font_size"] = ImGui::GetIO().Fonts->Fonts.empty() ? 0.0f : ImGui::GetIO().Fonts->Fonts[0]->FontSize;
    j["cjk_font"] = ctx_.cjkFontAvailable;
    j["missing_glyphs"] = countMissingGlyphs(allStrings(language()));
    j["document"] = {{"path", ctx_.doc.path().string()},
                     {"dirty", ctx_.doc.dirty()},
                     {"title", ctx_.doc.scenario().title},
                     {"title_shown", inUiLanguage(ctx_.doc.scenario().title, ctx_.doc.scenario().lesson.titleZh)},
                     {"shape", ctx_.doc.scenario().aoi.shape == ViewShape::Circle ? "circle" : "square"},
                     {"method", ctx_.doc.scenario().aoi.method},
                     {"width", ctx_.doc.world().width()},
                     {"height", ctx_.doc.world().height()},
                     {"obstacles", ctx_.doc.world().obstacles().size()},
                     {"entity_count", ctx_.doc.world().size()},
                     {"can_undo", ctx_.doc.history().canUndo()},
                     {"can_redo", ctx_.doc.history().canRedo()}};
    json entities = json::array();
    for (const Entity& e : ctx_.world().entities())
        entities.push_back({{"id", e.id}, {"name", e.name}, {"x", e.x}, {"y", e.y}, {"radius", e.radius},
                            {"color", hexColour(e.color)}, {"screen", point(scene_.toScreen({e.x, e.y}))}});
    j["entities"] = entities;
    // File > Copy link's last link, and whether the clipboard holds it.
    if (lastLink_.empty()) j["share_link"] = nullptr;
    else {
        const char* clipboard = ImGui::GetClipboardText();
        j["share_link"] = {{"text", lastLink_}, {"length", lastLink_.size()},
                           {"on_clipboard", clipboard != nullptr && lastLink_ == clipboard}};
    }
    j["selected"] = ctx_.selected ? json(*ctx_.selected) : json(nullptr);
    j["layout"] = layoutName(layoutShown_);  // presentation (the scene large, panels as tabs) or side
    j["panel_tabs"] = panelTabsJson();
    j["mode"] = mode().id();
    j["modes"] = json::array();
    for (const auto& m : modes_) j["modes"].push_back(m->id());
    {
        const Timeline* timeline = mode().timeline();
        j["timeline"] = {{"position", timeline ? timeline->position() : 0},
                         {"length", timeline ? timeline->length() : 0},
                         {"playing", ctx_.playback.playing()},
                         {"speed", ctx_.playback.speed()},
                         {"overflow_px", timelineOverflow_}};
        const Playback::Rect& slider = ctx_.playback.sliderRect();
        j["timeline"]["rect"] = {lastLayout_.timelineMin.x, lastLayout_.timelineMin.y, lastLayout_.timelineMax.x,
                                 lastLayout_.timelineMax.y};
        j["timeline"]["slider"] = {{"own_row", lastLayout_.seekOwnRow},
                                   {"seekable", ctx_.playback.sliderSeekable()},
                                   {"rect", slider.maxX > slider.minX
                                                ? json::array({slider.minX, slider.minY, slider.maxX, slider.maxY})
                                                : json(nullptr)}};
        j["status_bar"] = {{"frame_right", statusFrameRight_}};
    }
    j["explanation"] = mode().explanation(ctx_);
    // How many lines the explanation wrapped to in the timeline bar, and how many the bar showed.
    j["explanation_box"] = {{"lines", lastLayout_.explanationLines}, {"rows", lastLayout_.explanationRows},
                            {"scrolls", explanationScrolls_}, {"partial_line_px", explanationPartialLinePx_}};
    j["edit_lock"] = ctx_.editLock;
    const Tool* tool = const_cast<App*>(this)->activeTool();
    j["tool"] = tool ? tool->id() : "none";
    j["tools"] = json::array();
    for (const auto& t : const_cast<App*>(this)->mode().tools()) j["tools"].push_back(t->id());
    j["toolbar"] = {{"overflow_px", toolbarOverflow_}};  // the last tool button past the column's bottom
    j["canvas"] = {{"min", point(lastLayout_.canvasMin)},
                   {"max", point(lastLayout_.canvasMax)},
                   {"pixels_per_unit", scene_.pixelsPerUnit()},
                   {"crowd_uploads", scene_.crowdUploads()},
                   {"entity_image_uploads", scene_.entityImageUploads()},
                   {"drawn_dot_radius", scene_.drawnDotRadius()},
                   {"entities_hidden", scene_.entitiesHidden()},
                   {"entities_drawn", scene_.drawnEntities()},
                   {"ranges_drawn", scene_.drawnRanges()},
                   {"obstacle_uploads", scene_.obstacleUploads()},
                   {"dot_radius", ImGui::GetIO().Fonts->Fonts.empty() ? 0.0f : std::max(3.0f, ImGui::GetIO().Fonts->Fonts[0]->FontSize * 0.32f)},
                   {"outside_color", "#15171B"},
                   {"world_color", "#2A2E35"}};
    // The legend in the canvas corner: each row's swatches (#RRGGBB), ring or dot, and text.
    {
        json rows = json::array();
        for (const SceneView::LegendRow& row : scene_.legend().rows) {
            json colours = json::array();
            for (ImU32 c : row.colours) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "#%02X%02X%02X", c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF);
                colours.push_back(hex);
            }
            rows.push_back({{"colours", colours}, {"ring", row.ring}, {"text", row.text}});
        }
        const LabelPlacer::Box& r = scene_.legend().rect;
        j["canvas"]["legend"] = {{"rows", rows}, {"rect", {r.minX, r.minY, r.maxX, r.maxY}}};
    }
    // What the workbench frames (its map, its graph, the lesson's entities; Mode::bounds) as drawn now,
    // [x0, y0, x1, y1] in window pixels: a lesson opens with it filling the canvas.
    if (std::optional<Rect> framed = mode().bounds(ctx_)) {
        const ImVec2 a = scene_.toScreen({framed->minX, framed->minY}), b = scene_.toScreen({framed->maxX, framed->maxY});
        j["canvas"]["content"] = {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)};
    }
    // Where the axis numbers are drawn (over the scene): no label of the scene lies under them.
    j["canvas"]["axis_boxes"] = json::array();
    for (const LabelPlacer::Box& box : scene_.axisTicks().boxes)
        j["canvas"]["axis_boxes"].push_back({box.minX, box.minY, box.maxX, box.maxY});
    {  // the axis numbers as drawn: where (window pixels) and which coordinate each names
        const SceneView::AxisTicks& ticks = scene_.axisTicks();
        json x = json::array(), y = json::array();
        for (std::size_t i = 0; i < ticks.x.size(); ++i) x.push_back({{"at", scene_.toScreen({ticks.x[i], 0}).x}, {"value", ticks.xValue[i]}});
        for (std::size_t i = 0; i < ticks.y.size(); ++i) y.push_back({{"at", scene_.toScreen({0, ticks.y[i]}).y}, {"value", ticks.yValue[i]}});
        j["canvas"]["axis_numbers"] = {{"x", x}, {"y", y}};
    }
    j["menu_file_rect"] = {menuFileRect_[0], menuFileRect_[1], menuFileRect_[2], menuFileRect_[3]};
    auto menuEntries = [](const std::vector<DrawnMenuEntry>& entries) {
        nlohmann::json list = nlohmann::json::array();
        for (const DrawnMenuEntry& e : entries) list.push_back({{"id", e.id}, {"label", e.label}, {"rect", e.rect}});
        return list;
    };
    j["menus"] = menuEntries(drawnMenus_);
    j["menu_items"] = menuEntries(drawnMenuItems_);
    j["mode_switcher"] = {{"folded", modeSwitcherFolded_},
                          {"rect", {modeSwitcherRect_[0], modeSwitcherRect_[1], modeSwitcherRect_[2], modeSwitcherRect_[3]}}};
    // The shell's panels and the active mode's: where each was drawn (window pixels) and what it drew.
    json panels = json::array();
    auto addPanel = [&](const Panel& panel) {
        auto rect = panelRects_.find(panel.id());
        bool drawn = panel.visible && rect != panelRects_.end();
        auto found = panelShown_.find(panel.id());
        const PanelShown shown = found == panelShown_.end() ? PanelShown{} : found->second;
        panels.push_back({{"id", panel.id()}, {"title", panel.title()}, {"visible", drawn},
                          {"open", panel.visible}, {"floating", panel.floating}, {"collapsed", panel.collapsed},
                          {"rect", drawn ? json(rect->second) : json(nullptr)},
                          {"hidden_until_reveal", hiddenUntilReveal(panel)},
                          {"drawn", hiddenUntilReveal(panel) ? json(nullptr) : panel.dump(ctx_)},
                          {"overflow_px", panel.overflowPx},
                          {"clipped_px", panel.clippedPx},
                          {"cut", shown.cutColumns},
                          {"visible_lines", shown.visibleLines},
                          {"tab", shown.hiddenTab},
                          {"scrolls", shown.scrolls},
                          {"scroll_y", shown.scrollY},
                          {"partial_line_px", shown.partialLinePx},
                          {"text", panel.drawnText}});
    };
    for (const auto& panel : mode().panels()) addPanel(*panel);
    for (const auto& panel : panels_) addPanel(*panel);
    j["panels"] = panels;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    j["window"] = {{"width", vp->Size.x}, {"height", vp->Size.y}};
    {  // the mean work of the last 60 timed frames (fewer when the run was shorter); frame k is in slot
        // k % 60; the final frame of a --frames run with --dump-ui is not timed (app.cpp)
        bool finalUntimed = options_.frames > 0 && frameIndex_ >= options_.frames + heldFrames_ && !options_.dumpUi.empty();
        std::size_t newest = static_cast<std::size_t>(std::max(0, frameIndex_ - (finalUntimed ? 1 : 0)));
        std::size_t frames = std::min<std::size_t>(newest, frameWorkMs_.size());
        double sum = 0;
        for (std::size_t i = 0; i < frames; ++i) sum += frameWorkMs_[(newest - i) % frameWorkMs_.size()];
        j["frame_ms"] = frames ? sum / static_cast<double>(frames) : 0.0;
        j["frame_ms_frames"] = frames;
        j["frame_cap_ms"] = frameCapMs_;  // the pace: 1000/60, or 1000/5 while work runs on a worker
    }
    j["errors"] = ctx_.errors;
    j["status"] = ctx_.statusMessage;
    j["status_mode"] = mode().statusText(ctx_);  // the workbench's part of the status bar, as drawn
    j["discard_prompt"] = static_cast<bool>(ctx_.pendingDiscard);
    j["discard_prompt_rect"] = ctx_.pendingDiscard ? json(discardRect_) : json(nullptr);
    if (ctx_.opening.busy()) {  // a large file being read and prepared: what its progress bar shows
        const DocumentOpening::Progress progress = ctx_.opening.progress();
        j["opening"] = {{"file", ctx_.opening.file().string()},
                        {"phase", progress.phase == DocumentOpening::Phase::Reading ? "reading" : "preparing"},
                        {"done", progress.done},
                        {"total", progress.total},
                        {"rect", openingRect_}};
    } else {
        j["opening"] = nullptr;
    }
    j["picker"] = !ctx_.picker.isShown() ? json(nullptr)
                  : json(ctx_.picker.mode() == FilePicker::Mode::Open ? "open" : "save");
    if (ctx_.picker.isShown()) j["picker_rect"] = {{"window", ctx_.picker.rect()}, {"ok_button", ctx_.picker.okRect()}};
    // The tooltip shown this frame (ImGui's own window for it), where it was drawn.
    const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
    j["tooltip_rect"] = tip && tip->Active ? json({tip->Pos.x, tip->Pos.y, tip->Pos.x + tip->Size.x, tip->Pos.y + tip->Size.y})
                                           : json(nullptr);
    // Each mode's own part under its id (what it drew and computed), whether shown or not.
    for (const auto& m : modes_) j[m->id()] = m->dump(ctx_);
    return dumpJson(j, 2) + "\n";
}

}  // namespace aoilab::app
