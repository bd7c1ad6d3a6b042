#include "app/app.h"

#include "app/gl.h"
#include <GLFW/glfw3.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string_view>
#include <thread>

#include "app/modes/mode_list.h"
#include "app/background_job.h"
#include "app/edit_labels.h"
#include "app/exercise.h"
#include "app/fonts.h"
#include "app/platform.h"
#include "app/panels/panel_list.h"
#include "app/run_inputs.h"
#include "app/screenshot.h"
#include "app/theme.h"
#include "app/timeline.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/limits.h"

namespace aoilab::app {

namespace fs = std::filesystem;

namespace {
constexpr double kFrameSeconds = 1.0 / 60.0;  // the cap (Xvfb ignores the swap interval)
// While work runs on a worker thread (opening a large file, a rebuild) and nothing moves: the progress
// window at 5 frames a second, so that the frames (software GL draws with every core) leave the cores
// to the work. At 15 a second they took a fifth of the CPU of opening 1,000,000 entities under Xvfb
// (bench/RESULTS.md); input still wakes the window at once, and the work's end too.
constexpr double kBusyFrameSeconds = 1.0 / 5.0;
constexpr float kFixedDeltaTime = 1.0f / 60.0f;

// imgui.ini is read here under a size cap, not by ImGui (which reads a file of any size whole and
// crashed on 1 GB): a file too large or unreadable is ignored with a message, and the window starts with
// its default layout. ImGui then takes it as loaded and writes its own there as usual.
void loadWindowState(const fs::path& file) {
    std::string text;
    std::error_code ec;
    if (fs::exists(file, ec)) {
        try {
            text = readFileText(file, kMaxWindowStateBytes);
        } catch (const InputError& e) {
            std::fprintf(stderr, "aoilab: the window layout is ignored: %s\n", e.what());
        }
    }
    ImGui::LoadIniSettingsFromMemory(text.c_str(), text.size());
}
}  // namespace

App::App(GLFWwindow* window, AppOptions options) : window_(window), options_(std::move(options)) {
    ctx_.scene = &scene_;
    panels_ = makePanels();
    modes_ = makeModes();
    activeTool_.assign(modes_.size(), 0);

    fs::path config = configDirectory();
    std::error_code ec;
    fs::create_directories(config, ec);
    settingsFile_ = config / "settings.json";
    iniFile_ = (config / "imgui.ini").string();
    ctx_.settings = loadSettings(settingsFile_);
    if (!options_.scenario.empty()) noteRunInput(options_.scenario, true);
    for (const std::string* input : {&options_.script, &options_.map, &options_.graph})
        if (!input->empty()) noteRunInput(*input);
    auto restore = [&](std::vector<std::unique_ptr<Panel>>& panels) {
        for (auto& panel : panels)
            if (auto it = ctx_.settings.panelVisible.find(panel->id()); it != ctx_.settings.panelVisible.end())
                panel->visible = it->second;
    };
    restore(panels_);
    for (auto& mode : modes_) {
        restore(mode->panels());
        if (auto it = ctx_.settings.modes.find(mode->id()); it != ctx_.settings.modes.end()) mode->loadSettings(*it);
    }
    // --link: its workbench and position act as --mode and --seek.
    std::optional<Scenario> linked = options_.link.empty() ? std::nullopt : readLinkOption();
    // The workbench: --mode, else the one shown last (an unknown saved id falls back to the first).
    std::string startMode = options_.mode.empty() ? ctx_.settings.mode : options_.mode;
    for (std::size_t i = 0; i < modes_.size(); ++i)
        if (startMode == modes_[i]->id()) activeMode_ = i;
    ctx_.mode = modes_[activeMode_].get();
    for (auto& m : modes_) ctx_.modes.push_back(m.get());
    if (options_.fontScale) ctx_.settings.fontScale = *options_.fontScale;
    layoutChosen_ = layoutNamed(options_.layout);  // "auto": by the window's size

    testMode_ = options_.frames > 0 || !options_.script.empty();
    if (!options_.script.empty()) script_ = loadInputScript(options_.script);  // InputError -> main()

    rebuildFonts();
    Language lang = options_.language.value_or(ctx_.settings.language);
    setLanguage(lang);

    if (!options_.scenario.empty()) ctx_.openFile(options_.scenario);
    else if (linked) ctx_.openLinked(std::move(*linked), {});
    // A large --scenario opens on a worker thread: the flags that act on it wait until it is open (or
    // failed, or was cancelled), while the window shows the progress.
    if (ctx_.opening.busy()) startPending_ = true;
    else applyStartOptions();
    // Last, so a constructor that throws (a bad --script) never leaves ImGui a pointer into a dead App.
    loadWindowState(iniFile_);
    ImGui::GetIO().IniFilename = iniFile_.c_str();
}

void App::applyStartOptions() {
    startPending_ = false;
    documentSerialSeen_ = ctx_.documentSerial;
    for (auto& m : modes_) m->documentChanged(ctx_);
    // Every mode takes its flags (--show, --select, --map, --query, --graph, ...); the active one then
    // takes --seek, which positions its timeline. The scenario's own choices apply where no flag says.
    for (auto& mode : modes_) mode->applyStartOptions(options_, ctx_);
    if (Mode* wanted = std::exchange(ctx_.requestedMode, nullptr); wanted && options_.mode.empty())
        for (std::size_t i = 0; i < modes_.size(); ++i)
            if (modes_[i].get() == wanted) activeMode_ = i, ctx_.mode = wanted;
    applyLesson(true);
    lessonSerialSeen_ = ctx_.documentSerial;
    if (!options_.show.empty()) showOnly(options_.show);
    mode().activate(ctx_);
    if (!options_.seek.empty()) {
        if (Timeline* timeline = mode().timeline())
            options_.seek == "end" ? timeline->seekToEnd() : timeline->seek(std::stoull(options_.seek));
    }
}

App::~App() {
    ctx_.opening.cancelAndWait();  // a worker reading a file stops before the app goes
    // ImGui writes imgui.ini again in DestroyContext(), after this App (and iniFile_) is gone: save now
    // and drop the pointer.
    ImGuiIO& io = ImGui::GetIO();
    if (io.IniFilename) ImGui::SaveIniSettingsToDisk(io.IniFilename);
    io.IniFilename = nullptr;
}

void App::savePersistentSettings() {
    auto keep = [&](const std::vector<std::unique_ptr<Panel>>& panels) {
        for (const auto& panel : panels)
            if (!panel->floatingByDefault()) ctx_.settings.panelVisible[panel->id()] = panel->visible;
    };
    keep(panels_);
    for (const auto& mode : modes_) {
        keep(mode->panels());
        ctx_.settings.modes[mode->id()] = mode->saveSettings();
    }
    ctx_.settings.mode = mode().id();
    saveSettings(ctx_.settings, settingsFile_);
    platform::settingsSaved(settingsFile_.string());
}

void App::rebuildFonts() {
    std::vector<std::string> names;
    for (const Entity& e : ctx_.doc.world().entities()) names.push_back(e.name);
    names.push_back(ctx_.doc.scenario().title);
    names.push_back(ctx_.doc.scenario().description);
    names.push_back(ctx_.doc.scenario().lesson.titleZh);
    names.push_back(ctx_.doc.scenario().lesson.descriptionZh);
    // On a HiDPI screen (content scale 2) everything is drawn twice as large, on top of the user's scale.
    float contentX = 1, contentY = 1;
    platform::contentScale(window_, contentX, contentY);
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
    for (auto& panel : mode().panels())
        if (std::string_view(panel->id()) == id) return panel.get();
    return nullptr;
}

std::vector<Panel*> App::visiblePanels() const {
    std::vector<Panel*> out;
    for (const auto& panel : mode().panels())
        if (panel->visible) out.push_back(panel.get());
    for (const auto& panel : panels_)
        if (panel->visible && (!panel->aboutEntities() || mode().showsEntities())) out.push_back(panel.get());
    // The panels a lesson (or --show) named come first, in its order; the others after, as they were.
    auto rank = [&](const Panel* panel) {
        auto at = std::find(lessonPanels_.begin(), lessonPanels_.end(), panel->id());
        return static_cast<std::size_t>(at - lessonPanels_.begin());
    };
    std::stable_sort(out.begin(), out.end(), [&](const Panel* a, const Panel* b) { return rank(a) < rank(b); });
    return out;
}

Tool* App::activeTool() {
    auto& tools = mode().tools();
    if (tools.empty()) return nullptr;
    std::size_t& index = activeTool_[activeMode_];
    index = std::min(index, tools.size() - 1);
    return tools[index].get();
}

void App::switchMode(std::size_t index) {
    if (index >= modes_.size() || index == activeMode_) return;
    ctx_.playback.setPlaying(false);
    mode().deactivate(ctx_);
    activeMode_ = index;
    ctx_.mode = modes_[index].get();
    ctx_.shownWorld = nullptr;
    ctx_.editLock.clear();
    ctx_.editTarget = nullptr;
    ctx_.hovered.reset();
    mode().activate(ctx_);
    ctx_.wantFrameWorld = true;
}

void App::showOnly(const std::vector<std::string>& ids) {
    // The listed panels of the active workbench open as tiles, unfolded, in the order listed (the
    // lesson's text asks for what they show: edge-flicker's flicker count was in a folded panel); its
    // other teaching panels close.
    lessonPanels_ = ids;
    for (auto& panel : mode().panels()) {
        bool wanted = std::find(ids.begin(), ids.end(), panel->id()) != ids.end();
        if (wanted || !panel->supporting()) panel->visible = wanted;
        if (wanted) panel->floating = false, panel->collapsed = false;
        panel->lessonNamed = wanted;
    }
}

void App::applyLesson(bool flagsWin) {
    const Scenario& scenario = ctx_.doc.scenario();
    const ScenarioLesson& lesson = scenario.lesson;
    // A scenario that names no workbench but has an AOI world (entities or a script) is an AOI lesson.
    std::string wantedMode = lesson.mode;
    if (wantedMode.empty() && (!scenario.entities.empty() || !scenario.script.empty()) && !ctx_.doc.path().empty())
        wantedMode = "aoi";
    if (!wantedMode.empty() && !(flagsWin && !options_.mode.empty())) {
        for (std::size_t i = 0; i < modes_.size(); ++i)
            if (wantedMode == modes_[i]->id()) {
                if (flagsWin) activeMode_ = i, ctx_.mode = modes_[i].get();
                else switchMode(i);
            }
    }
    if (lesson.panels.empty() && !(flagsWin && !options_.show.empty())) {  // no panels named: none kept unfolded
        lessonPanels_.clear();
        for (auto& panel : mode().panels()) panel->lessonNamed = false;
    }
    if (!lesson.panels.empty() && !(flagsWin && !options_.show.empty())) {
        std::vector<std::string> unknown = lesson.panels;
        for (auto& panel : mode().panels()) std::erase(unknown, std::string(panel->id()));
        std::erase_if(unknown, [&](const std::string& id) { return mode().acceptsViewName(id); });
        showOnly(lesson.panels);
        // A panel of another version of the app: the scenario still opens, the status bar says so.
        if (!unknown.empty()) ctx_.statusMessage = fmt(Str::StatusUnknownPanels, unknown.front().c_str());
    }
    // In an exercise a click on the scene is a guess: the Predict tool is chosen (a drag of the goal
    // would show the answer).
    if (const Exercise* exercise = mode().exercise(); exercise && exercise->active()) {
        const auto& tools = mode().tools();
        for (std::size_t i = 0; i < tools.size(); ++i)
            if (std::string_view(tools[i]->id()) == "predict") activeTool_[activeMode_] = i;
    }
    // A lesson opens at its start_position, 0 when none is given (a graph lesson opened with its search
    // finished, so the first Right started the walk): whatever position the workbench's own opening chose.
    const bool lessonFile = !ctx_.doc.path().empty();
    if ((lessonFile || lesson.startAtEnd || lesson.startPosition) && !(flagsWin && !options_.seek.empty())) {
        if (!flagsWin) mode().update(ctx_, 0);  // synced with the document before its timeline moves
        if (Timeline* timeline = mode().timeline()) {
            const std::size_t wanted = std::min(lesson.startPosition.value_or(0), timeline->length());
            if (lesson.startAtEnd) timeline->seekToEnd();
            else if (timeline->position() != wanted) timeline->seek(wanted);  // (an AOI crowd is not replayed for nothing)
        }
    }
}

// --- Main loop ----------------------------------------------------------------------------------------

int App::run() {
    for (;;) {
        if (glfwWindowShouldClose(window_)) {
            if (testMode_ || !ctx_.doc.dirty()) break;
            // Closing with unsaved changes: ask first (the modal's Discard quits).
            glfwSetWindowShouldClose(window_, GLFW_FALSE);
            ctx_.unlessUnsaved([this] { ctx_.wantQuit = true; });
        }
        const bool background = ctx_.opening.busy() || mode().working();
        double start = waitForInput(background);
        if (!frame(start)) break;
        if (!testMode_ && lastFrameWork_ < kFrameSeconds)
            std::this_thread::sleep_for(std::chrono::duration<double>(kFrameSeconds - lastFrameWork_));
        // A script's frames come one after another; while work runs on a worker they are paced as the
        // user's are (a script waiting for it should not take the cores from it).
        if (testMode_ && background && lastFrameWork_ < kBusyFrameSeconds)
            std::this_thread::sleep_for(std::chrono::duration<double>(kBusyFrameSeconds - lastFrameWork_));
    }
    return finish();
}

int App::finish() {
    if (!options_.dumpUi.empty() && !dumpUi(options_.dumpUi)) exitCode_ = 1;
    savePersistentSettings();
    return exitCode_;
}

double App::waitForInput(bool background) {
    double start = glfwGetTime();
    if (testMode_) {
        glfwPollEvents();
    } else if (activeFrames_ > 0 || ImGui::IsAnyMouseDown() || ctx_.animating) {
        glfwPollEvents();
        activeFrames_ = std::max(0, activeFrames_ - 1);
    } else if (background) {
        // Input (Esc, Cancel, the mouse) wakes it at once and gets a few frames at the full rate.
        glfwWaitEventsTimeout(kBusyFrameSeconds);
        if (glfwGetTime() - start < kBusyFrameSeconds * 0.95) activeFrames_ = 3;
        start = glfwGetTime();
    } else {
        // Idle: sleep until an event arrives; a wake-up before the timeout means input, so draw a
        // few frames (ImGui needs them to settle hover and popups).
        constexpr double kIdleTimeout = 0.5;
        glfwWaitEventsTimeout(kIdleTimeout);
        if (glfwGetTime() - start < kIdleTimeout * 0.95) activeFrames_ = 3;
        start = glfwGetTime();
    }
    return start;
}

bool App::frame(double start) {
    ImGuiIO& io = ImGui::GetIO();
    const bool background = ctx_.opening.busy() || mode().working();
    frameCapMs_ = 1000 * (background ? kBusyFrameSeconds : kFrameSeconds);
    if (ctx_.wantFontRebuild || appliedFontScale_ != ctx_.settings.fontScale) rebuildFonts();

    ImGui_ImplOpenGL3_NewFrame();
    sampleFontAtlasByNearestTexel();
    ImGui_ImplGlfw_NewFrame();
    if (testMode_) io.DeltaTime = kFixedDeltaTime;
    if (!script_.empty()) applyScriptInput();
    ImGui::NewFrame();
    drawFrame();
    ImGui::Render();

    int width = 0, height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    glViewport(0, 0, width, height);
    // The clear colour is the canvas's outside-the-world colour, so the canvas need not fill itself
    // first: under software GL every full-canvas layer costs about a millisecond.
    const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(theme::kOutsideWorld);
    glClearColor(clear.x, clear.y, clear.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    bool last = options_.frames > 0 && frameIndex_ + 1 >= options_.frames + heldFrames_;
    if (last && !options_.screenshot.empty()) pendingScreenshots_.push_back(options_.screenshot);
    if (!ctx_.screenshotRequest.empty()) pendingScreenshots_.push_back(std::exchange(ctx_.screenshotRequest, {}));
    for (const std::string& file : pendingScreenshots_) {
        std::string problem = outputRefusal(file, false, ctx_.doc);
        if (problem.empty()) problem = saveScreenshot(file, width, height);
        if (!problem.empty()) {
            std::fprintf(stderr, "aoilab: %s\n", problem.c_str());
            exitCode_ = 1;
        } else {
            platform::fileWritten(file);  // the page offers it as a download
        }
    }
    pendingScreenshots_.clear();
    glfwSwapBuffers(window_);
    ++frameIndex_;
    // Without a script, `--frames N` counts from when the start-up --scenario is open (a large one
    // opens on a worker thread) and the active mode's start-up work is done (a large --map builds on
    // one), so `--frames N --screenshot` shows the scenario or the map, not their progress.
    if (options_.script.empty() && startHold_) {
        if (startPending_ || mode().working()) ++heldFrames_;
        else startHold_ = false;
    }
    // The work of a frame (not the cap's sleep): what a heavier scene costs. The status bar shows it
    // (a fixed figure in test runs, so screenshots compare); --dump-ui "frame_ms" is the mean of the
    // last 60 frames as measured.
    // The last frame before the final --dump-ui keeps its panels' text (panel_measure.h), and ImGui's
    // log then draws every row of every clipped list: that frame is not timed.
    double work = glfwGetTime() - start;
    lastFrameWork_ = work;
    if (!(last && !options_.dumpUi.empty())) frameWorkMs_[frameIndex_ % frameWorkMs_.size()] = static_cast<float>(work * 1000);
    ctx_.frameMs = testMode_ ? kFixedDeltaTime * 1000 : static_cast<float>(work * 1000);
    return !(last || scriptQuit_ || ctx_.wantQuit);
}

bool App::pageReady() const { return frameIndex_ > 0 && !startPending_ && !ctx_.opening.busy() && !mode().working(); }

// --- Scripted input ------------------------------------------------------------------------------------

void App::applyScriptInput() {
    ImGuiIO& io = ImGui::GetIO();
    for (int key : scriptKeysDown_) io.KeysDown[key] = false;  // a scripted key is down for one frame
    scriptKeysDown_.clear();
    scriptCtrl_ = scriptShift_ = scriptAlt_ = false;
    for (; scriptNext_ < script_.size() && script_[scriptNext_].frame + heldFrames_ <= frameIndex_; ++scriptNext_) {
        const ScriptEvent& e = script_[scriptNext_];
        const bool working = ctx_.opening.busy() || mode().working();
        if (e.kind == ScriptEvent::Kind::WaitReady) backgroundWorkGate.closed = false;  // held work is never ready
        if ((e.kind == ScriptEvent::Kind::WaitReady && working) ||
            (e.kind == ScriptEvent::Kind::WaitHeld && working && backgroundWorkGate.paused.load() == 0)) {
            ++heldFrames_;  // held here this frame: every later event comes a frame later too
            break;
        }
        switch (e.kind) {
        case ScriptEvent::Kind::WaitReady:
        case ScriptEvent::Kind::WaitHeld: break;
        case ScriptEvent::Kind::HoldWork: backgroundWorkGate.closed = true; break;
        case ScriptEvent::Kind::ReleaseWork: backgroundWorkGate.closed = false; break;
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
        case ScriptEvent::Kind::Save:
            if (!ctx_.saveFile(e.file)) exitCode_ = 1;  // a test sees a refused or failed save
            break;
        case ScriptEvent::Kind::Open: ctx_.openFile(e.file); break;
        case ScriptEvent::Kind::Dump:
            if (!dumpUi(e.file)) exitCode_ = 1;
            break;
        case ScriptEvent::Kind::Screenshot: pendingScreenshots_.push_back(e.file); break;
        case ScriptEvent::Kind::Quit:
            scriptQuit_ = true;
            backgroundWorkGate.closed = false;
            break;
        case ScriptEvent::Kind::Resize:
            glfwSetWindowSize(window_, static_cast<int>(e.x), static_cast<int>(e.y));
            break;
        case ScriptEvent::Kind::FontScale: ctx_.settings.fontScale = e.x; break;  // fonts rebuilt next frame
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
        // The script is over: hand the window back to the user at the normal pace, the work let go.
        script_.clear();
        backgroundWorkGate.closed = false;
        testMode_ = false;
    }
}

// --- One frame ----------------------------------------------------------------------------------------

void App::drawFrame() {
    if (ctx_.opening.finished()) {
        ctx_.finishOpening();
        if (startPending_) applyStartOptions();
    }
    if (ctx_.documentSerial != documentSerialSeen_) {  // New or Open replaced the document
        documentSerialSeen_ = ctx_.documentSerial;
        for (auto& m : modes_) m->documentChanged(ctx_);
    }
    if (Mode* wanted = std::exchange(ctx_.requestedMode, nullptr))
        for (std::size_t i = 0; i < modes_.size(); ++i)
            if (modes_[i].get() == wanted) switchMode(i);
    if (ctx_.documentSerial != lessonSerialSeen_) {
        lessonSerialSeen_ = ctx_.documentSerial;
        applyLesson(false);
    }
    drawMenuBar();  // first: the work area below it is known afterwards
    // The mode syncs with the document and advances before anything is drawn; the timeline's keys and
    // playback act on the same frame.
    ctx_.longWorkShown = ctx_.opening.busy();  // a mode's update adds its own long work
    ctx_.shownWorld = nullptr;
    ctx_.editLock.clear();
    ctx_.editTarget = nullptr;
    float dt = ImGui::GetIO().DeltaTime;
    mode().update(ctx_, dt);
    if (Timeline* timeline = mode().timeline()) {
        const bool keysAct = !ctx_.longWorkShown || (timeline->seeksWhileWorking() && !ctx_.opening.busy());
        if (!ctx_.picker.isShown() && !ctx_.pendingDiscard && keysAct) ctx_.playback.handleKeys(*timeline);
        if (!ctx_.longWorkShown) ctx_.playback.advance(*timeline, dt);  // the timeline waits for the work
    }
    ctx_.animating = ctx_.playback.playing() || ctx_.longWorkShown;  // keeps the main loop awake between steps
    layoutShown_ = layoutKind();
    Layout layout = computeLayout();
    lastLayout_ = layout;
    drawToolbar(layout);
    drawCanvas(layout);
    if (layout.presentation) {
        drawPanelTabs(layout);
    } else {
        drawSidePanels(layout);
        drawSideSplitter(layout);
    }
    if (ctx_.errorSerial != errorsSeen_) {  // a new error: bring the error panel up
        errorsSeen_ = ctx_.errorSerial;
        if (Panel* errors = findPanel("errors")) errors->visible = true;
    }
    drawFloatingPanels(layout);
    drawTimelineBar(layout);
    drawStatusBar(layout);
    handleFilePicker();
    drawDiscardPrompt();
    drawOpeningProgress();
    mode().drawWorkProgress(ctx_);
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

}  // namespace aoilab::app
