// Save writes only what opens again: a lesson whose query was moved onto a wall is refused with the
// reader's message, and the file on disk stays as it was; a moved query on open ground is saved.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "app/document.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;

std::string readAll(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(DocumentSave, AFileThatWouldNotOpenAgainIsRefusedAndTheOldOneKept) {
    fs::path file = fs::temp_directory_path() / ("aoilab_save_" + std::to_string(::getpid()) + ".json");
    std::ofstream(file) << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10},
      "mode": "search", "map": {"rows": ["....", ".@@.", "...."]}, "queries": [{"start": [0, 0], "goal": [3, 2]}]})";
    const std::string before = readAll(file);
    Document doc;
    doc.open(file);

    ScenarioLesson onWall = doc.scenario().lesson;
    onWall.queries.front() = MapQuery{1, 1, 3, 2};  // (1, 1) is '@'
    doc.setLesson(onWall);
    try {
        doc.save(file);
        FAIL() << "a query on a wall must not be saved";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/queries/0"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(file), before);

    ScenarioLesson moved = doc.scenario().lesson;
    moved.queries.front() = MapQuery{0, 2, 3, 0};
    doc.setLesson(moved);
    doc.save(file);
    Document again;
    again.open(file);
    EXPECT_EQ(again.scenario().lesson.queries.front(), (MapQuery{0, 2, 3, 0}));
    fs::remove(file);
}

}  // namespace
}  // namespace aoilab::app
