// Window tests of the tables that change to rows (issue 37: "a table that does not fit its width changes
// to rows"): the graph's vertex distances, the maps workbench's routes, the search numbers and the lookup
// matrices, at 1280 x 720, font scale 2, in English and Chinese, and at 800 x 600, font scale 1 (the
// presentation layout by itself). Each panel is brought up as the tab shown in turn (Tab); from
// --dump-ui, no column of any table of it is cut (`cut`, `clipped_px`). Before the change the maps
// routes' table showed two of its eight columns at both sizes and the vertex table cut its columns at
// 800 x 600.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "table_rows";
const fs::path kLibrary = fs::path(AOILAB_SOURCE_DIR) / "scenarios";

struct Setting {
    const char* name;
    const char* size;
    const char* flags;
};
const Setting kSettings[] = {{"720_en", "1280x720", "--font-scale 2 --lang en"},
                             {"720_zh", "1280x720", "--font-scale 2 --lang zh"},
                             {"600_en", "800x600", "--lang en"}};

constexpr int kTabs = 3;  // dumps, one a tab (the scenarios below have at most three panels)

// Runs `scenario` in every setting, dumping the shown tab, then the next, and so on; calls `check(ui,
// setting)` for each dump after checking that no table of the panel shown is cut. Returns the ids of the
// panels seen shown.
template <typename Check>
std::vector<std::string> eachShownTab(const std::string& scenario, const std::string& extra, const Check& check) {
    std::vector<std::string> seen;
    for (const Setting& setting : kSettings) {
        std::string script;
        for (int t = 0; t < kTabs; ++t)  // a table's first frame sizes its columns: the dump comes frames later
            script += std::to_string(3 + 8 * t) + " key tab\n" + std::to_string(9 + 8 * t) + " dump t" + std::to_string(t) + ".json\n";
        // Its own folder per scenario and flags: ctest runs these cases side by side, and two of them open
        // graph-city (a shared folder was wiped under the other run).
        const std::string name = scenario + (extra.empty() ? "" : "_with_table") + "_" + setting.name;
        auto run = runApp(kRuns, name,
                          std::string("--layout auto ") + setting.flags + extra + " --scenario '" + (kLibrary / (scenario + ".json")).string() + "'",
                          script, 8 * kTabs + 3, R"({"panels": {}})", setting.size);
        for (int t = 0; t < kTabs; ++t) {
            const json ui = windowtest::readJson(run.folder / ("t" + std::to_string(t) + ".json"));
            EXPECT_EQ(ui.value("layout", ""), "presentation") << name;
            for (const json& panel : ui["panels"]) {
                if (!panel.value("visible", false) || panel.value("tab", false) || panel.value("floating", false)) continue;
                const std::string id = panel.value("id", "");
                seen.push_back(id);
                EXPECT_EQ(panel.value("cut", -1), 0) << name << " t" << t << ": " << id << " cuts a table's column";
                EXPECT_LE(panel.value("clipped_px", 1e9), 1.0) << name << " t" << t << ": " << id;
                check(panel, setting);
            }
        }
    }
    return seen;
}

const json& drawn(const json& panel) { return panel["drawn"]; }

TEST(TableRows, TheMapsRoutesAreLinesWhereTheirEightColumnsDoNotFit) {
    int maps = 0;
    eachShownTab("maps-waypoints", "", [&](const json& panel, const Setting&) {
        if (panel["id"] != "maps") return;
        ++maps;
        EXPECT_TRUE(drawn(panel)["compare_as_rows"].get<bool>());  // eight columns: wider than the tab at both sizes
        EXPECT_EQ(drawn(panel)["rows"].size(), 6u);
    });
    EXPECT_GE(maps, 3);
}

TEST(TableRows, TheGraphsVertexTableIsLinesWhereItsColumnsDoNotFit) {
    std::vector<bool> asRows;
    eachShownTab("graph-city", "", [&](const json& panel, const Setting&) {
        if (panel["id"] != "graph") return;
        asRows.push_back(drawn(panel)["distances_as_rows"].get<bool>());
        EXPECT_EQ(drawn(panel)["rows"].size(), 72u);  // every vertex, either way
    });
    ASSERT_FALSE(asRows.empty());
    EXPECT_TRUE(asRows.back()) << "800 x 600: the four columns are wider than the tab";
}

TEST(TableRows, TheSearchNumbersAndTheLookupMatricesShowWhole) {
    auto seen = eachShownTab("search-arena", "", [](const json& panel, const Setting&) {
        if (panel["id"] == "search_stats") {
            EXPECT_TRUE(drawn(panel).contains("runs_as_rows"));
        }
    });
    EXPECT_NE(std::find(seen.begin(), seen.end(), "search_stats"), seen.end());
    seen = eachShownTab("graph-city", " --show graph,graph_table", [](const json& panel, const Setting&) {
        if (panel["id"] == "graph_table") {
            EXPECT_TRUE(drawn(panel)["matrices_as_rows"].get<bool>());  // 60 columns
        }
    });
    EXPECT_NE(std::find(seen.begin(), seen.end(), "graph_table"), seen.end());
}

}  // namespace
}  // namespace aoilab
