#include "scenario/scenario.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "core/error.h"
#include "path/graph.h"
#include "path/grid_map.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;
const fs::path kRoot = AOILAB_SOURCE_DIR;

std::string readText(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string loadError(const fs::path& file) {
    try {
        loadScenario(file);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

TEST(Scenario, EveryBadFileGivesItsMessage) {
    int checked = 0;
    for (const auto& item : fs::directory_iterator(kRoot / "tests/data/bad")) {
        if (item.path().extension() != ".json") continue;
        fs::path expectFile = item.path();
        expectFile.replace_extension(".expect");
        ASSERT_TRUE(fs::exists(expectFile)) << "no .expect file beside " << item.path();
        std::string expected = readText(expectFile);
        while (!expected.empty() && expected.back() == '\n') expected.pop_back();
        std::string message = loadError(item.path());
        ASSERT_FALSE(message.empty()) << item.path() << " loaded without error";
        EXPECT_NE(message.find(expected), std::string::npos)
            << item.path() << "\n  message:  " << message << "\n  expected: " << expected;
        ++checked;
    }
    EXPECT_GE(checked, 15);
}

TEST(Scenario, ReportsEveryProblemOfAFile) {
    const char* text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10},
        "entities": [{"id": 1, "x": 50, "y": 1, "radius": 1}, {"id": 2, "x": 1, "y": "no", "radius": 1}]})";
    try {
        parseScenario(text, "inline.json");
        FAIL() << "accepted a bad scenario";
    } catch (const InputError& error) {
        std::string message = error.what();
        EXPECT_NE(message.find("inline.json: /entities/0/x: 50 is outside the world [0, 10]"), std::string::npos);
        EXPECT_NE(message.find("inline.json: /entities/1/y: expected a number, got \"no\""), std::string::npos);
    }
}

TEST(Scenario, TheCoreExampleOfTheDesignLoads) {
    const char* text = R"({"format": "aoilab-scenario", "version": 1,
       "world": {"width": 100, "height": 100},
       "aoi": {"shape": "square", "method": "crosslist"},
       "entities": [{"id": 1, "name": "a", "x": 1, "y": 5, "radius": 2}],
       "script": [{"op": "add", "id": 4, "x": 3, "y": 3, "radius": 2},
                  {"op": "move", "id": 4, "x": 4, "y": 4},
                  {"op": "radius", "id": 4, "radius": 3},
                  {"op": "leave", "id": 4},
                  {"op": "tick"}]})";
    Scenario scenario = parseScenario(text, "design.json");
    EXPECT_EQ(scenario.aoi.shape, ViewShape::Square);
    EXPECT_EQ(scenario.entities.at(0).name, "a");
    ASSERT_EQ(scenario.script.size(), 5u);
    EXPECT_EQ(scenario.script[1].kind, OpKind::Move);
    EXPECT_EQ(scenario.script[1].entity.x, 4);
    EXPECT_EQ(scenario.script[2].entity.radius, 3);
    auto operations = scenario.operations();
    ASSERT_EQ(operations.size(), 6u);
    EXPECT_EQ(operations[0].kind, OpKind::Add);
    EXPECT_EQ(operations[1].entity.id, 4);
}

TEST(Scenario, AnIdThatLeftMayComeBack) {
    const char* text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10},
       "entities": [{"id": 1, "x": 1, "y": 1, "radius": 1}],
       "script": [{"op": "leave", "id": 1}, {"op": "add", "id": 1, "x": 2, "y": 2, "radius": 1}]})";
    EXPECT_EQ(parseScenario(text, "back.json").script.size(), 2u);
}

TEST(Scenario, EveryShippedScenarioRoundTrips) {
    int checked = 0;
    for (const auto& item : fs::directory_iterator(kRoot / "scenarios")) {
        if (item.path().extension() != ".json") continue;
        Scenario first = loadScenario(item.path());
        fs::path copy = fs::temp_directory_path() / ("aoilab-roundtrip-" + std::to_string(::getpid()) + "-" + item.path().filename().string());
        saveScenario(first, copy, item.path());  // elsewhere: the map and graph references follow
        Scenario second = loadScenario(copy);
        if (first.lesson.map && !first.lesson.map->file.empty()) {
            EXPECT_EQ(loadScenarioMap(first, item.path()).passableCells(), loadScenarioMap(second, copy).passableCells())
                << item.path();
        }
        second.lesson = first.lesson;  // the references differ in spelling, not in what they name
        EXPECT_TRUE(first == second) << item.path();
        EXPECT_TRUE(initialWorld(first) == initialWorld(second)) << item.path();
        fs::remove(copy);
        ++checked;
    }
    EXPECT_GE(checked, 1);
}

TEST(Scenario, AllOptionalKeysRoundTrip) {
    Scenario scenario;
    scenario.title = "title";
    scenario.description = "描述";
    scenario.width = 300;
    scenario.height = 200.5;
    scenario.aoi.shape = ViewShape::Circle;
    scenario.aoi.method = "tower";
    scenario.aoi.hysteresis = 1.5;
    scenario.aoi.cellSize = 12;
    scenario.aoi.standardRadius = 30;
    scenario.aoi.tickInterval = 3;
    scenario.aoi.lazySuperView = true;
    scenario.aoi.quadtreeCapacity = 6;
    scenario.aoi.quadtreeMaxDepth = 9;
    scenario.aoi.towerSize = 40;
    scenario.entities.push_back(Entity{5, "five", 0.1, 200.5, 0, 0xff8800ff});
    scenario.entities.push_back(Entity{6, "", 300, 0, 1e6, 0x11223344});
    scenario.script.push_back(ScriptOp{OpKind::Move, Entity{5, "", 1.0 / 3.0, 2, 0, 0}});
    scenario.script.push_back(ScriptOp{OpKind::Tick, {}});
    scenario.obstacleCellSize = 2;
    scenario.obstacles = {{0, 0}, {149, 100}};
    scenario.expected = std::vector<ExpectedEvent>{{1, AoiEvent{AoiEventType::Move, 6, 5}}};
    Scenario parsed = parseScenario(scenarioToJson(scenario), "memory.json");
    EXPECT_TRUE(parsed == scenario) << scenarioToJson(parsed);
}

TEST(Scenario, SaveIsAtomicAndLeavesNoTemporaryFile) {
    fs::path dir = fs::temp_directory_path() / "aoilab-save-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    Scenario scenario;
    scenario.entities.push_back(Entity{1, "a", 1, 2, 3, 0});
    saveScenario(scenario, dir / "s.json");
    scenario.entities[0].x = 9;
    saveScenario(scenario, dir / "s.json");  // replaces the old file
    EXPECT_EQ(loadScenario(dir / "s.json").entities[0].x, 9);
    int files = 0;
    for ([[maybe_unused]] const auto& item : fs::directory_iterator(dir)) ++files;
    EXPECT_EQ(files, 1);
    EXPECT_THROW(saveScenario(scenario, dir / "missing-folder" / "s.json"), InputError);
    EXPECT_EQ(loadScenario(dir / "s.json").entities[0].x, 9);  // the old file survives a failed save
    fs::remove_all(dir);
}

TEST(Scenario, WorldEditsFlowBackIntoTheScenario) {
    Scenario scenario = loadScenario(kRoot / "scenarios/default.json");
    World world = initialWorld(scenario);
    world.move(world.entities()[0].id, 42, 43);
    world.setObstacle({0, 0}, true);
    Scenario edited = withWorld(scenario, world);
    EXPECT_EQ(edited.entities[0].x, 42);
    EXPECT_EQ(edited.script, scenario.script);
    EXPECT_TRUE(initialWorld(edited) == world);
}

TEST(Scenario, MissingFileIsAnInputError) {
    std::string message = loadError(kRoot / "no-such-file.json");
    EXPECT_NE(message.find("no-such-file.json: cannot open"), std::string::npos) << message;
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// Every lesson key (scenario_lesson.h) survives a save and a load, and the references resolve beside
// the scenario file.
TEST(ScenarioLesson, EveryKeyRoundTripsAndReferencesResolveBesideTheFile) {
    fs::path folder = fs::temp_directory_path() / ("aoilab-lesson-" + std::to_string(::getpid()));
    fs::create_directories(folder / "maps");
    std::ofstream(folder / "maps/tiny.map") << "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n";
    const char* text = R"({"format": "aoilab-scenario", "version": 1,
        "title": {"en": "Tiny", "zh": "小地图"}, "description": {"en": "A wall.", "zh": "一堵墙。"},
        "world": {"width": 10, "height": 10}, "mode": "search", "panels": ["search_stats", "legend"],
        "start_position": "end", "map": "maps/tiny.map",
        "queries": [{"start": [0, 1], "goal": [3, 1]}, {"start": [0, 0], "goal": [3, 2]}],
        "graph": {"vertices": [{"id": "A", "x": 0, "y": 0}, {"id": "B", "x": 3, "y": 4}],
                  "edges": [{"from": "A", "to": "B", "weight": 5}]},
        "route": {"from": "A", "to": "B"}})";
    std::ofstream(folder / "lesson.json") << text;
    Scenario scenario = loadScenario(folder / "lesson.json");
    EXPECT_EQ(scenario.title, "Tiny");
    EXPECT_EQ(scenario.lesson.titleZh, "小地图");
    EXPECT_EQ(scenario.lesson.descriptionZh, "一堵墙。");
    EXPECT_EQ(scenario.lesson.mode, "search");
    EXPECT_EQ(scenario.lesson.panels, (std::vector<std::string>{"search_stats", "legend"}));
    EXPECT_TRUE(scenario.lesson.startAtEnd);
    ASSERT_TRUE(scenario.lesson.map);
    EXPECT_EQ(scenario.lesson.map->file, "maps/tiny.map");
    ASSERT_EQ(scenario.lesson.queries.size(), 2u);
    EXPECT_EQ(scenario.lesson.queries[1].goalY, 2);
    ASSERT_TRUE(scenario.lesson.route);
    EXPECT_EQ(scenario.lesson.route->to, "B");
    GridMap map = loadScenarioMap(scenario, folder / "lesson.json");
    EXPECT_EQ(map.width(), 4);
    EXPECT_FALSE(map.passable(1, 1));
    EXPECT_EQ(loadScenarioGraph(scenario, folder / "lesson.json").vertexCount(), 2u);

    // Saved elsewhere and read back: the same scenario (the map reference stays as written).
    fs::path copy = folder / "copy.json";
    saveScenario(scenario, copy);
    EXPECT_EQ(loadScenario(copy), scenario);

    // An inline map and a numeric start position.
    const char* inlineText = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10},
        "map": {"rows": ["..", ".@"]}, "queries": [{"start": [0, 0], "goal": [1, 0]}], "start_position": 3})";
    Scenario inlined = parseScenario(inlineText, "inline.json");
    EXPECT_EQ(inlined.lesson.startPosition, 3u);
    EXPECT_EQ(parseScenario(scenarioToJson(inlined), "again.json"), inlined);
    fs::remove_all(folder);
}

// The shipped library: every scenario loads (files it names included) and has both languages.
TEST(ScenarioLesson, TheLibraryLoadsAndSpeaksBothLanguages) {
    int checked = 0;
    for (const auto& item : fs::directory_iterator(kRoot / "scenarios")) {
        if (item.path().extension() != ".json") continue;
        Scenario scenario = loadScenario(item.path());
        EXPECT_FALSE(scenario.title.empty()) << item.path();
        EXPECT_FALSE(scenario.lesson.titleZh.empty()) << item.path();
        EXPECT_FALSE(scenario.description.empty()) << item.path();
        EXPECT_FALSE(scenario.lesson.descriptionZh.empty()) << item.path();
        ++checked;
    }
    EXPECT_GE(checked, 6);
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// Behaviours become moves before every tick, the same on every load; saving keeps the behaviour and
// drops its moves; patrols walk their points at their speed.
TEST(ScenarioBehaviours, WalksAndPatrolsBecomeMovesBeforeEachTick) {
    const char* text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 20, "height": 20},
        "entities": [{"id": 1, "x": 0, "y": 0, "radius": 3,
                      "behaviour": {"kind": "patrol", "points": [[10, 0], [10, 10]], "speed": 4}},
                     {"id": 2, "x": 5, "y": 5, "radius": 3, "behaviour": {"kind": "walk", "seed": 9, "step": 2}},
                     {"id": 3, "x": 9, "y": 9, "radius": 3, "behaviour": {"kind": "still"}}],
        "script": [{"op": "tick"}, {"op": "tick"}, {"op": "add", "id": 4, "x": 1, "y": 1, "radius": 1,
                    "behaviour": {"kind": "walk", "step": 1}}, {"op": "tick"}, {"op": "tick"}, {"op": "tick"}]})";
    Scenario s = parseScenario(text, "b.json");
    std::vector<Vec2> patrol;
    std::size_t generated = 0;
    for (const ScriptOp& op : s.script) {
        if (!op.generated) continue;
        ++generated;
        EXPECT_EQ(op.kind, OpKind::Move);
        EXPECT_NE(op.entity.id, 3);  // still: no moves
        EXPECT_GE(op.entity.x, 0);
        EXPECT_LE(op.entity.x, 20);
        if (op.entity.id == 1) patrol.push_back({op.entity.x, op.entity.y});
    }
    EXPECT_EQ(generated, 5u + 5u + 3u);  // patrol and walker at 5 ticks, the added walker at 3
    ASSERT_EQ(patrol.size(), 5u);
    const Vec2 expected[] = {{4, 0}, {8, 0}, {10, 2}, {10, 6}, {10, 10}};
    for (int i = 0; i < 5; ++i) {
        EXPECT_DOUBLE_EQ(patrol[i].x, expected[i].x) << i;
        EXPECT_DOUBLE_EQ(patrol[i].y, expected[i].y) << i;
    }
    // Moves come before their tick, in id order.
    ASSERT_GE(s.script.size(), 3u);
    EXPECT_EQ(s.script[0].entity.id, 1);
    EXPECT_EQ(s.script[1].entity.id, 2);
    EXPECT_EQ(s.script[2].kind, OpKind::Tick);
    EXPECT_EQ(parseScenario(text, "again.json"), s);  // deterministic
    // Saved: the behaviours, not their moves; loading that gives the same scenario.
    std::string saved = scenarioToJson(s);
    auto json = nlohmann::json::parse(saved);
    EXPECT_EQ(json["script"].size(), 6u);
    EXPECT_EQ(json["entities"][0]["behaviour"]["kind"], "patrol");
    EXPECT_EQ(json["script"][2]["behaviour"]["kind"], "walk");
    EXPECT_EQ(parseScenario(saved, "saved.json"), s);
}

}  // namespace
}  // namespace aoilab
