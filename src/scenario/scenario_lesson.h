#pragma once
// What a scenario carries besides the AOI world and script, so one file can open a whole lesson:
// titles in both UI languages, the workbench and panels it opens in, the timeline position to start
// at, a grid map (a MovingAI .map beside the file, or inline rows) with path queries, and a graph (a
// graph JSON or the article's XML beside the file, or inline) with the route to find on it.
//
// File keys (all optional):
//   "title", "description"      a string, or {"en": "...", "zh": "..."} (en required)
//   "mode"                      "aoi" | "search" | "maps" | "graph"
//   "panels"                    ["lists", "events", ...]: the panels to open (others close)
//   "start_position"            N >= 0 or "end": where the mode's timeline starts
//   "map"                       "maps/arena.map" (relative to the scenario file) or
//                               {"rows": ["....", ".@@.", ...]} (MovingAI terrain characters)
//   "queries"                   [{"start": [x, y], "goal": [x, y]}, ...] on the map (first one shown)
//   "graph"                     "graphs/castles.json" | "graphs/square_walk.xml" (relative), or an
//                               inline graph object {"vertices": [...], "edges": [...]}
//   "route"                     {"from": "A", "to": "C"}: vertex ids of the graph
//   "algo"                      the search algorithm the lesson runs (astar, dijkstra, greedy, jps)
//   "exercise"                  true: predict, then reveal (the search asks which cell is expanded next,
//                               the graph which vertex is settled next; a score is kept)
//   "question"                  the graph exercise's question: "settled" (which vertex is settled next,
//                               the default) or "labels" (which distance labels the next step changes)
//   "hide_until_reveal"         ["events", ...]: in an exercise, these panels stay hidden until a step
//                               reveals the answer, and hide again at the next guess
// The rules are checked by parseScenario (values, inline map and graph) and loadScenario (the files
// the scenario names, the queries against the map, the route against the graph): validate, replay and
// the app all read scenarios through them, so they accept and refuse the same files.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "path/grid_map.h"

namespace aoilab {

class Graph;
struct Scenario;

inline constexpr const char* kScenarioModes[] = {"aoi", "search", "maps", "graph"};
// What a graph exercise can ask before each step (the "question" key).
inline constexpr const char* kGraphQuestions[] = {"settled", "labels"};

struct ScenarioMapRef {
    std::string file;               // relative to the scenario file; empty when inline
    std::vector<std::string> rows;  // inline terrain rows (row 0 at the top)
    friend bool operator==(const ScenarioMapRef&, const ScenarioMapRef&) = default;
};

struct MapQuery {
    int startX = 0, startY = 0, goalX = 0, goalY = 0;
    friend bool operator==(const MapQuery&, const MapQuery&) = default;
};

struct ScenarioGraphRef {
    std::string file;              // relative to the scenario file; empty when inline
    nlohmann::json inlineGraph;    // {"vertices", "edges"} when inline, else null
    friend bool operator==(const ScenarioGraphRef&, const ScenarioGraphRef&) = default;
};

struct GraphRoute {
    std::string from, to;
    friend bool operator==(const GraphRoute&, const GraphRoute&) = default;
};

struct ScenarioLesson {
    std::string titleZh, descriptionZh;  // empty: the English text serves both languages
    std::string mode;                    // empty: the app keeps its current workbench
    std::vector<std::string> panels;     // empty: the app keeps its panels
    std::optional<std::size_t> startPosition;
    bool startAtEnd = false;
    std::optional<ScenarioMapRef> map;
    std::vector<MapQuery> queries;
    std::optional<ScenarioGraphRef> graph;
    std::optional<GraphRoute> route;
    bool exercise = false;
    std::vector<std::string> hiddenUntilReveal;  // panel ids (exercise only)
    std::string question;  // the graph exercise's question: empty (= "settled") or "labels"
    std::string algo;  // empty: the workbench's current one
    friend bool operator==(const ScenarioLesson&, const ScenarioLesson&) = default;
};

// The file a relative reference names: beside the scenario file (or the working directory when the
// scenario has no file yet).
std::filesystem::path resolveScenarioReference(const std::filesystem::path& scenarioFile, const std::string& relative);

// The scenario's file references (map, graph) rewritten so that, saved as `to`, they name the same files
// they named beside `from` (Save As into another folder must not lose the map).
void rebaseScenarioReferences(ScenarioLesson& lesson, const std::filesystem::path& from, const std::filesystem::path& to);

// The scenario's map and graph, loaded (InputError naming the scenario file and the key when they do
// not load). Precondition: scenario.lesson.map / .graph are set.
GridMap loadScenarioMap(const Scenario& scenario, const std::filesystem::path& scenarioFile);
Graph loadScenarioGraph(const Scenario& scenario, const std::filesystem::path& scenarioFile);

// A lesson's map as a workbench opens it: the map, a name to show (the file's stem, or the scenario's
// for an inline map), and the first query. nullopt when the scenario names no map; InputError as above.
struct LessonMap {
    GridMap map;
    std::string name;
    std::optional<MapQuery> query;
};
std::optional<LessonMap> loadLessonMap(const Scenario& scenario, const std::filesystem::path& scenarioFile);

// The checks that need the referenced files: the map and graph load, the queries lie on passable
// cells inside the map, the route's vertices exist. Throws InputError listing every problem.
void checkScenarioReferences(const Scenario& scenario, const std::filesystem::path& scenarioFile);

}  // namespace aoilab

// For scenario.cpp: reading and writing these keys inside the scenario's own reader and writer.
namespace aoilab {
class JsonReader;
namespace lesson_keys {
// "title" / "description": a string or {"en", "zh"}; sets en (the scenario's title) and zh.
void readText(JsonReader& reader, const nlohmann::json& root, const char* key, std::string& en, std::string& zh);
void read(JsonReader& reader, const nlohmann::json& root, ScenarioLesson& lesson);
void writeText(nlohmann::ordered_json& root, const char* key, const std::string& en, const std::string& zh);
void write(nlohmann::ordered_json& root, const ScenarioLesson& lesson);
}  // namespace lesson_keys
}  // namespace aoilab
