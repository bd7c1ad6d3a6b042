// A scenario's lesson keys (scenario_lesson.h) in the window: it opens in its workbench with its panels
// at its start position, its title in the UI language; flags given at start win over the file.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "lesson";

fs::path lessonFile() {
    fs::create_directories(kRuns);
    std::ifstream in(kSource / "scenarios/hysteresis-edge.json");
    json scenario = json::parse(in);
    scenario["mode"] = "aoi";
    scenario["panels"] = {"lists", "events"};
    scenario["start_position"] = 2;
    fs::path file = kRuns / "lesson.json";
    std::ofstream(file) << scenario.dump(2);
    return file;
}

bool visible(const json& ui, const std::string& id) {
    for (const json& panel : ui["panels"])
        if (panel["id"] == id) return panel["visible"].get<bool>();
    return false;
}

TEST(Lesson, AScenarioOpensInItsWorkbenchWithItsPanelsAtItsStartPosition) {
    fs::path file = lessonFile();
    auto run = runApp(kRuns, "opens", "--scenario '" + file.string() + "' --lang zh", "", 5,
                      R"({"mode": "graph", "panels": {"lists": false, "events": false, "grid": true}})");
    EXPECT_EQ(run.ui["mode"], "aoi");  // the file's workbench, not the one shown last
    EXPECT_EQ(run.ui["timeline"]["position"], 2);
    EXPECT_TRUE(visible(run.ui, "lists"));
    EXPECT_TRUE(visible(run.ui, "events"));
    EXPECT_FALSE(visible(run.ui, "grid"));
    EXPECT_EQ(run.ui["document"]["title_shown"], "视野边缘的滞后");
}

TEST(Lesson, FlagsGivenAtStartWinOverTheFile) {
    fs::path file = lessonFile();
    auto run = runApp(kRuns, "flags_win", "--scenario '" + file.string() + "' --seek 5 --show grid", "", 5);
    EXPECT_EQ(run.ui["timeline"]["position"], 5);
    EXPECT_TRUE(visible(run.ui, "grid"));
    EXPECT_FALSE(visible(run.ui, "lists"));
    EXPECT_EQ(run.ui["document"]["title_shown"], "Hysteresis at the view's edge");
}

TEST(Lesson, OpeningALessonLaterSwitchesTheWorkbench) {
    fs::path file = lessonFile();
    auto run = runApp(kRuns, "later", "--mode graph", "3 open " + file.string() + "\n", 8);
    EXPECT_EQ(run.ui["mode"], "aoi");
    EXPECT_EQ(run.ui["timeline"]["position"], 2);
    EXPECT_TRUE(visible(run.ui, "lists"));
}

TEST(Lesson, AScenarioWithAnAoiWorldAndNoWorkbenchOpensInTheAoiWorkbench) {
    // The workbench shown last was the graph; the file has entities and names none.
    auto run = runApp(kRuns, "aoi_world", "--scenario '" + (kSource / "scenarios/grid-article.json").string() + "' --show grid",
                      "", 4, R"({"mode": "graph", "panels": {}})");
    EXPECT_EQ(run.ui["mode"], "aoi");
    EXPECT_TRUE(visible(run.ui, "grid"));
    auto flag = runApp(kRuns, "aoi_world_flag", "--mode search --scenario '" + (kSource / "scenarios/grid-article.json").string() + "'",
                       "", 4, R"({"mode": "graph", "panels": {}})");
    EXPECT_EQ(flag.ui["mode"], "search");  // a flag still wins
}

}  // namespace
}  // namespace aoilab
