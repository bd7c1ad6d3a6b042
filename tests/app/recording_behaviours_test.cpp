// Recording a tick (T) in a scenario whose entities behave: the behaviours' moves for that tick run and
// are appended before it, so the saved file (behaviours, not their moves) loads to the same script.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "app/document.h"
#include "app/modes/aoi/aoi_state.h"
#include "scenario/scenario.h"

namespace aoilab::app {
namespace {

namespace fs = std::filesystem;

fs::path tempFile(const std::string& name) {
    return fs::temp_directory_path() / ("aoilab_recording_" + std::to_string(::getpid()) + "_" + name + ".json");
}

TEST(RecordingBehaviours, ARecordedTickMovesTheBehavingEntitiesAsTheSavedFileWill) {
    fs::path in = tempFile("in"), out = tempFile("out");
    std::ofstream(in) << R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 40, "height": 40},
      "aoi": {"shape": "circle", "method": "grid"},
      "entities": [{"id": 1, "x": 5, "y": 5, "radius": 6, "behaviour": {"kind": "walk", "seed": 3, "step": 2}},
                   {"id": 2, "x": 10, "y": 10, "radius": 6, "behaviour": {"kind": "patrol", "points": [[30, 10]], "speed": 3}},
                   {"id": 3, "x": 20, "y": 20, "radius": 6}],
      "script": [{"op": "tick"}]})";
    Document doc;
    doc.open(in);
    AoiState state;
    state.sync(doc, 1);
    std::size_t before = doc.scenario().script.size();  // two moves and the tick
    ASSERT_EQ(before, 3u);
    state.setRecording(true, doc);
    state.recordTick(doc);
    state.recordTick(doc);
    const auto& script = doc.scenario().script;
    ASSERT_EQ(script.size(), before + 6);  // per tick: the walker's move, the patroller's move, the tick
    EXPECT_TRUE(script[before].generated);
    EXPECT_EQ(script[before].entity.id, 1);
    EXPECT_EQ(script[before + 1].entity.id, 2);
    EXPECT_DOUBLE_EQ(script[before + 1].entity.x, 16);  // the patrol: 10 -> 13 -> 16 along y = 10
    EXPECT_EQ(script[before + 2].kind, OpKind::Tick);
    // The timeline's world moved with them.
    ASSERT_NE(state.shownWorld(doc).find(2), nullptr);
    EXPECT_DOUBLE_EQ(state.shownWorld(doc).find(2)->x, 19);

    doc.save(out);
    Scenario reloaded = loadScenario(out);
    ASSERT_EQ(reloaded.script.size(), script.size());
    for (std::size_t i = 0; i < script.size(); ++i) {
        EXPECT_EQ(reloaded.script[i].kind, script[i].kind) << i;
        EXPECT_EQ(reloaded.script[i].generated, script[i].generated) << i;
        EXPECT_EQ(reloaded.script[i].entity.id, script[i].entity.id) << i;
        EXPECT_DOUBLE_EQ(reloaded.script[i].entity.x, script[i].entity.x) << i;
        EXPECT_DOUBLE_EQ(reloaded.script[i].entity.y, script[i].entity.y) << i;
    }
    fs::remove(in);
    fs::remove(out);
}

}  // namespace
}  // namespace aoilab::app
