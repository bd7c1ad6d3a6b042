// Issue 38, class 9: every message names the file, prints its numbers briefly ("1e+308", never 300
// digits) and fits one line of a terminal. One row per reader and verb: aoilab-cli runs on a bad input
// and its message must name the input's file, hold no number of more than 10 significant digits, and be
// one line of at most 160 characters (the folder of the test's files not counted: a user's paths are
// their own), the "(see aoilab-cli VERB --help)" hint of a usage error aside.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "support/cli_run.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;
using testing::runCli;

struct Folder {
    fs::path path = fs::temp_directory_path() / ("aoilab_cli_messages_" + std::to_string(::getpid()));
    Folder() {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~Folder() { fs::remove_all(path); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
        return (path / name).string();
    }
};

// The significant digits of the longest number in the text (digits with an optional fraction; leading
// zeros do not count).
std::size_t longestNumber(const std::string& text) {
    std::size_t longest = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        std::size_t digits = 0;
        bool leading = true;
        for (; i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'); ++i) {
            if (text[i] == '.') continue;
            if (leading && text[i] == '0') continue;
            leading = false;
            ++digits;
        }
        longest = std::max(longest, digits);
    }
    return longest;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("(see aoilab-cli ", 0) != 0) out.push_back(line);
    return out;
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

struct Case {
    std::string arguments;  // after "aoilab-cli "
    std::string file;       // the message must name it
};

std::string scenario(const std::string& world, const std::string& rest = "") {
    return R"({"format": "aoilab-scenario", "version": 1, "world": )" + world + rest + "}";
}

const std::string k400Digits = "1" + std::string(400, '0');

TEST(CliMessages, EveryReaderAndVerbNamesTheFileBrieflyOnOneLine) {
    Folder dir;
    const std::string map = "assets/maps/movingai/maps/dao/arena.map";
    const std::string scen = "assets/maps/movingai/scenarios/dao/arena.map.scen";
    // 1,000 entities and 100 views reaching across 100,000 x 100,000 on a fine grid: past the AOI memory
    // budget (hardening_test's AoiMemory case, through the CLI).
    std::string wide = R"({"width": 100000, "height": 100000}, "aoi": {"method": "grid", "cell_size": 50}, "entities": [)";
    for (int i = 0; i < 1100; ++i)
        wide += (i ? ", " : "") + std::string(R"({"id": )") + std::to_string(i) + R"(, "x": )" + std::to_string(i * 90 + 5) +
                R"(, "y": 5, "radius": )" + (i < 1000 ? "100" : "100000") + "}";
    wide += "]";
    const std::string wideFile = dir.write("wide-views.json", scenario(wide));
    const std::string longWidth = dir.write("long-width.json", scenario(R"({"width": 12345678.123456789, "height": 10})"));
    const std::string hugeWidth = dir.write("huge-width.json", scenario(R"({"width": )" + k400Digits + R"(, "height": 10})"));
    const std::string graphJson = dir.write("weights.json", R"({"vertices": [{"id": "a"}, {"id": "b"}],
        "edges": [{"from": "a", "to": "b", "weight": )" + k400Digits + "}]}");
    const std::string graphLong = dir.write("long-weight.json", R"({"vertices": [{"id": "a"}, {"id": "b"}],
        "edges": [{"from": "a", "to": "b", "weight": -0.12345678901234567}]})");
    const std::string graphXml = dir.write("weights.xml", "<Graph><Vertexes><Vertex Id=\"a\" x=\"0\" y=\"0\"/>\n"
                                                          "<Vertex Id=\"b\" x=\"1\" y=\"0\"/></Vertexes>\n"
                                                          "<Edges><Edge StartVertexId=\"a\" EndVertexId=\"b\" Weight=\"" +
                                                              k400Digits + "\"/></Edges></Graph>");
    const std::string xmlCoordinate = dir.write("coordinate.xml", "<Graph><Vertexes><Vertex Id=\"a\" x=\"" + k400Digits +
                                                                      ".5\" y=\"0\"/></Vertexes></Graph>");
    const std::string badMap = dir.write("huge-side.map", "type octile\nheight " + k400Digits + "\nwidth 4\nmap\n....\n");
    const std::string badScen = dir.write("huge-length.scen", "version 1\n0\tarena.map\t49\t49\t1\t1\t2\t2\t" + k400Digits + "\n");
    const std::string failingScen = dir.write("wrong-length.scen", "version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1.5\n");
    const std::string unreachable = dir.write("missing-vertex.json", R"({"vertices": [{"id": "a"}], "edges": []})");
    // A key is quoted in the message's JSON path: a 300-character one is cut short too.
    const std::string longKey = dir.write("long-key.json", R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10,
        "height": 10}, "entities": [{"id": 1, "x": 1, "y": 1, "radius": 1, ")" + std::string(300, 'k') + R"(": 2}]})");
    // Ids are quoted from the file: a 300-character one is cut short in the message as any value is.
    const std::string longId(300, 'v');
    const std::string longEdgeEnd = dir.write("long-edge-end.json", R"({"vertices": [{"id": "a"}], "edges": [{"from": "a", "to": ")" +
                                                                        longId + R"(", "weight": 1}]})");
    const std::string longDuplicate = dir.write("long-duplicate.json", R"({"vertices": [{"id": ")" + longId + R"("}, {"id": ")" +
                                                                           longId + R"("}]})");
    const std::string xmlLongDuplicate = dir.write("long-duplicate.xml", "<Graph><Vertexes><Vertex Id=\"" + longId +
                                                                            "\" x=\"0\" y=\"0\"/>\n<Vertex Id=\"" + longId +
                                                                            "\" x=\"1\" y=\"0\"/></Vertexes></Graph>");
    const std::string xmlLongEdgeEnd = dir.write("long-edge-end.xml", "<Graph><Vertexes><Vertex Id=\"a\" x=\"0\" y=\"0\"/></Vertexes>\n"
                                                                          "<Edges><Edge StartVertexId=\"a\" EndVertexId=\"" + longId +
                                                                          "\" Weight=\"1\"/></Edges></Graph>");

    const Case cases[] = {
        {"validate '" + wideFile + "'", wideFile},
        {"replay '" + wideFile + "'", wideFile},
        {"validate '" + longWidth + "'", longWidth},
        {"validate '" + hugeWidth + "'", hugeWidth},
        {"graph '" + graphJson + "' --from a", graphJson},
        {"graph '" + graphLong + "' --from a", graphLong},
        {"graph '" + graphXml + "' --from a", graphXml},
        {"graph '" + xmlCoordinate + "' --from a", xmlCoordinate},
        {"graph '" + unreachable + "' --from " + std::string(300, 'x'), unreachable},
        {"validate '" + longKey + "'", longKey},
        {"graph '" + longEdgeEnd + "' --from a", longEdgeEnd},
        {"graph '" + longDuplicate + "' --from a", longDuplicate},
        {"graph '" + xmlLongDuplicate + "' --from a", xmlLongDuplicate},
        {"graph '" + xmlLongEdgeEnd + "' --from a", xmlLongEdgeEnd},
        {"path --map '" + badMap + "' --scen " + scen, badMap},
        {"path --map " + map + " --scen '" + badScen + "'", badScen},
        {"path --map " + map + " --scen '" + failingScen + "'", failingScen},
        {"bench path --map " + map + " --scen '" + badScen + "'", badScen},
        {"waypoints --map '" + badMap + "'", badMap},
        {"waypoints --map " + map + " --radius 1e5", map},
        {"navmesh --map '" + badMap + "'", badMap},
        {"regions --map '" + badMap + "'", badMap},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE("aoilab-cli " + c.arguments);
        testing::CliRun run = runCli(c.arguments);
        EXPECT_NE(run.exitCode, 0) << run.all();
        const std::string message = run.err;
        EXPECT_NE(message.find(c.file), std::string::npos) << message;
        EXPECT_LE(longestNumber(replaceAll(message, dir.path.string(), "")), 10u) << message;
        const std::vector<std::string> shown = lines(replaceAll(message, dir.path.string() + "/", ""));
        EXPECT_EQ(shown.size(), 1u) << message;
        for (const std::string& line : shown) EXPECT_LE(line.size(), 160u) << line;
    }
}

// A flag's value is echoed in its message, cut short when it is long.
TEST(CliMessages, ALongFlagValueIsCutShort) {
    for (const std::string& arguments : {"bench aoi --radius " + k400Digits, "bench aoi --entities " + k400Digits,
                                         "bench sweep --vary radius --from 1 --to " + k400Digits}) {
        SCOPED_TRACE(arguments);
        testing::CliRun run = runCli(arguments);
        EXPECT_EQ(run.exitCode, 2) << run.all();
        EXPECT_LE(longestNumber(run.err), 10u) << run.err;
        for (const std::string& line : lines(run.err)) EXPECT_LE(line.size(), 160u) << line;
    }
}

}  // namespace
}  // namespace aoilab
