// Window tests of the projector case: 1280 x 720 and 1024 x 768 at font scale 2, in English and Chinese, every panel of
// every workbench opened. No item runs past its tile's right edge (--dump-ui "overflow_px": labels go
// above their controls, rows of buttons wrap, text wraps), no table text is cut by its column
// ("clipped_px"), the timeline's controls fit their bar, and the status bar keeps its frame time inside
// the window (the workbench's status is cut with "..." before it) and speaks the language.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "fit";

struct Layout {
    const char* name;
    const char* flags;
};

const Layout kLayouts[] = {
    {"aoi_structures", "--mode aoi --show lists,grid,quadtree,towers"},
    {"aoi_events", "--mode aoi --show events,compare,checks"},
    {"aoi_charts", "--mode aoi --show crossover,budget"},
    {"search_two", "--mode search --algo astar,jps"},
    {"maps_all", "--mode maps --show maps,maps_table"},
    {"graph_all", "--mode graph --show graph,graph_edges,graph_table"},
};

// The seek slider is drawn, at least Playback::kMinSliderEm wide (6 em: shorter, it cannot be aimed at),
// and inside the timeline bar: on the controls' line when they leave it that much, else on a row of its own.
void expectAUsableSeekSlider(const json& ui, const std::string& name) {
    const json& rect = ui["timeline"]["slider"]["rect"];
    ASSERT_EQ(rect.size(), 4u) << name << ": no seek slider";
    EXPECT_GE(rect[2].get<double>() - rect[0].get<double>(), 6 * ui["font_size"].get<double>() - 0.5) << name;
    const json& bar = ui["timeline"]["rect"];  // inside the timeline bar (above the status bar)
    EXPECT_GE(rect[0].get<double>(), bar[0].get<double>()) << name;
    EXPECT_GE(rect[1].get<double>(), bar[1].get<double>()) << name;
    EXPECT_LE(rect[2].get<double>(), bar[2].get<double>()) << name;
    EXPECT_LE(rect[3].get<double>(), bar[3].get<double>()) << name;
}

TEST(Fit, EveryPanelFitsItsTileAt1280x720And1024x768AtFontScale2InBothLanguages) {
    for (const char* size : {"1280x720", "1024x768"})
    for (const Layout& layout : kLayouts) {
        for (const char* lang : {"en", "zh"}) {
            const std::string name = std::string(layout.name) + "_" + lang + "_" + size;
            // A dump of its own, not the last frame's: that frame also captures every item's text, and a
            // table scrolled half out of a small tile (the graph's lookup tables) then reports its columns
            // cut by 31 px that no other frame shows.
            auto run = runApp(kRuns, name, std::string("--font-scale 2 --lang ") + lang + " " + layout.flags, "6 dump fit.json\n", 8,
                              R"({"panels": {}})", size);
            const json ui = windowtest::readJson(run.folder / "fit.json");
            ASSERT_TRUE(ui.is_object()) << name;
            int shown = 0;
            for (const json& panel : ui["panels"]) {
                if (!panel.value("visible", false) || panel.value("collapsed", true)) continue;
                ++shown;
                const std::string id = panel.value("id", "?");
                EXPECT_LE(panel.value("overflow_px", 1e9), 1.0) << name << ": an item of " << id << " ran past the tile's edge";
                EXPECT_LE(panel.value("clipped_px", 1e9), 1.0) << name << ": a table's text in " << id << " was cut by its column";
            }
            EXPECT_GE(shown, 2) << name;
            // The four workbench buttons fit after the menus.
            EXPECT_FALSE(ui["mode_switcher"]["folded"].get<bool>()) << name;
            EXPECT_LE(ui["mode_switcher"]["rect"][2].get<double>(), ui["window"]["width"].get<double>()) << name;
            EXPECT_LE(ui["timeline"]["overflow_px"].get<double>(), 1.0) << name;
            expectAUsableSeekSlider(ui, name);
            // Every tool button shows whole in the tool column (at 1280 x 720 the sixth was cut in half).
            EXPECT_LE(ui["toolbar"]["overflow_px"].get<double>(), 0.5) << name;
            EXPECT_GT(ui["status_bar"]["frame_right"].get<double>(), 0) << name;
            EXPECT_LE(ui["status_bar"]["frame_right"].get<double>(), ui["window"]["width"].get<double>()) << name;
            // In Chinese the workbench's status has no English word but the map's name, the size's x and
            // the search's "A*" ("A*（八方向距离）").
            if (std::string(lang) == "zh") {
                const std::string status = ui.value("status_mode", "");
                std::string word;
                for (char c : status + " ") {
                    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
                        word += c;
                        continue;
                    }
                    if (!word.empty()) {
                        EXPECT_TRUE(word == "default" || word == "article" || word == "x" || word == "A")
                            << name << ": English \"" << word << "\" in the status \"" << status << "\"";
                    }
                    word.clear();
                }
            }
        }
    }
}

// The file picker (Ctrl+O) at font scale 2: at 1280 x 720 its 26 lines would be taller than the
// window (its title and its Open button were off screen); it fits, and stays inside when the window
// shrinks to 800 x 600 while it is shown.
TEST(Fit, TheFilePickerStaysInsideTheWindowAtFontScale2) {
    for (const char* lang : {"en", "zh"}) {
        const std::string name = std::string("picker_") + lang;
        auto run = runApp(kRuns, name, std::string("--font-scale 2 --lang ") + lang,
                          "2 key ctrl+o\n5 dump big.json\n6 resize 800 600\n10 dump small.json\n", 12, R"({"panels": {}})",
                          "1280x720");
        for (const char* file : {"big.json", "small.json"}) {
            const json ui = windowtest::readJson(run.folder / file);
            ASSERT_EQ(ui["picker"], "open") << name << " " << file;
            const double width = ui["window"]["width"], height = ui["window"]["height"];
            for (const char* part : {"window", "ok_button"}) {
                const json& r = ui["picker_rect"][part];
                ASSERT_EQ(r.size(), 4u) << name << " " << file << " " << part;
                EXPECT_GE(r[0].get<double>(), 0) << name << " " << file << " " << part;
                EXPECT_GE(r[1].get<double>(), 0) << name << " " << file << " " << part;
                EXPECT_LE(r[2].get<double>(), width) << name << " " << file << " " << part;
                EXPECT_LE(r[3].get<double>(), height) << name << " " << file << " " << part;
            }
        }
    }
}

// The unsaved-changes prompt (ash dragged from (14, 18), then Ctrl+N) at font scale 2 in an 800 x 600 window: its text
// wraps and its buttons wrap, so that all of it stays inside the window.
TEST(Fit, TheUnsavedChangesPromptStaysInsideASmallWindowAtFontScale2) {
    for (const char* lang : {"en", "zh"}) {
        const std::string name = std::string("discard_") + lang;
        // A long file name: the prompt names it.
        fs::create_directories(kRuns);
        const fs::path scenario = kRuns / "the-scenario-our-class-saved-on-the-projector-last-week-copy-2.json";
        fs::copy_file(fs::path(AOILAB_SOURCE_DIR) / "scenarios/default.json", scenario, fs::copy_options::overwrite_existing);
        auto run = runApp(kRuns, name, std::string("--font-scale 2 --lang ") + lang + " --scenario '" + scenario.string() + "'",
                          "3 move_world 14 18\n4 press left\n5 move_world 40 45\n6 release left\n8 key ctrl+n\n11 dump asked.json\n", 12, R"({"panels": {}})", "800x600");
        const json ui = windowtest::readJson(run.folder / "asked.json");
        ASSERT_TRUE(ui["discard_prompt"].get<bool>()) << name;
        const json& r = ui["discard_prompt_rect"];
        ASSERT_EQ(r.size(), 4u) << name;
        EXPECT_GE(r[0].get<double>(), 0) << name;
        EXPECT_GE(r[1].get<double>(), 0) << name;
        EXPECT_LE(r[2].get<double>(), ui["window"]["width"].get<double>()) << name;
        EXPECT_LE(r[3].get<double>(), ui["window"]["height"].get<double>()) << name;
    }
}

// A long tooltip ("Waypoints to graph" explains itself in a long sentence) at 1280x720, font scale 2:
// it wraps and stays inside the window (ImGui's own ran past the right edge). The first run finds the
// button, the second hovers it.
TEST(Fit, ALongTooltipWrapsInsideTheWindowAtFontScale2) {
    for (const char* lang : {"en", "zh"}) {
        const std::string flags = std::string("--font-scale 2 --mode graph --lang ") + lang;
        auto find = runApp(kRuns, std::string("tooltip_find_") + lang, flags, "", 4, R"({"panels": {}})", "1280x720");
        json button;
        for (const json& panel : find.ui["panels"])
            if (panel.value("id", "") == "graph") button = panel["drawn"]["waypoints_button"];
        ASSERT_EQ(button.size(), 4u) << lang;
        const int x = static_cast<int>((button[0].get<double>() + button[2].get<double>()) / 2);
        const int y = static_cast<int>((button[1].get<double>() + button[3].get<double>()) / 2);
        auto run = runApp(kRuns, std::string("tooltip_") + lang, flags,
                          "2 move " + std::to_string(x) + " " + std::to_string(y) + "\n6 dump tip.json\n", 8, R"({"panels": {}})",
                          "1280x720");
        const json ui = windowtest::readJson(run.folder / "tip.json");
        const json& r = ui["tooltip_rect"];
        ASSERT_EQ(r.size(), 4u) << lang << ": no tooltip over the button at " << x << ", " << y;
        EXPECT_GE(r[0].get<double>(), 0) << lang;
        EXPECT_GE(r[1].get<double>(), 0) << lang;
        EXPECT_LE(r[2].get<double>(), ui["window"]["width"].get<double>()) << lang;
        EXPECT_LE(r[3].get<double>(), ui["window"]["height"].get<double>()) << lang;
    }
}

// An 800 x 600 window at font scale 2 (half the room of the projector case): the timeline's controls
// wrap onto a second line (the speed, then AOI's Record) instead of running past the bar; the
// explanation scrolls in what is left.
TEST(Fit, TheTimelineControlsWrapInANarrowBar) {
    for (const char* mode : {"aoi", "search", "graph"}) {
        for (const char* lang : {"en", "zh"}) {
            const std::string name = std::string("timeline_") + mode + "_" + lang;
            auto run = runApp(kRuns, name, std::string("--font-scale 2 --lang ") + lang + " --mode " + mode, "6 dump fit.json\n", 8,
                              R"({"panels": {}})", "800x600");
            const json ui = windowtest::readJson(run.folder / "fit.json");
            EXPECT_LE(ui["timeline"]["overflow_px"].get<double>(), 1.0) << name;
            expectAUsableSeekSlider(ui, name);
            EXPECT_LE(ui["status_bar"]["frame_right"].get<double>(), 800.0) << name;
        }
    }
}

// In a wide window the seek slider sits on the controls' line (no row spent on it); at 1280 x 720, font
// scale 2, AOI's controls and Record leave it under 6 em (it was left out, so the timeline could not be
// scrubbed), and it gets a row of its own under them, the bar's width, saying "operation 3 of 1,020".
TEST(Fit, TheSeekSliderTakesARowOfItsOwnWhenTheControlsLeaveItTooLittle) {
    const std::string flags = "--mode aoi --scenario " + (fs::path(AOILAB_SOURCE_DIR) / "scenarios/crowd-500.json").string() + " --seek 3";
    auto wide = runApp(kRuns, "slider_wide", flags, "6 dump fit.json\n", 8, R"({"panels": {}})", "1600x900");
    const json a = windowtest::readJson(wide.folder / "fit.json");
    EXPECT_FALSE(a["timeline"]["slider"]["own_row"].get<bool>());
    EXPECT_TRUE(a["timeline"]["slider"]["seekable"].get<bool>());
    expectAUsableSeekSlider(a, "wide");
    // An empty timeline (the AOI workbench's empty world): a bare bar, no grab to drag.
    auto empty = runApp(kRuns, "slider_empty", "--mode aoi", "6 dump fit.json\n", 8, R"({"panels": {}})", "1600x900");
    const json e = windowtest::readJson(empty.folder / "fit.json");
    ASSERT_EQ(e["timeline"]["length"], 0);
    EXPECT_FALSE(e["timeline"]["slider"]["seekable"].get<bool>());
    expectAUsableSeekSlider(e, "empty");
    for (const char* lang : {"en", "zh"}) {
        const std::string name = std::string("slider_projector_") + lang;
        auto run = runApp(kRuns, name, flags + " --font-scale 2 --lang " + lang, "6 dump fit.json\n", 8, R"({"panels": {}})", "1280x720");
        const json ui = windowtest::readJson(run.folder / "fit.json");
        ASSERT_TRUE(ui["timeline"]["slider"]["own_row"].get<bool>()) << name;
        expectAUsableSeekSlider(ui, name);
        const json& slider = ui["timeline"]["slider"]["rect"];
        // Under the controls' line (which starts at the bar's top, the scene's bottom), and as wide as the
        // bar (from the window's left edge to the scene's right one) less its padding.
        const double em = ui["font_size"], barTop = ui["canvas"]["max"][1], barRight = ui["canvas"]["max"][0];
        EXPECT_GE(slider[1].get<double>(), barTop + em) << name;
        EXPECT_GE(slider[2].get<double>() - slider[0].get<double>(), barRight - 1.5 * em) << name;
        EXPECT_EQ(ui["timeline"]["position"], 3) << name;
    }
}

// The shortcut sheet (H) at 1280x720, font scale 2: taller than the window, it scrolls inside it (its
// title and first keys were above the window), below the menu bar.
TEST(Fit, TheShortcutSheetStaysInsideTheWindowAtFontScale2) {
    for (const char* lang : {"en", "zh"}) {
        const std::string name = std::string("shortcuts_") + lang;
        auto run = runApp(kRuns, name, std::string("--font-scale 2 --lang ") + lang, "2 key h\n8 dump sheet.json\n", 10,
                          R"({"panels": {}})", "1280x720");
        const json ui = windowtest::readJson(run.folder / "sheet.json");
        json rect;
        for (const json& panel : ui["panels"])
            if (panel.value("id", "") == "shortcuts" && panel.value("visible", false)) rect = panel["rect"];
        ASSERT_EQ(rect.size(), 4u) << name << ": the sheet is shown";
        EXPECT_GE(rect[0].get<double>(), 0) << name;
        EXPECT_GE(rect[1].get<double>(), 0) << name;
        // Below the menu bar (it covered the workbench buttons): where the canvas starts.
        EXPECT_GE(rect[1].get<double>(), ui["canvas"]["min"][1].get<double>() - 0.5) << name;
        EXPECT_GE(rect[1].get<double>(), ui["menu_file_rect"][3].get<double>() - 0.5) << name;
        EXPECT_LE(rect[2].get<double>(), ui["window"]["width"].get<double>()) << name;
        EXPECT_LE(rect[3].get<double>(), ui["window"]["height"].get<double>()) << name;
    }
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// Narrower still (800 x 600 at font scale 2) the four workbench buttons would run off the window: they
// fold into one menu named after the workbench shown, which switches as the buttons do.
TEST(Fit, TheWorkbenchButtonsFoldIntoAMenuInANarrowWindow) {
    auto folded = runApp(kRuns, "switcher_folded", "--font-scale 2 --lang en --mode search", "2 dump menu.json\n", 4,
                         R"({"panels": {}})", "800x600");
    const json menu = windowtest::readJson(folded.folder / "menu.json");
    ASSERT_TRUE(menu["mode_switcher"]["folded"].get<bool>());
    const json rect = menu["mode_switcher"]["rect"];
    EXPECT_LE(rect[2].get<double>(), 800);
    EXPECT_GT(rect[2].get<double>(), rect[0].get<double>());
    // Open it and choose Graph (the fourth entry, one menu line under the third).
    const double x = (rect[0].get<double>() + rect[2].get<double>()) / 2, y = (rect[1].get<double>() + rect[3].get<double>()) / 2;
    const double line = rect[3].get<double>() - rect[1].get<double>();
    const std::string script = "2 move " + std::to_string(x) + " " + std::to_string(y) + "\n3 press left\n5 release left\n" +
                               "7 move " + std::to_string(x) + " " + std::to_string(rect[3].get<double>() + line * 3.5) +
                               "\n8 press left\n10 release left\n";
    auto chosen = runApp(kRuns, "switcher_chosen", "--font-scale 2 --lang en --mode search", script, 13, R"({"panels": {}})", "800x600");
    EXPECT_EQ(chosen.ui["mode"], "graph");
    EXPECT_TRUE(chosen.ui["mode_switcher"]["folded"].get<bool>());
}

// Narrower still, 800 x 600 at font scale 2 (a tile about 8 font sizes wide): every panel fits too. A label
// above its control wraps (the Maps panel's "Waypoint step (cells)" ran 25 px past the edge, the Search
// panel's weight 60), a radio button's label wraps ("Show on the scene": 75 px in each structure panel;
// the walk's "Walk within a time"), a button too wide for the line is cut with "..." ("Waypoints to graph",
// the search lessons), the crossover's combo narrows (36 px).
TEST(Fit, EveryPanelFitsAt800x600AtFontScale2) {
    for (const Layout& layout : kLayouts) {
        for (const char* lang : {"en", "zh"}) {
            const std::string name = std::string("narrow_") + layout.name + "_" + lang;
            auto run = runApp(kRuns, name, std::string("--font-scale 2 --lang ") + lang + " " + layout.flags, "6 dump fit.json\n", 8,
                              R"({"panels": {}})", "800x600");
            const json ui = windowtest::readJson(run.folder / "fit.json");
            int shown = 0;
            for (const json& panel : ui["panels"]) {
                if (!panel.value("visible", false) || panel.value("collapsed", true)) continue;
                ++shown;
                EXPECT_LE(panel.value("overflow_px", 1e9), 1.0) << name << ": " << panel.value("id", "?");
            }
            EXPECT_GE(shown, 2) << name;
            EXPECT_LE(ui["timeline"]["overflow_px"].get<double>(), 1.0) << name;
        }
    }
}

}  // namespace
}  // namespace aoilab
