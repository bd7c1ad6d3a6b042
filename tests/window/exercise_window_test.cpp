// Predict, then reveal: in an exercise scenario the learner clicks a guess, a step reveals the engine's
// answer beside it, and the score counts the guessed steps.
#include <gtest/gtest.h>

#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "exercise";

TEST(Exercise, SearchGuessesAreScoredAgainstTheExpandedCell) {
    // A*'s first expansion closes the start (1, 1): a right guess. Then a guess on a far cell.
    std::string script = "3 key p\n5 move_world 1.5 1.5\n6 press left\n7 release left\n9 key right\n"
                         "12 move_world 31.5 0.5\n13 press left\n14 release left\n16 key right\n";
    auto run = runApp(kRuns, "search", "--scenario '" + (kSource / "scenarios/exercise-search-astar.json").string() + "'",
                      script, 20);
    const json& ex = run.ui["search"]["exercise"];
    ASSERT_TRUE(ex["active"].get<bool>());
    EXPECT_EQ(ex["total"], 2);
    EXPECT_EQ(ex["correct"], 1);
    EXPECT_EQ(ex["last"]["guess"], "(31, 0)");
    EXPECT_FALSE(ex["last"]["right"].get<bool>());
    EXPECT_EQ(run.ui["timeline"]["position"], 2);
    EXPECT_EQ(run.ui["search"]["runs"][0]["algo"], "astar");
}

// Issue 40 item 3: in an exercise the Predict tool is chosen, so a click is a guess, never a moved goal
// (which showed the answer); an edit with the Drag tool restarts the exercise before the first step, and
// Ctrl+Z brings the timeline back to where the edit was made, where the next guess scores.
TEST(Exercise, ClicksInAnExerciseAreGuessesAndUndoBringsThePositionBack) {
    const std::string scenario = "--scenario '" + (kSource / "scenarios/exercise-search-astar.json").string() + "'";
    std::string script = "5 move_world 1.5 1.5\n6 press left\n7 release left\n9 key right\n"  // no P pressed
                         "11 dump guessed.json\n"
                         "13 key q\n15 move_world 30.5 9.5\n16 press left\n18 move_world 31.5 9.5\n20 release left\n"
                         "22 dump dragged.json\n24 key ctrl+z\n26 dump undone.json\n"
                         "28 key p\n30 move_world 2.5 2.5\n31 press left\n32 release left\n34 key right\n";
    auto run = runApp(kRuns, "search_clicks", scenario, script, 38);
    json guessed = windowtest::readJson(run.folder / "guessed.json");
    EXPECT_EQ(guessed["tool"], "predict");
    EXPECT_EQ(guessed["search"]["runs"][0]["goal"], json::array({30, 9})) << "the click did not move the goal";
    EXPECT_EQ(guessed["search"]["exercise"]["total"], 1);
    EXPECT_EQ(guessed["search"]["exercise"]["correct"], 1);
    EXPECT_EQ(guessed["timeline"]["position"], 1);
    json dragged = windowtest::readJson(run.folder / "dragged.json");
    EXPECT_EQ(dragged["search"]["runs"][0]["goal"], json::array({31, 9}));
    EXPECT_EQ(dragged["timeline"]["position"], 0) << "an edit never shows the answer";
    EXPECT_EQ(dragged["search"]["exercise"]["total"], 0) << "the exercise restarted";
    json undone = windowtest::readJson(run.folder / "undone.json");
    EXPECT_EQ(undone["search"]["runs"][0]["goal"], json::array({30, 9}));
    EXPECT_EQ(undone["timeline"]["position"], 1) << "undo brings the position back";
    // The guess after the undo is scored against step 2.
    const json& ex = run.ui["search"]["exercise"];
    EXPECT_EQ(ex["total"], 1);
    EXPECT_EQ(run.ui["timeline"]["position"], 2);
}

TEST(Exercise, GraphGuessesAreScoredAgainstTheSettledVertex) {
    // From C, Dijkstra settles C first, then D (11), the nearest open vertex.
    auto first = runApp(kRuns, "graph_positions", "--scenario '" + (kSource / "scenarios/exercise-graph-dijkstra.json").string() + "'", "", 3);
    ASSERT_TRUE(first.ui["graph"]["exercise"]["active"].get<bool>());
    EXPECT_EQ(first.ui["timeline"]["position"], 0);
    // The castles graph: C at (200, 300), D at (420, 300).
    std::string script = "3 key p\n5 move_world 200 300\n6 press left\n7 release left\n9 key right\n"
                         "12 move_world 420 300\n13 press left\n14 release left\n16 key right\n";
    auto run = runApp(kRuns, "graph", "--scenario '" + (kSource / "scenarios/exercise-graph-dijkstra.json").string() + "'",
                      script, 20);
    const json& ex = run.ui["graph"]["exercise"];
    EXPECT_EQ(ex["total"], 2);
    EXPECT_EQ(ex["correct"], 2);
    EXPECT_EQ(ex["question"], "settled");
    EXPECT_EQ(ex["last"]["answer"], "D");
    EXPECT_EQ(run.ui["graph"]["settled"], json::array({"C", "D"}));
}

TEST(Exercise, GraphLabelGuessesAreScoredAgainstTheLabelsTheStepLowered) {
    // The castles graph from C: A (100, 100), B (300, 120), C (200, 300), D (420, 300), E (320, 460).
    // Step 1 lowers A, B and D (a click on C and another on C takes it out again): right. Step 2 lowers
    // E: right. Step 3 lowers F; the guess D is wrong.
    auto click = [](int frame, int x, int y) {
        return std::to_string(frame) + " move_world " + std::to_string(x) + " " + std::to_string(y) + "\n" +
               std::to_string(frame + 1) + " press left\n" + std::to_string(frame + 2) + " release left\n";
    };
    std::string script = "3 key p\n" + click(5, 100, 100) + click(8, 300, 120) + click(11, 420, 300) + click(14, 200, 300) +
                         click(17, 200, 300) + "21 key right\n" + click(23, 320, 460) + "27 key right\n" +
                         click(29, 420, 300) + "33 key right\n";
    auto run = runApp(kRuns, "graph_labels", "--scenario '" + (kSource / "scenarios/exercise-graph-labels.json").string() + "'",
                      script, 36);
    const json& ex = run.ui["graph"]["exercise"];
    ASSERT_TRUE(ex["active"].get<bool>());
    EXPECT_EQ(ex["question"], "labels");
    EXPECT_EQ(ex["total"], 3);
    EXPECT_EQ(ex["correct"], 2);
    EXPECT_EQ(ex["last"]["guess"], "D");
    EXPECT_EQ(ex["last"]["answer"], "F");
    EXPECT_FALSE(ex["last"]["right"].get<bool>());
    EXPECT_TRUE(ex["guess"].is_null());
    EXPECT_EQ(run.ui["graph"]["settled"], json::array({"C", "D", "E"}));
}

TEST(Exercise, AoiGuessesAreScoredAgainstWhoTheMethodTold) {
    const std::string scenario = "--scenario '" + (kSource / "scenarios/exercise-aoi-crosslist.json").string() + "'";
    // Before any step the events and compare panels are hidden; the exercise asks about d (4).
    auto start = runApp(kRuns, "aoi_start", scenario, "", 3);
    ASSERT_TRUE(start.ui["aoi"]["exercise"]["active"].get<bool>());
    EXPECT_EQ(start.ui["aoi"]["exercise"]["subject"], 4);
    EXPECT_EQ(start.ui["aoi"]["exercise"]["question"], "Operation 1 of 4: add d at (3, 3), radius 2. Who is told, and what?");
    for (const json& panel : start.ui["panels"]) {
        if (panel["id"] != "events" && panel["id"] != "compare") continue;
        EXPECT_TRUE(panel["hidden_until_reveal"].get<bool>()) << panel["id"];
        EXPECT_TRUE(panel["drawn"].is_null()) << panel["id"];
    }
    // d arrives at (3, 3): a, b, c and e (radius 2, square) are told it entered: mark the four, reveal.
    // d moves to (4, 4): the answer is a and c leave, b and e move, f enters; the guess "only f" is wrong.
    std::string script = "3 key p\n"
                         "5 move_world 1 5\n6 press left\n7 release left\n"
                         "9 move_world 2 2\n10 press left\n11 release left\n"
                         "13 move_world 3 1\n14 press left\n15 release left\n"
                         "17 move_world 5 3\n18 press left\n19 release left\n"
                         "21 key right\n"
                         "24 move_world 6 6\n25 press left\n26 release left\n"
                         "28 key right\n";
    auto run = runApp(kRuns, "aoi", scenario, script, 32);
    const json& ex = run.ui["aoi"]["exercise"];
    EXPECT_EQ(run.ui["timeline"]["position"], 2);
    EXPECT_EQ(ex["total"], 2);
    EXPECT_EQ(ex["correct"], 1);
    EXPECT_EQ(ex["last"]["guess"], "6 enter");
    EXPECT_EQ(ex["last"]["answer"], "1 leave, 2 move, 3 leave, 5 move, 6 enter");
    EXPECT_TRUE(ex["revealed"].get<bool>());
    for (const json& panel : run.ui["panels"]) {
        if (panel["id"] == "events") {
            EXPECT_FALSE(panel["hidden_until_reveal"].get<bool>());
        }
    }
}

// Issue 40 item 6: at 1280 x 720, font scale 2, in Chinese, the guess letters keep clear of the entity
// names, and the scene's legend covers none of the question's entities (it hid f, which the answer names).
TEST(Exercise, TheGuessLettersAndTheLegendKeepClearOfTheQuestionsEntities) {
    const std::string scenario = "--scenario '" + (kSource / "scenarios/exercise-aoi-crosslist.json").string() +
                                 "' --font-scale 2 --lang zh";
    std::string script = "3 key p\n"
                         "5 move_world 1 5\n6 press left\n7 release left\n"
                         "9 move_world 2 2\n10 press left\n11 release left\n"
                         "13 move_world 3 1\n14 press left\n15 release left\n"
                         "17 move_world 5 3\n18 press left\n19 release left\n"
                         "20 dump guessing.json\n21 key right\n"
                         "24 move_world 6 6\n25 press left\n26 release left\n"
                         "28 key right\n";
    auto run = windowtest::runApp(kRuns, "aoi_marks_zh", scenario, script, 32, R"({"panels": {}})", "1280x720");
    auto overlap = [](const json& a, const json& b) {
        return a[0].get<double>() < b[2].get<double>() && b[0].get<double>() < a[2].get<double>() &&
               a[1].get<double>() < b[3].get<double>() && b[1].get<double>() < a[3].get<double>();
    };
    for (const json& ui : {windowtest::readJson(run.folder / "guessing.json"), run.ui}) {
        const json& ex = ui["aoi"]["exercise"];
        ASSERT_FALSE(ex["marks"].empty());
        for (const json& mark : ex["marks"])
            for (const json& name : ui["aoi"]["scene"]["names"])
                EXPECT_FALSE(overlap(mark["rect"], name["rect"])) << "the letter of " << mark["id"] << " over the name of " << name["id"];
    }
    // After the reveal every entity but d is in the answer (a and c leave, b and e move, f enters).
    ASSERT_TRUE(run.ui["canvas"]["legend"].contains("rect"));
    const json& legend = run.ui["canvas"]["legend"]["rect"];
    ASSERT_EQ(run.ui["aoi"]["exercise"]["last"]["answer"], "1 leave, 2 move, 3 leave, 5 move, 6 enter");
    for (const json& e : run.ui["entities"]) {
        double x = e["screen"][0], y = e["screen"][1];
        EXPECT_FALSE(x >= legend[0].get<double>() && x <= legend[2].get<double>() && y >= legend[1].get<double>() &&
                     y <= legend[3].get<double>())
            << "the legend covers " << e["name"];
    }
}

}  // namespace
}  // namespace aoilab
