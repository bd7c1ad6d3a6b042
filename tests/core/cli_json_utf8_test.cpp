// --json output never fails after the work: a file name that is not UTF-8 (the bytes a user's file
// system may hold) is printed with U+FFFD in its place, and the document stays valid JSON.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "support/cli_run.h"

namespace {

namespace fs = std::filesystem;
using aoilab::testing::runCli;

class NonUtf8Names : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("aoilab_utf8_" + std::to_string(::getpid()));
        fs::create_directories(dir);
        scenario = dir / std::string("crowd\xff.json");
        fs::copy_file(fs::path(AOILAB_SOURCE_DIR) / "scenarios/crosslist-article.json", scenario);
        map = dir / std::string("arena\xfe.map");
        fs::copy_file(fs::path(AOILAB_SOURCE_DIR) / "assets/maps/movingai/maps/dao/arena.map", map);
    }
    void TearDown() override { fs::remove_all(dir); }
    static void expectValidJson(const aoilab::testing::CliRun& run) {
        EXPECT_EQ(run.exitCode, 0) << run.err;
        EXPECT_TRUE(nlohmann::json::accept(run.out)) << run.out;
    }
    fs::path dir, scenario, map;
};

TEST_F(NonUtf8Names, ReplayAndValidateStillPrintJson) {
    expectValidJson(runCli("replay '" + scenario.string() + "' --json"));
    auto run = runCli("replay '" + scenario.string() + "' --json");
    EXPECT_NE(run.out.find("\xEF\xBF\xBD"), std::string::npos) << "the bad byte becomes U+FFFD";
}

TEST_F(NonUtf8Names, MapVerbsStillPrintJson) {
    expectValidJson(runCli("waypoints --map '" + map.string() + "' --json"));
    expectValidJson(runCli("regions --map '" + map.string() + "' --json"));
}

}  // namespace
