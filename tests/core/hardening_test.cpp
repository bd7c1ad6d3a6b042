// Issue 38, the second hardening round: each class of hostile input is refused at its root, by the one
// reader or writer every caller shares, with a message that names the file and the place.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "aoi/aoi_config.h"
#include "aoi/aoi_memory.h"
#include "aoi/grid.h"
#include "aoi/tower.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/text_check.h"
#include "path/graph_io.h"
#include "path/graph_search.h"
#include "path/movingai.h"
#include "path/waypoints.h"
#include "scenario/scenario.h"
#include "support/cli_run.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;
using testing::runCli;

struct Folder {
    fs::path path = fs::temp_directory_path() / ("aoilab_harden_" + std::to_string(::getpid()));
    Folder() {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~Folder() { fs::remove_all(path); }
    fs::path write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
        return path / name;
    }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The message of the InputError `read` throws ("" when it throws nothing).
template <class Read>
std::string refusal(Read read) {
    try {
        read();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

const std::string kHead = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10}, )";

// --- 1. Bytes that are not UTF-8 --------------------------------------------------------------------

TEST(Utf8, TheCheckFindsEveryKindOfMalformedSequence) {
    EXPECT_TRUE(isUtf8("plain ASCII"));
    EXPECT_TRUE(isUtf8("十字链表 \xF0\x9F\x98\x80"));
    EXPECT_EQ(firstNonUtf8("ab\xFF"), 2u);
    EXPECT_FALSE(isUtf8("\xC0\xAF"));          // overlong '/'
    EXPECT_FALSE(isUtf8("\xED\xA0\x80"));      // a UTF-16 surrogate
    EXPECT_FALSE(isUtf8("\xF4\x90\x80\x80"));  // past U+10FFFF
    EXPECT_FALSE(isUtf8("\xE5\x8D"));          // cut short
    EXPECT_EQ(printableText("a\xFF" "b"), "a\\xFFb");
}

TEST(Utf8, AScenarioNameThatIsNotUtf8IsRefusedWithTheFileAndItsJsonPath) {
    std::string message = refusal([&] {
        parseScenario(kHead + "\"entities\": [{\"id\": 1, \"name\": \"a\xFF\", \"x\": 1, \"y\": 1, \"radius\": 2}]}", "bad.json");
    });
    EXPECT_TRUE(contains(message, "bad.json")) << message;
    EXPECT_TRUE(contains(message, "/entities/0/name")) << message;
    EXPECT_TRUE(contains(message, "not UTF-8")) << message;
    EXPECT_TRUE(isUtf8(message)) << "the message itself must be printable: " << message;
}

TEST(Utf8, GraphXmlMovingAiAndScriptReadersRefuseItWithTheLine) {
    std::string xml = refusal([] { parseGraphXml("<Graph>\n<Vertexes><Vertex Id=\"\xFF\" x=\"1\" y=\"1\"/></Vertexes></Graph>", "g.xml"); });
    EXPECT_TRUE(contains(xml, "g.xml: line 2")) << xml;
    EXPECT_TRUE(isUtf8(xml)) << xml;
    std::istringstream scen("version 1\n0\tmaps/\xFE.map\t8\t8\t0\t0\t1\t1\t1.0\n");
    std::string scenMessage = refusal([&] { parseMovingAiScenario(scen, "q.scen"); });
    EXPECT_TRUE(contains(scenMessage, "q.scen:2")) << scenMessage;
    EXPECT_TRUE(isUtf8(scenMessage)) << scenMessage;
    std::istringstream map("type octile\nheight 1\nwidth 2\nmap\n.\xFF\n");
    std::string mapMessage = refusal([&] { parseMovingAiMap(map, "m.map"); });
    EXPECT_TRUE(contains(mapMessage, "m.map:5")) << mapMessage;
    EXPECT_TRUE(isUtf8(mapMessage)) << mapMessage;
}

TEST(Utf8, ValidateAndReplayRefuseTheSameFileTheSameWay) {
    Folder dir;
    fs::path file = dir.write("bad.json", kHead + "\"entities\": [{\"id\": 1, \"name\": \"\xFF\", \"x\": 1, \"y\": 1, \"radius\": 2}]}");
    auto validate = runCli("validate '" + file.string() + "'");
    auto replay = runCli("replay '" + file.string() + "'");
    EXPECT_EQ(validate.exitCode, 1);
    EXPECT_EQ(replay.exitCode, 1);
    EXPECT_TRUE(contains(validate.err, "/entities/0/name")) << validate.err;
    EXPECT_EQ(validate.err, replay.err);
}

// --- 2. An output onto an input ------------------------------------------------------------------------

TEST(OutputOntoInput, AHardLinkOrADotDotPathIsTheSameFile) {
    Folder dir;
    fs::path input = dir.write("in.json", "{}");
    fs::create_hard_link(input, dir.path / "hard.json");
    fs::create_directories(dir.path / "sub");
    EXPECT_THROW(requireOutputIsNotAnInput(dir.path / "hard.json", {input}), InputError);
    EXPECT_THROW(requireOutputIsNotAnInput(dir.path / "sub" / ".." / "in.json", {input}), InputError);
    auto replay = runCli("replay '" + input.string() + "' --events '" + (dir.path / "hard.json").string() + "'");
    EXPECT_EQ(replay.exitCode, 1);
    EXPECT_TRUE(contains(replay.err, "refusing to overwrite")) << replay.err;
}

// --- 3. A failed write reports failure ----------------------------------------------------------------

// A device that is always full, made in the test's own folder (as /dev/full is: 1, 7), so a writer
// that replaced it by a file would not harm the machine's.
fs::path fullDevice(const Folder& dir) {
    fs::path device = dir.path / "full";
    if (::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0) return "/dev/full";
    return device;
}

TEST(FailedWrites, ADeviceThatIsFullIsAnErrorAndStaysADevice) {
    Folder dir;
    fs::path device = fullDevice(dir);
    std::string message = refusal([&] { writeFileAtomic(device, std::string(1 << 16, 'x')); });
    EXPECT_TRUE(contains(message, device.string() + ": writing failed")) << message;
    EXPECT_TRUE(fs::is_character_file(device));
    fs::path scenario = fs::path(AOILAB_SOURCE_DIR) / "scenarios/crosslist-article.json";
    auto replay = runCli("replay '" + scenario.string() + "' --algo all --events '" + device.string() + "'");
    EXPECT_EQ(replay.exitCode, 1) << replay.all();
    EXPECT_TRUE(contains(replay.err, device.string())) << replay.err;
    EXPECT_TRUE(fs::is_character_file(device));
    auto stdoutFull = runCli("replay '" + scenario.string() + "' --json > '" + device.string() + "'");
    EXPECT_EQ(stdoutFull.exitCode, 1) << stdoutFull.all();
    EXPECT_TRUE(contains(stdoutFull.err, "standard output")) << stdoutFull.err;
}

TEST(FailedWrites, AFolderThatDoesNotExistIsNamed) {
    Folder dir;
    std::string message = refusal([&] { writeFileAtomic(dir.path / "missing" / "out.json", "{}"); });
    EXPECT_TRUE(contains(message, "missing/out.json")) << message;
    EXPECT_TRUE(contains(message, "does not exist")) << message;
}

// --- 5. Memory: reads are capped --------------------------------------------------------------------

TEST(ReadCaps, ADeviceWithoutEndIsRefusedBeforeReading) {
    auto started = std::chrono::steady_clock::now();
    std::string message = refusal([] { readFileText("/dev/zero", 512u << 20); });
    EXPECT_TRUE(contains(message, "/dev/zero: is not a regular file")) << message;
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));  // a guard, not a timing
    auto validate = runCli("validate /dev/zero");
    EXPECT_EQ(validate.exitCode, 1);
    EXPECT_TRUE(contains(validate.err, "/dev/zero")) << validate.err;
}

// --- 7. Half-checked scenario files -------------------------------------------------------------------

TEST(HalfChecked, ANulByteAndTextAfterTheDocumentAreRefused) {
    std::string text = kHead + "\"entities\": []}";
    text += std::string("\0garbage", 8);
    std::string message = refusal([&] { parseScenario(text, "nul.json"); });
    EXPECT_TRUE(contains(message, "nul.json: line 1, column")) << message;
    EXPECT_TRUE(contains(message, "NUL")) << message;
}

TEST(HalfChecked, AQuadtreeOfDepthZeroIsRefused) {
    std::string message = refusal([&] { parseScenario(kHead + "\"aoi\": {\"quadtree_max_depth\": 0}}", "q.json"); });
    EXPECT_TRUE(contains(message, "q.json: /aoi/quadtree_max_depth")) << message;
    EXPECT_NO_THROW(parseScenario(kHead + "\"aoi\": {\"quadtree_max_depth\": 1}}", "q.json"));
}

const std::string kTwo = kHead + R"("entities": [{"id": 1, "x": 1, "y": 1, "radius": 5}],
  "script": [{"op": "add", "id": 2, "x": 2, "y": 2, "radius": 5}, {"op": "leave", "id": 2}, {"op": "tick"}], )";

TEST(HalfChecked, TheSameExpectedEventTwiceIsRefusedNamingBoth) {
    std::string message = refusal([&] {
        parseScenario(kTwo + R"("expected": [{"op": 1, "type": "enter", "watcher": 1, "target": 2},
                                             {"op": 1, "type": "enter", "watcher": 2, "target": 1},
                                             {"op": 1, "type": "enter", "watcher": 1, "target": 2}]})", "e.json");
    });
    EXPECT_TRUE(contains(message, "e.json: /expected/2: the same event as /expected/0")) << message;
}

TEST(HalfChecked, AnExpectedEventAboutAnEntityNotYetAddedOrGoneIsRefused) {
    std::string before = refusal([&] {
        parseScenario(kTwo + R"("expected": [{"op": 0, "type": "enter", "watcher": 1, "target": 2}]})", "e.json");
    });
    EXPECT_TRUE(contains(before, "e.json: /expected/0/target: entity 2 is not in the world at operation 0")) << before;
    std::string after = refusal([&] {
        parseScenario(kTwo + R"("expected": [{"op": 3, "type": "move", "watcher": 1, "target": 2}]})", "e.json");
    });
    EXPECT_TRUE(contains(after, "/expected/0/target: entity 2 is not in the world at operation 3")) << after;
    // At the add and at the leave itself, events about it are what a run makes.
    EXPECT_NO_THROW(parseScenario(kTwo + R"("expected": [{"op": 1, "type": "enter", "watcher": 1, "target": 2},
                                                          {"op": 2, "type": "leave", "watcher": 1, "target": 2}]})", "e.json"));
}

// --- 4. Parameters without bounds ---------------------------------------------------------------------

TEST(Bounds, AWaypointRadiusTheMapCannotHoldIsRefusedBeforeTheWork) {
    auto started = std::chrono::steady_clock::now();
    auto run = runCli("waypoints --map assets/maps/movingai/maps/dao/arena.map --radius 1e6");
    EXPECT_EQ(run.exitCode, 1) << run.all();
    EXPECT_TRUE(contains(run.err, "arena.map: waypoints: agent radius 1e+06 does not fit")) << run.err;
    auto costly = runCli("waypoints --map assets/maps/movingai/maps/random/random512-10-0.map --radius 100");
    EXPECT_EQ(costly.exitCode, 1) << costly.all();
    EXPECT_TRUE(contains(costly.err, "random512-10-0.map: waypoints: agent radius 100 on this map's")) << costly.err;
    EXPECT_TRUE(contains(costly.err, "would test about")) << costly.err;
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30));  // a guard, not a timing
}

// --- 9. Messages ----------------------------------------------------------------------------------

TEST(Messages, AnOverflowingPathCostPrintsItsNumberBriefly) {
    Graph graph;
    graph.addVertex("a");
    graph.addVertex("b");
    graph.addVertex("c");
    graph.addEdge(0, 1, 1e308);
    graph.addEdge(1, 2, 1e308);
    GraphSearch search(graph);
    search.startDijkstra(0, 2);
    std::string message = refusal([&] { search.run(); });
    EXPECT_TRUE(contains(message, "1.79769e+308")) << message;
    EXPECT_LT(message.size(), 200u) << message;
}

TEST(Messages, GraphXmlWeightsKeepTheJsonRange) {
    std::string message = refusal([] {
        parseGraphXml("<Graph><Vertexes><Vertex Id=\"a\" x=\"0\" y=\"0\"/></Vertexes>\n"
                      "<Edges><Edge StartVertexId=\"a\" EndVertexId=\"a\" Weight=\"1e308\"/></Edges></Graph>", "w.xml");
    });
    EXPECT_TRUE(contains(message, "w.xml: line 2")) << message;
    EXPECT_TRUE(contains(message, "1e+308")) << message;
}

// --- 8. Lax XML -----------------------------------------------------------------------------------

std::string xmlRefusal(const std::string& vertexes) {
    return refusal([&] { parseGraphXml("<Graph>\n<Vertexes>\n" + vertexes + "\n</Vertexes></Graph>", "x.xml"); });
}

TEST(StrictXml, MarkupWhereOnlyAttributesBelongIsRefused) {
    EXPECT_TRUE(contains(xmlRefusal(R"(<Vertex Id="a<b" x="0" y="0"/>)"), "x.xml: line 3: XML syntax error: '<' inside an attribute"));
    EXPECT_TRUE(contains(xmlRefusal(R"(<Vertex Id="<![CDATA[1]]>" x="0" y="0"/>)"), "'<' inside an attribute"));
    EXPECT_TRUE(contains(xmlRefusal(R"(<Vertex Id="a" x="0" y="0"><Label/></Vertex>)"), "x.xml: line 3: unexpected <Label> inside <Vertex>"));
    EXPECT_TRUE(contains(xmlRefusal(R"(<Vertex Id="a" x="0" y="0"><![CDATA[b]]></Vertex>)"), "CDATA inside <Vertex>"));
    EXPECT_TRUE(contains(xmlRefusal(R"(<Vertex Id="a" x="0" y="0">text</Vertex>)"), "text inside <Vertex>"));
    // Comments stay allowed, and a '<' written as &lt; is an ordinary character of an id.
    EXPECT_EQ(xmlRefusal(R"(<Vertex Id="a&lt;b" x="0" y="0"><!-- a note --></Vertex>)"), "");
}

TEST(StrictXml, IdsAreCaseSensitiveButTwoThatDifferOnlyInCaseAreRefused) {
    std::string message = xmlRefusal("<Vertex Id=\"Gate\" x=\"0\" y=\"0\"/>\n<Vertex Id=\"gate\" x=\"1\" y=\"0\"/>");
    EXPECT_TRUE(contains(message, "x.xml: line 4: <Vertex>: Id \"gate\" differs only in case from the Id on line 3")) << message;
    Graph graph = parseGraphXml("<Graph><Vertexes><Vertex Id=\"A\" x=\"0\" y=\"0\"/></Vertexes>"
                                "<Edges><Edge StartVertexId=\"A\" EndVertexId=\"A\" Weight=\"1\"/></Edges></Graph>", "x.xml");
    EXPECT_TRUE(graph.contains("A"));
    EXPECT_FALSE(graph.contains("a"));
    EXPECT_TRUE(contains(refusal([] {
        parseGraphXml("<Graph><Vertexes><Vertex Id=\"A\" x=\"0\" y=\"0\"/></Vertexes>"
                      "<Edges><Edge StartVertexId=\"a\" EndVertexId=\"A\" Weight=\"1\"/></Edges></Graph>", "x.xml");
    }), "no vertex \"a\""));
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// --- 5. Memory: the methods' registrations estimated before they are built ---------------------------

std::string superViewWorld(const std::string& aoi) {
    std::string text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 100000, "height": 100000}, "aoi": )" + aoi +
                       R"(, "entities": [)";
    for (int i = 0; i < 300; ++i) {
        // 200 ordinary entities, then 100 that see the whole world.
        text += (i ? ", " : "") + std::string("{\"id\": ") + std::to_string(i) + ", \"x\": " + std::to_string(i * 300) +
                ", \"y\": " + std::to_string(i * 300) + ", \"radius\": " + (i < 200 ? "10" : "100000") + "}";
    }
    return text + "]}";
}

TEST(AoiMemory, TheBoundedCellSizesAreTheMethodsOwn) {
    for (double size : {0.5, 3.0, 1000.0}) {
        AoiConfig config;
        config.worldWidth = 100000;
        config.worldHeight = 30000;
        config.cellSize = size;
        config.towerSize = size;
        config.standardRadius = 10;
        EXPECT_DOUBLE_EQ(boundedCellSize(size, 100000, 30000, static_cast<double>(GridAoi::kMaxCells)), GridAoi(config).cellSize());
        EXPECT_DOUBLE_EQ(boundedCellSize(size, 100000, 30000, static_cast<double>(TowerAoi::kMaxTowers)), TowerAoi(config).towerSize());
    }
}

TEST(AoiMemory, AHundredWorldWideViewsOnTheFinestGridAreRefusedBeforeAnyBuild) {
    std::string message = refusal([] { parseScenario(superViewWorld(R"({"method": "grid"})"), "wide.json"); });
    EXPECT_TRUE(contains(message, "wide.json: /aoi: views need about ")) << message;
    EXPECT_TRUE(contains(message, " MiB (grid)")) << message;
    EXPECT_TRUE(contains(message, "; 1024 MiB a method: ")) << message;
    EXPECT_LE(message.size(), 160u) << message;  // one line of a terminal (it was about 300 characters)
    // Lazy super-view entities are not registered; towers large enough hold them cheaply.
    EXPECT_EQ(refusal([] { parseScenario(superViewWorld(R"({"lazy_super_view": true, "tower_size": 5000})"), "wide.json"); }), "");
    Folder dir;
    fs::path file = dir.write("wide.json", superViewWorld(R"({"method": "grid"})"));
    auto replay = runCli("replay '" + file.string() + "'");
    EXPECT_EQ(replay.exitCode, 1);
    EXPECT_TRUE(contains(replay.err, "/aoi: views need about")) << replay.err;
}

// --- 6. A large world without obstacles opens ----------------------------------------------------------

TEST(SparseObstacles, AHundredThousandSquareWorldWithoutObstaclesIsAccepted) {
    Folder dir;
    std::string text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 100000, "height": 100000}, "entities": [)";
    for (int i = 0; i < 1000; ++i)
        text += (i ? ", " : "") + std::string("{\"id\": ") + std::to_string(i) + ", \"x\": " + std::to_string(i * 99) +
                ", \"y\": " + std::to_string(i * 97) + ", \"radius\": 50}";
    fs::path file = dir.write("large.json", text + "], \"script\": [{\"op\": \"move\", \"id\": 3, \"x\": 50000, \"y\": 50000}]}");
    auto validate = runCli("validate '" + file.string() + "'");
    EXPECT_EQ(validate.exitCode, 0) << validate.all();
    auto replay = runCli("replay '" + file.string() + "' --algo all --check");
    EXPECT_EQ(replay.exitCode, 0) << replay.all();
    // Obstacles keep their rules there: inside the world, none twice.
    std::string outside = refusal([&] {
        parseScenario(text + R"(], "obstacles": {"cell_size": 1, "cells": [[5, 5], [100000, 3]]}})", "large.json");
    });
    EXPECT_TRUE(contains(outside, "large.json: /obstacles/cells/1: cell [100000, 3] is outside the 100000 x 100000 cells")) << outside;
}

}  // namespace
}  // namespace aoilab
