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

}  // namespace
}  // namespace aoilab
