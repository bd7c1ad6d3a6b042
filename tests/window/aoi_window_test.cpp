// Window tests of the AOI teaching panels: the real app under Xvfb (this binary runs inside xvfb-run),
// one run per panel on a scenario made for it, stepping through the scenario's script with the N key.
// Each test compares the panel's draw data (--dump-ui, key "aoi") with what the AOI engine itself
// reports for the same operations, and checks pixels of the screenshot where the panel lit something.
// Screenshots stay in the run folders (build/tests/app/aoi_runs/NAME/shot.png) for a look.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "aoi/aoi_config.h"
#include "aoi/aoi_session.h"
#include "aoi/cross_list.h"
#include "aoi/grid.h"
#include "aoi/quadtree.h"
#include "aoi/tower.h"
#include "scenario/scenario.h"
#include "window/window_test_util.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kListsScenario = kSource / "tests/app/data/lists-article.json";
const fs::path kGridScenario = kSource / "scenarios/grid-article.json";
const fs::path kCrowdScenario = kSource / "scenarios/crowd-500.json";
const fs::path kLazyScenario = kSource / "scenarios/grid-lazy-compare.json";

struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    // Mean colour of the (2r+1)^2 patch around (x, y).
    std::array<double, 3> mean(double x, double y, int r = 2) const {
        std::array<double, 3> sum{0, 0, 0};
        int n = 0;
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                int px = static_cast<int>(std::lround(x)) + dx, py = static_cast<int>(std::lround(y)) + dy;
                if (px < 0 || py < 0 || px >= width || py >= height) continue;
                for (int c = 0; c < 3; ++c) sum[c] += rgb[static_cast<std::size_t>((py * width + px) * 3 + c)];
                ++n;
            }
        for (double& v : sum) v /= std::max(1, n);
        return sum;
    }
    // Whether a pixel within `r` of (x, y) is within `tolerance` (per channel) of the colour.
    bool near(double x, double y, unsigned hex, int r = 2, int tolerance = 40) const {
        int want[3] = {static_cast<int>(hex >> 16) & 255, static_cast<int>(hex >> 8) & 255, static_cast<int>(hex) & 255};
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                int px = static_cast<int>(std::lround(x)) + dx, py = static_cast<int>(std::lround(y)) + dy;
                if (px < 0 || py < 0 || px >= width || py >= height) continue;
                bool all = true;
                for (int c = 0; c < 3; ++c)
                    all = all && std::abs(rgb[static_cast<std::size_t>((py * width + px) * 3 + c)] - want[c]) <= tolerance;
                if (all) return true;
            }
        return false;
    }
};

struct AppRun {
    fs::path folder;
    json ui;
    Image shot;
    // World point -> screen pixel, from the scene transform in the dump.
    std::pair<double, double> screen(double x, double y) const {
        const json& scene = ui["aoi"]["scene"];
        double ppu = scene["pixels_per_unit"];
        return {scene["origin"][0].get<double>() + x * ppu, scene["origin"][1].get<double>() + y * ppu};
    }
};

// Runs the app in its own folder with its own settings (a wide panel column, the scenario and inspector
// panels closed so the AOI panels are in view), a script of "FRAME ACTION" lines, and the given flags.
AppRun runApp(const std::string& name, const std::string& flags, const std::string& script, int frames = 24) {
    AppRun run;
    run.folder = fs::path(AOILAB_RUN_DIR) / name;
    fs::remove_all(run.folder);
    fs::create_directories(run.folder / "config/aoilab");
    std::ofstream(run.folder / "config/aoilab/settings.json")
        << R"({"side_width_em": 48, "panels": {"scenario": false, "inspector": false}})";
    std::string scriptFlag;
    if (!script.empty()) {
        std::ofstream(run.folder / "input.script") << script;
        scriptFlag = " --script input.script";
    }
    std::ostringstream command;
    command << "cd '" << run.folder.string() << "' && XDG_CONFIG_HOME='" << (run.folder / "config").string() << "' "
            << windowtest::xServerPrefix() << "'"
            << AOILAB_APP << "' --size 1600x1000 " << flags << scriptFlag << " --frames " << frames
            << " --screenshot shot.png --dump-ui ui.json > app.log 2>&1";
    int code = std::system(command.str().c_str());
    EXPECT_EQ(code, 0) << command.str() << "\n(see " << (run.folder / "app.log").string() << ")";
    std::ifstream in(run.folder / "ui.json");
    if (!in) {
        ADD_FAILURE() << name << ": no ui.json";
        return run;
    }
    run.ui = json::parse(in);
    int channels = 0;
    unsigned char* pixels = stbi_load((run.folder / "shot.png").string().c_str(), &run.shot.width, &run.shot.height,
                                      &channels, 3);
    if (!pixels) {
        ADD_FAILURE() << name << ": cannot read shot.png";
        return run;
    }
    run.shot.rgb.assign(pixels, pixels + static_cast<std::size_t>(run.shot.width) * run.shot.height * 3);
    stbi_image_free(pixels);
    return run;
}

// "N" pressed `steps` times (three frames apart, from frame 5).
std::string stepKeys(int steps) {
    std::string script;
    for (int i = 0; i < steps; ++i) script += std::to_string(5 + 3 * i) + " key n\n";
    return script;
}

// The engine alone, on the scenario's entities and its first `steps` script operations.
template <typename Method>
std::unique_ptr<Method> replay(const Scenario& scenario, std::size_t steps) {
    World world = initialWorld(scenario);
    AoiConfig config = resolveAoiConfig(scenario.aoi, scenario.width, scenario.height, typicalRadius(world.entities()));
    auto method = std::make_unique<Method>(config);
    EventBuffer sink;
    std::vector<ScriptOp> ops = scenario.operations();
    std::size_t count = scenario.entities.size() + steps;
    for (std::size_t i = 0; i < count && i < ops.size(); ++i) {
        const Entity& e = ops[i].entity;
        switch (ops[i].kind) {
            case OpKind::Add: method->add(e.id, {e.x, e.y}, e.radius, sink); break;
            case OpKind::Move: method->move(e.id, {e.x, e.y}, sink); break;
            case OpKind::Radius: method->setRadius(e.id, e.radius, sink); break;
            case OpKind::Leave: method->remove(e.id, sink); break;
            case OpKind::Tick: method->tick(sink); break;
        }
    }
    return method;
}

TEST(AoiPanels, ListsLightTheNodesTheCrossListWalked) {
    AppRun run = runApp("lists", "--scenario '" + kListsScenario.string() + "' --show lists --select 5", stepKeys(2));
    Scenario scenario = loadScenario(kListsScenario);
    auto list = replay<CrossListAoi>(scenario, 2);  // add d at (3, 3), move d to (4, 4)
    json lit = json::array(), both = json::array();
    for (const auto& visit : list->lastVisits()) {
        lit.push_back(visit.id);
        if (visit.inRangeX && visit.inRangeY) both.push_back(visit.id);
    }
    const json& lists = run.ui["aoi"]["lists"];
    ASSERT_FALSE(lists.is_null());
    EXPECT_EQ(lists["lit"], lit);
    EXPECT_EQ(lists["both_axes"], both);
    EXPECT_EQ(lists["entity"], 4);
    std::vector<CrossListAoi::ListEntry> order;
    list->xOrder(order);
    json xIds = json::array();
    for (const auto& entry : order) xIds.push_back(entry.id);
    EXPECT_EQ(lists["x"]["drawn"], xIds);  // 6 nodes: all fit, in the engine's order
    // Nodes within range on both axes are filled orange; the others are not.
    for (const json& rect : lists["x"]["rects"]) {
        double x0 = rect[1], y1 = rect[4];
        bool candidate = std::find(both.begin(), both.end(), rect[0]) != both.end();
        EXPECT_EQ(run.shot.near(x0 + 8, y1 - 5, 0xE69F00, 1, 45), candidate) << "node " << rect[0];
    }
    // The selected entity e has the yellow outline on the x list.
    for (const json& rect : lists["x"]["rects"])
        if (rect[0] == 5) {
            EXPECT_TRUE(run.shot.near(rect[1].get<double>() - 3, (rect[2].get<double>() + rect[4].get<double>()) / 2, 0xF0E442, 2));
        }
    // The explanation names the walk with the numbers of the case.
    const json& lines = run.ui["aoi"]["explanation"];
    ASSERT_GE(lines.size(), 7u);
    EXPECT_EQ(lines[0], "Operation 2 of 4: move d from (3, 3) to (4, 4).");
    EXPECT_EQ(lines[1], "x list: a short move, walked from its old neighbours to the place before e; nodes read: 2.");
    EXPECT_EQ(lines[5], "Walked 2 nodes left on the x list until x = 1: 4 - 1 > 2.");
}

TEST(AoiPanels, GridShowsTheEnteredLeftAndKeptCellsOfAMove) {
    AppRun run = runApp("grid", "--scenario '" + kGridScenario.string() + "' --show grid --select 2", stepKeys(1));
    Scenario scenario = loadScenario(kGridScenario);
    auto grid = replay<GridAoi>(scenario, 1);  // B (200, 350) -> (200, 300)
    std::vector<GridScannedCell> cells;
    grid->lastScannedCells(cells);
    std::set<std::tuple<int, int, std::string>> expected, shown;
    for (const GridScannedCell& c : cells) expected.emplace(c.column, c.row, toString(c.cellClass));
    const json& dump = run.ui["aoi"]["grid"];
    ASSERT_FALSE(dump.is_null());
    for (const json& c : dump["scanned"]) shown.emplace(c[0].get<int>(), c[1].get<int>(), c[2].get<std::string>());
    EXPECT_EQ(shown, expected);
    EXPECT_EQ(dump["cell_size"], grid->cellSize());
    // Each class in its colour at the cell centre (entered green, left vermillion, kept sky blue, scanned
    // orange, each at alpha 70 over the ground): the nearest of the four blends must be the cell's own
    // class, for nearly every cell (a label or an entity may cover a few).
    const std::pair<std::string, unsigned> kClasses[] = {
        {"entered", 0x009E73}, {"left", 0xD55E00}, {"kept", 0x56B4E9}, {"scanned", 0xE69F00}};
    auto blend = [](unsigned hex, int channel) {
        int ground[3] = {0x2A, 0x2E, 0x35};
        int colour = static_cast<int>(hex >> (16 - 8 * channel)) & 255;
        return (colour * 70 + ground[channel] * (255 - 70)) / 255.0;
    };
    std::set<std::string> classesSeen;
    int right = 0;
    for (const auto& [column, row, cellClass] : expected) {
        auto [x, y] = run.screen((column + 0.5) * grid->cellSize(), (row + 0.5) * grid->cellSize());
        auto colour = run.shot.mean(x, y, 1);
        std::string nearest;
        double best = 1e18;
        for (const auto& [name, hex] : kClasses) {
            double d = 0;
            for (int c = 0; c < 3; ++c) d += (colour[c] - blend(hex, c)) * (colour[c] - blend(hex, c));
            if (d < best) best = d, nearest = name;
        }
        right += nearest == cellClass;
        classesSeen.insert(cellClass);
    }
    EXPECT_GE(right * 10, static_cast<int>(expected.size()) * 8) << right << " of " << expected.size();
    EXPECT_TRUE(classesSeen.count("entered"));
    EXPECT_TRUE(classesSeen.count("kept"));
}

TEST(AoiPanels, QuadtreeLightsTheNodesTheQueryVisited) {
    AppRun run = runApp("quadtree", "--scenario '" + kCrowdScenario.string() + "' --show quadtree --select 7", stepKeys(2));
    Scenario scenario = loadScenario(kCrowdScenario);
    auto tree = replay<QuadtreeAoi>(scenario, 2);
    json visited = json::array();
    for (const auto& node : tree->lastVisited())
        visited.push_back({node.depth, node.rect.minX, node.rect.minY, node.rect.maxX, node.rect.maxY});
    const json& dump = run.ui["aoi"]["quadtree"];
    ASSERT_FALSE(dump.is_null());
    ASSERT_FALSE(visited.empty());
    EXPECT_EQ(dump["visited"], visited);
    std::vector<QuadtreeAoi::NodeInfo> nodes;
    tree->nodes(nodes);
    EXPECT_EQ(dump["nodes"], nodes.size());
    // The visited nodes' borders are orange on the scene.
    int orange = 0;
    for (const auto& node : tree->lastVisited()) {
        auto [x, y] = run.screen(node.rect.minX, (node.rect.minY + node.rect.maxY) / 2);
        orange += run.shot.near(x, y, 0xE69F00, 2, 45);
    }
    EXPECT_GE(orange * 2, static_cast<int>(tree->lastVisited().size())) << orange << " of " << tree->lastVisited().size();
}

TEST(AoiPanels, TowersShowTheTowersTheSelectedViewCovers) {
    AppRun run = runApp("towers", "--scenario '" + kCrowdScenario.string() + "' --show towers --select 7", "");
    Scenario scenario = loadScenario(kCrowdScenario);
    auto towers = replay<TowerAoi>(scenario, 0);
    std::vector<TowerCounts> covered;
    towers->towersWatchedBy(7, covered);
    json expected = json::array();
    for (const TowerCounts& t : covered) expected.push_back({t.column, t.row});
    const json& dump = run.ui["aoi"]["towers"];
    ASSERT_FALSE(dump.is_null());
    ASSERT_FALSE(covered.empty());
    EXPECT_EQ(dump["covered"], expected);
    std::vector<TowerCounts> inUse;
    towers->towers(inUse);
    EXPECT_EQ(dump["in_use"].size(), inUse.size());
    // Covered towers have the selection's yellow outline.
    int yellow = 0;
    double size = towers->towerSize();
    for (const TowerCounts& t : covered) {
        auto [x, y] = run.screen(t.column * size, (t.row + 0.5) * size);
        yellow += run.shot.near(x, y, 0xF0E442, 2, 60);
    }
    EXPECT_GE(yellow * 2, static_cast<int>(covered.size()));
}

TEST(AoiPanels, EventsListTheLastOperationAndAClickSelectsTheTarget) {
    std::string flags = "--scenario '" + kListsScenario.string() + "' --show events";
    AppRun run = runApp("events", flags, stepKeys(1));  // d arrives: 8 enter events for every method
    Scenario scenario = loadScenario(kListsScenario);
    World world = initialWorld(scenario);
    AoiConfig config = resolveAoiConfig(scenario.aoi, scenario.width, scenario.height, typicalRadius(world.entities()));
    CrossListAoi list(config);
    EventBuffer sink;
    for (const Entity& e : scenario.entities) list.add(e.id, {e.x, e.y}, e.radius, sink);
    sink.events.clear();
    const Entity& d = scenario.script[0].entity;
    list.add(d.id, {d.x, d.y}, d.radius, sink);
    std::set<std::tuple<std::string, EntityId, EntityId>> expected, shown;
    for (const AoiEvent& e : sink.events) expected.emplace(toString(e.type), e.watcher, e.target);
    const json& events = run.ui["aoi"]["events"];
    ASSERT_FALSE(events.is_null());
    EXPECT_EQ(events["method"], "crosslist");
    for (const json& row : events["rows"])
        if (row["op"] == 5) shown.emplace(row["type"].get<std::string>(), row["watcher"].get<EntityId>(), row["target"].get<EntityId>());
    EXPECT_EQ(shown, expected);
    // Click the newest row: its target becomes the selection and its pair is drawn.
    const json& rect = events["first_row_rect"];
    ASSERT_EQ(rect.size(), 4u);
    int x = static_cast<int>((rect[0].get<double>() + rect[2].get<double>()) / 2);
    int y = static_cast<int>((rect[1].get<double>() + rect[3].get<double>()) / 2);
    std::string click = stepKeys(1) + "12 move " + std::to_string(x) + " " + std::to_string(y) +
                        "\n14 press left\n16 release left\n";
    AppRun clicked = runApp("events_click", flags, click);
    const json& first = events["rows"][0];
    EXPECT_EQ(clicked.ui["selected"], first["target"]);
    EXPECT_EQ(clicked.ui["aoi"]["highlighted_pair"], json({first["watcher"], first["target"]}));
}

TEST(AoiPanels, CompareAgreesWithTheSessionAndShowsLazyDifferences) {
    // A (a lazy super-view entity) walks up to B: brute force sees B at once, the grid only after a tick.
    AppRun run = runApp("compare", "--scenario '" + kLazyScenario.string() + "' --show compare,grid --select 1", stepKeys(2));
    Scenario scenario = loadScenario(kLazyScenario);
    AoiSession session;
    session.reset(initialWorld(scenario), scenario.aoi);
    for (std::size_t i = 0; i < 2; ++i) session.apply(scenario.script[i]);
    const json& methods = run.ui["aoi"]["compare"]["methods"];
    ASSERT_EQ(methods.size(), session.methods().size());
    for (std::size_t m = 0; m < session.methods().size(); ++m) {
        const auto& method = session.methods()[m];
        EXPECT_EQ(methods[m]["name"], method.name);
        EXPECT_EQ(methods[m]["events"], method.system->lastOperation().events) << method.name;
        EXPECT_EQ(methods[m]["visited"], method.system->lastOperation().visited) << method.name;
        EXPECT_EQ(methods[m]["disagreeing_ops"], method.disagreeingOps) << method.name;
        if (!method.system->exact()) {
            EXPECT_EQ(methods[m]["view_differences"], session.viewDifferences(static_cast<int>(m)).size()) << method.name;
        }
    }
    int grid = session.methodIndex("grid");
    EXPECT_FALSE(session.methods()[static_cast<std::size_t>(grid)].system->exact());
    EXPECT_GT(session.viewDifferences(grid).size(), 0u);  // the scenario is made to show a lagging pair
    // Three ticks later the grid has caught up.
    AppRun later = runApp("compare_later", "--scenario '" + kLazyScenario.string() + "' --show compare", stepKeys(5));
    for (const json& method : later.ui["aoi"]["compare"]["methods"])
        if (method["name"] == "grid") {
            EXPECT_EQ(method["view_differences"], 0);
        }
}

TEST(AoiPanels, ChineseExplanationWithEveryGlyph) {
    AppRun run = runApp("chinese", "--scenario '" + kListsScenario.string() + "' --lang zh --show lists,compare", stepKeys(1));
    EXPECT_EQ(run.ui["language"], "zh");
    EXPECT_EQ(run.ui["missing_glyphs"], 0);
    const json& lines = run.ui["aoi"]["explanation"];
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(lines[0], "第 1 个操作（共 4 个）：添加 d，位置 (3, 3)，半径 2。");
    EXPECT_EQ(lines[1], "x 链表：分桶索引找到e之前的位置；探查 1 个桶，读了 2 个节点。");
}

TEST(AoiPanels, ShowClosesTheOtherPanelsAndSelectPicksTheEntity) {
    AppRun run = runApp("flags", "--scenario '" + kGridScenario.string() + "' --show towers --select 1", "", 3);
    std::set<std::string> visible;
    for (const json& panel : run.ui["panels"])
        if (panel["visible"]) visible.insert(panel["id"]);
    EXPECT_TRUE(visible.count("towers"));
    for (const char* closed : {"lists", "grid", "quadtree", "events", "compare"}) EXPECT_FALSE(visible.count(closed)) << closed;
    EXPECT_EQ(run.ui["selected"], 1);
    AppRun missing = runApp("flags_missing", "--scenario '" + kGridScenario.string() + "' --select 99", "", 3);
    ASSERT_FALSE(missing.ui["errors"].empty());
    EXPECT_NE(missing.ui["errors"].back().get<std::string>().find("99"), std::string::npos);
    // --select with --seek resolves in the world at that position. The article's d (id 4) is added by the
    // first operation and leaves at the fourth: selected at 2, named as gone (not as unknown) at 4.
    AppRun there = runApp("flags_select_seek", "--scenario '" + kListsScenario.string() + "' --seek 2 --select 4", "", 3);
    EXPECT_EQ(there.ui["selected"], 4);
    EXPECT_TRUE(there.ui["errors"].empty()) << there.ui["errors"];
    AppRun gone = runApp("flags_select_gone", "--scenario '" + kListsScenario.string() + "' --seek 4 --select 4", "", 3);
    ASSERT_FALSE(gone.ui["errors"].empty());
    EXPECT_EQ(gone.ui["errors"].back(),
              "--select: no entity with id 4 is in the world at operation 4 of 4 (the script adds and removes entities).");
}

}  // namespace
}  // namespace aoilab
