// Window tests of "text is never cut mid-line" (issue 37): a panel's shown area holds whole text lines
// only, at its bottom edge and, scrolled, at its top. Every library scenario at 1280 x 720, font scale 2,
// in English and Chinese (the presentation layout): each of its first tabs is brought up (Tab), dumped
// unscrolled, then scrolled down by the mouse wheel over it, once and three times more, and dumped again.
// From --dump-ui, no panel shown has a line cut (`partial_line_px` 0), nor has the step explanation; and
// the run did scroll a panel. Without the clip (app/whole_lines.h), in crosslist-article, graph-city,
// maps-waypoints and search-arena, 63 panel dumps showed a line in part, by up to 31 pixels (most of a
// line at that font).
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

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "whole_lines";
const fs::path kLibrary = fs::path(AOILAB_SOURCE_DIR) / "scenarios";

constexpr int kTabs = 3;                 // the tabs looked at in each run
constexpr int kPointX = 1090, kPointY = 640;  // inside the shown tab at 1280 x 720, font scale 2 (checked)


// The script: per tab, a dump unscrolled, one after a wheel step down, one after three more. `frames`:
// the frames the run needs.
std::string script(std::vector<std::string>& dumps, int& frames) {
    std::string text = "2 move " + std::to_string(kPointX) + " " + std::to_string(kPointY) + "\n";
    int frame = 4;
    for (int t = 0; t < kTabs; ++t) {
        if (t > 0) text += std::to_string(frame++) + " key tab\n";
        frame += 2;
        for (int wheel : {0, -1, -3}) {
            if (wheel != 0) text += std::to_string(frame) + " wheel " + std::to_string(wheel) + "\n";
            frame += 2;
            const std::string dump = "t" + std::to_string(t) + "_" + std::to_string(-wheel) + ".json";
            text += std::to_string(frame++) + " dump " + dump + "\n";
            dumps.push_back(dump);
        }
    }
    frames = frame + 2;
    return text;
}

class WholeLines : public ::testing::TestWithParam<std::string> {};

TEST_P(WholeLines, NoPanelLineIsCutUnscrolledOrScrolledAt1280x720AtFontScale2) {
    const fs::path file = kLibrary / (GetParam() + ".json");
    for (const char* lang : {"en", "zh"}) {
        const std::string name = GetParam() + "_" + lang;
        std::vector<std::string> dumps;
        int frames = 0;
        const std::string events = script(dumps, frames);
        auto run = runApp(kRuns, name, "--layout auto --font-scale 2 --lang " + std::string(lang) + " --scenario '" + file.string() + "'",
                          events, frames, R"({"panels": {}})", "1280x720");
        int scrolled = 0, looked = 0;
        for (const std::string& dump : dumps) {
            const json ui = windowtest::readJson(run.folder / dump);
            ASSERT_TRUE(ui.is_object()) << name << " " << dump;
            ASSERT_EQ(ui.value("layout", ""), "presentation") << name;
            EXPECT_EQ(ui["explanation_box"].value("partial_line_px", -1.0), 0.0) << name << " " << dump << ": the explanation";
            for (const json& panel : ui["panels"]) {
                if (!panel.value("visible", false) || panel.value("tab", false) || panel.value("floating", false)) continue;
                const std::string id = panel.value("id", "");
                ++looked;
                EXPECT_EQ(panel.value("partial_line_px", -1.0), 0.0) << name << " " << dump << ": " << id << " shows a line in part";
                if (panel.value("scroll_y", 0.0) > 0) ++scrolled;
                if (dump.find("_0.") != std::string::npos) {  // the wheel turns over the panel shown
                    const json& r = panel["rect"];
                    EXPECT_TRUE(r[0] <= kPointX && kPointX <= r[2] && r[1] <= kPointY && kPointY <= r[3]) << name << ": " << id << " " << r;
                }
            }
        }
        EXPECT_GE(looked, 3) << name;
        EXPECT_GE(scrolled, 1) << name << ": no panel was scrolled";
    }
}

INSTANTIATE_TEST_SUITE_P(EveryLibraryScenario, WholeLines, ::testing::ValuesIn(libraryScenarios()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                             std::string id = param.param;
                             std::replace_if(id.begin(), id.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                             return id;
                         });

}  // namespace
}  // namespace aoilab
