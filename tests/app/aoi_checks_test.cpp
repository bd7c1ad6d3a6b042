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

TEST(AoiChecks, StopsAtTheFirstDifferenceBetweenLazyGridAndBruteForce) {
    ScenarioRun run(kSource / "scenarios/grid-lazy-compare.json");
    AoiBreakpoints b;
    b.onMethodsDiffer = true;
    b.methodA = "brute";
    b.methodB = "grid";
    std::string error;
    std::optional<std::size_t> stoppedAt;
    while (!stoppedAt && run.state.step(run.doc, error) == AoiState::StepResult::Ran)
        if (breakReason(b, run.state.session(), run.state.focus(), run.doc.scenario(), run.op(), Language::English))
            stoppedAt = run.state.position();
    ASSERT_TRUE(stoppedAt) << "the lazy grid never lagged";
    const auto& methods = run.state.session().methods();
    EXPECT_NE(methods[static_cast<std::size_t>(run.state.session().methodIndex("brute"))].lastEvents,
              methods[static_cast<std::size_t>(run.state.session().methodIndex("grid"))].lastEvents);
}

}  // namespace
}  // namespace aoilab::app
