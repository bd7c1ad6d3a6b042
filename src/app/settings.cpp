#include "app/settings.h"

#include <cstdio>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/text_check.h"
#include "core/limits.h"

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace aoilab::app {

constexpr std::size_t kMaxRecentFiles = 8;

void Settings::addRecent(const std::string& file) {
    recentFiles.erase(std::remove(recentFiles.begin(), recentFiles.end(), file), recentFiles.end());
    recentFiles.insert(recentFiles.begin(), file);
    if (recentFiles.size() > kMaxRecentFiles) recentFiles.resize(kMaxRecentFiles);
}

std::filesystem::path configDirectory() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && *xdg) return std::filesystem::path(xdg) / "aoilab";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::filesystem::path(home) / ".config" / "aoilab";
    return std::filesystem::path(".aoilab");
}

Settings loadSettings(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return Settings{};
    try {
        return parseSettings(readFileText(file, kMaxSettingsBytes));
    } catch (const InputError& e) {
        std::fprintf(stderr, "aoilab: the settings are ignored (the defaults are used): %s\n", e.what());
        return Settings{};
    }
}

Settings parseSettings(std::string_view text) {
    Settings s;
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object()) return s;
    // Each key is optional and checked on its own, so an old or hand-edited file keeps what is valid.
    if (j.contains("language") && j["language"].is_string()) parseLanguage(j["language"], s.language);
    if (j.contains("font_scale") && j["font_scale"].is_number())
        s.fontScale = std::clamp(j["font_scale"].get<float>(), 0.5f, 4.0f);
    if (j.contains("show_grid") && j["show_grid"].is_boolean()) s.showGrid = j["show_grid"];
    if (j.contains("show_view_ranges") && j["show_view_ranges"].is_boolean())
        s.showViewRanges = j["show_view_ranges"];
    if (j.contains("show_entities") && j["show_entities"].is_boolean()) s.showEntities = j["show_entities"];
    if (j.contains("snap_to_grid") && j["snap_to_grid"].is_boolean()) s.snapToGrid = j["snap_to_grid"];
    if (j.contains("side_width_em") && j["side_width_em"].is_number())
        s.sideWidthEm = j["side_width_em"].get<float>() <= 0 ? 0.0f : std::clamp(j["side_width_em"].get<float>(), 10.0f, 80.0f);
    if (j.contains("recent_files") && j["recent_files"].is_array())
        for (const auto& f : j["recent_files"])
            if (f.is_string() && s.recentFiles.size() < kMaxRecentFiles) s.recentFiles.push_back(f);
    if (j.contains("mode") && j["mode"].is_string()) s.mode = j["mode"].get<std::string>();
    if (j.contains("modes") && j["modes"].is_object()) s.modes = j["modes"];
    if (j.contains("panels") && j["panels"].is_object())
        for (const auto& [name, visible] : j["panels"].items())
            if (visible.is_boolean()) s.panelVisible[name] = visible;
    return s;
}

void saveSettings(const Settings& s, const std::filesystem::path& file) {
    nlohmann::json j;
    j["language"] = languageCode(s.language);
    j["font_scale"] = s.fontScale;
    j["show_grid"] = s.showGrid;
    j["show_view_ranges"] = s.showViewRanges;
    j["show_entities"] = s.showEntities;
    j["snap_to_grid"] = s.snapToGrid;
    j["side_width_em"] = s.sideWidthEm;
    j["recent_files"] = s.recentFiles;
    j["panels"] = s.panelVisible;
    j["mode"] = s.mode;
    j["modes"] = s.modes;
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    try {
        writeFileAtomic(file, dumpJson(j, 2) + "\n");  // keeps a linked settings file a link
    } catch (const InputError&) {
        // Settings are a convenience: a read-only config folder must not stop the app.
    }
}

}  // namespace aoilab::app
