#include "app/app_options.h"

#include <filesystem>
#include <utility>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/text_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "path/grid_search.h"

namespace aoilab::app {
namespace {

std::string need(int argc, char** argv, int& i) {
    std::string flag = argv[i];
    if (i + 1 >= argc) throw std::invalid_argument(flag + ": missing value");
    return argv[++i];
}

int parseInt(const std::string& flag, const std::string& text, int lo, int hi) {
    std::size_t used = 0;
    int value = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty() || value < lo || value > hi)
        throw std::invalid_argument(flag + ": expected an integer in [" + std::to_string(lo) + ", " +
                                    std::to_string(hi) + "], got " + quotedBrief(text));
    return value;
}

// The search algorithms as the registry names them (src/path/grid_search.h), so --help never lists one
// the engine refuses or misses one it accepts.
std::string searchAlgorithmList() {
    std::string list;
    for (SearchAlgorithm a : searchAlgorithms()) list += (list.empty() ? "" : ", ") + std::string(algorithmName(a));
    return list;
}

}  // namespace

const char* appUsage() {
    static const std::string text = std::string(
           "usage: aoilab [options]\n"
           "  --scenario FILE      open this scenario (Scenario JSON v1)\n"
           "  --link '#s=...'      open a share link (File > Copy link), with its workbench and\n"
           "                       position; a damaged link opens the default scenario and\n"
           "                       shows why\n"
           "  --screenshot OUT.png save the last frame as PNG (needs --frames N)\n"
           "  --frames N           render N frames, then exit 0 (without --script, counted from\n"
           "                       when a large --scenario has opened and a large --map is built)\n"
           "  --font-scale S       text and widget scale for projectors (0.5 .. 4)\n"
           "  --lang en|zh         user interface language\n"
           "  --layout presentation|side|auto\n"
           "                       presentation: the scene large, one panel at a time as tabs;\n"
           "                       side: panel tiles beside the scene; auto (default): presentation\n"
           "                       when the window is small for its font\n"
           "  --script FILE        replay input events by frame number (fixed time step)\n"
           "  --dump-ui FILE       write the UI state as JSON at exit (for tests)\n"
           "  --size WxH           window size in pixels (default 1280x800)\n"
           "  --show P1,P2,...     open these panels of the start workbench, close the others:\n"
           "                       lists, grid, quadtree, towers, events, compare,\n"
           "                       checks, crossover, budget (aoi); search_settings,\n"
           "                       search_stats (search); graph, graph_edges, graph_table\n"
           "                       (graph); maps, maps_table (maps)\n"
           "  --select ID          select the entity with this id at start\n"
           "  --mode M             the workbench: aoi, search, maps or graph (F1-F4 switch)\n"
           "  --seek N|end         put the workbench's timeline at step N (or its end) at start\n"
           "  --map FILE.map       a MovingAI map for the search and maps workbenches (graph:\n"
           "                       drawn under the vertices)\n"
           "  --query SX,SY,GX,GY  start and goal cells (search, maps)\n"
           "  --algo A[,B]         search: ") + searchAlgorithmList() + " (two to compare);\n" +
           "                       graph: dijkstra, astar, or dijkstra,astar (compared)\n"
           "  --heuristic H        search: octile, euclidean, chebyshev, manhattan, zero\n"
           "  --diagonal D         search: never, no-corner-cutting, at-most-one, always\n"
           "  --weight W           search: weighted A*, f = g + W x h (W > 0; above 1 faster, not optimal)\n"
           "  --step S             maps: the waypoint lattice step\n"
           "  --graph FILE         graph: a graph (JSON, or the editor's XML)\n"
           "  --from ID, --to ID   graph: the source and target vertices\n"
           "  --help               this text\n"
           "Script lines: FRAME ACTION [ARGS], '#' starts a comment. Actions:\n"
           "  move X Y | move_by DX DY | move_world X Y | press left|right|middle | release BUTTON |\n"
           "  wheel DY | resize W H | font_scale S | key [ctrl+][shift+]NAME | text CHARS | save FILE |\n"
           "  open FILE | dump FILE | screenshot FILE | wait_ready | hold_work | wait_held |\n"
           "  release_work | quit\n";
    return text.c_str();
}

AppOptions parseAppOptions(int argc, char** argv) {
    AppOptions o;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            o.help = true;
        } else if (flag == "--link") {
            o.link = need(argc, argv, i);
        } else if (flag == "--scenario") {
            o.scenario = need(argc, argv, i);
        } else if (flag == "--screenshot") {
            o.screenshot = need(argc, argv, i);
        } else if (flag == "--frames") {
            o.frames = parseInt(flag, need(argc, argv, i), 1, 1000000);
        } else if (flag == "--font-scale") {
            std::string text = need(argc, argv, i);
            std::size_t used = 0;
            float s = 0;
            try {
                s = std::stof(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != text.size() || !std::isfinite(s) || s < 0.5f || s > 4.0f)
                throw std::invalid_argument("--font-scale: expected a number in [0.5, 4], got " + quotedBrief(text));
            o.fontScale = s;
        } else if (flag == "--layout") {
            std::string name = need(argc, argv, i);
            if (name != "presentation" && name != "side" && name != "auto")
                throw std::invalid_argument("--layout: expected presentation, side or auto, got " + quotedBrief(name));
            o.layout = name;
        } else if (flag == "--lang") {
            std::string code = need(argc, argv, i);
            Language lang;
            if (!parseLanguage(code, lang))
                throw std::invalid_argument("--lang: expected en or zh, got " + quotedBrief(code));
            o.language = lang;
        } else if (flag == "--script") {
            o.script = need(argc, argv, i);
        } else if (flag == "--dump-ui") {
            o.dumpUi = need(argc, argv, i);
        } else if (flag == "--size") {
            std::string text = need(argc, argv, i);
            std::size_t x = text.find('x');
            if (x == std::string::npos) throw std::invalid_argument("--size: expected WxH, got " + quotedBrief(text));
            o.width = parseInt(flag, text.substr(0, x), 320, 8192);
            o.height = parseInt(flag, text.substr(x + 1), 240, 8192);
        } else if (flag == "--show") {
            std::string list = need(argc, argv, i);
            o.show.clear();
            for (std::size_t start = 0; start <= list.size();) {
                std::size_t comma = std::min(list.find(',', start), list.size());
                std::string name = list.substr(start, comma - start);
                if (std::find(kShowablePanels.begin(), kShowablePanels.end(), name) == kShowablePanels.end()) {
                    std::string known;
                    for (const std::string& p : kShowablePanels) known += (known.empty() ? "" : ", ") + p;
                    throw std::invalid_argument("--show: unknown panel \"" + name + "\" (expected " + known + ")");
                }
                o.show.push_back(name);
                start = comma + 1;
            }
        } else if (flag == "--select") {
            std::string text = need(argc, argv, i);
            std::size_t used = 0;
            long long id = -1;
            try {
                id = std::stoll(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (text.empty() || used != text.size() || id < 0 || id > kMaxEntityId)
                throw std::invalid_argument("--select: expected an entity id in [0, " + std::to_string(kMaxEntityId) +
                                            "], got " + quotedBrief(text));
            o.select = static_cast<EntityId>(id);
        } else if (flag == "--mode") {
            std::string name = need(argc, argv, i);
            if (std::find(kModeNames.begin(), kModeNames.end(), name) == kModeNames.end())
                throw std::invalid_argument("--mode: unknown workbench \"" + name + "\" (expected aoi, search, maps or graph)");
            o.mode = name;
        } else if (flag == "--seek") {
            std::string text = need(argc, argv, i);
            if (text != "end") parseInt(flag, text, 0, 1000000000);
            o.seek = text;
        } else if (flag == "--map") {
            o.map = need(argc, argv, i);
        } else if (flag == "--query") {
            std::string text = need(argc, argv, i);
            std::array<int, 4> q{};
            std::size_t start = 0;
            for (int k = 0; k < 4; ++k) {
                std::size_t comma = k < 3 ? text.find(',', start) : text.size();
                if (comma == std::string::npos || (k == 3 && text.find(',', start) != std::string::npos))
                    throw std::invalid_argument("--query: expected SX,SY,GX,GY, got " + quotedBrief(text));
                q[static_cast<std::size_t>(k)] = parseInt(flag, text.substr(start, comma - start), 0, 1000000);
                start = comma + 1;
            }
            o.query = q;
        } else if (flag == "--algo") {
            std::string list = need(argc, argv, i);
            o.algo.clear();
            for (std::size_t start = 0; start <= list.size();) {
                std::size_t comma = std::min(list.find(',', start), list.size());
                std::string name = list.substr(start, comma - start);
                if (name.empty()) throw std::invalid_argument("--algo: empty name in \"" + list + "\"");
                o.algo.push_back(name);
                start = comma + 1;
            }
            if (o.algo.size() > 2) throw std::invalid_argument("--algo: at most two algorithms, got " + quotedBrief(list));
        } else if (flag == "--heuristic") {
            o.heuristic = need(argc, argv, i);
        } else if (flag == "--diagonal") {
            o.diagonal = need(argc, argv, i);
        } else if (flag == "--weight" || flag == "--step") {
            std::string text = need(argc, argv, i);
            std::size_t used = 0;
            double value = 0;
            try {
                value = std::stod(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (text.empty() || used != text.size() || !std::isfinite(value) || value <= 0 || value > 1e6)
                throw std::invalid_argument(flag + ": expected a number in (0, 1000000], got " + quotedBrief(text));
            (flag == "--weight" ? o.weight : o.step) = value;
        } else if (flag == "--graph") {
            o.graph = need(argc, argv, i);
        } else if (flag == "--from" || flag == "--to") {
            // Vertex ids are text in graph files ("A", "938"), as aoilab-cli graph takes them.
            std::string text = need(argc, argv, i);
            if (text.empty() || text.size() > 256)
                throw std::invalid_argument(flag + ": expected a vertex id (1 to 256 characters), got " + quotedBrief(text));
            (flag == "--from" ? o.from : o.to) = text;
        } else if (flag == "--debug-no-cjk-glyphs") {
            o.noCjkMerge = true;
        } else {
            throw std::invalid_argument("unknown option \"" + flag + "\" (see --help)");
        }
    }
    if (!o.screenshot.empty() && o.frames == 0)
        throw std::invalid_argument("--screenshot needs --frames N");
    if (!o.link.empty() && !o.scenario.empty())
        throw std::invalid_argument("--link and --scenario both name a scenario: give one");
    // An output onto a file the run reads would destroy it: refused before any work.
    std::vector<std::filesystem::path> inputs;
    for (const std::string* input : {&o.scenario, &o.script, &o.map, &o.graph})
        if (!input->empty()) inputs.emplace_back(*input);
    for (const auto& [flag, output] : {std::pair{"--screenshot", &o.screenshot}, std::pair{"--dump-ui", &o.dumpUi}}) {
        if (output->empty()) continue;
        try {
            requireOutputIsNotAnInput(*output, inputs);
        } catch (const InputError& e) {
            throw std::invalid_argument(std::string(flag) + ": " + e.what());
        }
    }
    return o;
}

}  // namespace aoilab::app
