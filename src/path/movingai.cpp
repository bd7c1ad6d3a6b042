#include "path/movingai.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <ostream>
#include <sstream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/text_check.h"
#include "core/limits.h"

namespace aoilab {
namespace {

// Splits on runs of spaces and tabs.
std::vector<std::string> splitFields(const std::string& line) {
    std::vector<std::string> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) fields.push_back(line.substr(start, i - start));
    }
    return fields;
}

// Each line is checked as UTF-8 when read, so no later message or output quotes bytes that are not.
bool getLine(std::istream& in, std::string& line, const std::string& source, int lineNo) {
    if (!std::getline(in, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();  // files written on Windows
    if (std::size_t bad = firstNonUtf8(line); bad != std::string::npos)
        throw InputError(source + ":" + std::to_string(lineNo) + ": column " + std::to_string(bad + 1) +
                         ": a byte that is not UTF-8 (" + printableText(line.substr(bad, 1)) + "); every text in the file must be UTF-8");
    return true;
}

bool isBlank(const std::string& line) { return line.find_first_not_of(" \t") == std::string::npos; }

std::string where(const std::string& source, int line) { return source + ":" + std::to_string(line) + ": "; }

// A field of the file inside a message: quoted, control bytes (a NUL, an escape) written as \xNN and a
// long field cut (core/text_check.h), so the message stays one readable line.
std::string quoted(const std::string& text) { return quotedBrief(text); }

int parseInt(const std::string& text, const std::string& source, int line, const char* what, long min, long max) {
    errno = 0;
    char* end = nullptr;
    long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE)  // a NUL inside is not the end
        throw InputError(where(source, line) + what + " " + quoted(text) + " is not a whole number");
    if (value < min || value > max)
        throw InputError(where(source, line) + what + " " + text + " is out of range [" + std::to_string(min) +
                         ", " + std::to_string(max) + "]");
    return static_cast<int>(value);
}

double parseLength(const std::string& text, const std::string& source, int line) {
    // Decimal only, as published: strtod would also take hexadecimal ("0x1p0"), "inf" and "nan".
    if (text.find_first_not_of("0123456789.eE+-") != std::string::npos)
        throw InputError(where(source, line) + "optimal length " + quoted(text) + " is not a non-negative decimal number");
    char* end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(value) || value < 0)
        throw InputError(where(source, line) + "optimal length " + quoted(text) + " is not a non-negative number");
    return value;
}

}  // namespace

GridMap parseMovingAiMap(std::istream& in, const std::string& source) {
    std::string line;
    int lineNo = 0;
    int width = -1;
    int height = -1;
    bool sawType = false;
    // Header: type, height and width in any order, then "map".
    for (;;) {
        if (!getLine(in, line, source, lineNo + 1))
            throw InputError(where(source, lineNo + 1) + "end of file before the \"map\" line of the header");
        ++lineNo;
        if (isBlank(line)) continue;
        std::vector<std::string> fields = splitFields(line);
        const std::string& key = fields[0];
        if (key == "map" && fields.size() == 1) break;
        if (fields.size() != 2)
            throw InputError(where(source, lineNo) + "expected a header line \"type octile\", \"height H\", "
                             "\"width W\" or \"map\", got \"" + line + "\"");
        if (key == "type") {
            if (sawType) throw InputError(where(source, lineNo) + "\"type\" is given twice");
            sawType = true;
            if (fields[1] != "octile")
                throw InputError(where(source, lineNo) + "map type \"" + fields[1] + "\" is not supported (expected octile)");
        } else if (key == "height") {
            if (height >= 0) throw InputError(where(source, lineNo) + "\"height\" is given twice");
            height = parseInt(fields[1], source, lineNo, "height", 1, GridMap::kMaxSide);
        } else if (key == "width") {
            if (width >= 0) throw InputError(where(source, lineNo) + "\"width\" is given twice");
            width = parseInt(fields[1], source, lineNo, "width", 1, GridMap::kMaxSide);
        } else {
            throw InputError(where(source, lineNo) + "unknown header key \"" + key + "\"");
        }
    }
    if (!sawType) throw InputError(where(source, lineNo) + "header has no \"type octile\" line before \"map\"");
    if (height < 0) throw InputError(where(source, lineNo) + "header has no \"height\" line before \"map\"");
    if (width < 0) throw InputError(where(source, lineNo) + "header has no \"width\" line before \"map\"");

    std::vector<std::string> rows;
    rows.reserve(height);
    const int firstRowLine = lineNo + 1;
    while (static_cast<int>(rows.size()) < height) {
        if (!getLine(in, line, source, lineNo + 1))
            throw InputError(where(source, lineNo + 1) + "end of file after " + std::to_string(rows.size()) +
                             " map rows, the header says height " + std::to_string(height));
        ++lineNo;
        if (static_cast<int>(line.size()) != width)
            throw InputError(where(source, lineNo) + "map row " + std::to_string(rows.size() + 1) + " has " +
                             std::to_string(line.size()) + " characters, the header says width " +
                             std::to_string(width));
        rows.push_back(line);
    }
    while (getLine(in, line, source, lineNo + 1)) {
        ++lineNo;
        if (!isBlank(line))
            throw InputError(where(source, lineNo) + "unexpected text after the " + std::to_string(height) +
                             " map rows the header announced");
    }
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            char c = rows[y][x];
            if (!GridMap::isKnownTerrain(c)) {
                std::string shown = (c >= 33 && c < 127) ? std::string("'") + c + "'"
                                                          : "byte " + std::to_string(static_cast<unsigned char>(c));
                throw InputError(where(source, firstRowLine + y) + "column " + std::to_string(x + 1) +
                                 ": unknown terrain " + shown + " (expected one of . G S @ O T W)");
            }
        }
    }
    return GridMap::fromRows(rows, source);
}

GridMap readMovingAiMap(const std::string& path) {
    // Directories, missing and oversized files are refused before reading; a pipe or a device is read
    // only up to the budget (an endless input must not grow without bound).
    std::istringstream in(readFileText(path, kMaxMapFileBytes));
    return parseMovingAiMap(in, path);
}

MovingAiScenario parseMovingAiScenario(std::istream& in, const std::string& source) {
    MovingAiScenario scenario;
    scenario.source = source;
    std::string line;
    int lineNo = 0;
    bool sawVersion = false;
    while (getLine(in, line, source, lineNo + 1)) {
        ++lineNo;
        if (isBlank(line)) continue;
        std::vector<std::string> fields = splitFields(line);
        if (!sawVersion) {
            if (fields.size() != 2 || fields[0] != "version")
                throw InputError(where(source, lineNo) + "expected \"version 1\" as the first line, got \"" + line + "\"");
            if (fields[1] != "1" && fields[1] != "1.0")
                throw InputError(where(source, lineNo) + "scenario version \"" + fields[1] +
                                 "\" is not supported (expected 1 or 1.0)");
            scenario.version = fields[1];
            sawVersion = true;
            continue;
        }
        if (fields.size() != 9)
            throw InputError(where(source, lineNo) + "expected 9 fields (bucket, map, width, height, start x, "
                             "start y, goal x, goal y, optimal length), got " + std::to_string(fields.size()));
        ScenarioQuery q;
        q.line = lineNo;
        q.bucket = parseInt(fields[0], source, lineNo, "bucket", 0, 1L << 30);
        q.mapPath = fields[1];
        q.mapWidth = parseInt(fields[2], source, lineNo, "map width", 1, GridMap::kMaxSide);
        q.mapHeight = parseInt(fields[3], source, lineNo, "map height", 1, GridMap::kMaxSide);
        q.start.x = parseInt(fields[4], source, lineNo, "start x", 0, q.mapWidth - 1);
        q.start.y = parseInt(fields[5], source, lineNo, "start y", 0, q.mapHeight - 1);
        q.goal.x = parseInt(fields[6], source, lineNo, "goal x", 0, q.mapWidth - 1);
        q.goal.y = parseInt(fields[7], source, lineNo, "goal y", 0, q.mapHeight - 1);
        q.optimalLength = parseLength(fields[8], source, lineNo);
        scenario.queries.push_back(std::move(q));
    }
    if (!sawVersion) throw InputError(source + ": empty scenario file (expected \"version 1\" and queries)");
    return scenario;
}

MovingAiScenario readMovingAiScenario(const std::string& path) {
    std::istringstream in(readFileText(path, kMaxScenFileBytes));
    return parseMovingAiScenario(in, path);
}

void checkScenarioFitsMap(const MovingAiScenario& scenario, const GridMap& map) {
    for (const ScenarioQuery& q : scenario.queries) {
        std::string at = where(scenario.source, q.line);
        if (q.mapWidth != map.width() || q.mapHeight != map.height())
            throw InputError(at + "query is for a " + std::to_string(q.mapWidth) + "x" + std::to_string(q.mapHeight) +
                             " map, but the map is " + std::to_string(map.width()) + "x" + std::to_string(map.height()));
        auto check = [&](GridPoint p, const char* what) {
            std::string cell = std::string(what) + " (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
            if (!map.inBounds(p)) throw InputError(at + cell + " is outside the map");
            if (!map.passable(p))
                throw InputError(at + cell + " is on blocked terrain '" + map.terrain(p.x, p.y) + "'");
        };
        check(q.start, "start");
        check(q.goal, "goal");
    }
}

void writeMovingAiMap(std::ostream& out, const GridMap& map) {
    out << "type octile\nheight " << map.height() << "\nwidth " << map.width() << "\nmap\n";
    for (const std::string& row : map.rows()) out << row << '\n';
}

}  // namespace aoilab
