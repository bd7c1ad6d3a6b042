// The app opens every scenario of the library (scenarios/) with no error, in the workbench it names.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "library";

// Also (issue 40 items 10 and 11), at 1280 x 720, font scale 2: every panel the file's `panels` key
// names is open and unfolded, the tiles in the order named (first to last: down a column, then the next
// column); and the timeline stands at the file's start_position, 0 when it gives none.
TEST(Library, TheAppOpensEveryLibraryScenarioWithoutAnError) {
    int opened = 0, withPanels = 0;
    for (const auto& item : fs::directory_iterator(kSource / "scenarios")) {
        if (item.path().extension() != ".json") continue;
        std::ifstream in(item.path());
        json file = json::parse(in);
        std::string name = item.path().stem().string();
        auto run = runApp(kRuns, name, "--scenario '" + item.path().string() + "' --lang zh --font-scale 2", "", 3,
                          R"({"panels": {}})", "1280x720");
        ASSERT_TRUE(run.ui.is_object()) << name << ": no dump (exit " << run.exitCode << ")";
        EXPECT_TRUE(run.ui["errors"].empty()) << name << ": " << run.ui["errors"].dump();
        EXPECT_EQ(run.ui["mode"], file.value("mode", std::string("aoi"))) << name;
        EXPECT_EQ(run.ui["document"]["title_shown"], file["title"]["zh"]) << name;
        ++opened;

        const json& timeline = run.ui["timeline"];
        const json start = file.value("start_position", json(0));
        if (start == "end") EXPECT_EQ(timeline["position"], timeline["length"]) << name;
        else EXPECT_EQ(timeline["position"], std::min(start.get<std::size_t>(), timeline["length"].get<std::size_t>())) << name;

        if (!file.contains("panels")) continue;
        ++withPanels;
        json previous;
        for (const json& id : file["panels"]) {
            // The maps workbench takes a view's name there: the view it opens on.
            if (run.ui["mode"] == "maps" && (id == "waypoints" || id == "regions" || id == "navmesh" || id == "table")) {
                EXPECT_EQ(run.ui["maps"]["view"], id) << name;
                continue;
            }
            json found;
            for (const json& panel : run.ui["panels"])
                if (panel["id"] == id) found = panel;
            EXPECT_FALSE(found.is_null()) << name << ": no panel " << id;
            if (found.is_null()) continue;
            EXPECT_TRUE(found["visible"].get<bool>()) << name << ": " << id;
            EXPECT_FALSE(found["collapsed"].get<bool>()) << name << ": " << id << " opens folded";
            EXPECT_FALSE(found["floating"].get<bool>()) << name << ": " << id;
            EXPECT_TRUE(found["rect"].is_array()) << name << ": " << id << " not drawn";
            if (!found["rect"].is_array()) continue;
            if (!previous.is_null()) {
                const double px = previous[0], py = previous[1], x = found["rect"][0], y = found["rect"][1];
                EXPECT_TRUE(x > px + 1 || (std::abs(x - px) <= 1 && y > py)) << name << ": " << id << " before the panel named above it";
            }
            previous = found["rect"];
        }
    }
    EXPECT_GE(opened, 20);
    EXPECT_GE(withPanels, 10);
}

}  // namespace
}  // namespace aoilab
