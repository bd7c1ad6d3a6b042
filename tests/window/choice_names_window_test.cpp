// The names a class reads ("A*", "Octile", "No corner cutting"; in Chinese "八方向距离", "不切角") in the
// search settings' pickers, and wherever a compared run is named: the status bar, the copies' titles, the
// step explanation, the graph's table, while the dump keeps the ids (issue 37).
#include <gtest/gtest.h>

#include <string>

#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "choice_names";

std::string panelText(const json& ui, const std::string& id) {
    for (const json& panel : ui["panels"])
        if (panel.value("id", "") == id) return panel.value("text", "");
    return "";
}

TEST(ChoiceNames, TheSearchPickersShowNamesAndTheDumpKeepsIds) {
    struct Case {
        const char* lang;
        const char* heuristic;
        const char* diagonal;
    } cases[] = {{"en", "Octile", "No corner cutting"}, {"zh", "八方向距离", "不切角"}};
    for (const Case& c : cases) {
        auto run = windowtest::runApp(kRuns, c.lang, std::string("--mode search --show search_settings --algo astar --lang ") + c.lang, "", 6);
        const std::string text = panelText(run.ui, "search_settings");
        EXPECT_NE(text.find("A*"), std::string::npos) << c.lang << ": " << text;
        EXPECT_NE(text.find(c.heuristic), std::string::npos) << c.lang << ": " << text;
        EXPECT_NE(text.find(c.diagonal), std::string::npos) << c.lang << ": " << text;
        EXPECT_EQ(text.find("no-corner-cutting"), std::string::npos) << c.lang << ": " << text;
        EXPECT_EQ(text.find("astar"), std::string::npos) << c.lang << ": " << text;
        // The dump's contract keeps the ids.
        const std::string dumped = run.ui["search"].dump();
        EXPECT_NE(dumped.find("astar"), std::string::npos) << c.lang;
    }
}

// Compared searches: the status bar, each copy's title over the scene and the step explanation name the
// runs as a class reads them ("A* (Octile)", not the ids' "A* (octile)").
TEST(ChoiceNames, TheComparedSearchesAreNamedInTheStatusTitlesAndExplanation) {
    struct Case {
        const char* lang;
        const char* astar;
        const char* dijkstra;
    } cases[] = {{"en", "A* (Octile)", "Dijkstra"}, {"zh", "A*（八方向距离）", "Dijkstra（迪杰斯特拉）"}};
    for (const Case& c : cases) {
        auto run = windowtest::runApp(kRuns, std::string("search_") + c.lang,
                                      std::string("--mode search --algo astar,dijkstra --lang ") + c.lang, "", 6);
        const std::string status = run.ui.value("status_mode", "");
        EXPECT_NE(status.find(c.astar), std::string::npos) << c.lang << ": " << status;
        EXPECT_EQ(status.find("octile"), std::string::npos) << c.lang << ": " << status;
        const json& runs = run.ui["search"]["runs"];
        ASSERT_EQ(runs.size(), 2u) << c.lang;
        EXPECT_EQ(runs[0]["drawn"]["title"], c.astar) << c.lang;
        EXPECT_EQ(runs[1]["drawn"]["title"], c.dijkstra) << c.lang;
        const std::string explanation = run.ui.value("explanation", "");
        EXPECT_NE(explanation.find(c.astar), std::string::npos) << c.lang << ": " << explanation;
        EXPECT_NE(explanation.find(c.dijkstra), std::string::npos) << c.lang << ": " << explanation;
        EXPECT_EQ(explanation.find("octile"), std::string::npos) << c.lang << ": " << explanation;
        // The dump's contract keeps the ids.
        EXPECT_EQ(runs[0]["algo"], "astar");
        EXPECT_EQ(runs[0]["heuristic"], "octile");
        EXPECT_EQ(runs[1]["algo"], "dijkstra");
    }
}

// The graph compared: both copies' titles, the explanation and the compare table use the same names.
TEST(ChoiceNames, TheComparedGraphRunsAreNamedInTheTitlesTableAndExplanation) {
    const fs::path city = fs::path(AOILAB_SOURCE_DIR) / "scenarios/graph-city.json";
    for (const char* lang : {"en", "zh"}) {
        const std::string dijkstra = std::string(lang) == "zh" ? "Dijkstra（迪杰斯特拉）" : "Dijkstra";
        auto run = windowtest::runApp(kRuns, std::string("graph_") + lang,
                                      "--scenario '" + city.string() + "' --algo dijkstra,astar --lang " + lang, "", 6);
        const json& graph = run.ui["graph"];
        ASSERT_TRUE(graph.contains("compare")) << lang;
        EXPECT_EQ(graph["drawn"]["title"], dijkstra) << lang;
        EXPECT_EQ(graph["compare"]["drawn"]["title"], "A*") << lang;
        const std::string explanation = run.ui.value("explanation", "");
        EXPECT_NE(explanation.find(dijkstra), std::string::npos) << lang << ": " << explanation;
        EXPECT_NE(panelText(run.ui, "graph").find(dijkstra), std::string::npos) << lang << ": " << panelText(run.ui, "graph");
        EXPECT_EQ(graph["algo"], "dijkstra");  // the dump keeps the ids
        EXPECT_EQ(graph["compare"]["algo"], "astar");
    }
}

}  // namespace
}  // namespace aoilab
