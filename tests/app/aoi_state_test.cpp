// The app-side AOI state (step mode, script stepping, live settings) and the step mode's explanation
// texts in English and Chinese, on the cross-linked-list article's example and the grid article's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>
#include <chrono>
#include <tuple>

#include <unistd.h>

#include "aoi/cross_list.h"
#include "aoi/grid.h"
#include "app/modes/aoi/aoi_checks.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_state.h"
#include "app/app_options.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;

// The article's five entities a b c e f (radius 2, square views) in a 10 x 10 world; the script adds d
// at (3, 3), moves it to (4, 4), sets its radius to 3 and removes it.
const char* kArticle = R"({"format": "aoilab-scenario", "version": 1,
  "world": {"width": 10, "height": 10},
  "aoi": {"shape": "square", "method": "crosslist"},
  "entities": [{"id": 1, "name": "a", "x": 1, "y": 5, "radius": 2},
               {"id": 6, "name": "f", "x": 6, "y": 6, "radius": 2},
               {"id": 3, "name": "c", "x": 3, "y": 1, "radius": 2},
               {"id": 2, "name": "b", "x": 2, "y": 2, "radius": 2},
               {"id": 5, "name": "e", "x": 5, "y": 3, "radius": 2}],
  "script": [{"op": "add", "id": 4, "name": "d", "x": 3, "y": 3, "radius": 2},
             {"op": "move", "id": 4, "x": 4, "y": 4},
             {"op": "radius", "id": 4, "radius": 3},
             {"op": "leave", "id": 4}]})";

fs::path writeScenario(const std::string& name, const std::string& text) {
    // One file per process: ctest -j runs each test case in its own process at the same time.
    fs::path file = fs::temp_directory_path() / ("aoilab_app_test_" + std::to_string(::getpid()) + "_" + name + ".json");
    std::ofstream(file) << text;
    return file;
}

class ArticleState : public ::testing::Test {
protected:
    void SetUp() override {
        doc.open(writeScenario("article", kArticle));
        state.sync(doc, 1);
    }
    // The tests below write the same file again; it goes with the test (it was left in /tmp, 22 a run).
    void TearDown() override { fs::remove(writeScenario("article", "")); }
    void stepOk() {
        std::string error;
        ASSERT_EQ(state.step(doc, error), AoiState::StepResult::Ran) << error;
    }
    std::vector<std::string> explain(const std::string& method, Language lang) {
        return explainMethod(state.session(), *state.last(), state.session().methodIndex(method), lang);
    }
    Document doc;
    AoiState state;
};

TEST_F(ArticleState, BuildsEveryMethodFromTheWorld) {
    EXPECT_EQ(state.session().operationCount(), 5u);
    EXPECT_EQ(state.focusName(), "crosslist");
    EXPECT_FALSE(state.last().has_value());
    EXPECT_TRUE(state.pending().empty());
}

TEST_F(ArticleState, StepRunsTheScriptAndExplainsTheWalkInEnglish) {
    stepOk();  // add d at (3, 3)
    ASSERT_TRUE(state.last());
    EXPECT_TRUE(state.shownWorld(doc).contains(4));  // the view at position 1; the document keeps its start
    EXPECT_FALSE(doc.world().contains(4));
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::English),
              "Operation 1 of 4: add d at (3, 3) with radius 2.");
    // The bucket index (this scenario's default): x bucket 19 holds c, read c then e stops; y bucket 19
    // holds e, read e then a stops. From the head it would pass a, b, c (c, b, e) and stop: 4 reads.
    // x order a(1) b(2) c(3) d(3) e(5) f(6): left from d over c, b, a to the head; right over e, stop at f.
    EXPECT_EQ(explain("crosslist", Language::English),
              (std::vector<std::string>{
                  "x list: the bucket index found the place before e; buckets probed: 1, nodes read: 2.",
                  "Walking from the head, as the article does: nodes read 4 (this way: nodes 2, buckets 1).",
                  "y list: the bucket index found the place before a; buckets probed: 1, nodes read: 2.",
                  "Walking from the head, as the article does: nodes read 4 (this way: nodes 2, buckets 1).",
                  "Walked 3 nodes left on the x list to its end: all within 2 of 3.",
                  "Walked 1 node right on the x list until x = 6: 6 - 3 > 2.",
                  "4 of them were also within 2 on y and got the exact range test; events: 8.",
                  "Counters: list nodes read to place it: 4, in the range walk: 5; index buckets probed: 2; distance checks: 8.",
                  "Events: 8 enter, 0 move, 0 leave."}));
}

TEST_F(ArticleState, TheSameExplanationInChinese) {
    stepOk();
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::Chinese),
              "第 1 个操作（共 4 个）：添加 d，位置 (3, 3)，半径 2。");
    EXPECT_EQ(explain("crosslist", Language::Chinese),
              (std::vector<std::string>{"x 链表：分桶索引找到e之前的位置；探查 1 个桶，读了 2 个节点。",
                                        "若像文章那样从表头走：要读 4 个节点（这次读了 2 个节点，探查 1 个桶）。",
                                        "y 链表：分桶索引找到a之前的位置；探查 1 个桶，读了 2 个节点。",
                                        "若像文章那样从表头走：要读 4 个节点（这次读了 2 个节点，探查 1 个桶）。",
                                        "向左走了 3 个节点（x 链表）到开头：都在 2 以内（中心 3）。",
                                        "向右走了 1 个节点（x 链表），直到 x = 6：6 - 3 > 2。",
                                        "其中 4 个在 y 方向也在 2 以内，做了精确的范围检查；事件 8 个。",
                                        "计数：放置时读了 4 个链表节点，范围遍历读了 5 个；探查分桶索引 2 个桶；距离检查 8 次。",
                                        "事件：8 个进入，0 个移动，0 个离开。"}));
}

TEST_F(ArticleState, MoveExplainsTheRelinkAndTheOtherMethods) {
    stepOk();
    stepOk();  // move d to (4, 4): stays between c and e on x, between e and a on y
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::English),
              "Operation 2 of 4: move d from (3, 3) to (4, 4).");
    std::vector<std::string> lines = explain("crosslist", Language::English);
    ASSERT_EQ(lines.size(), 10u);
    // A hop of 1 walks from the old neighbours: x from c (read c, e stops), y from e (read e, a stops).
    EXPECT_EQ(lines[0], "x list: a short move, walked from its old neighbours to the place before e; nodes read: 2.");
    EXPECT_EQ(lines[1], "Walking from the head, as the article does: nodes read 4 (this way: nodes 2, buckets 0).");
    EXPECT_EQ(lines[2], "y list: a short move, walked from its old neighbours to the place before a; nodes read: 2.");
    EXPECT_EQ(lines[4], "Walked 2 nodes left on the x list until x = 1: 4 - 1 > 2.");
    EXPECT_EQ(lines[5], "Walked 2 nodes right on the x list to its end: all within 2 of 4.");
    EXPECT_EQ(lines[6], "3 of them were also within 2 on y and got the exact range test; events: 8.");
    EXPECT_EQ(lines[8], "Events: 2 enter, 2 move, 4 leave.");
    // Brute force: every other of the 5 entities, both directions.
    std::vector<std::string> brute = explain("brute", Language::English);
    ASSERT_EQ(brute.size(), 3u);  // what it did, the events, the move's three sets
    EXPECT_TRUE(std::regex_match(brute[0], std::regex("Tested every other entity: distance checks: \\d+, events: 8\\.")))
        << brute[0];
    // The quadtree names its query around the new position.
    std::vector<std::string> tree = explain("quadtree", Language::English);
    EXPECT_TRUE(std::regex_search(tree[0], std::regex("for a query of reach 2 around \\(4, 4\\)"))) << tree[0];
}

TEST_F(ArticleState, RadiusAndLeaveExplanations) {
    stepOk();
    stepOk();
    stepOk();  // radius 2 -> 3: only d's own view is searched, with the new radius
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::English),
              "Operation 3 of 4: radius of d from 2 to 3.");
    std::vector<std::string> lines = explain("crosslist", Language::English);
    ASSERT_GE(lines.size(), 2u);
    EXPECT_TRUE(std::regex_search(lines[0], std::regex("within 3 of 4|: \\d+ - 4 > 3|: 4 - \\d+ > 3"))) << lines[0];
    stepOk();  // d leaves
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::English), "Operation 4 of 4: d leaves.");
    // d (4, 4), radius 3, was seen by b, e and f. No hysteresis: the grid keeps no relation, so it searched.
    EXPECT_TRUE(std::regex_match(explain("grid", Language::English).front(),
                                 std::regex("d was taken out of the structure\\. With no hysteresis this method keeps no "
                                            "relation .*; leave events: 3\\. Looked at: \\d+, distance checks: \\d+\\.")))
        << explain("grid", Language::English).front();
    std::string error;
    EXPECT_EQ(state.step(doc, error), AoiState::StepResult::Nothing);
}

TEST_F(ArticleState, StepModeHoldsEditsUntilStepped) {
    state.setStepMode(true, doc);
    doc.history().moveEntity(1, 2, 5);
    doc.history().setRadius(2, 4);
    state.sync(doc, 1);
    ASSERT_EQ(state.pending().size(), 2u);
    EXPECT_EQ(describePending(state.session(), state.pending()[0], Language::English), "move a to (2, 5)");
    EXPECT_EQ(describePending(state.session(), state.pending()[1], Language::Chinese), "b 的半径改为 4");
    ASSERT_NE(state.session().mirrored(1), nullptr);
    EXPECT_EQ(state.session().mirrored(1)->x, 1);  // the methods have not seen the move yet
    stepOk();
    EXPECT_EQ(state.session().mirrored(1)->x, 2);
    EXPECT_EQ(state.pending().size(), 1u);
    EXPECT_EQ(state.last()->operation.kind, OpKind::Move);
    state.setStepMode(false, doc);  // leaving step mode runs the rest
    EXPECT_TRUE(state.pending().empty());
    ASSERT_NE(state.session().mirrored(2), nullptr);
    EXPECT_EQ(state.session().mirrored(2)->radius, 4);
}

TEST_F(ArticleState, LiveModeRunsEditsAtOnce) {
    doc.history().moveEntity(6, 7, 7);
    state.sync(doc, 1);
    EXPECT_TRUE(state.pending().empty());
    ASSERT_NE(state.session().mirrored(6), nullptr);
    EXPECT_EQ(state.session().mirrored(6)->x, 7);
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::English),
              "Edit: move f from (6, 6) to (7, 7).");
}

// Positions read with two decimals at most (a walker's steps land anywhere): 7.458 reads 7.46, 2.5
// stays 2.5, whole numbers stay whole.
TEST_F(ArticleState, TheOperationSentenceShowsTwoDecimalsAtMost) {
    doc.history().moveEntity(6, 7.458, 2.5);
    state.sync(doc, 1);
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::English),
              "Edit: move f from (6, 6) to (7.46, 2.5).");
    EXPECT_EQ(explainOperation(state.session(), *state.last(), Language::Chinese),
              "编辑：f 从 (6, 6) 移到 (7.46, 2.5)。");
}

TEST_F(ArticleState, AScriptOperationThatNoLongerFitsIsRejected) {
    doc.history().addEntity(Entity{4, "d2", 8, 8, 1, 0});  // the script's id 4 is taken now
    state.sync(doc, 1);
    std::string error;
    EXPECT_EQ(state.step(doc, error), AoiState::StepResult::Rejected);
    EXPECT_NE(error.find("script operation 1"), std::string::npos) << error;
    EXPECT_EQ(state.position(), 1u);
}

TEST_F(ArticleState, SettingsRebuildAtOnceAndBadOnesAreRefused) {
    AoiSettings settings = state.settings();
    settings.cellSize = 2.5;
    settings.quadtreeCapacity = 1;
    std::string error;
    ASSERT_TRUE(state.changeSettings(settings, doc, error)) << error;
    EXPECT_EQ(state.session().config().cellSize, 2.5);
    EXPECT_EQ(state.session().config().quadtreeCapacity, 1);
    EXPECT_EQ(state.session().operationCount(), 5u);
    settings.tickInterval = 0;
    EXPECT_FALSE(state.changeSettings(settings, doc, error));
    EXPECT_NE(error.find("tick_interval"), std::string::npos) << error;
    EXPECT_EQ(state.session().config().cellSize, 2.5);  // the good settings stay
    state.restoreScenarioSettings(doc);
    EXPECT_NE(state.session().config().cellSize, 2.5);
}

TEST_F(ArticleState, LiveSettingsGoIntoTheDocumentAndSaveKeepsThem) {
    AoiSettings settings = state.settings();
    settings.cellSize = 2.5;
    settings.hysteresis = 0.5;
    std::string error;
    ASSERT_TRUE(state.changeSettings(settings, doc, error)) << error;
    EXPECT_TRUE(doc.dirty());
    EXPECT_EQ(doc.scenario().aoi.cellSize, 2.5);
    std::size_t serial = state.serial();
    state.sync(doc, 1);  // the document now agrees with the session: no second rebuild
    EXPECT_EQ(state.serial(), serial);
    auto file = std::filesystem::temp_directory_path() / "aoilab-live-settings.json";
    doc.save(file);
    EXPECT_FALSE(doc.dirty());
    Scenario saved = loadScenario(file);
    EXPECT_EQ(saved.aoi.cellSize, 2.5);
    EXPECT_EQ(saved.aoi.hysteresis, 0.5);
    std::filesystem::remove(file);
}

TEST_F(ArticleState, BackToTheScenarioSettingsClearsTheEdits) {
    AoiSettings original = doc.scenario().aoi;
    AoiSettings settings = state.settings();
    settings.quadtreeCapacity = 2;
    std::string error;
    ASSERT_TRUE(state.changeSettings(settings, doc, error)) << error;
    state.restoreScenarioSettings(doc);
    EXPECT_TRUE(doc.scenario().aoi == original);
    EXPECT_FALSE(doc.dirty());
}

TEST_F(ArticleState, ChoosingAMethodMakesItTheScenariosWithoutARebuild) {
    std::size_t serial = state.serial();
    state.chooseMethod("quadtree", doc);
    EXPECT_EQ(state.focusName(), "quadtree");
    EXPECT_EQ(doc.scenario().aoi.method, "quadtree");
    EXPECT_TRUE(doc.dirty());
    state.sync(doc, 1);
    EXPECT_EQ(state.serial(), serial);
    EXPECT_EQ(state.session().operationCount(), 5u);
}

// What the methods and the scene show at a position, to compare two ways of getting there.
struct Snapshot {
    std::vector<std::tuple<EntityId, double, double, double>> shown;
    std::vector<std::vector<AoiEvent>> lastEvents;  // per method
    std::vector<std::vector<std::pair<EntityId, EntityId>>> views;  // per method: (watcher, target) pairs
    std::size_t position = 0;
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot snapshot(const AoiState& state, const Document& doc) {
    Snapshot s;
    s.position = state.position();
    for (const Entity& e : state.shownWorld(doc).entities()) s.shown.emplace_back(e.id, e.x, e.y, e.radius);
    for (const auto& method : state.session().methods()) {
        s.lastEvents.push_back(method.lastEvents);
        std::vector<std::pair<EntityId, EntityId>> pairs;
        for (const Entity& e : state.shownWorld(doc).entities()) {
            std::vector<EntityId> view;
            method.system->viewOf(e.id, view);
            for (EntityId target : view) pairs.emplace_back(e.id, target);
        }
        std::sort(pairs.begin(), pairs.end());
        s.views.push_back(pairs);
    }
    return s;
}

TEST_F(ArticleState, SteppingTheScriptIsNotAnEdit) {
    stepOk();  // d arrives
    stepOk();  // d moves
    EXPECT_FALSE(doc.dirty());
    EXPECT_FALSE(doc.history().canUndo());
    EXPECT_FALSE(doc.world().contains(4));              // the document keeps the starting world
    EXPECT_TRUE(state.shownWorld(doc).contains(4));     // the timeline's view has d
    EXPECT_EQ(state.shownWorld(doc).find(4)->x, 4);
    EXPECT_EQ(state.position(), 2u);
}

TEST_F(ArticleState, SeekingBackAndForthEqualsSteppingFromTheStart) {
    // Forward 3, back 1, seek 5 (clamped to the end, 4), back to 2: the same as a fresh state seeked to 2.
    for (int i = 0; i < 3; ++i) stepOk();
    state.seek(doc, 2);
    state.seek(doc, 5);
    EXPECT_EQ(state.position(), 4u);
    state.seek(doc, 2);
    Document freshDoc;
    freshDoc.open(writeScenario("article", kArticle));
    AoiState fresh;
    fresh.sync(freshDoc, 1);
    std::string error;
    for (int i = 0; i < 2; ++i) ASSERT_EQ(fresh.step(freshDoc, error), AoiState::StepResult::Ran) << error;
    EXPECT_TRUE(snapshot(state, doc) == snapshot(fresh, freshDoc));
    EXPECT_EQ(state.session().operationCount(), fresh.session().operationCount());
    // And every position from either direction.
    for (std::size_t target : {4u, 0u, 3u, 1u, 4u, 2u}) {
        state.seek(doc, target);
        AoiState again;
        again.sync(freshDoc, 1);
        again.seek(freshDoc, target);
        EXPECT_TRUE(snapshot(state, doc) == snapshot(again, freshDoc)) << target;
    }
}

TEST_F(ArticleState, SavingAtAnyPositionWritesTheStartingWorldAndTheWholeScript) {
    auto file = fs::temp_directory_path() / "aoilab-save-at-position.json";
    for (std::size_t position = 0; position <= 4; ++position) {
        state.seek(doc, position);
        doc.save(file);
        Scenario saved = loadScenario(file);
        EXPECT_EQ(saved.entities.size(), 5u) << position;   // d is not in the starting world
        EXPECT_EQ(saved.script.size(), 4u) << position;     // and its script still adds it
        EXPECT_EQ(saved, loadScenario(writeScenario("article", kArticle))) << position;
    }
    fs::remove(file);
}

TEST_F(ArticleState, UndoPastTheStartReplaysTheView) {
    doc.history().moveEntity(1, 9, 9);  // an edit of the starting world, then step on
    state.sync(doc, 1);
    stepOk();
    stepOk();
    doc.history().undo();                // a back at (1, 5) in the starting world
    state.sync(doc, 1);
    EXPECT_EQ(state.position(), 2u);     // the position stays, the view is replayed from the new start
    EXPECT_EQ(state.shownWorld(doc).find(1)->x, 1);
    EXPECT_TRUE(state.shownWorld(doc).contains(4));
}

TEST_F(ArticleState, ANewDocumentStartsOver) {
    stepOk();
    doc.reset();
    state.sync(doc, 2);
    EXPECT_EQ(state.session().operationCount(), 0u);
    EXPECT_EQ(state.position(), 0u);
    EXPECT_FALSE(state.last());
}

TEST(GridArticle, MoveExplainsEnteredLeftAndKeptCellsWithTheEngineCounts) {
    Document doc;
    doc.open(fs::path(AOILAB_SOURCE_DIR) / "scenarios/grid-article.json");
    AoiState state;
    state.sync(doc, 1);
    std::string error;
    ASSERT_EQ(state.step(doc, error), AoiState::StepResult::Ran) << error;  // B (200, 350) -> (200, 300)
    const auto* grid = dynamic_cast<const GridAoi*>(state.session().system("grid"));
    ASSERT_NE(grid, nullptr);
    std::vector<GridScannedCell> cells;
    grid->lastScannedCells(cells);
    int counts[3] = {0, 0, 0};
    for (const GridScannedCell& c : cells)
        if (c.cellClass != GridCellClass::Scanned) ++counts[static_cast<int>(c.cellClass)];
    ASSERT_GT(counts[0] + counts[1], 0);
    std::vector<std::string> lines =
        explainMethod(state.session(), *state.last(), state.session().methodIndex("grid"), Language::English);
    char expected[200];
    // B's cells before and after, from the grid's own cell size.
    auto cell = [&](double v) { return static_cast<int>(std::floor(v / grid->cellSize())); };
    int c0 = cell(200), r0 = cell(350), c1 = cell(200), r1 = cell(300);
    std::snprintf(expected, sizeof expected, "Moved from cell (%d, %d) to (%d, %d): cells entered: %d, left: %d, kept: %d;",
                  c0, r0, c1, r1, counts[0], counts[1], counts[2]);
    EXPECT_EQ(lines[0].rfind(expected, 0), 0u) << lines[0];
    // The last lines count the grid's events, and say so when they differ from brute force's beyond
    // expected lag (B is no super-view entity: its events are never lag). Nobody saw or sees B, so no
    // move sets follow.
    const auto& run = state.session().methods()[static_cast<std::size_t>(state.session().methodIndex("grid"))];
    int byType[3] = {0, 0, 0};
    for (const AoiEvent& e : run.lastEvents) ++byType[static_cast<int>(e.type)];
    std::string events = "Events: " + std::to_string(byType[0]) + " enter, " + std::to_string(byType[1]) + " move, " +
                         std::to_string(byType[2]) + " leave.";
    // Here brute force tells the super-view A about B at once and the lazy grid only at A's refresh:
    // expected lag, so the grid's events are the last line, with no "differs".
    EXPECT_FALSE(run.agreesLast);
    EXPECT_EQ(realEventDifferences(state.session(), 0, state.session().methodIndex("grid")), 0u);
    EXPECT_EQ(lines.back(), events);
    for (const std::string& line : lines) EXPECT_EQ(line.find("The sets of"), std::string::npos) << line;
    std::vector<std::string> zh =
        explainMethod(state.session(), *state.last(), state.session().methodIndex("grid"), Language::Chinese);
    std::snprintf(expected, sizeof expected, "从格子 (%d, %d) 移到 (%d, %d)：进入的格子 %d 个，离开 %d 个，保留 %d 个；",
                  c0, r0, c1, r1, counts[0], counts[1], counts[2]);
    EXPECT_EQ(zh[0].rfind(expected, 0), 0u) << zh[0];
}

TEST(GridArticle, ASuperViewEntityIsNamedWithItsLazyRefresh) {
    Document doc;
    doc.open(fs::path(AOILAB_SOURCE_DIR) / "scenarios/grid-article.json");
    AoiState state;
    state.sync(doc, 1);
    doc.history().moveEntity(1, 210, 200);  // A, radius 100 > standard radius 50
    state.sync(doc, 1);
    std::vector<std::string> lines =
        explainMethod(state.session(), *state.last(), state.session().methodIndex("grid"), Language::English);
    EXPECT_NE(std::find(lines.begin(), lines.end(), "Radius 100 > standard radius 50: A is a super-view entity."),
              lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "Lazy mode: its own view is refreshed only every 4 ticks (tick now 0)."),
              lines.end());
}

TEST(AppOptions, ShowAndSelectFlags) {
    const char* argv[] = {"aoilab", "--show", "lists,grid,compare", "--select", "42"};
    AppOptions o = parseAppOptions(5, const_cast<char**>(argv));
    EXPECT_EQ(o.show, (std::vector<std::string>{"lists", "grid", "compare"}));
    EXPECT_EQ(o.select, EntityId{42});
    const char* bad[] = {"aoilab", "--show", "lists,trees"};
    try {
        parseAppOptions(3, const_cast<char**>(bad));
        FAIL() << "an unknown panel must be refused";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("unknown panel \"trees\""), std::string::npos) << e.what();
    }
    const char* badId[] = {"aoilab", "--select", "x1"};
    EXPECT_THROW(parseAppOptions(3, const_cast<char**>(badId)), std::invalid_argument);
}

// Every string of the table keeps the same printf placeholders, in the same order, in both languages
// (fmt() passes the same arguments to either).
TEST(StringTable, PlaceholdersMatchInBothLanguages) {
    std::regex placeholder("%[-+ #0]*[0-9]*(\\.[0-9]+)?(zu|llu|lld|[dsgfcu%])");
    for (std::size_t i = 0; i < static_cast<std::size_t>(Str::Count); ++i) {
        auto id = static_cast<Str>(i);
        std::string en = tr(id, Language::English), zh = tr(id, Language::Chinese);
        std::vector<std::string> a, b;
        for (std::sregex_iterator it(en.begin(), en.end(), placeholder), end; it != end; ++it) a.push_back(it->str());
        for (std::sregex_iterator it(zh.begin(), zh.end(), placeholder), end; it != end; ++it) b.push_back(it->str());
        EXPECT_EQ(a, b) << "string " << i << ": \"" << en << "\" / \"" << zh << "\"";
        EXPECT_FALSE(en.empty());
        EXPECT_FALSE(zh.empty());
    }
}

// Rebuilds on the worker thread (AoiState::backgroundRebuildFrom), forced here on the article's small
// world: the same state as a rebuild at once, the old one kept until then, and Cancel keeps it.
class BackgroundRebuild : public ArticleState {
protected:
    void SetUp() override {
        ArticleState::SetUp();
        state.setBackgroundRebuildFrom(0);
    }
    // Waits for the rebuild and takes it; returns what the methods refused ("" when nothing).
    std::string finish() {
        std::string error;
        while (!state.pollRebuild(doc, error)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        EXPECT_FALSE(state.rebuilding());
        return error;
    }
    // What a run with rebuilds at once shows after the same seeks.
    static void expectSameState(const AoiState& a, const AoiState& b) {
        EXPECT_EQ(a.position(), b.position());
        EXPECT_EQ(a.session().operationCount(), b.session().operationCount());
        EXPECT_EQ(a.session().mirroredEntities(), b.session().mirroredEntities());
        ASSERT_EQ(a.session().methods().size(), b.session().methods().size());
        for (std::size_t m = 0; m < a.session().methods().size(); ++m)
            EXPECT_EQ(a.session().methods()[m].lastEvents, b.session().methods()[m].lastEvents) << m;
        ASSERT_EQ(a.last().has_value(), b.last().has_value());
        if (a.last()) {
            EXPECT_EQ(a.last()->scriptNumber, b.last()->scriptNumber);
        }
    }
};

TEST_F(BackgroundRebuild, SeekingBackGivesTheStateOfASeekAtOnceAndKeepsTheOldUntilThen) {
    state.seek(doc, 4);
    const std::uint64_t before = state.session().logGeneration();
    state.seek(doc, 1);
    EXPECT_TRUE(state.rebuilding());
    EXPECT_EQ(state.rebuildPosition(), 1u);
    EXPECT_EQ(state.rebuildCause(), AoiState::RebuildCause::Seek);
    EXPECT_EQ(state.position(), 4u);  // the old methods and position until the new ones are in
    EXPECT_EQ(state.session().logGeneration(), before);
    state.sync(doc, 1);  // leaves everything as it is meanwhile
    EXPECT_EQ(state.position(), 4u);
    EXPECT_EQ(finish(), "");
    EXPECT_NE(state.session().logGeneration(), before);

    Document other;
    other.open(writeScenario("article", kArticle));
    AoiState atOnce;
    atOnce.sync(other, 1);
    atOnce.seek(other, 4);
    atOnce.seek(other, 1);
    EXPECT_FALSE(atOnce.rebuilding());
    expectSameState(state, atOnce);
}

TEST_F(BackgroundRebuild, CancelKeepsThePositionAndTheMethods) {
    state.seek(doc, 3);
    const std::uint64_t before = state.session().logGeneration();
    state.seek(doc, 0);
    ASSERT_TRUE(state.rebuildCancellable());
    state.cancelRebuild();  // however far it got, even done: dropped
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.position(), 3u);
    EXPECT_EQ(state.session().logGeneration(), before);
}

TEST_F(BackgroundRebuild, NewPanelSettingsReachTheDocumentOnceBuiltAndRefusedOnesComeBackAsAnError) {
    AoiSettings settings = state.settings();
    settings.cellSize = 2.5;
    std::string error;
    ASSERT_TRUE(state.changeSettings(settings, doc, error)) << error;
    EXPECT_TRUE(state.rebuilding());
    EXPECT_EQ(state.rebuildCause(), AoiState::RebuildCause::Panel);
    EXPECT_NE(doc.scenario().aoi.cellSize, std::optional<double>(2.5));  // not before the methods have it
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.session().config().cellSize, 2.5);
    EXPECT_EQ(doc.scenario().aoi.cellSize, std::optional<double>(2.5));

    settings.tickInterval = 0;  // refused by the methods
    ASSERT_TRUE(state.changeSettings(settings, doc, error));
    const std::string refused = finish();
    EXPECT_NE(refused.find("tick_interval"), std::string::npos) << refused;
    EXPECT_EQ(state.session().config().cellSize, 2.5);  // the good settings stay
    EXPECT_NE(doc.scenario().aoi.tickInterval, std::optional<int>(0));
}

TEST_F(BackgroundRebuild, ACancelledShapeChangeFromTheMenusPutsTheOldShapeBack) {
    const ViewShape old = doc.scenario().aoi.shape;
    const ViewShape other = old == ViewShape::Square ? ViewShape::Circle : ViewShape::Square;
    doc.setShape(other);  // as the menu does
    state.sync(doc, 1);
    ASSERT_TRUE(state.rebuilding());
    EXPECT_EQ(state.rebuildCause(), AoiState::RebuildCause::Menus);
    state.cancelRebuild();
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(doc.scenario().aoi.shape, old);
    EXPECT_EQ(state.settings().shape, old);
    state.sync(doc, 1);
    EXPECT_FALSE(state.rebuilding());  // nothing left to follow

    doc.setShape(other);  // and not cancelled: the methods take it
    state.sync(doc, 1);
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.settings().shape, other);
    EXPECT_EQ(doc.scenario().aoi.shape, other);
}

TEST_F(BackgroundRebuild, AnUndoUnderALaterPositionIsFollowedWithoutCancel) {
    doc.history().moveEntity(1, 2, 5);  // an edit at the start...
    state.sync(doc, 1);
    state.seek(doc, 2);
    ASSERT_FALSE(state.rebuilding());   // (stepping on needs no rebuild)
    doc.history().undo();               // ...undone while the timeline is at 2
    state.sync(doc, 1);
    ASSERT_TRUE(state.rebuilding());
    EXPECT_EQ(state.rebuildCause(), AoiState::RebuildCause::StartingWorld);
    EXPECT_FALSE(state.rebuildCancellable());
    state.cancelRebuild();  // refused: the old methods no longer match the starting world
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.position(), 2u);
    ASSERT_NE(state.session().mirrored(1), nullptr);
    EXPECT_EQ(state.session().mirrored(1)->x, 1);  // the starting world without the edit
}

// Issue 38, class 5: a rebuild the settings panel starts is checked against the AOI memory budget the
// scenario reader uses (aoi/aoi_memory.h). The file passes it (lazy super-views, large towers); finer
// towers or an exact grid of small cells for its 40 world-wide views would need gigabytes: refused
// before anything is built, the methods, the settings and the document staying as they were.
std::string budgetWorld() {
    std::string text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 100000, "height": 100000},
      "aoi": {"lazy_super_view": true, "tower_size": 10000}, "entities": [)";
    for (int i = 0; i < 1040; ++i)
        text += (i ? ", " : "") + std::string("{\"id\": ") + std::to_string(i) + ", \"x\": " + std::to_string(i * 90 + 5) +
                ", \"y\": " + std::to_string((i * 7919) % 100000) + ", \"radius\": " + (i < 1000 ? "100" : "100000") + "}";
    return text + "]}";
}

TEST(AoiMemoryBudget, APanelChangePastTheBudgetIsRefusedBeforeAnyBuildAndNothingChanges) {
    const fs::path file = writeScenario("budget", budgetWorld());
    Document doc;
    doc.open(file);
    AoiState state;
    state.sync(doc, 1);
    const AoiSettings before = state.settings();
    ASSERT_EQ(state.session().config().towerSize, 10000);
    const std::size_t serial = state.serial();

    std::string error;
    AoiSettings towers = before;
    towers.towerSize = 100;  // 10^6 towers, each of the 40 views in every one: about 2.3 GiB
    EXPECT_FALSE(state.changeSettings(towers, doc, error));
    EXPECT_NE(error.find(file.string() + ": /aoi: views need about "), std::string::npos) << error;
    EXPECT_NE(error.find(" MiB (towers); 1024 MiB a method: "), std::string::npos) << error;
    EXPECT_LE(error.size(), file.string().size() + 160) << error;

    AoiSettings grid = before;
    grid.lazySuperView = false;
    grid.cellSize = 50;  // 4 x 10^6 cells, each of the 40 views registered in every one: about 1.4 GiB
    EXPECT_FALSE(state.changeSettings(grid, doc, error));
    EXPECT_NE(error.find(" MiB (grid)"), std::string::npos) << error;

    EXPECT_EQ(state.settings(), before);
    EXPECT_EQ(state.session().config().towerSize, 10000);
    EXPECT_TRUE(state.session().config().lazySuperView);
    EXPECT_EQ(doc.scenario().aoi, before);
    EXPECT_FALSE(doc.dirty());
    EXPECT_EQ(state.serial(), serial);  // nothing rebuilt

    AoiSettings fits = before;
    fits.towerSize = 5000;  // what fits still goes through
    EXPECT_TRUE(state.changeSettings(fits, doc, error)) << error;
    EXPECT_EQ(state.session().config().towerSize, 5000);
    EXPECT_EQ(AoiState::memoryRefusal(doc, towers).rfind(file.string(), 0), 0u);
    fs::remove(file);
}

}  // namespace
}  // namespace aoilab::app
