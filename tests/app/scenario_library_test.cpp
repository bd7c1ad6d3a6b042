// The Scenarios menu's library: titles in both languages, sub-folders as groups, broken files still
// listed by name (opening them shows their error), and the project's own library found and complete.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/scenario_library.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;

TEST(ScenarioLibrary, ReadsTitlesInBothLanguagesAndGroupsBySubFolder) {
    fs::path folder = fs::temp_directory_path() / "aoilab-library-test";
    fs::remove_all(folder);
    fs::create_directories(folder / "path");
    std::ofstream(folder / "b-plain.json") << R"({"title": "Plain title"})";
    std::ofstream(folder / "a-both.json") << R"({"title": {"en": "Grid", "zh": "网格"}, "mode": "aoi"})";
    std::ofstream(folder / "c-broken.json") << R"({"title": )";
    std::ofstream(folder / "notes.txt") << "not a scenario";
    std::ofstream(folder / "path" / "arena.json") << R"({"title": {"en": "Arena"}, "mode": "search"})";
    auto entries = scanLibrary(folder);
    ASSERT_EQ(entries.size(), 4u);
    EXPECT_EQ(entries[0].file.filename(), "a-both.json");
    EXPECT_EQ(entries[0].titleEn, "Grid");
    EXPECT_EQ(entries[0].titleZh, "网格");
    EXPECT_EQ(entries[0].mode, "aoi");
    EXPECT_EQ(entries[1].titleEn, "Plain title");
    EXPECT_EQ(entries[1].titleZh, "Plain title");  // no Chinese title: the English one
    EXPECT_EQ(entries[2].titleEn, "c-broken");     // unreadable: listed by its name
    EXPECT_EQ(entries[3].group, "path");
    EXPECT_EQ(entries[3].titleZh, "Arena");
    EXPECT_EQ(entries[3].mode, "search");
    EXPECT_EQ(scanLibrary(folder, 2).size(), 2u);  // the limit holds
    EXPECT_TRUE(scanLibrary(folder / "missing").empty());
    fs::remove_all(folder);
}

TEST(ScenarioLibrary, FindsTheProjectsLibraryAndEveryFileHasATitle) {
    fs::path folder = fs::path(AOILAB_SOURCE_DIR) / "scenarios";
    auto entries = scanLibrary(folder);
    ASSERT_FALSE(entries.empty());
    for (const LibraryEntry& e : entries) EXPECT_NE(e.titleEn, e.file.stem().string()) << e.file << " has no title";
}

}  // namespace
}  // namespace aoilab::app
