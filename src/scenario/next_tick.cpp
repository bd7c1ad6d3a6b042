#include "scenario/next_tick.h"

#include <optional>

namespace aoilab {

std::vector<ScriptOp> behaviourMovesBeforeNextTick(const Scenario& scenario) {
    if (scenario.entityBehaviours.empty() && scenario.addBehaviours.empty()) return {};
    // The script as written (without the generated moves) and one more tick, expanded again: the
    // runners start from the same seeds and points, so every earlier move comes out the same.
    std::vector<ScriptOp> written;
    std::vector<std::optional<Behaviour>> adds;
    for (std::size_t k = 0; k < scenario.script.size(); ++k) {
        if (scenario.script[k].generated) continue;
        written.push_back(scenario.script[k]);
        auto it = scenario.addBehaviours.find(k);
        adds.push_back(it == scenario.addBehaviours.end() ? std::nullopt : std::optional(it->second));
    }
    written.push_back(ScriptOp{OpKind::Tick, Entity{}});
    adds.emplace_back();
    std::vector<std::optional<Behaviour>> initial;
    for (const Entity& e : scenario.entities) {
        auto it = scenario.entityBehaviours.find(e.id);
        initial.push_back(it == scenario.entityBehaviours.end() ? std::nullopt : std::optional(it->second));
    }
    std::vector<ScriptOp> expanded = expandBehaviours(scenario.entities, initial, written, adds, scenario.width, scenario.height);
    std::size_t first = expanded.size() - 1;  // the appended tick
    while (first > 0 && expanded[first - 1].generated) --first;
    return {expanded.begin() + static_cast<std::ptrdiff_t>(first), expanded.end() - 1};
}

}  // namespace aoilab
