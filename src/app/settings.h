#pragma once
// What the app remembers between runs, in $XDG_CONFIG_HOME/aoilab/ (or ~/.config/aoilab/):
// settings.json (this struct) beside imgui.ini (window state, written by ImGui itself).
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/strings.h"

namespace aoilab::app {

struct Settings {
    Language language = Language::English;
    float fontScale = 1.0f;
    bool showGrid = true;
    bool showViewRanges = true;
    bool showEntities = true;  // the AOI scene's dots, view ranges and names (View > Entities, key I)
    bool snapToGrid = false;  // dragged and spawned entities land on whole-number coordinates
    float sideWidthEm = 0.0f;  // width of the panel tiles, in font sizes; 0: 45% of the window
    std::vector<std::string> recentFiles;  // most recent first
    std::map<std::string, bool> panelVisible;  // by panel id
    std::string mode = "aoi";                  // the workbench shown last
    nlohmann::json modes = nlohmann::json::object();  // each mode's own settings, by mode id (Mode::saveSettings)

    void addRecent(const std::string& file);
};

// The folder for settings.json and imgui.ini (created on save).
std::filesystem::path configDirectory();

// A missing, unreadable or oversized file gives the defaults (settings must never stop the app from
// starting); so does text that is not a JSON object. Each key is kept only when it is valid.
Settings loadSettings(const std::filesystem::path& file);
Settings parseSettings(std::string_view text);
void saveSettings(const Settings& settings, const std::filesystem::path& file);

}  // namespace aoilab::app
