// The search settings' pickers show the names a class reads ("A*", "Octile", "No corner cutting"; in
// Chinese "八方向距离", "不切角") while the dump keeps the ids (issue 37).
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

}  // namespace
}  // namespace aoilab
