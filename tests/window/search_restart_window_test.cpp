// The search workbench on a map above a million cells, in the real window (Xvfb): the searches restart on
// a worker thread behind a progress window, land where --seek end asked, and Cancel (Esc) leaves them
// unsearched until the panel's Search again.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "support/scattered_map.h"
#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::readJson;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "search_restart";
constexpr int kSide = 1056;
std::string corner() { return std::to_string(kSide - 1) + "," + std::to_string(kSide - 1); }

// An open 1056 x 1056 map (1.1 M cells, just above the 1024 x 1024 of SearchState::kBackgroundRestartCells:
// a held worker, not the map's size, keeps the restart under way for the frames that look at it).
// Dijkstra and breadth-first from corner to corner close every cell.
std::string openMap() {
    static const std::string file = [] {
        fs::create_directories(kRuns);
        const std::string path = (kRuns / "open1056.map").string();
        testing::writeScatteredMap(path, kSide, kSide, 0, 1);
        return path;
    }();
    return file;
}

std::string flags() { return "--mode search --map '" + openMap() + "' --query 0,0," + corner() + " --algo dijkstra,bfs --seek end"; }

const json* panel(const json& ui, const std::string& id) {
    for (const json& p : ui["panels"])
        if (p["id"] == id) return &p;
    return nullptr;
}

constexpr double kDiagonal = (kSide - 1) * 1.4142135623730951;  // the optimal length corner to corner
constexpr std::int64_t kCells = std::int64_t{kSide} * kSide;

TEST(SearchRestart, OnAVeryLargeMapTheSearchesRunOnAWorkerBehindAProgressWindowAndLandAtTheEnd) {
    // The worker is held at its first progress report (hold_work), so the frame after it is under way on
    // any machine: unheld, a fast one had ended both searches before frame 2.
    auto run = runApp(kRuns, "worker", flags(), "0 hold_work\n1 wait_held\n3 dump during.json\n4 release_work\n"
                      "5 wait_ready\n7 quit\n", 8);
    const json during = readJson(run.folder / "during.json");
    ASSERT_TRUE(during["search"]["searching"].is_object()) << "no restart under way at the dump";
    ASSERT_GT(during["search"]["searching"]["total"].get<int>(), 0);
    const json& searching = during["search"]["searching"];
    EXPECT_EQ(searching["total"], 4);  // two searches, the optimum, the stepping
    const json& rect = searching["rect"];
    EXPECT_GE(rect[0].get<double>(), 0);
    EXPECT_LE(rect[2].get<double>(), 1600);
    EXPECT_GT(rect[3].get<double>(), rect[1].get<double>());
    for (const json& r : during["search"]["runs"]) {  // nothing pretends to be searched meanwhile
        EXPECT_FALSE(r["searched"].get<bool>());
        EXPECT_EQ(r["expanded"], 0);
        EXPECT_TRUE(r["path"].empty());
    }
    EXPECT_EQ(during["timeline"]["position"], 0);
    EXPECT_EQ(during["search"]["optimal_length"], nullptr);
    ASSERT_NE(panel(during, "search_stats"), nullptr);
    EXPECT_TRUE((*panel(during, "search_stats"))["drawn"]["rows"].empty());
    EXPECT_NE(during["explanation"].get<std::string>().find("worker thread"), std::string::npos);

    const json& after = run.ui["search"];
    EXPECT_EQ(after["searching"], nullptr);
    EXPECT_FALSE(after["searches_stopped"].get<bool>());
    for (const json& r : after["runs"]) {
        EXPECT_TRUE(r["searched"].get<bool>());
        EXPECT_EQ(r["expanded"], kCells) << r["algo"];
        EXPECT_EQ(r["total_expansions"], kCells) << r["algo"];
        EXPECT_NEAR(r["path_length"].get<double>(), kDiagonal, 1e-6) << r["algo"];
    }
    EXPECT_NEAR(after["optimal_length"].get<double>(), kDiagonal, 1e-6);
    EXPECT_EQ(run.ui["timeline"]["position"], kCells);  // --seek end, asked before the length was known
    EXPECT_EQ(run.ui["timeline"]["length"], kCells);
}

TEST(SearchRestart, CancelLeavesTheSearchesUnsearchedUntilSearchAgain) {
    // Held at its first report (hold_work) so that Esc comes while it runs; wait_ready lets it go.
    const std::string cancel = "0 hold_work\n1 wait_held\n2 key escape\n4 wait_ready\n";
    auto stopped = runApp(kRuns, "cancelled", flags(), cancel + "6 quit\n", 7);
    const json& search = stopped.ui["search"];
    EXPECT_EQ(search["searching"], nullptr);
    ASSERT_TRUE(search["searches_stopped"].get<bool>()) << "the restart ended before Esc";
    for (const json& r : search["runs"]) {
        EXPECT_FALSE(r["searched"].get<bool>());
        EXPECT_EQ(r["expanded"], 0);
    }
    EXPECT_EQ(stopped.ui["timeline"]["length"], 0);
    EXPECT_EQ(search["optimal_length"], nullptr);
    EXPECT_NE(stopped.ui["explanation"].get<std::string>().find("cancelled"), std::string::npos);
    EXPECT_NE(stopped.ui["status_mode"].get<std::string>().find("cancelled"), std::string::npos);
    const json* stats = panel(stopped.ui, "search_stats");
    ASSERT_NE(stats, nullptr);
    const json& button = (*stats)["drawn"]["search_again"];
    ASSERT_TRUE(button.is_array());

    // The same run, then a click on Search again: the searches run (on the worker) to the end.
    const double x = (button[0].get<double>() + button[2].get<double>()) / 2;
    const double y = (button[1].get<double>() + button[3].get<double>()) / 2;
    const std::string click = "6 move " + std::to_string(x) + " " + std::to_string(y) + "\n6 hold_work\n7 press left\n9 release left\n";
    auto again = runApp(kRuns, "again", flags(), cancel + click + "10 wait_held\n11 dump searching.json\n12 wait_ready\n14 quit\n", 15);
    const json searching = readJson(again.folder / "searching.json");
    EXPECT_TRUE(searching["search"]["searching"].is_object());
    EXPECT_FALSE(searching["search"]["searches_stopped"].get<bool>());
    const json& after = again.ui["search"];
    EXPECT_FALSE(after["searches_stopped"].get<bool>());
    for (const json& r : after["runs"]) {
        EXPECT_TRUE(r["searched"].get<bool>());
        EXPECT_EQ(r["expanded"], kCells) << r["algo"];
        EXPECT_NEAR(r["path_length"].get<double>(), kDiagonal, 1e-6) << r["algo"];
    }
    EXPECT_EQ(again.ui["timeline"]["position"], kCells);
}

// The same map given while the Maps workbench is shown: the searches wait (nothing searched, no worker
// busy with them) until the Search workbench is shown, then run there to the end.
TEST(SearchRestart, AMapGivenToAnotherWorkbenchIsSearchedWhenTheSearchWorkbenchIsShown) {
    const std::string flags = "--mode maps --map '" + openMap() + "' --query 0,0," + corner();
    auto run = runApp(kRuns, "held", flags, "2 wait_ready\n3 dump maps.json\n4 key f2\n5 wait_ready\n7 dump search.json\n", 8);
    const json maps = readJson(run.folder / "maps.json");
    EXPECT_TRUE(maps["search"]["restart_held"].get<bool>());
    EXPECT_TRUE(maps["search"]["searching"].is_null());
    for (const json& r : maps["search"]["runs"]) EXPECT_FALSE(r["searched"].get<bool>());
    const json search = readJson(run.folder / "search.json");
    EXPECT_EQ(search["mode"], "search");
    EXPECT_FALSE(search["search"]["restart_held"].get<bool>());
    for (const json& r : search["search"]["runs"]) {
        EXPECT_TRUE(r["searched"].get<bool>());
        EXPECT_NEAR(r["path_length"].get<double>(), kDiagonal, 1e-6);
    }
    EXPECT_EQ(search["timeline"]["position"], search["search"]["runs"][0]["total_expansions"])
        << "the run to the end asked for at start, kept while held";
    EXPECT_GT(search["timeline"]["position"].get<int>(), 0);
}

}  // namespace
}  // namespace aoilab
