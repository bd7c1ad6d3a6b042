// Runs the real aoilab-cli binary: exit codes and messages are part of the command-line contract.
#include <string>

#include <gtest/gtest.h>

#include "support/cli_run.h"

namespace {

using aoilab::testing::CliRun;
using aoilab::testing::runCli;

const std::string kRoot = AOILAB_SOURCE_DIR;

TEST(CliValidate, AcceptsTheShippedScenarios) {
    CliRun run = runCli("validate " + kRoot + "/scenarios/default.json");
    EXPECT_EQ(run.exitCode, 0) << run.all();
    EXPECT_NE(run.all().find("valid"), std::string::npos);
}

TEST(CliValidate, RejectsABadFileWithItsPlace) {
    CliRun run = runCli("validate " + kRoot + "/tests/data/bad/x_not_number.json");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.all().find("/entities/3/x: expected a number, got \"abc\""), std::string::npos) << run.all();
}

TEST(CliValidate, BadUsageExitsTwo) {
    EXPECT_EQ(runCli("validate").exitCode, 2);
    EXPECT_EQ(runCli("validate --bogus x.json").exitCode, 2);
    EXPECT_EQ(runCli("no-such-verb").exitCode, 2);
    EXPECT_EQ(runCli("").exitCode, 2);
    for (const char* verb : {"path", "navmesh", "regions", "waypoints", "bench aoi", "bench path"}) {
        CliRun run = runCli(std::string(verb) + " stray-argument");
        EXPECT_EQ(run.exitCode, 2) << verb;
        EXPECT_NE(run.err.find("unexpected argument \"stray-argument\""), std::string::npos) << verb << run.err;
    }
}

TEST(CliValidate, HelpAndVersionExitZero) {
    CliRun help = runCli("--help");
    EXPECT_EQ(help.exitCode, 0);
    for (const char* verb : {"validate", "replay", "bench", "path", "graph", "waypoints", "navmesh", "regions"})
        EXPECT_NE(help.all().find(verb), std::string::npos) << verb;
    EXPECT_EQ(runCli("validate --help").exitCode, 0);
    CliRun version = runCli("--version");
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_NE(version.all().find("aoilab-cli "), std::string::npos);
}

}  // namespace
