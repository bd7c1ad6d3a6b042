// The maps workbench in the real window (Xvfb): its counts against aoilab-cli waypoints, regions and
// navmesh on the same map and parameters (the arena sample and a small map made here), the table's
// path against the waypoint graph's, the flood at --seek N, and every view drawn.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "path/navmesh.h"
#include "path/regions.h"
#include "scenario/scenario.h"
#include "scenario/scenario_lesson.h"
#include "window/window_test_util.h"
#include "support/scattered_map.h"

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
        // The comparison table as drawn: each row's length is the query's; every row built and timed, the
        // grid's build being its A*'s move table (once per map), not part of its query time.
        json rows;
        for (const json& panel : run.ui["panels"])
            if (panel.value("id", "") == "maps") rows = panel["drawn"]["rows"];
        ASSERT_EQ(rows.size(), 6u);
        EXPECT_EQ(rows[0]["length"], q["grid"]);
        EXPECT_EQ(rows[1]["length"], q["waypoints"]);
        for (const json& row : rows) {
            EXPECT_GT(row["build_ms"].get<double>(), 0.0) << row;
            EXPECT_GE(row["query_us"].get<double>(), 0.0) << row;
            EXPECT_GT(row["memory_bytes"].get<double>(), 0.0) << row;
        }
    }
    // The published optimum of the arena query.
    auto arena = runApp(kRuns, "published", "--mode maps --map '" + cases[0].map + "' --query 1,7,47,46", "", 4);
    EXPECT_NEAR(arena.ui["maps"]["query"]["grid"].get<double>(), 62.1543, 1e-3);
}

// Issue 40 item 13: a wall painted in the Maps workbench is one undo step (Ctrl+Z takes it out) and marks
// the document modified, as every other edit does.
TEST(Maps, APaintedWallUndoesAndMarksTheDocumentModified) {
    std::string script = "1 wait_ready\n2 dump before.json\n3 key b\n5 move_world 2.5 2.5\n6 press left\n"
                         "7 move_world 3.5 2.5\n8 release left\n10 dump painted.json\n12 key ctrl+z\n14 dump undone.json\n";
    auto run = runApp(kRuns, "paint_undo", "--mode maps --map '" + smallMap() + "'", script, 16);
    json before = windowtest::readJson(run.folder / "before.json"), painted = windowtest::readJson(run.folder / "painted.json"),
         undone = windowtest::readJson(run.folder / "undone.json");
    const int walls = before["maps"]["map"]["walls"];
    EXPECT_FALSE(before["document"]["dirty"].get<bool>());
    EXPECT_EQ(painted["maps"]["map"]["walls"], walls + 2) << "one stroke over two cells";
    EXPECT_TRUE(painted["maps"]["can_undo"].get<bool>());
    EXPECT_TRUE(painted["document"]["dirty"].get<bool>());
    EXPECT_EQ(undone["maps"]["map"]["walls"], walls) << "the stroke is one step";
    EXPECT_TRUE(undone["maps"]["can_redo"].get<bool>());
}

// Issue 40 item 16: a --query whose start or goal is a wall is refused with a message by both grid
// workbenches (each names itself), as one outside the map is, instead of running to "no path".
TEST(Maps, AQueryStartingOnAWallIsRefusedWithAMessage) {
    auto run = runApp(kRuns, "query_on_wall", "--mode maps --map '" + smallMap() + "' --query 4,1,19,11", "", 4);
    std::string errors = run.ui["errors"].dump();
    EXPECT_NE(errors.find("--query: start (4, 1) is a wall (Maps workbench)"), std::string::npos) << errors;
    EXPECT_NE(errors.find("--query: start (4, 1) is a wall (Search workbench)"), std::string::npos) << errors;
    auto goal = runApp(kRuns, "query_goal_on_wall", "--mode maps --map '" + smallMap() + "' --query 0,0,5,1", "", 4);
    EXPECT_NE(goal.ui["errors"].dump().find("goal (5, 1) is a wall"), std::string::npos) << goal.ui["errors"];
}

// Issue 40 item 15: --seek end goes to the end of the map given, built on a worker, not to the end of
// the small default map's timeline (98) the workbench had when the flag was read.
TEST(Maps, SeekEndGoesToTheEndOfTheMapGiven) {
    std::string map = (kSource / "assets/maps/movingai/maps/random/random512-10-0.map").string();
    auto run = runApp(kRuns, "seek_end_large", "--mode maps --map '" + map + "' --seek end", "1 wait_ready\n3 dump ready.json\n", 5);
    json ready = windowtest::readJson(run.folder / "ready.json");
    EXPECT_TRUE(ready["errors"].empty()) << ready["errors"];
    EXPECT_EQ(ready["maps"]["map"]["width"], 512) << ready["maps"]["map"];
    EXPECT_GT(ready["timeline"]["length"].get<int>(), 98);
    EXPECT_EQ(ready["timeline"]["position"], ready["timeline"]["length"]);
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
        // Each view draws its own route (the regions lesson drew only the navmesh's over its regions):
        // its rows are ticked, and the scene drew one path per ticked row that found one.
        json rows;
        for (const json& panel : run.ui["panels"])
            if (panel.value("id", "") == "maps") rows = panel["drawn"]["rows"];
        ASSERT_EQ(rows.size(), 6u) << name;
        const std::vector<int> own = name == "regions" ? std::vector<int>{2} : name == "navmesh" ? std::vector<int>{3, 4} : std::vector<int>{1};
        for (int row : own) EXPECT_TRUE(rows[row]["shown"].get<bool>()) << name << " row " << row;
        int shownAndFound = 0;
        for (const json& row : rows) shownAndFound += row["shown"].get<bool>() && row["found"].get<bool>();
        EXPECT_EQ(drawn["paths"], shownAndFound) << name;
    }
    // Switching the view (the regions lesson, then the same lesson on the table view) ticks the new
    // view's route and leaves the others as they were.
    json tableLesson = json::parse(std::ifstream(kSource / "scenarios/maps-regions.json"));
    tableLesson["panels"] = json::array({"maps", "table"});
    fs::create_directories(kRuns);
    const fs::path tableFile = kRuns / "maps-regions-table.json";
    std::ofstream(tableFile) << tableLesson.dump();
    auto switched = runApp(kRuns, "switch_view", "--scenario '" + (kSource / "scenarios/maps-regions.json").string() + "'",
                           "2 open " + tableFile.string() + "\n", 6);
    EXPECT_EQ(switched.ui["maps"]["view"], "table");
    json rows;
    for (const json& panel : switched.ui["panels"])
        if (panel.value("id", "") == "maps") rows = panel["drawn"]["rows"];
    ASSERT_EQ(rows.size(), 6u);
    EXPECT_TRUE(rows[5]["shown"].get<bool>()) << "the table's route";
    EXPECT_TRUE(rows[2]["shown"].get<bool>()) << "the regions' route, ticked before, stays";
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


// Entities in my region: a maps lesson with AOI entities; the selected one (--select, then a click with
// the Pick tool) has its region and the entities in it in the dump, equal to a brute-force check made
// here (each entity's cell, stretched from the world onto the map, inside the region's rectangle).
std::string entitiesLesson() {
    fs::create_directories(kRuns);
    fs::path file = kRuns / "maps-entities.json";
    std::ofstream(file) << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 100, "height": 100},
 "mode": "maps", "panels": ["maps", "regions"], "start_position": "end",
 "entities": [{"id": 1, "x": 2, "y": 3, "radius": 5}, {"id": 2, "x": 10, "y": 9, "radius": 5}, {"id": 3, "x": 60, "y": 70, "radius": 5},
              {"id": 4, "x": 62, "y": 75, "radius": 5}, {"id": 5, "x": 90, "y": 10, "radius": 5}, {"id": 6, "x": 8, "y": 5, "radius": 5},
              {"id": 7, "x": 40, "y": 95, "radius": 5}, {"id": 8, "x": 70, "y": 80, "radius": 5}],
 "map": {"rows": ["................................", "................................", "....@@@@@@@@@@..........@@@.....",
   "....@@@@@@@@@@..........@@@.....", "....@@......................@...", "....@@.........@@@@@........@...",
   "...............@@@@@........@...", "...............@@@@@............", ".......@@@.....@@@@@....@@@@@@..",
   ".......@@@..............@@@@@@..", ".......@@@..............@@......", "........................@@......",
   "...@@@@@@@@@@@@.................", "...@@@@@@@@@@@@......@@@@@@@@...", ".....................@@@@@@@@...",
   "................................"]}})";
    return file.string();
}

std::vector<EntityId> bruteForceInRegion(const std::string& lesson, EntityId selected) {
    Scenario scenario = loadScenario(lesson);
    GridMap map = loadScenarioMap(scenario, lesson);
    RegionMap regions = RegionMap::build(map);
    auto cell = [&](const Entity& e) {
        return GridPoint{std::min(map.width() - 1, static_cast<int>(e.x * map.width() / scenario.width)),
                         std::min(map.height() - 1, static_cast<int>(e.y * map.height() / scenario.height))};
    };
    std::vector<EntityId> out;
    GridPoint c{-1, -1};
    for (const Entity& e : scenario.entities)
        if (e.id == selected) c = cell(e);
    for (const Region& r : regions.regions()) {
        auto inside = [&](GridPoint p) { return p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height; };
        if (!inside(c) || r.kind == RegionKind::Blocked) continue;
        for (const Entity& e : scenario.entities)
            if (inside(cell(e))) out.push_back(e.id);
    }
    return out;
}

TEST(Maps, EntitiesInMyRegionAreLitAsTheEngineSays) {
    const std::string lesson = entitiesLesson();
    auto selected = runApp(kRuns, "entities_selected", "--scenario '" + lesson + "' --select 1", "", 4);
    const json& regions = selected.ui["maps"]["regions"];
    ASSERT_EQ(selected.ui["maps"]["view"], "regions");
    EXPECT_EQ(regions["entities"], 8);
    EXPECT_EQ(regions["selected_entity"], 1);
    auto expected = bruteForceInRegion(lesson, 1);
    EXPECT_GE(expected.size(), 2u);  // not vacuous: entity 1 shares its region
    EXPECT_EQ(regions["entities_in_region"].get<std::vector<EntityId>>(), expected);
    EXPECT_EQ(selected.ui["maps"]["drawn"]["entities"], 8);
    EXPECT_EQ(selected.ui["maps"]["drawn"]["entities_lit"], expected.size());
    // Nothing selected: nothing lit.
    auto none = runApp(kRuns, "entities_none", "--scenario '" + lesson + "'", "", 4);
    EXPECT_EQ(none.ui["maps"]["regions"]["selected_entity"], nullptr);
    EXPECT_EQ(none.ui["maps"]["regions"]["entities_in_region"], json::array());
    EXPECT_EQ(none.ui["maps"]["drawn"]["entities_lit"], 0);
    // The Pick tool (V): a click on entity 3 (world 60, 70: map 19.2, 11.2) selects it, in every workbench.
    auto clicked = runApp(kRuns, "entities_clicked", "--scenario '" + lesson + "' --select 1",
                          "3 key v\n4 move_world 19.2 11.2\n5 press left\n6 release left\n", 10);
    const json& after = clicked.ui["maps"]["regions"];
    EXPECT_EQ(clicked.ui["selected"], 3);
    EXPECT_EQ(after["selected_entity"], 3);
    EXPECT_EQ(after["entities_in_region"].get<std::vector<EntityId>>(), bruteForceInRegion(lesson, 3));
}

// The entities lit are the AOI workbench's world at its timeline position: after F1, End (entity 3
// moves next to entity 1) and F3, entity 3 shares entity 1's region.
TEST(Maps, EntitiesInMyRegionFollowTheAoiTimeline) {
    std::string text;
    {
        std::ifstream in(entitiesLesson());
        text.assign(std::istreambuf_iterator<char>(in), {});
    }
    const std::string moved = (kRuns / "maps-entities-moving.json").string();
    std::ofstream(moved) << text.substr(0, text.rfind('}')) << R"(, "script": [{"op": "move", "id": 3, "x": 3, "y": 4}]})";
    auto start = runApp(kRuns, "entities_start", "--scenario '" + moved + "' --select 1", "", 4);
    auto before = start.ui["maps"]["regions"]["entities_in_region"].get<std::vector<EntityId>>();
    ASSERT_EQ(std::count(before.begin(), before.end(), 3), 0);
    auto run = runApp(kRuns, "entities_after_aoi_end", "--scenario '" + moved + "' --select 1",
                      "3 key f1\n5 key end\n7 key f3\n", 12);
    EXPECT_EQ(run.ui["mode"], "maps");
    auto after = run.ui["maps"]["regions"]["entities_in_region"].get<std::vector<EntityId>>();
    EXPECT_EQ(std::count(after.begin(), after.end(), 3), 1) << run.ui["maps"]["regions"].dump();
    EXPECT_EQ(after.size(), before.size() + 1);
}

// The other views show the entities too. Navmesh: the selected entity's polygon and the entities in it are
// the mesh's answer (a mesh built here from the same map: NavMesh::entitiesInPolygonOf, tested against
// geometry in navmesh_test.cpp), and exactly those are lit. Waypoints: one line a waypoint in the
// selected entity's sight, and the explanation says how many it sees. Before the timeline's end nothing is lit.
TEST(Maps, EntitiesInMyPolygonAndTheWaypointsInSightAsTheEngineSays) {
    const std::string lesson = entitiesLesson();
    std::string text;
    {
        std::ifstream in(lesson);
        text.assign(std::istreambuf_iterator<char>(in), {});
    }
    auto withView = [&](const std::string& view) {
        const std::string file = (kRuns / ("maps-entities-" + view + ".json")).string();
        std::string copy = text;
        copy.replace(copy.find(R"(["maps", "regions"])"), std::string(R"(["maps", "regions"])").size(), R"(["maps", ")" + view + R"("])");
        std::ofstream(file) << copy;
        return file;
    };
    Scenario scenario = loadScenario(lesson);
    GridMap map = loadScenarioMap(scenario, lesson);
    NavMesh mesh = NavMesh::build(map);
    std::vector<PositionedEntity> onMap;
    for (const Entity& e : scenario.entities)
        onMap.push_back({e.id, {std::min(e.x * map.width() / scenario.width, std::nextafter(static_cast<double>(map.width()), 0.0)),
                                std::min(e.y * map.height() / scenario.height, std::nextafter(static_cast<double>(map.height()), 0.0))}});
    const std::string navmeshLesson = withView("navmesh");
    for (EntityId id : {EntityId{3}, EntityId{1}}) {
        auto run = runApp(kRuns, "polygon_" + std::to_string(id), "--scenario '" + navmeshLesson + "' --select " + std::to_string(id), "", 4);
        const json& maps = run.ui["maps"];
        ASSERT_EQ(maps["view"], "navmesh");
        const Vec2 p = std::find_if(onMap.begin(), onMap.end(), [&](const PositionedEntity& e) { return e.id == id; })->position;
        const std::vector<EntityId> expected = mesh.entitiesInPolygonOf(p, onMap);
        EXPECT_EQ(maps["navmesh"]["selected_polygon"], mesh.polygonAt(p)) << id;
        EXPECT_EQ(maps["navmesh"]["entities_in_polygon"].get<std::vector<EntityId>>(), expected) << id;
        EXPECT_EQ(maps["drawn"]["entities"], 8);
        EXPECT_EQ(maps["drawn"]["entities_lit"], expected.size()) << id;
        if (id == 3) {
            EXPECT_GE(expected.size(), 2u);  // not vacuous: entity 3 shares its polygon
            EXPECT_NE(run.ui["explanation"].get<std::string>().find("Entity 3 stands in polygon"), std::string::npos) << run.ui["explanation"];
        }
    }
    // Mid-build (the first tile's walkable cells): the polygons are not all there, so nothing is lit.
    auto early = runApp(kRuns, "polygon_early", "--scenario '" + navmeshLesson + "' --select 3 --seek 1", "", 4);
    EXPECT_EQ(early.ui["maps"]["drawn"]["entities"], 8);
    EXPECT_EQ(early.ui["maps"]["drawn"]["entities_lit"], 0);
    // Waypoints: the lines are the engine's waypoints in sight, in the explanation too.
    auto waypoints = runApp(kRuns, "entry_waypoints", "--scenario '" + withView("waypoints") + "' --select 3", "", 4);
    const json& maps = waypoints.ui["maps"];
    ASSERT_EQ(maps["view"], "waypoints");
    const auto entries = maps["waypoints"]["entry_waypoints"].get<std::vector<int>>();
    EXPECT_FALSE(entries.empty());
    EXPECT_EQ(maps["drawn"]["entry_links"], entries.size());
    EXPECT_EQ(maps["drawn"]["entities"], 8);
    EXPECT_NE(waypoints.ui["explanation"].get<std::string>().find("Entity 3 sees " + std::to_string(entries.size()) + " waypoints"),
              std::string::npos)
        << waypoints.ui["explanation"];
    auto none = runApp(kRuns, "entry_waypoints_none", "--scenario '" + withView("waypoints") + "'", "", 4);
    EXPECT_EQ(none.ui["maps"]["waypoints"]["entry_waypoints"], json::array());
    EXPECT_EQ(none.ui["maps"]["drawn"]["entry_links"], 0);
}

// The region or polygon under the mouse is outlined with lines to its neighbours: the engine's (a region
// map and a mesh built here from the same map), and nothing while the timeline is short of its end.
TEST(Maps, TheHoveredRegionOrPolygonShowsItsNeighbours) {
    const std::string lesson = entitiesLesson();
    Scenario scenario = loadScenario(lesson);
    GridMap map = loadScenarioMap(scenario, lesson);
    const std::string hover = "3 move_world 19.5 11.5\n";
    auto regions = runApp(kRuns, "hover_region", "--scenario '" + lesson + "'", hover, 6);
    RegionMap partition = RegionMap::build(map);
    const int region = partition.regionOfCell(19, 11);
    ASSERT_GE(region, 0);
    EXPECT_EQ(regions.ui["maps"]["drawn"]["hovered"], region);
    EXPECT_EQ(regions.ui["maps"]["drawn"]["hover_links"], partition.neighbours(region).size());
    EXPECT_GT(partition.neighbours(region).size(), 0u);

    std::string text;
    {
        std::ifstream in(lesson);
        text.assign(std::istreambuf_iterator<char>(in), {});
    }
    text.replace(text.find(R"(["maps", "regions"])"), std::string(R"(["maps", "regions"])").size(), R"(["maps", "navmesh"])");
    const std::string navmeshLesson = (kRuns / "maps-hover-navmesh.json").string();
    std::ofstream(navmeshLesson) << text;
    auto polygons = runApp(kRuns, "hover_polygon", "--scenario '" + navmeshLesson + "'", hover, 6);
    NavMesh mesh = NavMesh::build(map);
    const int polygon = mesh.polygonOfCell(19, 11);
    ASSERT_GE(polygon, 0);
    EXPECT_EQ(polygons.ui["maps"]["drawn"]["hovered"], polygon);
    EXPECT_EQ(polygons.ui["maps"]["drawn"]["hover_links"], mesh.polygons()[static_cast<std::size_t>(polygon)].links.size());
    EXPECT_GT(mesh.polygons()[static_cast<std::size_t>(polygon)].links.size(), 0u);
    // Mid-build the polygon may not be there yet: nothing is outlined.
    auto early = runApp(kRuns, "hover_polygon_early", "--scenario '" + navmeshLesson + "' --seek 1", hover, 6);
    EXPECT_EQ(early.ui["maps"]["drawn"]["hovered"], nullptr);
    EXPECT_EQ(early.ui["maps"]["drawn"]["hover_links"], 0);
}

// The navmesh timeline: four steps a tile (Recast's stages). At --seek N the dump names the tile and the
// stage and the scene drew that stage's product; stepping back from N + 2 equals a fresh seek to N; the
// end shows every polygon, and the polygon count stays the CLI's.
TEST(Maps, NavmeshTimelineStepsAreRecastsStages) {
    // Scattered walls on 120 x 120 cells: built at once, in several adaptive tiles.
    fs::create_directories(kRuns);
    const std::string map = (kRuns / "scattered.map").string();
    aoilab::testing::writeScatteredMap(map, 120, 120, 15, 3);
    // A lesson on it opens the navmesh view.
    const std::string lesson = "--scenario '" + (kRuns / "maps-scattered.json").string() + "'";
    std::ofstream(kRuns / "maps-scattered.json") << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 100, "height": 100},
 "mode": "maps", "panels": ["maps", "navmesh"], "map": "scattered.map"})";
    auto end = runApp(kRuns, "nav_end", lesson + " --seek end", "", 4);
    const json& nav = end.ui["maps"]["navmesh"];
    ASSERT_EQ(end.ui["maps"]["view"], "navmesh");
    EXPECT_EQ(nav["polygons"], cli("navmesh", map)["polygons"]);
    EXPECT_EQ(nav["steps_per_tile"], 4);
    EXPECT_EQ(nav["stages_refused"], nullptr);
    EXPECT_GT(nav["stage_bytes"].get<int>(), 0);
    ASSERT_GT(nav["tiles"].get<int>(), 1);
    EXPECT_EQ(nav["tiles"], cli("navmesh", map)["tiles"]);
    EXPECT_EQ(end.ui["timeline"]["length"], nav["tiles"].get<int>() * 4);
    EXPECT_EQ(nav["step"]["stage"], "polygons");
    EXPECT_EQ(nav["step"]["polygons_shown"], nav["polygons"]);
    EXPECT_EQ(end.ui["maps"]["drawn"]["polygons"], nav["polygons"]);
    const std::pair<int, const char*> stages[] = {{1, "walkable"}, {2, "regions"}, {3, "contours"}};
    for (auto [position, stage] : stages) {
        auto mid = runApp(kRuns, std::string("nav_") + stage, lesson + " --seek " + std::to_string(position), "", 4);
        const json& step = mid.ui["maps"]["navmesh"]["step"];
        EXPECT_EQ(step["tile"], 0);
        EXPECT_EQ(step["stage"], stage);
        EXPECT_EQ(step["polygons_shown"], 0);
        EXPECT_EQ(mid.ui["maps"]["drawn"]["polygons"], 0);
        if (std::string(stage) == "contours") {
            EXPECT_EQ(mid.ui["maps"]["drawn"]["contours"], step["contours"]);
            EXPECT_GT(step["contours"].get<int>(), 0);
        } else {
            EXPECT_EQ(mid.ui["maps"]["drawn"]["stage_cells"], step["walkable_cells"]);  // every walkable cell drawn
            EXPECT_GT(step["walkable_cells"].get<int>(), 0);
        }
        if (std::string(stage) == "regions") {
            EXPECT_GT(step["regions"].get<int>(), 1);
        }
    }
    // Tile 2's regions: the first tile's polygons drawn finished. Stepping back from two steps later
    // gives the same.
    auto seek6 = runApp(kRuns, "nav_seek6", lesson + " --seek 6", "", 4);
    const json& step6 = seek6.ui["maps"]["navmesh"]["step"];
    EXPECT_EQ(step6["tile"], 1);
    EXPECT_EQ(step6["stage"], "regions");
    // The line under the timeline, also in the representations panel: which tile and stage.
    EXPECT_NE(seek6.ui["explanation"].get<std::string>().find("Tile 2 of"), std::string::npos) << seek6.ui["explanation"];
    EXPECT_NE(seek6.ui["explanation"].get<std::string>().find("(regions)"), std::string::npos);
    for (const json& panel : seek6.ui["panels"])
        if (panel["id"] == "maps") {
            EXPECT_EQ(panel["drawn"]["navmesh_step"], seek6.ui["explanation"]);
        }
    EXPECT_GT(step6["polygons_shown"].get<int>(), 0);
    EXPECT_EQ(seek6.ui["maps"]["drawn"]["polygons"], step6["polygons_shown"]);
    auto walked = runApp(kRuns, "nav_walked", lesson + " --seek 8", "3 key left\n5 key left\n", 8);
    EXPECT_EQ(walked.ui["maps"]["navmesh"]["step"], step6);
    EXPECT_EQ(walked.ui["maps"]["drawn"], seek6.ui["maps"]["drawn"]);
}

// A map past the navmesh memory budget: the error panel names the file and the MiB it would need, and
// the workbench keeps the map it had.
TEST(Maps, AMapPastTheNavmeshBudgetShowsTheErrorAndKeepsTheMap) {
    fs::create_directories(kRuns);
    const std::string map = (kRuns / "too_big_2048.map").string();
    aoilab::testing::writeScatteredMap(map, 2048, 2048, 30, 5);
    auto run = runApp(kRuns, "too_big", "--mode maps --map '" + map + "'", "", 4);
    ASSERT_TRUE(run.ui["errors"].is_array());
    ASSERT_FALSE(run.ui["errors"].empty());
    const std::string error = run.ui["errors"][0];
    EXPECT_NE(error.find(map + ": navmesh: the 2048 x 2048 map"), std::string::npos) << error;
    EXPECT_NE(error.find("MiB, more than the budget of 1024 MiB"), std::string::npos) << error;
    EXPECT_NE(error.find("; the Maps workbench keeps the map it had"), std::string::npos) << error;
    EXPECT_EQ(run.ui["maps"]["map"]["name"], "default");
    EXPECT_EQ(run.ui["maps"]["map"]["width"], 32);
    EXPECT_EQ(error.rfind("Maps workbench: ", 0), 0u) << "the error names its workbench: " << error;
    // Issue 40 item 17: opened in the Search workbench, which takes the map, the Maps workbench's error is
    // not shown over it; it comes up, named, when the Maps workbench is shown (F3).
    auto search = runApp(kRuns, "too_big_in_search", "--mode search --map '" + map + "'",
                         "1 wait_ready\n2 dump search.json\n3 key f3\n5 dump maps.json\n", 7);
    json inSearch = windowtest::readJson(search.folder / "search.json"), inMaps = windowtest::readJson(search.folder / "maps.json");
    EXPECT_EQ(inSearch["mode"], "search");
    EXPECT_EQ(inSearch["errors"].dump().find("navmesh"), std::string::npos) << inSearch["errors"];
    EXPECT_EQ(inMaps["mode"], "maps");
    ASSERT_FALSE(inMaps["errors"].empty());
    EXPECT_EQ(inMaps["errors"].back().get<std::string>().rfind("Maps workbench: " + map + ": navmesh:", 0), 0u) << inMaps["errors"];
    fs::remove(map);
}

TEST(Maps, PaintingALargeMapRebuildsOnceWhenTheStrokeEnds) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "open300.map";
    {
        std::ofstream out(file);
        out << "type octile\nheight 300\nwidth 300\nmap\n";
        for (int y = 0; y < 300; ++y) out << std::string(300, '.') << "\n";
    }
    // The wall tool (B), a stroke of seven cells to the right along row 10, dumps before, during, after.
    // A 300 x 300 map builds on the worker thread: the script waits for it, at the start and after the stroke.
    std::string script = "1 wait_ready\n3 dump before.json\n5 key b\n7 move_world 20.5 10.5\n8 press left\n";
    for (int f = 9; f <= 14; ++f) script += std::to_string(f) + " move_world " + std::to_string(20.5 + (f - 8)) + " 10.5\n";
    script += "15 dump during.json\n16 release left\n17 wait_ready\n18 dump after.json\n";
    auto run = runApp(kRuns, "paint_large", "--lang en --mode maps --map '" + file.string() + "'", script, 22);
    const json before = windowtest::readJson(run.folder / "before.json")["maps"];
    const json during = windowtest::readJson(run.folder / "during.json")["maps"];
    const json after = windowtest::readJson(run.folder / "after.json")["maps"];
    EXPECT_FALSE(before["paint_pending"].get<bool>());
    EXPECT_TRUE(during["paint_pending"].get<bool>()) << "a 300 x 300 map rebuilt during the stroke";
    EXPECT_EQ(during["regions"]["regions"], before["regions"]["regions"]);  // not yet
    EXPECT_FALSE(after["paint_pending"].get<bool>());
    EXPECT_NE(after["regions"]["regions"], before["regions"]["regions"]);  // the walls split the regions
    // The rebuilt regions are the engine's on the painted map.
    GridMap painted = GridMap::fromRows(std::vector<std::string>(300, std::string(300, '.')), "painted");
    for (int x = 20; x <= 26; ++x) painted.setPassable(x, 10, false);
    EXPECT_EQ(after["regions"]["regions"], RegionMap::build(painted).regions().size());
}

// A map above 256 x 256 cells builds its waypoints, regions and table on a worker thread: the window
// shows the build's progress over the old map, Cancel (Esc) keeps the old map, and without a script
// `--frames N` counts from when the start-up map is built.
TEST(Maps, ALargeMapBuildsOnAWorkerWithItsProgressAndCancelKeepsTheOldMap) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "scattered1024.map";
    aoilab::testing::writeScatteredMap(file.string(), 1024, 1024, 10, 11);  // about 2 s of building here
    const std::string flags = "--lang en --mode maps --map '" + file.string() + "'";
    // The build is held at its first report (hold_work), so Esc comes while it runs on any machine.
    auto cancelled = runApp(kRuns, "large_cancel", flags,
                            "0 hold_work\n1 wait_held\n2 dump building.json\n3 key escape\n4 wait_ready\n6 dump after.json\n", 8);
    const json building = windowtest::readJson(cancelled.folder / "building.json")["maps"];
    ASSERT_TRUE(building["building"].is_object()) << building["building"];
    EXPECT_EQ(building["building"]["cause"], "map");
    EXPECT_EQ(building["building"]["map"], json::array({1024, 1024}));
    EXPECT_TRUE(building["building"]["phase"] == "waypoints" || building["building"]["phase"] == "regions") << building["building"]["phase"];
    const json rect = building["building"]["rect"];
    ASSERT_EQ(rect.size(), 4u);
    EXPECT_GE(rect[0].get<double>(), 0);
    EXPECT_LE(rect[2].get<double>(), 1600);
    EXPECT_GT(rect[3].get<double>(), rect[1].get<double>());
    EXPECT_EQ(building["map"]["name"], "default") << "the old map stays while the new one builds";
    const json after = windowtest::readJson(cancelled.folder / "after.json")["maps"];
    EXPECT_TRUE(after["building"].is_null());
    EXPECT_EQ(after["map"]["name"], "default") << "Cancel keeps the old map";
    EXPECT_EQ(after["map"]["width"], 32);

    // Without a script the frames count from when the map is built: the last frame shows it.
    auto built = runApp(kRuns, "large_built", flags, "", 3);
    EXPECT_TRUE(built.ui["maps"]["building"].is_null());
    EXPECT_EQ(built.ui["maps"]["map"]["name"], "scattered1024");
    EXPECT_EQ(built.ui["maps"]["map"]["width"], 1024);
    // Zoomed out over a million cells, the flood is thinned to readable points (not cut to its first ones)
    // and the explanation says so.
    EXPECT_GT(built.ui["maps"]["drawn"]["point_stride"].get<int>(), 1);
    EXPECT_EQ(built.ui["maps"]["drawn"]["links"], 0);
    EXPECT_NE(built.ui["explanation"].dump().find("one point in"), std::string::npos) << built.ui["explanation"];
    fs::remove(file);
}

// A --map given with another workbench shown: the Maps workbench holds its build (a core and memory for
// regions nobody looks at yet) and builds it when shown, with its progress, to the same counts.
TEST(Maps, ALargeMapGivenToAnotherWorkbenchIsBuiltWhenTheMapsWorkbenchIsShown) {
    const std::string map = (kSource / "assets/maps/movingai/maps/random/random512-10-0.map").string();
    auto run = runApp(kRuns, "held", "--lang en --mode search --map '" + map + "'",
                      "2 wait_ready\n3 dump search.json\n3 hold_work\n4 key f3\n5 wait_held\n6 dump shown.json\n7 wait_ready\n"
                      "9 dump built.json\n", 10);
    const json search = windowtest::readJson(run.folder / "search.json");
    EXPECT_EQ(search["search"]["map"]["width"], 512);
    EXPECT_TRUE(search["maps"]["build_held"].get<bool>());
    EXPECT_TRUE(search["maps"]["building"].is_null());
    EXPECT_EQ(search["maps"]["map"]["name"], "default");
    const json shown = windowtest::readJson(run.folder / "shown.json");
    EXPECT_EQ(shown["mode"], "maps");
    EXPECT_FALSE(shown["maps"]["build_held"].get<bool>());
    EXPECT_TRUE(shown["maps"]["building"].is_object()) << "the build starts, with its progress window";
    const json built = windowtest::readJson(run.folder / "built.json")["maps"];
    EXPECT_TRUE(built["building"].is_null());
    EXPECT_EQ(built["map"]["name"], "random512-10-0");
    const json waypoints = cli("waypoints", map);
    EXPECT_EQ(built["waypoints"]["points"], waypoints["points"]);
}

// The lookup tables scroll to the query's row and column; their row and column names stay in view at the
// matrices' left and top edges however far they scrolled (they used to scroll away with the cells).
TEST(Maps, TheLookupTablesKeepTheirNamesInViewWhenScrolled) {
    auto run = runApp(kRuns, "table_heads", "--mode maps --show maps_table --font-scale 2 --lang en", "", 8,
                      R"({"panels": {}})", "1280x720");
    json drawn;
    for (const json& panel : run.ui["panels"])
        if (panel.value("id", "") == "maps_table") drawn = panel["drawn"];
    for (const char* matrix : {"next_hop", "cost"}) {
        const json& heads = drawn[matrix];
        ASSERT_TRUE(heads.is_object()) << matrix;
        EXPECT_GT(heads["scroll"][0].get<double>(), 0) << matrix << ": scrolled sideways to the query's column";
        EXPECT_GT(heads["scroll"][1].get<double>(), 0) << matrix << ": scrolled down to the query's row";
        EXPECT_EQ(heads["row_names_x"].get<double>(), 0) << matrix;
        EXPECT_EQ(heads["column_names_y"].get<double>(), 0) << matrix;
    }
}

}  // namespace
}  // namespace aoilab
