// Window tests of issue 38 (hardening, second round): the app's outputs never replace a file the run
// reads, a write that fails is a message and a non-zero exit, a name that is not UTF-8 never ends the
// app, and a settings file or window layout too large to read is ignored with a message.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "hardening";

struct AppRun {
    fs::path folder;
    int exitCode = -1;
    std::string log;  // stdout and stderr
};

// Runs the app in kRuns/name (wiped first, its own config folder) with `flags` for `frames` frames;
// `prepare` fills the folder first.
template <class Prepare>
AppRun runIn(const std::string& name, const std::string& flags, Prepare prepare, int frames = 3) {
    AppRun run;
    run.folder = kRuns / name;
    fs::remove_all(run.folder);
    fs::create_directories(run.folder / "config/aoilab");
    prepare(run.folder);
    std::ostringstream command;
    command << "cd '" << run.folder.string() << "' && XDG_CONFIG_HOME='" << (run.folder / "config").string() << "' "
            << windowtest::xServerPrefix() << "'" << AOILAB_APP << "' --size 800x600 --frames " << frames << " " << flags
            << " > app.log 2>&1";
    int status = std::system(command.str().c_str());
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(run.folder / "app.log");
    std::stringstream text;
    text << in.rdbuf();
    run.log = text.str();
    return run;
}

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(Hardening, ADumpIntoAFolderThatDoesNotExistFailsWithAMessage) {
    AppRun run = runIn("dump_missing_folder", "--dump-ui missing/ui.json", [](const fs::path&) {});
    EXPECT_EQ(run.exitCode, 1) << run.log;
    EXPECT_NE(run.log.find("missing/ui.json: cannot write: the folder missing does not exist"), std::string::npos) << run.log;
}

TEST(Hardening, TheScreenshotOrDumpOntoTheScenarioIsRefusedBeforeAnyWork) {
    const fs::path scenario = kSource / "scenarios/crosslist-article.json";
    AppRun run = runIn("dump_onto_scenario", "--scenario s.json --dump-ui link.json", [&](const fs::path& folder) {
        fs::copy_file(scenario, folder / "s.json");
        fs::create_symlink("s.json", folder / "link.json");
    });
    EXPECT_EQ(run.exitCode, 2) << run.log;
    EXPECT_NE(run.log.find("--dump-ui: link.json: is the input s.json"), std::string::npos) << run.log;
    EXPECT_EQ(read(run.folder / "s.json"), read(scenario));
}

TEST(Hardening, AScriptsDumpOrSaveOntoAFileTheRunReadsIsRefused) {
    const fs::path scenario = kSource / "scenarios/crosslist-article.json";
    AppRun run = runIn("script_onto_inputs", "--scenario s.json --script input.script", [&](const fs::path& folder) {
        fs::copy_file(scenario, folder / "s.json");
        fs::create_hard_link(folder / "s.json", folder / "hard.json");
        // A dump onto the open scenario (through a hard link), a save onto the script; then a save of the
        // scenario onto itself (that is its save) and a dump elsewhere.
        std::ofstream(folder / "input.script") << "1 dump hard.json\n1 save input.script\n2 save s.json\n2 dump ok.json\n";
    });
    EXPECT_EQ(run.exitCode, 1) << run.log;
    EXPECT_NE(run.log.find("hard.json: is the input"), std::string::npos) << run.log;
    EXPECT_NE(read(run.folder / "input.script").find("1 dump hard.json"), std::string::npos);
    EXPECT_NE(read(run.folder / "s.json").find("aoilab-scenario"), std::string::npos);
    EXPECT_TRUE(fs::exists(run.folder / "ok.json"));
}

TEST(Hardening, AnEnormousWindowLayoutOrSettingsFileIsIgnoredAndTheAppStarts) {
    AppRun run = runIn("enormous_settings", "--dump-ui ui.json", [](const fs::path& folder) {
        // Sparse: 1 GiB on paper, nothing on the disk.
        fs::resize_file((std::ofstream(folder / "config/aoilab/imgui.ini"), folder / "config/aoilab/imgui.ini"), 1ull << 30);
        fs::resize_file((std::ofstream(folder / "config/aoilab/settings.json"), folder / "config/aoilab/settings.json"), 64ull << 20);
    });
    EXPECT_EQ(run.exitCode, 0) << run.log;
    EXPECT_NE(run.log.find("the window layout is ignored"), std::string::npos) << run.log;
    EXPECT_NE(run.log.find("the settings are ignored"), std::string::npos) << run.log;
    EXPECT_TRUE(fs::exists(run.folder / "ui.json"));
}

TEST(Hardening, AFileNameThatIsNotUtf8NeverEndsTheApp) {
    AppRun run = runIn("non_utf8_name", "--scenario \"$(printf '\\377.json')\" --dump-ui ui.json", [&](const fs::path& folder) {
        fs::copy_file(kSource / "scenarios/crosslist-article.json", folder / std::string("\xff.json"));
    });
    EXPECT_EQ(run.exitCode, 0) << run.log;
    nlohmann::json ui = windowtest::readJson(run.folder / "ui.json");
    EXPECT_TRUE(ui.is_object());
}

}  // namespace
}  // namespace aoilab
