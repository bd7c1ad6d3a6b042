// parsePageLink (app/page_link.h): the web page's address read into the desktop's start-up options.
#include <gtest/gtest.h>

#include "app/page_link.h"

namespace aoilab::app {
namespace {

TEST(PageLink, ReadsEveryKeyLikeTheDesktopFlags) {
    PageLink link = parsePageLink("#scenario=crosslist-article&mode=search&seek=12&lang=zh");
    EXPECT_TRUE(link.problems.empty());
    EXPECT_EQ(link.options.scenario, "scenarios/crosslist-article.json");
    EXPECT_EQ(link.options.mode, "search");
    EXPECT_EQ(link.options.seek, "12");
    ASSERT_TRUE(link.options.language.has_value());
    EXPECT_EQ(*link.options.language, Language::Chinese);
    EXPECT_TRUE(link.shared.empty());
}

TEST(PageLink, EmptyAndSeekEnd) {
    PageLink empty = parsePageLink("");
    EXPECT_TRUE(empty.problems.empty());
    EXPECT_TRUE(empty.options.scenario.empty());
    EXPECT_TRUE(parsePageLink("#").problems.empty());
    PageLink end = parsePageLink("seek=end&scenario=graphs/dijkstra-lesson", "/lib");
    EXPECT_TRUE(end.problems.empty());
    EXPECT_EQ(end.options.seek, "end");
    EXPECT_EQ(end.options.scenario, "/lib/graphs/dijkstra-lesson.json");
}

TEST(PageLink, BadValuesAreNamedAndTheRestApplies) {
    PageLink link = parsePageLink("#scenario=../etc/passwd&mode=chess&seek=-3&lang=fr&colour=red&scenario=ok");
    EXPECT_EQ(link.options.scenario, "scenarios/ok.json");
    EXPECT_TRUE(link.options.mode.empty());
    EXPECT_TRUE(link.options.seek.empty());
    EXPECT_FALSE(link.options.language.has_value());
    ASSERT_EQ(link.problems.size(), 5u);
    EXPECT_NE(link.problems[0].find("../etc/passwd"), std::string::npos);
    EXPECT_NE(link.problems[1].find("chess"), std::string::npos);
    EXPECT_NE(link.problems[2].find("seek"), std::string::npos);
    EXPECT_NE(link.problems[3].find("fr"), std::string::npos);
    EXPECT_NE(link.problems[4].find("colour"), std::string::npos);
    EXPECT_EQ(parsePageLink("scenario=/abs").problems.size(), 1u);
    EXPECT_EQ(parsePageLink("scenario=").problems.size(), 1u);
    EXPECT_EQ(parsePageLink("scenario=a%20b").problems.size(), 1u);
}

TEST(PageLink, KeepsTheSharedScenarioAsItCame) {
    PageLink link = parsePageLink("#s=AbC-_%2B09&mode=graph");
    EXPECT_EQ(link.shared, "AbC-_%2B09");
    EXPECT_EQ(link.options.mode, "graph");
    EXPECT_TRUE(link.problems.empty());
}

TEST(PageLink, PercentDecoding) {
    EXPECT_EQ(percentDecode("a%2Fb+c%zz%4"), "a/b c%zz%4");
    EXPECT_EQ(parsePageLink("scenario=maps%2Farena").options.scenario, "scenarios/maps/arena.json");
}

}  // namespace
}  // namespace aoilab::app
