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
    EXPECT_EQ(run.ui["graph"]["settled"], json::array({"C", "D"}));
}

}  // namespace
}  // namespace aoilab
