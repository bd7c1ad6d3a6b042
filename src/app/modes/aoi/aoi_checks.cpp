#include "app/modes/aoi/aoi_checks.h"

#include <algorithm>

namespace aoilab::app {

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
        if (a >= 0 && c >= 0 && methods[static_cast<std::size_t>(a)].lastEvents != methods[static_cast<std::size_t>(c)].lastEvents) {
            char text[256];
            std::snprintf(text, sizeof text, tr(Str::CheckBreakDiffer, language), b.methodA.c_str(), b.methodB.c_str());
            return std::string(text);
        }
    }
    if (b.onExpectedMismatch && op && scenario.expected) {
        ExpectedCheck check = checkExpected(session, focus, *scenario.expected, *op);
        if (check.available && !check.agrees()) {
            char text[256];
            std::snprintf(text, sizeof text, tr(Str::CheckBreakExpected, language), static_cast<int>(check.missing.size()),
                          static_cast<int>(check.extra.size()));
            return std::string(text);
        }
    }
    return std::nullopt;
}

}  // namespace aoilab::app
