#pragma once
// Shared by the GoogleTest window tests (tests/window/*_window_test.cpp): runs the real app in a folder
// of its own with its own settings, under its own X server when the test has no DISPLAY (ctest runs each
// test case as its own process, in parallel), and reads back --dump-ui and the screenshot.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aoilab::windowtest {

namespace fs = std::filesystem;

struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    std::array<int, 3> at(int x, int y) const {
        if (x < 0 || y < 0 || x >= width || y >= height) return {-1, -1, -1};
        std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
        return {rgb[i], rgb[i + 1], rgb[i + 2]};
    }
    // Whether a pixel within `r` of (x, y) is within `tolerance` (per channel) of the colour 0xRRGGBB.
    bool near(double x, double y, unsigned hex, int r = 2, int tolerance = 40) const {
        int want[3] = {static_cast<int>(hex >> 16) & 255, static_cast<int>(hex >> 8) & 255, static_cast<int>(hex) & 255};
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                auto c = at(static_cast<int>(std::lround(x)) + dx, static_cast<int>(std::lround(y)) + dy);
                if (c[0] < 0) continue;
                if (std::abs(c[0] - want[0]) <= tolerance && std::abs(c[1] - want[1]) <= tolerance &&
                    std::abs(c[2] - want[2]) <= tolerance)
                    return true;
            }
        return false;
    }
};

struct AppResult {
    fs::path folder;
    int exitCode = -1;
    nlohmann::json ui;
    Image shot;
};

// The command prefix that gives the app an X server: none when DISPLAY is set, else xvfb-run on a free
// server number searched from one derived from the pid (parallel tests do not race for the same one).
inline std::string xServerPrefix(const std::string& screen = "1600x1000x24") {
    if (std::getenv("DISPLAY")) return "";
    return "xvfb-run -a -n " + std::to_string(100 + getpid() % 20000) + " -s '-screen 0 " + screen + "' ";
}

// Runs AOILAB_APP in `runDir/name` (wiped first) with settings.json = `settingsJson`, the script text
// (if any) as input.script, and `flags`; renders `frames` frames, then reads ui.json and shot.png.
// Without a --layout in `flags` the side layout is forced: these tests were written for the panel tiles
// beside the scene, which small windows at a large font no longer get by themselves (presentation_window_test.cpp
// checks the presentation layout, and `--layout auto` leaves the choice to the app).
inline AppResult runApp(const fs::path& runDir, const std::string& name, const std::string& flags,
                        const std::string& script = "", int frames = 10,
                        const std::string& settingsJson = R"({"panels": {}})", const std::string& size = "1600x900") {
    AppResult run;
    run.folder = runDir / name;
    fs::remove_all(run.folder);
    fs::create_directories(run.folder / "config/aoilab");
    std::ofstream(run.folder / "config/aoilab/settings.json") << settingsJson;
    std::string scriptFlag;
    if (!script.empty()) {
        std::ofstream(run.folder / "input.script") << script;
        scriptFlag = " --script input.script";
    }
    std::ostringstream command;
    command << "cd '" << run.folder.string() << "' && XDG_CONFIG_HOME='" << (run.folder / "config").string() << "' "
            << xServerPrefix() << "'" << AOILAB_APP << "' --size " << size << " " << flags
            << (flags.find("--layout") == std::string::npos ? " --layout side" : "") << scriptFlag
            << " --frames " << frames << " --screenshot shot.png --dump-ui ui.json > app.log 2>&1";
    run.exitCode = std::system(command.str().c_str());
    EXPECT_EQ(run.exitCode, 0) << command.str() << "\n(see " << (run.folder / "app.log").string() << ")";
    std::ifstream in(run.folder / "ui.json");
    if (!in) {
        ADD_FAILURE() << name << ": no ui.json";
        return run;
    }
    run.ui = nlohmann::json::parse(in, nullptr, false);
    int channels = 0;
    unsigned char* pixels = stbi_load((run.folder / "shot.png").string().c_str(), &run.shot.width,
                                      &run.shot.height, &channels, 3);
    if (pixels) {
        run.shot.rgb.assign(pixels, pixels + static_cast<std::size_t>(run.shot.width) * run.shot.height * 3);
        stbi_image_free(pixels);
    } else {
        ADD_FAILURE() << name << ": cannot read shot.png";
    }
    return run;
}

// A JSON file the run wrote (a script's `dump FILE`); a missing or broken one fails the test and gives
// a discarded value.
// The names (without .json) of the scenario library's files, sorted: the parameters of the tests that
// run every lesson.
inline std::vector<std::string> libraryScenarios() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(fs::path(AOILAB_SOURCE_DIR) / "scenarios"))
        if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

inline nlohmann::json readJson(const fs::path& file) {
    std::ifstream in(file);
    EXPECT_TRUE(in) << file;
    nlohmann::json j = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
    EXPECT_FALSE(j.is_discarded()) << file;
    return j;
}

// The panel's rectangle from the dump's "panels" list, or an empty array when absent.
inline nlohmann::json panelRect(const nlohmann::json& ui, const std::string& id) {
    for (const auto& p : ui.value("panels", nlohmann::json::array()))
        if (p.value("id", "") == id) return p.value("rect", nlohmann::json::array());
    return nlohmann::json::array();
}

}  // namespace aoilab::windowtest
