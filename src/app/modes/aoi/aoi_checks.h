#pragma once
// Breakpoints and checks for the AOI timeline (issue: a class plays a long scenario and wants it to
// stop at the interesting moment): stop when an entity enters someone's view, when two methods differ,
// or when the focused method disagrees with the scenario's expected events; and the last operation's
// events against the expected ones (matched / missing / extra). UI-free: tests drive it.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoi/aoi_session.h"
#include "app/strings.h"
#include "scenario/scenario.h"

namespace aoilab::app {

struct AoiBreakpoints {
    bool onEnter = false;        // stop when `enterTarget` enters anyone's view (in the focused method)
    EntityId enterTarget = 0;
    bool onMethodsDiffer = false;  // stop at the first operation where methodA's and methodB's events differ
    std::string methodA = "brute";
    std::string methodB = "grid";
    bool onExpectedMismatch = false;  // stop when the focused method's events differ from the expected ones
    bool any() const { return onEnter || onMethodsDiffer || onExpectedMismatch; }
};

struct ExpectedCheck {
    bool available = false;  // the scenario has expected events and the operation is one of its own
    std::vector<AoiEvent> matched, missing, extra;
    std::size_t expectedLag = 0;  // missing or extra events of a watcher the method lags for (lazy grid)
    bool agrees() const { return missing.empty() && extra.empty(); }
    bool agreesUpToLag() const { return missing.size() + extra.size() == expectedLag; }
};

// What the AOI mode keeps for the checks panel: the breakpoints, why Play last stopped, and the last
// operation against the expected events.
struct AoiChecks {
    AoiBreakpoints breakpoints;
    std::string lastStop;
    ExpectedCheck lastCheck;
};

// Expected lag (the grid's lazy super-view mode): a super-view watcher's own view is refreshed only
// every tick interval, so until then its events may differ from brute force's, and the refresh tick
// catches up with events brute force sent earlier. That is the setting working, not a disagreement.
// True when `system` may lag for `watcher` (lazy grid, super-view watcher).
bool lagsFor(const AoiSystem& system, EntityId watcher);
// The last operation's events where methods a and b differ, leaving out those an expected lag explains
// (a watcher either method lags for). Zero: they agree, up to expected lag.
std::size_t realEventDifferences(const AoiSession& session, int a, int b);
// The lagging method's view pairs that differ from brute force, split: expected lag (a super-view
// watcher of a lazy method) and real disagreement (anything else).
struct LagSplit {
    std::vector<std::pair<EntityId, EntityId>> expected, real;
    std::int64_t nextRefreshIn = -1;  // ticks until the first lagging watcher refreshes; -1: none lags
};
LagSplit splitViewDifferences(const AoiSession& session, int method);

// The operation index (entities first, then the script, as `expected` counts) of the session's last
// operation, when it was the script's: the starting world's size plus the script position minus one.
std::optional<std::size_t> scenarioOperationIndex(std::size_t startingEntities, std::size_t scriptPosition,
                                                  bool lastWasScript);

// The method's last events against the expected events of operation `op`.
ExpectedCheck checkExpected(const AoiSession& session, int method, const std::vector<ExpectedEvent>& expected,
                            std::size_t op);

// Why the timeline should stop after the last operation, in the language, or nullopt to go on.
std::optional<std::string> breakReason(const AoiBreakpoints& breakpoints, const AoiSession& session, int focus,
                                       const Scenario& scenario, std::optional<std::size_t> op, Language language);

}  // namespace aoilab::app
