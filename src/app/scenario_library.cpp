#include "app/scenario_library.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <system_error>

#include <nlohmann/json.hpp>

namespace aoilab::app {

namespace fs = std::filesystem;

namespace {
constexpr std::uintmax_t kMaxTitleFileBytes = 64u << 20;  // a larger file is listed by its name only

// "title" is a string or {"en": ..., "zh": ...}.
void readTitle(const nlohmann::json& value, std::string& en, std::string& zh) {
    if (value.is_string()) {
        en = value.get<std::string>();
    } else if (value.is_object()) {
        if (value.contains("en") && value["en"].is_string()) en = value["en"].get<std::string>();
        if (value.contains("zh") && value["zh"].is_string()) zh = value["zh"].get<std::string>();
    }
}
}  // namespace

fs::path findScenarioFolder() {
    std::error_code ec;
    if (const char* env = std::getenv("AOILAB_SCENARIOS"); env && *env && fs::is_directory(env, ec)) return env;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path beside = exe.parent_path().parent_path().parent_path() / "scenarios";  // build/bin/aoilab
        if (fs::is_directory(beside, ec)) return beside;
    }
    if (fs::is_directory("scenarios", ec)) return fs::absolute("scenarios", ec);
#ifdef AOILAB_SOURCE_DIR
    fs::path source = fs::path(AOILAB_SOURCE_DIR) / "scenarios";
    if (fs::is_directory(source, ec)) return source;
#endif
    return {};
}

std::vector<LibraryEntry> scanLibrary(const fs::path& folder, std::size_t limit) {
    std::vector<LibraryEntry> entries;
    std::error_code ec;
    if (folder.empty() || !fs::is_directory(folder, ec)) return entries;
    for (fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end && entries.size() < limit; it.increment(ec)) {
        if (it.depth() > 1) {
            it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file(ec) || it->path().extension() != ".json") continue;
        LibraryEntry entry;
        entry.file = it->path();
        entry.group = it.depth() == 0 ? "" : it->path().parent_path().filename().string();
        if (fs::file_size(entry.file, ec) <= kMaxTitleFileBytes && !ec) {
            std::ifstream in(entry.file);
            nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
            if (j.is_object()) {
                if (j.contains("title")) readTitle(j["title"], entry.titleEn, entry.titleZh);
                if (j.contains("mode") && j["mode"].is_string()) entry.mode = j["mode"].get<std::string>();
            }
        }
        if (entry.titleEn.empty()) entry.titleEn = entry.file.stem().string();
        if (entry.titleZh.empty()) entry.titleZh = entry.titleEn;
        entries.push_back(std::move(entry));
    }
    std::sort(entries.begin(), entries.end(), [](const LibraryEntry& a, const LibraryEntry& b) {
        return a.group != b.group ? a.group < b.group : a.file.filename() < b.file.filename();
    });
    return entries;
}

}  // namespace aoilab::app
