// The menus, the keyboard shortcuts, the file picker and the unsaved-changes prompt.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <string>

#include "app/app.h"
#include "app/edit_labels.h"
#include "app/legend.h"
#include "app/progress_window.h"
#include "app/scenario_library.h"
#include "app/text_wrap.h"

namespace aoilab::app {

namespace {
constexpr float kFontScales[] = {0.75f, 1.0f, 1.25f, 1.5f, 2.0f, 2.5f, 3.0f};
}  // namespace

namespace {
// An item's id: its text after "##" (ImGui's hidden part), else the label itself.
std::string menuEntryId(const char* label) {
    const char* hidden = std::strstr(label, "##");
    return hidden ? std::string(hidden + 2 + (hidden[2] == '#' ? 1 : 0)) : std::string(label);
}
std::string menuEntryLabel(const char* label) {
    const char* hidden = std::strstr(label, "##");
    return hidden ? std::string(label, hidden) : std::string(label);
}
std::array<float, 4> lastItemRect() {
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    return {min.x, min.y, max.x, max.y};
}
}  // namespace

bool App::beginMenu(const char* id, const char* label) {
    const bool open = ImGui::BeginMenu(label);
    drawnMenus_.push_back({id, menuEntryLabel(label), lastItemRect()});
    return open;
}

bool App::menuItem(const char* label, const char* shortcut, bool selected, bool enabled) {
    const bool chosen = ImGui::MenuItem(label, shortcut, selected, enabled);
    drawnMenuItems_.push_back({menuEntryId(label), menuEntryLabel(label), lastItemRect()});
    return chosen;
}

bool App::menuItem(const char* label, const char* shortcut, bool* selected) {
    const bool chosen = ImGui::MenuItem(label, shortcut, selected);
    drawnMenuItems_.push_back({menuEntryId(label), menuEntryLabel(label), lastItemRect()});
    return chosen;
}

void App::drawMenuBar() {
    drawnMenus_.clear();
    drawnMenuItems_.clear();
    if (!ImGui::BeginMainMenuBar()) return;
    // The work area under the bar only shrinks on the next frame in 1.86: remember the height now, so
    // the very first frame is laid out (and the world framed) like every later one.
    menuBarHeight_ = ImGui::GetWindowHeight();
    bool fileMenu = beginMenu("file", tr(Str::MenuFile));
    ImVec2 fileMin = ImGui::GetItemRectMin(), fileMax = ImGui::GetItemRectMax();
    menuFileRect_[0] = fileMin.x;
    menuFileRect_[1] = fileMin.y;
    menuFileRect_[2] = fileMax.x;
    menuFileRect_[3] = fileMax.y;
    if (fileMenu) {
        if (menuItem(tr(Str::MenuNew), "Ctrl+N")) ctx_.unlessUnsaved([this] { ctx_.newDocument(); });
        if (menuItem(tr(Str::MenuOpen), "Ctrl+O")) ctx_.unlessUnsaved([this] { ctx_.askOpen(); });
        if (menuItem(tr(Str::MenuSave), "Ctrl+S")) ctx_.saveOrAsk();
        if (menuItem(tr(Str::MenuSaveAs), "Ctrl+Shift+S")) ctx_.askSaveAs();
        if (menuItem(tr(Str::MenuCopyLink), "Ctrl+L")) copyLink();
        if (menuItem((std::string(tr(Str::AoiScreenshot)) + "##screenshot").c_str())) ctx_.requestScreenshot();
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipAoiScreenshot));
        if (beginMenu("recent", tr(Str::MenuRecent))) {
            if (ctx_.settings.recentFiles.empty()) menuItem(tr(Str::MenuRecentNone), nullptr, false, false);
            std::string chosen;
            for (const std::string& file : ctx_.settings.recentFiles)
                if (menuItem(file.c_str())) chosen = file;
            if (!ctx_.settings.recentFiles.empty()) {
                ImGui::Separator();
                if (menuItem(tr(Str::MenuRecentClear))) ctx_.settings.recentFiles.clear();
            }
            if (!chosen.empty()) ctx_.unlessUnsaved([this, chosen] { ctx_.openFile(chosen); });
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (menuItem(tr(Str::MenuQuit))) ctx_.unlessUnsaved([this] { ctx_.wantQuit = true; });
        ImGui::EndMenu();
    }
    if (beginMenu("edit", tr(Str::MenuEdit))) {
        EditHistory& h = ctx_.doc.history();
        ModeEdits* own = mode().edits();  // the graph editor's own edits, while it is shown
        bool canUndo = own ? own->canUndo() : h.canUndo(), canRedo = own ? own->canRedo() : h.canRedo();
        std::string undoText = own ? own->undoLabel() : canUndo ? localizedEditLabel(h.undoEdit()) : "";
        std::string redoText = own ? own->redoLabel() : canRedo ? localizedEditLabel(h.redoEdit()) : "";
        std::string undo = std::string(tr(Str::MenuUndo)) + (canUndo ? "  (" + undoText + ")" : "");
        std::string redo = std::string(tr(Str::MenuRedo)) + (canRedo ? "  (" + redoText + ")" : "");
        if (menuItem(undo.c_str(), "Ctrl+Z", false, canUndo)) ctx_.undo();
        if (menuItem(redo.c_str(), "Ctrl+Y", false, canRedo)) ctx_.redo();
        ImGui::Separator();
        bool canDelete = own ? own->hasSelection() : ctx_.selected.has_value();
        if (menuItem(tr(Str::MenuDeleteSelected), "Del", false, canDelete)) {
            if (own) own->deleteSelected(ctx_);
            else ctx_.deleteSelected();
        }
        ImGui::EndMenu();
    }
    if (beginMenu("view", tr(Str::MenuView))) {
        if (beginMenu("mode", tr(Str::MenuMode))) {
            for (std::size_t i = 0; i < modes_.size(); ++i) {
                std::string key = "F" + std::to_string(i + 1);
                if (menuItem(modes_[i]->title(), key.c_str(), i == activeMode_)) switchMode(i);
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
        ImGui::TextDisabled("%s", tr(Str::MenuPanels));
        for (auto& panel : mode().panels()) menuItem(panel->title(), nullptr, &panel->visible);
        for (auto& panel : panels_) menuItem(panel->title(), nullptr, &panel->visible);
        ImGui::Separator();
        menuItem(tr(Str::MenuGridLines), "G", &ctx_.settings.showGrid);
        menuItem(tr(Str::MenuViewRanges), nullptr, &ctx_.settings.showViewRanges);
        menuItem(tr(Str::MenuEntities), "I", &ctx_.settings.showEntities);
        menuItem(tr(Str::MenuSnapToGrid), nullptr, &ctx_.settings.snapToGrid);
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipSnapToGrid));
        if (menuItem(tr(Str::MenuFrameWorld), "F")) ctx_.wantFrameWorld = true;
        if (menuItem(tr(Str::MenuPresentationLayout), "L", layoutKind() == LayoutKind::Presentation)) toggleLayout();
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipPresentationLayout));
        ImGui::Separator();
        if (beginMenu("font_scale", tr(Str::MenuFontScale))) {
            for (float s : kFontScales) {
                char label[16];
                std::snprintf(label, sizeof label, "%.0f%%", s * 100);
                if (menuItem(label, nullptr, ctx_.settings.fontScale == s)) ctx_.settings.fontScale = s;
            }
            ImGui::EndMenu();
        }
        if (beginMenu("language", tr(Str::MenuLanguage))) {
            if (menuItem(tr(Str::LanguageEnglish), nullptr, language() == Language::English))
                setLanguage(Language::English);
            if (menuItem(tr(Str::LanguageChinese), nullptr, language() == Language::Chinese))
                setLanguage(Language::Chinese);
            ImGui::EndMenu();
        }
        ImGui::EndMenu();
    }
    if (beginMenu("scenario", tr(Str::MenuScenario))) {
        // The library, read when the menu opens (a new file shows up without a restart).
        if (ImGui::IsWindowAppearing() || library_.empty()) library_ = scanLibrary(findScenarioFolder());
        if (library_.empty()) menuItem(tr(Str::MenuLibraryNone), nullptr, false, false);
        std::string group = "\x01";
        std::string chosen;
        for (const LibraryEntry& entry : library_) {
            if (entry.group != group) {
                group = entry.group;
                if (!group.empty()) {
                    ImGui::Separator();
                    ImGui::TextDisabled("%s", group.c_str());
                }
            }
            const std::string& title = language() == Language::Chinese ? entry.titleZh : entry.titleEn;
            std::string label = title + "##" + entry.file.string();
            if (menuItem(label.c_str())) chosen = entry.file.string();
            if (ImGui::IsItemHovered()) wrappedTooltip(entry.file.filename().string().c_str());
        }
        if (!chosen.empty()) ctx_.unlessUnsaved([this, chosen] { ctx_.openFile(chosen); });
        ImGui::Separator();
        ImGui::TextDisabled("%s", tr(Str::MenuShape));
        ViewShape shape = ctx_.doc.scenario().aoi.shape;
        if (menuItem(tr(Str::ShapeSquare), nullptr, shape == ViewShape::Square)) ctx_.doc.setShape(ViewShape::Square);
        if (menuItem(tr(Str::ShapeCircle), nullptr, shape == ViewShape::Circle)) ctx_.doc.setShape(ViewShape::Circle);
        ImGui::EndMenu();
    }
    if (beginMenu("help", tr(Str::MenuHelp))) {
        if (Panel* sheet = findPanel("shortcuts")) menuItem(tr(Str::MenuShortcuts), "H", &sheet->visible);
        ImGui::EndMenu();
    }
    drawModeSwitcher();
    ImGui::EndMainMenuBar();
}

void App::handleFilePicker() {
    bool wasOpen = ctx_.picker.mode() == FilePicker::Mode::Open;
    if (auto chosen = ctx_.picker.draw()) {
        if (wasOpen) ctx_.openFile(*chosen);
        else ctx_.saveFile(*chosen);
    }
}

void App::drawDiscardPrompt() {
    if (!ctx_.pendingDiscard) return;
    const char* id = "###discard_prompt";
    std::string title = std::string(tr(Str::DiscardTitle)) + id;
    if (!ImGui::IsPopupOpen(id)) ImGui::OpenPopup(title.c_str());
    // In the window's middle and never wider than it (a long file name, a large font): the text wraps.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float em = ImGui::GetFontSize();
    const float textWidth = std::max(em * 8, std::min(em * 30, viewport->Size.x - em * 3));
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    std::string name = ctx_.doc.path().empty() ? tr(Str::ScenarioUnsaved) : ctx_.doc.path().filename().string();
    textWrappedCjk(fmt(Str::DiscardText, name.c_str()), textWidth);
    ImGui::Spacing();
    std::function<void()> run;
    bool close = false;
    if (!ctx_.doc.path().empty() && ImGui::Button(tr(Str::DiscardSave))) {
        if (ctx_.saveFile(ctx_.doc.path())) run = ctx_.pendingDiscard;
        close = true;
    }
    auto buttonWidth = [&](Str label) { return ImGui::CalcTextSize(tr(label)).x + ImGui::GetStyle().FramePadding.x * 2; };
    if (!ctx_.doc.path().empty()) sameLineWithin(textWidth, buttonWidth(Str::DiscardDrop));
    if (ImGui::Button(tr(Str::DiscardDrop))) {
        run = ctx_.pendingDiscard;
        close = true;
    }
    sameLineWithin(textWidth, buttonWidth(Str::DiscardCancel));
    if (ImGui::Button(tr(Str::DiscardCancel)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) close = true;
    if (close) {
        ctx_.pendingDiscard = nullptr;
        ImGui::CloseCurrentPopup();
    }
    discardRect_ = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                    ImGui::GetWindowPos().y + ImGui::GetWindowSize().y};
    ImGui::EndPopup();
    if (run) run();
}

void App::drawOpeningProgress() {
    const bool busy = ctx_.opening.busy();
    ProgressWindowText text;
    if (busy) {
        const DocumentOpening::Progress progress = ctx_.opening.progress();
        const bool reading = progress.phase == DocumentOpening::Phase::Reading;
        text.title = fmt(Str::OpeningTitle, ctx_.opening.file().filename().string().c_str());
        // Reading: the bar is the bytes parsed (both passes over the JSON); the line gives the file's size.
        text.what = reading ? fmt(Str::OpeningReading, groupedCount(((progress.total / 2) + (1u << 19)) >> 20).c_str())
                            : fmt(Str::OpeningPreparing, groupedCount(progress.done).c_str(), groupedCount(progress.total).c_str());
        text.fraction = progress.total == 0 ? 0.f : static_cast<float>(progress.done) / static_cast<float>(progress.total);
        text.seconds = progress.seconds;
        text.note = tr(Str::OpeningKeeps);
    }
    if (drawProgressWindow("###opening_progress", busy, text, openingRect_)) ctx_.opening.cancel();
}

void App::handleShortcuts() {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || ctx_.picker.isShown() || ctx_.pendingDiscard || ctx_.longWorkShown) return;
    auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
    if (io.KeyCtrl) {
        if (pressed(GLFW_KEY_Z) && !io.KeyShift) ctx_.undo();
        else if (pressed(GLFW_KEY_Y) || (pressed(GLFW_KEY_Z) && io.KeyShift)) ctx_.redo();
        else if (pressed(GLFW_KEY_S) && io.KeyShift) ctx_.askSaveAs();
        else if (pressed(GLFW_KEY_S)) ctx_.saveOrAsk();
        else if (pressed(GLFW_KEY_O)) ctx_.unlessUnsaved([this] { ctx_.askOpen(); });
        else if (pressed(GLFW_KEY_L)) copyLink();
        else if (pressed(GLFW_KEY_N)) ctx_.unlessUnsaved([this] { ctx_.newDocument(); });
        return;
    }
    if (io.KeyAlt || io.KeySuper) return;
    for (std::size_t i = 0; i < modes_.size() && i < 4; ++i)
        if (pressed(GLFW_KEY_F1 + static_cast<int>(i))) switchMode(i);
    auto& tools = mode().tools();
    for (std::size_t i = 0; i < tools.size(); ++i)
        if (tools[i]->key() && pressed(tools[i]->key())) activeTool_[activeMode_] = i;
    if (pressed(GLFW_KEY_F)) ctx_.wantFrameWorld = true;
    if (pressed(GLFW_KEY_G)) ctx_.settings.showGrid = !ctx_.settings.showGrid;
    if (pressed(GLFW_KEY_I)) ctx_.settings.showEntities = !ctx_.settings.showEntities;
    if (pressed(GLFW_KEY_L)) toggleLayout();
    if (pressed(GLFW_KEY_TAB) && layoutShown_ == LayoutKind::Presentation) stepTab(io.KeyShift ? -1 : 1);
    if (pressed(GLFW_KEY_H))
        if (Panel* sheet = findPanel("shortcuts")) sheet->visible = !sheet->visible;
    if (pressed(GLFW_KEY_DELETE)) {
        if (ModeEdits* own = mode().edits()) own->deleteSelected(ctx_);
        else ctx_.deleteSelected();
    }
}

void App::drawModeSwitcher() {
    // The workbenches as buttons after the menus: the active one lit, F1-F4 in the tooltip. When they do
    // not all fit (a narrow window at a large font: the last ones were off its edge), one menu named after
    // the active workbench lists them.
    float em = ImGui::GetFontSize();
    ImGui::SameLine(0, em * 1.5f);
    float buttons = 0;
    for (const auto& m : modes_) buttons += ImGui::CalcTextSize(m->title()).x + ImGui::GetStyle().FramePadding.x * 2;
    buttons += ImGui::GetStyle().ItemSpacing.x * static_cast<float>(modes_.size() - 1);
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    modeSwitcherFolded_ = ImGui::GetCursorScreenPos().x + buttons > right;
    if (modeSwitcherFolded_) {
        const bool open = ImGui::BeginMenu((std::string(mode().title()) + "###mode_switcher").c_str());
        if (!open)  // (inside the open menu the last item is its popup's)
            modeSwitcherRect_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
        if (open) {
            for (std::size_t i = 0; i < modes_.size(); ++i)
                if (ImGui::MenuItem(modes_[i]->title(), ("F" + std::to_string(i + 1)).c_str(), i == activeMode_)) switchMode(i);
            ImGui::EndMenu();
        }
        return;
    }
    for (std::size_t i = 0; i < modes_.size(); ++i) {
        if (i == 0) modeSwitcherRect_ = {ImGui::GetCursorScreenPos().x, ImGui::GetCursorScreenPos().y, 0, 0};
        bool active = i == activeMode_;
        ImGui::PushStyleColor(ImGuiCol_Button, active ? ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive)
                                                      : ImGui::GetStyleColorVec4(ImGuiCol_Button));
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::SmallButton(modes_[i]->title())) switchMode(i);
        ImGui::PopID();
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) wrappedTooltip(std::string(tr(Str::TipModeSwitch)) + " (F" + std::to_string(i + 1) + ")");
        modeSwitcherRect_[2] = ImGui::GetItemRectMax().x;
        modeSwitcherRect_[3] = ImGui::GetItemRectMax().y;
    }
}

}  // namespace aoilab::app
