#include "app/modes/aoi/aoi_checks.h"

#include <algorithm>

#include "aoi/grid.h"

namespace aoilab::app {

bool lagsFor(const AoiSystem& system, EntityId watcher) {
    if (system.exact()) return false;
    const auto* grid = dynamic_cast<const GridAoi*>(&system);
    return grid && grid->ticksUntilRefresh(watcher) >= 0;
}

std::size_t realEventDifferences(const AoiSession& session, int a, int b) {
    const auto& methods = session.methods();
    if (a < 0 || b < 0 || a >= static_cast<int>(methods.size()) || b >= static_cast<int>(methods.size())) return 0;
    const auto& runA = methods[static_cast<std::size_t>(a)];
    const auto& runB = methods[static_cast<std::size_t>(b)];
    std::vector<AoiEvent> differing;  // both lists are sorted
    std::set_symmetric_difference(runA.lastEvents.begin(), runA.lastEvents.end(), runB.lastEvents.begin(),
                                  runB.lastEvents.end(), std::back_inserter(differing));
    return static_cast<std::size_t>(std::count_if(differing.begin(), differing.end(), [&](const AoiEvent& e) {
        return !lagsFor(*runA.system, e.watcher) && !lagsFor(*runB.system, e.watcher);
    }));
}

LagSplit splitViewDifferences(const AoiSession& session, int method) {
    LagSplit split;
    if (method < 0 || method >= static_cast<int>(session.methods().size())) return split;
    const AoiSystem& system = *session.methods()[static_cast<std::size_t>(method)].system;
    const auto* grid = dynamic_cast<const GridAoi*>(&system);
    for (const auto& pair : session.viewDifferences(method)) {
        if (!lagsFor(system, pair.first)) {
            split.real.push_back(pair);
            continue;
        }
        split.expected.push_back(pair);
        std::int64_t in = grid->ticksUntilRefresh(pair.first);
        if (split.nextRefreshIn < 0 || in < split.nextRefreshIn) split.nextRefreshIn = in;
    }
    return split;
}

std::optional<std::size_t> scenarioOperationIndex(std::size_t startingEntities, std::size_t scriptPosition,
                                                  bool lastWasScript) {
    if (!lastWasScript || scriptPosition == 0) return std::nullopt;
    return startingEntities + scriptPosition - 1;
}

ExpectedCheck checkExpected(const AoiSession& session, int method, const std::vector<ExpectedEvent>& expected,
                            std::size_t op) {
    ExpectedCheck check;
    if (method < 0 || static_cast<std::size_t>(method) >= session.methods().size()) return check;
    check.available = true;
    std::vector<AoiEvent> want;
    for (const ExpectedEvent& e : expected)
        if (e.op == op) want.push_back(e.event);
    std::sort(want.begin(), want.end());
    const std::vector<AoiEvent>& got = session.methods()[static_cast<std::size_t>(method)].lastEvents;  // sorted
    std::set_intersection(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(check.matched));
    std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(check.missing));
    std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(check.extra));
    const AoiSystem& system = *session.methods()[static_cast<std::size_t>(method)].system;
    for (const auto* list : {&check.missing, &check.extra})
        for (const AoiEvent& e : *list) check.expectedLag += lagsFor(system, e.watcher);
    return check;
}

std::optional<std::string> breakReason(const AoiBreakpoints& b, const AoiSession& session, int focus,
                                       const Scenario& scenario, std::optional<std::size_t> op, Language language) {
    const auto& methods = session.methods();
    if (methods.empty() || !session.lastOperation()) return std::nullopt;
    if (b.onEnter && focus >= 0 && static_cast<std::size_t>(focus) < methods.size())
        for (const AoiEvent& e : methods[static_cast<std::size_t>(focus)].lastEvents)
            if (e.type == AoiEventType::Enter && e.target == b.enterTarget) {
                std::string watcher = std::to_string(e.watcher), target = std::to_string(e.target);
                char text[256];
                std::snprintf(text, sizeof text, tr(Str::CheckBreakEnter, language), target.c_str(), watcher.c_str());
                return std::string(text);
            }
    if (b.onMethodsDiffer) {
        int a = session.methodIndex(b.methodA), c = session.methodIndex(b.methodB);
        if (a >= 0 && c >= 0 && realEventDifferences(session, a, c) > 0) {  // expected lag is no difference
            char text[256];
            std::snprintf(text, sizeof text, tr(Str::CheckBreakDiffer, language), b.methodA.c_str(), b.methodB.c_str());
            return std::string(text);
        }
    }
    if (b.onExpectedMismatch && op && scenario.expected) {
        ExpectedCheck check = checkExpected(session, focus, *scenario.expected, *op);
        if (check.available && !check.agreesUpToLag()) {
            char text[256];
            std::snprintf(text, sizeof text, tr(Str::CheckBreakExpected, language), static_cast<int>(check.missing.size()),
                          static_cast<int>(check.extra.size()));
            return std::string(text);
        }
    }
    return std::nullopt;
}

}  // namespace aoilab::app
