// The scene canvas as the class sees it (issue 12): the selected entity's relations coloured from the
// engine, names wherever they fit, axis ticks with world coordinates, and snap to grid when dragging.
// Each test reads what the scene drew from --dump-ui (key "aoi") and checks it against an outside
// oracle: distances computed here, rectangle geometry, whole numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <numbers>
#include <set>
#include <string>
#include <tuple>

#include "core/geometry.h"
#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "scene";

std::pair<double, double> screenOf(const json& ui, double x, double y) {
    const json& scene = ui["aoi"]["scene"];
    double ppu = scene["pixels_per_unit"];
    return {scene["origin"][0].get<double>() + x * ppu, scene["origin"][1].get<double>() + y * ppu};
}

TEST(Scene, TheSelectedEntitysRelationsAreColouredAsTheEngineHasThem) {
    // crowd-500: circle views, no hysteresis, nothing moved yet, so "W sees T" is |W - T| <= r_W.
    auto run = runApp(kRuns, "relations", "--scenario '" + (kSource / "scenarios/crowd-500.json").string() + "' --select 2");
    ASSERT_EQ(run.exitCode, 0);
    const json& aoi = run.ui["aoi"];
    std::map<long long, json> byId;
    for (const json& e : aoi["shown_entities"]) byId[e["id"].get<long long>()] = e;
    ASSERT_TRUE(byId.count(2));
    const json& s = byId[2];
    Vec2 sp{s["x"], s["y"]};
    std::set<long long> inViewOnly, watches, both;
    for (const auto& [id, e] : byId) {
        if (id == 2) continue;
        Vec2 p{e["x"], e["y"]};
        bool sees = inView(ViewShape::Circle, sp, p, s["radius"].get<double>());
        bool seen = inView(ViewShape::Circle, p, sp, e["radius"].get<double>());
        if (sees && seen) both.insert(id);
        else if (sees) inViewOnly.insert(id);
        else if (seen) watches.insert(id);
    }
    const json& drawn = aoi["scene_relations"];
    EXPECT_EQ(drawn["in_view"].get<std::set<long long>>(), inViewOnly);
    EXPECT_EQ(drawn["watches"].get<std::set<long long>>(), watches);
    EXPECT_EQ(drawn["both"].get<std::set<long long>>(), both);
    ASSERT_FALSE(both.empty());
    // The dots carry the relation's colour (theme.h: kMutualHex white, kInViewHex, kWatchesHex).
    auto check = [&](const std::set<long long>& ids, unsigned hex) {
        int lit = 0;
        for (long long id : ids) {
            auto [x, y] = screenOf(run.ui, byId[id]["x"], byId[id]["y"]);
            lit += run.shot.near(x, y, hex, 2, 30);
        }
        EXPECT_GE(lit * 2, static_cast<int>(ids.size())) << std::hex << hex;  // most (others may cover some)
    };
    check(both, 0xFFFFFF);
    check(inViewOnly, 0x99DDFF);
    check(watches, 0xFFAABB);
}

// Every colour on the scene has a legend: the relations and the selection's ring while an entity is
// selected, and the colours a scenario gives its entities (the convoy's orange trucks had none). The
// legend goes to the canvas corner that hides the fewest dots, never over the selected entity when a
// corner is clear of it (at font scale 2 the convoy's selected entity sat under it), and no name is
// written under it.
TEST(Scene, EveryColourOnTheSceneHasALegend) {
    const std::string convoy = (kSource / "scenarios/convoy-through-crowd.json").string();
    auto texts = [](const json& legend) {
        std::vector<std::string> out;
        for (const json& row : legend["rows"]) out.push_back(row["text"]);
        return out;
    };
    auto inside = [](const json& rect, double x, double y) {
        return x >= rect[0].get<double>() && x <= rect[2].get<double>() && y >= rect[1].get<double>() && y <= rect[3].get<double>();
    };
    for (const auto& [name, flags, size] : {std::tuple{"legend_en", std::string(" --seek 40 --select 1000"), "1600x900"},
                                            std::tuple{"legend_zh2", std::string(" --seek 40 --select 1 --font-scale 2 --lang zh"), "1280x720"}}) {
        auto run = runApp(kRuns, name, "--scenario '" + convoy + "'" + flags, "", 10, R"({"panels": {}})", size);
        const json& legend = run.ui["canvas"]["legend"];
        ASSERT_EQ(legend["rows"].size(), 5u) << legend;
        const bool zh = std::string(name) == "legend_zh2";
        EXPECT_EQ(texts(legend), (zh ? std::vector<std::string>{"在选中者视野内", "看见选中者", "双向", "选中", "场景指定的颜色"}
                                     : std::vector<std::string>{"in the selected's view", "sees the selected", "both", "selected",
                                                                "colour set in the scenario"}));
        EXPECT_EQ(legend["rows"][0]["colours"], json::array({"#99DDFF"}));
        EXPECT_EQ(legend["rows"][3]["colours"], json::array({"#F0E442"}));
        EXPECT_TRUE(legend["rows"][3]["ring"].get<bool>());
        EXPECT_EQ(legend["rows"][4]["colours"], json::array({"#E69F00"})) << "the trucks' colour";
        // In the canvas, clear of the selected entity and of every name drawn.
        const json& rect = legend["rect"];
        const json& canvas = run.ui["canvas"];
        EXPECT_GE(rect[0].get<double>(), canvas["min"][0].get<double>());
        EXPECT_LE(rect[2].get<double>(), canvas["max"][0].get<double>());
        EXPECT_GE(rect[1].get<double>(), canvas["min"][1].get<double>());
        EXPECT_LE(rect[3].get<double>(), canvas["max"][1].get<double>());
        const long long selected = run.ui["selected"];
        for (const json& e : run.ui["aoi"]["shown_entities"])
            if (e["id"].get<long long>() == selected) {
                auto [x, y] = screenOf(run.ui, e["x"], e["y"]);
                EXPECT_FALSE(inside(rect, x, y)) << name << ": the selected entity under the legend";
            }
        for (const json& placed : run.ui["aoi"]["scene"]["names"]) {
            const json& r = placed["rect"];
            const bool apart = r[2].get<double>() <= rect[0].get<double>() || rect[2].get<double>() <= r[0].get<double>() ||
                               r[3].get<double>() <= rect[1].get<double>() || rect[3].get<double>() <= r[1].get<double>();
            EXPECT_TRUE(apart) << name << ": a name under the legend " << placed;
        }
    }
    // Where two columns of the legend hide the selected entity in every corner (grid-lazy-compare's A at
    // font scale 2 on 1280 x 720: the two columns were 512 pixels of the 544-pixel canvas), one tall
    // column is taken in the corner clear of it.
    auto lazy = runApp(kRuns, "legend_tall", "--scenario '" + (kSource / "scenarios/grid-lazy-compare.json").string() +
                       "' --select 1 --font-scale 2 --lang zh", "", 10, R"({"panels": {}})", "1280x720");
    const json& tall = lazy.ui["canvas"]["legend"];
    ASSERT_EQ(tall["rows"].size(), 5u);
    const double em = lazy.ui["font_size"];
    EXPECT_LT(tall["rect"][2].get<double>() - tall["rect"][0].get<double>(), 12 * em) << "one column";
    for (const json& e : lazy.ui["aoi"]["shown_entities"])
        if (e["id"] == 1) {
            auto [x, y] = screenOf(lazy.ui, e["x"], e["y"]);
            EXPECT_FALSE(inside(tall["rect"], x, y)) << "the selected entity under the legend";
        }
    // A structure panel's caption along the bottom ("Shown on the scene: grid"): the legend stands
    // above it, and over the panel's grid lines (drawn after them).
    auto grid = runApp(kRuns, "legend_overlay", "--scenario '" + (kSource / "scenarios/grid-lazy-compare.json").string() +
                       "' --seek 5 --show grid --font-scale 2 --lang zh", "", 10, R"({"panels": {}})", "1280x720");
    const json& legendRect = grid.ui["canvas"]["legend"]["rect"];
    const json& caption = grid.ui["aoi"]["overlay"]["legend_rect"];
    ASSERT_EQ(grid.ui["canvas"]["legend"]["rows"].size(), 1u);
    EXPECT_LE(legendRect[3].get<double>(), caption[1].get<double>()) << legendRect << " over " << caption;
    // Nothing selected: the scenario's colour only; no custom colour and nothing selected: no legend.
    auto unselected = runApp(kRuns, "legend_unselected", "--scenario '" + convoy + "'");
    EXPECT_EQ(texts(unselected.ui["canvas"]["legend"]), std::vector<std::string>{"colour set in the scenario"});
    auto plain = runApp(kRuns, "legend_plain", "--scenario '" + (kSource / "scenarios/crowd-500.json").string() + "'");
    EXPECT_TRUE(plain.ui["canvas"]["legend"]["rows"].empty());
}

// Dots shrink where many share the canvas, to a third of their mean spacing (not below 3 pixels): at
// 1280 x 720, font scale 2, crowd-500's 10-pixel dots merged into one block. A dozen keep their size.
TEST(Scene, DotsShrinkWhereManyShareTheCanvas) {
    auto crowd = runApp(kRuns, "dots_crowd", "--scenario '" + (kSource / "scenarios/crowd-500.json").string() + "' --font-scale 2",
                        "", 10, R"({"panels": {}})", "1280x720");
    const json& canvas = crowd.ui["canvas"];
    const double drawn = canvas["drawn_dot_radius"], full = canvas["dot_radius"];
    EXPECT_LT(drawn, 0.7 * full);
    EXPECT_GE(drawn, 3.0);
    // About a third of the mean spacing of the 500 dots over the square they cover.
    double minX = 1e9, minY = 1e9, maxX = -1e9, maxY = -1e9;
    for (const json& e : crowd.ui["aoi"]["shown_entities"]) {
        auto [x, y] = screenOf(crowd.ui, e["x"], e["y"]);
        minX = std::min(minX, x), maxX = std::max(maxX, x), minY = std::min(minY, y), maxY = std::max(maxY, y);
    }
    EXPECT_NEAR(drawn, 0.35 * std::sqrt((maxX - minX) * (maxY - minY) / 500), 0.5);
    auto few = runApp(kRuns, "dots_few", "--scenario '" + (kSource / "scenarios/default.json").string() + "' --font-scale 2", "", 10,
                      R"({"panels": {}})", "1280x720");
    EXPECT_EQ(few.ui["canvas"]["drawn_dot_radius"], few.ui["canvas"]["dot_radius"]);
}

// From 201 to 1,500 dots the entities' ranges and rimmed dots are one image painted on the CPU (under
// software GL their ~100,000 triangles were most of crowd-500's frame). What the dump counts, and what
// the screenshot shows: every dot in its colour, each range's ring at its radius, a light rim round a
// dark dot; with View > Entities off, nothing of them.
TEST(Scene, AFewHundredEntitiesAreOneImageOfTheirRangesAndRimmedDots) {
    const std::string crowd = "--scenario '" + (kSource / "scenarios/crowd-500.json").string() + "'";
    auto shown = runApp(kRuns, "image_shown", crowd);
    auto bare = runApp(kRuns, "image_no_ranges", crowd, "", 10, R"({"panels": {}, "show_view_ranges": false})");
    auto hidden = runApp(kRuns, "image_hidden", crowd, "", 10, R"({"panels": {}, "show_entities": false})");
    const json& canvas = shown.ui["canvas"];
    const double ppu = canvas["pixels_per_unit"];
    const double minX = canvas["min"][0], minY = canvas["min"][1], maxX = canvas["max"][0], maxY = canvas["max"][1];
    // The oracle: the dots whose centre is on the canvas, the ranges that reach it.
    std::size_t dots = 0, ranges = 0;
    for (const json& e : shown.ui["aoi"]["shown_entities"]) {
        auto [x, y] = screenOf(shown.ui, e["x"], e["y"]);
        const double r = e["radius"].get<double>() * ppu;
        dots += x >= minX && x <= maxX && y >= minY && y <= maxY;
        ranges += x + r >= minX && x - r <= maxX && y + r >= minY && y - r <= maxY;
    }
    ASSERT_EQ(shown.ui["aoi"]["shown_entities"].size(), 500u);
    EXPECT_FALSE(canvas["entities_hidden"].get<bool>());
    EXPECT_EQ(canvas["entities_drawn"], dots);
    EXPECT_EQ(canvas["ranges_drawn"], ranges);
    EXPECT_EQ(bare.ui["canvas"]["entities_drawn"], dots);
    EXPECT_EQ(bare.ui["canvas"]["ranges_drawn"], 0u);
    EXPECT_GE(canvas["entity_image_uploads"].get<int>(), 1);
    EXPECT_LT(canvas["entity_image_uploads"].get<int>(), 5) << "idle frames draw the same image again";
    EXPECT_TRUE(hidden.ui["canvas"]["entities_hidden"].get<bool>());
    EXPECT_EQ(hidden.ui["canvas"]["entities_drawn"], 0u);
    EXPECT_EQ(hidden.ui["canvas"]["ranges_drawn"], 0u);
    EXPECT_EQ(hidden.ui["canvas"]["entity_image_uploads"], 0u);
    // Fewer entities (default.json's 12, filled ranges) are ImGui shapes as before.
    auto few = runApp(kRuns, "image_few", "--scenario '" + (kSource / "scenarios/default.json").string() + "'");
    EXPECT_EQ(few.ui["canvas"]["entity_image_uploads"], 0u);
    EXPECT_EQ(few.ui["canvas"]["entities_drawn"], 12u);
    EXPECT_EQ(few.ui["canvas"]["ranges_drawn"], 12u);

    // The pixels, on 240 entities in a lattice whose ranges do not touch: half of them very dark.
    json scenario = {{"format", "aoilab-scenario"}, {"version", 1}, {"world", {{"width", 1600}, {"height", 1500}}},
                     {"aoi", {{"shape", "circle"}, {"method", "grid"}}}};
    json lattice = json::array();
    for (int i = 0; i < 240; ++i)
        lattice.push_back({{"id", i + 1}, {"x", (i % 16) * 100 + 50}, {"y", (i / 16) * 100 + 50}, {"radius", 30},
                           {"color", i % 2 ? "#202020" : "#0072B2"}});
    scenario["entities"] = lattice;
    const fs::path file = kRuns / "lattice-240.json";
    fs::create_directories(kRuns);
    std::ofstream(file) << scenario.dump();
    auto ringed = runApp(kRuns, "image_lattice", "--scenario '" + file.string() + "'");
    auto plain = runApp(kRuns, "image_lattice_bare", "--scenario '" + file.string() + "'", "", 10,
                        R"({"panels": {}, "show_view_ranges": false})");
    ASSERT_GE(ringed.ui["canvas"]["entity_image_uploads"].get<int>(), 1);
    EXPECT_EQ(ringed.ui["canvas"]["ranges_drawn"], 240u);
    const double ppu2 = ringed.ui["canvas"]["pixels_per_unit"], dot2 = ringed.ui["canvas"]["drawn_dot_radius"];
    ASSERT_LT(dot2 + 3, 30 * ppu2 - 4) << "the dots must stand clear of the rings";
    auto brightness = [](const windowtest::Image& shot, double x, double y) {
        auto c = shot.at(static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y)));
        return c[0] + c[1] + c[2];
    };
    int dotsSeen = 0, ringsSeen = 0, strays = 0, rimmed = 0, looked = 0;
    const json& legend = ringed.ui["canvas"]["legend"]["rect"];  // "colour set in the scenario", over some
    for (const json& e : ringed.ui["aoi"]["shown_entities"]) {
        auto [x, y] = screenOf(ringed.ui, e["x"], e["y"]);
        const double reach = 30 * ppu2 + 4;
        if (legend.size() == 4 && x + reach >= legend[0].get<double>() && x - reach <= legend[2].get<double>() &&
            y + reach >= legend[1].get<double>() && y - reach <= legend[3].get<double>())
            continue;
        ++looked;
        const bool dark = e["id"].get<int>() % 2 == 0;  // id i + 1: odd i is dark
        dotsSeen += ringed.shot.near(x, y, dark ? 0x202020 : 0x0072B2, 1, 20);
        // The ring on its radius (ImGui's: radius - 0.5): not as without ranges (a dark entity's ring is
        // darker than the world); 3 pixels in or out, nothing of it.
        const double r = 30 * ppu2 - 0.5;
        int on = 0, off = 0, lightest = 0;
        for (int a = 0; a < 16; ++a) {
            const double c = std::cos(a * std::numbers::pi / 8), sn = std::sin(a * std::numbers::pi / 8);
            on += std::abs(brightness(ringed.shot, x + r * c, y + r * sn) - brightness(plain.shot, x + r * c, y + r * sn)) > 6;
            for (double d : {r - 3, r + 3})
                off += std::abs(brightness(ringed.shot, x + d * c, y + d * sn) - brightness(plain.shot, x + d * c, y + d * sn)) > 6;
            lightest = std::max(lightest, brightness(plain.shot, x + (dot2 - 0.5) * c, y + (dot2 - 0.5) * sn));
        }
        ringsSeen += on >= 10;
        strays += off;
        // The rim: lighter than the dot's middle and than the world around it, dark dots too.
        rimmed += lightest > std::max(brightness(plain.shot, x, y), brightness(plain.shot, x + dot2 + 3, y)) + 60;
    }
    EXPECT_GE(looked, 200);
    EXPECT_EQ(dotsSeen, looked);
    EXPECT_EQ(ringsSeen, looked);
    EXPECT_EQ(strays, 0);
    EXPECT_EQ(rimmed, looked);
    // View > Entities off: no dot at all.
    int hiddenSeen = 0;
    for (const json& e : shown.ui["aoi"]["shown_entities"]) {
        auto [x, y] = screenOf(shown.ui, e["x"], e["y"]);
        hiddenSeen += hidden.shot.near(x, y, 0x0072B2, 1, 30);
    }
    EXPECT_EQ(hiddenSeen, 0);
}

TEST(Scene, NamesAreDrawnWhereTheyFitWithoutOverlapWhateverTheCrowd) {
    // 400 named entities packed into a 100 x 100 world: far more names than room. The old rule (names
    // only up to 200 entities and when zoomed in) drew none; now the ones that fit are drawn.
    fs::create_directories(kRuns);
    json scenario = {{"format", "aoilab-scenario"}, {"version", 1}, {"world", {{"width", 100}, {"height", 100}}},
                     {"aoi", {{"shape", "square"}, {"method", "grid"}}}};
    json entities = json::array();
    for (int i = 0; i < 400; ++i)
        entities.push_back({{"id", i + 1}, {"name", "entity-" + std::to_string(i + 1)},
                            {"x", (i % 20) * 5 + 2.5}, {"y", (i / 20) * 5 + 2.5}, {"radius", 4}});
    scenario["entities"] = entities;
    fs::path file = kRuns / "named-crowd.json";
    std::ofstream(file) << scenario.dump();
    auto run = runApp(kRuns, "names", "--scenario '" + file.string() + "'");
    ASSERT_EQ(run.exitCode, 0);
    const json& scene = run.ui["aoi"]["scene"];
    const json& names = scene["names"];
    ASSERT_GT(names.size(), 10u);
    EXPECT_LT(names.size(), 400u);
    const json& canvas = scene["canvas"];
    for (std::size_t a = 0; a < names.size(); ++a) {
        const json& r = names[a]["rect"];
        EXPECT_GE(r[0].get<double>(), canvas[0].get<double>());
        EXPECT_GE(r[1].get<double>(), canvas[1].get<double>());
        EXPECT_LE(r[2].get<double>(), canvas[2].get<double>());
        EXPECT_LE(r[3].get<double>(), canvas[3].get<double>());
        for (std::size_t b = a + 1; b < names.size(); ++b) {
            const json& o = names[b]["rect"];
            bool overlap = r[0].get<double>() < o[2].get<double>() && o[0].get<double>() < r[2].get<double>() &&
                           r[1].get<double>() < o[3].get<double>() && o[1].get<double>() < r[3].get<double>();
            EXPECT_FALSE(overlap) << names[a] << " " << names[b];
        }
    }
    // The axis numbers are drawn over the scene: no name lies under them (the top row of names used to).
    const json& axisBoxes = run.ui["canvas"]["axis_boxes"];
    ASSERT_GE(axisBoxes.size(), 2u) << "the top strip and the left numbers";
    for (const json& name : names)
        for (const json& o : axisBoxes) {
            const json& r = name["rect"];
            bool overlap = r[0].get<double>() < o[2].get<double>() && o[0].get<double>() < r[2].get<double>() &&
                           r[1].get<double>() < o[3].get<double>() && o[1].get<double>() < r[3].get<double>();
            EXPECT_FALSE(overlap) << name << " under the axis numbers " << o;
        }
}

TEST(Scene, AxisTicksMarkWorldCoordinatesAlongTheCanvasEdges) {
    auto run = runApp(kRuns, "ticks", "--scenario '" + (kSource / "scenarios/crowd-500.json").string() + "'");
    ASSERT_EQ(run.exitCode, 0);
    const json& scene = run.ui["aoi"]["scene"];
    const json& ticks = scene["ticks"];
    double step = ticks["step"];
    double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    EXPECT_TRUE(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 5) < 1e-9);
    const json& canvas = scene["canvas"];
    for (const char* axis : {"x", "y"}) {
        const json& values = ticks[axis];
        ASSERT_GE(values.size(), 3u) << axis;  // the 1,000-unit world spans the canvas
        for (std::size_t i = 0; i < values.size(); ++i) {
            double v = values[i];
            EXPECT_NEAR(v / step, std::round(v / step), 1e-9);
            if (i > 0) {
                EXPECT_NEAR(v - values[i - 1].get<double>(), step, 1e-9);
            }
            auto [sx, sy] = screenOf(run.ui, v, v);
            double s = std::string(axis) == "x" ? sx : sy;
            int lo = std::string(axis) == "x" ? 0 : 1;
            EXPECT_GE(s, canvas[lo].get<double>());
            EXPECT_LE(s, canvas[lo + 2].get<double>());
        }
    }
    EXPECT_LE(ticks["x"][0].get<double>(), 200);  // crowd-500's world starts at 0: the ticks start near it

    // A projector (1280 x 720, font scale 2, Chinese): the grid article's 400-unit world still has a
    // scale to read, two numbers on each axis at least (it had a tick at 0 only, the next at 500), and
    // the numbers along the top stand apart.
    auto small = runApp(kRuns, "ticks_small", "--scenario '" + (kSource / "scenarios/grid-article.json").string() +
                        "' --font-scale 2 --lang zh", "", 10, R"({"panels": {}})", "1280x720");
    const json& smallTicks = small.ui["aoi"]["scene"]["ticks"];
    EXPECT_GE(smallTicks["x"].size(), 2u) << smallTicks;
    EXPECT_GE(smallTicks["y"].size(), 2u) << smallTicks;
    const double em = small.ui["font_size"];
    EXPECT_GE(smallTicks["step"].get<double>() * small.ui["canvas"]["pixels_per_unit"].get<double>(), 3.5 * em - 1e-6);
    // At 1024 x 768 the world's left edge is 3.1 ems from the canvas's: its 0 is marked along the top
    // (only the y axis's 2.5-em column of numbers keeps the top corner; 3.5 ems left the 0 out).
    auto smaller = runApp(kRuns, "ticks_smaller", "--scenario '" + (kSource / "scenarios/grid-article.json").string() +
                          "' --font-scale 2 --lang zh", "", 10, R"({"panels": {}})", "1024x768");
    const json& smallerTicks = smaller.ui["aoi"]["scene"]["ticks"];
    ASSERT_FALSE(smallerTicks["x"].empty());
    EXPECT_EQ(smallerTicks["x"][0].get<double>(), 0.0) << smallerTicks;
}

TEST(Scene, SnapToGridDropsADraggedEntityOnWholeUnits) {
    // crosslist-article: a 10 x 10 world. Entity 1 is dragged to a fractional point; with snap on (a
    // View-menu setting, saved in settings.json) it lands on whole units.
    auto scenarioFile = kSource / "scenarios/crosslist-article.json";
    std::ifstream in(scenarioFile);
    json scenario = json::parse(in);
    const json& e = scenario["entities"][0];
    long long id = e["id"];
    double x = e["x"], y = e["y"];
    std::string script = "2 key v\n4 move_world " + std::to_string(x) + " " + std::to_string(y) +
                         "\n6 press left\n8 move_world " + std::to_string(x + 1.37) + " " + std::to_string(y + 2.61) +
                         "\n10 move_world " + std::to_string(x + 2.37) + " " + std::to_string(y + 2.61) +
                         "\n12 release left\n";
    auto run = runApp(kRuns, "snap", "--scenario '" + scenarioFile.string() + "'", script, 16,
                      R"({"panels": {}, "snap_to_grid": true})");
    ASSERT_EQ(run.exitCode, 0);
    bool found = false;
    for (const json& shown : run.ui["aoi"]["shown_entities"]) {
        if (shown["id"] != id) continue;
        found = true;
        double nx = shown["x"], ny = shown["y"];
        EXPECT_NE(nx, x);  // it moved
        EXPECT_EQ(nx, std::round(nx));
        EXPECT_EQ(ny, std::round(ny));
        EXPECT_NEAR(nx, x + 2.37, 0.51);
        EXPECT_NEAR(ny, y + 2.61, 0.51);
    }
    EXPECT_TRUE(found);
}

// The crowd's image (10,000 dots painted into one texture) is filled and uploaded only when its dots
// or their place change: frames that draw it the same reuse it, and it is still on screen at the end.
TEST(Scene, ACrowdImageIsUploadedOnlyWhenItsDotsChange) {
    const std::string crowd = "--scenario '" + (kSource / "scenarios/crowd-10000.json").string() + "'";
    auto idle = runApp(kRuns, "crowd-idle", crowd, "", 40);
    ASSERT_EQ(idle.exitCode, 0);
    const std::size_t idleUploads = idle.ui["canvas"]["crowd_uploads"];
    EXPECT_GE(idleUploads, 1u);
    EXPECT_LE(idleUploads, 5u) << "40 frames of an unchanged crowd";
    int blue = 0;  // entity blue (#0072B2) dots across the middle of the canvas, as the last frame drew them
    const json& canvas = idle.ui["canvas"];
    const double y = (canvas["min"][1].get<double>() + canvas["max"][1].get<double>()) / 2;
    for (double x = canvas["min"][0].get<double>() + 10; x < canvas["max"][0].get<double>() - 10; x += 4)
        blue += idle.shot.near(x, y, 0x0072B2, 1, 30);
    EXPECT_GT(blue, 10);
    std::string script = "3 move 500 400\n4 press right\n";
    for (int f = 5; f < 35; ++f) script += std::to_string(f) + " move_by -3 0\n";
    script += "35 release right\n";
    auto panned = runApp(kRuns, "crowd-panned", crowd, script, 40);
    ASSERT_EQ(panned.exitCode, 0);
    EXPECT_GE(panned.ui["canvas"]["crowd_uploads"].get<std::size_t>(), idleUploads + 25) << "30 frames of panning";
}

// Many obstacle cells are one texture, filled and uploaded only when the obstacles change (885,000 cells
// were 885,000 rectangles, 160 ms a frame under Xvfb): drawn where the cells are, and again after an
// erase and a paint.
TEST(Scene, ManyObstaclesAreOneImageUploadedWhenTheyChange) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "obstacles5000.json";
    {
        // A 200 x 200 world of 2-unit cells (100 x 100): the upper half blocked but for cell (10, 10).
        json cells = json::array();
        for (int y = 0; y < 50; ++y)
            for (int x = 0; x < 100; ++x)
                if (!(x == 10 && y == 10)) cells.push_back({x, y});
        json doc = {{"format", "aoilab-scenario"}, {"version", 1}, {"title", "obstacles"},
                    {"world", {{"width", 200}, {"height", 200}}}, {"aoi", {{"method", "grid"}}},
                    {"obstacles", {{"cell_size", 2}, {"cells", cells}}},
                    {"entities", json::array({{{"id", 1}, {"x", 150}, {"y", 150}, {"radius", 10}}})}};
        std::ofstream(file) << doc.dump();
    }
    const std::string flags = "--scenario '" + file.string() + "'";
    auto centreOf = [](const json& ui, int cx, int cy) {  // a cell's centre in window pixels, from entity 1
        const double scale = ui["canvas"]["pixels_per_unit"];
        const json& at = ui["entities"][0]["screen"];
        return std::pair{at[0].get<double>() + (cx * 2 + 1 - 150) * scale, at[1].get<double>() + (cy * 2 + 1 - 150) * scale};
    };
    auto idle = runApp(kRuns, "obstacles-idle", flags, "", 20);
    ASSERT_EQ(idle.exitCode, 0);
    EXPECT_EQ(idle.ui["canvas"]["obstacle_uploads"], 1) << "20 frames of unchanged obstacles";
    EXPECT_GT(idle.ui["canvas"]["pixels_per_unit"].get<double>(), 2.0);
    auto [bx, by] = centreOf(idle.ui, 30, 30);
    EXPECT_TRUE(idle.shot.near(bx, by, 0x5C5F66, 0, 6)) << "a blocked cell in theme::kObstacle";
    auto [fx, fy] = centreOf(idle.ui, 10, 10);
    EXPECT_FALSE(idle.shot.near(fx, fy, 0x5C5F66, 0, 6)) << "the free cell among them";
    auto [lx, ly] = centreOf(idle.ui, 30, 80);
    EXPECT_FALSE(idle.shot.near(lx, ly, 0x5C5F66, 0, 6)) << "the free lower half";

    // Erase cell (30, 30), paint cell (10, 10): two changes, two more uploads, the picture follows.
    const std::string script = "2 key e\n4 move_world 61 61\n5 press left\n6 release left\n8 key b\n"
                               "10 move_world 21 21\n11 press left\n12 release left\n14 move 5 5\n";
    auto edited = runApp(kRuns, "obstacles-edited", flags, script, 20);
    ASSERT_EQ(edited.exitCode, 0);
    EXPECT_EQ(edited.ui["canvas"]["obstacle_uploads"], 3);
    EXPECT_EQ(edited.ui["document"]["obstacles"], 5000 - 1);
    std::tie(bx, by) = centreOf(edited.ui, 30, 30);
    EXPECT_FALSE(edited.shot.near(bx, by, 0x5C5F66, 0, 6)) << "the erased cell";
    std::tie(fx, fy) = centreOf(edited.ui, 10, 10);
    EXPECT_TRUE(edited.shot.near(fx, fy, 0x5C5F66, 0, 6)) << "the painted cell";
    fs::remove(file);
}

TEST(Scene, ACrowdPannedAcrossTheCanvasEdgeIsDrawnUpToTheEdge) {
    // 10,000 entities: more than the crowd threshold, so the dots are painted into one texture. Panned
    // left by 300 pixels, dots straddle the canvas's left edge (an earlier version wrote outside its
    // pixel buffer for them).
    std::string script = "3 move 500 400\n4 press right\n";
    for (int f = 5; f < 35; ++f) script += std::to_string(f) + " move_by -10 0\n";
    script += "35 release right\n";
    auto run = runApp(kRuns, "crowd-edge", "--scenario '" + (kSource / "scenarios/crowd-10000.json").string() + "'",
                      script, 40);
    ASSERT_EQ(run.exitCode, 0);
    const json& scene = run.ui["aoi"]["scene"];
    const json& canvas = scene["canvas"];
    ASSERT_LT(scene["origin"][0].get<double>(), canvas[0].get<double>());  // the world starts off the canvas
    // Entity blue (#0072B2) within a few pixels of the canvas's left edge, half-way down the world.
    double x = canvas[0].get<double>() + 3;
    int found = 0;
    for (double y = canvas[1].get<double>() + 100; y < canvas[3].get<double>() - 100; y += 10)
        found += run.shot.near(x, y, 0x0072B2, 2, 30);
    EXPECT_GT(found, 5);
}

// The layout's fixed areas (tiles, toolbar, timeline, status bar) draw no background of their own: the
// frame's clear colour, the canvas's outside-the-world colour, is theirs (under software GL their blended
// backgrounds were a fifth of a frame's cost). What a user sees must not change: inside each tile the
// clear colour, and around it the outline a window has.
TEST(Scene, TheLayoutsAreasShowTheClearColourInsideTheirOutlines) {
    auto run = runApp(kRuns, "area_outlines", "--scenario '" + (kSource / "scenarios/default.json").string() + "'", "",
                      10, R"({"panels": {}})", "1280x800");
    constexpr int kClear[3] = {0x15, 0x17, 0x1B};  // theme::kOutsideWorld
    auto isClear = [&](int x, int y) {
        auto c = run.shot.at(x, y);
        return std::abs(c[0] - kClear[0]) <= 2 && std::abs(c[1] - kClear[1]) <= 2 && std::abs(c[2] - kClear[2]) <= 2;
    };
    auto brightness = [&](int x, int y) {
        auto c = run.shot.at(x, y);
        return c[0] + c[1] + c[2];
    };
    int tiles = 0;
    for (const json& panel : run.ui["panels"]) {
        if (!panel["open"].get<bool>() || panel["floating"].get<bool>() || !panel["rect"].is_array() ||
            panel["tab"].get<bool>())
            continue;
        const json& r = panel["rect"];
        if (r[3].get<double>() - r[1].get<double>() < 100) continue;  // a folded panel's chip, not a tile
        ++tiles;
        const int left = static_cast<int>(std::floor(r[0].get<double>()));
        const int top = static_cast<int>(std::floor(r[1].get<double>()));
        const int midY = static_cast<int>((r[1].get<double>() + r[3].get<double>()) / 2);
        const int midX = static_cast<int>((r[0].get<double>() + r[2].get<double>()) / 2);
        const std::string id = panel["id"];
        // Inside the window padding, left of any content: the clear colour.
        EXPECT_TRUE(isClear(left + 4, midY)) << id << " at " << left + 4 << "," << midY << ": "
                                             << run.shot.at(left + 4, midY)[0] << " " << run.shot.at(left + 4, midY)[1]
                                             << " " << run.shot.at(left + 4, midY)[2];
        // The outline: its left and top edges lighter than the clear colour beside them.
        EXPECT_GT(brightness(left, midY), brightness(left + 4, midY) + 60) << id << " left outline";
        EXPECT_GT(brightness(midX, top), brightness(midX, top - 3) + 60) << id << " top outline";
    }
    EXPECT_GE(tiles, 2);
    // The status bar: clear colour right of its text, the outline above it.
    const int w = run.shot.width, h = run.shot.height;
    ASSERT_EQ(w, 1280);
    EXPECT_TRUE(isClear(w - 12, h - 8));
    int outline = 0;
    for (int y = h - 40; y < h - 8; ++y) outline += brightness(w - 12, y) > brightness(w - 12, h - 8) + 60;
    EXPECT_GE(outline, 1) << "no outline above the status bar";
}

}  // namespace
}  // namespace aoilab
