#pragma once
// Scenario JSON v1 (docs/FILE-FORMATS.md): strict loading, stable saving, atomic writes.
//
// Core keys (fixed): format, version, world{width,height}, aoi{shape,method}, entities[], script[].
// Optional keys this project adds:
//   title, description                               free text shown in the app
//   aoi.hysteresis                                    h >= 0: enter at r, leave beyond r + h
//   aoi.cell_size, aoi.standard_radius,
//   aoi.tick_interval, aoi.lazy_super_view            grid settings
//   aoi.quadtree_capacity, aoi.quadtree_max_depth     quadtree settings
//   aoi.tower_size                                    tower (beacon) settings
//   aoi.crosslist_insert                              "head" (the article's walk) or "index"
//   entities[].name, entities[].color ("#RRGGBB")     display
//   script[].name, script[].color                     for "add"
//   obstacles{cell_size, cells:[[col,row],...]}       painted obstacle cells
//   expected[{op, type, watcher, target}]             the exact events of the whole run (replay --check);
//                                                     op counts the behaviours' generated moves too
//   entities[].behaviour, script[add].behaviour       {"kind": "still" | "walk" (seed, step) |
//                                                     "patrol" (points, speed) | "follow" (goal, speed:
//                                                     a route around the obstacles, follow_route.h)}:
//                                                     moves before each tick
//   title/description as {en, zh}, mode, panels, start_position, map, queries, graph, route:
//                                                     see scenario_lesson.h
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/build_progress.h"
#include "aoi/aoi_settings.h"
#include "aoi/behaviour.h"
#include "aoi/script_op.h"
#include "core/events.h"
#include "core/world.h"
#include "scenario/scenario_lesson.h"

namespace aoilab {

// An expected event of the run: op is the operation index (entities first, then the script).
struct ExpectedEvent {
    std::size_t op = 0;
    AoiEvent event;
    friend bool operator==(const ExpectedEvent&, const ExpectedEvent&) = default;
};

struct Scenario {
    std::string title;
    std::string description;
    double width = 100;
    double height = 100;
    AoiSettings aoi;
    std::vector<Entity> entities;  // added in order before the script
    // The script as it runs: the file's operations with each behaving entity's moves inserted before
    // every tick (ScriptOp::generated; aoi/behaviour.h). Saving writes the behaviours, not those moves.
    std::vector<ScriptOp> script;
    std::map<EntityId, Behaviour> entityBehaviours;      // of the starting entities
    std::map<std::size_t, Behaviour> addBehaviours;      // of "add" operations, by index in `script`
    double obstacleCellSize = 1;
    std::vector<Cell> obstacles;
    std::optional<std::vector<ExpectedEvent>> expected;
    ScenarioLesson lesson;  // Chinese texts, mode, panels, start position, map, queries, graph (scenario_lesson.h)
    friend bool operator==(const Scenario&, const Scenario&) = default;

    // All operations in order: one Add per initial entity, then the script. Op index = position here.
    std::vector<ScriptOp> operations() const;
};

// Parses and validates; throws InputError listing every problem as "SOURCE: /json/path: problem".
// `progress` (optional) hears the JSON parse's bytes read (parseJsonStrict) and may cancel it.
Scenario parseScenario(std::string_view text, const std::string& sourceName, const BuildProgress& progress = {});
Scenario loadScenario(const std::filesystem::path& file, const BuildProgress& progress = {});

// Pretty JSON with a stable key order; parseScenario(toJson(s)) == s.
std::string scenarioToJson(const Scenario& scenario);
// Atomic: writes FILE.tmp-XXXX beside the target, flushes, then renames over it.
// `loadedFrom`: where the scenario was read from, so its map and graph references still resolve from
// the new place (empty: written as they are).
void saveScenario(const Scenario& scenario, const std::filesystem::path& file,
                  const std::filesystem::path& loadedFrom = {});

// The world before the script runs (initial entities and obstacles).
World initialWorld(const Scenario& scenario);
// Replaces the scenario's entities and obstacles with the world's, keeping settings and script.
Scenario withWorld(Scenario scenario, const World& world);

}  // namespace aoilab
