// Breakpoints and the expected-events check on the articles' scenarios, against the session itself.
#include <gtest/gtest.h>

#include "app/document.h"
#include "app/modes/aoi/aoi_checks.h"
#include "app/modes/aoi/aoi_state.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = AOILAB_SOURCE_DIR;

struct ScenarioRun {
    Document doc;
    AoiState state;
    explicit ScenarioRun(const fs::path& file) {
        doc.open(file);
        state.sync(doc, 1);
    }
    std::optional<std::size_t> op() const {
        return scenarioOperationIndex(doc.world().size(), state.position(), state.last() && state.last()->fromScript);
    }
};

TEST(AoiChecks, EveryOperationOfTheArticleMatchesItsExpectedEvents) {
    ScenarioRun run(kSource / "scenarios/crosslist-article.json");
    ASSERT_TRUE(run.doc.scenario().expected);
    std::string error;
    std::size_t checked = 0;
    while (run.state.step(run.doc, error) == AoiState::StepResult::Ran) {
        ASSERT_TRUE(run.op());
        ExpectedCheck check = checkExpected(run.state.session(), run.state.focus(), *run.doc.scenario().expected, *run.op());
        EXPECT_TRUE(check.available);
        EXPECT_TRUE(check.agrees()) << "operation " << *run.op();
        EXPECT_EQ(check.matched, run.state.session().methods()[static_cast<std::size_t>(run.state.focus())].lastEvents);
        ++checked;
    }
    EXPECT_EQ(checked, run.doc.scenario().script.size());
}

TEST(AoiChecks, AWrongExpectationIsMissingAndExtraAndBreaks) {
    ScenarioRun run(kSource / "scenarios/crosslist-article.json");
    std::string error;
    ASSERT_EQ(run.state.step(run.doc, error), AoiState::StepResult::Ran);  // d arrives
    Scenario scenario = run.doc.scenario();
    std::vector<ExpectedEvent> expected = *scenario.expected;
    std::size_t op = *run.op();
    // Drop one of this operation's events and add one that does not happen.
    auto it = std::find_if(expected.begin(), expected.end(), [&](const ExpectedEvent& e) { return e.op == op; });
    ASSERT_NE(it, expected.end());
    AoiEvent dropped = it->event;
    expected.erase(it);
    expected.push_back({op, AoiEvent{AoiEventType::Leave, 1, 6}});
    ExpectedCheck check = checkExpected(run.state.session(), run.state.focus(), expected, op);
    ASSERT_EQ(check.missing.size(), 1u);
    EXPECT_EQ(check.extra, std::vector<AoiEvent>{dropped});
    EXPECT_EQ(check.missing[0].type, AoiEventType::Leave);
    scenario.expected = expected;
    AoiBreakpoints b;
    EXPECT_FALSE(breakReason(b, run.state.session(), run.state.focus(), scenario, op, Language::English));
    b.onExpectedMismatch = true;
    auto reason = breakReason(b, run.state.session(), run.state.focus(), scenario, op, Language::English);
    ASSERT_TRUE(reason);
    EXPECT_EQ(*reason, "Stopped: against the expected events, 1 missing and 1 extra.");
}

TEST(AoiChecks, StopsWhenTheEntityEntersAView) {
    ScenarioRun run(kSource / "scenarios/crosslist-article.json");
    AoiBreakpoints b;
    b.onEnter = true;
    b.enterTarget = 4;  // d: the script adds it first, and it enters the views of those around it
    std::string error;
    ASSERT_EQ(run.state.step(run.doc, error), AoiState::StepResult::Ran);
    auto reason = breakReason(b, run.state.session(), run.state.focus(), run.doc.scenario(), run.op(), Language::Chinese);
    ASSERT_TRUE(reason);
    EXPECT_NE(reason->find("已停止：4 进入了"), std::string::npos) << *reason;
    b.enterTarget = 99;  // nobody
    EXPECT_FALSE(breakReason(b, run.state.session(), run.state.focus(), run.doc.scenario(), run.op(), Language::English));
}

// The lazy grid lags for its super-view entity A and catches up at the refresh tick: the events differ
// from brute force's on some operations, but only as expected lag, so "two methods differ" never stops
// Play, the count of real disagreements stays 0, and the lagging pairs come with the countdown.
TEST(AoiChecks, ExpectedLagOfTheLazyGridIsNoDifference) {
    ScenarioRun run(kSource / "scenarios/grid-lazy-compare.json");
    AoiBreakpoints b;
    b.onMethodsDiffer = true;
    b.methodA = "brute";
    b.methodB = "grid";
    const AoiSession& session = run.state.session();
    int brute = session.methodIndex("brute"), grid = session.methodIndex("grid");
    std::string error;
    std::size_t lagging = 0, sawCountdown = 0;
    while (run.state.step(run.doc, error) == AoiState::StepResult::Ran) {
        const auto& methods = session.methods();
        bool differ = methods[static_cast<std::size_t>(brute)].lastEvents != methods[static_cast<std::size_t>(grid)].lastEvents;
        lagging += differ;
        EXPECT_EQ(realEventDifferences(session, brute, grid), 0u) << "position " << run.state.position();
        EXPECT_FALSE(breakReason(b, session, run.state.focus(), run.doc.scenario(), run.op(), Language::English))
            << "position " << run.state.position();
        LagSplit split = splitViewDifferences(session, grid);
        EXPECT_TRUE(split.real.empty());
        if (!split.expected.empty()) {
            EXPECT_GE(split.nextRefreshIn, 1);
            EXPECT_LE(split.nextRefreshIn, 3);  // the scenario's tick interval
            ++sawCountdown;
        }
    }
    EXPECT_GT(lagging, 0u) << "the lazy grid never lagged: the test shows nothing";
    EXPECT_GT(sawCountdown, 0u);
    EXPECT_EQ(run.state.realDisagreements()[static_cast<std::size_t>(grid)], 0u);
    EXPECT_TRUE(splitViewDifferences(session, grid).expected.empty());  // the last ticks caught up
    // Exact methods never lag, whoever the watcher is.
    EXPECT_FALSE(lagsFor(*session.methods()[static_cast<std::size_t>(brute)].system, 1));
    EXPECT_FALSE(lagsFor(*session.system("crosslist"), 1));
    EXPECT_TRUE(lagsFor(*session.system("grid"), 1));   // A, radius 120 > standard radius 40
    EXPECT_FALSE(lagsFor(*session.system("grid"), 2));  // B sees no farther than the standard radius
}

}  // namespace
}  // namespace aoilab::app
