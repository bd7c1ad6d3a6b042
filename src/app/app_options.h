#pragma once
// Command-line flags of the app. Parsing is separate from the window so it needs no display.
#include <optional>
#include <string>
#include <vector>

#include "core/entity.h"

#include "app/strings.h"

namespace aoilab::app {

// The panels --show accepts (the ids of the AOI teaching panels).
inline const std::vector<std::string> kAoiPanelNames = {"lists", "grid", "quadtree", "towers", "events", "compare"};

struct AppOptions {
    std::string scenario;          // --scenario FILE
    std::string screenshot;        // --screenshot OUT.png (with --frames N)
    int frames = 0;                // --frames N: render N frames, then exit 0 (0 = run until closed)
    std::optional<float> fontScale;        // --font-scale S
    std::optional<Language> language;      // --lang en|zh
    std::string script;            // --script FILE: scripted input by frame number
    std::string dumpUi;            // --dump-ui FILE: the UI state as JSON at exit (for tests)
    int width = 1280;              // --size WxH
    int height = 800;
    std::vector<std::string> show;         // --show lists,grid,...: the AOI panels to open (the others close)
    std::optional<EntityId> select;        // --select ID: the entity selected at start
    bool noCjkMerge = false;       // --debug-no-cjk-glyphs: tests render Chinese without its glyphs
    bool help = false;
};

// Throws std::invalid_argument with a message naming the bad flag.
AppOptions parseAppOptions(int argc, char** argv);
const char* appUsage();

}  // namespace aoilab::app
