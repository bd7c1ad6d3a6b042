// What the AOI workbench teaches, on the shipped scenarios: operation numbers that match the timeline,
// the cross-linked list's counters of the article's a..f run for both insertions (the hand computation
// is in tests/aoi/cross_list_test.cpp), the add / move / leave explanations in both languages, the
// flicker count dropping with hysteresis, and the message budget against the event log.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "aoi/cross_list.h"
#include "app/document.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_state.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = AOILAB_SOURCE_DIR;

struct Lesson {
    Document doc;
    AoiState state;
    explicit Lesson(const char* file) {
        doc.open(kSource / "scenarios" / file);
        state.sync(doc, 1);
    }
    void step() {
        std::string error;
        ASSERT_EQ(state.step(doc, error), AoiState::StepResult::Ran) << error;
    }
    std::vector<std::string> explain(Language lang) {
        return explainMethod(state.session(), *state.last(), state.session().methodIndex("crosslist"), lang);
    }
    const CrossListAoi& list() const { return *dynamic_cast<const CrossListAoi*>(state.session().system("crosslist")); }
    void change(const std::function<void(AoiSettings&)>& edit) {
        AoiSettings settings = state.settings();
        edit(settings);
        std::string error;
        ASSERT_TRUE(state.changeSettings(settings, doc, error)) << error;
    }
};

TEST(AoiTeaching, TheFirstScriptStepIsOperationOneEverywhere) {
    Lesson lesson("crosslist-article.json");
    lesson.step();
    const AoiStepInfo& info = *lesson.state.last();
    EXPECT_EQ(lesson.state.position(), 1u);  // the timeline
    EXPECT_EQ(info.scriptNumber, 1u);
    EXPECT_EQ(info.scriptLength, 3u);
    EXPECT_EQ(explainOperation(lesson.state.session(), info, Language::English),
              "Operation 1 of 3: add d at (3, 3) with radius 2.");
    EXPECT_EQ(explainOperation(lesson.state.session(), info, Language::Chinese),
              "第 1 个操作（共 3 个）：添加 d，位置 (3, 3)，半径 2。");
    // The event log: the five starting adds are operations 0-4 of the session, not of the script.
    for (std::size_t op = 0; op < 5; ++op) EXPECT_EQ(lesson.state.scriptNumberOf(op), 0u);
    EXPECT_EQ(lesson.state.scriptNumberOf(info.op), 1u);
    lesson.step();
    lesson.step();
    EXPECT_EQ(lesson.state.scriptNumberOf(lesson.state.last()->op), 3u);
    EXPECT_EQ(explainOperation(lesson.state.session(), *lesson.state.last(), Language::English),
              "Operation 3 of 3: d leaves.");
    // An edit is not a script operation.
    lesson.state.tick();
    EXPECT_EQ(lesson.state.last()->scriptNumber, 0u);
    EXPECT_EQ(explainOperation(lesson.state.session(), *lesson.state.last(), Language::English), "Edit: tick 1.");
}

// The scenario inserts as the article does; the counters equal the hand computation of
// tests/aoi/cross_list_test.cpp (CrossListCounters.*), and switching to the bucket index replays the
// same position with the index's figures.
TEST(AoiTeaching, TheArticleRunCountsNodesBucketsAndTheOtherWayApart) {
    Lesson lesson("crosslist-article.json");
    EXPECT_TRUE(lesson.list().insertFromHead());
    lesson.state.seek(lesson.doc, 3);
    CrossListAoi::Costs head = lesson.list().totalCosts();
    EXPECT_EQ(head.relinkNodes, 32u);
    EXPECT_EQ(head.walkNodes, 19u);
    EXPECT_EQ(head.bucketsProbed, 0u);
    EXPECT_EQ(head.otherRelinkNodes, 12u);
    EXPECT_EQ(head.otherBucketsProbed, 257u);
    EXPECT_EQ(lesson.list().total().visited, 51u);

    lesson.change([](AoiSettings& s) { s.insertFromHead = false; });
    EXPECT_EQ(lesson.state.position(), 3u);
    CrossListAoi::Costs index = lesson.list().totalCosts();
    EXPECT_EQ(index.relinkNodes, 14u);
    EXPECT_EQ(index.walkNodes, 19u);
    EXPECT_EQ(index.bucketsProbed, 241u);
    EXPECT_EQ(index.otherRelinkNodes, 32u);
    EXPECT_EQ(index.otherBucketsProbed, 0u);
    EXPECT_EQ(lesson.list().total().visited, 33u);
    // The setting is the document's: Save writes it.
    ASSERT_TRUE(lesson.doc.scenario().aoi.insertFromHead);
    EXPECT_FALSE(*lesson.doc.scenario().aoi.insertFromHead);
}

TEST(AoiTeaching, AddSaysWhichInsertionRanWithItsNodes) {
    Lesson lesson("crosslist-article.json");
    lesson.step();
    std::vector<std::string> en = lesson.explain(Language::English);
    ASSERT_GE(en.size(), 4u);
    EXPECT_EQ(en[0], "x list: walked from the head past a, b, c (3 nodes) and stopped at e; nodes read: 4.");
    EXPECT_EQ(en[1], "With the bucket index (the improvement): buckets probed 1, nodes read 2 (this walk read 4).");
    EXPECT_EQ(en[2], "y list: walked from the head past c, b, e (3 nodes) and stopped at a; nodes read: 4.");
    for (const std::string& line : en) EXPECT_EQ(line.find("jump"), std::string::npos) << line;
    std::vector<std::string> zh = lesson.explain(Language::Chinese);
    EXPECT_EQ(zh[0], "x 链表：从表头走过 a、b、c（3 个节点），停在e；读了 4 个节点。");
    EXPECT_EQ(zh[1], "换成分桶索引（改进做法）：探查 1 个桶，读 2 个节点（这次读了 4 个）。");

    // The same add through the bucket index.
    lesson.change([](AoiSettings& s) { s.insertFromHead = false; });
    en = lesson.explain(Language::English);
    EXPECT_EQ(en[0], "x list: the bucket index found the place before e; buckets probed: 1, nodes read: 2.");
    EXPECT_EQ(en[1], "Walking from the head, as the article does: nodes read 4 (this way: nodes 2, buckets 1).");
}

TEST(AoiTeaching, MoveShowsTheArticlesThreeSets) {
    Lesson lesson("crosslist-article.json");
    lesson.step();
    lesson.step();  // d (3, 3) -> (4, 4): a and c leave, f enters, b and e get moves
    std::vector<std::string> en = lesson.explain(Language::English);
    EXPECT_EQ(en.back(),
              "The sets of d's move: old set (saw it before): a, b, c, e; new set (sees it now): b, e, f; move set "
              "(both): b, e get move events; new minus old: f get enter; old minus new: a, c get leave.");
    std::vector<std::string> zh = lesson.explain(Language::Chinese);
    EXPECT_EQ(zh.back(),
              "d 移动的三个集合：旧集合（移动前看得到）：a、b、c、e；新集合（现在看得到）：b、e、f；移动集合（两者都有）："
              "b、e 收到移动事件；新集合减旧集合：f 收到进入事件；旧集合减新集合：a、c 收到离开事件。");
}

TEST(AoiTeaching, LeaveSaysWhatTheMethodDoesWithTheNumbers) {
    Lesson lesson("crosslist-article.json");
    lesson.state.seek(lesson.doc, 3);  // d leaves: b, e and f saw it
    std::vector<std::string> en = lesson.explain(Language::English);
    EXPECT_EQ(en[0],
              "d was unlinked from the x and y lists (it owns its nodes: no walk); leave events went to the entities in "
              "its watcher set: 3. List nodes read: 0, distance checks: 0. The article walks the lists around it to "
              "find whom to tell instead.");
    std::vector<std::string> zh = lesson.explain(Language::Chinese);
    EXPECT_EQ(zh[0],
              "d 从 x、y 链表中摘下（它持有自己的节点，不用遍历）；离开事件发给它的观察者集合中的实体：3 个。读了 0 个链表节点，"
              "距离检查 0 次。文章的做法是在它周围遍历链表来找出要通知谁。");
    for (const std::string& line : en) EXPECT_EQ(line.find("already knows"), std::string::npos) << line;
}

// Without hysteresis the grid keeps no relation, so its leave says it searched (and the numbers are the
// engine's); with hysteresis it tells its stored watcher set.
TEST(AoiTeaching, LeaveSaysWhetherTheGridSearchedOrKnewItsWatchers) {
    Lesson lesson("crosslist-article.json");
    const int grid = lesson.state.session().methodIndex("grid");
    ASSERT_GE(grid, 0);
    lesson.state.seek(lesson.doc, 3);  // d leaves: b, e and f saw it
    ASSERT_FALSE(lesson.state.session().system("grid")->storesRelations());
    const AoiCounters& counters = lesson.state.session().system("grid")->lastOperation();
    std::vector<std::string> en = explainMethod(lesson.state.session(), *lesson.state.last(), grid, Language::English);
    ASSERT_FALSE(en.empty());
    EXPECT_EQ(en[0], "d was taken out of the structure. With no hysteresis this method keeps no relation (who sees whom "
                     "follows from the positions), so it searched around d's place for those that see it; leave events: 3. "
                     "Looked at: " + std::to_string(counters.visited) + ", distance checks: " +
                         std::to_string(counters.distanceChecks) + ".");
    EXPECT_GT(counters.distanceChecks, 0u);
    std::vector<std::string> zh = explainMethod(lesson.state.session(), *lesson.state.last(), grid, Language::Chinese);
    EXPECT_NE(zh[0].find("没有滞后"), std::string::npos) << zh[0];

    lesson.change([](AoiSettings& settings) { settings.hysteresis = 0.5; });
    lesson.state.seek(lesson.doc, 3);
    ASSERT_TRUE(lesson.state.session().system("grid")->storesRelations());
    en = explainMethod(lesson.state.session(), *lesson.state.last(), grid, Language::English);
    EXPECT_EQ(en[0].rfind("d was taken out of the structure; leave events went to the entities in its watcher set, with "
                          "no search: 3.", 0),
              0u)
        << en[0];
}

// scenarios/edge-flicker.json: R paces across W's edge one step a tick (hand count in
// tests/aoi/flicker_test.cpp: 7 flickers); hysteresis 3 stops it.
TEST(AoiTeaching, FlickerDropsWhenHysteresisIsTurnedOn) {
    Lesson lesson("edge-flicker.json");
    lesson.state.seek(lesson.doc, lesson.state.length(lesson.doc));
    for (std::size_t m = 0; m < lesson.state.session().methods().size(); ++m)
        EXPECT_EQ(lesson.state.flicker()[m].flickers(), 7u) << lesson.state.session().methods()[m].name;
    lesson.change([](AoiSettings& s) { s.hysteresis = 3; });
    for (std::size_t m = 0; m < lesson.state.session().methods().size(); ++m)
        EXPECT_EQ(lesson.state.flicker()[m].flickers(), 0u) << lesson.state.session().methods()[m].name;
    // A window of 0 ticks: a pacer that changes every tick never completes a flicker within it.
    lesson.change([](AoiSettings& s) { s.hysteresis = 0; });
    lesson.state.setFlickerWindow(0);
    EXPECT_EQ(lesson.state.flicker()[0].flickers(), 0u);
    lesson.state.setFlickerWindow(1);
    EXPECT_EQ(lesson.state.flicker()[0].flickers(), 7u);
}

// scenarios/crosslist-article.json has no tick: d arrives, moves, leaves in one long tick. Its arrival
// and departure are not crossings of a view's edge (aoi/flicker.h), so the lesson shows no flicker;
// counting every enter and leave of the one tick showed 4. Also after a window change (recounted from
// the log) and stepping back.
TEST(AoiTeaching, TheArticleRunHasNoFlicker) {
    Lesson lesson("crosslist-article.json");
    std::size_t end = lesson.state.length(lesson.doc);
    ASSERT_EQ(end, 3u);
    lesson.state.seek(lesson.doc, end);
    ASSERT_GT(lesson.state.session().log().size(), 0u);
    for (std::int64_t window : {3, 0, 100}) {
        lesson.state.setFlickerWindow(window);
        for (std::size_t m = 0; m < lesson.state.session().methods().size(); ++m)
            EXPECT_EQ(lesson.state.flicker()[m].flickers(), 0u) << lesson.state.session().methods()[m].name << " window " << window;
    }
    lesson.state.seek(lesson.doc, 2);
    EXPECT_EQ(lesson.state.flicker()[0].flickers(), 0u);
}

// The budget per method and tick equals the event log's count of that method's events at that tick.
TEST(AoiTeaching, TheBudgetAddsUpTheEventLog) {
    for (const char* file : {"edge-flicker.json", "grid-lazy-compare.json"}) {
        Lesson lesson(file);
        lesson.state.seek(lesson.doc, lesson.state.length(lesson.doc));
        std::map<std::pair<int, std::int64_t>, std::uint64_t> logged;
        for (const LoggedEvent& e : lesson.state.session().log())
            ++logged[std::make_pair(e.method, static_cast<std::int64_t>(e.tick))];
        std::uint64_t compared = 0;
        for (std::size_t m = 0; m < lesson.state.budget().size(); ++m) {
            const MessageBudget& budget = lesson.state.budget()[m];
            std::uint64_t total = 0;
            for (const auto& t : budget.ticks()) {
                std::uint64_t inLog = logged[{static_cast<int>(m), t.tick}];
                EXPECT_EQ(t.events, inLog) << file << " method " << m << " tick " << t.tick;
                compared += t.events;
            }
            for (const auto& [key, count] : logged)
                if (key.first == static_cast<int>(m)) total += count;
            EXPECT_EQ(budget.totalEvents(), total) << file;
        }
        EXPECT_GT(compared, 0u) << file;
    }
}

}  // namespace
}  // namespace aoilab::app
