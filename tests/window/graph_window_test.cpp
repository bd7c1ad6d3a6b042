// The graph workbench in the real window (Xvfb): the finished search against aoilab-cli graph, and a
// scripted edit (place three vertices, drag two edges, undo one, set a weight, walk, save) whose saved
// scenario and role are checked.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

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

// Pairs of boxes that overlap, or stand closer than `space` pixels side by side on one line.
int overlaps(const json& boxes, double space = 0) {
    int count = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const json &a = boxes[i], &b = boxes[j];
            const bool apart = a[2].get<double>() + space <= b[0].get<double>() || b[2].get<double>() + space <= a[0].get<double>() ||
                               a[3].get<double>() <= b[1].get<double>() || b[3].get<double>() <= a[1].get<double>();
            count += !apart;
        }
    return count;
}

// No label is written over another: every id, distance and weight drawn has a box of its own (the
// article at 1280 x 720, font scale 2, had "131" over "d 131 <938"), with a space beside it. The article's labels all find a
// free spot; on the 72-vertex city some distances are left out (their numbers are in the table) rather
// than written over their neighbours', and the labels that must show (ids, the relaxed edge) do.
TEST(Graph, NoLabelIsWrittenOverAnother) {
    for (const char* lang : {"en", "zh"}) {
        auto article = runApp(kRuns, std::string("labels_article_") + lang, std::string("--mode graph --font-scale 2 --lang ") + lang, "",
                              6, R"({"panels": {}})", "1280x720");
        const json& drawn = article.ui["graph"]["drawn"];
        EXPECT_GE(drawn["label_boxes"].size(), 3u + 3u + 4u) << lang << ": three ids, three distances, the weights";
        EXPECT_EQ(drawn["hidden_labels"], 0) << lang;
        EXPECT_EQ(drawn["crowded_labels"], 0) << lang;
        EXPECT_EQ(overlaps(drawn["label_boxes"]), 0) << lang;
        // Nor side by side without a space ("938" and "131" touched and read as "938131").
        const double em = article.ui["font_size"].get<double>();
        EXPECT_EQ(overlaps(drawn["label_boxes"], 0.25 * em), 0) << lang;
        // Nor under the axis numbers, which are drawn over the scene (721 was, under the 400 at the top).
        json withAxis = drawn["label_boxes"];
        for (const json& box : article.ui["canvas"]["axis_boxes"]) withAxis.push_back(box);
        EXPECT_EQ(overlaps(withAxis), overlaps(article.ui["canvas"]["axis_boxes"])) << lang;
    }
    // Compared (two copies side by side, the first's 721 by the canvas's left edge): its distance moves
    // inside the canvas instead of finding no spot, and nothing drawn leaves the canvas. (64's distance
    // has no room on its copy's side of the gap at this size: it is left out, LabelsKeepClearOfTheArrows.)
    auto compared = runApp(kRuns, "labels_compared", "--mode graph --algo dijkstra,astar --seek 2 --font-scale 2 --lang zh", "", 6,
                           R"({"panels": {}})", "1280x720");
    const json& first = compared.ui["graph"]["drawn"];
    const json& texts = first["label_texts"];
    EXPECT_NE(std::find(texts.begin(), texts.end(), "d 179 <938"), texts.end()) << texts;
    EXPECT_EQ(overlaps(first["label_boxes"]), 0);
    const json& canvas = compared.ui["canvas"];
    for (const json& box : first["label_boxes"]) {
        EXPECT_GE(box[0].get<double>(), canvas["min"][0].get<double>() - 0.5);
        EXPECT_LE(box[2].get<double>(), canvas["max"][0].get<double>() + 0.5);
    }
    auto city = runApp(kRuns, "labels_city", "--scenario '" + (kSource / "scenarios/graph-city.json").string() + "' --seek 5", "", 6,
                       R"({"panels": {}})", "1600x900");
    const json& drawn = city.ui["graph"]["drawn"];
    EXPECT_GT(drawn["hidden_labels"].get<int>(), 0);
    EXPECT_EQ(drawn["crowded_labels"], 0);
    EXPECT_GE(drawn["label_boxes"].size(), 72u) << "every vertex's id";
    EXPECT_EQ(overlaps(drawn["label_boxes"]), 0);
}

// No label is written across an arrow where a spot clear of them is left (the README's graph had "d 20
// <C" and "d 27 <A" struck through by arrows): checked here from the dumped boxes and the arrows' lines
// (shaft and head outline, with their half widths), point by point along each line. Where the canvas is
// too small for that (the article at font scale 2), the ids and distances still keep clear, and the
// count of labels left on a line is the true one.
TEST(Graph, LabelsKeepClearOfTheArrows) {
    // The labels (by text) that some line comes within its half width of.
    auto labelsOnLines = [](const json& drawn) {
        std::vector<std::string> crossed;
        for (std::size_t i = 0; i < drawn["label_boxes"].size(); ++i) {
            const json& box = drawn["label_boxes"][i];
            const double x0 = box[0], y0 = box[1], x1 = box[2], y1 = box[3];
            bool hit = false;
            for (const json& line : drawn["edge_lines"]) {
                const double ax = line[0], ay = line[1], bx = line[2], by = line[3], w = line[4];
                const int steps = 1 + static_cast<int>(std::hypot(bx - ax, by - ay) * 4);
                for (int k = 0; k <= steps && !hit; ++k) {
                    const double t = static_cast<double>(k) / steps, x = ax + (bx - ax) * t, y = ay + (by - ay) * t;
                    hit = std::max({x0 - x, 0.0, x - x1}) < w - 0.05 && std::max({y0 - y, 0.0, y - y1}) < w - 0.05;
                }
            }
            if (hit) crossed.push_back(drawn["label_texts"][i]);
        }
        return crossed;
    };
    const std::string roads = (kSource / "scenarios/graph-one-way-roads.json").string();
    // The README's picture (1400 x 800, step 2) and the article in a large window: nothing on a line.
    for (const auto& [name, flags, size] : {std::tuple{"roads", "--scenario '" + roads + "' --seek 2", "1400x800"},
                                            std::tuple{"article", std::string("--mode graph"), "1600x900"}}) {
        auto run = runApp(kRuns, std::string("clear_") + name, flags, "", 6, R"({"panels": {}})", size);
        const json& drawn = run.ui["graph"]["drawn"];
        ASSERT_EQ(drawn["label_texts"].size(), drawn["label_boxes"].size());
        EXPECT_EQ(drawn["edge_lines"].size(), 4 * run.ui["graph"]["edges"].get<std::size_t>()) << name << ": a shaft and three head sides";
        EXPECT_GE(drawn["label_boxes"].size(), 3u + 3u + 4u) << name;
        EXPECT_EQ(labelsOnLines(drawn), std::vector<std::string>{}) << name;
        EXPECT_EQ(drawn["labels_on_lines"], 0) << name;
        EXPECT_EQ(drawn["hidden_labels"], 0) << name;
    }
    // At font scale 2 on 1280 x 720 some weights have no clear spot; the ids and distances do.
    for (const char* lang : {"en", "zh"}) {
        auto run = runApp(kRuns, std::string("clear_scale2_") + lang, std::string("--mode graph --font-scale 2 --lang ") + lang, "", 6,
                          R"({"panels": {}})", "1280x720");
        const json& drawn = run.ui["graph"]["drawn"];
        const auto crossed = labelsOnLines(drawn);
        EXPECT_EQ(drawn["labels_on_lines"], crossed.size()) << lang;
        for (const std::string& text : crossed)
            for (const json& v : run.ui["graph"]["graph"]["vertices"]) EXPECT_NE(text, v["id"].get<std::string>()) << lang;
        for (const std::string& text : crossed) EXPECT_NE(text.rfind("d ", 0), 0u) << lang << ": " << text;
        EXPECT_EQ(drawn["hidden_labels"], 0) << lang;
    }
    // Compared: each copy's labels stay on its side of the gap, so none is read as the other copy's.
    auto compared = runApp(kRuns, "clear_compared", "--mode graph --algo dijkstra,astar --seek 2 --font-scale 2 --lang zh", "", 6,
                           R"({"panels": {}})", "1280x720");
    const json& first = compared.ui["graph"]["drawn"];
    const double middle = first["label_columns"][1];
    EXPECT_LT(middle, compared.ui["canvas"]["max"][0].get<double>());
    EXPECT_GT(middle, compared.ui["canvas"]["min"][0].get<double>());
    for (const json& box : first["label_boxes"]) EXPECT_LE(box[2].get<double>(), middle + 0.01);
    EXPECT_EQ(first["labels_on_lines"], labelsOnLines(first).size());
    // The compared copy's labels: right of the gap, inside the canvas, its ids all there, and none over
    // the first copy's or over each other.
    const json& second = compared.ui["graph"]["compare"]["drawn"];
    ASSERT_EQ(second["label_texts"].size(), second["label_boxes"].size());
    EXPECT_EQ(second["label_columns"][0], middle);
    for (const json& box : second["label_boxes"]) {
        EXPECT_GE(box[0].get<double>(), middle - 0.01);
        EXPECT_LE(box[2].get<double>(), compared.ui["canvas"]["max"][0].get<double>() + 0.5);
    }
    for (const json& v : compared.ui["graph"]["graph"]["vertices"]) {
        const json& texts = second["label_texts"];
        EXPECT_NE(std::find(texts.begin(), texts.end(), v["id"]), texts.end()) << v["id"];
    }
    json both = first["label_boxes"];
    for (const json& box : second["label_boxes"]) both.push_back(box);
    EXPECT_EQ(overlaps(both), 0);
    EXPECT_EQ(second["labels_on_lines"], labelsOnLines(second).size());
}

// A large graph (a 300 x 300 lattice: 90,000 vertices, 179,400 edges) opens and is drawn whole with the
// mouse over it. Each edge drawn used to copy every edge of the graph (for the mean edge length), so this
// graph hung the window for more than ten minutes a frame.
// On a crowded canvas (the 72-vertex city at 1280x720, font scale 2) the path's arrows are short pieces
// between the dots: the route is drawn once more as one line through the path's vertices. The
// three-vertex article has room for its arrows: no extra line.
TEST(Graph, OnACrowdedCanvasThePathIsOneLineThroughItsVertices) {
    auto city = runApp(kRuns, "route_city", "--scenario '" + (kSource / "scenarios/graph-city.json").string() + "' --seek end --font-scale 2",
                       "", 6, R"({"panels": {}})", "1280x720");
    const json& graph = city.ui["graph"];
    ASSERT_GT(graph["path"].size(), 2u);
    EXPECT_EQ(graph["drawn"]["route_points"], graph["path"].size());
    EXPECT_EQ(graph["drawn"]["path_edges"], graph["path"].size() - 1);
    auto article = runApp(kRuns, "route_article", "--scenario '" + (kSource / "scenarios/graph-three-vertices.json").string() + "' --seek end");
    ASSERT_GE(article.ui["graph"]["path"].size(), 2u);
    EXPECT_EQ(article.ui["graph"]["drawn"]["route_points"], 0);
}

TEST(Graph, ALargeGraphIsDrawnWhole) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "lattice300.json";
    {
        std::ofstream out(file);
        out << "{\"vertices\": [";
        const int n = 300;
        for (int i = 0; i < n * n; ++i)
            out << (i ? "," : "") << "{\"id\": \"v" << i << "\", \"x\": " << (i % n) * 10 << ", \"y\": " << (i / n) * 10 << "}";
        out << "], \"edges\": [";
        bool first = true;
        for (int i = 0; i < n * n; ++i) {
            auto edge = [&](int j) {
                out << (first ? "" : ",") << "{\"from\": \"v" << i << "\", \"to\": \"v" << j << "\", \"weight\": 10}";
                first = false;
            };
            if (i % n + 1 < n) edge(i + 1);
            if (i / n + 1 < n) edge(i + n);
        }
        out << "]}";
    }
    auto run = runApp(kRuns, "large", "--mode graph --graph '" + file.string() + "'", "1 wait_ready\n2 move 400 300\n", 4);
    EXPECT_TRUE(run.ui["errors"].empty()) << run.ui["errors"];
    EXPECT_EQ(run.ui["graph"]["drawn"]["vertices"], 90000);
    EXPECT_EQ(run.ui["graph"]["drawn"]["edges"], 179400);
    fs::remove(file);
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

const std::string kCity = (kSource / "assets/graphs/city.json").string();
const std::string kArena = (kSource / "assets/maps/movingai/maps/dao/arena.map").string();

TEST(Graph, DijkstraAndAStarComparedKeepTheSingleRunContractAndAddTheSecondRun) {
    const std::string query = "--mode graph --graph '" + kCity + "' --from A1 --to H9 ";
    auto single = runApp(kRuns, "single", query + "--algo dijkstra --seek end", "", 4);
    auto both = runApp(kRuns, "compare", query + "--algo dijkstra,astar --seek end", "", 4);
    const json& one = single.ui["graph"];
    const json& g = both.ui["graph"];
    ASSERT_TRUE(both.ui["errors"].empty()) << both.ui["errors"];
    // The contract is the first run's, exactly as without the comparison.
    for (const char* key : {"vertices", "edges", "from", "to", "algo", "distance", "path", "settled", "role"})
        EXPECT_EQ(g[key], one[key]) << key;
    EXPECT_FALSE(one.contains("compare"));
    // The second run is the engine's A*, as aoilab-cli graph finds it.
    json cli = cliGraph(kCity, "A1", "H9", "astar");
    ASSERT_TRUE(g.contains("compare"));
    const json& second = g["compare"];
    EXPECT_EQ(second["algo"], "astar");
    EXPECT_EQ(second["distance"], cli["cost"]);
    EXPECT_EQ(second["path"], cli["path"]);
    EXPECT_LT(second["settled"].size(), g["settled"].size());
    EXPECT_EQ(second["search_steps"], second["settled"].size());
    EXPECT_EQ(second["drawn"]["vertices"], g["vertices"]);  // the copy of the graph was drawn
    // Its copy lies right of the graph or below it (whichever draws the copies larger).
    EXPECT_GT(second["offset"][0].get<double>() + second["offset"][1].get<double>(), 0);
    // The table shows both runs' numbers.
    json rows;
    for (const json& p : both.ui["panels"])
        if (p["id"] == "graph") rows = p["drawn"]["compare_rows"];
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0]["algo"], "dijkstra");
    EXPECT_EQ(rows[0]["settled"], g["settled"].size());
    EXPECT_EQ(rows[1]["algo"], "astar");
    EXPECT_EQ(rows[1]["settled"], second["settled"].size());
    EXPECT_EQ(rows[0]["distance"], rows[1]["distance"]);
    // Stepped together: at step 6 each run has settled six vertices.
    auto mid = runApp(kRuns, "compare_seek", query + "--algo dijkstra,astar --seek 6", "", 4);
    EXPECT_EQ(mid.ui["graph"]["settled"].size(), 6u);
    EXPECT_EQ(mid.ui["graph"]["compare"]["settled"].size(), 6u);
    EXPECT_EQ(mid.ui["timeline"]["position"], 6);
    auto same = runApp(kRuns, "compare_same", query + "--algo astar,astar", "", 4);
    EXPECT_FALSE(same.ui["errors"].empty());
}

TEST(Graph, AGraphLessonTakesAlgoWithoutModeGraph) {
    // The scenario opens the graph workbench itself; --algo is then the graph's, not the search's.
    const std::string lesson = "--scenario '" + (kSource / "scenarios/graph-one-way-roads.json").string() + "' ";
    auto plain = runApp(kRuns, "lesson_plain", lesson + "--seek end", "", 4);
    auto astar = runApp(kRuns, "lesson_astar", lesson + "--algo astar --seek end", "", 4);
    auto both = runApp(kRuns, "lesson_both", lesson + "--algo astar,dijkstra --seek end", "", 4);
    for (const auto* run : {&plain, &astar, &both}) {
        EXPECT_EQ(run->ui["mode"], "graph");
        EXPECT_TRUE(run->ui["errors"].empty()) << run->ui["errors"];
    }
    EXPECT_EQ(plain.ui["graph"]["algo"], "dijkstra");
    EXPECT_EQ(astar.ui["graph"]["algo"], "astar");
    EXPECT_FALSE(astar.ui["graph"].contains("compare"));
    EXPECT_EQ(both.ui["graph"]["algo"], "astar");
    ASSERT_TRUE(both.ui["graph"].contains("compare"));
    EXPECT_EQ(both.ui["graph"]["compare"]["algo"], "dijkstra");
    // C to B costs 27 (C -> A -> B) whichever runs.
    EXPECT_EQ(astar.ui["graph"]["distance"], plain.ui["graph"]["distance"]);
    // A search algorithm is refused by the graph workbench, and says so.
    auto jps = runApp(kRuns, "lesson_jps", lesson + "--algo jps", "", 4);
    EXPECT_FALSE(jps.ui["errors"].empty());
}

// The window pixel of a map cell's centre, from the dumped scene transform.
std::array<int, 2> cellPixel(const json& scene, int x, int y) {
    double s = scene["scale"].get<double>();
    return {static_cast<int>(scene["x0"].get<double>() + (x + 0.5) * s), static_cast<int>(scene["y0"].get<double>() + (y + 0.5) * s)};
}

TEST(Graph, AMapOpenedInTheGraphWorkbenchLiesUnderTheGraphAndIsSaved) {
    fs::create_directories(kRuns);
    const fs::path saved = kRuns / "with_map.json";
    fs::remove(saved);
    // File > Open of a .map while the graph workbench is shown: it goes under the graph (the search
    // workbench keeps its map), then Save writes it into the scenario.
    auto run = runApp(kRuns, "open_map", "--mode graph", "3 open " + kArena + "\n8 save " + saved.string() + "\n", 12);
    ASSERT_TRUE(run.ui["errors"].empty()) << run.ui["errors"];
    const json& b = run.ui["graph"]["backdrop"];
    EXPECT_EQ(b["width"], 49);
    EXPECT_EQ(b["height"], 49);
    EXPECT_EQ(b["file"], fs::path(kArena).lexically_normal().string());
    EXPECT_EQ(run.ui["search"]["map"]["name"], "default");
    // A wall cell and a free cell of arena have the theme's colours on screen.
    auto wall = cellPixel(b["scene"], 0, 0), free = cellPixel(b["scene"], 20, 3);
    EXPECT_TRUE(run.shot.near(wall[0], wall[1], 0x5C5F66, 2, 6)) << wall[0] << "," << wall[1];
    EXPECT_TRUE(run.shot.near(free[0], free[1], 0x2A2E35, 2, 6)) << free[0] << "," << free[1];
    std::ifstream in(saved);
    ASSERT_TRUE(in) << saved;
    json scenario = json::parse(in);
    ASSERT_TRUE(scenario.contains("map"));
    EXPECT_EQ((saved.parent_path() / scenario["map"].get<std::string>()).lexically_normal(), fs::path(kArena).lexically_normal());
    // Reopened: the map is under the graph again; --map with --mode graph does the same at start.
    auto reopened = runApp(kRuns, "reopen_map", "--scenario '" + saved.string() + "'", "", 4);
    EXPECT_EQ(reopened.ui["mode"], "graph");
    EXPECT_EQ(reopened.ui["graph"]["backdrop"]["width"], 49);
    auto flag = runApp(kRuns, "flag_map", "--mode graph --map '" + kArena + "'", "", 4);
    EXPECT_EQ(flag.ui["graph"]["backdrop"]["height"], 49);
}

TEST(Graph, WaypointsToGraphOpensTheMapsWorkbenchsWaypointsForEditing) {
    // Where the button is, then a click on it: the maps workbench's arena waypoints (step 2) become the
    // graph, over their map, and Save writes both (the map inline: it came from the workbench).
    const std::string flags = "--mode graph --map '" + kArena + "'";
    auto first = runApp(kRuns, "waypoints_where", flags, "", 4);
    json button;
    for (const json& p : first.ui["panels"])
        if (p["id"] == "graph") button = p["drawn"]["waypoints_button"];
    ASSERT_EQ(button.size(), 4u);
    int x = static_cast<int>((button[0].get<double>() + button[2].get<double>()) / 2);
    int y = static_cast<int>((button[1].get<double>() + button[3].get<double>()) / 2);
    const fs::path saved = kRuns / "waypoints.json";
    fs::remove(saved);
    std::string script = "3 move " + std::to_string(x) + " " + std::to_string(y) + "\n5 press left\n6 release left\n10 save " +
                         saved.string() + "\n";
    auto run = runApp(kRuns, "waypoints", flags, script, 14);
    ASSERT_TRUE(run.ui["errors"].empty()) << run.ui["errors"];
    const json& g = run.ui["graph"];
    const json& wp = run.ui["maps"]["waypoints"];
    EXPECT_EQ(g["vertices"], wp["points"]);
    EXPECT_EQ(g["edges"], 2 * wp["links"].get<int>());
    EXPECT_EQ(g["vertices"], 526);  // aoilab-cli waypoints on arena (docs/modes/maps.md)
    for (const json& e : g["graph"]["edges"]) {
        double w = e["weight"].get<double>();
        EXPECT_EQ(w, std::round(w));
        EXPECT_TRUE(w == 2 || w == 3) << w;  // straight links 2, diagonal 2.83 rounded
    }
    EXPECT_EQ(g["backdrop"]["width"], 49);
    EXPECT_EQ(g["backdrop"]["file"], "");
    EXPECT_NE(g["distance"], nullptr);  // role and target on the waypoints nearest the maps query
    std::ifstream in(saved);
    ASSERT_TRUE(in) << saved;
    json scenario = json::parse(in);
    ASSERT_TRUE(scenario["map"].contains("rows"));
    EXPECT_EQ(scenario["map"]["rows"].size(), 49u);
    EXPECT_EQ(scenario["graph"]["vertices"].size(), 526u);
}

// graph-city compared at 1280 x 720, font scale 2, in Chinese (issue 37): side by side its 72 crossings
// were blobs (a mean street of about a font size). The copies show one at a time, each as large as the
// graph alone, its crossings apart and the relaxed street's weight written; C shows the other copy.
TEST(Graph, ComparedOnASmallCanvasTheCopiesShowOneAtATimeLargeEnoughToRead) {
    const fs::path city = kSource / "scenarios/graph-city.json";
    auto run = runApp(kRuns, "compare_one_at_a_time",
                      "--layout auto --font-scale 2 --lang zh --scenario '" + city.string() + "' --algo dijkstra,astar --seek 20",
                      "6 dump one.json\n7 key c\n10 dump two.json\n", 12, R"({"panels": {}})", "1280x720");
    const json one = windowtest::readJson(run.folder / "one.json"), two = windowtest::readJson(run.folder / "two.json");
    const json& g = one["graph"];
    EXPECT_EQ(g["copies"], "one_at_a_time");
    EXPECT_EQ(g["shown_copy"], 0);
    EXPECT_EQ(g["drawn"]["vertices"], 72);
    EXPECT_EQ(g["compare"]["drawn"]["vertices"], 0);
    EXPECT_EQ(g["drawn"]["title"], "Dijkstra（迪杰斯特拉）");
    // The mean street on screen: at least a font size and a half (side by side it was about one).
    std::map<std::string, std::pair<double, double>> at;
    for (const json& v : g["graph"]["vertices"]) at[v["id"]] = {v["x"].get<double>(), v["y"].get<double>()};
    double sum = 0;
    for (const json& e : g["graph"]["edges"]) {
        auto a = at[e["from"]], b = at[e["to"]];
        sum += std::hypot(a.first - b.first, a.second - b.second);
    }
    const double meanPixels = sum / static_cast<double>(g["graph"]["edges"].size()) * one["canvas"]["pixels_per_unit"].get<double>();
    EXPECT_GE(meanPixels, 1.5 * one["font_size"].get<double>());
    // Every label the copy needs is written: the ends' ids and the weight of the street step 20 relaxed.
    EXPECT_EQ(g["drawn"]["hidden_labels"], 0);
    EXPECT_EQ(g["drawn"]["crowded_labels"], 0);
    EXPECT_GE(g["drawn"]["label_texts"].size(), 3u) << g["drawn"]["label_texts"];
    std::string panel;
    for (const json& p : run.ui["panels"])  // the last frame keeps the panels' text
        if (p["id"] == "graph") panel = p.value("text", "");
    EXPECT_NE(panel.find("切换副本（C）"), std::string::npos) << panel;  // the button beside the key
    // The comparison's table is wider than the tab at that font: it changes to a line a run, nothing cut.
    for (const json& p : run.ui["panels"])
        if (p["id"] == "graph") {
            EXPECT_TRUE(p["drawn"]["compare_as_rows"].get<bool>());
            EXPECT_EQ(p["drawn"]["compare_rows"].size(), 2u);
            EXPECT_LE(p["clipped_px"].get<double>(), 0.5);
        }
    std::string unwrapped = panel;  // the captured text keeps the wrapped lines' breaks
    unwrapped.erase(std::remove(unwrapped.begin(), unwrapped.end(), '\n'), unwrapped.end());
    EXPECT_NE(unwrapped.find("Dijkstra（迪杰斯特拉）：当前已确定 20，总步数 72"), std::string::npos) << panel;
    // C: the compared copy, in the same place.
    const json& h = two["graph"];
    EXPECT_EQ(h["shown_copy"], 1);
    EXPECT_EQ(h["compare"]["drawn"]["vertices"], 72);
    EXPECT_EQ(h["compare"]["drawn"]["title"], "A*");
    EXPECT_EQ(h["drawn"]["vertices"], 0);
    EXPECT_EQ(h["compare"]["offset"], json::array({0, 0}));
    // At 1600 x 900, font scale 1, both copies show at once (one below the other draws them larger).
    auto side = runApp(kRuns, "compare_both", "--scenario '" + city.string() + "' --algo dijkstra,astar", "", 4);
    EXPECT_EQ(side.ui["graph"]["copies"], "below");
    EXPECT_GT(side.ui["graph"]["compare"]["offset"][1].get<double>(), 0);
    for (const json& p : side.ui["panels"])
        if (p["id"] == "graph") {
            EXPECT_FALSE(p["drawn"]["compare_as_rows"].get<bool>());  // the table fits there
        }
    EXPECT_EQ(side.ui["graph"]["compare"]["drawn"]["vertices"], 72);
}

// At 1024 x 768, font scale 2, the copies one below the other were blobs too (about 230 pixels wide
// each) while one alone is drawn about 1.3-1.5x as large: they show one at a time there as well.
TEST(Graph, ComparedAt1024x768TheCopiesShowOneAtATime) {
    const fs::path city = kSource / "scenarios/graph-city.json";
    auto run = runApp(kRuns, "compare_1024", "--layout auto --font-scale 2 --scenario '" + city.string() + "' --algo dijkstra,astar --seek 20",
                      "", 6, R"({"panels": {}})", "1024x768");
    EXPECT_EQ(run.ui["graph"]["copies"], "one_at_a_time");
    EXPECT_EQ(run.ui["graph"]["drawn"]["vertices"], 72);
    EXPECT_EQ(run.ui["graph"]["drawn"]["hidden_labels"], 0);
}

}  // namespace
}  // namespace aoilab
