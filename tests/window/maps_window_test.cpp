// The maps workbench in the real window (Xvfb): its counts against aoilab-cli waypoints, regions and
// navmesh on the same map and parameters (the arena sample and a small map made here), the table's
// path against the waypoint graph's, the flood at --seek N, and every view drawn.
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
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "maps";

json cli(const std::string& verb, const std::string& map, const std::string& extra = "") {
    fs::create_directories(kRuns);
    fs::path out = kRuns / ("cli_" + verb + "_" + fs::path(map).stem().string() + ".json");
    std::string command = std::string("'") + AOILAB_CLI + "' " + verb + " --map '" + map + "' --queries 0 --json " + extra +
                          " > '" + out.string() + "'";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(out);
    return json::parse(in);
}

std::string smallMap() {
    fs::create_directories(kRuns);
    fs::path file = kRuns / "rooms.map";
    std::ofstream(file) << "type octile\nheight 12\nwidth 20\nmap\n"
                           "....................\n"
                           "....@@@@@@@.........\n"
                           "....@.....@...@@@...\n"
                           "....@.....@...@.....\n"
                           "....@.........@.....\n"
                           "....@@@@@@@...@@@@..\n"
                           "....................\n"
                           ".@@@@@@.......@@@@@.\n"
                           ".@................@.\n"
                           ".@....@@@@@@......@.\n"
                           ".@................@.\n"
                           "....................\n";
    return file.string();
}

void expectCountsOfTheCli(const json& maps, const std::string& map, double step) {
    std::string stepFlag = "--step " + std::to_string(step);
    json wp = cli("waypoints", map, stepFlag), rg = cli("regions", map), nm = cli("navmesh", map);
    EXPECT_EQ(maps["waypoints"]["points"], wp["points"]);
    EXPECT_EQ(maps["waypoints"]["links"], wp["links"]);
    EXPECT_EQ(maps["waypoints"]["links_refused"], wp["links_refused"]);
    EXPECT_EQ(maps["seed"], wp["seed"]);
    EXPECT_EQ(maps["regions"]["regions"], rg["regions"]);
    EXPECT_EQ(maps["regions"]["links"], rg["links"]);
    EXPECT_EQ(maps["regions"]["quadtree_nodes"], rg["quadtree_nodes"]);
    EXPECT_EQ(maps["navmesh"]["polygons"], nm["polygons"]);
    EXPECT_EQ(maps["table"]["nodes"], wp["points"]);
}

TEST(Maps, TheCountsAreTheClisAndTheTablePathIsTheWaypointPath) {
    struct Case {
        std::string map, query;
        double step;
    } cases[] = {{(kSource / "assets/maps/movingai/maps/dao/arena.map").string(), "1,7,47,46", 2},
                 {smallMap(), "0,0,19,11", 1.5}};
    int index = 0;
    for (const Case& c : cases) {
        auto run = runApp(kRuns, "counts" + std::to_string(index++),
                          "--mode maps --map '" + c.map + "' --query " + c.query + " --step " + std::to_string(c.step) + " --seek end",
                          "", 4);
        ASSERT_TRUE(run.ui["errors"].empty()) << run.ui["errors"];
        const json& maps = run.ui["maps"];
        expectCountsOfTheCli(maps, c.map, c.step);
        const json& q = maps["query"];
        for (const char* key : {"grid", "waypoints", "regions", "navmesh_funnel", "navmesh_midpoints", "table"})
            ASSERT_TRUE(q[key].is_number()) << key << " on " << c.map;
        EXPECT_NEAR(q["table"].get<double>(), q["waypoints"].get<double>(), 1e-9);
        EXPECT_GE(q["navmesh_midpoints"].get<double>(), q["navmesh_funnel"].get<double>() - 1e-9);
        EXPECT_GE(q["regions"].get<double>(), q["grid"].get<double>() - 1e-9);  // grid paths, the grid's optimum the least
        EXPECT_EQ(maps["waypoints"]["taken"], maps["waypoints"]["points"]);
    }
    // The published optimum of the arena query.
    auto arena = runApp(kRuns, "published", "--mode maps --map '" + cases[0].map + "' --query 1,7,47,46", "", 4);
    EXPECT_NEAR(arena.ui["maps"]["query"]["grid"].get<double>(), 62.1543, 1e-3);
}

TEST(Maps, SeekingShowsTheFloodAfterNPointsAndEveryViewDraws) {
    std::string map = (kSource / "assets/maps/movingai/maps/dao/arena.map").string();
    auto mid = runApp(kRuns, "flood_mid", "--mode maps --map '" + map + "' --seek 120", "", 4);
    const json& maps = mid.ui["maps"];
    EXPECT_EQ(maps["waypoints"]["taken"], 120);
    EXPECT_EQ(maps["waypoints"]["points"], 526);  // the full build's counts stay the CLI's
    EXPECT_GT(maps["drawn"]["points"].get<int>(), 120);  // taken, and the queue beside them
    EXPECT_LT(maps["drawn"]["points"].get<int>(), 526);
    // Step back from 122 by 2 equals a fresh seek to 120.
    auto walked = runApp(kRuns, "flood_walked", "--mode maps --map '" + map + "' --seek 122", "3 key left\n5 key left\n", 8);
    EXPECT_EQ(walked.ui["maps"]["waypoints"]["taken"], 120);
    EXPECT_EQ(walked.ui["maps"]["drawn"], maps["drawn"]);
    // The regions and navmesh lessons open on their views and draw their shapes.
    for (const char* view : {"regions", "navmesh", "waypoints"}) {
        auto run = runApp(kRuns, std::string("lesson_") + view,
                          "--scenario '" + (kSource / ("scenarios/maps-" + std::string(view) + ".json")).string() + "'", "", 4);
        EXPECT_EQ(run.ui["mode"], "maps");
        EXPECT_EQ(run.ui["maps"]["view"], view);
        const json& drawn = run.ui["maps"]["drawn"];
        const std::string name = view;
        const char* drawnKey = name == "regions" ? "regions" : name == "navmesh" ? "polygons" : "points";
        const char* countKey = name == "regions" ? "regions" : name == "navmesh" ? "polygons" : "points";
        EXPECT_EQ(drawn[drawnKey], run.ui["maps"][name][countKey]) << name;
        EXPECT_GE(drawn["paths"].get<int>(), 1);
    }
}

// The regions timeline: steps are the quadtree's splits. At --seek N the dump carries the engine's
// splitter after N splits, the scene drew its leaves and pending nodes and lit the node just split;
// stepping back from N + 2 equals a fresh seek to N; the end is the whole partition.
TEST(Maps, RegionsTimelineStepsAreSplits) {
    const std::string lesson = "--scenario '" + (kSource / "scenarios/maps-regions.json").string() + "'";
    auto mid = runApp(kRuns, "regions_mid", lesson + " --seek 5", "", 4);
    const json& regions = mid.ui["maps"]["regions"];
    ASSERT_EQ(mid.ui["maps"]["view"], "regions");
    EXPECT_EQ(regions["split"]["done"], 5);
    EXPECT_EQ(regions["splits"].get<int>(), regions["quadtree_nodes"].get<int>() - regions["regions"].get<int>());
    EXPECT_LT(regions["split"]["leaves"].get<int>(), regions["regions"].get<int>());
    EXPECT_GT(regions["split"]["pending"].get<int>(), 0);
    const json& drawn = mid.ui["maps"]["drawn"];
    EXPECT_EQ(drawn["regions"], regions["split"]["leaves"]);
    EXPECT_EQ(drawn["pending"], regions["split"]["pending"]);
    EXPECT_EQ(drawn["split"], 1);
    auto walked = runApp(kRuns, "regions_walked", lesson + " --seek 7", "3 key left\n5 key left\n", 8);
    EXPECT_EQ(walked.ui["maps"]["regions"], regions);
    EXPECT_EQ(walked.ui["maps"]["drawn"], drawn);
    auto end = runApp(kRuns, "regions_end", lesson + " --seek end", "", 4);
    const json& full = end.ui["maps"]["regions"];
    EXPECT_EQ(full["split"]["done"], full["splits"]);
    EXPECT_EQ(full["split"]["leaves"], full["regions"]);
    EXPECT_EQ(full["split"]["pending"], 0);
    EXPECT_EQ(end.ui["maps"]["drawn"]["regions"], full["regions"]);
    EXPECT_EQ(end.ui["maps"]["drawn"]["split"], 0);
}

}  // namespace
}  // namespace aoilab
