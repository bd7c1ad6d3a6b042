#include "app/modes/aoi/aoi_state.h"

#include "scenario/next_tick.h"

#include "aoi/apply_op.h"

#include <algorithm>

#include "aoi/tower.h"
#include "app/modes/aoi/aoi_checks.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

constexpr std::size_t kLogCapacity = 200'000;

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

std::string entityLabel(const AoiSession& session, EntityId id) {
    const Entity* entity = session.mirrored(id);
    if (entity != nullptr && !entity->name.empty()) return entity->name;
    return std::to_string(id);
}

void AoiState::sync(const Document& doc, std::size_t documentSerial) {
    const World& world = doc.world();
    bool newDocument = !built_ || documentSerial != documentSerial_;
    if (rebuilding()) {
        if (!newDocument) return;  // the old methods stay as they are until the new ones are in
        rebuild_.discard();        // built for a document that is gone
    }
    if (newDocument || doc.scenario().aoi != scenarioSettings_ || world.width() != worldWidth_ ||
        world.height() != worldHeight_) {
        if (newDocument) {
            scriptCursor_ = 0;
            rejected_ = 0;
            focus_.clear();
            recording_ = false;  // a recording belongs to the document it was made in
            viewHistory_.reset();
        }
        documentSerial_ = documentSerial;
        AoiSettings next = doc.scenario().aoi;
        if (!newDocument) {
            // The menus changed the scenario's shape or method: follow them, keep the live edits.
            next = settings_;
            next.shape = doc.scenario().aoi.shape;
            next.method = doc.scenario().aoi.method;
        }
        scenarioSettings_ = doc.scenario().aoi;
        if (!newDocument && rebuildsInBackground(doc)) {
            // Cancel puts the old shape and method back into the document, unless the world's size
            // changed too (then the old methods no longer fit it: no Cancel).
            const bool resized = world.width() != worldWidth_ || world.height() != worldHeight_;
            startBackgroundRebuild(doc, next, scriptCursor_, resized ? RebuildCause::StartingWorld : RebuildCause::Menus);
            return;
        }
        settings_ = next;
        rebuild(doc);
        if (scriptCursor_ > 0 || recording_) replayTo(doc, scriptCursor_);  // same position, rebuilt methods
    }
    if (recording_) return;  // edits go to the timeline's world; record() runs them
    if (doc.history().revision() != revision_) {
        // Undo or redo while the timeline is past the start: the starting world changed, so the view
        // is replayed from it (edits themselves are refused there, see AppContext::editLock).
        if (scriptCursor_ > 0) replayTo(doc, scriptCursor_, RebuildCause::StartingWorld);
        else refreshPending(doc);
    }
    if (!stepMode_ && !pending_.empty()) runAllPending(doc);
}

void AoiState::resetSession(const Document& doc) {
    session_.reset(doc.world(), settings_, kLogCapacity, doc.world().size() <= kBruteLimit);
    adoptNewSession();
}

void AoiState::adoptNewSession() {
    scriptNumbers_.clear();
    opKinds_.assign(session_.operationCount(), OpKind::Add);  // the starting world's entities
    std::size_t methods = session_.methods().size();
    flicker_.assign(methods, FlickerCounter(flickerWindow_));
    budget_.assign(methods, MessageBudget());
    realDisagreements_.assign(methods, 0);
    countEvents(true);  // the starting world's adds
}

PreparedAoiSession AoiState::prepareSession(const World& world, const AoiSettings& wanted, const BuildProgress& progress) {
    PreparedAoiSession prepared;
    prepared.wanted = wanted;
    prepared.settings = wanted;
    const bool withBrute = world.size() <= kBruteLimit;
    try {
        prepared.session.reset(world, prepared.settings, kLogCapacity, withBrute, progress);
    } catch (const InputError&) {
        // Settings from a hand-edited file the methods refuse: fall back to the defaults.
        prepared.settings = AoiSettings{};
        prepared.settings.shape = wanted.shape;
        prepared.settings.method = wanted.method;
        prepared.session.reset(world, prepared.settings, kLogCapacity, withBrute, progress);
    }
    return prepared;
}

void AoiState::offerPrepared(PreparedAoiSession prepared, std::size_t documentSerial) {
    prepared_ = std::move(prepared);
    preparedSerial_ = documentSerial;
}

void AoiState::countEvents(bool budgetToo) {
    // The log is in operation order, and per operation in method order: gather one operation's events
    // of one method, then hand them on.
    std::vector<AoiEvent> events;
    const auto& log = session_.log();
    for (auto it = log.begin(); it != log.end();) {
        auto end = it;
        events.clear();
        while (end != log.end() && end->op == it->op && end->method == it->method) events.push_back((end++)->event);
        auto m = static_cast<std::size_t>(it->method);
        OpKind kind = it->op < opKinds_.size() ? opKinds_[it->op] : OpKind::Move;
        flicker_[m].add(static_cast<std::int64_t>(it->tick), events, kind);
        if (budgetToo) budget_[m].add(static_cast<std::int64_t>(it->tick), events.size());
        it = end;
    }
}

void AoiState::setFlickerWindow(std::int64_t ticks) {
    flickerWindow_ = std::max<std::int64_t>(0, ticks);
    flicker_.assign(session_.methods().size(), FlickerCounter(flickerWindow_));
    countEvents(false);
    ++serial_;
}

void AoiState::rebuild(const Document& doc) {
    // A session prepared for this document while it opened, if it was built with these settings (and the
    // world has not changed since: its mirror is then the world).
    const bool takePrepared = prepared_ && preparedSerial_ == documentSerial_ && prepared_->wanted == settings_ &&
                              prepared_->session.pendingOperations(doc.world()).empty();
    PreparedAoiSession built = takePrepared ? std::move(*prepared_) : prepareSession(doc.world(), settings_);
    prepared_.reset();
    installSession(std::move(built.session), built.settings, doc);
}

void AoiState::installSession(AoiSession session, const AoiSettings& settings, const Document& doc) {
    settings_ = settings;
    session_ = std::move(session);
    adoptNewSession();
    built_ = true;
    worldWidth_ = doc.world().width();
    worldHeight_ = doc.world().height();
    revision_ = doc.history().revision();
    pending_.clear();
    last_.reset();
    highlightedPair.reset();
    if (focus_.empty() || session_.methodIndex(focus_) < 0)
        focus_ = session_.methodIndex(settings_.method) >= 0 ? settings_.method : "crosslist";
    ++serial_;
}

const char* AoiState::rebuildCauseName(RebuildCause cause) {
    switch (cause) {
        case RebuildCause::Seek: return "seek";
        case RebuildCause::Panel: return "panel";
        case RebuildCause::Menus: return "menus";
        case RebuildCause::StartingWorld: return "starting_world";
    }
    return "?";
}

void AoiState::startBackgroundRebuild(const Document& doc, const AoiSettings& settings, std::size_t position, RebuildCause cause) {
    rebuild_.discard();  // a newer request replaces one in progress
    rebuildRequest_ = RebuildRequest{settings, position, cause};
    const bool withBrute = doc.world().size() <= kBruteLimit;
    rebuild_.start([world = doc.world(), settings, withBrute](const BuildProgress& progress) {
        AoiSession session;
        session.reset(world, settings, kLogCapacity, withBrute, progress);
        return session;
    }, true);
    ++serial_;
}

bool AoiState::pollRebuild(Document& doc, std::string& error) {
    if (!rebuild_.finished()) return false;
    const RebuildRequest request = rebuildRequest_;
    bool installed = false;
    try {
        AoiSession built = rebuild_.take();
        if (!rebuild_.cancelled()) {  // (cancelled after its last progress report: dropped all the same)
            installSession(std::move(built), request.settings, doc);
            stepFromStartTo(doc, request.position);
            installed = true;
        }
    } catch (const BuildCancelled&) {
    } catch (const InputError& e) {  // settings the methods refuse: the old methods and settings stay
        error = e.what();
    }
    // The document follows the methods: the panel's new settings once built; the menus' change undone
    // when it was not.
    if ((installed && request.cause == RebuildCause::Panel) || (!installed && request.cause == RebuildCause::Menus))
        adoptIntoDocument(doc);
    ++serial_;
    return true;
}

bool AoiState::changeSettings(const AoiSettings& settings, Document& doc, std::string& error) {
    if (rebuildsInBackground(doc)) {  // refused settings come back from pollRebuild()
        startBackgroundRebuild(doc, settings, scriptCursor_, RebuildCause::Panel);
        return true;
    }
    AoiSettings old = settings_;
    settings_ = settings;
    try {
        resetSession(doc);
    } catch (const InputError& e) {
        error = e.what();
        settings_ = old;
        resetSession(doc);
        ++serial_;
        return false;
    }
    revision_ = doc.history().revision();
    pending_.clear();
    last_.reset();
    ++serial_;
    adoptIntoDocument(doc);
    if (scriptCursor_ > 0) replayTo(doc, scriptCursor_);  // the methods changed: the same position again
    return true;
}

void AoiState::restoreScenarioSettings(Document& doc) {
    std::string ignored;  // the saved settings loaded once, so they are valid
    if (!changeSettings(doc.savedAoiSettings(), doc, ignored)) rebuild(doc);
}

void AoiState::chooseMethod(const std::string& method, Document& doc) {
    focus_ = method;
    settings_.method = method;
    adoptIntoDocument(doc);
}

void AoiState::adoptIntoDocument(Document& doc) {
    doc.setAoiSettings(settings_);
    scenarioSettings_ = doc.scenario().aoi;  // sync() must not take this for an outside change and rebuild
}

void AoiState::setStepMode(bool on, const Document& doc) {
    stepMode_ = on;
    if (!on) runAllPending(doc);
}

void AoiState::refreshPending(const Document& doc) {
    pending_ = session_.pendingOperations(doc.world());
    revision_ = doc.history().revision();
}

void AoiState::run(const ScriptOp& op, std::size_t scriptNumber, std::size_t scriptLength) {
    AoiStepInfo info;
    info.op = session_.operationCount();
    info.fromScript = scriptNumber > 0;
    info.scriptNumber = scriptNumber;
    info.scriptLength = scriptLength;
    if (scriptNumbers_.size() <= info.op) scriptNumbers_.resize(info.op + 1, 0);
    scriptNumbers_[info.op] = scriptNumber;
    if (opKinds_.size() <= info.op) opKinds_.resize(info.op + 1, OpKind::Move);
    opKinds_[info.op] = op.kind;
    if (op.kind != OpKind::Tick) {
        if (const Entity* before = session_.mirrored(op.entity.id)) info.before = *before;
        info.towersBefore = towersOf(session_, op.entity.id);
    }
    session_.apply(op);
    info.operation = *session_.lastOperation();
    const auto& methods = session_.methods();
    auto tick = static_cast<std::int64_t>(session_.tick());
    for (std::size_t m = 0; m < methods.size(); ++m) {
        flicker_[m].add(tick, methods[m].lastEvents, op.kind);
        budget_[m].add(tick, methods[m].lastEvents.size());
        if (session_.hasBrute() && m > 0 && realEventDifferences(session_, 0, static_cast<int>(m)) > 0)
            ++realDisagreements_[m];
    }
    if (op.kind != OpKind::Tick) info.towersAfter = towersOf(session_, op.entity.id);
    last_ = std::move(info);
    ++serial_;
}

void AoiState::runAllPending(const Document& doc) {
    if (doc.history().revision() != revision_) refreshPending(doc);
    for (const ScriptOp& op : pending_) run(op);
    pending_.clear();
}

void AoiState::tick() { run(ScriptOp{OpKind::Tick, Entity{}}); }

AoiState::StepResult AoiState::step(const Document& doc, std::string& error) {
    if (doc.history().revision() != revision_ && scriptCursor_ == 0) refreshPending(doc);
    if (!pending_.empty()) {
        run(pending_.front());
        refreshPending(doc);
        return StepResult::Ran;
    }
    const std::vector<ScriptOp>& script = doc.scenario().script;
    if (scriptCursor_ >= script.size()) return StepResult::Nothing;
    if (scriptCursor_ == 0) view_ = doc.world();
    ScriptOp op = script[scriptCursor_++];
    try {
        applyOperation(view_, op);
    } catch (const InputError& problem) {
        ++rejected_;
        error = "script operation " + std::to_string(scriptCursor_) + ": " + problem.what();
        return StepResult::Rejected;
    }
    if (op.kind == OpKind::Tick) {
        run(op, scriptCursor_, script.size());
    } else {
        for (const ScriptOp& change : session_.pendingOperations(view_)) run(change, scriptCursor_, script.size());
    }
    return StepResult::Ran;
}

void AoiState::seek(const Document& doc, std::size_t position) {
    position = std::min(position, length(doc));
    bool canStepOn = position >= scriptCursor_ && pending_.empty() && doc.history().revision() == revision_;
    if (!canStepOn) {
        replayTo(doc, position);
        return;
    }
    std::string ignored;  // a rejected operation is skipped, as replayTo skips it
    while (scriptCursor_ < position && step(doc, ignored) != StepResult::Nothing) {
    }
}

void AoiState::replayTo(const Document& doc, std::size_t position, RebuildCause cause) {
    if (rebuildsInBackground(doc)) {
        startBackgroundRebuild(doc, settings_, position, cause);
        return;
    }
    resetSession(doc);
    stepFromStartTo(doc, position);
}

void AoiState::stepFromStartTo(const Document& doc, std::size_t position) {
    revision_ = doc.history().revision();
    pending_.clear();
    last_.reset();
    highlightedPair.reset();
    scriptCursor_ = 0;
    rejected_ = 0;
    view_ = World();
    ++serial_;
    std::string ignored;
    while (scriptCursor_ < position && step(doc, ignored) != StepResult::Nothing) {
    }
    if (recording_ && scriptCursor_ == 0) view_ = doc.world();
    if (viewHistory_) viewHistory_->clear();  // its steps were edits of the world replaced just now
}

void AoiState::setRecording(bool on, const Document& doc) {
    if (on == recording_) return;
    if (on) {
        seek(doc, length(doc));
        if (scriptCursor_ == 0) view_ = doc.world();
        viewHistory_ = std::make_unique<EditHistory>(view_);
        runAllPending(doc);  // edits held in step mode belong to the starting world, not the recording
    } else {
        viewHistory_.reset();
    }
    recording_ = on;
    ++serial_;
}

std::size_t AoiState::record(Document& doc) {
    if (!recording_) return 0;
    std::vector<ScriptOp> ops = session_.pendingOperations(view_);
    for (const ScriptOp& op : ops) {
        run(op, scriptCursor_ + 1, doc.scenario().script.size() + 1);
        const auto& methods = session_.methods();
        doc.appendScript(*session_.lastOperation(), methods.empty() ? std::vector<AoiEvent>{} : methods.front().lastEvents);
        ++scriptCursor_;
    }
    revision_ = doc.history().revision();
    return ops.size();
}

void AoiState::recordTick(Document& doc) {
    if (!recording_) return;
    // The behaving entities move first, as the reader inserts their moves before every tick: the saved
    // file keeps the behaviours, and loading it makes these same moves again.
    std::vector<ScriptOp> ops = behaviourMovesBeforeNextTick(doc.scenario());
    ops.push_back(ScriptOp{OpKind::Tick, Entity{}});
    for (const ScriptOp& op : ops) {
        if (op.kind == OpKind::Move) applyOperation(view_, op);
        run(op, scriptCursor_ + 1, doc.scenario().script.size() + 1);
        const auto& methods = session_.methods();
        doc.appendScript(op, methods.empty() ? std::vector<AoiEvent>{} : methods.front().lastEvents);
        ++scriptCursor_;
    }
}

int AoiState::focus() const { return std::max(0, session_.methodIndex(focus_)); }

}  // namespace aoilab::app
