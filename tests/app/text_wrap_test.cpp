#include "app/text_wrap.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

namespace aoilab::app {
namespace {

// One unit per byte of ASCII, two per CJK character (3-byte UTF-8).
float measure(std::string_view piece) {
    float width = 0;
    for (std::size_t i = 0; i < piece.size();) {
        const unsigned char c = static_cast<unsigned char>(piece[i]);
        const std::size_t length = c < 0x80 ? 1 : (c >> 4) == 0xE ? 3 : (c >> 5) == 0x6 ? 2 : 4;
        width += length == 3 ? 2.0f : 1.0f;
        i += length;
    }
    return width;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

TEST(TextWrap, EnglishBreaksAtSpaces) {
    EXPECT_EQ(wrapText("the quick brown fox jumps", 10, measure), "the quick\nbrown fox\njumps");
    EXPECT_EQ(wrapText("short", 10, measure), "short");
    EXPECT_EQ(wrapText("", 10, measure), "");
    // A word longer than the line is cut where it must be.
    EXPECT_EQ(wrapText("abcdefghijkl mn", 5, measure), "abcde\nfghij\nkl mn");
}

TEST(TextWrap, ChineseBreaksBetweenCharactersNotBeforeClosingPunctuation) {
    // 10 units = 5 characters a line.
    EXPECT_EQ(wrapText("实体甲进入了视野范围", 10, measure), "实体甲进入\n了视野范围");
    // "，" may not start a line: the break moves one character back.
    const std::string wrapped = wrapText("实体甲进入，乙离开视野", 10, measure);
    for (const std::string& line : lines(wrapped)) {
        EXPECT_NE(line.rfind("，", 0), 0u) << wrapped;
        EXPECT_LE(measure(line), 10.0f) << wrapped;
    }
    EXPECT_EQ(wrapped, "实体甲进\n入，乙离开\n视野");
    // "（" may not end a line.
    EXPECT_EQ(wrapText("甲乙丙丁（戊）己", 10, measure), "甲乙丙丁\n（戊）己");
}

TEST(TextWrap, MixedTextKeepsItsLineBreaksAndWidths) {
    const std::string text = "d 到达 (3,3)，看到 a、b、c、e，但看不到 f。\n第二段：d 移动到 (4,4)。";
    for (float width : {8.0f, 12.0f, 20.0f, 33.0f}) {
        const std::string wrapped = wrapText(text, width, measure);
        std::string joined;  // the text without the inserted breaks and removed spaces
        for (const std::string& line : lines(wrapped)) {
            EXPECT_LE(measure(line), width) << "width " << width << ":\n" << wrapped;
            EXPECT_FALSE(line.empty() && width > 2) << wrapped;
            EXPECT_NE(line.front(), ' ') << wrapped;
            EXPECT_NE(line.back(), ' ') << wrapped;
            joined += line;
        }
        std::string expected;
        for (char c : text)
            if (c != ' ' && c != '\n') expected += c;
        std::string compact;
        for (char c : joined)
            if (c != ' ') compact += c;
        EXPECT_EQ(compact, expected) << "width " << width;
        EXPECT_GE(lines(wrapped).size(), 2u);
    }
}

}  // namespace
}  // namespace aoilab::app
