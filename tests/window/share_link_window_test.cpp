// File > Copy link (Ctrl+L) and --link in the real app: the link on the clipboard holds the edited world,
// the workbench and the timeline position, and opening it shows the same; a damaged or too-large link
// says why and changes nothing else.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "scenario/share_link.h"
#include "window/window_test_util.h"

namespace aoilab {
namespace {

using nlohmann::json;
using windowtest::runApp;
namespace fs = std::filesystem;

const fs::path kSource = AOILAB_SOURCE_DIR;
const fs::path kRuns = fs::path(AOILAB_RUN_DIR) / "share_link";

std::string errorsText(const json& ui) { return ui.value("errors", json::array()).dump(); }

// The link the run copied (its dump's share_link), checked to be on the clipboard.
std::string copiedLink(const json& ui) {
    const json& link = ui["share_link"];
    EXPECT_TRUE(link.is_object()) << "no link copied: " << errorsText(ui);
    if (!link.is_object()) return "";
    EXPECT_TRUE(link["on_clipboard"].get<bool>());
    EXPECT_EQ(link["length"].get<std::size_t>(), link["text"].get<std::string>().size());
    return link["text"];
}

// What a reopened link must show as the copy did: the world, the workbench and the timeline (screen
// rectangles aside).
// (After an edit the explanation tells of the edit, which a reopened link has not made: sameExplanation false.)
void expectSameView(const json& copied, const json& opened, bool sameExplanation = true) {
    EXPECT_TRUE(opened["errors"].empty()) << errorsText(opened);
    EXPECT_EQ(opened["mode"], copied["mode"]);
    EXPECT_EQ(opened["timeline"]["position"], copied["timeline"]["position"]);
    EXPECT_EQ(opened["timeline"]["length"], copied["timeline"]["length"]);
    if (sameExplanation) {
        EXPECT_EQ(opened["explanation"], copied["explanation"]);
    }
    EXPECT_EQ(opened["document"]["title"], copied["document"]["title"]);
    EXPECT_EQ(opened["document"]["path"], "");  // Save asks where: the link is no file
    ASSERT_EQ(opened["entities"].size(), copied["entities"].size());
    for (std::size_t i = 0; i < copied["entities"].size(); ++i)
        for (const char* key : {"id", "name", "x", "y", "radius", "color"})
            EXPECT_EQ(opened["entities"][i][key], copied["entities"][i][key]) << i << " " << key;
}

TEST(ShareLink, CopyLinkCarriesTheEditedWorldAndOpensTheSame) {
    // The drag of tests/data/window/drag.script (entity 1 of default.json from (14, 18) to (40, 45)), then Ctrl+L.
    const std::string script = "5 move_world 14 18\n7 press left\n9 move_world 25 30\n11 move_world 40 45\n13 release left\n"
                               "17 key ctrl+l\n20 dump copied.json\n";
    auto copy = runApp(kRuns, "copy_edited", "--scenario '" + (kSource / "scenarios/default.json").string() + "'", script, 24);
    const json copied = windowtest::readJson(copy.folder / "copied.json");
    const std::string text = copiedLink(copied);
    ASSERT_TRUE(text.starts_with("#s=")) << text;

    const ShareLink link = decodeShareLink(text);
    Scenario file = loadScenario(kSource / "scenarios/default.json");
    EXPECT_EQ(link.mode, copied["mode"]);
    EXPECT_EQ(link.seek, std::to_string(copied["timeline"]["position"].get<std::size_t>()));
    ASSERT_EQ(link.scenario.entities.size(), file.entities.size());
    for (std::size_t i = 0; i < file.entities.size(); ++i) {
        const Entity& e = link.scenario.entities[i];
        if (e.id == 1) {
            EXPECT_NEAR(e.x, 40, 0.25);
            EXPECT_NEAR(e.y, 45, 0.25);
            file.entities[i].x = e.x;
            file.entities[i].y = e.y;
        }
    }
    EXPECT_TRUE(link.scenario == file) << "the link's scenario is the file with the drag";

    auto open = runApp(kRuns, "open_edited", "--link '" + text + "'", "", 5);
    expectSameView(copied, open.ui, false);
    EXPECT_EQ(open.ui["share_link"], nullptr);
    EXPECT_EQ(open.ui["status"], "Opened a shared link");
}

TEST(ShareLink, ALinkKeepsTheWorkbenchAndPositionOfLessonsWithMapsAndGraphs) {
    for (const auto& [name, seek] : {std::pair{"crosslist-article", "2"}, {"search-arena", "end"}, {"graph-city", "3"}}) {
        const std::string file = (kSource / "scenarios" / (std::string(name) + ".json")).string();
        auto copy = runApp(kRuns, std::string("copy_") + name, "--scenario '" + file + "' --seek " + seek, "3 key ctrl+l\n6 dump copied.json\n", 8);
        const json copied = windowtest::readJson(copy.folder / "copied.json");
        EXPECT_TRUE(copied["errors"].empty()) << name << ": " << errorsText(copied);
        EXPECT_GT(copied["timeline"]["position"].get<std::size_t>(), 0u) << name;
        const std::string text = copiedLink(copied);
        ASSERT_FALSE(text.empty()) << name;
        EXPECT_LT(text.size(), kMaxLinkChars) << name;
        const ShareLink link = decodeShareLink(text);
        EXPECT_EQ(link.mode, copied["mode"]) << name;
        EXPECT_EQ(link.seek, std::to_string(copied["timeline"]["position"].get<std::size_t>())) << name;

        auto open = runApp(kRuns, std::string("open_") + name, "--link '" + text + "'", "", 5);
        SCOPED_TRACE(name);
        expectSameView(copied, open.ui);
    }
}

TEST(ShareLink, ADamagedLinkOpensTheDefaultScenarioAndSaysWhy) {
    const std::string good = "#" + encodeShareLink({loadScenario(kSource / "scenarios/crosslist-article.json"), "aoi", "2"});
    std::string damaged = good;
    damaged[40] = damaged[40] == 'A' ? 'B' : 'A';
    auto run = runApp(kRuns, "damaged", "--link '" + damaged + "'", "", 5);
    const std::string errors = errorsText(run.ui);
    EXPECT_NE(errors.find("Could not open the link; the default scenario is shown."), std::string::npos) << errors;
    EXPECT_NE(errors.find("link: the check sum does not match"), std::string::npos) << errors;
    EXPECT_EQ(run.ui["document"]["entity_count"], 0);  // the fresh document, as without a link
    EXPECT_EQ(run.ui["document"]["path"], "");

    auto truncated = runApp(kRuns, "truncated", "--link '" + good.substr(0, good.size() / 2) + "'", "", 5);
    EXPECT_NE(errorsText(truncated.ui).find("link: "), std::string::npos) << errorsText(truncated.ui);
    EXPECT_EQ(truncated.ui["document"]["entity_count"], 0);
}

TEST(ShareLink, AWorldTooLargeForALinkSaysSoAndOffersSave) {
    auto run = runApp(kRuns, "too_large", "--scenario '" + (kSource / "scenarios/crowd-1000-walk.json").string() + "'",
                      "3 wait_ready\n4 key ctrl+l\n7 dump after.json\n", 9);
    const json after = windowtest::readJson(run.folder / "after.json");
    const std::string errors = errorsText(after);
    EXPECT_NE(errors.find("Could not make a link."), std::string::npos) << errors;
    EXPECT_NE(errors.find("too large for a link ("), std::string::npos) << errors;
    EXPECT_NE(errors.find("the limit is 8,000): use Save"), std::string::npos) << errors;
    EXPECT_EQ(after["share_link"], nullptr);
    EXPECT_EQ(after["document"]["entity_count"], 1000);
}

}  // namespace
}  // namespace aoilab
