#include "scenario/share_link.h"

#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"
#include "scenario/link_codec.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;
const fs::path kRoot = AOILAB_SOURCE_DIR;

std::string errorOf(const std::string& text) {
    try {
        decodeShareLink(text);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

// The lesson-sized library files issue 36 names: the article files, every exercise, the graph lessons.
bool isLessonSized(const fs::path& file) {
    const std::string name = file.stem().string();
    return name.ends_with("-article") || name.starts_with("exercise-") || name.starts_with("graph-");
}

ShareLink linkOf(const fs::path& file) {
    Scenario scenario = loadScenario(file);
    std::string mode = scenario.lesson.mode.empty() ? "aoi" : scenario.lesson.mode;
    return ShareLink{std::move(scenario), mode, "3"};
}

std::string lessonLink() { return encodeShareLink(linkOf(kRoot / "scenarios/crosslist-article.json")); }

TEST(LinkCodec, PackRoundTripsBytesOfEveryKind) {
    std::mt19937 random(7);
    std::vector<std::string> inputs = {"", "a", "ab", "abc", std::string(100000, 'x'), "abcabcabcabcabcabcabd",
                                       std::string("\0\0\0\xff\xfe", 5)};
    std::string noise;
    for (int i = 0; i < 50000; ++i) noise.push_back(static_cast<char>(random() & 0xFF));
    inputs.push_back(noise);
    std::string text;
    for (int i = 0; i < 3000; ++i) text += "{\"id\": " + std::to_string(random() % 50) + ", \"x\": 1.5},";
    inputs.push_back(text);
    for (const std::string& input : inputs) {
        const std::string packed = packBytes(input);
        EXPECT_EQ(unpackBytes(packed, input.size()), input);
        EXPECT_EQ(base64UrlDecode(base64UrlEncode(packed)), packed);
    }
    // Repetitive text shrinks: a run to a handful of bytes, JSON-like text to well under half.
    EXPECT_LT(packBytes(std::string(100000, 'x')).size(), 20u);
    EXPECT_LT(packBytes(text).size(), text.size() / 2);
}

TEST(LinkCodec, Base64UrlMatchesTheRfcVectorsAndRefusesOtherText) {
    EXPECT_EQ(base64UrlEncode("f"), "Zg");
    EXPECT_EQ(base64UrlEncode("fo"), "Zm8");
    EXPECT_EQ(base64UrlEncode("foobar"), "Zm9vYmFy");
    EXPECT_EQ(base64UrlEncode("\xfb\xff"), "-_8");
    EXPECT_EQ(base64UrlDecode("-_8"), "\xfb\xff");
    EXPECT_THROW(base64UrlDecode("Zm9vY"), InputError);  // a length no encoding has
    EXPECT_THROW(base64UrlDecode("Zm+v"), InputError);   // '+' is base64, not base64url
    EXPECT_THROW(base64UrlDecode("Zh"), InputError);     // unused bits set: "Zg" is the only form of "f"
}

TEST(LinkCodec, UnpackRefusesASizeAboveTheCapBeforeAllocating) {
    // A packed form that claims 2^34 bytes: refused from its header, without reading further.
    std::string bomb = {static_cast<char>(kLinkCodecVersion), '\x80', '\x80', '\x80', '\x80', '\x40'};
    try {
        unpackBytes(bomb, kMaxLinkJsonBytes);
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("17179869184 bytes, more than the limit of 1048576"), std::string::npos) << e.what();
    }
    // A true packed form of a run one byte past the cap.
    EXPECT_THROW(unpackBytes(packBytes(std::string(kMaxLinkJsonBytes + 1, 'a')), kMaxLinkJsonBytes), InputError);
    EXPECT_EQ(unpackBytes(packBytes(std::string(kMaxLinkJsonBytes, 'a')), kMaxLinkJsonBytes).size(), kMaxLinkJsonBytes);
}

TEST(ShareLink, LessonFilesFitInALinkAndEveryFittingLibraryFileRoundTrips) {
    int lessons = 0, fitting = 0, tooLarge = 0;
    for (const auto& item : fs::directory_iterator(kRoot / "scenarios")) {
        if (item.path().extension() != ".json") continue;
        const ShareLink link = linkOf(item.path());
        std::string fragment;
        try {
            fragment = encodeShareLink(link);
        } catch (const InputError& e) {
            EXPECT_FALSE(isLessonSized(item.path())) << item.path() << ": " << e.what();
            EXPECT_NE(std::string(e.what()).find("too large for a link"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("use Save"), std::string::npos) << e.what();
            ++tooLarge;
            continue;
        }
        ++fitting;
        if (isLessonSized(item.path())) ++lessons;
        std::printf("link of %-34s %5zu characters (file %6ju bytes)\n", item.path().filename().string().c_str(),
                    fragment.size(), static_cast<std::uintmax_t>(fs::file_size(item.path())));
        EXPECT_LE(fragment.size(), kMaxLinkChars);
        EXPECT_TRUE(fragment.starts_with("s="));
        const ShareLink back = decodeShareLink(fragment, "link");
        EXPECT_TRUE(back == link) << item.path();
        EXPECT_EQ(back.mode, link.mode);
        EXPECT_EQ(back.seek, "3");
        // The same from a whole URL, with the page's other keys around it.
        EXPECT_TRUE(decodeShareLink("https://example.org/aoilab/index.html#lang=zh&" + fragment + "&x=1") == link);
    }
    EXPECT_GE(lessons, 10);
    EXPECT_GE(tooLarge, 2);  // the crowds
    std::printf("%d library files fit in a link (%d of them lesson-sized), %d are too large\n", fitting, lessons, tooLarge);
}

TEST(ShareLink, AnEditedWorldModeAndEndPositionRoundTrip) {
    ShareLink link = linkOf(kRoot / "scenarios/grid-article.json");
    link.scenario.entities.at(0).x += 3.25;
    link.scenario.title = "edited 编辑";
    link.mode = "graph";
    link.seek = "end";
    EXPECT_TRUE(decodeShareLink(encodeShareLink(link)) == link);
    link.mode = "";
    link.seek = "";
    const ShareLink back = decodeShareLink(encodeShareLink(link));
    EXPECT_TRUE(back == link);
    EXPECT_TRUE(back.seek.empty());
}

TEST(ShareLink, ATooLargeWorldSaysSoWithItsSize) {
    try {
        encodeShareLink(linkOf(kRoot / "scenarios/crowd-1000-walk.json"));
        FAIL() << "no error";
    } catch (const InputError& e) {
        const std::string message = e.what();
        EXPECT_TRUE(message.starts_with("link: this scenario is too large for a link (")) << message;
        EXPECT_NE(message.find(" characters; the limit is 8,000): use Save"), std::string::npos) << message;
    }
}

TEST(ShareLink, EveryTruncationOfALinkIsRefused) {
    const std::string fragment = lessonLink();
    for (std::size_t length = 0; length < fragment.size(); ++length)
        EXPECT_FALSE(errorOf(fragment.substr(0, length)).empty()) << "cut at " << length;
    EXPECT_EQ(errorOf(fragment.substr(0, 1)), "link: it holds no scenario (no \"s=...\" part)");
    EXPECT_NE(errorOf(fragment.substr(0, fragment.size() - 8)).find("truncated"), std::string::npos)
        << errorOf(fragment.substr(0, fragment.size() - 8));
}

TEST(ShareLink, EveryBitFlipOfALinkIsRefused) {
    const std::string fragment = lessonLink();
    for (std::size_t i = 2; i < fragment.size(); ++i)
        for (int bit = 0; bit < 8; ++bit) {
            std::string damaged = fragment;
            damaged[i] = static_cast<char>(damaged[i] ^ (1 << bit));
            if (damaged[i] == '&' || damaged[i] == '#') continue;  // ends the value early: a truncation, tested above
            const std::string error = errorOf(damaged);
            EXPECT_TRUE(error.starts_with("link")) << "byte " << i << " bit " << bit << ": " << error;
        }
}

TEST(LinkCodec, EveryBitFlipOfThePackedBytesIsRefused) {
    const std::string packed = base64UrlDecode(lessonLink().substr(2));
    for (std::size_t i = 0; i < packed.size(); ++i)
        for (int bit = 0; bit < 8; ++bit) {
            std::string damaged = packed;
            damaged[i] = static_cast<char>(damaged[i] ^ (1 << bit));
            EXPECT_THROW(unpackBytes(damaged, kMaxLinkJsonBytes), InputError) << "byte " << i << " bit " << bit;
        }
}

TEST(ShareLink, DamagedAndOversizeInputsGiveClearMessages) {
    EXPECT_EQ(errorOf(""), "link: it holds no scenario (no \"s=...\" part)");
    EXPECT_EQ(errorOf("#scenario=crosslist-article"), "link: it holds no scenario (no \"s=...\" part)");
    EXPECT_NE(errorOf("s=ab$d").find("character 3 is '$', which base64url does not use"), std::string::npos) << errorOf("s=ab$d");
    EXPECT_NE(errorOf("s=" + std::string(kMaxLinkChars, 'A')).find("more than a link holds (the limit is 8,000)"), std::string::npos);
    EXPECT_NE(errorOf(std::string(20 << 20, 'A')).find("more than a link holds"), std::string::npos);
    EXPECT_NE(errorOf("s=" + base64UrlEncode("\x07" "abc")).find("unknown format 7"), std::string::npos);
    // Well packed, but not a link's JSON: each says what is wrong, the scenario's checks included.
    auto linkOfJson = [](const std::string& json) { return "s=" + base64UrlEncode(packBytes(json)); };
    EXPECT_NE(errorOf(linkOfJson("not json")).find("link: line 1"), std::string::npos) << errorOf(linkOfJson("not json"));
    EXPECT_NE(errorOf(linkOfJson("[1]")).find("link"), std::string::npos);
    EXPECT_NE(errorOf(linkOfJson(R"({"aoilab_link": 2, "scenario": {}})")).find("/aoilab_link"), std::string::npos)
        << errorOf(linkOfJson(R"({"aoilab_link": 2, "scenario": {}})"));
    EXPECT_NE(errorOf(linkOfJson(R"({"aoilab_link": 1})")).find("/scenario: missing"), std::string::npos);
    const std::string badMode = errorOf(linkOfJson(R"({"aoilab_link": 1, "mode": "chess", "seek": "-1", "scenario": {}})"));
    EXPECT_NE(badMode.find("/mode: unknown workbench \"chess\""), std::string::npos) << badMode;
    EXPECT_NE(badMode.find("/seek: \"-1\" is not a position N or end"), std::string::npos) << badMode;
    const std::string badScenario = errorOf(linkOfJson(R"({"aoilab_link": 1, "scenario": {"format": "aoilab-scenario"}})"));
    EXPECT_TRUE(badScenario.starts_with("link: ")) << badScenario;
    EXPECT_NE(badScenario.find("/version"), std::string::npos) << badScenario;
    // Deep nesting is refused by the strict reader, not by the stack.
    EXPECT_FALSE(errorOf(linkOfJson(std::string(500000, '[') + std::string(500000, ']'))).empty());
}

}  // namespace
}  // namespace aoilab
