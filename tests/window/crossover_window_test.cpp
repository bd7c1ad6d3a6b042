// The AOI mode's Crossover panel: the first time it is shown it runs a small sweep on a background
// thread (the engine of aoilab-cli bench sweep) and plots every method at every point it finished.
#include <gtest/gtest.h>

#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "crossover";

json drawnBy(const json& ui, const std::string& id) {
    for (const json& panel : ui["panels"])
        if (panel["id"] == id) return panel["drawn"];
    return nullptr;
}

TEST(Crossover, TheSweepRunsInTheBackgroundAndEveryMethodIsPlottedAtEveryPoint) {
    // The sweep takes about a second under load; 360 frames (6 s) leave it ample time.
    auto run = runApp(kRuns, "sweep", "--show crossover", "", 360);
    json drawn = drawnBy(run.ui, "crossover");
    ASSERT_TRUE(drawn.is_object()) << run.ui.dump();
    ASSERT_FALSE(drawn["running"].get<bool>()) << "the sweep did not finish in 360 frames";
    EXPECT_EQ(drawn["vary"], "entities");
    EXPECT_TRUE(drawn["checksums_agree"].get<bool>());
    ASSERT_EQ(drawn["points"].size(), 5u);
    EXPECT_EQ(drawn["done"], drawn["total"]);
    // Brute force runs up to 5,000 entities: all five methods at all five points, and the plot drew
    // a point for each.
    for (const json& point : drawn["points"]) EXPECT_EQ(point["ns_per_move"].size(), 5u) << point;
    for (const char* method : {"brute", "crosslist", "grid", "quadtree", "tower"})
        EXPECT_EQ(drawn["plotted_series"][method], 5) << method;
    // Crossovers lie inside the swept range, with the time where the two lines meet, and each is ringed.
    for (const json& c : drawn["crossovers"]) {
        EXPECT_GE(c["value"].get<double>(), 200);
        EXPECT_LE(c["value"].get<double>(), 5000);
        EXPECT_GT(c["ns_per_move"].get<double>(), 0);
    }
    EXPECT_EQ(drawn["marked_crossovers"], drawn["crossovers"].size());
    // The y axis's title stands above the plot, not over its lines (it was written over brute force's).
    const auto plot = drawn["plot_box"].get<std::vector<double>>();
    const auto title = drawn["title_box"].get<std::vector<double>>();
    ASSERT_EQ(plot.size(), 4u);
    ASSERT_EQ(title.size(), 4u);
    EXPECT_GT(title[3], title[1]);
    EXPECT_LE(title[3], plot[1]) << "the title reaches into the plot";
    EXPECT_GE(title[0], plot[0] - 0.5);
}

}  // namespace
}  // namespace aoilab
