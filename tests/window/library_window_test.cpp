// The app opens every scenario of the library (scenarios/) with no error, in the workbench it names.
#include <gtest/gtest.h>

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

TEST(Library, TheAppOpensEveryLibraryScenarioWithoutAnError) {
    int opened = 0;
    for (const auto& item : fs::directory_iterator(kSource / "scenarios")) {
        if (item.path().extension() != ".json") continue;
        std::ifstream in(item.path());
        json file = json::parse(in);
        std::string name = item.path().stem().string();
        auto run = runApp(kRuns, name, "--scenario '" + item.path().string() + "' --lang zh", "", 3);
        ASSERT_TRUE(run.ui.is_object()) << name << ": no dump (exit " << run.exitCode << ")";
        EXPECT_TRUE(run.ui["errors"].empty()) << name << ": " << run.ui["errors"].dump();
        EXPECT_EQ(run.ui["mode"], file.value("mode", std::string("aoi"))) << name;
        EXPECT_EQ(run.ui["document"]["title_shown"], file["title"]["zh"]) << name;
        ++opened;
    }
    EXPECT_GE(opened, 20);
}

}  // namespace
}  // namespace aoilab
