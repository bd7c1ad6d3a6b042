// The step's explanation lives in the timeline bar under the scene: it gets the lines it needs (at
// least two), so a class sees it at 1600x900 and on a 1280x720 projector at font scale 2, in English and
// Chinese; only a text longer than a third of the window scrolls (and says so in the dump).
#include <gtest/gtest.h>

#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "explanation";

struct Case {
    const char* name;
    std::string flags;
};

TEST(Explanation, TheTimelineBarShowsTheWholeExplanationAt1600x900) {
    // Comparing Dijkstra and A* explains two steps: six wrapped lines in English at 1600x900.
    const Case cases[] = {
        {"graph_compare", "--mode graph --scenario '" + (kSource / "scenarios/graph-one-way-roads.json").string() +
                              "' --algo dijkstra,astar --seek 2"},
        {"aoi_article", "--scenario '" + (kSource / "scenarios/crosslist-article.json").string() + "' --seek 3"},
    };
    for (const char* lang : {"en", "zh"})
        for (const Case& c : cases) {
            auto run = runApp(kRuns, std::string(c.name) + "_" + lang, c.flags + " --lang " + lang, "", 8);
            const auto& box = run.ui["explanation_box"];
            const std::string explanation = run.ui["explanation"].get<std::string>();
            ASSERT_FALSE(explanation.empty()) << c.name;
            // Chinese sentences follow one another with no space after "。" (English ones after a space).
            if (std::string(lang) == "zh") {
                EXPECT_EQ(explanation.find("。 "), std::string::npos) << explanation;
            } else if (std::string(c.name) == "graph_compare") {
                EXPECT_NE(explanation.find(". "), std::string::npos) << explanation;
            }
            if (std::string(c.name) == "aoi_article") {  // the status bar names the method in the UI language
                EXPECT_EQ(run.ui["status_mode"], std::string(lang) == "zh" ? "方法：十字链表" : "Method: Cross-linked list");
            }
            EXPECT_GE(box["lines"].get<int>(), 1) << c.name;
            EXPECT_GE(box["rows"].get<int>(), box["lines"].get<int>()) << c.name << " " << lang;
            EXPECT_FALSE(box["scrolls"].get<bool>()) << c.name << " " << lang;
            // The controls' line (AOI's Record button last) stays inside the bar.
            EXPECT_EQ(run.ui["timeline"]["overflow_px"].get<double>(), 0) << c.name << " " << lang;
        }
}

TEST(Explanation, AProjectorAtFontScale2StillShowsItsLinesAndScrollsTheRest) {
    auto run = runApp(kRuns, "projector", "--mode graph --scenario '" + (kSource / "scenarios/graph-one-way-roads.json").string() +
                          "' --algo dijkstra,astar --seek 2 --font-scale 2 --lang zh", "", 8, R"({"panels": {}})", "1280x720");
    const auto& box = run.ui["explanation_box"];
    // Before: no line at all under 36 ems of window height. The seek slider now takes a row of its own
    // here (the controls leave it too little), one of the three the explanation had.
    EXPECT_GE(box["rows"].get<int>(), 2);
    EXPECT_TRUE(run.ui["timeline"]["slider"]["own_row"].get<bool>());
    EXPECT_EQ(run.ui["timeline"]["slider"]["rect"].size(), 4u);
    EXPECT_EQ(run.ui["timeline"]["overflow_px"].get<double>(), 0);
    EXPECT_EQ(box["scrolls"].get<bool>(), box["lines"].get<int>() > box["rows"].get<int>());
    // The scene keeps two thirds of the window.
    double sceneHeight = run.ui["canvas"]["max"][1].get<double>() - run.ui["canvas"]["min"][1].get<double>();
    EXPECT_GE(sceneHeight, 720.0 / 2);
}

}  // namespace
}  // namespace aoilab
