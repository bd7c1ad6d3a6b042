#pragma once
// The app: owns the context, the panels, the tools and the scene, lays the areas out from the window
// size every frame (ImGui 1.86 has no docking), and runs the main loop (capped frame rate, idle when
// nothing moves; a fixed time step and scripted input when a test drives it).
#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/app_context.h"
#include "app/app_options.h"
#include "app/input_script.h"
#include "app/mode.h"
#include "app/presentation.h"
#include "app/panels/panel.h"
#include "app/scenario_library.h"
#include "app/scene_view.h"
#include "app/tools.h"

struct GLFWwindow;

namespace aoilab::app {

class App {
public:
    // GLFW, GL and the ImGui backends are set up by main(); the app takes over from there.
    App(GLFWwindow* window, AppOptions options);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    int run();  // the exit code
    // One frame (input, update, draw, swap); `start`: when its work began (glfwGetTime). False when the
    // app should end (the last of --frames, a script's quit, File > Quit). The web page calls it from
    // the browser's animation frames (web_main.cpp); run() loops it with the desktop's pacing.
    bool frame(double start);
    int finish();  // the final --dump-ui and the settings; the exit code
    // The start-up scenario is open, its work done, and a frame drawn (the page's aoilab.ready()).
    bool pageReady() const;
    // The --dump-ui JSON of the last frame, as text (the page's aoilab.dump()).
    std::string dumpUiText() const;
    // The page keeps every frame's panel text for dump() (the desktop only the last --frames frame's).
    void keepDrawnTextEveryFrame(bool on) { keepDrawnText_ = on; }
    void reportError(const std::string& message) { ctx_.reportError(message); }  // the page's bad link
    // A file the page received (chosen or dropped): opened as File > Open would (asking about unsaved
    // changes first); a file that is no scenario leaves the document and shows the error.
    void openFile(const std::string& path) {
        ctx_.unlessUnsaved([this, path] { ctx_.openFile(path); });
    }
    void savePersistentSettings();  // the page saves when it is hidden or left (it never exits)

private:
    // Where each area goes this frame (app_layout.cpp): menu bar on top (with the workbench switcher),
    // the tool strip at the left, the scene, the panel tiles at the right, the timeline and the status bar below.
    struct Layout {
        ImVec2 canvasMin, canvasMax;
        ImVec2 toolbarMin, toolbarMax;
        ImVec2 sideMin, sideMax;
        ImVec2 timelineMin, timelineMax;
        ImVec2 statusMin, statusMax;
        std::string explanation;   // the mode's explanation of the current step
        int explanationLines = 0;  // the explanation wrapped to the timeline bar
        int explanationRows = 0;   // the lines the bar has room for (fewer: the text scrolls)
        bool seekOwnRow = false;   // the seek slider gets a row of its own under the controls
        // The presentation layout (app/presentation.h): the timeline, the explanation, the panels' tabs
        // and the status in one column at the right (side*), the tabs between tabsMin and tabsMax.
        bool presentation = false;
        ImVec2 tabsMin, tabsMax;
    };

    // app.cpp: set-up, the loop, scripted input.
    // The start-up flags that act on the --scenario (--select, --seek, --show, the lesson's choices).
    void applyStartOptions();
    void rebuildFonts();
    void applyScriptInput();
    double waitForInput(bool background);  // the desktop's pacing: poll, or sleep until input; the frame's start
    void drawFrame();
    void setLanguage(Language language);
    // app_layout.cpp: the areas and the panel tiles.
    Layout computeLayout() const;
    static int explanationLineCount(const std::string& text, float width);
    // controls: the height of the bar's rows of controls (one, or two with the seek slider's own).
    static int explanationRowsFor(int lines, float height, float em, float controls);
    void drawToolbar(const Layout& layout);
    void drawCanvas(const Layout& layout);
    void drawSidePanels(const Layout& layout);
    void drawFloatingPanels(const Layout& layout);
    // A panel's content, or, for an exercise's "hide_until_reveal" panel before the reveal, a notice.
    void drawPanelBody(Panel& panel, ImVec2 size, int childFlags);
    void drawPanelContent(Panel& panel);
    bool hiddenUntilReveal(const Panel& panel) const;
    void drawTimelineBar(const Layout& layout);
    void drawStatusBar(const Layout& layout);
    void drawSideSplitter(const Layout& layout);
    // The presentation layout's panels: one at a time, as tabs, the lesson's own first.
    void drawPanelTabs(const Layout& layout);
    void stepTab(int by);  // Tab / Shift+Tab: the next or previous tab comes up on the next frame
    LayoutKind layoutKind() const;  // chosen (--layout, the View menu, L), else automaticLayout()
    void toggleLayout();
    // app_menus.cpp: menus, shortcuts, the file picker, the unsaved-changes prompt.
    void drawMenuBar();
    // ImGui::BeginMenu and ImGui::MenuItem that also note what they drew (drawnMenus_, drawnMenuItems_).
    bool beginMenu(const char* id, const char* label);
    bool menuItem(const char* label, const char* shortcut = nullptr, bool selected = false, bool enabled = true);
    bool menuItem(const char* label, const char* shortcut, bool* selected);
    void drawModeSwitcher();  // in the menu bar, after the menus
    bool modeSwitcherFolded_ = false;  // the workbenches in one menu: their buttons did not fit
    std::array<float, 4> modeSwitcherRect_{};  // the buttons', or the menu's, for --dump-ui
    void handleShortcuts();
    void handleFilePicker();
    void drawDiscardPrompt();
    void drawOpeningProgress();  // a large file being opened: its progress, with Cancel
    // Modes and panels.
    Mode& mode() { return *modes_[activeMode_]; }
    const Mode& mode() const { return *modes_[activeMode_]; }
    void switchMode(std::size_t index);
    // The opened scenario's lesson keys (workbench, panels, start position); at start, flags win.
    void applyLesson(bool flagsWin);
    void showOnly(const std::vector<std::string>& ids);
    std::vector<std::string> lessonPanels_;  // the panels the lesson or --show named, in their order
    std::vector<Panel*> visiblePanels() const;  // the shell's and the active mode's, in View-menu order
    Panel* findPanel(const char* id);
    Tool* activeTool();
    // app_dump.cpp
    bool dumpUi(const std::string& file) const;  // false (and a message) when it could not be written
    // app_share_link.cpp: File > Copy link and --link (scenario/share_link.h).
    void copyLink();
    // --link: the link's workbench and position become --mode and --seek (where those are not given);
    // its scenario is returned to open, or nullopt after the error was reported.
    std::optional<Scenario> readLinkOption();
    std::string lastLink_;  // the last link copied ("#s=..."), for --dump-ui

    GLFWwindow* window_;
    AppOptions options_;
    AppContext ctx_;
    SceneView scene_;
    std::vector<std::unique_ptr<Panel>> panels_;  // the shell's own (scenario, errors, shortcuts)
    std::vector<std::unique_ptr<Mode>> modes_;
    std::size_t activeMode_ = 0;
    std::vector<std::size_t> activeTool_;         // per mode
    // Each docked panel's tile this frame, in window pixels (--dump-ui "panels"/"rect").
    std::map<std::string, std::array<float, 4>> panelRects_;
    // What each docked panel showed this frame (--dump-ui "visible_lines", "tab", "scrolls").
    struct PanelShown {
        int visibleLines = 0;    // whole text lines its shown area holds (0: not shown)
        bool hiddenTab = false;  // a tab of the presentation layout that is not the one shown
        bool scrolls = false;    // its content was taller than its shown area
        int cutColumns = 0;      // its tables' columns whose text did not show whole (panel_measure.h)
        float partialLinePx = 0; // the most of a text line its shown area cut off (whole_lines.h; 0: none)
        float scrollY = 0;       // how far its content is scrolled down
    };
    std::map<std::string, PanelShown> panelShown_;
    std::filesystem::path settingsFile_;
    std::string iniFile_;  // ImGui keeps a pointer to it
    std::size_t errorsSeen_ = 0;
    std::size_t documentSerialSeen_ = 0;
    std::size_t lessonSerialSeen_ = 0;
    std::optional<LayoutKind> layoutChosen_;  // --layout, the View menu or L; none: by the window's size
    LayoutKind layoutShown_ = LayoutKind::Side;  // this frame's
    std::vector<std::string> tabIds_;  // the presentation layout's tabs last frame, in order
    std::string shownTab_, wantTab_;   // the tab shown; the one to bring up on the next frame
    std::size_t tabsSerial_ = static_cast<std::size_t>(-1);  // the document the tabs were ordered for
    std::string foldedFor_;  // the tile arrangement the supporting panels were last folded for
    std::vector<LibraryEntry> library_;  // the Scenarios menu (app/scenario_library.h)
    std::array<float, 60> frameWorkMs_{};  // the last 60 frames' work in ms (a ring by frame index)
    double frameCapMs_ = 1000.0 / 60.0;    // this frame's pace: 60 a second, 15 while work runs on a worker
    Layout lastLayout_{};
    bool explanationScrolls_ = false;  // the timeline bar did not show all of the explanation
    float explanationPartialLinePx_ = 0;  // the most of a line of it the bar cut off (whole_lines.h)
    float timelineExtrasWidth_ = 0;    // the mode's buttons after the playback controls, last frame
    float timelineOverflow_ = 0;       // how far the controls' line ran past the bar's right edge
    float toolbarOverflow_ = 0;        // how far the last tool button ran past the toolbar's bottom
    float statusFrameRight_ = 0;       // where the status bar's frame time ended (window pixels)
    std::array<float, 4> discardRect_{};  // where the unsaved-changes prompt was drawn last (window pixels)
    float appliedFontScale_ = 0;
    bool startPending_ = false;  // applyStartOptions() waits for the --scenario being opened
    bool testMode_ = false;   // scripted or a fixed number of frames: fixed time step, no idling
    bool noCjk_ = false;
    float menuBarHeight_ = 0;
    float menuFileRect_[4] = {0, 0, 0, 0};  // where the "File" menu title is drawn (tests read its pixels)
    std::array<float, 4> openingRect_{};    // where the opening's progress window was drawn (--dump-ui)
    // The menu bar's menus and the items of its open menus as drawn this frame (--dump-ui "menus" and
    // "menu_items": tests and the page's tests click them by id).
    struct DrawnMenuEntry {
        std::string id;  // the menu's own id, or an item's text after "##" (else its label)
        std::string label;
        std::array<float, 4> rect{};
    };
    std::vector<DrawnMenuEntry> drawnMenus_, drawnMenuItems_;

    // Scripted input.
    std::vector<ScriptEvent> script_;
    std::size_t scriptNext_ = 0;
    int frameIndex_ = 0;
    int activeFrames_ = 3;  // frames still drawn at the full rate after input (waitForInput)
    double lastFrameWork_ = 0;  // seconds
    bool keepDrawnText_ = false;
    // Frames the run was held (by the script's wait_ready, or, without a script, while the start-up
    // --scenario opened): the script's events and the end of a --frames run come that much later.
    int heldFrames_ = 0;
    bool startHold_ = true;  // until the start-up opening and the active mode's work are done (--frames)
    ImVec2 scriptMouse_{-1, -1};
    bool scriptButtons_[3] = {false, false, false};
    std::vector<int> scriptKeysDown_;
    bool scriptCtrl_ = false, scriptShift_ = false, scriptAlt_ = false;
    float scriptWheel_ = 0;
    std::vector<std::string> pendingScreenshots_;
    bool scriptQuit_ = false;
    int exitCode_ = 0;
};

}  // namespace aoilab::app
