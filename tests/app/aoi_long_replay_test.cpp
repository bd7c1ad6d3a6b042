// Long timelines: a replay or a long seek forward whose work (entities to build plus operations to run)
// passes AoiState's thresholds goes to the worker thread, with its progress and Cancel, and gives the
// same state as stepping there one operation at a time; the document's scenario it reads stays as it
// was while the app records, saves or opens another.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>

#include <unistd.h>

#include "app/document.h"
#include "app/modes/aoi/aoi_state.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;

constexpr int kEntities = 30;
constexpr int kOperations = 3000;

// 30 walkers on a 200 x 200 world (circle views of radius 25), then 3,000 script operations: moves of
// random entities, a tick every tenth, and every 500th the arrival of a new entity 1000 + k / 500.
std::string longScenario() {
    std::uint64_t seed = 12345;
    auto next = [&seed](int bound) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((seed >> 33) % static_cast<std::uint64_t>(bound));
    };
    std::ostringstream out;
    out << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 200, "height": 200},)"
        << R"("aoi": {"shape": "circle", "method": "grid"}, "entities": [)";
    for (int i = 1; i <= kEntities; ++i)
        out << (i > 1 ? "," : "") << R"({"id": )" << i << R"(, "x": )" << next(200) << R"(, "y": )" << next(200)
            << R"(, "radius": 25})";
    out << R"(], "script": [)";
    for (int k = 1; k <= kOperations; ++k) {
        if (k > 1) out << ",";
        if (k % 500 == 0) out << R"({"op": "add", "id": )" << 1000 + k / 500 << R"(, "x": 100, "y": 100, "radius": 25})";
        else if (k % 10 == 0) out << R"({"op": "tick"})";
        else
            out << R"({"op": "move", "id": )" << 1 + next(kEntities) << R"(, "x": )" << next(200) << R"(, "y": )"
                << next(200) << "}";
    }
    out << "]}";
    return out.str();
}

fs::path writeLongScenario(const std::string& name) {
    fs::path file = fs::temp_directory_path() / ("aoilab_long_replay_" + std::to_string(::getpid()) + "_" + name + ".json");
    std::ofstream(file) << longScenario();
    return file;
}

class LongReplay : public ::testing::Test {
protected:
    void SetUp() override {
        file = writeLongScenario("a");
        doc.open(file);
        // Entity 1001 in the starting world: the script's arrival of it (operation 500) is rejected and
        // every replay skips it alike.
        doc.history().addEntity(Entity{1001, "", 50, 50, 25, 0});
        state.sync(doc, 1);
        reference.sync(doc, 1);
        // Work above 1,000 (entities plus half the operations) goes to the worker; so does a seek
        // forward by more than 1,000 operations. The reference keeps the defaults: it steps on the app's thread.
        state.setBackgroundRebuildFrom(1000);
        state.setLongSeekFrom(1000);
        // Every replay from the start (the checkpoints' own tests below turn them on).
        state.keepCheckpoints(false);
        reference.keepCheckpoints(false);
    }
    void TearDown() override { fs::remove(file); }
    // Waits for the worker and takes what it built; returns what the methods refused ("" when nothing).
    std::string finish() {
        std::string error;
        while (!state.pollRebuild(doc, error)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        EXPECT_FALSE(state.rebuilding());
        return error;
    }
    // The reference at `position`, stepped there one operation at a time from the start.
    void stepReferenceTo(std::size_t position) {
        reference.seek(doc, 0);
        std::string ignored;
        while (reference.position() < position) reference.step(doc, ignored);
    }
    void expectSameAsReference() {
        EXPECT_EQ(state.position(), reference.position());
        EXPECT_EQ(state.rejectedOperations(), reference.rejectedOperations());
        EXPECT_EQ(state.session().operationCount(), reference.session().operationCount());
        EXPECT_EQ(state.session().tick(), reference.session().tick());
        EXPECT_EQ(state.session().mirroredEntities(), reference.session().mirroredEntities());
        EXPECT_EQ(state.shownWorld(doc).entities(), reference.shownWorld(doc).entities());
        ASSERT_EQ(state.session().methods().size(), reference.session().methods().size());
        for (std::size_t m = 0; m < state.session().methods().size(); ++m) {
            EXPECT_EQ(state.session().methods()[m].lastEvents, reference.session().methods()[m].lastEvents) << m;
            EXPECT_EQ(state.flicker()[m].flickers(), reference.flicker()[m].flickers()) << m;
            EXPECT_EQ(state.budget()[m].totalEvents(), reference.budget()[m].totalEvents()) << m;
        }
        EXPECT_EQ(state.realDisagreements(), reference.realDisagreements());
        ASSERT_EQ(state.last().has_value(), reference.last().has_value());
        if (state.last()) {
            EXPECT_EQ(state.last()->scriptNumber, reference.last()->scriptNumber);
            EXPECT_EQ(state.last()->operation, reference.last()->operation);
            EXPECT_EQ(state.last()->before, reference.last()->before);
        }
        for (std::size_t op = 0; op < state.session().operationCount(); op += 97)
            EXPECT_EQ(state.scriptNumberOf(op), reference.scriptNumberOf(op)) << op;
        ASSERT_EQ(state.session().log().size(), reference.session().log().size());
        EXPECT_EQ(state.session().eventsDropped(), reference.session().eventsDropped());
        for (std::size_t i = 0; i < state.session().log().size(); i += 53) {
            const LoggedEvent &a = state.session().log()[i], &b = reference.session().log()[i];
            EXPECT_EQ(std::make_tuple(a.op, a.tick, a.method, a.event), std::make_tuple(b.op, b.tick, b.method, b.event)) << i;
        }
        for (std::size_t m = 0; m < state.session().methods().size(); ++m)
            EXPECT_EQ(state.session().methods()[m].system->total().distanceChecks,
                      reference.session().methods()[m].system->total().distanceChecks) << m;
    }
    fs::path file;
    Document doc;
    AoiState state;
    AoiState reference;
};

TEST_F(LongReplay, ALongSeekForwardRunsOnTheWorkerWithItsProgressAndGivesTheStateOfSteppingThere) {
    ASSERT_EQ(doc.scenario().script.size(), static_cast<std::size_t>(kOperations));
    state.seek(doc, 2500);
    ASSERT_TRUE(state.rebuilding());
    EXPECT_EQ(state.rebuildCause(), AoiState::RebuildCause::Seek);
    EXPECT_EQ(state.rebuildPosition(), 2500u);
    EXPECT_EQ(state.rebuildEntities(), kEntities + 1u);
    EXPECT_EQ(state.position(), 0u);  // the old position until the replay is in
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.rebuildTotal(), kEntities + 1 + 2500u);  // the entities built, then the operations run
    EXPECT_EQ(state.rebuildDone(), state.rebuildTotal());
    stepReferenceTo(2500);
    EXPECT_EQ(reference.rejectedOperations(), 1u);  // operation 500
    expectSameAsReference();

    state.seek(doc, 2600);  // a short way on: stepped at once
    EXPECT_FALSE(state.rebuilding());
    stepReferenceTo(2600);
    expectSameAsReference();
}

TEST_F(LongReplay, SeekingBackOnALongScriptGoesToTheWorkerAndCancelKeepsTheOldState) {
    state.setLongSeekFrom(AoiState::kLongSeekFrom);
    state.seek(doc, 2800);  // stepped on the app's thread: below the long-seek threshold
    ASSERT_FALSE(state.rebuilding());
    const std::uint64_t generation = state.session().logGeneration();

    state.seek(doc, 2200);  // 31 entities + 2,200 / 2 operations: above the 1,000 of work
    ASSERT_TRUE(state.rebuilding());
    ASSERT_TRUE(state.rebuildCancellable());
    state.cancelRebuild();  // however far it got: dropped
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.position(), 2800u);
    EXPECT_EQ(state.session().logGeneration(), generation);

    state.seek(doc, 2200);  // and not cancelled
    EXPECT_EQ(finish(), "");
    stepReferenceTo(2200);
    expectSameAsReference();

    state.seek(doc, 1900);  // 31 + 950 of work: at once
    EXPECT_FALSE(state.rebuilding());
    stepReferenceTo(1900);
    expectSameAsReference();
}

TEST_F(LongReplay, ASeekWhileAnotherReplaysReplacesIt) {
    state.seek(doc, 2500);
    ASSERT_TRUE(state.rebuilding());
    state.seek(doc, 2499);  // a step back from where the first was going
    ASSERT_TRUE(state.rebuilding());
    EXPECT_EQ(state.rebuildPosition(), 2499u);
    EXPECT_EQ(finish(), "");
    stepReferenceTo(2499);
    expectSameAsReference();

    state.seek(doc, 2000);  // and one under way (31 + 2,000 / 2 of work) is replaced by one done at once
    ASSERT_TRUE(state.rebuilding());
    state.seek(doc, 0);
    EXPECT_FALSE(state.rebuilding());
    EXPECT_EQ(state.position(), 0u);
    std::string error;
    EXPECT_FALSE(state.pollRebuild(doc, error));  // nothing comes in later over it
}

TEST_F(LongReplay, TheReplayReportsEachOperationAndStopsWhenAsked) {
    AoiRun run;
    run.session.reset(doc.world(), state.settings(), 1000, false);
    run.adoptNewSession();
    std::size_t reports = 0, lastTaken = 0;
    auto progress = [&](std::size_t taken, std::size_t position) {
        EXPECT_EQ(position, 2000u);
        EXPECT_EQ(taken, lastTaken + 1);
        lastTaken = taken;
        return ++reports < 700;
    };
    EXPECT_THROW(run.stepFromStart(doc.world(), doc.scenario().script, 2000, progress), BuildCancelled);
    EXPECT_EQ(reports, 700u);
    EXPECT_EQ(run.cursor, 700u);  // stopped right there, not at the end
}

TEST_F(LongReplay, RecordingWaitsWhileTheMethodsAreRebuilt) {
    state.setLongSeekFrom(AoiState::kLongSeekFrom);
    state.setRecording(true, doc);  // at the end of the timeline, stepped on the app's thread
    ASSERT_FALSE(state.rebuilding());
    AoiSettings settings = state.settings();
    settings.cellSize = 40;
    std::string error;
    ASSERT_TRUE(state.changeSettings(settings, doc, error)) << error;
    ASSERT_TRUE(state.rebuilding());
    state.recordingHistory()->moveEntity(1, 7, 7);
    EXPECT_EQ(state.record(doc), 0u);  // the timeline's world is about to be replaced
    state.recordTick(doc);
    EXPECT_EQ(doc.scenario().script.size(), static_cast<std::size_t>(kOperations));
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.position(), static_cast<std::size_t>(kOperations));
    EXPECT_EQ(state.session().config().cellSize, 40);
    state.recordTick(doc);  // recording goes on once the methods are in
    EXPECT_EQ(doc.scenario().script.size(), kOperations + 1u);
}

// A few tenths of a second are not worth a progress window's flash: the bundled 1,000 walkers (30,030
// operations with their generated moves) seek to the end and step back at once, with the defaults.
// Going forward from a replay the timeline keeps a copy every 1,000 operations here; a seek back replays
// from the nearest one (here, or on the worker) to the state of stepping there from the start, and an
// edit of the starting world leaves them unused.
TEST_F(LongReplay, ASeekBackReplaysFromTheNearestCheckpointToTheSameState) {
    state.keepCheckpoints(true);
    state.setBackgroundRebuildFrom(AoiState::kBackgroundRebuildFrom);  // at once, unless said below
    state.setLongSeekFrom(AoiState::kLongSeekFrom);
    state.seek(doc, 2999);  // stepped forward: copies at 1,000 and 2,000
    EXPECT_EQ(state.checkpoints().interval(), AoiCheckpoints::kMinInterval);
    EXPECT_EQ(state.checkpoints().count(), 2u);
    EXPECT_GT(state.checkpoints().bytes(), 0u);
    for (std::size_t position : {2500u, 2001u, 1999u, 1000u, 999u}) {  // each a seek back
        SCOPED_TRACE(position);
        state.seek(doc, position);
        ASSERT_FALSE(state.rebuilding());
        EXPECT_EQ(state.replayedFrom(), position >= 2000 ? 2000u : position >= 1000 ? 1000u : 0u);
        stepReferenceTo(position);
        expectSameAsReference();
    }
    // On the worker (with its progress) from a copy, when the work from it is large enough.
    state.setBackgroundRebuildFrom(100);
    state.seek(doc, 2999);  // from 2,001: forward, at once
    state.seek(doc, 2990);  // 31 / 4 + 990 / 2 from the copy at 2,000
    ASSERT_TRUE(state.rebuilding());
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.replayedFrom(), 2000u);
    stepReferenceTo(2990);
    expectSameAsReference();
    // An edit of the starting world: the copies no longer hold, the replay starts from the start.
    state.setBackgroundRebuildFrom(AoiState::kBackgroundRebuildFrom);
    state.seek(doc, 0);
    doc.history().addEntity(Entity{2000, "", 120, 120, 25, 0});
    state.sync(doc, 1);
    reference.sync(doc, 1);
    state.seek(doc, 2500);
    EXPECT_EQ(state.replayedFrom(), 0u);
    state.seek(doc, 2400);
    EXPECT_EQ(state.replayedFrom(), 0u) << "no copy was taken after the edit until a replay";
    state.seek(doc, 2300);
    EXPECT_EQ(state.replayedFrom(), 2000u) << "the replay to 2,400 took them again";
    stepReferenceTo(2300);
    expectSameAsReference();
}

// Step backs one after another: the replay from a copy to 2,990 also keeps a trailing copy
// sqrt(2 x 990) = 44 operations before it, and the next step backs replay from that one (a few
// operations each) until they pass it; the one after replays from the copy at 2,000 again and keeps a
// new trailing copy. Every state is the one stepping there from the start gives.
TEST_F(LongReplay, StepBacksOneAfterAnotherReplayFromATrailingCopy) {
    state.keepCheckpoints(true);
    state.setBackgroundRebuildFrom(AoiState::kBackgroundRebuildFrom);
    state.setLongSeekFrom(AoiState::kLongSeekFrom);
    state.seek(doc, 2999);  // stepped forward: copies at 1,000 and 2,000
    EXPECT_EQ(AoiCheckpoints::trailingAt(2000, 2990), 2946u);
    EXPECT_EQ(AoiCheckpoints::trailingAt(2000, 2030), 2030u) << "a short replay keeps none";
    state.seek(doc, 2990);
    EXPECT_EQ(state.replayedFrom(), 2000u);
    EXPECT_EQ(state.checkpoints().trailingPosition(), 2946u);
    for (std::size_t position = 2989; position >= 2946; --position) {
        state.seek(doc, position);  // a step back (Left)
        ASSERT_FALSE(state.rebuilding());
        ASSERT_EQ(state.replayedFrom(), 2946u) << position;
        if (position % 11 == 0 || position == 2946) {
            stepReferenceTo(position);
            expectSameAsReference();
        }
    }
    EXPECT_EQ(state.checkpoints().count(), 2u) << "the trailing copy is not one of the regular copies";
    state.seek(doc, 2945);  // past it: from 2,000 again, with a new trailing copy
    EXPECT_EQ(state.replayedFrom(), 2000u);
    EXPECT_EQ(state.checkpoints().trailingPosition(), AoiCheckpoints::trailingAt(2000, 2945));
    stepReferenceTo(2945);
    expectSameAsReference();
    state.seek(doc, 2944);
    EXPECT_EQ(state.replayedFrom(), AoiCheckpoints::trailingAt(2000, 2945));
    stepReferenceTo(2944);
    expectSameAsReference();
    // On the worker too (its replay keeps the trailing copy it passes).
    state.setBackgroundRebuildFrom(100);
    state.seek(doc, 2999);
    state.seek(doc, 2600);  // 600 operations from the copy at 2,000: on the worker
    ASSERT_TRUE(state.rebuilding());
    EXPECT_EQ(finish(), "");
    EXPECT_EQ(state.checkpoints().trailingPosition(), AoiCheckpoints::trailingAt(2000, 2600));
    state.setBackgroundRebuildFrom(AoiState::kBackgroundRebuildFrom);
    state.seek(doc, 2599);
    EXPECT_EQ(state.replayedFrom(), AoiCheckpoints::trailingAt(2000, 2600));
    stepReferenceTo(2599);
    expectSameAsReference();
}

// The copies' budget follows the memory available: an eighth of it, from 128 MiB to 1 GiB, and at most
// 16 copies, spread so that the last lies before the script's end; a costly copy is taken only while a
// seek goes back.
TEST(AoiCheckpointsPlan, TheBudgetIsAnEighthOfTheFreeMemoryWithinItsBounds) {
    Document doc;
    doc.open(fs::path(AOILAB_SOURCE_DIR) / "scenarios/crowd-1000-walk.json");
    AoiState state;
    state.sync(doc, 1);
    const AoiRun& sample = state.run();
    const AoiCheckpoints::Key key{1, 1, state.settings(), 0};
    const std::size_t length = 30030;
    for (const auto& [available, budget] : std::vector<std::pair<std::size_t, std::size_t>>{
             {std::size_t(512) << 20, AoiCheckpoints::kMinBudgetBytes},
             {std::size_t(4) << 30, std::size_t(512) << 20},
             {std::size_t(64) << 30, AoiCheckpoints::kMaxBudgetBytes}}) {
        AoiCheckpoints plan;
        plan.setAvailableMemoryForTests(available);
        plan.prepare(key, length, sample, 1000);
        EXPECT_EQ(plan.budgetBytes(), budget) << available;
        const std::size_t each = AoiCheckpoints::bytesOf(sample, 1000);
        const std::size_t copies = std::min<std::size_t>(AoiCheckpoints::kMaxCopies, budget / each);
        EXPECT_EQ(plan.interval(), std::max<std::size_t>(AoiCheckpoints::kMinInterval, (length + copies) / (copies + 1)))
            << available;
        EXPECT_LT(plan.interval() * copies, length) << "the last copy lies before the end";
        EXPECT_TRUE(plan.wants(key, plan.interval(), false)) << "a cheap copy is taken going forward too";
    }
    // Copies above kCheapCopyBytes are taken only on the way back.
    AoiCheckpoints costly;
    costly.setCheapCopyBytesForTests(AoiCheckpoints::bytesOf(sample, 1000) - 1);
    costly.prepare(key, length, sample, 1000);
    EXPECT_FALSE(costly.wants(key, costly.interval(), false));
    EXPECT_TRUE(costly.wants(key, costly.interval(), true));
    EXPECT_FALSE(costly.wants(key, costly.interval() + 1, true)) << "only at the interval's multiples";
    // A costly trailing copy only after a replay longer than what the copy costs.
    EXPECT_EQ(costly.trailingFor(2000, 2990, sample, 1000), 2990u) << "990 operations replay sooner than a copy";
    EXPECT_EQ(costly.trailingFor(2000, 2000 + AoiCheckpoints::kMinCostlyTrailingReplay, sample, 1000),
              AoiCheckpoints::trailingAt(2000, 2000 + AoiCheckpoints::kMinCostlyTrailingReplay));
    EXPECT_LT(costly.trailingFor(0, 30000, sample, 1000), 30000u);
    AoiCheckpoints cheap;
    EXPECT_EQ(cheap.trailingFor(2000, 2990, sample, 1000), AoiCheckpoints::trailingAt(2000, 2990)) << "cheap: kept";
    EXPECT_EQ(cheap.trailingFor(2000, 2990, sample, 1000), 2946u);
}

TEST(ShortReplays, TheBundledWalkersSeekAndStepBackAtOnce) {
    Document doc;
    doc.open(fs::path(AOILAB_SOURCE_DIR) / "scenarios/crowd-1000-walk.json");
    AoiState state;
    state.sync(doc, 1);
    const std::size_t end = state.length(doc);
    ASSERT_GT(end, 30'000u);
    state.seek(doc, end);
    EXPECT_FALSE(state.rebuilding());
    EXPECT_EQ(state.position(), end);
    state.seek(doc, end - 1);
    EXPECT_FALSE(state.rebuilding());
    EXPECT_EQ(state.position(), end - 1);
}

TEST(DocumentShare, TheScenarioAReplayHoldsStaysAsItWasWhileTheDocumentRecordsSavesAndOpens) {
    fs::path file = writeLongScenario("b"), saved = writeLongScenario("saved");
    Document doc;
    doc.open(file);
    std::shared_ptr<const Scenario> held = doc.sharedScenario();
    const std::vector<ScriptOp> before = held->script;

    doc.appendScript(ScriptOp{OpKind::Tick, Entity{}}, {});
    EXPECT_EQ(doc.scenario().script.size(), kOperations + 1u);
    EXPECT_EQ(held->script, before);  // the document copied it before recording into it

    doc.save(saved);
    doc.reset();
    EXPECT_TRUE(doc.scenario().script.empty());
    EXPECT_EQ(held->script, before);

    // Nothing holds it any more: the document changes its scenario in place, so references into it
    // (the panels keep some for a frame) stay valid.
    held.reset();
    doc.open(file);
    const std::vector<ScriptOp>& script = doc.scenario().script;
    doc.appendScript(ScriptOp{OpKind::Tick, Entity{}}, {});
    EXPECT_EQ(script.size(), kOperations + 1u);
    fs::remove(file);
    fs::remove(saved);
}

}  // namespace
}  // namespace aoilab::app
