#include "scenario/scenario_lesson.h"

#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "core/json_reader.h"
#include "path/graph.h"
#include "path/graph_io.h"
#include "path/grid_search.h"
#include "path/grid_map.h"
#include "path/movingai.h"
#include "scenario/scenario.h"

namespace aoilab {
namespace {

using nlohmann::json;
using ordered_json = nlohmann::ordered_json;

constexpr std::size_t kMaxPanels = 64;
constexpr std::size_t kMaxQueries = 10'000;
constexpr std::size_t kMaxStartPosition = 1'000'000'000;

// Inline rows as the .map text the MovingAI reader takes, so inline and file maps obey one rule set.
std::string movingAiText(const std::vector<std::string>& rows) {
    std::ostringstream text;
    text << "type octile\nheight " << rows.size() << "\nwidth " << (rows.empty() ? 0 : rows.front().size())
         << "\nmap\n";
    for (const std::string& row : rows) text << row << '\n';
    return text.str();
}

GridMap parseInlineMap(const std::vector<std::string>& rows, const std::string& source) {
    std::istringstream in(movingAiText(rows));
    return parseMovingAiMap(in, source + ": /map/rows");
}

// A list of panel ids at `key` ("panels", "hide_until_reveal").
void readPanelIds(JsonReader& reader, const json& value, const std::string& key, std::vector<std::string>& out) {
    std::string listPath = "/" + key;
    if (!reader.array(value, listPath, kMaxPanels)) return;
    for (std::size_t i = 0; i < value.size(); ++i) {
        std::string path = JsonReader::child(listPath, i);
        const json& id = value[i];
        std::string text = id.is_string() ? id.get<std::string>() : std::string();
        bool word = !text.empty() && std::all_of(text.begin(), text.end(),
                                                 [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
        if (!word) reader.problem(path, "expected a panel id (lower-case letters and _), got " + JsonReader::describe(id));
        else out.push_back(text);
    }
}

void readStartPosition(JsonReader& reader, const json& value, ScenarioLesson& lesson) {
    if (value.is_string() && value.get<std::string>() == "end") {
        lesson.startAtEnd = true;
    } else if (value.is_number_integer() && value.get<long long>() >= 0 &&
               value.get<long long>() <= static_cast<long long>(kMaxStartPosition)) {
        lesson.startPosition = static_cast<std::size_t>(value.get<long long>());
    } else {
        reader.problem("/start_position", "expected a whole number from 0 to " + std::to_string(kMaxStartPosition) +
                                              " or \"end\", got " + JsonReader::describe(value));
    }
}

void readMap(JsonReader& reader, const json& value, const std::string& source, ScenarioLesson& lesson) {
    ScenarioMapRef map;
    if (value.is_string()) {
        map.file = value.get<std::string>();
        if (map.file.empty()) reader.problem("/map", "empty file name");
        else lesson.map = map;
        return;
    }
    if (!reader.object(value, "/map", {"rows"})) return;
    auto rows = value.find("rows");
    if (rows == value.end()) {
        reader.problem("/map/rows", "missing (required)");
        return;
    }
    if (!reader.array(*rows, "/map/rows", static_cast<std::size_t>(GridMap::kMaxSide))) return;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        if (!(*rows)[i].is_string()) {
            reader.problem(JsonReader::child("/map/rows", i), "expected a string of terrain characters, got " +
                                                                  JsonReader::describe((*rows)[i]));
            return;
        }
        map.rows.push_back((*rows)[i].get<std::string>());
    }
    try {
        parseInlineMap(map.rows, source);
        lesson.map = map;
    } catch (const InputError& e) {
        reader.problem("/map/rows", e.what());
    }
}

std::optional<int> coordinate(const json& pair) {
    if (pair.is_number_integer() && pair.get<long long>() >= 0 && pair.get<long long>() < GridMap::kMaxSide)
        return static_cast<int>(pair.get<long long>());
    return std::nullopt;
}

std::optional<std::pair<int, int>> readPoint(JsonReader& reader, const json& query, const std::string& path,
                                             const char* key) {
    std::string where = JsonReader::child(path, key);
    auto it = query.find(key);
    if (it == query.end()) {
        reader.problem(where, "missing (required)");
        return std::nullopt;
    }
    if (it->is_array() && it->size() == 2) {
        auto x = coordinate((*it)[0]), y = coordinate((*it)[1]);
        if (x && y) return std::pair{*x, *y};
    }
    reader.problem(where, "expected [x, y] whole numbers from 0 to " + std::to_string(GridMap::kMaxSide - 1) +
                              ", got " + JsonReader::describe(*it));
    return std::nullopt;
}

void readQueries(JsonReader& reader, const json& value, ScenarioLesson& lesson) {
    if (!reader.array(value, "/queries", kMaxQueries)) return;
    for (std::size_t i = 0; i < value.size(); ++i) {
        std::string path = JsonReader::child("/queries", i);
        if (!reader.object(value[i], path, {"start", "goal"})) continue;
        auto start = readPoint(reader, value[i], path, "start");
        auto goal = readPoint(reader, value[i], path, "goal");
        if (start && goal) lesson.queries.push_back({start->first, start->second, goal->first, goal->second});
    }
    if (!value.empty() && !lesson.map) reader.problem("/queries", "queries need a \"map\" to run on");
}

void readGraph(JsonReader& reader, const json& value, const std::string& source, ScenarioLesson& lesson) {
    ScenarioGraphRef graph;
    if (value.is_string()) {
        graph.file = value.get<std::string>();
        if (graph.file.empty()) reader.problem("/graph", "empty file name");
        else lesson.graph = graph;
        return;
    }
    if (!value.is_object()) {
        reader.problem("/graph", "expected a file name or a graph object, got " + JsonReader::describe(value));
        return;
    }
    try {
        parseGraphJson(value.dump(), source + ": /graph");
        graph.inlineGraph = value;
        lesson.graph = graph;
    } catch (const InputError& e) {
        reader.problem("/graph", e.what());
    }
}

std::optional<std::string> readVertexId(JsonReader& reader, const json& route, const char* key) {
    std::string where = JsonReader::child("/route", key);
    auto it = route.find(key);
    if (it == route.end()) reader.problem(where, "missing (required)");
    else if (it->is_string() && !it->get<std::string>().empty()) return it->get<std::string>();
    else if (it->is_number_integer()) return it->dump();
    else reader.problem(where, "expected a vertex id, got " + JsonReader::describe(*it));
    return std::nullopt;
}

void readRoute(JsonReader& reader, const json& value, ScenarioLesson& lesson) {
    if (!reader.object(value, "/route", {"from", "to"})) return;
    auto from = readVertexId(reader, value, "from"), to = readVertexId(reader, value, "to");
    if (from && to) lesson.route = GraphRoute{*from, *to};
    if (!lesson.graph) reader.problem("/route", "a route needs a \"graph\"");
}

}  // namespace

namespace lesson_keys {

void readText(JsonReader& reader, const json& root, const char* key, std::string& en, std::string& zh) {
    auto it = root.find(key);
    if (it == root.end()) return;
    std::string path = JsonReader::child("", key);
    if (it->is_string()) {
        en = it->get<std::string>();
        return;
    }
    if (!reader.object(*it, path, {"en", "zh"})) return;
    en = reader.string(*it, path, "en", true).value_or("");
    zh = reader.string(*it, path, "zh", false).value_or("");
}

void read(JsonReader& reader, const json& root, ScenarioLesson& lesson) {
    const std::string source = reader.source();
    if (auto it = root.find("mode"); it != root.end()) {
        std::string mode = it->is_string() ? it->get<std::string>() : std::string();
        bool known = std::any_of(std::begin(kScenarioModes), std::end(kScenarioModes),
                                 [&](const char* m) { return mode == m; });
        if (known) lesson.mode = mode;
        else reader.problem("/mode", "unknown workbench " + JsonReader::describe(*it) + " (expected aoi, search, maps or graph)");
    }
    if (auto it = root.find("panels"); it != root.end()) readPanelIds(reader, *it, "panels", lesson.panels);
    if (auto it = root.find("start_position"); it != root.end()) readStartPosition(reader, *it, lesson);
    if (auto it = root.find("map"); it != root.end()) readMap(reader, *it, source, lesson);
    if (auto it = root.find("queries"); it != root.end()) readQueries(reader, *it, lesson);
    if (auto it = root.find("graph"); it != root.end()) readGraph(reader, *it, source, lesson);
    if (auto it = root.find("route"); it != root.end()) readRoute(reader, *it, lesson);
    if (root.contains("exercise")) lesson.exercise = reader.boolean(root, "", "exercise", false).value_or(false);
    if (auto it = root.find("hide_until_reveal"); it != root.end()) {
        readPanelIds(reader, *it, "hide_until_reveal", lesson.hiddenUntilReveal);
        if (!lesson.exercise) reader.problem("/hide_until_reveal", "only an exercise scenario (\"exercise\": true) hides panels until the reveal");
    }
    if (auto question = reader.string(root, "", "question", false)) {
        bool known = std::any_of(std::begin(kGraphQuestions), std::end(kGraphQuestions),
                                 [&](const char* q) { return *question == q; });
        if (!known) reader.problem("/question", "unknown question " + JsonReader::describe(root.at("question")) + " (expected settled or labels)");
        else if (!lesson.exercise || lesson.mode != "graph")
            reader.problem("/question", "only a graph exercise (\"mode\": \"graph\", \"exercise\": true) asks a question");
        else if (*question != "settled") lesson.question = *question;
    }
    if (auto algo = reader.string(root, "", "algo", false)) {
        if (parseAlgorithm(*algo)) lesson.algo = std::string(algorithmName(*parseAlgorithm(*algo)));
        else reader.problem("/algo", unknownAlgorithmMessage(*algo));
    }
}

void writeText(ordered_json& root, const char* key, const std::string& en, const std::string& zh) {
    if (!zh.empty()) root[key] = {{"en", en}, {"zh", zh}};
    else if (!en.empty()) root[key] = en;
}

void write(ordered_json& root, const ScenarioLesson& lesson) {
    if (!lesson.mode.empty()) root["mode"] = lesson.mode;
    if (!lesson.panels.empty()) root["panels"] = lesson.panels;
    if (lesson.startAtEnd) root["start_position"] = "end";
    else if (lesson.startPosition) root["start_position"] = *lesson.startPosition;
    if (lesson.map) {
        if (!lesson.map->file.empty()) root["map"] = lesson.map->file;
        else root["map"] = {{"rows", lesson.map->rows}};
    }
    if (!lesson.queries.empty()) {
        ordered_json queries = ordered_json::array();
        for (const MapQuery& q : lesson.queries)
            queries.push_back({{"start", {q.startX, q.startY}}, {"goal", {q.goalX, q.goalY}}});
        root["queries"] = queries;
    }
    if (lesson.graph) {
        if (!lesson.graph->file.empty()) root["graph"] = lesson.graph->file;
        else root["graph"] = ordered_json::parse(lesson.graph->inlineGraph.dump());
    }
    if (lesson.route) root["route"] = {{"from", lesson.route->from}, {"to", lesson.route->to}};
    if (lesson.exercise) root["exercise"] = true;
    if (!lesson.hiddenUntilReveal.empty()) root["hide_until_reveal"] = lesson.hiddenUntilReveal;
    if (!lesson.algo.empty()) root["algo"] = lesson.algo;
    if (!lesson.question.empty()) root["question"] = lesson.question;
}

}  // namespace lesson_keys

std::filesystem::path resolveScenarioReference(const std::filesystem::path& scenarioFile, const std::string& relative) {
    std::filesystem::path reference(relative);
    if (reference.is_absolute()) return reference;
    return scenarioFile.parent_path() / reference;
}

void rebaseScenarioReferences(ScenarioLesson& lesson, const std::filesystem::path& from, const std::filesystem::path& to) {
    namespace fs = std::filesystem;
    auto rebase = [&](std::string& reference) {
        if (reference.empty() || fs::path(reference).is_absolute()) return;
        fs::path target = fs::absolute(resolveScenarioReference(from, reference)).lexically_normal();
        fs::path base = fs::absolute(to).parent_path().lexically_normal();
        fs::path relative = target.lexically_relative(base);
        reference = (relative.empty() ? target : relative).generic_string();
    };
    if (lesson.map) rebase(lesson.map->file);
    if (lesson.graph) rebase(lesson.graph->file);
}

GridMap loadScenarioMap(const Scenario& scenario, const std::filesystem::path& scenarioFile) {
    const ScenarioMapRef& map = *scenario.lesson.map;
    if (map.file.empty()) return parseInlineMap(map.rows, scenarioFile.string());
    std::filesystem::path file = resolveScenarioReference(scenarioFile, map.file);
    try {
        return readMovingAiMap(file.string());
    } catch (const InputError& e) {
        throw InputError(scenarioFile.string() + ": /map: " + e.what());
    }
}

std::optional<LessonMap> loadLessonMap(const Scenario& scenario, const std::filesystem::path& scenarioFile) {
    if (!scenario.lesson.map) return std::nullopt;
    LessonMap lesson{loadScenarioMap(scenario, scenarioFile), "", std::nullopt};
    const std::string& file = scenario.lesson.map->file;
    lesson.name = file.empty() ? scenarioFile.stem().string() : std::filesystem::path(file).stem().string();
    if (!scenario.lesson.queries.empty()) lesson.query = scenario.lesson.queries.front();
    return lesson;
}

Graph loadScenarioGraph(const Scenario& scenario, const std::filesystem::path& scenarioFile) {
    const ScenarioGraphRef& graph = *scenario.lesson.graph;
    if (graph.file.empty()) return parseGraphJson(graph.inlineGraph.dump(), scenarioFile.string() + ": /graph");
    std::filesystem::path file = resolveScenarioReference(scenarioFile, graph.file);
    try {
        return loadGraphFile(file.string());
    } catch (const InputError& e) {
        throw InputError(scenarioFile.string() + ": /graph: " + e.what());
    }
}

void checkScenarioReferences(const Scenario& scenario, const std::filesystem::path& scenarioFile) {
    const ScenarioLesson& lesson = scenario.lesson;
    JsonReader reader(scenarioFile.string());
    if (lesson.map) {
        GridMap map = loadScenarioMap(scenario, scenarioFile);
        for (std::size_t i = 0; i < lesson.queries.size(); ++i) {
            const MapQuery& q = lesson.queries[i];
            std::string path = JsonReader::child("/queries", i);
            auto check = [&](const char* key, int x, int y) {
                if (!map.inBounds(x, y))
                    reader.problem(JsonReader::child(path, key), "(" + std::to_string(x) + ", " + std::to_string(y) +
                                                                     ") is outside the " + std::to_string(map.width()) +
                                                                     " x " + std::to_string(map.height()) + " map");
                else if (!map.passable(x, y))
                    reader.problem(JsonReader::child(path, key),
                                   "(" + std::to_string(x) + ", " + std::to_string(y) + ") is a blocked cell");
            };
            check("start", q.startX, q.startY);
            check("goal", q.goalX, q.goalY);
        }
    }
    if (lesson.graph) {
        Graph graph = loadScenarioGraph(scenario, scenarioFile);
        if (lesson.route) {
            if (!graph.contains(lesson.route->from))
                reader.problem("/route/from", "vertex \"" + lesson.route->from + "\" is not in the graph");
            if (!graph.contains(lesson.route->to))
                reader.problem("/route/to", "vertex \"" + lesson.route->to + "\" is not in the graph");
        }
    }
    reader.throwIfProblems();
}

}  // namespace aoilab
