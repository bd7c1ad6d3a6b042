// aoilab-cli navmesh on maps larger than one Recast tile, through the real binary.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "support/cli_run.h"
#include "support/scattered_map.h"

namespace aoilab {
namespace {

using aoilab::testing::CliRun;
using aoilab::testing::runCli;

const std::string kMaps = std::string(" --map ") + AOILAB_SOURCE_DIR + "/assets/maps/movingai/maps/";

TEST(NavmeshCli, Random512BuildsInTilesAndAgreesWithTheGridAndDetour) {
    // Used to exit 1: "Too many vertices 110275" in one Recast tile.
    CliRun run = runCli("navmesh" + kMaps + "random/random512-10-0.map --queries 20 --json");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    nlohmann::json doc = nlohmann::json::parse(run.out);
    EXPECT_TRUE(doc["exact_tiling"].get<bool>());
    EXPECT_GT(doc["tiles"].get<int>(), 1);
    EXPECT_EQ(doc["tile_size"].get<int>(), 32);
    EXPECT_GT(doc["polygons"].get<int>(), 1000);
    EXPECT_EQ(doc["detour_disagreements"].get<int>(), 0);
}

TEST(NavmeshCli, TileSizeOption) {
    // A fixed size is kept; the polygon list says which tile each polygon is in, and portals across
    // tile borders appear as links.
    CliRun run = runCli("navmesh" + kMaps + "dao/den312d.map --tile-size 32 --queries 20 --json --full");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    nlohmann::json doc = nlohmann::json::parse(run.out);
    EXPECT_EQ(doc["tile_size"].get<int>(), 32);
    EXPECT_EQ(doc["tiles"].get<int>(), 9);  // 65 x 81 cells
    int crossTile = 0;
    for (const auto& polygon : doc["polygon_list"])
        for (const auto& link : polygon["links"])
            crossTile += doc["polygon_list"][link["polygon"].get<std::size_t>()]["tile"] != polygon["tile"] ? 1 : 0;
    EXPECT_GT(crossTile, 0);
    CliRun single = runCli("navmesh" + kMaps + "dao/den312d.map --tile-size 0 --queries 0 --json");
    ASSERT_EQ(single.exitCode, 0) << single.err;
    EXPECT_EQ(nlohmann::json::parse(single.out)["tiles"].get<int>(), 1);
    // One tile cannot hold random512-10-0: exit 1 with Recast's reason.
    CliRun tooBig = runCli("navmesh" + kMaps + "random/random512-10-0.map --tile-size 0 --queries 0");
    EXPECT_EQ(tooBig.exitCode, 1);
    EXPECT_NE(tooBig.err.find("65,534"), std::string::npos) << tooBig.err;
    EXPECT_EQ(runCli("navmesh" + kMaps + "dao/arena.map --tile-size 5").exitCode, 2);
    EXPECT_EQ(runCli("navmesh" + kMaps + "dao/arena.map --tile-size x").exitCode, 2);
}

// --progress: a line on stderr that updates in place (carriage returns), stdout still one JSON
// document; without it (stderr is a pipe here) nothing goes to stderr.
TEST(NavmeshCli, ProgressLineOnStderrKeepsJsonClean) {
    for (const char* verb : {"navmesh", "regions"}) {
        CliRun run = runCli(std::string(verb) + kMaps + "dao/den312d.map --queries 4 --json --progress");
        ASSERT_EQ(run.exitCode, 0) << run.err;
        EXPECT_TRUE(nlohmann::json::accept(run.out)) << run.out;
        EXPECT_EQ(run.out.find('\r'), std::string::npos);
        EXPECT_NE(run.err.find(std::string("\r") + verb + ": "), std::string::npos) << run.err;
        EXPECT_NE(run.err.find("queries 100% (4 of 4)"), std::string::npos) << run.err;
        EXPECT_NE(run.err.find(std::string(verb) == "navmesh" ? "tiles 100%" : "building 100%"), std::string::npos) << run.err;
        EXPECT_EQ(run.err.back(), '\n');
        CliRun quiet = runCli(std::string(verb) + kMaps + "dao/den312d.map --queries 4 --json");
        ASSERT_EQ(quiet.exitCode, 0) << quiet.err;
        EXPECT_EQ(quiet.err, "");
    }
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// Past the memory budget the verb exits 1 at once with the map's file and the MiB it would need.
TEST(NavmeshCli, AMapPastTheMemoryBudgetIsRefusedNamingTheFile) {
    std::string file = ::testing::TempDir() + "navmesh_budget_2048.map";
    aoilab::testing::writeScatteredMap(file, 2048, 2048, 30, 5);
    CliRun run = aoilab::testing::runCli("navmesh --map " + file + " --queries 0 --json");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find(file + ": navmesh: the 2048 x 2048 map"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("MiB, more than the budget of 1024 MiB"), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
    std::remove(file.c_str());
}

}  // namespace
}  // namespace aoilab
