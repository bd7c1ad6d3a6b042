#include "app/modes/aoi/aoi_run.h"

#include "aoi/apply_op.h"
#include "aoi/tower.h"
#include "app/modes/aoi/aoi_checks.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

std::vector<std::pair<int, int>> towersOf(const AoiSession& session, EntityId id) {
    std::vector<std::pair<int, int>> out;
    const auto* tower = dynamic_cast<const TowerAoi*>(session.system("tower"));
    if (!tower) return out;
    std::vector<TowerCounts> covered;
    tower->towersWatchedBy(id, covered);
    for (const TowerCounts& t : covered) out.emplace_back(t.column, t.row);
    return out;
}

}  // namespace

void AoiRun::adoptNewSession() {
    scriptNumbers.clear();
    opKinds.assign(session.operationCount(), OpKind::Add);  // the starting world's entities
    std::size_t methods = session.methods().size();
    flicker.assign(methods, FlickerCounter(flickerWindow));
    budget.assign(methods, MessageBudget());
    realDisagreements.assign(methods, 0);
    countEvents(true);  // the starting world's adds
}

void AoiRun::countEvents(bool budgetToo) {
    // The log is in operation order, and per operation in method order: gather one operation's events
    // of one method, then hand them on.
    std::vector<AoiEvent> events;
    const auto& log = session.log();
    for (auto it = log.begin(); it != log.end();) {
        auto end = it;
        events.clear();
        while (end != log.end() && end->op == it->op && end->method == it->method) events.push_back((end++)->event);
        auto m = static_cast<std::size_t>(it->method);
        OpKind kind = it->op < opKinds.size() ? opKinds[it->op] : OpKind::Move;
        flicker[m].add(static_cast<std::int64_t>(it->tick), events, kind);
        if (budgetToo) budget[m].add(static_cast<std::int64_t>(it->tick), events.size());
        it = end;
    }
}

void AoiRun::run(const ScriptOp& op, std::size_t scriptNumber, std::size_t scriptLength) {
    AoiStepInfo info;
    info.op = session.operationCount();
    info.fromScript = scriptNumber > 0;
    info.scriptNumber = scriptNumber;
    info.scriptLength = scriptLength;
    if (scriptNumbers.size() <= info.op) scriptNumbers.resize(info.op + 1, 0);
    scriptNumbers[info.op] = scriptNumber;
    if (opKinds.size() <= info.op) opKinds.resize(info.op + 1, OpKind::Move);
    opKinds[info.op] = op.kind;
    if (op.kind != OpKind::Tick) {
        if (const Entity* before = session.mirrored(op.entity.id)) info.before = *before;
        info.towersBefore = towersOf(session, op.entity.id);
    }
    session.apply(op);
    info.operation = *session.lastOperation();
    const auto& methods = session.methods();
    auto tick = static_cast<std::int64_t>(session.tick());
    for (std::size_t m = 0; m < methods.size(); ++m) {
        flicker[m].add(tick, methods[m].lastEvents, op.kind);
        budget[m].add(tick, methods[m].lastEvents.size());
        if (session.hasBrute() && m > 0 && realEventDifferences(session, 0, static_cast<int>(m)) > 0)
            ++realDisagreements[m];
    }
    if (op.kind != OpKind::Tick) info.towersAfter = towersOf(session, op.entity.id);
    last = std::move(info);
}

AoiRun::Step AoiRun::stepScript(const World& start, const std::vector<ScriptOp>& script, std::string& error) {
    if (cursor >= script.size()) return Step::End;
    if (cursor == 0) view = start;
    ScriptOp op = script[cursor++];
    try {
        applyOperation(view, op);
    } catch (const InputError& problem) {
        ++rejected;
        error = "script operation " + std::to_string(cursor) + ": " + problem.what();
        return Step::Rejected;
    }
    if (op.kind == OpKind::Tick) {
        run(op, cursor, script.size());
    } else {
        // The methods had the timeline's world before this operation, which changed only its entity.
        for (const ScriptOp& change : session.pendingOperationsOf(view, op.entity.id)) run(change, cursor, script.size());
    }
    return Step::Ran;
}

void AoiRun::stepFromStart(const World& start, const std::vector<ScriptOp>& script, std::size_t position,
                           const BuildProgress& progress, const std::function<void(const AoiRun&)>& afterStep) {
    last.reset();
    cursor = 0;
    rejected = 0;
    view = World();
    stepTo(start, script, position, progress, afterStep);
}

void AoiRun::stepTo(const World& start, const std::vector<ScriptOp>& script, std::size_t position,
                    const BuildProgress& progress, const std::function<void(const AoiRun&)>& afterStep) {
    std::string ignored;  // a rejected operation is skipped, as a step skips it
    while (cursor < position && stepScript(start, script, ignored) != Step::End) {
        if (afterStep) afterStep(*this);
        if (progress && !progress(cursor, position)) throw BuildCancelled();
    }
}

}  // namespace aoilab::app
