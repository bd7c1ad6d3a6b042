// Window tests of opening a large scenario: it is read and its AOI methods built on a worker thread while
// the window shows the progress (--dump-ui "opening") over the scenario it had; wait_ready holds the
// script until it is open; Cancel (Esc) keeps the scenario shown exactly as it was, and the canvas
// under the progress takes no edits.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>

#include "app/document_opening.h"
#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::readJson;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "opening";
const std::string kDefault = (kSource / "scenarios/default.json").string();

// A crowd of `count` entities (radius 40 in a 5,000 x 5,000 world) written to `file`, with a script of
// `moves` moves of entity 1; returns the file's size.
std::uintmax_t writeCrowd(const fs::path& file, std::size_t count, int moves = 0) {
    fs::create_directories(file.parent_path());
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> at(0, 5000);
    std::ofstream out(file);
    out << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 5000, "height": 5000},)"
        << R"( "aoi": {"method": "grid"}, "entities": [)";
    for (std::size_t i = 0; i < count; ++i)
        out << (i ? "," : "") << R"({"id": )" << i + 1 << R"(, "x": )" << at(rng) << R"(, "y": )" << at(rng) << R"(, "radius": 40})";
    out << "]";
    if (moves > 0) {
        out << R"(, "script": [)";
        for (int i = 0; i < moves; ++i) out << (i ? "," : "") << R"({"op": "move", "id": 1, "x": )" << 100 + 50 * i << R"(, "y": 100})";
        out << "]";
    }
    out << "}";
    out.close();
    return fs::file_size(file);
}

TEST(Opening, ALargeFileOpensOnAWorkerWithItsProgressThenBecomesTheDocument) {
    const fs::path big = kRuns / "crowd-40000.json";
    ASSERT_GT(writeCrowd(big, 40'000), app::DocumentOpening::kWorkerFromBytes);
    // The opening is held at its first report (hold_work) until the dump has come.
    const std::string script = "1 hold_work\n2 open " + big.string() + "\n3 wait_held\n4 dump during.json\n5 wait_ready\n"
                               "7 dump after.json\n";
    auto run = runApp(kRuns, "opens", "--lang en --scenario '" + kDefault + "'", script, 13);
    json during = readJson(run.folder / "during.json");
    ASSERT_TRUE(during["opening"].is_object()) << during["opening"];
    EXPECT_EQ(during["opening"]["file"], big.string());
    const std::string phase = during["opening"]["phase"];
    EXPECT_TRUE(phase == "reading" || phase == "preparing") << phase;
    EXPECT_EQ(during["status"], "Opening crowd-40000.json...");
    EXPECT_EQ(during["document"]["path"], kDefault);  // the scenario shown until it is done
    EXPECT_EQ(during["document"]["entity_count"], 12);

    json after = readJson(run.folder / "after.json");
    EXPECT_TRUE(after["opening"].is_null());
    EXPECT_EQ(after["status"], "Opened crowd-40000.json");
    EXPECT_EQ(after["document"]["path"], big.string());
    EXPECT_EQ(after["document"]["entity_count"], 40'000);
    EXPECT_EQ(after["aoi"]["operations"], 40'000);  // every method has every entity
    EXPECT_TRUE(after["errors"].empty());
}

TEST(Opening, CancelKeepsTheScenarioShownAndTheCanvasTakesNoEditMeanwhile) {
    const fs::path big = kRuns / "crowd-40000-cancel.json";
    ASSERT_GT(writeCrowd(big, 40'000), app::DocumentOpening::kWorkerFromBytes);
    // Open (held at its first report, so still going when Esc comes), try to drag entity 1 of
    // default.json (at 14, 18) under the progress, cancel with Esc.
    std::string script = "1 hold_work\n2 open " + big.string() + "\n3 wait_held\n3 move_world 14 18\n4 press left\n";
    for (int f = 5; f <= 8; ++f) script += std::to_string(f) + " move_by 12 0\n";
    script += "9 release left\n10 dump during.json\n11 key escape\n12 wait_ready\n14 dump after.json\n";
    auto run = runApp(kRuns, "cancel", "--lang en --scenario '" + kDefault + "'", script, 20);
    json during = readJson(run.folder / "during.json");
    EXPECT_TRUE(during["opening"].is_object()) << "the opening was over before Esc: nothing was cancelled";
    json after = readJson(run.folder / "after.json");
    EXPECT_TRUE(after["opening"].is_null());
    EXPECT_EQ(after["status"], "Opening crowd-40000-cancel.json cancelled: the scenario shown is as it was");
    EXPECT_EQ(after["document"]["path"], kDefault);
    EXPECT_EQ(after["document"]["entity_count"], 12);
    EXPECT_FALSE(after["document"]["dirty"]);
    ASSERT_FALSE(after["entities"].empty());
    EXPECT_EQ(after["entities"][0]["id"], 1);
    EXPECT_DOUBLE_EQ(after["entities"][0]["x"].get<double>(), 14.0);  // not dragged
    EXPECT_DOUBLE_EQ(after["entities"][0]["y"].get<double>(), 18.0);
    EXPECT_TRUE(after["errors"].empty());
}

TEST(Opening, TheProgressWindowFitsASmallWindowAtFontScaleTwoInEnglishAndChinese) {
    const fs::path big = kRuns / "crowd-40000-small.json";
    ASSERT_GT(writeCrowd(big, 40'000), app::DocumentOpening::kWorkerFromBytes);
    for (const std::string lang : {"en", "zh"}) {
        auto run = runApp(kRuns, "small_" + lang, "--lang " + lang + " --font-scale 2 --scenario '" + big.string() + "'",
                          "0 hold_work\n1 wait_held\n6 dump during.json\n7 key escape\n", 9, R"({"panels": {}})", "640x480");
        json during = readJson(run.folder / "during.json");
        ASSERT_TRUE(during["opening"].is_object()) << lang;
        const json rect = during["opening"]["rect"];
        ASSERT_EQ(rect.size(), 4u);
        EXPECT_GE(rect[0].get<double>(), 0) << lang;
        EXPECT_GE(rect[1].get<double>(), 0) << lang;
        EXPECT_LE(rect[2].get<double>(), 640) << lang;
        EXPECT_LE(rect[3].get<double>(), 480) << lang;
        EXPECT_GT(rect[2].get<double>() - rect[0].get<double>(), 200) << lang;  // drawn, not collapsed
        EXPECT_EQ(during["missing_glyphs"], 0) << lang;
    }
}

TEST(Opening, ALargeScenarioGivenAtStartAppliesTheStartFlagsOnceItIsOpen) {
    const fs::path big = kRuns / "crowd-40000-start.json";
    writeCrowd(big, 40'000);
    // --select names an entity only the large file has: it must wait for the file, not act on the
    // empty world shown meanwhile.
    auto run = runApp(kRuns, "start", "--lang en --select 39999 --scenario '" + big.string() + "'", "1 wait_ready\n", 8);
    EXPECT_EQ(run.ui["document"]["entity_count"], 40'000);
    EXPECT_EQ(run.ui["selected"], 39999);
    EXPECT_TRUE(run.ui["errors"].empty()) << run.ui["errors"];
}

TEST(Opening, WithoutAScriptFramesCountFromWhenTheStartScenarioIsOpen) {
    const fs::path big = kRuns / "crowd-40000-frames.json";
    writeCrowd(big, 40'000);
    auto run = runApp(kRuns, "frames", "--lang en --scenario '" + big.string() + "'", "", 3);
    EXPECT_TRUE(run.ui["opening"].is_null());
    EXPECT_EQ(run.ui["document"]["entity_count"], 40'000);
    EXPECT_EQ(run.ui["aoi"]["operations"], 40'000);
}

TEST(Opening, SeekingBackOnALargeWorldRebuildsOnAWorkerAndCancelKeepsThePosition) {
    // The rebuild (every method on a thread of its own) is held at its first report (hold_work) until
    // the dump and Esc have come, on any machine.
    // 30,000 entities, above AoiState::kBackgroundRebuildFrom (the hold, not the size, keeps the rebuild
    // under way at the dump: 100,000 made this the slowest window test).
    const fs::path big = kRuns / "crowd-30000-script.json";
    writeCrowd(big, 30'000, 3);
    // Two runs. The first watches the rebuild and lets it end. A dump is written as its frame starts,
    // before the frame's keys act; the progress window has its size from its second frame on.
    const std::string watched =
        "1 wait_ready\n3 key end\n5 dump at_end.json\n5 hold_work\n6 key home\n7 wait_held\n8 dump during.json\n9 wait_ready\n"
        "11 dump after.json\n";
    auto run = runApp(kRuns, "rebuild", "--lang en --scenario '" + big.string() + "'", watched, 16);
    EXPECT_EQ(readJson(run.folder / "at_end.json")["timeline"]["position"], 3);
    json during = readJson(run.folder / "during.json");
    ASSERT_TRUE(during["aoi"]["rebuilding"].is_object()) << "seeking back on 30,000 entities rebuilt at once";
    EXPECT_EQ(during["aoi"]["rebuilding"]["cause"], "seek");
    EXPECT_EQ(during["aoi"]["rebuilding"]["position"], 0);
    EXPECT_EQ(during["aoi"]["rebuilding"]["cancellable"], true);
    EXPECT_EQ(during["aoi"]["rebuilding"]["total"], 30'000);
    EXPECT_EQ(during["timeline"]["position"], 3);  // the old position until the new methods are in
    // Meanwhile the window draws 5 frames a second, leaving the cores to the rebuild; 60 again after.
    EXPECT_NEAR(during["frame_cap_ms"].get<double>(), 1000.0 / 5, 0.01);
    const json rect = during["aoi"]["rebuilding"]["rect"];
    ASSERT_EQ(rect.size(), 4u);
    EXPECT_GT(rect[2].get<double>() - rect[0].get<double>(), 200);  // the progress window was drawn
    json after = readJson(run.folder / "after.json");
    EXPECT_EQ(after["timeline"]["position"], 0);
    EXPECT_EQ(after["aoi"]["operations"], 30'000);  // rebuilt from the starting world
    EXPECT_NEAR(after["frame_cap_ms"].get<double>(), 1000.0 / 60, 0.01);
    EXPECT_TRUE(after["errors"].empty()) << after["errors"];
    // The second cancels the held rebuild. The old position and operations after it show that it cancelled.
    const std::string cancelledScript =
        "1 wait_ready\n3 key end\n5 hold_work\n6 key home\n7 wait_held\n8 key escape\n9 wait_ready\n11 dump cancelled.json\n";
    auto cancelledRun = runApp(kRuns, "rebuild_cancelled", "--lang en --scenario '" + big.string() + "'", cancelledScript, 16);
    json cancelled = readJson(cancelledRun.folder / "cancelled.json");
    EXPECT_TRUE(cancelled["aoi"]["rebuilding"].is_null());
    EXPECT_EQ(cancelled["timeline"]["position"], 3);
    EXPECT_EQ(cancelled["aoi"]["operations"], 30'003);
    EXPECT_TRUE(cancelled["errors"].empty()) << cancelled["errors"];
}

}  // namespace
}  // namespace aoilab
