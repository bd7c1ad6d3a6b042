#pragma once
// The app's AOI teaching state, shared by the AOI panels: an AoiSession (every method side by side on the
// document's world), step mode with its queue of pending operations, the scenario script's cursor, the
// live method settings and what the last operation touched. No ImGui here, so unit tests drive it.
//
// How edits reach the methods: tools edit the World through the undo history; sync() diffs the World
// against the session's mirror (AoiSession::pendingOperations). In live mode every pending operation runs
// at once (a drag runs one move a frame); in step mode they wait until step() runs them one at a time.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "aoi/aoi_session.h"
#include "app/background_job.h"
#include "app/document.h"
#include "app/modes/aoi/aoi_checkpoints.h"
#include "app/modes/aoi/aoi_run.h"

namespace aoilab::app {

// Every method built on a world, away from the state (on the thread that opens a large document):
// what AoiState::sync would have built for it, and the settings it was built with.
struct PreparedAoiSession {
    AoiSession session;
    AoiSettings wanted;    // the settings asked for
    AoiSettings settings;  // the settings used: `wanted`, or the defaults when the methods refused them
};

class AoiState {
public:
    // Above this many entities the brute-force oracle is left out of the session: it tests every entity
    // on every operation, so building it costs O(n^2) (about a minute for 10,000 entities) and every
    // settings change would rebuild it. The fast methods still run side by side.
    static constexpr std::size_t kBruteLimit = 1500;

    // Brings the session up to date. documentSerial changes whenever the app opens or creates a
    // document (the session then starts over from the new world and the scenario's settings).
    void sync(const Document& doc, std::size_t documentSerial);

    // Builds every method on `world` as sync() does for a new document whose scenario asks for
    // `wanted` (falling back to the defaults, with its shape and method, when the methods refuse
    // them). Touches no state, so it may run on another thread; `progress` may cancel it
    // (BuildCancelled).
    static PreparedAoiSession prepareSession(const World& world, const AoiSettings& wanted, const BuildProgress& progress = {});
    // A session prepared for the document with this serial: the next sync() of that document takes it
    // instead of building its own.
    void offerPrepared(PreparedAoiSession prepared, std::size_t documentSerial);

    // Rebuilding every method takes seconds on a large world (about 2 s at 100,000 entities, 15 s at
    // 300,000), and replaying a long script as long (about 11 us an operation with every method side by
    // side: 11 s for 1,000,000). When the work, the entities to build plus half the operations to run
    // (an operation costs about half an entity's build), passes backgroundRebuildFrom() (about 0.4 s
    // of it), a settings change, a change of the scenario's shape or method, a replay
    // (seeking back, undo at a later position) and a long seek forward build the new methods on a worker
    // thread from a copy of the starting world and replay the script there, while the old ones stay in
    // place and on screen and sync() leaves everything as it is; pollRebuild() then swaps them in at the
    // position asked for. Cancel keeps the old methods, settings and position.
    static constexpr std::size_t kBackgroundRebuildFrom = 20'000;
    std::size_t backgroundRebuildFrom() const { return backgroundFrom_; }
    void setBackgroundRebuildFrom(std::size_t work) { backgroundFrom_ = work; }  // tests
    // A seek forward by more than this many operations (about 0.4 s of them) replays from the start on
    // the worker too.
    static constexpr std::size_t kLongSeekFrom = 40'000;
    void setLongSeekFrom(std::size_t operations) { longSeekFrom_ = operations; }  // tests
    bool rebuilding() const { return rebuild_.busy(); }
    // Progress: the entities built, then the operations replayed (rebuildEntities() + rebuildPosition()
    // in all).
    std::size_t rebuildDone() const { return rebuild_.done(); }
    std::size_t rebuildTotal() const { return rebuild_.total(); }
    std::size_t rebuildEntities() const { return rebuildRequest_.entities; }  // of the starting world
    double rebuildSeconds() const { return rebuild_.seconds(); }
    std::size_t rebuildPosition() const { return rebuildRequest_.position; }  // where the timeline goes
    // Why the methods are rebuilt: the timeline sought back; the panel's or the menus' settings changed;
    // the starting world changed under a later position (undo, redo, the world's size).
    enum class RebuildCause { Seek, Panel, Menus, StartingWorld };
    // Its name in --dump-ui (aoi.rebuilding.cause): seek, panel, menus, starting_world.
    static const char* rebuildCauseName(RebuildCause cause);
    RebuildCause rebuildCause() const { return rebuildRequest_.cause; }
    // Cancel keeps the old methods, settings and position; not when the starting world changed (the old
    // methods no longer match it).
    bool rebuildCancellable() const { return rebuildRequest_.cause != RebuildCause::StartingWorld; }
    void cancelRebuild() {
        if (rebuildCancellable()) rebuild_.cancel();
    }
    // Takes a finished rebuild (true). `error`: the methods refused the new settings (the old stay).
    bool pollRebuild(Document& doc, std::string& error);

    const AoiSession& session() const { return run_.session; }
    const AoiRun& run() const { return run_; }  // the whole run (read-only: tests size its copies)
    bool built() const { return built_; }

    // The settings in effect: the scenario's, with the live edits of the teaching panel.
    const AoiSettings& settings() const { return settings_; }
    // Rebuilds every method with new settings at once and writes them into the document (so Save keeps
    // them). Returns false (and keeps the old settings) when they are invalid; `error` then says why.
    bool changeSettings(const AoiSettings& settings, Document& doc, std::string& error);
    // Back to the settings the file has (as opened or last saved).
    void restoreScenarioSettings(Document& doc);
    // Settings whose methods would pass the AOI memory budget on this document's world and script
    // (aoi/aoi_memory.h, the scenario reader's check): "FILE: /aoi: views need about ...", else "".
    // changeSettings() refuses them before building anything.
    static std::string memoryRefusal(const Document& doc, const AoiSettings& settings);

    bool stepMode() const { return stepMode_; }
    void setStepMode(bool on, const Document& doc);  // leaving step mode runs what is pending
    const std::vector<ScriptOp>& pending() const { return pending_; }

    enum class StepResult { Ran, Nothing, Rejected };
    // One step forward: runs the first pending operation, or else the scenario script's next operation.
    // Script operations run on the timeline's own copy of the world (the view), never on the document:
    // stepping is not an edit. Rejected: the script operation does not fit the edited starting world;
    // `error` says why and the position moves past it (a replay skips it the same way).
    StepResult step(const Document& doc, std::string& error);
    void runAllPending(const Document& doc);
    void tick();  // one tick operation (the grid's lazy mode refreshes on ticks)

    // The timeline: position N = the scenario's starting world (the document's) with the first N script
    // operations run. seek() is exact: forward it steps on, backward (or after the starting world or
    // the settings changed) it rebuilds every method from the starting world and replays N operations.
    // A seek while another still replays on the worker replaces it.
    std::size_t position() const { return run_.cursor; }
    std::size_t length(const Document& doc) const { return doc.scenario().script.size(); }
    void seek(const Document& doc, std::size_t position);
    // Going forward from a replay (stepping, seeking, the replays themselves), the timeline keeps a copy
    // of its run every checkpoints().interval() operations (aoi_checkpoints.h); a seek back replays from
    // the nearest copy. replayedFrom(): where the last replay started (0: the start, rebuilding every
    // method).
    const AoiCheckpoints& checkpoints() const { return checkpoints_; }
    std::size_t replayedFrom() const { return replayedFrom_; }
    void keepCheckpoints(bool on) {  // tests: off, every replay starts from the start
        keepCheckpoints_ = on;
        if (!on) checkpoints_.clear();
    }
    // Script operations skipped since the start because they did not fit the starting world.
    std::size_t rejectedOperations() const { return run_.rejected; }
    // The world at the current position: the document's at the start, else the timeline's copy.
    const World& shownWorld(const Document& doc) const {
        return run_.cursor == 0 && !recording_ ? doc.world() : run_.view;
    }

    // Recording: the timeline goes to its end, and from then on the user's edits act on the timeline's
    // world (recordingHistory(), for the tools) and every operation they make runs through the methods
    // at once and is appended to the document's script (record()), so Save writes a scenario that
    // replays to the same events. Stopping keeps what was recorded.
    bool recording() const { return recording_; }
    void setRecording(bool on, const Document& doc);
    EditHistory* recordingHistory() { return recording_ ? viewHistory_.get() : nullptr; }
    // Runs and appends what the user changed in the timeline's world since the last call; the number.
    std::size_t record(Document& doc);
    // A tick while recording: run and appended like an edit.
    void recordTick(Document& doc);
    std::size_t scriptCursor() const { return run_.cursor; }

    // The method the panels follow (an index into session().methods()).
    int focus() const;
    const std::string& focusName() const { return focus_; }
    void setFocus(const std::string& method) { focus_ = method; }
    // The method picker: the panels follow it and it becomes the scenario's method (no rebuild: every
    // method already runs side by side).
    void chooseMethod(const std::string& method, Document& doc);

    const std::optional<AoiStepInfo>& last() const { return run_.last; }
    // The timeline number (1-based) of the session's operation `sessionOp`, 0 when it was not a script
    // operation (the starting world's adds, edits): what the event log shows.
    std::size_t scriptNumberOf(std::size_t sessionOp) const {
        return sessionOp < run_.scriptNumbers.size() ? run_.scriptNumbers[sessionOp] : 0;
    }
    // Bumped by every change of the session (an operation, a rebuild): panels key their caches on it.
    std::size_t serial() const { return serial_; }

    // Per method (an index into session().methods()), counted from every operation since the methods
    // were built, the starting world's adds included (the engine's counters in src/aoi):
    // flicker pairs (flicker.h) within flickerWindow() ticks, and the events per tick (message_budget.h).
    const std::vector<FlickerCounter>& flicker() const { return run_.flicker; }
    const std::vector<MessageBudget>& budget() const { return run_.budget; }
    std::int64_t flickerWindow() const { return run_.flickerWindow; }
    void setFlickerWindow(std::int64_t ticks);  // recounts from the event log
    // Operations whose events differed from brute force's beyond expected lag (aoi_checks.h), per method.
    const std::vector<std::size_t>& realDisagreements() const { return run_.realDisagreements; }
    // Bytes per message for the budget chart (a setting of the panel, not of the scenario).
    int messageBytes = 32;

    // The event the user clicked in the events panel: (watcher, target), drawn over the scene.
    std::optional<std::pair<EntityId, EntityId>> highlightedPair;

    // CPU time of the AOI side (syncing the methods, the panels and their overlays), for the frame-time
    // measurement: the total and the number of frames it covers; --dump-ui reports the mean.
    double cpuNanoseconds = 0;
    std::size_t timedFrames = 0;

    // What each panel drew in the current frame (lit nodes, cells, ...), keyed by panel id; --dump-ui
    // writes it so window tests can compare it with the engines.
    nlohmann::json drawn = nlohmann::json::object();

private:
    void rebuild(const Document& doc);
    // Every method built afresh from the document's world (and what the state derives from them).
    void resetSession(const Document& doc);
    // A session built here becomes the state's, at the start of the timeline.
    void installSession(AoiSession session, const AoiSettings& settings, const Document& doc);
    // A run built (here or on the worker) becomes the state's, at its position; `revision`: the
    // starting world's revision it was built from.
    void installRun(AoiRun run, const AoiSettings& settings, const Document& doc, std::size_t revision);
    // From the start of the timeline, the first `position` script operations (what a replay does after
    // building the methods).
    void stepFromStartTo(const Document& doc, std::size_t position, bool goingBack = false);
    // After a replay: the recording's world and edit history follow the timeline's new world.
    void afterReplay(const Document& doc);
    // Whether building the methods on this document's world and running `operations` operations go to
    // the worker thread (a few tenths of a second at once are not worth a progress window's flash:
    // crowd-1000-walk.json's 30,030 operations step back at once).
    bool worthBackground(const Document& doc, std::size_t operations) const {
        return doc.world().size() + operations / 2 > backgroundFrom_;
    }
    // `from`: a checkpoint to replay from instead of building every method.
    void startBackgroundRebuild(const Document& doc, const AoiSettings& settings, std::size_t position, RebuildCause cause,
                                std::shared_ptr<const AoiRun> from = nullptr);
    AoiCheckpoints::Key checkpointKey(const Document& doc, const AoiSettings& settings) const {
        return {documentSerial_, doc.history().revision(), settings, run_.flickerWindow};
    }
    // A copy of the run when one is due at its position (and it is what a replay would give there).
    // `trailing`: the position of a replay's trailing copy (AoiCheckpoints::trailingAt; 0: none);
    // `goingBack`: the replay's position lies before the one shown when it started.
    void offerCheckpoint(const Document& doc, std::size_t trailing = 0, bool goingBack = false);
    // From the checkpoint, on to `position`, here.
    // goingBack: `position` lies before the one shown (AoiCheckpoints::wants).
    void replayFrom(const Document& doc, const AoiRun& checkpoint, std::size_t position, bool goingBack);
    // Every method rebuilt from the document's world, then the first `position` script operations.
    void replayTo(const Document& doc, std::size_t position, RebuildCause cause = RebuildCause::Seek);
    void adoptIntoDocument(Document& doc);
    void run(const ScriptOp& op, std::size_t scriptNumber = 0, std::size_t scriptLength = 0) {
        run_.run(op, scriptNumber, scriptLength);
        runIsReplay_ = false;  // an edit, a tick or a recorded operation: no replay goes through here
        ++serial_;
    }
    void refreshPending(const Document& doc);

    AoiRun run_;  // the methods, the timeline's world and position, the counters
    // Whether run_ is what a replay from the start gives at its position (then its copies are checkpoints).
    bool runIsReplay_ = false;
    bool keepCheckpoints_ = true;
    AoiCheckpoints checkpoints_;
    std::size_t replayedFrom_ = 0;
    // What the worker gives back: the run, and the checkpoints with those it copied on the way.
    struct Replayed {
        AoiRun run;
        AoiCheckpoints checkpoints;
    };
    struct RebuildRequest {
        AoiSettings settings;
        std::size_t position = 0;
        RebuildCause cause = RebuildCause::Seek;
        std::size_t entities = 0;  // of the starting world
        std::size_t revision = 0;  // the starting world's, when asked
        std::size_t from = 0;      // the checkpoint's position it replays from (0: the start)
    };
    BackgroundJob<Replayed> rebuild_;
    RebuildRequest rebuildRequest_;
    std::size_t backgroundFrom_ = kBackgroundRebuildFrom;
    std::size_t longSeekFrom_ = kLongSeekFrom;
    std::optional<PreparedAoiSession> prepared_;  // offered for document preparedSerial_
    std::size_t preparedSerial_ = 0;
    bool built_ = false;
    std::size_t documentSerial_ = 0;
    AoiSettings scenarioSettings_;  // the document's settings when last adopted
    AoiSettings settings_;
    double worldWidth_ = 0;
    double worldHeight_ = 0;
    std::size_t revision_ = static_cast<std::size_t>(-1);
    bool stepMode_ = false;
    bool recording_ = false;
    std::unique_ptr<EditHistory> viewHistory_;  // edits of the timeline's world while recording
    std::vector<ScriptOp> pending_;
    std::string focus_;
    std::size_t serial_ = 0;
};

// The name to show for an entity of the session's mirror: its name, or its id when it has none.
std::string entityLabel(const AoiSession& session, EntityId id);

}  // namespace aoilab::app
