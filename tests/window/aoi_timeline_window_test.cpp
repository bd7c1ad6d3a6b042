// Window tests of a long AOI timeline: seeking to the end of a 50,000-operation script replays it on a
// worker thread while the window shows its progress (--dump-ui aoi.rebuilding) over the position it had;
// Esc cancels and keeps that position; the replay that is let finish leaves every entity where the
// script put it, and a step back is a replay of its own.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::readJson;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "aoi_timeline";
constexpr int kEntities = 300;
// Above AoiState::kLongSeekFrom (40,000), so End replays on the worker; the script's hold_work, not the
// length, keeps the replay under way at the dump (150,000 made these the slowest sanitized window tests).
constexpr int kOperations = 50'000;

struct Position {
    int x = 0, y = 0;
};

// 300 entities on a 2,000 x 2,000 world, then 50,000 operations (a tick every 100th, else a move of a
// random entity to another place); returns each entity's place at the end and before the last move.
struct LongScript {
    std::map<int, Position> atEnd;
    int lastMoved = 0;
    Position beforeLastMove;
};

LongScript writeLongScript(const fs::path& file) {
    LongScript script;
    std::mt19937 rng(17);
    std::uniform_int_distribution<int> coordinate(0, 1999), step(1, 1999), entity(1, kEntities);
    std::ofstream out(file);
    out << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 2000, "height": 2000},)"
        << R"("aoi": {"shape": "circle", "method": "grid"}, "entities": [)";
    for (int i = 1; i <= kEntities; ++i) {
        Position p{coordinate(rng), coordinate(rng)};
        script.atEnd[i] = p;
        out << (i > 1 ? "," : "") << R"({"id": )" << i << R"(, "x": )" << p.x << R"(, "y": )" << p.y << R"(, "radius": 50})";
    }
    out << R"(], "script": [)";
    for (int k = 1; k <= kOperations; ++k) {
        if (k > 1) out << ",";
        if (k % 100 == 0) {
            out << R"({"op": "tick"})";
            continue;
        }
        const int id = entity(rng);
        Position& p = script.atEnd[id];
        script.lastMoved = id;
        script.beforeLastMove = p;
        p.x = (p.x + step(rng)) % 2000;  // always somewhere else: every move is an operation of the methods
        out << R"({"op": "move", "id": )" << id << R"(, "x": )" << p.x << R"(, "y": )" << p.y << "}";
    }
    out << "]}";
    return script;
}

json shownEntity(const json& dump, int id) {
    for (const json& e : dump["aoi"]["shown_entities"])
        if (e["id"] == id) return e;
    return nullptr;
}

TEST(AoiTimeline, ALongSeekReplaysOnTheWorkerWithItsProgressAndEscKeepsThePosition) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "long-50000.json";
    const LongScript script = writeLongScript(file);
    // The last operation is a tick: two steps back from the end undo the last move (two replays on the
    // worker, each of 300 entities and about 50,000 operations).
    // The replay is held at its first report (hold_work) until the dump and Esc have come.
    const std::string input = "1 wait_ready\n2 hold_work\n3 key end\n4 wait_held\n5 dump during.json\n6 key escape\n"
                              "7 wait_ready\n9 dump cancelled.json\n10 key end\n11 wait_ready\n13 dump after.json\n"
                              "14 key left\n15 wait_ready\n16 key left\n17 wait_ready\n19 dump back.json\n";
    auto run = runApp(kRuns, "seek", "--lang en --scenario '" + file.string() + "'", input, 21);

    json during = readJson(run.folder / "during.json");
    ASSERT_TRUE(during["aoi"]["rebuilding"].is_object()) << "the replay was over before the dump";
    const json& rebuilding = during["aoi"]["rebuilding"];
    EXPECT_EQ(rebuilding["cause"], "seek");
    EXPECT_EQ(rebuilding["position"], kOperations);
    EXPECT_EQ(rebuilding["entities"], kEntities);
    EXPECT_EQ(rebuilding["total"], kEntities + kOperations);  // the entities built, then the operations
    EXPECT_TRUE(rebuilding["cancellable"]);
    EXPECT_EQ(during["aoi"]["script_cursor"], 0);  // the old position until the replay is in

    json cancelled = readJson(run.folder / "cancelled.json");
    EXPECT_TRUE(cancelled["aoi"]["rebuilding"].is_null());
    EXPECT_EQ(cancelled["aoi"]["script_cursor"], 0);
    EXPECT_EQ(cancelled["aoi"]["operations"], kEntities);

    json after = readJson(run.folder / "after.json");
    EXPECT_TRUE(after["aoi"]["rebuilding"].is_null());
    EXPECT_EQ(after["aoi"]["script_cursor"], kOperations);
    EXPECT_EQ(after["aoi"]["operations"], kEntities + kOperations);  // every move and tick, through every method
    ASSERT_EQ(after["aoi"]["shown_entities"].size(), static_cast<std::size_t>(kEntities));
    for (const auto& [id, p] : script.atEnd) {
        json e = shownEntity(after, id);
        ASSERT_TRUE(e.is_object()) << id;
        EXPECT_EQ(e["x"], p.x) << id;
        EXPECT_EQ(e["y"], p.y) << id;
    }

    json back = readJson(run.folder / "back.json");
    EXPECT_EQ(back["aoi"]["script_cursor"], kOperations - 2);
    json moved = shownEntity(back, script.lastMoved);
    ASSERT_TRUE(moved.is_object());
    EXPECT_EQ(moved["x"], script.beforeLastMove.x);
    EXPECT_EQ(moved["y"], script.beforeLastMove.y);
    EXPECT_TRUE(back["errors"].empty());
}

// The timeline's keys keep acting while a seek replays on the worker: End, then three quick Left taps
// end three operations before the end (each tap replaces the replay under way, counted from where it
// goes); the timeline shows the old position until the replay is in.
TEST(AoiTimeline, QuickStepsDuringALongSeekEachCount) {
    fs::create_directories(kRuns);
    const fs::path file = kRuns / "long-50000-steps.json";
    writeLongScript(file);
    // (A key down on two frames in a row is held, not tapped twice: a frame between the taps.)
    // Each replay is held at its first report (hold_work) until the next tap replaces it or wait_ready.
    const std::string input = "1 wait_ready\n2 hold_work\n3 key end\n5 key left\n7 key left\n9 key left\n10 wait_held\n"
                              "11 dump during.json\n12 wait_ready\n14 dump after.json\n";
    auto run = runApp(kRuns, "steps", "--lang en --scenario '" + file.string() + "'", input, 16);
    json during = readJson(run.folder / "during.json");
    ASSERT_TRUE(during["aoi"]["rebuilding"].is_object()) << "the replay was over before the dump";
    EXPECT_EQ(during["aoi"]["rebuilding"]["position"], kOperations - 3);  // where it goes
    EXPECT_EQ(during["timeline"]["position"], 0);                         // what is shown until then
    EXPECT_EQ(during["aoi"]["script_cursor"], 0);
    json after = readJson(run.folder / "after.json");
    EXPECT_TRUE(after["aoi"]["rebuilding"].is_null());
    EXPECT_EQ(after["aoi"]["script_cursor"], kOperations - 3);
    EXPECT_EQ(after["timeline"]["position"], kOperations - 3);
    EXPECT_TRUE(after["errors"].empty());
}

// Step back on the bundled walkers from the end: the window replays from the nearest checkpoint, and what
// the panels show (the lists, the events, every method's counters, the entities) is what a start at
// the same position, stepped there from the start, shows.
TEST(AoiTimeline, StepsBackFromACheckpointShowWhatAFreshSeekShows) {
    const std::string scenario = std::string("--mode aoi --scenario '") + AOILAB_SOURCE_DIR + "/scenarios/crowd-1000-walk.json'";
    auto back = runApp(kRuns, "checkpoint_back", scenario,
                       "2 key end\n3 wait_ready\n5 key left\n7 key left\n9 key left\n11 wait_ready\n13 dump back.json\n", 15);
    const json stepped = readJson(back.folder / "back.json");
    const std::size_t length = stepped["timeline"]["length"].get<std::size_t>();
    ASSERT_GT(length, 30'000u);
    EXPECT_EQ(stepped["timeline"]["position"], length - 3);
    const json& checkpoints = stepped["aoi"]["checkpoints"];
    EXPECT_GT(checkpoints["count"].get<int>(), 1);
    EXPECT_GT(checkpoints["replayed_from"].get<std::size_t>(), 0u) << "a step back replayed from the start";
    EXPECT_LT(checkpoints["replayed_from"].get<std::size_t>(), length - 3);

    auto fresh = runApp(kRuns, "checkpoint_fresh", scenario + " --seek " + std::to_string(length - 3), "2 wait_ready\n4 dump fresh.json\n", 6);
    const json seeked = readJson(fresh.folder / "fresh.json");
    EXPECT_EQ(seeked["aoi"]["checkpoints"]["replayed_from"], 0);
    for (const char* key : {"script_cursor", "operations", "tick", "shown_entities", "rejected_operations"})
        EXPECT_EQ(stepped["aoi"][key], seeked["aoi"][key]) << key;
    // The lists panel: what it lit and drew (not where its strips are scrolled to, which follows the steps).
    json listsStepped = stepped["aoi"]["lists"], listsSeeked = seeked["aoi"]["lists"];
    for (json* lists : {&listsStepped, &listsSeeked})
        for (const char* axis : {"x", "y"}) (*lists)[axis].erase("rects");
    EXPECT_EQ(listsStepped, listsSeeked);
    EXPECT_EQ(stepped["aoi"]["events"]["counts"], seeked["aoi"]["events"]["counts"]);
    EXPECT_EQ(stepped["aoi"]["events"]["rows"], seeked["aoi"]["events"]["rows"]);
    EXPECT_EQ(stepped["aoi"]["compare"]["methods"], seeked["aoi"]["compare"]["methods"]);
    EXPECT_EQ(stepped["aoi"]["compare"]["crosslist"], seeked["aoi"]["compare"]["crosslist"]);
}

}  // namespace
}  // namespace aoilab
