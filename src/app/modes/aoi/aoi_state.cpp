#include "app/modes/aoi/aoi_state.h"

#include "scenario/next_tick.h"

#include "aoi/apply_op.h"

#include <algorithm>

#include "aoi/aoi_memory.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

constexpr std::size_t kLogCapacity = 200'000;

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
            checkpoints_.clear();  // (another document's copies; the key would refuse them anyway)
            run_.cursor = 0;
            run_.rejected = 0;
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
        // No memory check here (issue 38, class 5): a new document passed the reader's, and the menus
        // change only the shape and the method, which the estimate does not depend on.
        if (!newDocument && worthBackground(doc, run_.cursor)) {
            // Cancel puts the old shape and method back into the document, unless the world's size
            // changed too (then the old methods no longer fit it: no Cancel).
            const bool resized = world.width() != worldWidth_ || world.height() != worldHeight_;
            startBackgroundRebuild(doc, next, run_.cursor, resized ? RebuildCause::StartingWorld : RebuildCause::Menus);
            return;
        }
        settings_ = next;
        rebuild(doc);
        if (run_.cursor > 0 || recording_) replayTo(doc, run_.cursor);  // same position, rebuilt methods
    }
    if (recording_) return;  // edits go to the timeline's world; record() runs them
    if (doc.history().revision() != revision_) {
        // Undo or redo while the timeline is past the start: the starting world changed, so the view
        // is replayed from it (edits themselves are refused there, see AppContext::editLock).
        if (run_.cursor > 0) replayTo(doc, run_.cursor, RebuildCause::StartingWorld);
        else refreshPending(doc);
    }
    if (!stepMode_ && !pending_.empty()) runAllPending(doc);
}

void AoiState::resetSession(const Document& doc) {
    run_.session.reset(doc.world(), settings_, kLogCapacity, doc.world().size() <= kBruteLimit);
    run_.adoptNewSession();
    runIsReplay_ = true;
    replayedFrom_ = 0;
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

void AoiState::setFlickerWindow(std::int64_t ticks) {
    run_.flickerWindow = std::max<std::int64_t>(0, ticks);
    run_.flicker.assign(run_.session.methods().size(), FlickerCounter(run_.flickerWindow));
    run_.countEvents(false);
    runIsReplay_ = false;  // recounted from the log, which a replay does not (the log keeps the newest events only)
    checkpoints_.clear();
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
    AoiRun run;
    run.flickerWindow = run_.flickerWindow;
    run.session = std::move(session);
    run.adoptNewSession();
    run.cursor = run_.cursor;  // (the position stays until a replay moves it)
    run.rejected = run_.rejected;
    run.view = std::move(run_.view);
    installRun(std::move(run), settings, doc, doc.history().revision());
    runIsReplay_ = run_.cursor == 0;  // a replay moves a later position
    replayedFrom_ = 0;
}

void AoiState::installRun(AoiRun run, const AoiSettings& settings, const Document& doc, std::size_t revision) {
    settings_ = settings;
    run_ = std::move(run);
    built_ = true;
    worldWidth_ = doc.world().width();
    worldHeight_ = doc.world().height();
    revision_ = revision;
    pending_.clear();
    highlightedPair.reset();
    if (focus_.empty() || run_.session.methodIndex(focus_) < 0)
        focus_ = run_.session.methodIndex(settings_.method) >= 0 ? settings_.method : "crosslist";
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

void AoiState::startBackgroundRebuild(const Document& doc, const AoiSettings& settings, std::size_t position, RebuildCause cause,
                                      std::shared_ptr<const AoiRun> from) {
    rebuild_.discard();  // a newer request replaces one in progress
    position = std::min(position, length(doc));
    rebuildRequest_ = RebuildRequest{settings, position, cause, doc.world().size(), doc.history().revision(),
                                     from ? from->cursor : 0};
    const bool withBrute = doc.world().size() <= kBruteLimit;
    // The worker reads copies: the starting world, the scenario as shared now (opening, saving or
    // recording meanwhile give the document another), the checkpoints (each one never changes).
    rebuild_.start([world = doc.world(), scenario = doc.sharedScenario(), settings, withBrute, position, from,
                    checkpoints = checkpoints_, key = checkpointKey(doc, settings), keep = keepCheckpoints_,
                    goingBack = position < run_.cursor,
                    flickerWindow = run_.flickerWindow](const BuildProgress& progress) mutable {
        const std::size_t entities = world.size(), total = entities + position;
        Replayed out{AoiRun(), std::move(checkpoints)};
        AoiRun& run = out.run;
        if (from) {
            run = *from;
        } else {
            run.flickerWindow = flickerWindow;
            run.session.reset(world, settings, kLogCapacity, withBrute,
                              [&](std::size_t built, std::size_t) { return progress(std::min(built, entities), total); });
            run.adoptNewSession();
            run.cursor = 0;
            run.rejected = 0;
            run.last.reset();
            run.view = World();
        }
        const std::size_t length = scenario->script.size();
        const std::size_t trailing = out.checkpoints.trailingFor(run.cursor, position, run, kLogCapacity);
        run.stepTo(world, scenario->script, position,
                   [&](std::size_t taken, std::size_t) { return progress(entities + taken, total); },
                   [&](const AoiRun& now) {
                       if (!keep) return;
                       out.checkpoints.prepare(key, length, now, kLogCapacity);
                       if (out.checkpoints.wants(key, now.cursor, goingBack)) out.checkpoints.keep(now);
                       if (now.cursor == trailing && trailing < position) out.checkpoints.keepTrailing(key, now);
                   });
        return out;
    }, true);
    ++serial_;
}

bool AoiState::pollRebuild(Document& doc, std::string& error) {
    if (!rebuild_.finished()) return false;
    const RebuildRequest request = rebuildRequest_;
    bool installed = false;
    try {
        Replayed built = rebuild_.take();
        if (!rebuild_.cancelled()) {  // (cancelled after its last progress report: dropped all the same)
            installRun(std::move(built.run), request.settings, doc, request.revision);
            checkpoints_ = std::move(built.checkpoints);
            runIsReplay_ = true;
            replayedFrom_ = request.from;
            afterReplay(doc);
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

std::string AoiState::memoryRefusal(const Document& doc, const AoiSettings& settings) {
    std::string refusal;
    try {
        refusal = aoiMemoryRefusal(settings, doc.world().width(), doc.world().height(), doc.world().entities(),
                                   doc.scenario().script);
    } catch (const InputError&) {
        return {};  // settings resolveAoiConfig refuses: the rebuild says so, naming the key
    }
    if (refusal.empty()) return {};
    const std::string file = doc.path().empty() ? std::string("the scenario") : doc.path().string();
    return file + ": /aoi: " + refusal;
}

bool AoiState::changeSettings(const AoiSettings& settings, Document& doc, std::string& error) {
    // Refused before anything is built (issue 38): the methods, the settings and the world stay.
    if (std::string refusal = memoryRefusal(doc, settings); !refusal.empty()) {
        error = refusal;
        return false;
    }
    if (worthBackground(doc, run_.cursor)) {  // refused settings come back from pollRebuild()
        startBackgroundRebuild(doc, settings, run_.cursor, RebuildCause::Panel);
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
    run_.last.reset();
    ++serial_;
    adoptIntoDocument(doc);
    if (run_.cursor > 0) replayTo(doc, run_.cursor);  // the methods changed: the same position again
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
    pending_ = run_.session.pendingOperations(doc.world());
    revision_ = doc.history().revision();
}

void AoiState::runAllPending(const Document& doc) {
    if (doc.history().revision() != revision_) refreshPending(doc);
    for (const ScriptOp& op : pending_) run(op);
    pending_.clear();
}

void AoiState::tick() { run(ScriptOp{OpKind::Tick, Entity{}}); }

AoiState::StepResult AoiState::step(const Document& doc, std::string& error) {
    if (doc.history().revision() != revision_ && run_.cursor == 0) refreshPending(doc);
    if (!pending_.empty()) {
        run(pending_.front());
        refreshPending(doc);
        return StepResult::Ran;
    }
    AoiRun::Step result = run_.stepScript(doc.world(), doc.scenario().script, error);
    if (result == AoiRun::Step::End) return StepResult::Nothing;
    offerCheckpoint(doc);
    ++serial_;
    return result == AoiRun::Step::Rejected ? StepResult::Rejected : StepResult::Ran;
}

void AoiState::seek(const Document& doc, std::size_t position) {
    position = std::min(position, length(doc));
    // A seek replaces one still replaying on the worker (its methods never come in).
    if (rebuilding() && rebuildCause() == RebuildCause::Seek) rebuild_.discard();
    bool canStepOn = position >= run_.cursor && pending_.empty() && doc.history().revision() == revision_;
    // A long way forward is a replay from the start on the worker, with its progress and Cancel, rather
    // than seconds of stepping with the window frozen.
    const bool longWayForward = canStepOn && position - run_.cursor > longSeekFrom_;
    if (!canStepOn || longWayForward) {
        replayTo(doc, position);
        return;
    }
    std::string ignored;  // a rejected operation is skipped, as replayTo skips it
    while (run_.cursor < position && step(doc, ignored) != StepResult::Nothing) {
    }
}

void AoiState::replayTo(const Document& doc, std::size_t position, RebuildCause cause) {
    position = std::min(position, length(doc));
    const bool goingBack = position < run_.cursor;
    if (std::shared_ptr<const AoiRun> checkpoint = checkpoints_.nearest(checkpointKey(doc, settings_), position)) {
        // A copy costs far less than building the methods: count a quarter of an entity's build for it.
        if (doc.world().size() / 4 + (position - checkpoint->cursor) / 2 > backgroundFrom_)
            startBackgroundRebuild(doc, settings_, position, cause, checkpoint);
        else
            replayFrom(doc, *checkpoint, position, goingBack);
        return;
    }
    if (worthBackground(doc, position)) {
        startBackgroundRebuild(doc, settings_, position, cause);
        return;
    }
    resetSession(doc);
    stepFromStartTo(doc, position, goingBack);
}

void AoiState::replayFrom(const Document& doc, const AoiRun& checkpoint, std::size_t position, bool goingBack) {
    revision_ = doc.history().revision();
    pending_.clear();
    highlightedPair.reset();
    run_ = checkpoint;
    runIsReplay_ = true;
    replayedFrom_ = checkpoint.cursor;
    const std::size_t trailing = checkpoints_.trailingFor(checkpoint.cursor, position, checkpoint, kLogCapacity);
    run_.stepTo(doc.world(), doc.scenario().script, position, {},
                [&](const AoiRun&) { offerCheckpoint(doc, trailing < position ? trailing : 0, goingBack); });
    afterReplay(doc);
}

void AoiState::offerCheckpoint(const Document& doc, std::size_t trailing, bool goingBack) {
    if (!keepCheckpoints_ || !runIsReplay_ || recording_ || !pending_.empty() || revision_ != doc.history().revision()) return;
    const AoiCheckpoints::Key key = checkpointKey(doc, settings_);
    checkpoints_.prepare(key, length(doc), run_, kLogCapacity);
    if (checkpoints_.wants(key, run_.cursor, goingBack)) checkpoints_.keep(run_);
    if (trailing > 0 && run_.cursor == trailing) checkpoints_.keepTrailing(key, run_);
}

void AoiState::stepFromStartTo(const Document& doc, std::size_t position, bool goingBack) {
    revision_ = doc.history().revision();
    pending_.clear();
    highlightedPair.reset();
    const std::size_t trailing = checkpoints_.trailingFor(0, std::min(position, length(doc)), run_, kLogCapacity);
    run_.stepFromStart(doc.world(), doc.scenario().script, position, {}, [&](const AoiRun&) {
        offerCheckpoint(doc, trailing < position ? trailing : 0, goingBack);
    });
    afterReplay(doc);
}

void AoiState::afterReplay(const Document& doc) {
    if (recording_ && run_.cursor == 0) run_.view = doc.world();
    if (viewHistory_) viewHistory_->clear();  // its steps were edits of the world replaced just now
    ++serial_;
}

void AoiState::setRecording(bool on, const Document& doc) {
    if (on == recording_) return;
    if (on) {
        seek(doc, length(doc));
        if (run_.cursor == 0) run_.view = doc.world();
        viewHistory_ = std::make_unique<EditHistory>(run_.view);
        runAllPending(doc);  // edits held in step mode belong to the starting world, not the recording
    } else {
        viewHistory_.reset();
    }
    recording_ = on;
    ++serial_;
}

std::size_t AoiState::record(Document& doc) {
    if (!recording_ || rebuilding()) return 0;  // (the timeline's world is replaced once rebuilt)
    std::vector<ScriptOp> ops = run_.session.pendingOperations(run_.view);
    for (const ScriptOp& op : ops) {
        run(op, run_.cursor + 1, doc.scenario().script.size() + 1);
        const auto& methods = run_.session.methods();
        doc.appendScript(*run_.session.lastOperation(), methods.empty() ? std::vector<AoiEvent>{} : methods.front().lastEvents);
        ++run_.cursor;
    }
    revision_ = doc.history().revision();
    return ops.size();
}

void AoiState::recordTick(Document& doc) {
    if (!recording_ || rebuilding()) return;
    // The behaving entities move first, as the reader inserts their moves before every tick: the saved
    // file keeps the behaviours, and loading it makes these same moves again.
    std::vector<ScriptOp> ops = behaviourMovesBeforeNextTick(doc.scenario());
    ops.push_back(ScriptOp{OpKind::Tick, Entity{}});
    for (const ScriptOp& op : ops) {
        if (op.kind == OpKind::Move) applyOperation(run_.view, op);
        run(op, run_.cursor + 1, doc.scenario().script.size() + 1);
        const auto& methods = run_.session.methods();
        doc.appendScript(op, methods.empty() ? std::vector<AoiEvent>{} : methods.front().lastEvents);
        ++run_.cursor;
    }
}

int AoiState::focus() const { return std::max(0, run_.session.methodIndex(focus_)); }

}  // namespace aoilab::app
