#include "app/app.h"

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "app/aoi_hooks.h"
#include "app/edit_labels.h"
#include "app/fonts.h"
#include "app/panels/panel_list.h"
#include "app/screenshot.h"
#include "app/theme.h"
#include "core/error.h"

namespace aoilab::app {

namespace fs = std::filesystem;

namespace {
constexpr double kFrameSeconds = 1.0 / 60.0;  // the cap (Xvfb ignores the swap interval)
constexpr float kFixedDeltaTime = 1.0f / 60.0f;
constexpr float kFontScales[] = {0.75f, 1.0f, 1.25f, 1.5f, 2.0f, 2.5f, 3.0f};
constexpr ImGuiWindowFlags kFixedArea = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

void placeWindow(ImVec2 min, ImVec2 max) {
    ImGui::SetNextWindowPos(min);
    ImGui::SetNextWindowSize(ImVec2(std::max(1.0f, max.x - min.x), std::max(1.0f, max.y - min.y)));
}
}  // namespace

App::App(GLFWwindow* window, AppOptions options) : window_(window), options_(std::move(options)) {
    ctx_.scene = &scene_;
    panels_ = makePanels();
    tools_ = makeTools();

    fs::path config = configDirectory();
    std::error_code ec;
    fs::create_directories(config, ec);
    settingsFile_ = config / "settings.json";
    iniFile_ = (config / "imgui.ini").string();
    ctx_.settings = loadSettings(settingsFile_);
    for (auto& panel : panels_)
        if (auto it = ctx_.settings.panelVisible.find(panel->id()); it != ctx_.settings.panelVisible.end())
            panel->visible = it->second;
    if (options_.fontScale) ctx_.settings.fontScale = *options_.fontScale;

    testMode_ = options_.frames > 0 || !options_.script.empty();
    if (!options_.script.empty()) script_ = loadInputScript(options_.script);  // InputError -> main()

    rebuildFonts();
    Language lang = options_.language.value_or(ctx_.settings.language);
    setLanguage(lang);

    if (!options_.scenario.empty()) ctx_.openFile(options_.scenario);
    applyAoiStartOptions(options_, panels_, ctx_);  // --show, --select (app/aoi_hooks.h)
    // Last, so a constructor that throws (a bad --script) never leaves ImGui a pointer into a dead App.
    ImGui::GetIO().IniFilename = iniFile_.c_str();
}

App::~App() {
    // ImGui writes imgui.ini again in DestroyContext(), after this App (and iniFile_) is gone: save now
    // and drop the pointer.
    ImGuiIO& io = ImGui::GetIO();
    if (io.IniFilename) ImGui::SaveIniSettingsToDisk(io.IniFilename);
    io.IniFilename = nullptr;
}

void App::savePersistentSettings() {
    for (auto& panel : panels_)
        if (!panel->floatingByDefault()) ctx_.settings.panelVisible[panel->id()] = panel->visible;
    saveSettings(ctx_.settings, settingsFile_);
}

void App::rebuildFonts() {
    std::vector<std::string> names;
    for (const Entity& e : ctx_.doc.world().entities()) names.push_back(e.name);
    names.push_back(ctx_.doc.scenario().title);
    names.push_back(ctx_.doc.scenario().description);
    // On a HiDPI screen (content scale 2) everything is drawn twice as large, on top of the user's scale.
    float contentX = 1, contentY = 1;
    glfwGetWindowContentScale(window_, &contentX, &contentY);
    float scale = ctx_.settings.fontScale * std::clamp(std::max(contentX, contentY), 1.0f, 4.0f);
    FontStatus status = aoilab::app::rebuildFonts(scale, !options_.noCjkMerge, names, true);
    ctx_.cjkFontAvailable = status.cjkLoaded || options_.noCjkMerge;
    ctx_.cjkFontPath = status.cjkPath;
    theme::applyStyle(scale);
    appliedFontScale_ = ctx_.settings.fontScale;
    ctx_.wantFontRebuild = false;
}

void App::setLanguage(Language lang) {
    if (lang == Language::Chinese && !ctx_.cjkFontAvailable) {
        aoilab::app::setLanguage(Language::English);
        ctx_.reportError(fmt(Str::ErrorNoCjkFont, ctx_.cjkFontPath.c_str()));
        return;
    }
    aoilab::app::setLanguage(lang);
    ctx_.settings.language = lang;
}

Panel* App::findPanel(const char* id) {
    for (auto& panel : panels_)
        if (std::string_view(panel->id()) == id) return panel.get();
    return nullptr;
}

// --- Main loop ----------------------------------------------------------------------------------------

int App::run() {
    int activeFrames = 3;
    ImGuiIO& io = ImGui::GetIO();
    for (;;) {
        if (glfwWindowShouldClose(window_)) {
            if (testMode_ || !ctx_.doc.dirty()) break;
            // Closing with unsaved changes: ask first (the modal's Discard quits).
            glfwSetWindowShouldClose(window_, GLFW_FALSE);
            ctx_.unlessUnsaved([this] { ctx_.wantQuit = true; });
        }
        double start = glfwGetTime();
        if (testMode_) {
            glfwPollEvents();
        } else if (activeFrames > 0 || ImGui::IsAnyMouseDown() || ctx_.animating) {
            glfwPollEvents();
            activeFrames = std::max(0, activeFrames - 1);
        } else {
            // Idle: sleep until an event arrives; a wake-up before the timeout means input, so draw a
            // few frames (ImGui needs them to settle hover and popups).
            constexpr double kIdleTimeout = 0.5;
            glfwWaitEventsTimeout(kIdleTimeout);
            if (glfwGetTime() - start < kIdleTimeout * 0.95) activeFrames = 3;
            start = glfwGetTime();
        }
        if (ctx_.wantFontRebuild || appliedFontScale_ != ctx_.settings.fontScale) rebuildFonts();

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        if (testMode_) io.DeltaTime = kFixedDeltaTime;
        if (!script_.empty()) applyScriptInput();
        ImGui::NewFrame();
        drawFrame();
        ImGui::Render();

        int width = 0, height = 0;
        glfwGetFramebufferSize(window_, &width, &height);
        glViewport(0, 0, width, height);
        glClearColor(0.08f, 0.09f, 0.10f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        bool last = options_.frames > 0 && frameIndex_ + 1 >= options_.frames;
        if (last && !options_.screenshot.empty()) pendingScreenshots_.push_back(options_.screenshot);
        if (!ctx_.screenshotRequest.empty()) pendingScreenshots_.push_back(std::exchange(ctx_.screenshotRequest, {}));
        for (const std::string& file : pendingScreenshots_) {
            std::string problem = saveScreenshot(file, width, height);
            if (!problem.empty()) {
                std::fprintf(stderr, "aoilab: %s\n", problem.c_str());
                exitCode_ = 1;
            }
        }
        pendingScreenshots_.clear();
        glfwSwapBuffers(window_);
        ++frameIndex_;
        if (last || scriptQuit_ || ctx_.wantQuit) break;
        // The status bar shows the work of a frame (not the cap's sleep): what a heavier scene costs.
        double work = glfwGetTime() - start;
        ctx_.frameMs = testMode_ ? kFixedDeltaTime * 1000 : static_cast<float>(work * 1000);
        if (!testMode_ && work < kFrameSeconds)
            std::this_thread::sleep_for(std::chrono::duration<double>(kFrameSeconds - work));
    }
    if (!options_.dumpUi.empty()) dumpUi(options_.dumpUi);
    savePersistentSettings();
    return exitCode_;
}

// --- Scripted input ------------------------------------------------------------------------------------

void App::applyScriptInput() {
    ImGuiIO& io = ImGui::GetIO();
    for (int key : scriptKeysDown_) io.KeysDown[key] = false;  // a scripted key is down for one frame
    scriptKeysDown_.clear();
    scriptCtrl_ = scriptShift_ = scriptAlt_ = false;
    for (; scriptNext_ < script_.size() && script_[scriptNext_].frame <= frameIndex_; ++scriptNext_) {
        const ScriptEvent& e = script_[scriptNext_];
        switch (e.kind) {
        case ScriptEvent::Kind::Move: scriptMouse_ = ImVec2(e.x, e.y); break;
        case ScriptEvent::Kind::MoveBy: scriptMouse_ = ImVec2(scriptMouse_.x + e.x, scriptMouse_.y + e.y); break;
        case ScriptEvent::Kind::MoveWorld: scriptMouse_ = scene_.toScreen({e.x, e.y}); break;
        case ScriptEvent::Kind::Press: scriptButtons_[e.button] = true; break;
        case ScriptEvent::Kind::Release: scriptButtons_[e.button] = false; break;
        case ScriptEvent::Kind::Wheel: scriptWheel_ += e.y; break;
        case ScriptEvent::Kind::Key:
            io.KeysDown[e.key] = true;
            scriptKeysDown_.push_back(e.key);
            scriptCtrl_ |= e.ctrl;
            scriptShift_ |= e.shift;
            scriptAlt_ |= e.alt;
            break;
        case ScriptEvent::Kind::Text: io.AddInputCharactersUTF8(e.file.c_str()); break;
        case ScriptEvent::Kind::Save: ctx_.saveFile(e.file); break;
        case ScriptEvent::Kind::Open: ctx_.openFile(e.file); break;
        case ScriptEvent::Kind::Dump: dumpUi(e.file); break;
        case ScriptEvent::Kind::Screenshot: pendingScreenshots_.push_back(e.file); break;
        case ScriptEvent::Kind::Quit: scriptQuit_ = true; break;
        }
    }
    io.MousePos = scriptMouse_;
    for (int b = 0; b < 3; ++b) io.MouseDown[b] = scriptButtons_[b];
    io.MouseWheel = scriptWheel_;
    scriptWheel_ = 0;
    io.KeyCtrl = scriptCtrl_;
    io.KeyShift = scriptShift_;
    io.KeyAlt = scriptAlt_;
    io.KeySuper = false;
    if (scriptNext_ >= script_.size() && options_.frames == 0 && !scriptQuit_) {
        // The script is over: hand the window back to the user at the normal pace.
        script_.clear();
        testMode_ = false;
    }
}

// --- One frame ----------------------------------------------------------------------------------------

App::Layout App::computeLayout() const {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    float em = ImGui::GetFontSize();
    float top = vp->Pos.y + menuBarHeight_;
    float bottom = vp->Pos.y + vp->Size.y;
    float left = vp->Pos.x;
    float right = vp->Pos.x + vp->Size.x;
    float statusH = ImGui::GetFrameHeight() + em * 0.4f;
    float toolbarW = em * 6.0f;
    float maxSide = std::max(em * 14, (right - left) - toolbarW - em * 16);
    float sideW = std::clamp(ctx_.settings.sideWidthEm * em, em * 14, maxSide);
    Layout l;
    l.statusMin = ImVec2(left, bottom - statusH);
    l.statusMax = ImVec2(right, bottom);
    l.toolbarMin = ImVec2(left, top);
    l.toolbarMax = ImVec2(left + toolbarW, l.statusMin.y);
    l.sideMin = ImVec2(right - sideW, top);
    l.sideMax = ImVec2(right, l.statusMin.y);
    l.canvasMin = ImVec2(l.toolbarMax.x, top);
    l.canvasMax = ImVec2(l.sideMin.x, l.statusMin.y);
    return l;
}

void App::drawFrame() {
    drawMenuBar();  // first: the work area below it is known afterwards
    Layout layout = computeLayout();
    lastLayout_ = layout;
    drawToolbar(layout);
    drawCanvas(layout);
    drawSidePanels(layout);
    drawSplitter(layout);
    if (ctx_.errorSerial != errorsSeen_) {  // a new error: bring the error panel up
        errorsSeen_ = ctx_.errorSerial;
        if (Panel* errors = findPanel("errors")) errors->visible = true;
    }
    drawFloatingPanels(layout);
    drawStatusBar(layout);
    handleFilePicker();
    drawDiscardPrompt();
    handleShortcuts();

    std::string title = "aoilab - " + (ctx_.doc.path().empty() ? std::string(tr(Str::ScenarioUnsaved))
                                                               : ctx_.doc.path().filename().string());
    if (ctx_.doc.dirty()) title += " *";
    static std::string shownTitle;
    if (title != shownTitle) {
        glfwSetWindowTitle(window_, title.c_str());
        shownTitle = title;
    }
}

void App::drawMenuBar() {
    if (!ImGui::BeginMainMenuBar()) return;
    // The work area under the bar only shrinks on the next frame in 1.86: remember the height now, so
    // the very first frame is laid out (and the world framed) like every later one.
    menuBarHeight_ = ImGui::GetWindowHeight();
    bool fileMenu = ImGui::BeginMenu(tr(Str::MenuFile));
    ImVec2 fileMin = ImGui::GetItemRectMin(), fileMax = ImGui::GetItemRectMax();
    menuFileRect_[0] = fileMin.x;
    menuFileRect_[1] = fileMin.y;
    menuFileRect_[2] = fileMax.x;
    menuFileRect_[3] = fileMax.y;
    if (fileMenu) {
        if (ImGui::MenuItem(tr(Str::MenuNew), "Ctrl+N")) ctx_.unlessUnsaved([this] { ctx_.newDocument(); });
        if (ImGui::MenuItem(tr(Str::MenuOpen), "Ctrl+O")) ctx_.unlessUnsaved([this] { ctx_.askOpen(); });
        if (ImGui::MenuItem(tr(Str::MenuSave), "Ctrl+S")) ctx_.saveOrAsk();
        if (ImGui::MenuItem(tr(Str::MenuSaveAs), "Ctrl+Shift+S")) ctx_.askSaveAs();
        if (ImGui::BeginMenu(tr(Str::MenuRecent))) {
            if (ctx_.settings.recentFiles.empty()) ImGui::MenuItem(tr(Str::MenuRecentNone), nullptr, false, false);
            std::string chosen;
            for (const std::string& file : ctx_.settings.recentFiles)
                if (ImGui::MenuItem(file.c_str())) chosen = file;
            if (!ctx_.settings.recentFiles.empty()) {
                ImGui::Separator();
                if (ImGui::MenuItem(tr(Str::MenuRecentClear))) ctx_.settings.recentFiles.clear();
            }
            if (!chosen.empty()) ctx_.unlessUnsaved([this, chosen] { ctx_.openFile(chosen); });
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem(tr(Str::MenuQuit))) ctx_.unlessUnsaved([this] { ctx_.wantQuit = true; });
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr(Str::MenuEdit))) {
        EditHistory& h = ctx_.doc.history();
        std::string undo = std::string(tr(Str::MenuUndo)) + (h.canUndo() ? "  (" + localizedEditLabel(h.undoEdit()) + ")" : "");
        std::string redo = std::string(tr(Str::MenuRedo)) + (h.canRedo() ? "  (" + localizedEditLabel(h.redoEdit()) + ")" : "");
        if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, h.canUndo())) ctx_.undo();
        if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, h.canRedo())) ctx_.redo();
        ImGui::Separator();
        if (ImGui::MenuItem(tr(Str::MenuDeleteSelected), "Del", false, ctx_.selected.has_value())) ctx_.deleteSelected();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr(Str::MenuView))) {
        ImGui::TextDisabled("%s", tr(Str::MenuPanels));
        for (auto& panel : panels_) ImGui::MenuItem(panel->title(), nullptr, &panel->visible);
        ImGui::Separator();
        ImGui::MenuItem(tr(Str::MenuGridLines), "G", &ctx_.settings.showGrid);
        ImGui::MenuItem(tr(Str::MenuViewRanges), nullptr, &ctx_.settings.showViewRanges);
        if (ImGui::MenuItem(tr(Str::MenuFrameWorld), "F")) ctx_.wantFrameWorld = true;
        ImGui::Separator();
        if (ImGui::BeginMenu(tr(Str::MenuFontScale))) {
            for (float s : kFontScales) {
                char label[16];
                std::snprintf(label, sizeof label, "%.0f%%", s * 100);
                if (ImGui::MenuItem(label, nullptr, ctx_.settings.fontScale == s)) ctx_.settings.fontScale = s;
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu(tr(Str::MenuLanguage))) {
            if (ImGui::MenuItem(tr(Str::LanguageEnglish), nullptr, language() == Language::English))
                setLanguage(Language::English);
            if (ImGui::MenuItem(tr(Str::LanguageChinese), nullptr, language() == Language::Chinese))
                setLanguage(Language::Chinese);
            ImGui::EndMenu();
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr(Str::MenuScenario))) {
        ImGui::TextDisabled("%s", tr(Str::MenuShape));
        ViewShape shape = ctx_.doc.scenario().aoi.shape;
        if (ImGui::MenuItem(tr(Str::ShapeSquare), nullptr, shape == ViewShape::Square)) ctx_.doc.setShape(ViewShape::Square);
        if (ImGui::MenuItem(tr(Str::ShapeCircle), nullptr, shape == ViewShape::Circle)) ctx_.doc.setShape(ViewShape::Circle);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(tr(Str::MenuHelp))) {
        if (Panel* sheet = findPanel("shortcuts")) ImGui::MenuItem(tr(Str::MenuShortcuts), "H", &sheet->visible);
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

void App::drawToolbar(const Layout& l) {
    placeWindow(l.toolbarMin, l.toolbarMax);
    ImGui::Begin("##toolbar", nullptr, kFixedArea);
    float width = ImGui::GetContentRegionAvail().x;
    for (std::size_t i = 0; i < tools_.size(); ++i) {
        bool active = i == activeTool_;
        if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Button(tr(tools_[i]->label()), ImVec2(width, ImGui::GetFontSize() * 2.2f))) activeTool_ = i;
        ImGui::PopID();
        if (active) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(tools_[i]->tip()));
    }
    ImGui::End();
}

void App::drawCanvas(const Layout& l) {
    placeWindow(l.canvasMin, l.canvasMax);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    ImGui::Begin("##scene", nullptr, kFixedArea | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBackground);
    scene_.draw(ctx_, *tools_[activeTool_], l.canvasMin, l.canvasMax);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(l.canvasMin, l.canvasMax, true);
    for (auto& panel : panels_)
        if (panel->visible) panel->drawOverlay(ctx_, scene_);
    draw->PopClipRect();
    ImGui::End();
    ImGui::PopStyleVar(2);
}

void App::drawSidePanels(const Layout& l) {
    placeWindow(l.sideMin, l.sideMax);
    ImGui::Begin("##side", nullptr, kFixedArea);
    std::vector<Panel*> docked;
    for (auto& panel : panels_)
        if (panel->visible && !panel->floating) docked.push_back(panel.get());
    // Two columns when the side is wide enough for two readable panels.
    int columns = (l.sideMax.x - l.sideMin.x) >= ImGui::GetFontSize() * 44 && docked.size() > 1 ? 2 : 1;
    if (columns == 2) ImGui::Columns(2, "##side_columns", false);
    for (std::size_t i = 0; i < docked.size(); ++i) {
        Panel* panel = docked[i];
        if (columns == 2 && i == (docked.size() + 1) / 2) ImGui::NextColumn();
        ImGui::PushID(panel->id());
        bool open = ImGui::CollapsingHeader(panel->windowName().c_str(), ImGuiTreeNodeFlags_DefaultOpen);
        if (ImGui::BeginPopupContextItem("##panel_menu")) {
            if (ImGui::MenuItem(tr(Str::PanelFloat))) panel->floating = true;
            if (ImGui::MenuItem(tr(Str::Close))) panel->visible = false;
            ImGui::EndPopup();
        }
        if (open) {
            panel->draw(ctx_);
            ImGui::Spacing();
        }
        ImGui::PopID();
    }
    if (columns == 2) ImGui::Columns(1);
    ImGui::End();
}

void App::drawFloatingPanels(const Layout& l) {
    float em = ImGui::GetFontSize();
    for (auto& panel : panels_) {
        if (!panel->visible || !panel->floating) continue;
        std::string name = panel->windowName();
        if (std::string_view(panel->id()) == "errors") {
            // Over the top of the scene, where the eye is, every time it comes up.
            ImGui::SetNextWindowPos(ImVec2(l.canvasMin.x + em, l.canvasMin.y + em), ImGuiCond_Appearing);
            ImGui::SetNextWindowSize(ImVec2(std::min(l.canvasMax.x - l.canvasMin.x - 2 * em, em * 40), 0),
                                     ImGuiCond_Appearing);
        } else if (std::string_view(panel->id()) == "shortcuts") {
            ImGui::SetNextWindowPos(ImVec2((l.canvasMin.x + l.canvasMax.x) / 2, (l.canvasMin.y + l.canvasMax.y) / 2),
                                    ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
        } else {
            ImGui::SetNextWindowPos(ImVec2(l.canvasMin.x + 2 * em, l.canvasMin.y + 2 * em), ImGuiCond_FirstUseEver);
            ImGui::SetNextWindowSize(ImVec2(em * 22, em * 18), ImGuiCond_FirstUseEver);
        }
        ImGuiWindowFlags flags = std::string_view(panel->id()) == "errors" || std::string_view(panel->id()) == "shortcuts"
                                     ? ImGuiWindowFlags_AlwaysAutoResize
                                     : ImGuiWindowFlags_None;
        if (ImGui::Begin(name.c_str(), &panel->visible, flags)) {
            if (!panel->floatingByDefault() && ImGui::BeginPopupContextItem("##panel_menu")) {
                if (ImGui::MenuItem(tr(Str::PanelDock))) panel->floating = false;
                ImGui::EndPopup();
            }
            panel->draw(ctx_);
        }
        ImGui::End();
    }
}

void App::drawSplitter(const Layout& l) {
    // A thin handle on the left edge of the side column: drag it to resize the column.
    float em = ImGui::GetFontSize();
    float w = em * 0.4f;
    ImGui::SetNextWindowPos(ImVec2(l.sideMin.x - w / 2, l.sideMin.y));
    ImGui::SetNextWindowSize(ImVec2(w, l.sideMax.y - l.sideMin.y));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("##splitter", nullptr, kFixedArea | ImGuiWindowFlags_NoBackground);
    ImGui::InvisibleButton("##split", ImVec2(w, l.sideMax.y - l.sideMin.y));
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (ImGui::IsItemActive()) {
        ctx_.settings.sideWidthEm -= ImGui::GetIO().MouseDelta.x / em;
        ctx_.settings.sideWidthEm = std::clamp(ctx_.settings.sideWidthEm, 14.0f, 80.0f);
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

void App::drawStatusBar(const Layout& l) {
    placeWindow(l.statusMin, l.statusMax);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetFontSize() * 0.5f, ImGui::GetFontSize() * 0.2f));
    ImGui::Begin("##status", nullptr, kFixedArea);
    const World& world = ctx_.doc.world();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(fmt(Str::StatusEntities, static_cast<int>(world.size())).c_str());
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    ImGui::TextUnformatted(fmt(Str::StatusMethod, ctx_.doc.scenario().aoi.method.c_str()).c_str());
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    std::string selection = tr(Str::StatusNone);
    if (ctx_.selected)
        if (const Entity* e = world.find(*ctx_.selected))
            selection = std::to_string(e->id) + (e->name.empty() ? "" : " (" + e->name + ")");
    ImGui::TextUnformatted(fmt(Str::StatusSelected, selection.c_str()).c_str());
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    ImGui::TextUnformatted(fmt(Str::StatusFrame, static_cast<double>(ctx_.frameMs)).c_str());
    if (!ctx_.statusMessage.empty()) {
        ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
        ImGui::TextDisabled("%s", ctx_.statusMessage.c_str());
    }
    ImGui::End();
    ImGui::PopStyleVar();
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
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    std::string name = ctx_.doc.path().empty() ? tr(Str::ScenarioUnsaved) : ctx_.doc.path().filename().string();
    ImGui::TextUnformatted(fmt(Str::DiscardText, name.c_str()).c_str());
    ImGui::Spacing();
    std::function<void()> run;
    bool close = false;
    if (!ctx_.doc.path().empty() && ImGui::Button(tr(Str::DiscardSave))) {
        if (ctx_.saveFile(ctx_.doc.path())) run = ctx_.pendingDiscard;
        close = true;
    }
    if (!ctx_.doc.path().empty()) ImGui::SameLine();
    if (ImGui::Button(tr(Str::DiscardDrop))) {
        run = ctx_.pendingDiscard;
        close = true;
    }
    ImGui::SameLine();
    if (ImGui::Button(tr(Str::DiscardCancel)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) close = true;
    if (close) {
        ctx_.pendingDiscard = nullptr;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
    if (run) run();
}

void App::handleShortcuts() {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || ctx_.picker.isShown() || ctx_.pendingDiscard) return;
    auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
    if (io.KeyCtrl) {
        if (pressed(GLFW_KEY_Z) && !io.KeyShift) ctx_.undo();
        else if (pressed(GLFW_KEY_Y) || (pressed(GLFW_KEY_Z) && io.KeyShift)) ctx_.redo();
        else if (pressed(GLFW_KEY_S) && io.KeyShift) ctx_.askSaveAs();
        else if (pressed(GLFW_KEY_S)) ctx_.saveOrAsk();
        else if (pressed(GLFW_KEY_O)) ctx_.unlessUnsaved([this] { ctx_.askOpen(); });
        else if (pressed(GLFW_KEY_N)) ctx_.unlessUnsaved([this] { ctx_.newDocument(); });
        return;
    }
    if (io.KeyAlt || io.KeySuper) return;
    for (std::size_t i = 0; i < tools_.size(); ++i)
        if (pressed(tools_[i]->key())) activeTool_ = i;
    if (pressed(GLFW_KEY_F)) ctx_.wantFrameWorld = true;
    if (pressed(GLFW_KEY_G)) ctx_.settings.showGrid = !ctx_.settings.showGrid;
    if (pressed(GLFW_KEY_H))
        if (Panel* sheet = findPanel("shortcuts")) sheet->visible = !sheet->visible;
    if (pressed(GLFW_KEY_DELETE)) ctx_.deleteSelected();
}

}  // namespace aoilab::app
