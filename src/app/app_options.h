#pragma once
// Command-line flags of the app. Parsing is separate from the window so it needs no display.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/entity.h"

#include "app/strings.h"

namespace aoilab::app {

// The workbenches --mode accepts, in F1-F4 order.
inline const std::vector<std::string> kModeNames = {"aoi", "search", "maps", "graph"};
// The panels --show accepts (the ids of the AOI teaching panels).
// The panels --show can open (each workbench's teaching panels; the supporting ones fold on their own).
inline const std::vector<std::string> kShowablePanels = {"lists", "grid", "quadtree", "towers", "events", "compare",
                                                         "checks", "crossover", "budget", "search_settings", "search_stats",
                                                         "graph", "graph_edges", "graph_table", "maps", "maps_table"};

struct AppOptions {
    std::string scenario;          // --scenario FILE
    std::string link;              // --link FRAGMENT: open a share link's scenario (scenario/share_link.h)
    std::string screenshot;        // --screenshot OUT.png (with --frames N)
    int frames = 0;                // --frames N: render N frames, then exit 0 (0 = run until closed)
    std::optional<float> fontScale;        // --font-scale S
    std::optional<Language> language;      // --lang en|zh
    std::string layout = "auto";           // --layout presentation|side|auto (app/presentation.h)
    std::string script;            // --script FILE: scripted input by frame number
    std::string dumpUi;            // --dump-ui FILE: the UI state as JSON at exit (for tests)
    int width = 1280;              // --size WxH
    int height = 800;
    std::vector<std::string> show;         // --show lists,grid,...: the panels of the start workbench to open (the others close)
    std::optional<EntityId> select;        // --select ID: the entity selected at start
    // Workbenches and the timeline (each mode validates the values it takes, app/modes/<id>/).
    std::string mode;              // --mode aoi|search|maps|graph
    std::string seek;              // --seek N|end: the active mode's timeline position at start
    std::string map;               // --map FILE.map (search, maps)
    std::optional<std::array<int, 4>> query;  // --query SX,SY,GX,GY (search, maps)
    std::vector<std::string> algo; // --algo NAME[,NAME] (search: one or two; graph: dijkstra|astar)
    std::string heuristic;         // --heuristic octile|euclidean|chebyshev|manhattan|zero (search)
    std::string diagonal;          // --diagonal never|no-corner-cutting|one-blocked|always (search)
    std::optional<double> weight;  // --weight W (search: weighted A*)
    std::optional<double> step;    // --step S (maps: the waypoint lattice step)
    std::string graph;             // --graph FILE.json|FILE.xml (graph)
    std::optional<std::string> from; // --from ID (graph)
    std::optional<std::string> to;   // --to ID (graph)
    bool noCjkMerge = false;       // --debug-no-cjk-glyphs: tests render Chinese without its glyphs
    bool help = false;
};

// Throws std::invalid_argument with a message naming the bad flag.
AppOptions parseAppOptions(int argc, char** argv);
const char* appUsage();

}  // namespace aoilab::app
