#pragma once
// The scenario library the Scenarios menu lists: every *.json under the project's scenarios/ folder
// (and its sub-folders), with its title in English and Chinese. Reading a title is a light look at the
// file (the full strict check happens when it is opened), so a broken file still shows up and opening
// it shows its error. No ImGui here.
#include <filesystem>
#include <string>
#include <vector>

namespace aoilab::app {

struct LibraryEntry {
    std::filesystem::path file;
    std::string group;    // the sub-folder ("" at the top), for the menu's sections
    std::string titleEn;  // the scenario's title (the file name when it has none)
    std::string titleZh;  // the Chinese title, or the English one when the file has none
    std::string mode;     // the workbench it opens in ("" = the file does not say)
};

// The folder: $AOILAB_SCENARIOS, else scenarios/ beside the build (the executable's ../../scenarios),
// else ./scenarios, else the source tree's. Empty when none exists.
std::filesystem::path findScenarioFolder();

// Every scenario under `folder`, sorted by group then file name; at most `limit` files are read.
std::vector<LibraryEntry> scanLibrary(const std::filesystem::path& folder, std::size_t limit = 1000);

}  // namespace aoilab::app
