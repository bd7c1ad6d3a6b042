// aoilab-cli path and bench path, through the real binary.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "path_test_util.h"

#include "support/cli_run.h"

namespace aoilab {
namespace {

using CliResult = aoilab::testing::CliRun;
using aoilab::testing::runCli;

std::string arena() {
    return "--map \"" + test::movingAi("maps/dao/arena.map") + "\" --scen \"" +
           test::movingAi("scenarios/dao/arena.map.scen") + "\"";
}

TEST(PathCli, SolvesArenaAndPrintsTheContractJson) {
    for (const char* algo : {"astar", "dijkstra", "jps"}) {
        CliResult r = runCli("path " + arena() + " --algo " + algo + " --json");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        nlohmann::json doc = nlohmann::json::parse(r.out);
        for (const char* key : {"map", "algo", "queries", "failed", "mean_us", "median_us", "mean_expansions", "prepare_us"})
            EXPECT_TRUE(doc.contains(key)) << key;
        EXPECT_GE(doc["prepare_us"].get<double>(), 0.0);
        EXPECT_EQ(doc["algo"], algo);
        EXPECT_EQ(doc["queries"], 160);
        EXPECT_EQ(doc["failed"], 0);
        EXPECT_EQ(doc["check"], "exact");
        EXPECT_GT(doc["mean_expansions"].get<double>(), 0.0);
        EXPECT_GE(doc["mean_us"].get<double>(), 0.0);
        EXPECT_NE(doc["map"].get<std::string>().find("arena.map"), std::string::npos);
    }
}

TEST(PathCli, TextOutputByDefault) {
    CliResult r = runCli("path " + arena() + " --limit 20");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("20 queries with astar (exact check): 0 failed"), std::string::npos) << r.out;
    // Issue 40 item 8: one query is "1 query" (the summary said "1 queries").
    CliResult one = runCli("path " + arena() + " --limit 1");
    ASSERT_EQ(one.exitCode, 0) << one.err;
    EXPECT_NE(one.out.find(": 1 query with astar (exact check): 0 failed"), std::string::npos) << one.out;
}

TEST(PathCli, WrongOptimalLengthExitsOneNamingTheLine) {
    CliResult r = runCli("path --map \"" + test::movingAi("maps/dao/arena.map") + "\" --scen \"" +
                         test::pathData("arena_wrong_length.scen") + "\" --json");
    EXPECT_EQ(r.exitCode, 1);
    nlohmann::json doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["failed"], 1);
    EXPECT_NE(r.err.find("arena_wrong_length.scen:2: length 1, expected 2"), std::string::npos) << r.err;
}

TEST(PathCli, GreedyIsCheckedOnlyForExistenceAndLowerBound) {
    CliResult r = runCli("path --map \"" + test::movingAi("maps/dao/den312d.map") + "\" --scen \"" +
                         test::movingAi("scenarios/dao/den312d.map.scen") + "\" --algo greedy --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    nlohmann::json doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["check"], "bounded");
    EXPECT_EQ(doc["failed"], 0);
    EXPECT_GT(doc["mean_suboptimality"].get<double>(), 0.0);  // greedy paths are longer on average
    EXPECT_GT(doc["max_error"].get<double>(), 0.01);
}

// Breadth-first counts moves: its paths are never shorter than optimal, often longer with diagonals;
// without diagonals (another cost model) only existence is checked.
TEST(PathCli, BreadthFirstIsBoundedByTheOptimum) {
    CliResult r = runCli("path " + arena() + " --algo breadth-first --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    nlohmann::json doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["algo"], "bfs");
    EXPECT_EQ(doc["check"], "bounded");
    EXPECT_EQ(doc["failed"], 0);
    EXPECT_EQ(doc["queries"], 160);
    EXPECT_GT(doc["mean_suboptimality"].get<double>(), 0.0);
    r = runCli("path " + arena() + " --algo bfs --diagonal never --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["check"], "found");
    r = runCli("bench path " + arena() + " --algo astar,bfs --limit 20 --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    doc = nlohmann::json::parse(r.out);
    ASSERT_EQ(doc["methods"].size(), 2u);
    EXPECT_EQ(doc["methods"][1]["name"], "bfs");
    EXPECT_EQ(doc["methods"][1]["failed"], 0);
}

TEST(PathCli, MalformedFilesExitOneNamingFileAndLine) {
    CliResult r = runCli("path --map \"" + test::pathData("bad_terrain.map") + "\" --scen \"" +
                         test::pathData("mixed_separators.scen") + "\"");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("bad_terrain.map:6:"), std::string::npos) << r.err;
    r = runCli("path --map \"" + test::pathData("crlf_blank_lines.map") + "\" --scen \"" +
               test::pathData("eight_fields.scen") + "\"");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("eight_fields.scen:2:"), std::string::npos) << r.err;
    // A scenario for another map size.
    r = runCli("path --map \"" + test::movingAi("maps/dao/den312d.map") + "\" --scen \"" +
               test::movingAi("scenarios/dao/arena.map.scen") + "\"");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("arena.map.scen:2: query is for a 49x49 map"), std::string::npos) << r.err;
    // The small hand-made pair passes.
    r = runCli("path --map \"" + test::pathData("crlf_blank_lines.map") + "\" --scen \"" +
               test::pathData("mixed_separators.scen") + "\"");
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST(PathCli, BadUsageExitsTwo) {
    EXPECT_EQ(runCli("path --map \"" + test::movingAi("maps/dao/arena.map") + "\"").exitCode, 2);
    EXPECT_EQ(runCli("path " + arena() + " --algo dfs").exitCode, 2);
    EXPECT_EQ(runCli("path " + arena() + " --algo jps --diagonal always").exitCode, 2);
    EXPECT_EQ(runCli("path " + arena() + " --weight lots").exitCode, 2);
    EXPECT_EQ(runCli("path " + arena() + " --frobnicate").exitCode, 2);
    // Issue 40 item 20: a setting the algorithm does not use is refused with a word, not ignored.
    CliResult jpsWeight = runCli("path " + arena() + " --algo jps --weight 2");
    EXPECT_EQ(jpsWeight.exitCode, 2);
    EXPECT_NE(jpsWeight.err.find("--weight: only A* weighs its heuristic"), std::string::npos) << jpsWeight.err;
    CliResult bfsHeuristic = runCli("path " + arena() + " --algo bfs --heuristic manhattan");
    EXPECT_EQ(bfsHeuristic.exitCode, 2);
    EXPECT_NE(bfsHeuristic.err.find("--heuristic: bfs uses no heuristic"), std::string::npos) << bfsHeuristic.err;
    EXPECT_EQ(runCli("path " + arena() + " --algo dijkstra --heuristic octile").exitCode, 2);
    EXPECT_EQ(runCli("bench path " + arena() + " --algo astar,dfs").exitCode, 2);
    CliResult help = runCli("path --help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("greedy"), std::string::npos);
    EXPECT_EQ(runCli("bench path --help").exitCode, 0);
}

TEST(PathCli, BenchPathReportsEveryAlgorithm) {
    CliResult r = runCli("bench path " + arena() + " --algo astar,jps,dijkstra,greedy --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    nlohmann::json doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["queries"], 160);
    ASSERT_EQ(doc["methods"].size(), 4u);
    const char* names[] = {"astar", "jps", "dijkstra", "greedy"};
    for (int i = 0; i < 4; ++i) {
        const auto& m = doc["methods"][i];
        EXPECT_EQ(m["name"], names[i]);
        for (const char* key : {"mean_us", "median_us", "mean_expansions", "failed", "prepare_us"}) EXPECT_TRUE(m.contains(key)) << key;
        if (i < 3) {
            EXPECT_EQ(m["failed"], 0);
        }
    }
    // JPS expands far fewer cells than A*, which expands fewer than Dijkstra.
    EXPECT_LT(doc["methods"][1]["mean_expansions"].get<double>(), doc["methods"][0]["mean_expansions"].get<double>());
    EXPECT_LT(doc["methods"][0]["mean_expansions"].get<double>(), doc["methods"][2]["mean_expansions"].get<double>());
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// bench platform (the desktop's side of the desktop-versus-page figures) does the same work as replay
// --algo all and path: the same events per method and the same queries, none failed.
TEST(PathCli, BenchPlatformDoesTheWorkOfReplayAndPath) {
    const std::string root = AOILAB_SOURCE_DIR;
    CliResult r = runCli("bench platform --root \"" + root + "\" --limit 12 --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    CliResult replay = runCli("replay \"" + root + "/scenarios/crowd-1000-walk.json\" --algo all --json");
    ASSERT_EQ(replay.exitCode, 0) << replay.err;
    const nlohmann::json replayed = nlohmann::json::parse(replay.out);
    EXPECT_EQ(doc["replay"]["operations"], replayed["operations"]);
    ASSERT_EQ(doc["replay"]["methods"].size(), replayed["methods"].size());
    for (std::size_t i = 0; i < replayed["methods"].size(); ++i) {
        EXPECT_EQ(doc["replay"]["methods"][i]["name"], replayed["methods"][i]["name"]);
        EXPECT_EQ(doc["replay"]["methods"][i]["events"], replayed["methods"][i]["events"]);
        EXPECT_GT(doc["replay"]["methods"][i]["ms"].get<double>(), 0.0);
    }
    ASSERT_EQ(doc["queries"].size(), 4u);
    double queriesMs = 0;
    for (const nlohmann::json& sample : doc["queries"]) {
        EXPECT_EQ(sample["queries"], 12) << sample.dump();
        EXPECT_EQ(sample["failed"], 0) << sample.dump();
        queriesMs += sample["ms"].get<double>();
    }
    EXPECT_NEAR(doc["queries_ms"].get<double>(), queriesMs, 1e-6);
    CliResult den = runCli("path --map \"" + test::movingAi("maps/dao/den312d.map") + "\" --scen \"" +
                           test::movingAi("scenarios/dao/den312d.map.scen") + "\" --limit 12 --json");
    ASSERT_EQ(den.exitCode, 0) << den.err;
    EXPECT_EQ(doc["queries"][1]["map"], "den312d");
    EXPECT_EQ(doc["queries"][1]["mean_expansions"], nlohmann::json::parse(den.out)["mean_expansions"]);

    CliResult missing = runCli("bench platform --root /nonexistent --json");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("crowd-1000-walk.json"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace aoilab
