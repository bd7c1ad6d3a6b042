// aoilab-cli replay, run as a program: exit codes, the events file, --check and --json.
#include <gtest/gtest.h>

#include "aoi/aoi_system.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/cli_run.h"

namespace {

namespace fs = std::filesystem;

using Result = aoilab::testing::CliRun;
using aoilab::testing::runCli;

fs::path tempPath(const std::string& name) {
    return fs::temp_directory_path() / ("aoilab_replay_test_" + std::to_string(::getpid()) + "_" + name);
}

using Line = std::tuple<std::size_t, std::string, std::string, long long, long long>;  // op, algo, type, w, t

TEST(ReplayCli, HelpExitsZero) {
    Result r = runCli("replay --help");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("usage: aoilab-cli replay SCENARIO.json"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--check"), std::string::npos);
}

TEST(ReplayCli, BadUsageExitsTwo) {
    EXPECT_EQ(runCli("replay").exitCode, 2);
    Result r = runCli("replay scenarios/crosslist-article.json --algo nope");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("\"nope\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("crosslist"), std::string::npos) << r.err;
    EXPECT_EQ(runCli("replay scenarios/crosslist-article.json --frobnicate").exitCode, 2);
    EXPECT_NE(r.err.find(aoilab::unknownAoiMethodMessage("nope")), std::string::npos) << r.err;  // the registry's words
    // An alias names the same method as in a scenario file.
    EXPECT_EQ(runCli("replay scenarios/crosslist-article.json --algo towers --check").exitCode, 0);
}

TEST(ReplayCli, ArticleScenarioPassesItsCheck) {
    Result r = runCli("replay scenarios/crosslist-article.json --check --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["operations"], 8);
    EXPECT_EQ(doc["ok"], true);
    ASSERT_EQ(doc["methods"].size(), 1u);  // without --algo: the scenario's method
    EXPECT_EQ(doc["methods"][0]["name"], "crosslist");
    EXPECT_EQ(doc["methods"][0]["events"], 23);
    EXPECT_EQ(doc["methods"][0]["differs_from_expected"], 0);
    EXPECT_EQ(doc["expected_events"], 23);
    Result h = runCli("replay scenarios/hysteresis-edge.json --algo all --check");
    EXPECT_EQ(h.exitCode, 0) << h.out << h.err;
}

TEST(ReplayCli, EventsFileHasOneSortedObjectPerLineForEveryMethod) {
    fs::path events = tempPath("events.jsonl");
    Result r = runCli("replay scenarios/crosslist-article.json --algo all --check --events '" + events.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::ifstream in(events);
    std::map<std::string, std::vector<Line>> byAlgo;
    std::string text;
    while (std::getline(in, text)) {
        auto line = nlohmann::json::parse(text);
        ASSERT_EQ(line.size(), 6u) << text;
        EXPECT_EQ(line["tick"], 0);
        byAlgo[line["algo"]].emplace_back(line["op"], line["algo"], line["type"], line["watcher"], line["target"]);
    }
    fs::remove(events);
    ASSERT_EQ(byAlgo.size(), 5u);  // brute, crosslist, grid, quadtree, tower
    auto rank = [](const std::string& type) { return type == "enter" ? 0 : type == "move" ? 1 : 2; };
    for (auto& [algo, lines] : byAlgo) {
        ASSERT_EQ(lines.size(), 23u) << algo;
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const auto& [op0, a0, type0, w0, t0] = lines[i - 1];
            const auto& [op1, a1, type1, w1, t1] = lines[i];
            EXPECT_TRUE(std::make_tuple(op0, rank(type0), w0, t0) < std::make_tuple(op1, rank(type1), w1, t1))
                << algo << " line " << i;
        }
    }
    // The move of d (id 4) to (4,4), operation 6: every event, in order.
    std::vector<std::tuple<std::string, long long, long long>> moveOfD;
    for (const auto& [op, algo, type, w, t] : byAlgo["crosslist"])
        if (op == 6) moveOfD.emplace_back(type, w, t);
    std::vector<std::tuple<std::string, long long, long long>> want = {
        {"enter", 4, 6}, {"enter", 6, 4}, {"move", 2, 4}, {"move", 5, 4},
        {"leave", 1, 4}, {"leave", 3, 4}, {"leave", 4, 1}, {"leave", 4, 3}};
    EXPECT_EQ(moveOfD, want);
}

TEST(ReplayCli, TicksAreCountedInTheEventsFile) {
    fs::path events = tempPath("ticks.jsonl");
    Result r = runCli("replay tests/data/aoi/ticks.json --check --events '" + events.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::ifstream in(events);
    std::string text;
    std::set<std::pair<int, int>> opTicks;
    while (std::getline(in, text)) {
        auto line = nlohmann::json::parse(text);
        EXPECT_EQ(line["algo"], "quadtree");
        opTicks.insert({line["op"].get<int>(), line["tick"].get<int>()});
    }
    fs::remove(events);
    // op 3: move after one tick; op 6: move after three; op 7: radius; op 8: leave.
    EXPECT_EQ(opTicks, (std::set<std::pair<int, int>>{{3, 1}, {6, 3}, {7, 3}, {8, 3}}));
}

// The events file's bytes are a contract (docs/FILE-FORMATS.md): written as they are made, line by line.
TEST(ReplayCli, EventsFileBytesAreTheDocumentedLines) {
    fs::path events = tempPath("bytes.jsonl");
    ASSERT_EQ(runCli("replay tests/data/aoi/ticks.json --events '" + events.string() + "'").exitCode, 0);
    std::ifstream in(events, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    fs::remove(events);
    EXPECT_EQ(text.str(),
              "{\"op\":3,\"tick\":1,\"algo\":\"quadtree\",\"type\":\"enter\",\"watcher\":1,\"target\":2}\n"
              "{\"op\":6,\"tick\":3,\"algo\":\"quadtree\",\"type\":\"move\",\"watcher\":1,\"target\":2}\n"
              "{\"op\":7,\"tick\":3,\"algo\":\"quadtree\",\"type\":\"enter\",\"watcher\":2,\"target\":1}\n"
              "{\"op\":8,\"tick\":3,\"algo\":\"quadtree\",\"type\":\"leave\",\"watcher\":2,\"target\":1}\n");
}

// One rule, one message: validate and replay refuse expected events naming an entity that never exists
// (the app loads through the same loadScenario).
TEST(ReplayCli, ExpectedEventsNamingAnUnknownEntityAreRefusedLikeValidateDoes) {
    const std::string file = "tests/data/bad/expected_unknown_entity.json";
    const std::string message = "/expected/2/target: entity 7 is never in this scenario's world";
    Result validate = runCli("validate " + file);
    EXPECT_EQ(validate.exitCode, 1);
    EXPECT_NE(validate.err.find(file + ": " + message), std::string::npos) << validate.err;
    for (const char* flags : {"", " --check", " --json"}) {
        Result replay = runCli("replay " + file + flags);
        EXPECT_EQ(replay.exitCode, 1) << flags;
        EXPECT_NE(replay.err.find(file + ": " + message), std::string::npos) << flags << replay.err;
    }
}

TEST(ReplayCli, WrongExpectedEventsFailTheCheckAndNameTheOperation) {
    Result r = runCli("replay tests/data/aoi/wrong-expected.json --check");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("operation 6"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("only expected has [move(1,4)]"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("only crosslist has [move(5,4)]"), std::string::npos) << r.err;
    // Without --check the same file replays fine.
    EXPECT_EQ(runCli("replay tests/data/aoi/wrong-expected.json").exitCode, 0);
}

TEST(ReplayCli, BadScriptIsBadInputNamingTheFileAndPlace) {
    Result r = runCli("replay tests/data/aoi/missing-entity.json");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("missing-entity.json"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("/script/1"), std::string::npos) << r.err;
    Result missing = runCli("replay tests/data/aoi/no-such-file.json");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("no-such-file.json"), std::string::npos);
}

}  // namespace

namespace {

// The library (scenarios/): every file validates and passes replay --check, and two replays write the
// same event stream byte for byte.
TEST(ReplayCli, EveryLibraryScenarioPassesItsCheckAndReplaysByteForByte) {
    int checked = 0;
    for (const auto& item : fs::directory_iterator(fs::path(AOILAB_SOURCE_DIR) / "scenarios")) {
        if (item.path().extension() != ".json") continue;
        std::string file = item.path().string();
        Result validate = runCli("validate '" + file + "'");
        EXPECT_EQ(validate.exitCode, 0) << file << "\n" << validate.err;
        Result check = runCli("replay '" + file + "' --check");
        EXPECT_EQ(check.exitCode, 0) << file << "\n" << check.err;
        fs::path a = tempPath("library_a.jsonl"), b = tempPath("library_b.jsonl");
        ASSERT_EQ(runCli("replay '" + file + "' --events '" + a.string() + "'").exitCode, 0) << file;
        ASSERT_EQ(runCli("replay '" + file + "' --events '" + b.string() + "'").exitCode, 0) << file;
        std::ifstream inA(a, std::ios::binary), inB(b, std::ios::binary);
        std::stringstream textA, textB;
        textA << inA.rdbuf();
        textB << inB.rdbuf();
        EXPECT_EQ(textA.str(), textB.str()) << file;
        fs::remove(a);
        fs::remove(b);
        ++checked;
    }
    EXPECT_GE(checked, 20);
}

}  // namespace
