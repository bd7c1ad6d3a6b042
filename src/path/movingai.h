#pragma once
// Reading (and writing) the Moving AI Lab benchmark formats as published:
//   .map:  "type octile", "height H", "width W", "map", then H rows of W terrain characters.
//   .scen: "version 1" (or "version 1.0"), then one query a line with nine fields separated by tabs
//          or spaces: bucket, map path, map width, map height, start x, start y, goal x, goal y,
//          optimal length. Blank lines (for example at the end) are skipped.
// Every error is an InputError naming the file, the line and the problem.
#include <iosfwd>
#include <string>
#include <vector>

#include "path/grid_map.h"

namespace aoilab {

struct ScenarioQuery {
    int bucket = 0;
    std::string mapPath;  // as written in the file (relative to the benchmark set)
    int mapWidth = 0;
    int mapHeight = 0;
    GridPoint start;
    GridPoint goal;
    double optimalLength = 0;  // rounded as published (about 6 significant digits)
    int line = 0;              // 1-based line of the query in its file
};

struct MovingAiScenario {
    std::string source;  // file name used in messages
    std::string version;  // "1" or "1.0"
    std::vector<ScenarioQuery> queries;
};

// `source` names the input in messages (the file path when reading a file).
GridMap parseMovingAiMap(std::istream& in, const std::string& source);
GridMap readMovingAiMap(const std::string& path);  // InputError also when the file cannot be opened
MovingAiScenario parseMovingAiScenario(std::istream& in, const std::string& source);
MovingAiScenario readMovingAiScenario(const std::string& path);

// Checks that every query fits `map`: the map size it names, and starts and goals inside the map on
// passable cells. Throws InputError naming the scenario's file and the query's line.
void checkScenarioFitsMap(const MovingAiScenario& scenario, const GridMap& map);

// Writes `map` in the .map format (type octile), readable by parseMovingAiMap.
void writeMovingAiMap(std::ostream& out, const GridMap& map);

}  // namespace aoilab
