// The search workbench in the real window (Xvfb): the dumped runs against the engine's CLI and the
// published MovingAI optimum, seeking and stepping back, the pixels of the open and closed sets, a
// dragged goal re-running the search, and a refused configuration.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "path/distance_field.h"
#include "path/grid_search.h"
#include "path/movingai.h"
#include "support/scattered_map.h"
#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::readJson;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "search";
const std::string kArena = (kSource / "assets/maps/movingai/maps/dao/arena.map").string();
// The longest published query of arena.map.scen and its published optimal length.
const std::string kQuery = "--query 1,7,47,46";
constexpr double kPublished = 62.1543;

// A path cell's centre in world units, for a script's move_world.
std::string cellCentre(const json& cell) {
    return std::to_string(cell[0].get<int>() + 0.5) + " " + std::to_string(cell[1].get<int>() + 0.5);
}

std::string flags(const std::string& more) { return "--mode search --map '" + kArena + "' " + kQuery + " " + more; }

TEST(Search, AtTheEndThePathIsTheEnginesAndThePublishedOptimum) {
    auto run = runApp(kRuns, "end", flags("--algo astar,jps --seek end"), "", 4);
    ASSERT_EQ(run.ui["mode"], "search");
    const json& runs = run.ui["search"]["runs"];
    ASSERT_EQ(runs.size(), 2u);
    for (const json& r : runs) {
        for (const char* key : {"algo", "heuristic", "diagonal", "weight", "start", "goal", "expanded", "open", "closed",
                                "done", "path_length", "path"})
            EXPECT_TRUE(r.contains(key)) << key;
        EXPECT_TRUE(r["done"].get<bool>()) << r["algo"];
        EXPECT_NEAR(r["path_length"].get<double>(), kPublished, 1e-3) << r["algo"];
        EXPECT_EQ(r["path"].front(), json::array({1, 7}));
        EXPECT_EQ(r["path"].back(), json::array({47, 46}));
    }
    // The same query through aoilab-cli path: a one-query .scen whose optimum is the app's length passes.
    fs::path scen = kRuns / "end_query.scen";
    std::ofstream(scen) << "version 1\n0\tarena.map\t49\t49\t1\t7\t47\t46\t" << runs[0]["path_length"].get<double>() << "\n";
    for (const char* algo : {"astar", "jps", "dijkstra"}) {
        std::string command = std::string("'") + AOILAB_CLI + "' path --map '" + kArena + "' --scen '" + scen.string() +
                              "' --algo " + algo + " > /dev/null";
        EXPECT_EQ(std::system(command.c_str()), 0) << command;
    }
}

TEST(Search, SeekingToNExpandsExactlyNCellsAndSteppingBackMatchesAFreshSeek) {
    auto seek = runApp(kRuns, "seek", flags("--algo dijkstra,astar --seek 120"), "", 4);
    const json& runs = seek.ui["search"]["runs"];
    EXPECT_EQ(runs[0]["expanded"], 120);                       // Dijkstra needs far more than 120
    EXPECT_FALSE(runs[0]["done"].get<bool>());
    EXPECT_EQ(runs[0]["path_length"], nullptr);
    EXPECT_EQ(runs[1]["expanded"], runs[1]["total_expansions"]);  // A* finished earlier
    EXPECT_EQ(seek.ui["timeline"]["position"], 120);

    // 118 -> forward 3 -> back 1 = 120, against the fresh --seek 120.
    auto walked = runApp(kRuns, "walked", flags("--algo dijkstra,astar --seek 118"),
                         "3 key right\n5 key right\n7 key right\n9 key left\n", 14);
    json a = walked.ui["search"]["runs"], b = seek.ui["search"]["runs"];
    for (json* r : {&a, &b})
        for (json& run : *r) {
            run.erase("query_us");
            run.erase("prepare_us");
            run.erase("drawn");
        }
    EXPECT_EQ(a, b);
}

// Two runs compared: on a canvas where the copies one above the other are drawn larger (the 48 x 32
// default map on the 1600 x 900 window's squarish canvas) the second goes below the first, with room
// for its title; it is drawn, hovered and framed there. A tall map stays side by side.
TEST(Search, ComparedCopiesGoBelowEachOtherWhereThatDrawsThemLarger) {
    // The second run's cell (30, 20), through the stacked layout's origin (read from a first run).
    auto first = runApp(kRuns, "stacked", "--mode search --algo dijkstra,astar --seek 150", "", 4);
    const json& search = first.ui["search"];
    ASSERT_TRUE(search["stacked"].get<bool>());
    const json& origin = search["runs"][1]["origin"];
    EXPECT_EQ(origin[0], 0);
    const double height = search["map"]["height"].get<double>(), width = search["map"]["width"].get<double>();
    const double scale = search["scene"]["scale"], x0 = search["scene"]["x0"], y0 = search["scene"]["y0"];
    const double gapPixels = (origin[1].get<double>() - height) * scale;
    EXPECT_GE(gapPixels, first.ui["font_size"].get<double>() * 1.2) << "room for the second title";
    // Both copies framed on the canvas, larger than side by side would be (the wider of the two rows
    // would be 2 x 48 + 2.4 cells across the canvas's width).
    const json& canvas = first.ui["canvas"];
    EXPECT_GE(x0, canvas["min"][0].get<double>());
    EXPECT_GE(y0 - 0.04 * height * scale, canvas["min"][1].get<double>());
    EXPECT_LE(x0 + width * scale, canvas["max"][0].get<double>());
    EXPECT_LE(y0 + (origin[1].get<double>() + height) * scale, canvas["max"][1].get<double>());
    const double canvasWidth = canvas["max"][0].get<double>() - canvas["min"][0].get<double>();
    EXPECT_GT(scale, canvasWidth / (2 * width + 2.4) * 1.1);
    // The second copy's closed cells are drawn there in the closed colour.
    const json& astar = search["runs"][1];
    int checked = 0;
    for (const json& cell : astar["closed_sample"]) {
        if (cell == astar["last_expanded"] || cell == astar["start"]) continue;
        const double x = x0 + (cell[0].get<double>() + 0.5) * scale;
        const double y = y0 + (origin[1].get<double>() + cell[1].get<double>() + 0.5) * scale;
        EXPECT_TRUE(first.shot.near(x, y, 0xA47713, 0, 30)) << "closed " << cell;
        ++checked;
    }
    EXPECT_GT(checked, 50);
    // The mouse over one of the second copy's closed cells hovers that cell of the second run.
    const json& cell = astar["closed_sample"][10];
    const std::string at = std::to_string(cell[0].get<double>() + 0.5) + " " +
                           std::to_string(origin[1].get<double>() + cell[1].get<double>() + 0.5);
    auto hovered = runApp(kRuns, "stacked_hover", "--mode search --algo dijkstra,astar --seek 150",
                          "2 move_world " + at + "\n4 dump hover.json\n", 6);
    const json hover = readJson(hovered.folder / "hover.json");
    json stats;
    for (const json& p : hover["panels"])
        if (p["id"] == "search_stats") stats = p["drawn"];
    ASSERT_TRUE(stats["hovered"].is_object()) << stats;
    EXPECT_EQ(stats["hovered"]["cell"], cell);
    EXPECT_EQ(stats["hovered"]["run"], 1);
    EXPECT_GT(stats["hovered"]["h"].get<double>(), 0) << "A*'s h, not Dijkstra's 0";

    // den312d (65 x 81, tall) on the same canvas: side by side.
    const std::string den = (kSource / "assets/maps/movingai/maps/dao/den312d.map").string();
    auto tall = runApp(kRuns, "beside", "--mode search --map '" + den + "' --algo astar,jps", "", 4);
    EXPECT_FALSE(tall.ui["search"]["stacked"].get<bool>());
    EXPECT_GT(tall.ui["search"]["runs"][1]["origin"][0].get<double>(), 65);
    EXPECT_EQ(tall.ui["search"]["runs"][1]["origin"][1], 0);
}

// Issue 40 item 20: the second compared copy's axis numbers carried on from the first's (50, 60, ... over
// a 48-cell map). Each copy is labelled with its own map's coordinates: over either copy a number names
// the cell coordinate under it, counted from that copy's corner, and the second copy starts at 0. The
// mouse over the second copy hovers that copy's cell (as before). Stacked (the default 48 x 32 map: the y numbers)
// and side by side (den312d, 65 x 81: the x numbers), at font scale 1 and 2.
TEST(Search, EachComparedCopyIsLabelledWithItsOwnCoordinates) {
    const std::string den = (kSource / "assets/maps/movingai/maps/dao/den312d.map").string();
    struct Case {
        std::string name, flags;
        bool stacked;
    };
    const Case cases[] = {{"own_labels_stacked", "--mode search --algo dijkstra,astar --seek 150", true},
                          {"own_labels_beside", "--mode search --map '" + den + "' --algo astar,jps", false},
                          {"own_labels_beside_2", "--mode search --map '" + den + "' --algo astar,jps --font-scale 2", false}};
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        // The second copy's cell (3, 4) under the mouse (its origin read from a first run).
        auto first = runApp(kRuns, c.name, c.flags, "", 4);
        const json& search = first.ui["search"];
        ASSERT_EQ(search["stacked"].get<bool>(), c.stacked);
        const double scale = search["scene"]["scale"], x0 = search["scene"]["x0"], y0 = search["scene"]["y0"];
        const double width = search["map"]["width"], height = search["map"]["height"];
        const int axis = c.stacked ? 1 : 0;  // the axis along which the copies follow each other
        const double extent = c.stacked ? height : width, screen0 = c.stacked ? y0 : x0;
        const double second = search["runs"][1]["origin"][axis];
        ASSERT_GT(second, extent);
        const json& numbers = first.ui["canvas"]["axis_numbers"][c.stacked ? "y" : "x"];
        int overSecond = 0;
        bool secondStartsAtZero = false;
        for (const json& number : numbers) {
            const double world = (number["at"].get<double>() - screen0) / scale, value = number["value"];
            for (double origin : {0.0, second})
                if (world >= origin - 0.01 && world <= origin + extent + 0.01) {
                    EXPECT_NEAR(value, world - origin, 0.05) << "the number at " << world << " over the copy at " << origin;
                    EXPECT_GE(value, 0);
                    EXPECT_LE(value, extent);
                }
            if (world > second - 0.01 && world <= second + extent + 0.01) {
                ++overSecond;
                secondStartsAtZero = secondStartsAtZero || (value == 0 && std::abs(world - second) < 0.05);
            }
        }
        EXPECT_GE(overSecond, 2) << numbers;
        EXPECT_TRUE(secondStartsAtZero) << numbers;
        // Along the other axis the copies lie side by side: both read the same numbers, from 0.
        for (const json& number : first.ui["canvas"]["axis_numbers"][c.stacked ? "x" : "y"])
            EXPECT_NEAR(number["value"].get<double>(),
                        (number["at"].get<double>() - (c.stacked ? x0 : y0)) / scale, 0.05);

        // One of the second run's closed cells, under the mouse on the second copy: that copy's cell.
        const json cell = search["runs"][1]["closed_sample"].back();
        const double cellX = cell[0].get<double>() + 0.5 + (c.stacked ? 0 : second);
        const double cellY = cell[1].get<double>() + 0.5 + (c.stacked ? second : 0);
        auto hovered = runApp(kRuns, c.name + "_hover", c.flags,
                              "2 move_world " + std::to_string(cellX) + " " + std::to_string(cellY) + "\n4 dump hover.json\n", 6);
        const json hover = readJson(hovered.folder / "hover.json");
        json stats;
        for (const json& p : hover["panels"])
            if (p["id"] == "search_stats") stats = p["drawn"];
        ASSERT_TRUE(stats["hovered"].is_object()) << stats;
        EXPECT_EQ(stats["hovered"]["cell"], cell);
        EXPECT_EQ(stats["hovered"]["run"], 1);
    }
}

// The numbers panel's legend names the colours the scene draws now, and only those: JPS's scanned cells
// while a JPS run is shown, the distance field's shades while the field is, the searches' cells while a
// copy shows them (the field replaces the first copy).
TEST(Search, TheLegendNamesTheColoursOnTheScene) {
    auto legendOf = [](const json& ui) {
        for (const json& p : ui["panels"])
            if (p["id"] == "search_stats") return p["drawn"]["legend"].get<std::vector<std::string>>();
        return std::vector<std::string>{};
    };
    const std::vector<std::string> cells{"closed (expanded)", "open list (frontier)", "expanded by this step"};
    const std::vector<std::string> marks{"path", "start", "goal", "wall; darker ground costs more (1-9)"};
    const std::string scanned = "JPS: scanned by a jump";
    const std::vector<std::string> shades{"distance field: near the goal", "distance field: far"};
    auto join = [](std::initializer_list<std::vector<std::string>> parts) {
        std::vector<std::string> out;
        for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
        return out;
    };
    const std::string field = R"({"panels": {}, "modes": {"search": {"distance_field": true}}})";
    auto one = runApp(kRuns, "legend_one", flags("--lang en --algo dijkstra --seek 50"), "", 4);
    EXPECT_EQ(legendOf(one.ui), join({cells, marks}));
    auto two = runApp(kRuns, "legend_jps", flags("--lang en --algo astar,jps --seek 50"), "", 4);
    EXPECT_EQ(legendOf(two.ui), join({cells, {scanned}, marks}));
    auto fieldOnly = runApp(kRuns, "legend_field", flags("--lang en --algo jps"), "", 4, field);
    EXPECT_EQ(legendOf(fieldOnly.ui), join({marks, shades})) << "the field replaces the only copy";
    auto fieldTwo = runApp(kRuns, "legend_field_two", flags("--lang en --algo astar,jps"), "", 4, field);
    EXPECT_EQ(legendOf(fieldTwo.ui), join({cells, {scanned}, marks, shades}));
}

TEST(Search, TheOpenAndClosedCellsAreDrawnInTheirColours) {
    auto run = runApp(kRuns, "pixels", flags("--algo dijkstra --seek 200"), "", 4);
    const json& r = run.ui["search"]["runs"][0];
    const json& scene = run.ui["search"]["scene"];
    double x0 = scene["x0"], y0 = scene["y0"], scale = scene["scale"];
    ASSERT_GT(scale, 3);  // a cell is a few pixels wide at least
    // What the scene coloured is what the engine holds.
    EXPECT_EQ(r["drawn"]["closed_cells"], r["closed"]);
    EXPECT_EQ(r["drawn"]["open_cells"], r["open"]);
    auto centre = [&](const json& cell, double& x, double& y) {
        x = x0 + (cell[0].get<double>() + 0.5) * scale;
        y = y0 + (cell[1].get<double>() + 0.5) * scale;
    };
    int checked = 0;
    for (const json& cell : r["closed_sample"]) {
        // The cell of this step is drawn in its own colour, the start under its marker.
        if (cell == r["last_expanded"] || cell == r["start"]) continue;
        double x, y;
        centre(cell, x, y);
        EXPECT_TRUE(run.shot.near(x, y, 0xA47713, 0, 30)) << "closed " << cell;  // orange over free ground
        ++checked;
    }
    for (const json& cell : r["open_sample"]) {
        double x, y;
        centre(cell, x, y);
        EXPECT_TRUE(run.shot.near(x, y, 0x4D99C5, 0, 30)) << "open " << cell;  // sky blue over free ground
        ++checked;
    }
    EXPECT_GT(checked, 150);
}

TEST(Search, DraggingTheGoalRunsTheSearchAgainToItsEnd) {
    // Drag tool (Q), from the goal's cell (47, 46) to (40, 20).
    std::string script = "3 key q\n5 move_world 47.5 46.5\n7 press left\n9 move_world 44.5 30.5\n11 move_world 40.5 20.5\n"
                         "13 release left\n";
    auto run = runApp(kRuns, "drag", flags("--algo astar"), script, 18);
    const json& r = run.ui["search"]["runs"][0];
    EXPECT_EQ(r["goal"], json::array({40, 20}));
    EXPECT_TRUE(r["done"].get<bool>());
    EXPECT_EQ(r["path"].back(), json::array({40, 20}));
    EXPECT_NEAR(r["path_length"].get<double>(), run.ui["search"]["optimal_length"].get<double>(), 1e-9);
    EXPECT_EQ(run.ui["timeline"]["position"], run.ui["timeline"]["length"]);
}

TEST(Search, AMovedQueryIsWhatSaveWritesAndTheFileOpensAgain) {
    // The arena lesson's goal (47, 46) dragged to (40, 20), then saved into the run's folder (Save As
    // elsewhere keeps the map reference resolving).
    fs::path saved = kRuns / "moved_query" / "moved.json";
    std::string script = "3 key q\n5 move_world 47.5 46.5\n7 press left\n9 move_world 44.5 30.5\n11 move_world 40.5 20.5\n"
                         "13 release left\n16 save " + saved.string() + "\n";
    auto run = runApp(kRuns, "moved_query", "--scenario '" + (kSource / "scenarios/search-arena.json").string() + "'", script, 20);
    EXPECT_EQ(run.ui["search"]["runs"][0]["goal"], json::array({40, 20}));
    std::ifstream in(saved);
    ASSERT_TRUE(in.good()) << saved;
    json file = json::parse(in);
    EXPECT_EQ(file["queries"][0]["start"], json::array({1, 7}));
    EXPECT_EQ(file["queries"][0]["goal"], json::array({40, 20}));
    auto reopened = runApp(kRuns, "moved_query_reopened", "--scenario '" + saved.string() + "'", "", 4);
    EXPECT_TRUE(reopened.ui["errors"].empty()) << reopened.ui["errors"];
    EXPECT_EQ(reopened.ui["search"]["runs"][0]["goal"], json::array({40, 20}));
}

TEST(Search, ARefusedConfigurationIsReportedAndTheAppStillRuns) {
    auto run = runApp(kRuns, "refused", flags("--algo jps --diagonal never"), "", 4);
    ASSERT_FALSE(run.ui["errors"].empty());
    EXPECT_NE(run.ui["errors"][0].get<std::string>().find("jps"), std::string::npos) << run.ui["errors"];
    EXPECT_EQ(run.ui["search"]["runs"][0]["algo"], "astar");  // the previous configuration stays
    auto badMap = runApp(kRuns, "bad_map", "--mode search --map '" + (kRuns / "missing.map").string() + "'", "", 4);
    ASSERT_FALSE(badMap.ui["errors"].empty());
    EXPECT_EQ(badMap.ui["search"]["map"]["name"], "default");
    // The Search and Maps workbenches both read --map and refuse it: one message, not the same one twice.
    EXPECT_EQ(badMap.ui["errors"].size(), 1u) << badMap.ui["errors"];
    EXPECT_NE(badMap.ui["errors"][0].get<std::string>().find("missing.map"), std::string::npos) << badMap.ui["errors"];
}

// A map legal to read but past the workbench's memory budget (5,000 x 5,000: about 2.6 GiB for two
// searches, their timelines, the optimum, the field and the images) is refused before any of it is
// built: the error names the file and the size it would need, and the map shown stays.
TEST(Search, AMapPastTheMemoryBudgetIsRefusedAndTheMapStays) {
    const fs::path big = kRuns / "big5000.map";
    {
        fs::create_directories(kRuns);
        std::ofstream out(big);
        out << "type octile\nheight 5000\nwidth 5000\nmap\n";
        const std::string row = std::string(5000, '.') + "\n";
        for (int y = 0; y < 5000; ++y) out << row;
    }
    auto run = runApp(kRuns, "big_map", "--mode search --map '" + big.string() + "'", "", 4);
    ASSERT_FALSE(run.ui["errors"].empty());
    const std::string error = run.ui["errors"][0];
    EXPECT_NE(error.find("big5000.map"), std::string::npos) << error;
    EXPECT_NE(error.find("5000 x 5000 map needs about"), std::string::npos) << error;
    EXPECT_NE(error.find("MiB budget"), std::string::npos) << error;
    EXPECT_EQ(run.ui["search"]["map"]["name"], "default");
    fs::remove(big);
}

TEST(Search, TheDistanceFieldGivesEachCellItsShortestPathToTheGoal) {
    // The default map with the field on; hover cell (40, 10) and read its distance, then ask a search
    // from that cell to the same goal: the path length is the distance.
    const std::string settings = R"({"panels": {}, "modes": {"search": {"distance_field": true}}})";
    auto field = runApp(kRuns, "field", "--mode search", "3 move_world 40.5 10.5\n", 8, settings);
    const json* stats = nullptr;
    for (const json& p : field.ui["panels"])
        if (p["id"] == "search_stats") stats = &p["drawn"];
    ASSERT_NE(stats, nullptr);
    ASSERT_TRUE((*stats)["distance_field"].is_object());
    EXPECT_GT((*stats)["distance_field"]["settled"].get<int>(), 1000);
    ASSERT_EQ((*stats)["hovered"]["cell"], json::array({40, 10}));
    double distance = (*stats)["hovered"]["distance"];
    const json& goal = field.ui["search"]["runs"][0]["goal"];
    auto search = runApp(kRuns, "field_check",
                         "--mode search --query 40,10," + std::to_string(goal[0].get<int>()) + "," +
                             std::to_string(goal[1].get<int>()) + " --algo dijkstra --seek end", "", 4);
    EXPECT_NEAR(search.ui["search"]["runs"][0]["path_length"].get<double>(), distance, 1e-6);
}

TEST(Search, PaintedWallsUndoAndRedoWithCtrlZAndCtrlY) {
    // The path's middle cell and the next one, painted as one stroke of walls (B), then Ctrl+Z, Ctrl+Y.
    auto before = runApp(kRuns, "undo_before", flags("--algo astar --seek end"), "", 4);
    const json& path = before.ui["search"]["runs"][0]["path"];
    ASSERT_GT(path.size(), 10u);
    const json a = path[path.size() / 2], b = path[path.size() / 2 + 1];
    std::string script = "3 key b\n5 move_world " + cellCentre(a) + "\n7 press left\n9 move_world " + cellCentre(b) +
                         "\n11 release left\n13 dump painted.json\n15 key ctrl+z\n17 dump undone.json\n19 key ctrl+y\n";
    auto run = runApp(kRuns, "undo", flags("--algo astar"), script, 23);
    json painted = readJson(run.folder / "painted.json")["search"];
    json undone = readJson(run.folder / "undone.json")["search"];
    const json& redone = run.ui["search"];
    // Painted: one undo step naming its two cells; the search ran again around them.
    EXPECT_TRUE(painted["can_undo"].get<bool>());
    EXPECT_EQ(painted["undo_label"], "walls on 2 cells");
    const json& paintedPath = painted["runs"][0]["path"];
    for (const json& cell : paintedPath) EXPECT_TRUE(cell != a && cell != b) << cell;
    EXPECT_GT(painted["runs"][0]["path_length"].get<double>(), kPublished - 1e-3);
    EXPECT_TRUE(painted["runs"][0]["done"].get<bool>());
    // Undone: the first path again, to its end; redo possible.
    EXPECT_FALSE(undone["can_undo"].get<bool>());
    EXPECT_TRUE(undone["can_redo"].get<bool>());
    EXPECT_EQ(undone["runs"][0]["path"], path);
    EXPECT_NEAR(undone["runs"][0]["path_length"].get<double>(), kPublished, 1e-3);
    // Redone: the painted state again.
    EXPECT_EQ(redone["runs"][0]["path"], paintedPath);
    EXPECT_FALSE(redone["can_redo"].get<bool>());
    // In Chinese the Edit menu's label is Chinese.
    auto zh = runApp(kRuns, "undo_zh", flags("--algo astar --lang zh"), "3 key b\n5 move_world " + cellCentre(a) + "\n7 press left\n9 release left\n", 12);
    EXPECT_EQ(zh.ui["search"]["undo_label"], "在 1 个格子上画墙");
}

// On a map above 256 x 256 cells a stroke of walls restarts the searches once, when the button is
// released: during the stroke the path shown is the old map's and the panel says the restart waits.
TEST(Search, OnALargeMapAStrokeRestartsTheSearchesWhenTheButtonIsReleased) {
    const std::string large = "--mode search --map '" + (kSource / "assets/maps/movingai/maps/random/random512-10-0.map").string() +
                              "' --query 19,44,509,436 --algo astar --lang en";
    auto before = runApp(kRuns, "large_before", large + " --seek end", "", 4);
    const json path = before.ui["search"]["runs"][0]["path"];
    ASSERT_GT(path.size(), 100u);
    const json a = path[path.size() / 2], b = path[path.size() / 2 + 1];
    std::string script = "2 key end\n3 key b\n5 move_world " + cellCentre(a) + "\n7 press left\n9 move_world " + cellCentre(b) +
                         "\n11 dump during.json\n13 release left\n15 dump after.json\n";
    auto run = runApp(kRuns, "large_stroke", large, script, 17);
    const json during = readJson(run.folder / "during.json")["search"];
    const json after = readJson(run.folder / "after.json")["search"];
    EXPECT_TRUE(during["paint_pending"].get<bool>());
    EXPECT_EQ(during["runs"][0]["path"], path) << "the searches waited for the end of the stroke";
    // The scene recoloured the two painted cells (walls now, closed before) and nothing else.
    const json& shownBefore = before.ui["search"]["runs"][0];
    EXPECT_EQ(during["runs"][0]["closed"], shownBefore["closed"]);
    EXPECT_EQ(during["runs"][0]["drawn"]["closed_cells"].get<int>(), shownBefore["drawn"]["closed_cells"].get<int>() - 2);
    EXPECT_EQ(during["runs"][0]["drawn"]["open_cells"], shownBefore["drawn"]["open_cells"]);
    EXPECT_FALSE(after["paint_pending"].get<bool>());
    EXPECT_EQ(after["undo_label"], "walls on 2 cells");
    const json& newPath = after["runs"][0]["path"];
    ASSERT_FALSE(newPath.empty());
    for (const json& cell : newPath) EXPECT_TRUE(cell != a && cell != b) << cell;
    EXPECT_GE(after["runs"][0]["path_length"].get<double>(), before.ui["search"]["runs"][0]["path_length"].get<double>() - 1e-9);
    EXPECT_TRUE(after["runs"][0]["done"].get<bool>());
    // A run that ends mid-stroke: its last frame's panel text says the restart waits for the release.
    auto held = runApp(kRuns, "large_held", large, "2 key end\n3 key b\n5 move_world " + cellCentre(a) + "\n7 press left\n", 10);
    EXPECT_TRUE(held.ui["search"]["paint_pending"].get<bool>());
    EXPECT_NE(held.ui["panels"].dump().find("Painting a large map: the searches restart once"), std::string::npos);
}

// On a map above 256 x 256 cells the distance field is computed on a worker thread: the window shows its
// progress over the searches, Cancel (Esc) unticks the box, and once done the field is the engine's. (On
// a 2048 x 2048 map the searches restart on a worker first, and the field starts when they are in.)
TEST(Search, OnALargeMapTheDistanceFieldShowsItsProgressAndCancelTurnsItOff) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "scattered2048.map";
    aoilab::testing::writeScatteredMap(file.string(), 2048, 2048, 10, 5);  // about 0.5 s of field here
    const std::string flags = "--lang en --mode search --map '" + file.string() + "'";
    const std::string settings = R"({"panels": {}, "modes": {"search": {"distance_field": true}}})";
    auto statsOf = [](const json& ui) {
        for (const json& p : ui["panels"])
            if (p["id"] == "search_stats") return p;
        return json();
    };
    // On a 512 x 512 map (above the 256 x 256 computed at once, below the million cells whose searches
    // restart on a worker) the field is held at its first report (hold_work): under way at the dump on
    // any machine, and still under way when Esc comes.
    const fs::path smaller = kRuns / "scattered512.map";
    aoilab::testing::writeScatteredMap(smaller.string(), 512, 512, 10, 5);
    const std::string smallerFlags = "--lang en --mode search --map '" + smaller.string() + "'";
    auto computing = runApp(kRuns, "field_computing", smallerFlags,
                            "0 hold_work\n1 move 5 5\n2 wait_held\n4 dump during.json\n5 key escape\n6 wait_ready\n"
                            "8 quit\n", 9, settings);
    const json during = readJson(computing.folder / "during.json");
    ASSERT_TRUE(during["search"]["field_computing"].is_object()) << "no field under way at the dump";
    const json& progress = during["search"]["field_computing"];
    EXPECT_EQ(progress["total"].get<int>(), readMovingAiMap(smaller.string()).passableCount());  // a report per cell
    EXPECT_LT(progress["done"].get<std::size_t>(), progress["total"].get<std::size_t>());
    const json& rect = progress["rect"];
    ASSERT_EQ(rect.size(), 4u);
    EXPECT_GE(rect[0].get<double>(), 0);
    EXPECT_LE(rect[2].get<double>(), during["window"]["width"].get<double>());
    EXPECT_GT(rect[3].get<double>(), rect[1].get<double>());
    EXPECT_EQ(statsOf(during)["drawn"]["distance_field"], (json{{"computing", true}}));  // "Distance field: being computed."
    EXPECT_EQ(during["search"]["map"]["width"], 512);
    EXPECT_TRUE(during["search"]["runs"][0]["searched"].get<bool>()) << "the searches of the new map show meanwhile";
    // Cancel (Esc) unticks the box: no field, nothing said of one.
    const json& cancelled = computing.ui;
    EXPECT_TRUE(cancelled["search"]["field_computing"].is_null());
    EXPECT_TRUE(statsOf(cancelled)["drawn"]["distance_field"].is_null()) << "Cancel turned the field off";
    EXPECT_EQ(statsOf(cancelled)["text"].get<std::string>().find("Distance field"), std::string::npos);
    for (const json& error : cancelled["errors"]) EXPECT_EQ(error.get<std::string>().find("distance"), std::string::npos) << error;
    fs::remove(smaller);

    // Left to finish: the field is the engine's for this map and goal.
    auto done = runApp(kRuns, "field_done", flags, "1 wait_ready\n3 dump done.json\n", 5, settings);
    const json ready = readJson(done.folder / "done.json");
    EXPECT_TRUE(ready["search"]["field_computing"].is_null());
    const json& goal = ready["search"]["runs"][0]["goal"];
    const DistanceField expected = computeDistanceField(readMovingAiMap(file.string()), {goal[0].get<int>(), goal[1].get<int>()});
    EXPECT_EQ(statsOf(ready)["drawn"]["distance_field"]["settled"].get<std::int64_t>(), expected.settled);
    fs::remove(file);
}

// Painting a large map with the distance field shown: during the stroke the field stays the map's before
// it (as the runs do) and the painted cell is drawn as a wall at once; at the release the field is
// computed again, without that cell.
TEST(Search, OnALargeMapAStrokeOverTheDistanceFieldDrawsItsWallsAndTheReleaseComputesTheFieldAgain) {
    const std::string mapFile = (kSource / "assets/maps/movingai/maps/random/random512-10-0.map").string();
    const std::string large = "--mode search --map '" + mapFile + "' --query 19,44,509,436 --algo astar --lang en --seek end";
    const std::string settings = R"({"panels": {}, "modes": {"search": {"distance_field": true}}})";
    // A cell near the goal (light in the field, far from the wall grey), free all around, off the path.
    const GridMap map = readMovingAiMap(mapFile);
    GridSearch astar;
    ASSERT_TRUE(astar.find(map, {19, 44}, {509, 436}).found());
    const std::vector<GridPoint> path = astar.path();
    std::optional<GridPoint> cell;
    for (int y = 420; y < 450 && !cell; ++y)
        for (int x = 490; x < 510 && !cell; ++x) {
            bool free = true;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) free = free && map.passable(x + dx, y + dy);
            const bool offPath = std::none_of(path.begin(), path.end(), [&](GridPoint p) {
                return std::max(std::abs(p.x - x), std::abs(p.y - y)) < 4;
            });
            if (free && offPath) cell = GridPoint{x, y};
        }
    ASSERT_TRUE(cell);
    const json at = json::array({cell->x, cell->y});
    // Zoomed in on the cell (ten wheel steps), so that it is several pixels wide.
    std::string zoom = "1 wait_ready\n3 move_world " + cellCentre(at) + "\n";
    for (int f = 4; f < 14; ++f) zoom += std::to_string(f) + " wheel 1\n";
    // The mouse leaves the map (up and right of it) with the button held: the brush would cover the cell.
    const std::string stroke = zoom + "15 key b\n17 move_world " + cellCentre(at) + "\n19 press left\n20 move 1598 2\n";
    auto pixelOf = [&](const windowtest::AppResult& run) {
        const json& scene = run.ui["search"]["scene"];
        const double scale = scene["scale"];
        EXPECT_GT(scale, 4);
        return run.shot.at(static_cast<int>(scene["x0"].get<double>() + (cell->x + 0.5) * scale),
                           static_cast<int>(scene["y0"].get<double>() + (cell->y + 0.5) * scale));
    };
    auto settled = [](const json& ui) {
        for (const json& p : ui["panels"])
            if (p["id"] == "search_stats") return p["drawn"]["distance_field"]["settled"].get<std::int64_t>();
        return std::int64_t(-1);
    };
    const std::array<int, 3> wallGrey{0x5C, 0x5F, 0x66};  // theme::kObstacle

    auto before = runApp(kRuns, "field_stroke_before", large, zoom, 16, settings);
    const std::array<int, 3> shownBefore = pixelOf(before);
    EXPECT_NE(shownBefore, wallGrey);
    EXPECT_GT(shownBefore[0], 0xA0) << "near the goal the field is light";

    auto held = runApp(kRuns, "field_stroke_held", large, stroke, 22, settings);
    EXPECT_TRUE(held.ui["search"]["paint_pending"].get<bool>());
    EXPECT_TRUE(held.ui["search"]["field_computing"].is_null());
    EXPECT_EQ(settled(held.ui), settled(before.ui)) << "the field of the map before the stroke";
    EXPECT_EQ(pixelOf(held), wallGrey) << "the painted cell drawn as a wall at once";

    auto released = runApp(kRuns, "field_stroke_released", large, stroke + "22 release left\n23 wait_ready\n", 27, settings);
    EXPECT_FALSE(released.ui["search"]["paint_pending"].get<bool>());
    EXPECT_TRUE(released.ui["search"]["field_computing"].is_null());
    EXPECT_EQ(settled(released.ui), settled(before.ui) - 1) << "the new field leaves the wall out";
    EXPECT_EQ(pixelOf(released), wallGrey);
}

// On a map above 1024 x 1024 cells a dragged goal moves at once and the searches restart at the release
// (each restart there takes about a frame's worth or more, so a live drag would stutter).
TEST(Search, OnAVeryLargeMapADraggedGoalRestartsTheSearchesWhenTheButtonIsReleased) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "scattered1100.map";
    aoilab::testing::writeScatteredMap(file.string(), 1100, 1000, 10, 7);
    const GridMap map = readMovingAiMap(file.string());
    auto freeNear = [&](int x, int y) {
        while (!map.passable(x, y)) ++x;
        return std::to_string(x) + "," + std::to_string(y);
    };
    const std::string flags = "--lang en --mode search --algo astar --seek end --map '" + file.string() + "' --query " +
                              freeNear(5, 5) + "," + freeNear(1000, 900);
    auto before = runApp(kRuns, "query_before", flags, "1 wait_ready\n", 3);
    const json& run = before.ui["search"]["runs"][0];
    const json goal = run["goal"], path = run["path"];
    ASSERT_GT(path.size(), 500u);
    ASSERT_EQ(path.back(), goal);
    // A free cell about 40 cells up and left of the goal: where the drag ends.
    std::optional<GridPoint> target;
    for (int d = 40; d < 60 && !target; ++d)
        if (map.passable(goal[0].get<int>() - d, goal[1].get<int>() - d)) target = GridPoint{goal[0].get<int>() - d, goal[1].get<int>() - d};
    ASSERT_TRUE(target);
    const json to = json::array({target->x, target->y});
    // (The searches of the map at start restart on a worker: the drag waits for them.)
    const std::string drag = "1 wait_ready\n2 key q\n4 move_world " + cellCentre(goal) + "\n6 press left\n8 move_world " +
                             cellCentre(to) + "\n";
    auto held = runApp(kRuns, "query_held", flags, drag, 11);
    const json& during = held.ui["search"];
    EXPECT_TRUE(during["paint_pending"].get<bool>());
    // Zoomed out a cell is under a pixel, and ImGui floors the mouse: the goal lands on `to` or next to it.
    const json moved = during["runs"][0]["goal"];
    EXPECT_LE(std::abs(moved[0].get<int>() - target->x), 2) << moved;
    EXPECT_LE(std::abs(moved[1].get<int>() - target->y), 2) << moved;
    EXPECT_EQ(during["runs"][0]["path"], path) << "the search waits for the release";
    std::string stats;
    for (const json& p : held.ui["panels"])
        if (p["id"] == "search_stats") stats = p["text"];
    EXPECT_NE(stats.find("Moving the query on a very large map"), std::string::npos) << stats;

    auto released = runApp(kRuns, "query_released", flags, drag + "10 release left\n11 wait_ready\n", 14);
    const json& after = released.ui["search"];
    EXPECT_FALSE(after["paint_pending"].get<bool>());
    ASSERT_FALSE(after["runs"][0]["path"].empty());
    EXPECT_EQ(after["runs"][0]["path"].back(), moved);
    EXPECT_TRUE(after["runs"][0]["done"].get<bool>());
    GridSearch astar;
    const SearchResult optimum =
        astar.find(map, {run["start"][0].get<int>(), run["start"][1].get<int>()}, {moved[0].get<int>(), moved[1].get<int>()});
    ASSERT_TRUE(optimum.found());
    EXPECT_NEAR(after["runs"][0]["path_length"].get<double>(), optimum.length, 1e-9);
    fs::remove(file);
}

TEST(Search, TheHelpListsExactlyTheRegistrysAlgorithms) {
    fs::create_directories(kRuns);
    const fs::path out = kRuns / "help.txt";
    std::string command = std::string("'") + AOILAB_APP + "' --help > '" + out.string() + "' 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0);
    std::ifstream in(out);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string line = text.substr(text.find("--algo A[,B]"));
    line = line.substr(0, line.find('\n'));
    std::string expected;
    for (SearchAlgorithm algo : searchAlgorithms()) expected += (expected.empty() ? "" : ", ") + std::string(algorithmName(algo));
    EXPECT_NE(line.find("search: " + expected + " (two to compare)"), std::string::npos) << line;
}

}  // namespace
}  // namespace aoilab
