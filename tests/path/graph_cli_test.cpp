// aoilab-cli graph through the real binary: the JSON contract of its --help, XML input, exit codes.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "support/cli_run.h"

namespace aoilab {
namespace {

using aoilab::testing::CliRun;
using aoilab::testing::runCli;

const std::string kRoot = AOILAB_SOURCE_DIR;
const std::string kCastles = "\"" + kRoot + "/assets/graphs/castles.json\"";
const std::string kSquare = "\"" + kRoot + "/assets/graphs/square_walk.xml\"";

TEST(GraphCli, DistancesJsonAsInTheDesign) {
    CliRun run = runCli("graph " + kCastles + " --from A --json");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    nlohmann::json doc = nlohmann::json::parse(run.out);
    EXPECT_EQ(doc["from"], "A");
    nlohmann::json expected = {{"A", 0}, {"B", 7}, {"C", 15}, {"D", 22}, {"E", 28}, {"F", 14}, {"G", nullptr}};
    EXPECT_EQ(doc["distances"], expected);
    EXPECT_FALSE(doc.contains("path"));
    // Whole numbers print as integers, as in the contract's example.
    EXPECT_NE(run.out.find("\"B\":7"), std::string::npos) << run.out;
}

TEST(GraphCli, PathAndCostWithTo) {
    for (const char* algo : {"dijkstra", "astar"}) {
        CliRun run = runCli("graph " + kCastles + " --from A --to E --json --algo " + algo);
        ASSERT_EQ(run.exitCode, 0) << run.err;
        nlohmann::json doc = nlohmann::json::parse(run.out);
        EXPECT_EQ(doc["path"], nlohmann::json({"A", "B", "D", "E"}));
        EXPECT_EQ(doc["cost"], 28);
    }
    CliRun unreachable = runCli("graph " + kCastles + " --from A --to G --json");
    ASSERT_EQ(unreachable.exitCode, 0);
    nlohmann::json doc = nlohmann::json::parse(unreachable.out);
    EXPECT_EQ(doc["path"], nlohmann::json::array());
    EXPECT_TRUE(doc["cost"].is_null());
}

TEST(GraphCli, ClassicXmlAndLookupTable) {
    CliRun run = runCli("graph " + kSquare + " --from 1 --to 3 --table --json");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    nlohmann::json doc = nlohmann::json::parse(run.out);
    EXPECT_EQ(doc["path"], nlohmann::json({"1", "5", "3"}));
    EXPECT_EQ(doc["cost"], 424);
    EXPECT_EQ(doc["table"]["path"], doc["path"]);
    EXPECT_EQ(doc["table"]["cost"], 424);
    EXPECT_EQ(doc["table"]["entries"], 25);
    CliRun text = runCli("graph " + kSquare + " --from 1 --to 3");
    ASSERT_EQ(text.exitCode, 0);
    EXPECT_NE(text.out.find("1 -> 5 -> 3"), std::string::npos) << text.out;
}

TEST(GraphCli, ExitCodesAndMessages) {
    EXPECT_EQ(runCli("graph --help").exitCode, 0);
    EXPECT_NE(runCli("graph --help").out.find("usage: aoilab-cli graph"), std::string::npos);
    EXPECT_EQ(runCli("graph --from A").exitCode, 2);
    EXPECT_EQ(runCli("graph " + kCastles).exitCode, 2);                       // no --from
    EXPECT_EQ(runCli("graph " + kCastles + " --from A --bogus").exitCode, 2);
    EXPECT_EQ(runCli("graph " + kCastles + " --from A --algo bfs").exitCode, 2);
    CliRun unknown = runCli("graph " + kCastles + " --from Q");
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_NE(unknown.err.find("castles.json: no vertex \"Q\""), std::string::npos) << unknown.err;
    CliRun bad = runCli("graph \"" + kRoot + "/tests/data/path/graph_missing_vertex.xml\" --from 1");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_NE(bad.err.find("graph_missing_vertex.xml: line 8"), std::string::npos) << bad.err;
    EXPECT_EQ(runCli("graph /no/such/file.json --from A").exitCode, 1);
}

// Issue 40 item 14: a scenario that holds a graph, inline (the app's saves, graph-one-way-roads.json) or
// by file, is read for its graph; its route stands in for --from and --to.
TEST(GraphCli, ReadsTheGraphOfAScenario) {
    const std::string oneWay = "\"" + kRoot + "/scenarios/graph-one-way-roads.json\"";
    CliRun byRoute = runCli("graph " + oneWay + " --json");
    ASSERT_EQ(byRoute.exitCode, 0) << byRoute.err;
    nlohmann::json doc = nlohmann::json::parse(byRoute.out);
    EXPECT_EQ(doc["from"], "C");
    EXPECT_EQ(doc["cost"], 27);
    EXPECT_EQ(doc["path"], nlohmann::json({"C", "A", "B"}));
    CliRun named = runCli("graph " + oneWay + " --from B --to C --json");
    ASSERT_EQ(named.exitCode, 0) << named.err;
    EXPECT_EQ(nlohmann::json::parse(named.out)["cost"], 8);

    // By file: the graph named relative to the scenario.
    std::ifstream in(kRoot + "/scenarios/graph-one-way-roads.json");
    nlohmann::json scenario = nlohmann::json::parse(in);
    scenario["graph"] = kRoot + "/assets/graphs/castles.json";
    scenario["route"] = {{"from", "A"}, {"to", "E"}};
    const std::string file = ::testing::TempDir() + "graph_by_file_scenario.json";
    std::ofstream(file) << scenario.dump(2);
    CliRun byFile = runCli("graph \"" + file + "\" --json");
    ASSERT_EQ(byFile.exitCode, 0) << byFile.err;
    EXPECT_EQ(nlohmann::json::parse(byFile.out)["cost"], 28);

    // A scenario without a graph is refused with its name and the reason.
    CliRun none = runCli("graph \"" + kRoot + "/scenarios/crosslist-article.json\" --from A");
    EXPECT_EQ(none.exitCode, 1);
    EXPECT_NE(none.err.find("crosslist-article.json: /graph: the scenario holds no graph"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace aoilab
