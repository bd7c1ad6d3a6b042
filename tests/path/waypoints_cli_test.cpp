// aoilab-cli waypoints, navmesh and regions through the real binary.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "path/graph_io.h"

#include "support/cli_run.h"

namespace aoilab {
namespace {

using aoilab::testing::CliRun;
using aoilab::testing::runCli;

const std::string kRoot = AOILAB_SOURCE_DIR;
const std::string kArena = " --map \"" + kRoot + "/assets/maps/movingai/maps/dao/arena.map\"";
const std::string kArenaScen = " --scen \"" + kRoot + "/assets/maps/movingai/scenarios/dao/arena.map.scen\"";

TEST(WaypointsCli, BuildsAndComparesWithTheGrid) {
    std::string graphFile = ::testing::TempDir() + "aoilab_waypoints_cli.json";
    CliRun run = runCli("waypoints" + kArena + " --seed 24,24 --step 2 --queries 30 --json --graph-out \"" + graphFile + "\"");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    nlohmann::json doc = nlohmann::json::parse(run.out);
    EXPECT_EQ(doc["seed"], nlohmann::json({24, 24}));
    EXPECT_GT(doc["points"].get<int>(), 100);
    EXPECT_EQ(doc["edges"].get<int>(), 2 * doc["links"].get<int>());
    EXPECT_EQ(doc["comparison"]["queries"], 30);
    EXPECT_EQ(doc["comparison"]["found"], 30);
    EXPECT_LT(doc["comparison"]["max_ratio"].get<double>(), 1.5);
    // The written graph is the one reported, and aoilab-cli graph can read it.
    Graph graph = loadGraphFile(graphFile);
    EXPECT_EQ(graph.vertexCount(), doc["points"].get<std::size_t>());
    EXPECT_EQ(runCli("graph \"" + graphFile + "\" --from 0,0 --json").exitCode, 0);
    // --full embeds the same graph.
    CliRun full = runCli("waypoints" + kArena + " --seed 24,24 --queries 0 --json --full");
    ASSERT_EQ(full.exitCode, 0);
    EXPECT_EQ(nlohmann::json::parse(full.out)["graph"]["vertices"].size(), graph.vertexCount());
}

TEST(WaypointsCli, BadSeedAndUsage) {
    CliRun blocked = runCli("waypoints" + kArena + " --seed 0,0");
    EXPECT_EQ(blocked.exitCode, 1);
    EXPECT_NE(blocked.err.find("arena.map: seed cell (0, 0) is blocked"), std::string::npos) << blocked.err;
    EXPECT_EQ(runCli("waypoints" + kArena + " --seed 3").exitCode, 2);
    EXPECT_EQ(runCli("waypoints" + kArena + " --step 0").exitCode, 2);
    EXPECT_EQ(runCli("waypoints").exitCode, 2);
    EXPECT_EQ(runCli("waypoints --help").exitCode, 0);
}

TEST(NavmeshCli, ArenaPolygonsAndDetourAgreement) {
    CliRun run = runCli("navmesh" + kArena + kArenaScen + " --queries 60 --json --full");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    nlohmann::json doc = nlohmann::json::parse(run.out);
    EXPECT_TRUE(doc["exact_tiling"].get<bool>());
    EXPECT_EQ(doc["partition"], "watershed");
    EXPECT_EQ(doc["polygon_list"].size(), doc["polygons"].get<std::size_t>());
    EXPECT_EQ(doc["free_cells"], 2054);
    EXPECT_EQ(doc["detour_disagreements"], 0);
    EXPECT_EQ(doc["comparison"]["found"], 60);
    EXPECT_LE(doc["comparison"]["max_ratio"].get<double>(), 1.0 + 1e-9);  // any-angle: never longer here
    EXPECT_EQ(runCli("navmesh --help").exitCode, 0);
    EXPECT_EQ(runCli("navmesh" + kArena + " --partition spiral").exitCode, 2);
    CliRun missing = runCli("navmesh --map /no/such.map");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/no/such.map"), std::string::npos);
}

TEST(RegionsCli, ArenaRegions) {
    CliRun run = runCli("regions" + kArena + " --queries 40 --json --full");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    nlohmann::json doc = nlohmann::json::parse(run.out);
    EXPECT_EQ(doc["mixed"], 0);
    EXPECT_EQ(doc["regions"].get<int>(), doc["open"].get<int>() + doc["blocked"].get<int>());
    EXPECT_EQ(doc["region_list"].size(), doc["regions"].get<std::size_t>());
    int cells = 0;
    for (const auto& r : doc["region_list"]) cells += r["width"].get<int>() * r["height"].get<int>();
    EXPECT_EQ(cells, 49 * 49);
    EXPECT_EQ(doc["comparison"]["found"], 40);
    EXPECT_GE(doc["comparison"]["min_ratio"].get<double>(), 1.0 - 1e-9);  // grid paths: never beat the optimum
    CliRun coarse = runCli("regions" + kArena + " --min-size 8 --queries 0 --json");
    ASSERT_EQ(coarse.exitCode, 0);
    EXPECT_GT(nlohmann::json::parse(coarse.out)["mixed"].get<int>(), 0);
    EXPECT_LT(nlohmann::json::parse(coarse.out)["regions"].get<int>(), doc["regions"].get<int>());
    EXPECT_EQ(runCli("regions" + kArena + " --min-size 0").exitCode, 2);
    EXPECT_EQ(runCli("regions --help").exitCode, 0);
}

}  // namespace
}  // namespace aoilab
