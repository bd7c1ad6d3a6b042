#pragma once
// The methods and what running operations on them produced: the AoiSession, the timeline's world and
// position, the last operation as the app ran it, and what the panels count from every operation
// (flicker, message budget, disagreements with brute force). A value with no tie to the app: a replay
// builds one on a worker thread (AoiState's long rebuilds and seeks) and the state swaps it in.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "aoi/aoi_session.h"
#include "aoi/flicker.h"
#include "aoi/message_budget.h"
#include "core/build_progress.h"

namespace aoilab::app {

// One operation as the app ran it, with what the session does not keep.
struct AoiStepInfo {
    std::size_t op = 0;            // the session's operation index
    ScriptOp operation;            // as run (Move/Radius: the entity after the operation)
    std::optional<Entity> before;  // the entity before the operation (Move, Radius, Leave)
    bool fromScript = false;
    // Its number on the timeline: the script's first operation is 1 ("operation 1 of 3"), as the
    // timeline's position, the explanation and the event log count; 0 for an edit.
    std::size_t scriptNumber = 0;
    std::size_t scriptLength = 0;
    // Tower method: the towers the entity's view covered before and after, as (column, row).
    std::vector<std::pair<int, int>> towersBefore;
    std::vector<std::pair<int, int>> towersAfter;
};

struct AoiRun {
    AoiSession session;
    World view;              // the world at position > 0: the starting world plus the script so far
    std::size_t cursor = 0;  // script operations taken (the timeline's position)
    std::size_t rejected = 0;  // of those, skipped because they did not fit the starting world
    std::optional<AoiStepInfo> last;
    std::vector<std::size_t> scriptNumbers;  // by session operation index (0: not a script operation)
    std::vector<OpKind> opKinds;             // by session operation index: what the flicker counter is told
    std::int64_t flickerWindow = 3;
    std::vector<FlickerCounter> flicker;    // per method
    std::vector<MessageBudget> budget;      // per method
    std::vector<std::size_t> realDisagreements;  // per method

    // Counters from nothing for a session just built (its starting world's adds counted).
    void adoptNewSession();
    // Feeds the session's whole event log to the flicker counters (and the budgets when budgetToo).
    void countEvents(bool budgetToo);
    // Runs one operation; scriptNumber: its timeline number (0: an edit), of scriptLength.
    void run(const ScriptOp& op, std::size_t scriptNumber = 0, std::size_t scriptLength = 0);

    enum class Step { Ran, End, Rejected };
    // The script's next operation, on the timeline's world (`start` at position 0). Rejected: it does
    // not fit that world; `error` says why and the position moves past it.
    Step stepScript(const World& start, const std::vector<ScriptOp>& script, std::string& error);
    // Back to position 0 on the session as it is, then the first `position` script operations.
    // `progress` (operations taken, position) may stop it: BuildCancelled. `afterStep` sees the run
    // after each operation (checkpoints are copied there).
    void stepFromStart(const World& start, const std::vector<ScriptOp>& script, std::size_t position,
                       const BuildProgress& progress = {}, const std::function<void(const AoiRun&)>& afterStep = {});
    // On from where it is to `position` (the same as stepFromStart would reach, from a run it reached).
    void stepTo(const World& start, const std::vector<ScriptOp>& script, std::size_t position,
                const BuildProgress& progress = {}, const std::function<void(const AoiRun&)>& afterStep = {});
};

}  // namespace aoilab::app
