// Window tests of the presentation layout (a class on a projector, issue 37): every library scenario
// opened at 1280 x 720, font scale 2, in English and Chinese, with the layout left to the app (it picks
// the presentation layout by itself at that size). From --dump-ui: the scene takes at least 55% of the
// window, the panel shown (a tab) holds at least eight text lines, no text of it is cut, and the
// lesson's own panel (its exercise, else the first of its `panels`) is the tab shown; an exercise's panel
// shows its whole question and its answer controls inside the tab's visible area.
// One run per scenario and language (each scenario is a test of its own, so ctest spreads them).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::libraryScenarios;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "presentation";
const fs::path kLibrary = fs::path(AOILAB_SOURCE_DIR) / "scenarios";


bool endsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void expectAPresentationLayout(const json& ui, const std::string& name, const json& lessonPanels, bool hasExercise) {
    ASSERT_TRUE(ui.is_object()) << name;
    EXPECT_EQ(ui.value("layout", ""), "presentation") << name;
    const double width = ui["window"]["width"], height = ui["window"]["height"];
    const json& min = ui["canvas"]["min"];
    const json& max = ui["canvas"]["max"];
    const double area = (max[0].get<double>() - min[0].get<double>()) * (max[1].get<double>() - min[1].get<double>());
    EXPECT_GE(area, 0.55 * width * height) << name << ": the scene takes " << 100 * area / (width * height) << "% of the window";
    // Every tool shows, the timeline's controls fit its bar, the explanation has two lines at least.
    EXPECT_LE(ui["toolbar"]["overflow_px"].get<double>(), 0.5) << name;
    EXPECT_LE(ui["timeline"]["overflow_px"].get<double>(), 1.0) << name;
    if (!ui.value("explanation", "").empty()) {
        EXPECT_GE(ui["explanation_box"]["rows"].get<int>(), 2) << name;
    }
    EXPECT_LE(ui["status_bar"]["frame_right"].get<double>(), width) << name;
    // One docked panel shown, the others tabs; the shown one first in the lesson's order.
    std::vector<std::string> shown, tabs;
    std::string exercise;
    int exerciseShownIn = 0;  // panels that drew an exercise (in the search and graph workbenches it is a part of the lesson's panel)
    for (const json& panel : ui["panels"]) {
        const std::string id = panel.value("id", "?");
        if (!panel.value("open", false) || panel.value("floating", false) || id == "errors" || id == "shortcuts") continue;
        if (endsWith(id, "_exercise")) exercise = id;
        if (panel.value("tab", false)) {
            tabs.push_back(id);
            EXPECT_EQ(panel["rect"], nullptr) << name << ": " << id << " is a tab not shown, yet it has a rectangle";
            continue;
        }
        if (!panel.value("visible", false)) continue;
        shown.push_back(id);
        if (panel["drawn"].is_object() && panel["drawn"].contains("exercise_shown") && !panel["drawn"]["exercise_shown"].is_null()) {
            const json& e = panel["drawn"]["exercise_shown"];
            ++exerciseShownIn;
            EXPECT_GT(e["question_lines"].get<int>(), 0) << name << ": " << id;
            EXPECT_EQ(e["question_lines_visible"], e["question_lines"]) << name << ": " << id << ": the question is cut " << e;
            EXPECT_EQ(e["controls_visible"], e["controls"]) << name << ": " << id << ": an answer control is out of view " << e;
        }
        EXPECT_GE(panel.value("visible_lines", 0), 8) << name << ": " << id;
        EXPECT_LE(panel.value("overflow_px", 1e9), 1.0) << name << ": an item of " << id << " ran past the panel's edge";
        EXPECT_LE(panel.value("clipped_px", 1e9), 1.0) << name << ": a table's text in " << id << " was cut by its column";
        const json& r = panel["rect"];
        ASSERT_EQ(r.size(), 4u) << name << ": " << id;
        EXPECT_LE(r[2].get<double>(), width + 0.5) << name << ": " << id;
        EXPECT_LE(r[3].get<double>(), height + 0.5) << name << ": " << id;
    }
    ASSERT_EQ(shown.size(), 1u) << name << ": " << shown.size() << " panels shown at once";
    // Every tab's label inside the strip: none cut mid-word at its edge.
    EXPECT_EQ(ui["panel_tabs"]["count"].get<int>(), static_cast<int>(shown.size() + tabs.size())) << name;
    EXPECT_EQ(ui["panel_tabs"]["cut"].get<int>(), 0) << name << ": a tab's label runs past the strip " << ui["panel_tabs"];
    EXPECT_TRUE(ui["panel_tabs"]["shown_whole"].get<bool>()) << name << ": the shown panel's name is cut " << ui["panel_tabs"];
    if (hasExercise) {
        EXPECT_EQ(exerciseShownIn, 1) << name << ": the exercise's question is not in the panel shown";
    }
    if (!exercise.empty()) {
        // The exercise comes up first, with its eight lines (its question and its answer controls come
        // first in it; its legend may scroll: "scrolls" is reported, not required).
        EXPECT_EQ(shown.front(), exercise) << name << ": the exercise is not the tab shown";
    } else {
        for (const json& id : lessonPanels) {
            const std::string first = id.get<std::string>();
            if (first == shown.front() || std::find(tabs.begin(), tabs.end(), first) != tabs.end()) {
                EXPECT_EQ(shown.front(), first) << name << ": the lesson's first panel is not the tab shown";
                break;
            }
        }
    }
}

// A search, maps or graph lesson opens framed on its map or graph: what the workbench frames lies inside
// the canvas and spans most of its width or of its height (the frame keeps a margin and the axis numbers'
// strip clear).
void expectTheLessonFillsTheScene(const json& ui, const std::string& name) {
    ASSERT_TRUE(ui["canvas"].contains("content")) << name << ": the workbench frames nothing";
    const json& c = ui["canvas"]["content"];
    const double x0 = ui["canvas"]["min"][0], y0 = ui["canvas"]["min"][1], x1 = ui["canvas"]["max"][0], y1 = ui["canvas"]["max"][1];
    EXPECT_GE(c[0].get<double>(), x0 - 1) << name << ": " << c << " in " << ui["canvas"]["min"] << "-" << ui["canvas"]["max"];
    EXPECT_GE(c[1].get<double>(), y0 - 1) << name << ": " << c;
    EXPECT_LE(c[2].get<double>(), x1 + 1) << name << ": " << c;
    EXPECT_LE(c[3].get<double>(), y1 + 1) << name << ": " << c;
    const double wide = (c[2].get<double>() - c[0].get<double>()) / (x1 - x0);
    const double tall = (c[3].get<double>() - c[1].get<double>()) / (y1 - y0);
    EXPECT_GE(std::max(wide, tall), 0.75) << name << ": the lesson takes " << 100 * wide << "% of the scene's width and "
                                          << 100 * tall << "% of its height";
}

bool framesAMapOrAGraph(const json& scenario) {
    const std::string mode = scenario.value("mode", "");
    return mode == "search" || mode == "maps" || mode == "graph";
}

class PresentationLibrary : public ::testing::TestWithParam<std::string> {};

TEST_P(PresentationLibrary, OpensLargeAndReadableAt1280x720AtFontScale2InBothLanguages) {
    const fs::path file = kLibrary / (GetParam() + ".json");
    const json scenario = windowtest::readJson(file);
    const json lessonPanels = scenario.value("panels", json::array());
    for (const char* lang : {"en", "zh"}) {
        const std::string name = GetParam() + "_" + lang;
        // A dump of its own before the last frame (that frame captures every item's text for the dump).
        auto run = runApp(kRuns, name, "--layout auto --font-scale 2 --lang " + std::string(lang) + " --scenario '" + file.string() + "'",
                          "5 dump p.json\n", 7, R"({"panels": {}})", "1280x720");
        const json ui = windowtest::readJson(run.folder / "p.json");
        expectAPresentationLayout(ui, name, lessonPanels, scenario.value("exercise", false));
        if (framesAMapOrAGraph(scenario)) expectTheLessonFillsTheScene(ui, name);
    }
    // The side layout at 1600 x 900, font scale 1, frames it as well.
    if (framesAMapOrAGraph(scenario)) {
        auto run = runApp(kRuns, GetParam() + "_side", "--layout auto --scenario '" + file.string() + "'", "", 4);
        EXPECT_EQ(run.ui.value("layout", ""), "side");
        expectTheLessonFillsTheScene(run.ui, GetParam() + "_side");
    }
}

INSTANTIATE_TEST_SUITE_P(EveryLibraryScenario, PresentationLibrary, ::testing::ValuesIn(libraryScenarios()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                             std::string id = param.param;
                             std::replace_if(id.begin(), id.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                             return id;
                         });

// At 1600 x 900, font scale 1, the app keeps the side layout by itself; L switches to the presentation
// layout and back; Tab brings the next panel's tab up.
TEST(Presentation, TheKeysSwitchTheLayoutAndTheTabs) {
    auto run = runApp(kRuns, "keys", "--layout auto --mode aoi --show lists,events,compare",
                      "2 dump side.json\n3 key l\n6 dump tabs.json\n7 key tab\n10 dump next.json\n11 key l\n14 dump back.json\n", 16);
    const json side = windowtest::readJson(run.folder / "side.json");
    EXPECT_EQ(side.value("layout", ""), "side");
    for (const json& panel : side["panels"]) EXPECT_FALSE(panel.value("tab", true)) << panel.value("id", "");
    auto shownTab = [](const json& ui) {
        std::string id;
        for (const json& panel : ui["panels"])
            if (panel.value("visible", false) && !panel.value("floating", false) && !panel.value("tab", false)) id = panel.value("id", "");
        return id;
    };
    const json tabs = windowtest::readJson(run.folder / "tabs.json");
    EXPECT_EQ(tabs.value("layout", ""), "presentation");
    EXPECT_EQ(shownTab(tabs), "lists");
    const json next = windowtest::readJson(run.folder / "next.json");
    EXPECT_EQ(shownTab(next), "events");
    const json back = windowtest::readJson(run.folder / "back.json");
    EXPECT_EQ(back.value("layout", ""), "side");
}

// A lesson with four panels on a small projector: the tabs do not fit the strip. Each shrinks (its label
// ends in "...", hovered it grows to the whole label, the list button names every panel) instead of the
// strip scrolling with its last tab cut mid-word (1024 x 768, font scale 2: "Co", "X/Y 链" before).
TEST(Presentation, TabsThatDoNotFitShrinkInsteadOfBeingCut) {
    const fs::path file = kLibrary / "exercise-aoi-crosslist.json";
    for (const char* lang : {"en", "zh"}) {
        auto run = runApp(kRuns, std::string("narrow_tabs_") + lang,
                          "--layout auto --font-scale 2 --lang " + std::string(lang) + " --scenario '" + file.string() + "'",
                          "5 dump p.json\n", 7, R"({"panels": {}})", "1024x768");
        const json ui = windowtest::readJson(run.folder / "p.json");
        EXPECT_EQ(ui.value("layout", ""), "presentation") << lang;
        EXPECT_GE(ui["panel_tabs"]["count"].get<int>(), 4) << lang;
        EXPECT_EQ(ui["panel_tabs"]["cut"].get<int>(), 0) << lang << ": " << ui["panel_tabs"];
        EXPECT_GE(ui["panel_tabs"]["shortened"].get<int>(), 1) << lang << ": " << ui["panel_tabs"];  // they do not all fit
        EXPECT_TRUE(ui["panel_tabs"]["shown_whole"].get<bool>()) << lang << ": the shown panel's name is cut " << ui["panel_tabs"];
    }
}

// --layout forces one either way.
TEST(Presentation, TheLayoutFlagWinsOverTheWindowSize) {
    auto big = runApp(kRuns, "forced_presentation", "--layout presentation", "", 4);
    EXPECT_EQ(big.ui.value("layout", ""), "presentation");
    auto small = runApp(kRuns, "forced_side", "--layout side --font-scale 2", "", 4, R"({"panels": {}})", "1280x720");
    EXPECT_EQ(small.ui.value("layout", ""), "side");
}

}  // namespace
}  // namespace aoilab
