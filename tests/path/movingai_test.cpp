#include "path/movingai.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/error.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

using test::movingAi;
using test::pathData;

// Expects an InputError whose message contains every fragment.
template <class Fn>
void expectInputError(Fn&& fn, std::initializer_list<std::string> fragments) {
    try {
        fn();
        ADD_FAILURE() << "no InputError";
    } catch (const InputError& e) {
        for (const std::string& fragment : fragments)
            EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos)
                << "message \"" << e.what() << "\" lacks \"" << fragment << "\"";
    }
}

TEST(MovingAiMap, ReadsTheArenaSample) {
    GridMap map = readMovingAiMap(movingAi("maps/dao/arena.map"));
    EXPECT_EQ(map.width(), 49);
    EXPECT_EQ(map.height(), 49);
    EXPECT_EQ(map.terrain(0, 0), 'T');
    EXPECT_FALSE(map.passable(0, 0));
    EXPECT_EQ(map.terrain(3, 1), '.');  // second row: "TTT....": (3, 1) is open ground
    EXPECT_TRUE(map.passable(3, 1));
    EXPECT_EQ(map.passableCount(), 2054);
}

TEST(MovingAiMap, AcceptsCrlfAndTrailingBlankLines) {
    GridMap map = readMovingAiMap(pathData("crlf_blank_lines.map"));
    EXPECT_EQ(map.width(), 5);
    EXPECT_EQ(map.height(), 3);
    EXPECT_EQ(map.rows(), (std::vector<std::string>{".G@S.", ".OTW.", "....."}));
}

TEST(MovingAiMap, WriteThenReadGivesTheSameMap) {
    GridMap map = GridMap::fromRows({".@.", "GST", "OW."});
    std::stringstream text;
    writeMovingAiMap(text, map);
    GridMap back = parseMovingAiMap(text, "memory");
    EXPECT_EQ(back.rows(), map.rows());
}

TEST(MovingAiMap, MalformedFilesNameFileLineAndProblem) {
    expectInputError([] { readMovingAiMap(pathData("missing_width.map")); },
                     {"missing_width.map:3:", "no \"width\" line"});
    expectInputError([] { readMovingAiMap(pathData("short_row.map")); },
                     {"short_row.map:6:", "map row 2 has 3 characters", "width 4"});
    expectInputError([] { readMovingAiMap(pathData("bad_terrain.map")); },
                     {"bad_terrain.map:6:", "column 3", "unknown terrain 'x'"});
    expectInputError([] { readMovingAiMap(pathData("too_few_rows.map")); },
                     {"too_few_rows.map:7:", "end of file after 2 map rows", "height 3"});
    expectInputError([] { readMovingAiMap(pathData("extra_rows.map")); },
                     {"extra_rows.map:7:", "unexpected text after the 2 map rows"});
    expectInputError([] { readMovingAiMap(pathData("bad_type.map")); }, {"bad_type.map:1:", "\"hex\" is not supported"});
    expectInputError([] { readMovingAiMap(pathData("bad_height.map")); },
                     {"bad_height.map:2:", "height \"two\" is not a whole number"});
    expectInputError([] { readMovingAiMap(pathData("no_such_file.map")); }, {"no_such_file.map", "cannot open"});
}

TEST(MovingAiScenario, ReadsTheArenaSample) {
    MovingAiScenario scen = readMovingAiScenario(movingAi("scenarios/dao/arena.map.scen"));
    EXPECT_EQ(scen.version, "1");
    ASSERT_EQ(scen.queries.size(), 160u);
    const ScenarioQuery& q = scen.queries[2];  // "0 maps/dao/arena.map 49 49 1 13 4 12 3.41421"
    EXPECT_EQ(q.bucket, 0);
    EXPECT_EQ(q.mapPath, "maps/dao/arena.map");
    EXPECT_EQ(q.mapWidth, 49);
    EXPECT_EQ(q.start, (GridPoint{1, 13}));
    EXPECT_EQ(q.goal, (GridPoint{4, 12}));
    EXPECT_DOUBLE_EQ(q.optimalLength, 3.41421);
    EXPECT_EQ(q.line, 4);
}

TEST(MovingAiScenario, AcceptsVersion10MixedSeparatorsAndBlankLines) {
    MovingAiScenario scen = readMovingAiScenario(pathData("mixed_separators.scen"));
    EXPECT_EQ(scen.version, "1.0");
    ASSERT_EQ(scen.queries.size(), 2u);
    EXPECT_EQ(scen.queries[1].goal, (GridPoint{4, 2}));
    EXPECT_DOUBLE_EQ(scen.queries[1].optimalLength, 6.0);
    EXPECT_NO_THROW(checkScenarioFitsMap(scen, readMovingAiMap(pathData("crlf_blank_lines.map"))));
}

TEST(MovingAiScenario, MalformedFilesNameFileLineAndProblem) {
    expectInputError([] { readMovingAiScenario(pathData("bad_version.scen")); },
                     {"bad_version.scen:1:", "version \"2\" is not supported"});
    expectInputError([] { readMovingAiScenario(pathData("no_version.scen")); },
                     {"no_version.scen:1:", "expected \"version 1\""});
    expectInputError([] { readMovingAiScenario(pathData("eight_fields.scen")); },
                     {"eight_fields.scen:2:", "expected 9 fields", "got 8"});
    expectInputError([] { readMovingAiScenario(pathData("bad_number.scen")); },
                     {"bad_number.scen:3:", "start y \"zero\" is not a whole number"});
    expectInputError([] { readMovingAiScenario(pathData("goal_outside.scen")); },
                     {"goal_outside.scen:2:", "goal x 9 is out of range [0, 4]"});
    expectInputError([] { readMovingAiScenario(pathData("negative_length.scen")); },
                     {"negative_length.scen:2:", "optimal length \"-4\""});
}

TEST(MovingAiScenario, QueriesMustFitTheMap) {
    GridMap map = readMovingAiMap(pathData("crlf_blank_lines.map"));
    expectInputError([&] { checkScenarioFitsMap(readMovingAiScenario(pathData("blocked_start.scen")), map); },
                     {"blocked_start.scen:2:", "start (2, 0) is on blocked terrain '@'"});
    expectInputError([&] { checkScenarioFitsMap(readMovingAiScenario(pathData("wrong_size.scen")), map); },
                     {"wrong_size.scen:2:", "6x3 map, but the map is 5x3"});
}

TEST(MovingAiStrict, ANulInsideANumberIsNotItsEnd) {
    using namespace std::string_literals;  // the literals hold a NUL
    std::istringstream map("type octile\nheight 2\0x\nwidth 2\nmap\n..\n..\n"s);
    expectInputError([&] { parseMovingAiMap(map, "m.map"); }, {"m.map:2: height", "is not a whole number"});
    std::istringstream scen("version 1\n0\tm.map\t2\t2\t0\0\t0\t1\t1\t1\n"s);
    expectInputError([&] { parseMovingAiScenario(scen, "s.scen"); }, {"s.scen:2: start x", "is not a whole number"});
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// Regressions from the hostile-input review: a repeated header line, hexadecimal or non-finite lengths.
TEST(MovingAiStrict, RepeatedHeadersAndNonDecimalLengthsAreRefused) {
    auto mapError = [](const std::string& text) {
        std::istringstream in(text);
        try {
            parseMovingAiMap(in, "m.map");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(mapError("type octile\nheight 2\nheight 2\nwidth 2\nmap\n..\n..\n").find("\"height\" is given twice"), std::string::npos);
    EXPECT_NE(mapError("type octile\ntype octile\nheight 2\nwidth 2\nmap\n..\n..\n").find("\"type\" is given twice"), std::string::npos);
    EXPECT_NE(mapError("type octile\nheight 2\nwidth 2\nwidth 3\nmap\n..\n..\n").find("\"width\" is given twice"), std::string::npos);
    EXPECT_EQ(mapError("type octile\nheight 2\nwidth 2\nmap\n..\n..\n"), "");
    for (const char* length : {"0x1p0", "inf", "nan", "1e999"}) {
        std::istringstream in(std::string("version 1\n0\tm.map\t2\t2\t0\t0\t1\t1\t") + length + "\n");
        EXPECT_THROW(parseMovingAiScenario(in, "s.scen"), InputError) << length;
    }
}

}  // namespace
}  // namespace aoilab
