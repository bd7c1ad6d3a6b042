// Recording in the AOI workbench (R): edits made in the window after the script's end become script
// operations with their events; the saved scenario validates and replays headless to the same events.
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
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "recording";
const std::string kArticle = (kSource / "scenarios/crosslist-article.json").string();

TEST(Recording, ASessionRecordedInTheWindowReplaysHeadlessToTheSameEvents) {
    fs::create_directories(kRuns);
    fs::path saved = kRuns / "recorded.json";
    fs::remove(saved);
    // The article's world (10 x 10): record, spawn an entity at (8, 2), drag entity a from (1, 5) to
    // (4, 6), a tick, stop, save.
    std::string script =
        "5 key r\n"
        "8 key a\n10 move_world 8 2\n12 press left\n14 release left\n"
        "17 key v\n19 move_world 1 5\n21 press left\n23 move_world 2.5 5.5\n25 move_world 4 6\n27 release left\n"
        "30 key t\n33 key r\n"
        "36 save " + saved.string() + "\n";
    auto run = runApp(kRuns, "record", "--scenario '" + kArticle + "' --show events", script, 40);
    ASSERT_TRUE(fs::exists(saved));
    EXPECT_FALSE(run.ui["aoi"]["recording"].get<bool>());

    std::ifstream savedIn(saved), originalIn(kArticle);
    json recorded = json::parse(savedIn), original = json::parse(originalIn);
    EXPECT_EQ(recorded["entities"], original["entities"]);  // the starting world is untouched
    ASSERT_GT(recorded["script"].size(), original["script"].size() + 2);  // add, moves, tick
    json added = recorded["script"][original["script"].size()];
    EXPECT_EQ(added["op"], "add");
    EXPECT_NEAR(added["x"].get<double>(), 8, 0.5);
    EXPECT_EQ(recorded["script"].back()["op"], "tick");
    bool movedA = false;
    for (const json& op : recorded["script"]) movedA |= op["op"] == "move" && op["id"] == 1;
    EXPECT_TRUE(movedA);
    // The recorded operations carry the events the window's methods produced; replay --check compares
    // them with a fresh headless run (and every method with brute force).
    ASSERT_GT(recorded["expected"].size(), original["expected"].size());
    std::string check = std::string("'") + AOILAB_CLI + "' validate '" + saved.string() + "' > /dev/null && '" +
                        AOILAB_CLI + "' replay '" + saved.string() + "' --check > /dev/null";
    EXPECT_EQ(std::system(check.c_str()), 0) << check;
    // The timeline now holds the recording: its end is the recorded world.
    EXPECT_EQ(run.ui["timeline"]["length"].get<int>(), static_cast<int>(recorded["script"].size()));
}

}  // namespace
}  // namespace aoilab
