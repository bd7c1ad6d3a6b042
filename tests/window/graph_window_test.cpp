// The graph workbench in the real window (Xvfb): the finished search against aoilab-cli graph, and a
// scripted edit (place three vertices, drag two edges, undo one, set a weight, walk, save) whose saved
// scenario and role are checked.
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
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "graph";

json cliGraph(const std::string& file, const std::string& from, const std::string& to, const std::string& algo) {
    fs::create_directories(kRuns);
    fs::path out = kRuns / ("cli_" + from + "_" + to + "_" + algo + ".json");
    std::string command = std::string("'") + AOILAB_CLI + "' graph '" + file + "' --from " + from + " --to " + to +
                          " --algo " + algo + " --json > '" + out.string() + "'";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(out);
    return json::parse(in);
}

TEST(Graph, AtTheEndTheDistanceAndPathAreTheCliOnesAndTheRoleStandsOnTheTarget) {
    struct Case {
        std::string file, from, to, algo;
    } cases[] = {{(kSource / "assets/graphs/castles.json").string(), "C", "B", "dijkstra"},
                 {(kSource / "assets/graphs/castles.json").string(), "A", "E", "astar"},
                 {(kSource / "assets/graphs/square_walk.xml").string(), "1", "3", "dijkstra"}};
    for (const Case& c : cases) {
        auto run = runApp(kRuns, "end_" + c.from + c.to + c.algo,
                          "--mode graph --graph '" + c.file + "' --from " + c.from + " --to " + c.to + " --algo " + c.algo +
                              " --seek end",
                          "", 4);
        json cli = cliGraph(c.file, c.from, c.to, c.algo);
        const json& g = run.ui["graph"];
        for (const char* key : {"vertices", "edges", "from", "to", "algo", "distance", "path", "settled", "role"})
            EXPECT_TRUE(g.contains(key)) << key;
        EXPECT_EQ(g["distance"], cli["cost"]) << c.from << c.to;
        EXPECT_EQ(g["path"], cli["path"]) << c.from << c.to;
        EXPECT_EQ(g["vertices"], cli["vertices"]);
        EXPECT_EQ(g["edges"], cli["edges"]);
        EXPECT_EQ(g["algo"], c.algo);
        EXPECT_TRUE(g["role"]["arrived"].get<bool>());
        EXPECT_EQ(g["role"]["vertex"], c.to);
        if (c.algo == "dijkstra") {
            EXPECT_EQ(g["settled"].size(), cli["settled"]);
        }
    }
}

TEST(Graph, AScriptedEditIsSavedAndTheRoleWalksToTheTarget) {
    fs::create_directories(kRuns);
    fs::path saved = kRuns / "edited.json";
    fs::remove(saved);
    // The article's three vertices (938, 721, 64), framed; three new ones inside their triangle.
    std::string edits =
        "3 key a\n"
        "5 move_world 500 275\n6 press left\n7 release left\n"
        "9 move_world 540 290\n10 press left\n11 release left\n"
        "13 move_world 505 315\n14 press left\n15 release left\n"
        "17 key e\n"
        "19 move_world 500 275\n20 press left\n22 move_world 520 282\n24 move_world 540 290\n26 release left\n"
        "28 move_world 540 290\n29 press left\n31 move_world 520 300\n33 move_world 505 315\n35 release left\n"
        "37 key ctrl+z\n"
        "39 key v\n41 move_world 520 282.5\n42 press left\n43 release left\n";
    auto first = runApp(kRuns, "edit_select", "--mode graph", edits + "45 dump " + (kRuns / "edit_select.json").string() + "\n", 47);
    const json* panel = nullptr;
    for (const json& p : first.ui["panels"])
        if (p["id"] == "graph") panel = &p["drawn"];
    ASSERT_NE(panel, nullptr);
    ASSERT_TRUE((*panel)["weight_field"].is_array()) << "the edge 4 -> 5 is not selected: " << first.ui["graph"].dump();
    const json& field = (*panel)["weight_field"];
    int fx = static_cast<int>(field[0].get<double>() + 10), fy = static_cast<int>((field[1].get<double>() + field[3].get<double>()) / 2);
    std::string weight = "47 move " + std::to_string(fx) + " " + std::to_string(fy) +
                         "\n48 press left\n49 release left\n50 key ctrl+a\n51 text 42\n52 key enter\n";
    auto run = runApp(kRuns, "edit", "--mode graph",
                      edits + weight + "54 key end\n57 save " + saved.string() + "\n", 60);
    ASSERT_TRUE(fs::exists(saved));
    std::ifstream in(saved);
    json file = json::parse(in);
    EXPECT_EQ(file["mode"], "graph");
    const json& g = file["graph"];
    EXPECT_EQ(g["vertices"].size(), 6u);
    ASSERT_EQ(g["edges"].size(), 7u);  // the article's six and 4 -> 5 (5 -> 6 was undone)
    bool found = false;
    for (const json& e : g["edges"]) {
        EXPECT_FALSE(e["from"] == "5" && e["to"] == "6");
        if (e["from"] == "4" && e["to"] == "5") {
            found = true;
            EXPECT_EQ(e["weight"], 42);
        }
    }
    EXPECT_TRUE(found);
    EXPECT_EQ(file["route"]["from"], "938");
    EXPECT_EQ(file["route"]["to"], "64");
    // The walk ended on the target.
    const json& role = run.ui["graph"]["role"];
    EXPECT_TRUE(role["arrived"].get<bool>());
    EXPECT_EQ(role["vertex"], "64");
    EXPECT_NEAR(role["x"].get<double>(), 599.803, 1e-9);
    EXPECT_NEAR(role["y"].get<double>(), 267.086, 1e-9);
    // The saved scenario opens again in the graph workbench with the same graph.
    auto again = runApp(kRuns, "reopen", "--scenario '" + saved.string() + "' --seek end", "", 4);
    EXPECT_EQ(again.ui["mode"], "graph");
    EXPECT_EQ(again.ui["graph"]["edges"], 7);
    EXPECT_TRUE(again.ui["errors"].empty()) << again.ui["errors"];
}

}  // namespace
}  // namespace aoilab
