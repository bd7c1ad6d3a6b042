// The menu bar's menus clicked as a user clicks them (issue 36: the same menus in the page): the dump's
// "menus" and "menu_items" give where each was drawn; File > Screenshot saves a PNG of the window from
// any workbench, and the Scenarios menu opens a library file.
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
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "menus";

json entryWithId(const json& entries, const std::string& id) {
    for (const json& e : entries)
        if (e["id"] == id) return e;
    return nullptr;
}

json entryEndingWith(const json& entries, const std::string& suffix) {
    for (const json& e : entries) {
        const std::string id = e["id"];
        if (id.size() >= suffix.size() && id.compare(id.size() - suffix.size(), suffix.size(), suffix) == 0) return e;
    }
    return nullptr;
}

// A click in the middle of a dumped rectangle [x0, y0, x1, y1], from frame `frame` (press, then release).
std::string clickAt(const json& rect, int frame) {
    const double x = (rect[0].get<double>() + rect[2].get<double>()) / 2;
    const double y = (rect[1].get<double>() + rect[3].get<double>()) / 2;
    return std::to_string(frame) + " move " + std::to_string(x) + " " + std::to_string(y) + "\n" +
           std::to_string(frame + 1) + " press left\n" + std::to_string(frame + 3) + " release left\n";
}

// Opens the menu `menu`, dumps its items, and returns them (with the menus of that frame).
json openMenu(const std::string& name, const std::string& flags, const std::string& menu) {
    auto first = runApp(kRuns, name + "_bar", flags, "", 3);
    const json header = entryWithId(first.ui["menus"], menu);
    EXPECT_FALSE(header.is_null()) << first.ui["menus"].dump();
    if (header.is_null()) return nullptr;
    auto opened = runApp(kRuns, name + "_open", flags, clickAt(header["rect"], 4) + "10 dump open.json\n", 12);
    json ui = windowtest::readJson(opened.folder / "open.json");
    ui["header"] = header;
    return ui;
}

TEST(Menus, FileScreenshotSavesAPngOfTheWindowFromAnyWorkbench) {
    const std::string flags = "--scenario '" + (kSource / "scenarios/search-arena.json").string() + "'";
    json open = openMenu("screenshot", flags, "file");
    ASSERT_TRUE(open.is_object());
    const json item = entryWithId(open["menu_items"], "screenshot");
    ASSERT_FALSE(item.is_null()) << open["menu_items"].dump();
    EXPECT_EQ(item["label"], "Screenshot");
    auto run = runApp(kRuns, "screenshot_click",
                      flags, clickAt(open["header"]["rect"], 4) + clickAt(item["rect"], 10) + "18 dump after.json\n", 20);
    EXPECT_EQ(run.ui["mode"], "search");
    int pngs = 0;
    for (const auto& file : fs::directory_iterator(run.folder / "screenshots")) {
        std::ifstream in(file.path(), std::ios::binary);
        char magic[8] = {};
        in.read(magic, 8);
        EXPECT_EQ(std::string(magic + 1, 3), "PNG") << file.path();
        ++pngs;
    }
    EXPECT_EQ(pngs, 1);
    const json after = windowtest::readJson(run.folder / "after.json");
    EXPECT_NE(after["status"].dump().find("screenshots/aoilab-"), std::string::npos) << after["status"].dump();
}

TEST(Menus, TheScenariosMenuOpensALibraryFileInItsWorkbench) {
    const std::string flags = "--scenario '" + (kSource / "scenarios/crosslist-article.json").string() + "' --lang zh";
    json open = openMenu("library", flags, "scenario");
    ASSERT_TRUE(open.is_object());
    EXPECT_EQ(open["header"]["label"], "场景");
    const json item = entryEndingWith(open["menu_items"], "graph-city.json");
    ASSERT_FALSE(item.is_null()) << open["menu_items"].dump().substr(0, 2000);
    EXPECT_EQ(item["label"], "72 个路口的城市");
    auto run = runApp(kRuns, "library_click", flags,
                      clickAt(open["header"]["rect"], 4) + clickAt(item["rect"], 10) + "30 dump after.json\n", 32);
    const json after = windowtest::readJson(run.folder / "after.json");
    EXPECT_EQ(after["mode"], "graph");
    EXPECT_EQ(after["document"]["title_shown"], "72 个路口的城市");
    EXPECT_TRUE(after["errors"].empty()) << after["errors"].dump();
}

}  // namespace
}  // namespace aoilab
