// Window tests of the AOI panels as a class sees them (issue 12): the panels named in --show fit the
// window beside the scene at 1600x900 and at 1280x720 with font scale 2, in English and Chinese, with no
// item running past a tile's edge (ImGui's widest item, --dump-ui "overflow_px"); one structure overlay
// on the scene at a time; and the lists window, the quadtree drawn as a tree and the towers heat map
// equal to what the engines report for the same operations. Screenshots stay in the run folders
// (build/tests/app/window_runs/panels_*/shot.png).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include <nlohmann/json.hpp>

#include "aoi/aoi_session.h"
#include "aoi/cross_list.h"
#include "aoi/quadtree.h"
#include "aoi/tower.h"
#include "scenario/scenario.h"
#include "window/window_test_util.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using windowtest::panelRect;
using windowtest::runApp;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR);
const fs::path kArticle = kSource / "scenarios/crosslist-article.json";
const fs::path kCrowd = kSource / "scenarios/crowd-500.json";

// The settings of a fresh install: no side width, every panel as its default.
const std::string kFreshSettings = R"({"panels": {}})";

json panelEntry(const json& ui, const std::string& id) {
    for (const json& p : ui.value("panels", json::array()))
        if (p.value("id", "") == id) return p;
    return json::object();
}

// The engines alone, on the scenario's entities and its first `steps` script operations.
struct Replayed {
    Scenario scenario;
    AoiSession session;
};
std::unique_ptr<Replayed> replay(const fs::path& file, std::size_t steps) {
    auto r = std::make_unique<Replayed>();
    r->scenario = loadScenario(file);
    World world = initialWorld(r->scenario);
    r->session.reset(world, r->scenario.aoi);
    std::vector<ScriptOp> ops = r->scenario.operations();
    for (std::size_t i = r->scenario.entities.size(); i < r->scenario.entities.size() + steps && i < ops.size(); ++i)
        r->session.apply(ops[i]);
    return r;
}

// Every panel named in `show` is drawn, open, inside the window, beside the scene, tall enough to
// show something, and nothing in it ran past its right edge.
void expectPanelsFit(const std::string& name, const std::string& size, double fontScale, const std::string& lang,
                     const std::string& show, const fs::path& scenario, const std::string& select) {
    std::string flags = "--scenario '" + scenario.string() + "' --show " + show + " --lang " + lang +
                        " --font-scale " + std::to_string(fontScale) + " --seek 3 --select " + select;
    auto run = runApp(kRuns, name, flags, "", 12, kFreshSettings, size);
    ASSERT_TRUE(run.ui.is_object()) << name;
    double width = run.ui["window"]["width"], height = run.ui["window"]["height"];
    double canvasRight = run.ui["canvas"]["max"][0];
    std::stringstream ids(show);
    std::string id;
    while (std::getline(ids, id, ',')) {
        json panel = panelEntry(run.ui, id);
        SCOPED_TRACE(name + ": panel " + id);
        ASSERT_TRUE(panel.value("visible", false));
        EXPECT_FALSE(panel.value("collapsed", true));
        EXPECT_FALSE(panel.value("floating", true));
        json rect = panelRect(run.ui, id);
        ASSERT_EQ(rect.size(), 4u);
        double x0 = rect[0], y0 = rect[1], x1 = rect[2], y1 = rect[3];
        EXPECT_GE(x0, -0.5);
        EXPECT_GE(y0, -0.5);
        EXPECT_LE(x1, width + 0.5);
        EXPECT_LE(y1, height + 0.5);
        EXPECT_GE(x0, canvasRight - 1) << "over the scene";
        // At least five lines of the tile's font: its drawing has room (16 px a line at scale 1).
        EXPECT_GE(y1 - y0, 5 * 16 * fontScale);
        EXPECT_LE(panel.value("overflow_px", 1e9), 1.0) << "an item ran past the tile's right edge";
    }
    // The tiles do not overlap one another.
    std::vector<json> rects;
    std::stringstream again(show);
    while (std::getline(again, id, ',')) rects.push_back(panelRect(run.ui, id));
    for (std::size_t i = 0; i < rects.size(); ++i)
        for (std::size_t j = i + 1; j < rects.size(); ++j) {
            bool apart = rects[i][2].get<double>() <= rects[j][0].get<double>() + 0.5 ||
                         rects[j][2].get<double>() <= rects[i][0].get<double>() + 0.5 ||
                         rects[i][3].get<double>() <= rects[j][1].get<double>() + 0.5 ||
                         rects[j][3].get<double>() <= rects[i][1].get<double>() + 0.5;
            EXPECT_TRUE(apart) << name << ": tiles " << i << " and " << j << " overlap";
        }
    // The structure overlay's legend fits the scene.
    const json& overlay = run.ui["aoi"]["overlay"];
    if (overlay.is_object()) {
        EXPECT_LE(overlay["legend_width"].get<double>(), overlay["canvas_width"].get<double>()) << name;
    }
}

TEST(AoiPanelsFit, TeachingPanelsAt1600x900) {
    for (std::string lang : {"en", "zh"}) {
        expectPanelsFit("panels_lists_1600_" + lang, "1600x900", 1, lang, "lists,events,compare", kCrowd, "7");
        expectPanelsFit("panels_structures_1600_" + lang, "1600x900", 1, lang, "grid,quadtree,towers", kCrowd, "7");
    }
}

TEST(AoiPanelsFit, TeachingPanelsAt1280x720FontScale2) {
    for (std::string lang : {"en", "zh"}) {
        expectPanelsFit("panels_lists_1280_" + lang, "1280x720", 2, lang, "lists,events,compare", kArticle, "3");
        expectPanelsFit("panels_structures_1280_" + lang, "1280x720", 2, lang, "grid,quadtree,towers", kCrowd, "7");
    }
}

TEST(AoiPanelsOverlay, OneStructureAtATimeAndAClickInATileChoosesIt) {
    std::string flags = "--scenario '" + kCrowd.string() + "' --show grid,quadtree,towers --select 7";
    auto first = runApp(kRuns, "panels_overlay_default", flags, "", 10);
    const json& overlay = first.ui["aoi"]["overlay"];
    ASSERT_TRUE(overlay.is_object());
    EXPECT_EQ(overlay["drawn"], json::array({"grid"}));  // the first open one, alone
    EXPECT_EQ(overlay["open"], json::array({"grid", "quadtree", "towers"}));
    // A click in the towers tile (its middle) puts the towers on the scene instead.
    json rect = panelRect(first.ui, "towers");
    ASSERT_EQ(rect.size(), 4u);
    int x = static_cast<int>((rect[0].get<double>() + rect[2].get<double>()) / 2);
    int y = static_cast<int>((rect[1].get<double>() + rect[3].get<double>()) / 2);
    std::string script = "4 move " + std::to_string(x) + " " + std::to_string(y) + "\n5 press left\n6 release left\n";
    auto clicked = runApp(kRuns, "panels_overlay_click", flags, script, 10);
    EXPECT_EQ(clicked.ui["aoi"]["overlay"]["drawn"], json::array({"towers"}));
    EXPECT_EQ(clicked.ui["aoi"]["overlay"]["chosen"], "towers");
    // With one structure panel open, it is the one drawn.
    auto alone = runApp(kRuns, "panels_overlay_alone", "--scenario '" + kCrowd.string() + "' --show quadtree,lists", "", 8);
    EXPECT_EQ(alone.ui["aoi"]["overlay"]["drawn"], json::array({"quadtree"}));
}

TEST(AoiPanelsDump, ListsWindowIsTheEnginesListAroundTheWalk) {
    const std::size_t steps = 3;
    auto engine = replay(kCrowd, steps);
    const auto* list = dynamic_cast<const CrossListAoi*>(engine->session.system("crosslist"));
    ASSERT_NE(list, nullptr);
    ASSERT_FALSE(list->lastVisits().empty());
    EntityId walker = list->lastEntity();
    auto run = runApp(kRuns, "panels_lists_window",
                      "--scenario '" + kCrowd.string() + "' --show lists --seek " + std::to_string(steps) +
                          " --select " + std::to_string(walker),
                      "", 12, kFreshSettings, "1600x900");
    const json& lists = run.ui["aoi"]["lists"];
    ASSERT_TRUE(lists.is_object());
    // The span summary: the engine's visits, their count and x range.
    double lo = 1e300, hi = -1e300;
    for (const auto& v : list->lastVisits()) lo = std::min(lo, v.position.x), hi = std::max(hi, v.position.x);
    EXPECT_EQ(lists["walk_span"]["nodes"], list->lastVisits().size());
    EXPECT_DOUBLE_EQ(lists["walk_span"]["from_x"].get<double>(), lo);
    EXPECT_DOUBLE_EQ(lists["walk_span"]["to_x"].get<double>(), hi);
    // The drawn nodes are a window of the engine's x order, starting where the dump says.
    std::vector<CrossListAoi::ListEntry> order;
    list->xOrder(order);
    const json& drawn = lists["x"]["drawn"];
    ASSERT_FALSE(drawn.empty());
    EXPECT_LT(drawn.size(), order.size());  // 500 nodes: a window, not all
    std::size_t first = lists["x"]["first"];
    for (std::size_t i = 0; i < drawn.size(); ++i) {
        ASSERT_LT(first + i, order.size());
        EXPECT_EQ(drawn[i].get<EntityId>(), order[first + i].id) << "node " << i;
    }
    // Scrolled to the walk: some walked node is in the window.
    std::set<EntityId> walked;
    for (const auto& v : list->lastVisits()) walked.insert(v.id);
    bool sees = std::any_of(drawn.begin(), drawn.end(), [&](const json& id) { return walked.count(id.get<EntityId>()) > 0; });
    EXPECT_TRUE(sees);
}

TEST(AoiPanelsDump, QuadtreeBoxesAndTowerHeatMapAreTheEngines) {
    const std::size_t steps = 3;
    auto engine = replay(kCrowd, steps);
    auto run = runApp(kRuns, "panels_structures_dump",
                      "--scenario '" + kCrowd.string() + "' --show quadtree,towers --seek " + std::to_string(steps) +
                          " --select 7",
                      "", 12, kFreshSettings, "1600x900");
    // Quadtree: every drawn box is a node of the engine with its count; the visited ones (all of them, on
    // the levels drawn) are lit; the root spans the drawing; boxes of one row do not overlap.
    const auto* tree = dynamic_cast<const QuadtreeAoi*>(engine->session.system("quadtree"));
    ASSERT_NE(tree, nullptr);
    std::vector<QuadtreeAoi::NodeInfo> nodes;
    tree->nodes(nodes);
    std::map<std::tuple<int, double, double>, int> counts;
    for (const auto& n : nodes) counts[{n.depth, n.rect.minX, n.rect.minY}] = n.count;
    std::set<std::tuple<int, double, double>> visited, lit;
    const json& drawnTree = run.ui["aoi"]["quadtree"]["tree"];
    ASSERT_TRUE(drawnTree.is_object());
    int levels = drawnTree["levels_drawn"];
    for (const auto& n : tree->lastVisited())
        if (n.depth < levels) visited.insert({n.depth, n.rect.minX, n.rect.minY});
    std::map<int, std::vector<std::pair<double, double>>> rows;
    for (const json& box : drawnTree["boxes"]) {
        std::tuple<int, double, double> key{box[0].get<int>(), box[1].get<double>(), box[2].get<double>()};
        ASSERT_TRUE(counts.count(key)) << box;
        EXPECT_EQ(box[3].get<int>(), counts[key]) << box;
        if (box[4].get<bool>()) lit.insert(key);
        rows[box[0].get<int>()].emplace_back(box[5].get<double>(), box[6].get<double>());
    }
    EXPECT_EQ(lit, visited);
    int deepest = 0;
    for (const auto& n : nodes) deepest = std::max(deepest, n.depth);
    EXPECT_EQ(levels, deepest + 1);  // at 1600x900 the whole tree fits
    EXPECT_FALSE(visited.empty());
    ASSERT_FALSE(rows[0].empty());
    EXPECT_NEAR(rows[0][0].second - rows[0][0].first, drawnTree["width"].get<double>(), 0.5);
    for (auto& [depth, spans] : rows) {
        std::sort(spans.begin(), spans.end());
        for (std::size_t i = 1; i < spans.size(); ++i) EXPECT_LE(spans[i - 1].second, spans[i].first + 0.5) << "row " << depth;
    }
    // Towers: the heat map's counts are the engine's, the busiest sets the scale, the covered towers are
    // the selected view's.
    const auto* towers = dynamic_cast<const TowerAoi*>(engine->session.system("tower"));
    ASSERT_NE(towers, nullptr);
    std::vector<TowerCounts> inUse, watched;
    towers->towers(inUse);
    towers->towersWatchedBy(7, watched);
    std::set<std::tuple<int, int, int>> expected, shown;
    int most = 1;
    for (const auto& t : inUse)
        if (t.entities > 0) expected.insert({t.column, t.row, t.entities}), most = std::max(most, t.entities);
    const json& heat = run.ui["aoi"]["towers"]["heat"];
    ASSERT_TRUE(heat.is_object());
    for (const json& c : heat["cells"]) shown.insert({c[0].get<int>(), c[1].get<int>(), c[2].get<int>()});
    EXPECT_EQ(shown, expected);
    EXPECT_EQ(heat["max"], most);
    EXPECT_EQ(heat["columns"], towers->columns());
    EXPECT_EQ(heat["rows"], towers->rows());
    std::set<std::pair<int, int>> covered, coveredShown;
    for (const auto& t : watched) covered.insert({t.column, t.row});
    for (const json& c : run.ui["aoi"]["towers"]["covered"]) coveredShown.insert({c[0].get<int>(), c[1].get<int>()});
    EXPECT_EQ(coveredShown, covered);
    EXPECT_FALSE(covered.empty());
}

}  // namespace
}  // namespace aoilab
