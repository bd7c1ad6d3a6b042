// Opening a scenario through DocumentOpening: on a worker thread it gives the same AOI methods the
// workbench builds for itself, Cancel stops it and keeps nothing, a bad file gives the reader's message,
// and only files above the threshold go to a worker. AoiState takes a session prepared for its document.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include "app/document.h"
#include "app/document_opening.h"
#include "app/modes/aoi/aoi_state.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;

fs::path testFile(const std::string& name) {
    // One file per process: ctest -j runs each test case in its own process at the same time.
    return fs::temp_directory_path() / ("aoilab_opening_test_" + std::to_string(::getpid()) + "_" + name);
}

// A scenario of `count` entities scattered over a 2,000 x 2,000 world, written to a file.
fs::path crowdFile(const std::string& name, std::size_t count) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> at(0, 2000);
    std::ofstream out(testFile(name));
    out << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 2000, "height": 2000},)"
        << R"( "aoi": {"method": "grid"}, "entities": [)";
    for (std::size_t i = 0; i < count; ++i)
        out << (i ? "," : "") << R"({"id": )" << i + 1 << R"(, "x": )" << at(rng) << R"(, "y": )" << at(rng) << R"(, "radius": 40})";
    out << "]}";
    return testFile(name);
}

struct PreparedAoi : PreparedForMode {
    PreparedAoiSession aoi;
};

DocumentPreparer aoiPreparer() {
    return [](const Scenario& scenario, const World& world, const BuildProgress& progress) -> std::unique_ptr<PreparedForMode> {
        auto out = std::make_unique<PreparedAoi>();
        out->aoi = AoiState::prepareSession(world, scenario.aoi, progress);
        return out;
    };
}

DocumentOpening::Outcome waitForOutcome(DocumentOpening& opening) {
    for (;;) {
        if (auto outcome = opening.take()) return std::move(*outcome);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

TEST(DocumentOpening, OnAWorkerItReadsTheFileAndBuildsTheMethodsTheWorkbenchWouldBuild) {
    const fs::path file = crowdFile("crowd.json", 3000);
    DocumentOpening opening;
    opening.start(file, {aoiPreparer(), DocumentPreparer{}}, true);
    EXPECT_TRUE(opening.busy());
    DocumentOpening::Outcome outcome = waitForOutcome(opening);
    EXPECT_FALSE(opening.busy());
    ASSERT_TRUE(outcome.opened()) << outcome.error;
    EXPECT_EQ(outcome.world.size(), 3000u);
    ASSERT_EQ(outcome.prepared.size(), 2u);
    EXPECT_EQ(outcome.prepared[1], nullptr);  // a workbench with nothing to prepare
    auto* aoi = dynamic_cast<PreparedAoi*>(outcome.prepared[0].get());
    ASSERT_NE(aoi, nullptr);
    const AoiSession& prepared = aoi->aoi.session;

    // The workbench's own build of the same file.
    Document doc;
    doc.open(file);
    AoiState state;
    state.sync(doc, 1);
    const AoiSession& own = state.session();
    ASSERT_EQ(prepared.methods().size(), own.methods().size());
    EXPECT_EQ(prepared.operationCount(), own.operationCount());
    EXPECT_EQ(prepared.log().size(), own.log().size());
    std::vector<EntityId> a, b;
    for (std::size_t m = 0; m < own.methods().size(); ++m) {
        EXPECT_EQ(prepared.methods()[m].name, own.methods()[m].name);
        for (EntityId id = 1; id <= 3000; id += 97) {
            prepared.methods()[m].system->viewOf(id, a);
            own.methods()[m].system->viewOf(id, b);
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            EXPECT_EQ(a, b) << own.methods()[m].name << " entity " << id;
        }
    }
    fs::remove(file);
}

TEST(DocumentOpening, CancelStopsThePreparationAndKeepsNothing) {
    const fs::path file = crowdFile("cancel.json", 10);
    // A preparation that reports progress until it is told to stop.
    std::atomic<std::size_t> reports{0};
    DocumentPreparer endless = [&reports](const Scenario&, const World&, const BuildProgress& progress) -> std::unique_ptr<PreparedForMode> {
        for (std::size_t done = 0;; ++done) {
            ++reports;
            if (!progress(done, 1'000'000)) throw BuildCancelled{};
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    };
    DocumentOpening opening;
    opening.start(file, {endless}, true);
    while (reports < 3) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    DocumentOpening::Progress progress = opening.progress();
    EXPECT_EQ(progress.phase, DocumentOpening::Phase::Preparing);
    EXPECT_EQ(progress.total, 1'000'000u);
    EXPECT_GE(progress.done, 1u);
    opening.cancel();
    DocumentOpening::Outcome outcome = waitForOutcome(opening);
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_FALSE(outcome.opened());
    EXPECT_TRUE(outcome.error.empty());
    EXPECT_EQ(outcome.world.size(), 0u);
    EXPECT_TRUE(outcome.prepared.empty());
    EXPECT_EQ(outcome.file, file);
    fs::remove(file);
}

// While a large file is read, the progress is the reading phase's: bytes parsed of twice the file's size
// (the JSON is read twice), rising; then the preparing phase. (A 5 MB file takes tens of milliseconds to
// parse: the loop below, polling every 0.2 ms, sees its reports.)
TEST(DocumentOpening, ReadingReportsTheBytesParsedBeforeThePreparation) {
    const fs::path file = crowdFile("reading.json", 80000);
    const std::size_t bytes = static_cast<std::size_t>(fs::file_size(file));
    ASSERT_GT(bytes, 4u << 20);
    std::atomic<bool> release{false};
    DocumentPreparer waiting = [&release](const Scenario&, const World&, const BuildProgress&) -> std::unique_ptr<PreparedForMode> {
        while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return nullptr;
    };
    DocumentOpening opening;
    opening.start(file, {waiting}, true);
    std::vector<std::size_t> reading;
    for (;;) {
        const DocumentOpening::Progress p = opening.progress();
        if (p.phase == DocumentOpening::Phase::Preparing) {
            EXPECT_EQ(p.total, 80000u);  // entities now
            break;
        }
        if (p.total > 0) {
            EXPECT_EQ(p.total, 2 * bytes);
            reading.push_back(p.done);
        }
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    release = true;
    DocumentOpening::Outcome outcome = waitForOutcome(opening);
    EXPECT_TRUE(outcome.opened()) << outcome.error;
    ASSERT_FALSE(reading.empty()) << "no reading progress seen";
    EXPECT_TRUE(std::is_sorted(reading.begin(), reading.end()));
    EXPECT_LE(reading.back(), 2 * bytes);
    fs::remove(file);
}

TEST(DocumentOpening, AFileThatFailsGivesTheReadersMessageAndNoWorld) {
    const fs::path file = testFile("bad.json");
    std::ofstream(file) << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": -5, "height": 10}})";
    for (bool onWorker : {false, true}) {
        DocumentOpening opening;
        opening.start(file, {aoiPreparer()}, onWorker);
        DocumentOpening::Outcome outcome = waitForOutcome(opening);
        EXPECT_FALSE(outcome.opened());
        EXPECT_FALSE(outcome.cancelled);
        EXPECT_NE(outcome.error.find(file.filename().string()), std::string::npos) << outcome.error;
        EXPECT_NE(outcome.error.find("/world/width"), std::string::npos) << outcome.error;
        EXPECT_TRUE(outcome.prepared.empty());
    }
    fs::remove(file);
}

TEST(DocumentOpening, OnTheCallingThreadTheOutcomeIsThereWhenStartReturns) {
    const fs::path file = crowdFile("small.json", 20);
    DocumentOpening opening;
    opening.start(file, {aoiPreparer()}, false);
    EXPECT_TRUE(opening.finished());
    std::optional<DocumentOpening::Outcome> outcome = opening.take();
    ASSERT_TRUE(outcome.has_value());
    EXPECT_TRUE(outcome->opened());
    EXPECT_EQ(outcome->world.size(), 20u);
    fs::remove(file);
}

TEST(DocumentOpening, OnlyFilesAboveTheThresholdGoToAWorker) {
    const fs::path small = testFile("small-size.json");
    const fs::path large = testFile("large-size.json");
    std::ofstream(small) << std::string(DocumentOpening::kWorkerFromBytes, ' ');
    std::ofstream(large) << std::string(DocumentOpening::kWorkerFromBytes + 1, ' ');
    EXPECT_FALSE(DocumentOpening::wantsWorker(small));
    EXPECT_TRUE(DocumentOpening::wantsWorker(large));
    EXPECT_FALSE(DocumentOpening::wantsWorker(testFile("missing.json")));  // the reader then says why
    fs::remove(small);
    fs::remove(large);
}

TEST(AoiStatePrepared, SyncTakesTheSessionPreparedForItsDocumentInsteadOfBuildingOne) {
    const fs::path file = crowdFile("prepared.json", 500);
    Document doc;
    doc.open(file);
    PreparedAoiSession prepared = AoiState::prepareSession(doc.world(), doc.scenario().aoi);
    const std::uint64_t generation = prepared.session.logGeneration();
    AoiState state;
    state.offerPrepared(std::move(prepared), 7);
    state.sync(doc, 7);
    EXPECT_EQ(state.session().logGeneration(), generation);  // the very session, moved in
    EXPECT_EQ(state.session().operationCount(), 500u);
    EXPECT_TRUE(state.session().pendingOperations(doc.world()).empty());
    fs::remove(file);
}

TEST(AoiStatePrepared, ASessionPreparedForAnotherDocumentOrAnotherWorldIsNotTaken) {
    const fs::path file = crowdFile("other.json", 50);
    Document doc;
    doc.open(file);
    {  // prepared for document 3, synced as document 4
        PreparedAoiSession prepared = AoiState::prepareSession(doc.world(), doc.scenario().aoi);
        const std::uint64_t generation = prepared.session.logGeneration();
        AoiState state;
        state.offerPrepared(std::move(prepared), 3);
        state.sync(doc, 4);
        EXPECT_NE(state.session().logGeneration(), generation);
        EXPECT_EQ(state.session().operationCount(), 50u);
    }
    {  // prepared on a world the document no longer has
        World other = doc.world();
        other.move(1, 1, 1);
        PreparedAoiSession prepared = AoiState::prepareSession(other, doc.scenario().aoi);
        const std::uint64_t generation = prepared.session.logGeneration();
        AoiState state;
        state.offerPrepared(std::move(prepared), 5);
        state.sync(doc, 5);
        EXPECT_NE(state.session().logGeneration(), generation);
        EXPECT_TRUE(state.session().pendingOperations(doc.world()).empty());
    }
    fs::remove(file);
}

}  // namespace
}  // namespace aoilab::app
