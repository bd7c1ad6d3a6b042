// Window tests of the shell's mode layer and shared timeline: every workbench starts, dumps its mode
// and timeline and draws; stepping and seeking the AOI timeline back and forth lands on exactly the
// state a fresh run seeked straight there shows; the timeline is never an edit (saving at any position
// writes a file the CLI validates and replays to the scenario's expected events); the open panels'
// tiles lie inside the window at 1600x900 and at 1280x720 with font scale 2.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "modes";
const std::string kDefault = (kSource / "scenarios/default.json").string();
const std::string kHysteresis = (kSource / "scenarios/hysteresis-edge.json").string();
const std::string kArticle = (kSource / "scenarios/crosslist-article.json").string();

// The AOI part of a dump without what legitimately differs between two runs (frame numbers, timings).
json aoiState(json aoi) {
    for (const char* key : {"frame", "cpu_ms_per_frame", "scene"}) aoi.erase(key);
    if (aoi.contains("compare")) aoi.erase("compare");  // holds measured microseconds
    if (aoi.contains("overlay")) aoi["overlay"].erase("frame");  // when it was drawn, not what
    return aoi;
}

TEST(Modes, EveryWorkbenchStartsDumpsItsModeAndTimelineAndDraws) {
    for (const std::string mode : {"aoi", "search", "maps", "graph"}) {
        auto run = runApp(kRuns, "start_" + mode, "--mode " + mode + " --scenario '" + kDefault + "'", "", 5);
        EXPECT_EQ(run.ui.value("mode", ""), mode);
        ASSERT_TRUE(run.ui.contains("timeline")) << mode;
        for (const char* key : {"position", "length", "playing", "speed"})
            EXPECT_TRUE(run.ui["timeline"].contains(key)) << mode << " " << key;
        EXPECT_TRUE(run.ui.contains(mode)) << "the mode's own part of the dump: " << mode;
        // Something was drawn: the screenshot has more than a handful of colours.
        std::set<std::array<int, 3>> colours;
        for (int y = 0; y < run.shot.height; y += 7)
            for (int x = 0; x < run.shot.width; x += 7) colours.insert(run.shot.at(x, y));
        EXPECT_GT(colours.size(), 20u) << mode;
    }
}

TEST(Modes, F2ToF4SwitchTheWorkbenchAndF1ComesBackWithItsState) {
    // Step the AOI script twice, visit the three other workbenches, come back: still at position 2.
    std::string script = "5 key right\n8 key right\n11 key f2\n14 key f3\n17 key f4\n20 dump graph.json\n22 key f1\n";
    auto run = runApp(kRuns, "switch", "--scenario '" + kHysteresis + "'", script, 26);
    json atGraph = windowtest::readJson(run.folder / "graph.json");
    EXPECT_EQ(atGraph.value("mode", ""), "graph");
    EXPECT_EQ(run.ui.value("mode", ""), "aoi");
    EXPECT_EQ(run.ui["timeline"]["position"], 2);
}

TEST(Modes, StepBackAndSeekGiveTheStateOfAFreshSeek) {
    // Forward 3, back 1, to the end (a seek), then back step by step to 2; against a fresh run --seek 2.
    std::string keys = "5 key right\n8 key right\n11 key right\n14 key left\n17 key end\n";
    for (int i = 0; i < 6; ++i) keys += std::to_string(20 + 3 * i) + " key left\n";  // 8 -> 2
    const std::string flags = "--scenario '" + kHysteresis + "' --show lists,grid,events --select 1";
    auto walked = runApp(kRuns, "seek_walked", flags, keys, 45);
    auto fresh = runApp(kRuns, "seek_fresh", flags + " --seek 2", "", 5);
    ASSERT_EQ(walked.ui["timeline"]["length"], 8);
    EXPECT_EQ(walked.ui["timeline"]["position"], 2);
    EXPECT_EQ(fresh.ui["timeline"]["position"], 2);
    EXPECT_EQ(walked.ui["entities"], fresh.ui["entities"]);  // the world shown, on screen where it should be
    EXPECT_EQ(aoiState(walked.ui["aoi"]), aoiState(fresh.ui["aoi"]));  // lists, cells, events, explanation
    EXPECT_FALSE(walked.ui["document"]["dirty"].get<bool>());
    EXPECT_FALSE(walked.ui["document"]["can_undo"].get<bool>());  // stepping is not an edit
}

TEST(Modes, SavingAtAnyPositionWritesAFileThatValidatesAndReplays) {
    fs::path folder = kRuns / "save_positions_files";
    fs::remove_all(folder);
    fs::create_directories(folder);
    std::string keys;
    int frame = 5;
    for (int position = 0; position <= 3; ++position) {
        keys += std::to_string(frame) + " save " + (folder / ("at" + std::to_string(position) + ".json")).string() + "\n";
        keys += std::to_string(frame + 2) + " key right\n";
        frame += 5;
    }
    auto run = runApp(kRuns, "save_positions", "--scenario '" + kArticle + "'", keys, frame + 3);
    EXPECT_FALSE(run.ui["document"]["dirty"].get<bool>());
    for (int position = 0; position <= 3; ++position) {
        fs::path saved = folder / ("at" + std::to_string(position) + ".json");
        ASSERT_TRUE(fs::exists(saved)) << saved;
        std::string check = std::string("'") + AOILAB_CLI + "' validate '" + saved.string() + "' > /dev/null && '" +
                            AOILAB_CLI + "' replay '" + saved.string() + "' --check > /dev/null";
        EXPECT_EQ(std::system(check.c_str()), 0) << "position " << position << ": " << check;
        std::ifstream a(saved), b(kArticle);
        EXPECT_EQ(json::parse(a)["entities"], json::parse(b)["entities"]) << "position " << position;
    }
}

TEST(Modes, OpenPanelsLieInsideTheWindowAtEverySize) {
    struct Case {
        std::string name, size, extra;
    } cases[] = {{"fit_1600", "1600x900", ""}, {"fit_1280_x2", "1280x720", "--font-scale 2"},
                 {"fit_zh_1280_x2", "1280x720", "--font-scale 2 --lang zh"}};
    for (const Case& c : cases) {
        auto run = runApp(kRuns, c.name, "--scenario '" + kArticle + "' --show lists,events,compare " + c.extra, "", 5,
                          R"({"panels": {}})", c.size);
        double width = run.ui["window"]["width"], height = run.ui["window"]["height"];
        for (const char* id : {"lists", "events", "compare"}) {
            json rect = windowtest::panelRect(run.ui, id);
            ASSERT_EQ(rect.size(), 4u) << c.name << " " << id;
            EXPECT_GE(rect[0].get<double>(), 0) << c.name << " " << id;
            EXPECT_GE(rect[1].get<double>(), 0) << c.name << " " << id;
            EXPECT_LE(rect[2].get<double>(), width) << c.name << " " << id;
            EXPECT_LE(rect[3].get<double>(), height) << c.name << " " << id;
            // Tall enough for a title bar and a few lines of content.
            EXPECT_GT(rect[3].get<double>() - rect[1].get<double>(), run.ui["font_size"].get<double>() * 3) << c.name << " " << id;
        }
    }
}

TEST(Modes, TinyWindowsAndHugeFontsStillLayOut) {
    for (const std::string& flags : {std::string("--size 320x240 --font-scale 4"), std::string("--size 8192x240 --font-scale 4"),
                                     std::string("--size 320x2000 --font-scale 0.5")}) {
        std::string size = flags.substr(7, flags.find(' ', 7) - 7);
        std::string rest = flags.substr(flags.find(' ', 7) + 1);
        for (const std::string mode : {"aoi", "search", "maps", "graph"}) {
            auto run = runApp(kRuns, "tiny_" + mode, "--mode " + mode + " --scenario '" + kArticle + "' " + rest, "", 3,
                              R"({"panels": {}})", size);
            EXPECT_EQ(run.exitCode, 0) << flags << " " << mode;
        }
    }
}

}  // namespace
}  // namespace aoilab
