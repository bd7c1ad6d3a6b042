#include "scenario/scenario.h"

#include "scenario/follow_route.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <unordered_map>
#include <tuple>
#include <unordered_set>

#include "aoi/aoi_config.h"
#include "aoi/aoi_memory.h"
#include "aoi/aoi_system.h"
#include "core/atomic_file.h"
#include "core/limits.h"
#include "core/error.h"
#include "core/json_reader.h"
#include "core/text_check.h"

namespace aoilab {
namespace {

using nlohmann::json;
using ordered_json = nlohmann::ordered_json;

constexpr const char* kFormat = "aoilab-scenario";
constexpr std::size_t kMaxScriptOps = 10'000'000;
constexpr std::size_t kMaxExpectedEvents = 50'000'000;
constexpr std::size_t kMaxObstacleCells = 10'000'000;
constexpr long long kMaxSettingCount = 1'000'000;

bool parseColor(const std::string& text, Rgba& out) {
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return false;
    unsigned long value = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        char c = text[i];
        int digit = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                  : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
        if (digit < 0) return false;
        value = value * 16 + static_cast<unsigned long>(digit);
    }
    out = text.size() == 7 ? static_cast<Rgba>((value << 8) | 0xff) : static_cast<Rgba>(value);
    return out != 0;
}

std::string formatColor(Rgba color) {
    char text[10];
    if ((color & 0xff) == 0xff) std::snprintf(text, sizeof text, "#%06x", color >> 8);
    else std::snprintf(text, sizeof text, "#%08x", color);
    return text;
}

// Reads the scenario while tracking which ids are live, so the script is checked as it would run.
class ScenarioReader {
public:
    explicit ScenarioReader(const std::string& source) : reader_(source) {}

    Scenario read(const json& root) {
        Scenario scenario;
        if (!reader_.object(root, "", {"format", "version", "title", "description", "world", "aoi", "entities",
                                       "script", "obstacles", "expected", "mode", "panels", "start_position", "map",
                                       "queries", "graph", "route", "exercise", "hide_until_reveal", "algo",
                                       "question"})) {
            reader_.throwIfProblems();
        }
        readHeader(root, scenario);
        readWorld(root, scenario);
        if (auto it = root.find("aoi"); it != root.end()) readAoi(*it, scenario);
        if (worldOk_ && reader_.ok()) checkAoiResolves(scenario);
        if (auto it = root.find("obstacles"); it != root.end()) readObstacles(*it, scenario);
        else if (worldOk_) obstacleGridFits(scenario, "/world");
        if (auto it = root.find("entities"); it != root.end()) readEntities(*it, scenario);
        if (auto it = root.find("script"); it != root.end()) readScript(*it, scenario);
        if (worldOk_ && reader_.ok()) checkAoiMemory(scenario);
        if (auto it = root.find("expected"); it != root.end()) readExpected(*it, scenario);
        lesson_keys::read(reader_, root, scenario.lesson);
        reader_.throwIfProblems();
        return scenario;
    }

private:
    void readHeader(const json& root, Scenario& scenario) {
        if (auto format = reader_.string(root, "", "format", true); format && *format != kFormat)
            reader_.problem("/format", "expected \"" + std::string(kFormat) + "\", got \"" + *format + "\"");
        if (auto version = reader_.integer(root, "", "version", true, 0, 1'000'000); version && *version != 1)
            reader_.problem("/version", "version " + std::to_string(*version) +
                                            " is not supported (this build reads version 1)");
        lesson_keys::readText(reader_, root, "title", scenario.title, scenario.lesson.titleZh);
        lesson_keys::readText(reader_, root, "description", scenario.description, scenario.lesson.descriptionZh);
    }

    void readWorld(const json& root, Scenario& scenario) {
        auto it = root.find("world");
        if (it == root.end()) {
            reader_.problem("/world", "missing (required)");
            worldOk_ = false;
            return;
        }
        if (!reader_.object(*it, "/world", {"width", "height"})) {
            worldOk_ = false;
            return;
        }
        auto width = reader_.number(*it, "/world", "width", true, 1e-9, kMaxWorldSize);
        auto height = reader_.number(*it, "/world", "height", true, 1e-9, kMaxWorldSize);
        worldOk_ = width && height;
        if (width) scenario.width = *width;
        if (height) scenario.height = *height;
    }

    void readAoi(const json& aoi, Scenario& scenario) {
        AoiSettings& settings = scenario.aoi;
        const std::string path = "/aoi";
        if (!reader_.object(aoi, path, {"shape", "method", "hysteresis", "cell_size", "standard_radius",
                                        "tick_interval", "lazy_super_view", "quadtree_capacity",
                                        "quadtree_max_depth", "tower_size", "crosslist_insert"}))
            return;
        if (auto shape = reader_.string(aoi, path, "shape", false)) {
            if (!parseViewShape(shape->c_str(), settings.shape))
                reader_.problem("/aoi/shape", "unknown view shape \"" + *shape + "\" (expected square or circle)");
        }
        if (auto method = reader_.string(aoi, path, "method", false)) {
            if (auto canonical = resolveAoiMethod(*method)) settings.method = *canonical;
            else reader_.problem("/aoi/method", unknownAoiMethodMessage(*method));
        }
        settings.hysteresis = reader_.number(aoi, path, "hysteresis", false, 0, kMaxRadius).value_or(0);
        settings.cellSize = reader_.number(aoi, path, "cell_size", false, 1e-6, kMaxWorldSize);
        settings.standardRadius = reader_.number(aoi, path, "standard_radius", false, 0, kMaxRadius);
        if (auto n = reader_.integer(aoi, path, "tick_interval", false, 1, kMaxSettingCount))
            settings.tickInterval = static_cast<int>(*n);
        settings.lazySuperView = reader_.boolean(aoi, path, "lazy_super_view", false);
        if (auto n = reader_.integer(aoi, path, "quadtree_capacity", false, 1, kMaxSettingCount))
            settings.quadtreeCapacity = static_cast<int>(*n);
        if (auto n = reader_.integer(aoi, path, "quadtree_max_depth", false, 1, 30))
            settings.quadtreeMaxDepth = static_cast<int>(*n);
        settings.towerSize = reader_.number(aoi, path, "tower_size", false, 1e-6, kMaxWorldSize);
        if (auto insert = reader_.string(aoi, path, "crosslist_insert", false)) {
            if (*insert == "head" || *insert == "index") settings.insertFromHead = *insert == "head";
            else reader_.problem("/aoi/crosslist_insert", "unknown insertion \"" + *insert + "\" (expected head or index)");
        }
    }

    void readObstacles(const json& obstacles, Scenario& scenario) {
        const std::string path = "/obstacles";
        if (!reader_.object(obstacles, path, {"cell_size", "cells"})) return;
        scenario.obstacleCellSize = reader_.number(obstacles, path, "cell_size", false, 1e-6, kMaxWorldSize)
                                        .value_or(1);
        auto cells = obstacles.find("cells");
        if (cells == obstacles.end() || !reader_.array(*cells, "/obstacles/cells", kMaxObstacleCells)) return;
        if (!worldOk_ || !obstacleGridFits(scenario, "/obstacles/cell_size")) return;
        double size = scenario.obstacleCellSize;
        long long columns = static_cast<long long>(std::ceil(scenario.width / size));
        long long rows = static_cast<long long>(std::ceil(scenario.height / size));
        std::set<Cell> seen;
        for (std::size_t i = 0; i < cells->size(); ++i) {
            const json& cell = (*cells)[i];
            std::string cellPath = JsonReader::child("/obstacles/cells", i);
            if (!cell.is_array() || cell.size() != 2 || !cell[0].is_number_integer() ||
                !cell[1].is_number_integer()) {
                reader_.problem(cellPath, "expected [column, row] whole numbers, got " + JsonReader::describe(cell));
                continue;
            }
            long long column = cell[0].get<long long>(), row = cell[1].get<long long>();
            if (column < 0 || row < 0 || column >= columns || row >= rows) {
                reader_.problem(cellPath, "cell [" + std::to_string(column) + ", " + std::to_string(row) +
                                              "] is outside the " + std::to_string(columns) + " x " +
                                              std::to_string(rows) + " cells of the world");
                continue;
            }
            Cell parsed{static_cast<int>(column), static_cast<int>(row)};
            if (seen.insert(parsed).second) scenario.obstacles.push_back(parsed);
            else reader_.problem(cellPath, "cell listed twice");
        }
    }

    // The world's own rule for its obstacle grid (core/world.h), so a scenario validate accepts is one the
    // app can open: a world without obstacles still has a grid of 1-unit cells.
    bool obstacleGridFits(const Scenario& scenario, const std::string& path) {
        try {
            World probe(scenario.width, scenario.height);
            probe.setObstacleCellSize(scenario.obstacleCellSize);
            return true;
        } catch (const InputError& error) {
            reader_.problem(path, error.what());
            return false;
        }
    }

    // The AOI settings resolved as replay and the app resolve them (aoi/aoi_config.h), so a value they
    // would refuse is refused here, with its path.
    void checkAoiResolves(const Scenario& scenario) {
        try {
            resolveAoiConfig(scenario.aoi, scenario.width, scenario.height, 0);
        } catch (const InputError& error) {
            std::string message = error.what();  // "/aoi/key: problem"
            auto colon = message.find(": ");
            if (colon == std::string::npos) reader_.problem("/aoi", message);
            else reader_.problem(message.substr(0, colon), message.substr(colon + 2));
        }
    }

    // The methods' registrations estimated before any is built (aoi/aoi_memory.h), from each entity's
    // largest radius over the run, with the settings replay and the app resolve (the app checks the
    // same before each rebuild).
    void checkAoiMemory(const Scenario& scenario) {
        try {
            if (std::string refusal = aoiMemoryRefusal(scenario.aoi, scenario.width, scenario.height, scenario.entities,
                                                       scenario.script);
                !refusal.empty())
                reader_.problem("/aoi", refusal);
        } catch (const InputError&) {
            // a setting resolveAoiConfig refuses is reported by checkAoiResolves
        }
    }

    // Reads the fields of an entity (initial entity or "add" op) and checks them against the world.
    std::optional<Entity> readEntity(const json& value, const std::string& path, const Scenario& scenario) {
        Entity entity;
        auto id = reader_.integer(value, path, "id", true, 0, kMaxEntityId);
        auto x = reader_.number(value, path, "x", true, -kMaxWorldSize * 10, kMaxWorldSize * 10);
        auto y = reader_.number(value, path, "y", true, -kMaxWorldSize * 10, kMaxWorldSize * 10);
        auto radius = reader_.number(value, path, "radius", true, 0, kMaxRadius);
        entity.name = reader_.string(value, path, "name", false).value_or("");
        if (auto color = reader_.string(value, path, "color", false); color && !parseColor(*color, entity.color))
            reader_.problem(JsonReader::child(path, "color"),
                            "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \"" + *color + "\"");
        bool placed = checkInside(path, "x", x, scenario.width) & checkInside(path, "y", y, scenario.height);
        if (!id || !x || !y || !radius || !placed) return std::nullopt;
        entity.id = *id;
        entity.x = *x;
        entity.y = *y;
        entity.radius = *radius;
        return entity;
    }

    bool checkInside(const std::string& path, const char* axis, std::optional<double> value, double limit) {
        if (!value || !worldOk_) return true;
        if (*value >= 0 && *value <= limit) return true;
        // Six digits, more until it reads back: "100.000001 is outside the world [0, 100]", not "100 ...".
        auto text = [](double v) {
            char out[40];
            for (int digits = 6; digits <= 17; ++digits) {
                std::snprintf(out, sizeof out, "%.*g", digits, v);
                if (!std::isfinite(v) || std::strtod(out, nullptr) == v) break;
            }
            return std::string(out);
        };
        reader_.problem(JsonReader::child(path, axis), text(*value) + " is outside the world [0, " + text(limit) + "]");
        return false;
    }

    void addLive(const Entity& entity, const std::string& path) {
        auto [it, inserted] = livePlace_.emplace(entity.id, path);
        if (!inserted)
            reader_.problem(JsonReader::child(path, "id"), "entity " + std::to_string(entity.id) +
                                                               " is already in the world (added at " + it->second +
                                                               ")");
    }

    void readEntities(const json& entities, Scenario& scenario) {
        if (!reader_.array(entities, "/entities", kMaxEntities)) return;
        for (std::size_t i = 0; i < entities.size(); ++i) {
            std::string path = JsonReader::child("/entities", i);
            if (!reader_.object(entities[i], path, {"id", "name", "x", "y", "radius", "color", "behaviour"})) continue;
            if (auto entity = readEntity(entities[i], path, scenario)) {
                addLive(*entity, path);
                scenario.entities.push_back(*entity);
                if (auto b = readBehaviour(entities[i], path, scenario, {entity->x, entity->y}))
                    scenario.entityBehaviours[entity->id] = *b;
            }
        }
    }

    bool requireLive(const json& op, const std::string& path, EntityId& id) {
        auto parsed = reader_.integer(op, path, "id", true, 0, kMaxEntityId);
        if (!parsed) return false;
        id = *parsed;
        if (livePlace_.count(id)) return true;
        reader_.problem(JsonReader::child(path, "id"),
                        "entity " + std::to_string(id) + " is not in the world at this point of the script");
        return false;
    }

    void readScript(const json& script, Scenario& scenario) {
        if (!reader_.array(script, "/script", kMaxScriptOps)) return;
        for (std::size_t i = 0; i < script.size(); ++i) {
            const json& op = script[i];
            std::string path = JsonReader::child("/script", i);
            if (!op.is_object()) {
                reader_.problem(path, "expected an object, got " + JsonReader::describe(op));
                continue;
            }
            auto kind = reader_.string(op, path, "op", true);
            if (!kind) continue;
            ScriptOp parsed;
            if (*kind == "add") {
                parsed.kind = OpKind::Add;
                if (!reader_.object(op, path, {"op", "id", "name", "x", "y", "radius", "color", "behaviour"})) continue;
                auto entity = readEntity(op, path, scenario);
                if (!entity) continue;
                addLive(*entity, path);
                parsed.entity = *entity;
                if (auto b = readBehaviour(op, path, scenario, {entity->x, entity->y}))
                    addBehaviours[scenario.script.size()] = *b;
            } else if (*kind == "move") {
                parsed.kind = OpKind::Move;
                if (!reader_.object(op, path, {"op", "id", "x", "y"})) continue;
                auto x = reader_.number(op, path, "x", true, -kMaxWorldSize * 10, kMaxWorldSize * 10);
                auto y = reader_.number(op, path, "y", true, -kMaxWorldSize * 10, kMaxWorldSize * 10);
                bool placed = checkInside(path, "x", x, scenario.width) & checkInside(path, "y", y, scenario.height);
                if (!requireLive(op, path, parsed.entity.id) || !x || !y || !placed) continue;
                parsed.entity.x = *x;
                parsed.entity.y = *y;
            } else if (*kind == "radius") {
                parsed.kind = OpKind::Radius;
                if (!reader_.object(op, path, {"op", "id", "radius"})) continue;
                auto radius = reader_.number(op, path, "radius", true, 0, kMaxRadius);
                if (!requireLive(op, path, parsed.entity.id) || !radius) continue;
                parsed.entity.radius = *radius;
            } else if (*kind == "leave") {
                parsed.kind = OpKind::Leave;
                if (!reader_.object(op, path, {"op", "id"})) continue;
                if (!requireLive(op, path, parsed.entity.id)) continue;
                livePlace_.erase(parsed.entity.id);
            } else if (*kind == "tick") {
                parsed.kind = OpKind::Tick;
                if (!reader_.object(op, path, {"op"})) continue;
            } else {
                reader_.problem(JsonReader::child(path, "op"),
                                "unknown operation \"" + *kind + "\" (expected add, move, radius, leave or tick)");
                continue;
            }
            scenario.script.push_back(parsed);
        }
        expandScript(scenario);
    }

    // Behaving entities' moves go in before every tick; the add behaviours are re-keyed to the
    // expanded script's indices.
    void expandScript(Scenario& scenario) {
        if (scenario.entityBehaviours.empty() && addBehaviours.empty()) return;
        std::vector<std::optional<Behaviour>> initial;
        for (const Entity& e : scenario.entities) {
            auto it = scenario.entityBehaviours.find(e.id);
            initial.push_back(it == scenario.entityBehaviours.end() ? std::nullopt : std::optional(it->second));
        }
        std::vector<std::optional<Behaviour>> adds(scenario.script.size());
        for (const auto& [index, b] : addBehaviours) adds[index] = b;
        // Counted before the moves are made: a few walkers over many ticks would otherwise make
        // billions of moves before the budget is looked at.
        if (std::size_t most = mostOperations(scenario, adds); most > kMaxScriptOps) {
            reader_.problem("/script", "the behaviours could make up to " + std::to_string(most) +
                                           " operations, more than the " + std::to_string(kMaxScriptOps) + " allowed");
            return;
        }
        std::vector<ScriptOp> expanded =
            expandBehaviours(scenario.entities, initial, scenario.script, adds, scenario.width, scenario.height);
        std::size_t written = 0;
        for (std::size_t k = 0; k < expanded.size(); ++k) {
            if (expanded[k].generated) continue;
            if (auto it = addBehaviours.find(written); it != addBehaviours.end()) scenario.addBehaviours[k] = it->second;
            ++written;
        }
        scenario.script = std::move(expanded);
    }

    // The script's operations plus, at each tick, one move for every live entity whose behaviour moves
    // (an upper bound: a patrol that has arrived stops).
    static std::size_t mostOperations(const Scenario& scenario, const std::vector<std::optional<Behaviour>>& adds) {
        auto moves = [](const Behaviour& b) { return b.kind != Behaviour::Kind::Still; };
        std::unordered_set<EntityId> moving;
        for (const auto& [id, b] : scenario.entityBehaviours)
            if (moves(b)) moving.insert(id);
        std::size_t total = scenario.script.size();
        for (std::size_t k = 0; k < scenario.script.size(); ++k) {
            const ScriptOp& op = scenario.script[k];
            if (op.kind == OpKind::Add || op.kind == OpKind::Leave) moving.erase(op.entity.id);
            if (op.kind == OpKind::Add && adds[k] && moves(*adds[k])) moving.insert(op.entity.id);
            if (op.kind == OpKind::Tick) total += moving.size();
        }
        return total;
    }

    // `start`: where the entity is when the behaviour begins (a follower's route starts there).
    std::optional<Behaviour> readBehaviour(const json& owner, const std::string& ownerPath, const Scenario& scenario,
                                           Vec2 start) {
        auto it = owner.find("behaviour");
        if (it == owner.end()) return std::nullopt;
        std::string path = JsonReader::child(ownerPath, "behaviour");
        if (!reader_.object(*it, path, {"kind", "seed", "step", "points", "speed", "goal"})) return std::nullopt;
        auto kind = reader_.string(*it, path, "kind", true);
        if (!kind) return std::nullopt;
        Behaviour b;
        auto allowOnly = [&](std::initializer_list<const char*> keys) {
            for (const auto& item : it->items()) {  // not a structured binding: clang 14 cannot capture one
                const std::string& key = item.key();
                if (key != "kind" && std::none_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; }))
                    reader_.problem(JsonReader::child(path, key), "not used by a \"" + *kind + "\" behaviour");
            }
        };
        if (*kind == "still") {
            b.kind = Behaviour::Kind::Still;
            allowOnly({});
        } else if (*kind == "walk") {
            b.kind = Behaviour::Kind::Walk;
            allowOnly({"seed", "step"});
            b.seed = static_cast<std::uint64_t>(reader_.integer(*it, path, "seed", false, 0, 1LL << 53).value_or(1));
            auto step = reader_.number(*it, path, "step", true, 1e-9, kMaxWorldSize);
            if (!step) return std::nullopt;
            b.step = *step;
        } else if (*kind == "patrol") {
            b.kind = Behaviour::Kind::Patrol;
            allowOnly({"points", "speed"});
            auto speed = reader_.number(*it, path, "speed", true, 1e-9, kMaxWorldSize);
            auto points = it->find("points");
            std::string pointsPath = JsonReader::child(path, "points");
            if (points == it->end()) {
                reader_.problem(pointsPath, "missing (required)");
                return std::nullopt;
            }
            if (!reader_.array(*points, pointsPath, 10'000) || points->empty()) {
                if (points->is_array()) reader_.problem(pointsPath, "a patrol needs at least one point");
                return std::nullopt;
            }
            for (std::size_t i = 0; i < points->size(); ++i) {
                const json& p = (*points)[i];
                std::string pointPath = JsonReader::child(pointsPath, i);
                if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
                    reader_.problem(pointPath, "expected [x, y], got " + JsonReader::describe(p));
                    return std::nullopt;
                }
                double x = p[0].get<double>(), y = p[1].get<double>();
                if (worldOk_ && (x < 0 || y < 0 || x > scenario.width || y > scenario.height)) {
                    reader_.problem(pointPath, "point is outside the world");
                    return std::nullopt;
                }
                b.points.push_back({x, y});
            }
            if (!speed) return std::nullopt;
            b.speed = *speed;
        } else if (*kind == "follow") {
            b.kind = Behaviour::Kind::Follow;
            allowOnly({"goal", "speed"});
            auto speed = reader_.number(*it, path, "speed", true, 1e-9, kMaxWorldSize);
            auto goal = readPoint(*it, path, "goal", scenario);
            if (!speed || !goal || !worldOk_) return std::nullopt;
            b.speed = *speed;
            b.goal = *goal;
            if (auto route = planFollowRoute(path, scenario, start, *goal)) b.points = std::move(*route);
            else return std::nullopt;
        } else {
            reader_.problem(JsonReader::child(path, "kind"),
                            "unknown behaviour \"" + *kind + "\" (expected still, walk, patrol or follow)");
            return std::nullopt;
        }
        return b;
    }

    // A required [x, y] inside the world at owner[key].
    std::optional<Vec2> readPoint(const json& owner, const std::string& ownerPath, const char* key, const Scenario& scenario) {
        std::string path = JsonReader::child(ownerPath, key);
        auto p = owner.find(key);
        if (p == owner.end()) {
            reader_.problem(path, "missing (required)");
            return std::nullopt;
        }
        if (!p->is_array() || p->size() != 2 || !(*p)[0].is_number() || !(*p)[1].is_number()) {
            reader_.problem(path, "expected [x, y], got " + JsonReader::describe(*p));
            return std::nullopt;
        }
        Vec2 point{(*p)[0].get<double>(), (*p)[1].get<double>()};
        if (worldOk_ && (point.x < 0 || point.y < 0 || point.x > scenario.width || point.y > scenario.height)) {
            reader_.problem(path, "point is outside the world");
            return std::nullopt;
        }
        return point;
    }

    // The follower's route around the obstacles (scenario/follow_route.h), within the budgets.
    std::optional<std::vector<Vec2>> planFollowRoute(const std::string& path, const Scenario& scenario, Vec2 start, Vec2 goal) {
        if (!followPlanner_) followPlanner_.emplace(scenario.width, scenario.height, scenario.obstacleCellSize, scenario.obstacles);
        long long cells = followPlanner_->gridCells();
        if (cells > kMaxFollowGridCells) {
            reader_.problem(path, "a follow behaviour plans on the obstacle grid, here " + std::to_string(cells) +
                                      " cells, more than the " + std::to_string(kMaxFollowGridCells) +
                                      " allowed (a larger obstacles.cell_size makes fewer)");
            return std::nullopt;
        }
        if (++followers_ * cells > kMaxFollowSearchCells) {
            reader_.problem(path, std::to_string(followers_) + " follow behaviours on " + std::to_string(cells) +
                                      " cells could search " + std::to_string(followers_ * cells) +
                                      " cells, more than the " + std::to_string(kMaxFollowSearchCells) + " allowed");
            return std::nullopt;
        }
        try {
            return followPlanner_->route(start, goal);
        } catch (const InputError& e) {
            reader_.problem(JsonReader::child(path, "goal"), e.what());
            return std::nullopt;
        }
    }

    void readExpected(const json& expected, Scenario& scenario) {
        if (!reader_.array(expected, "/expected", kMaxExpectedEvents)) return;
        std::size_t operations = scenario.entities.size() + scenario.script.size();
        // An event can only name an entity that is in the world at some point of the run.
        std::unordered_set<EntityId> everPresent;
        for (const Entity& e : scenario.entities) everPresent.insert(e.id);
        for (const ScriptOp& op : scenario.script)
            if (op.kind == OpKind::Add) everPresent.insert(op.entity.id);
        auto requirePresent = [&](const std::string& path, const char* key, std::optional<long long> id) {
            if (!id || everPresent.count(*id)) return true;
            reader_.problem(JsonReader::child(path, key),
                            "entity " + std::to_string(*id) + " is never in this scenario's world");
            return false;
        };
        // When each entity is in the world: from the operation that adds it to the one where it leaves
        // (an event at either is possible), as many times as it comes back.
        constexpr std::size_t kStays = static_cast<std::size_t>(-1);
        std::unordered_map<EntityId, std::vector<std::pair<std::size_t, std::size_t>>> inWorld;
        for (std::size_t i = 0; i < scenario.entities.size(); ++i) inWorld[scenario.entities[i].id].push_back({i, kStays});
        for (std::size_t k = 0; k < scenario.script.size(); ++k) {
            const ScriptOp& op = scenario.script[k];
            std::size_t at = scenario.entities.size() + k;
            if (op.kind == OpKind::Add) inWorld[op.entity.id].push_back({at, kStays});
            else if (op.kind == OpKind::Leave && !inWorld[op.entity.id].empty()) inWorld[op.entity.id].back().second = at;
        }
        auto requireInWorldAt = [&](const std::string& path, const char* key, EntityId id, std::size_t op) {
            for (const auto& [from, to] : inWorld[id])
                if (op >= from && op <= to) return true;
            reader_.problem(JsonReader::child(path, key), "entity " + std::to_string(id) + " is not in the world at operation " +
                                                              std::to_string(op) + " (an event needs both entities there)");
            return false;
        };
        std::vector<ExpectedEvent> events;
        std::vector<std::size_t> eventIndex;  // each event's index in /expected
        for (std::size_t i = 0; i < expected.size(); ++i) {
            std::string path = JsonReader::child("/expected", i);
            if (!reader_.object(expected[i], path, {"op", "type", "watcher", "target"})) continue;
            auto op = reader_.integer(expected[i], path, "op", true, 0, static_cast<long long>(kMaxScriptOps) * 2);
            auto type = reader_.string(expected[i], path, "type", true);
            auto watcher = reader_.integer(expected[i], path, "watcher", true, 0, kMaxEntityId);
            auto target = reader_.integer(expected[i], path, "target", true, 0, kMaxEntityId);
            ExpectedEvent event;
            if (type && !parseAoiEventType(*type, event.event.type)) {
                reader_.problem(JsonReader::child(path, "type"),
                                "unknown event type \"" + *type + "\" (expected enter, move or leave)");
                continue;
            }
            if (op && *op >= static_cast<long long>(operations)) {
                reader_.problem(JsonReader::child(path, "op"), "operation " + std::to_string(*op) +
                                                                   " does not exist (the scenario has " +
                                                                   std::to_string(operations) + ")");
                continue;
            }
            bool present = requirePresent(path, "watcher", watcher) & requirePresent(path, "target", target);
            if (!op || !type || !watcher || !target || !present) continue;
            event.op = static_cast<std::size_t>(*op);
            event.event.watcher = *watcher;
            event.event.target = *target;
            if (!(requireInWorldAt(path, "watcher", *watcher, event.op) & requireInWorldAt(path, "target", *target, event.op)))
                continue;
            events.push_back(event);
            eventIndex.push_back(i);
        }
        refuseRepeatedEvents(events, eventIndex);
        scenario.expected = std::move(events);
    }

    // An event listed twice would be expected twice, which no run makes: refused, naming both places.
    void refuseRepeatedEvents(const std::vector<ExpectedEvent>& events, const std::vector<std::size_t>& eventIndex) {
        std::vector<std::size_t> order(events.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        auto key = [&](std::size_t i) { return std::tie(events[i].op, events[i].event); };
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return key(a) != key(b) ? key(a) < key(b) : a < b;
        });
        for (std::size_t k = 1; k < order.size(); ++k)
            if (key(order[k]) == key(order[k - 1]))
                reader_.problem(JsonReader::child("/expected", eventIndex[order[k]]),
                                "the same event as /expected/" + std::to_string(eventIndex[order[k - 1]]) + " (listed twice)");
    }

    JsonReader reader_;
    bool worldOk_ = true;
    std::unordered_map<EntityId, std::string> livePlace_;  // live id -> JSON path that added it
    std::map<std::size_t, Behaviour> addBehaviours;         // by index in the script as written
    std::optional<FollowRoutePlanner> followPlanner_;        // made for the first follower
    long long followers_ = 0;
};

ordered_json behaviourJson(const Behaviour& b) {
    ordered_json out;
    out["kind"] = toString(b.kind);
    if (b.kind == Behaviour::Kind::Walk) {
        out["seed"] = b.seed;
        out["step"] = b.step;
    } else if (b.kind == Behaviour::Kind::Patrol) {
        ordered_json points = ordered_json::array();
        for (const Vec2& p : b.points) points.push_back({p.x, p.y});
        out["points"] = points;
        out["speed"] = b.speed;
    } else if (b.kind == Behaviour::Kind::Follow) {
        out["goal"] = {b.goal.x, b.goal.y};  // the route is planned again on loading
        out["speed"] = b.speed;
    }
    return out;
}

ordered_json entityJson(const Entity& entity, const char* op) {
    ordered_json out;
    if (op) out["op"] = op;
    out["id"] = entity.id;
    if (!entity.name.empty()) out["name"] = entity.name;
    out["x"] = entity.x;
    out["y"] = entity.y;
    out["radius"] = entity.radius;
    if (entity.color != 0) out["color"] = formatColor(entity.color);
    return out;
}

ordered_json aoiJson(const AoiSettings& settings) {
    ordered_json out;
    out["shape"] = toString(settings.shape);
    out["method"] = settings.method;
    if (settings.hysteresis != 0) out["hysteresis"] = settings.hysteresis;
    if (settings.cellSize) out["cell_size"] = *settings.cellSize;
    if (settings.standardRadius) out["standard_radius"] = *settings.standardRadius;
    if (settings.tickInterval) out["tick_interval"] = *settings.tickInterval;
    if (settings.lazySuperView) out["lazy_super_view"] = *settings.lazySuperView;
    if (settings.quadtreeCapacity) out["quadtree_capacity"] = *settings.quadtreeCapacity;
    if (settings.quadtreeMaxDepth) out["quadtree_max_depth"] = *settings.quadtreeMaxDepth;
    if (settings.towerSize) out["tower_size"] = *settings.towerSize;
    if (settings.insertFromHead) out["crosslist_insert"] = *settings.insertFromHead ? "head" : "index";
    return out;
}

ordered_json scriptOpJson(const ScriptOp& op) {
    switch (op.kind) {
        case OpKind::Add: return entityJson(op.entity, "add");
        case OpKind::Move: return {{"op", "move"}, {"id", op.entity.id}, {"x", op.entity.x}, {"y", op.entity.y}};
        case OpKind::Radius: return {{"op", "radius"}, {"id", op.entity.id}, {"radius", op.entity.radius}};
        case OpKind::Leave: return {{"op", "leave"}, {"id", op.entity.id}};
        case OpKind::Tick: return {{"op", "tick"}};
    }
    return {};
}

}  // namespace

std::vector<ScriptOp> Scenario::operations() const {
    std::vector<ScriptOp> all;
    all.reserve(entities.size() + script.size());
    for (const Entity& entity : entities) all.push_back(ScriptOp{OpKind::Add, entity});
    all.insert(all.end(), script.begin(), script.end());
    return all;
}

Scenario parseScenario(std::string_view text, const std::string& sourceName, const BuildProgress& progress) {
    // The budgets of the long arrays, refused before the document is built (docs/LIMITS.md).
    const JsonArrayBudget budgets[] = {{"/entities", kMaxEntities},
                                       {"/script", kMaxScriptOps},
                                       {"/expected", kMaxExpectedEvents},
                                       {"/obstacles/cells", kMaxObstacleCells}};
    json root = parseJsonStrict(text, sourceName, budgets, progress);
    return ScenarioReader(sourceName).read(root);
}

Scenario loadScenario(const std::filesystem::path& file, const BuildProgress& progress) {
    std::string text = readFileText(file, kMaxScenarioFileBytes);  // directories and oversized files refused first
    Scenario scenario = parseScenario(text, file.string(), progress);
    checkScenarioReferences(scenario, file);
    return scenario;
}

std::string scenarioToJson(const Scenario& scenario) {
    ordered_json root;
    root["format"] = kFormat;
    root["version"] = 1;
    lesson_keys::writeText(root, "title", scenario.title, scenario.lesson.titleZh);
    lesson_keys::writeText(root, "description", scenario.description, scenario.lesson.descriptionZh);
    lesson_keys::write(root, scenario.lesson);
    root["world"] = {{"width", scenario.width}, {"height", scenario.height}};
    root["aoi"] = aoiJson(scenario.aoi);
    if (!scenario.obstacles.empty() || scenario.obstacleCellSize != 1) {
        ordered_json cells = ordered_json::array();
        for (const Cell& cell : scenario.obstacles) cells.push_back({cell.first, cell.second});
        root["obstacles"] = {{"cell_size", scenario.obstacleCellSize}, {"cells", cells}};
    }
    root["entities"] = ordered_json::array();
    for (const Entity& entity : scenario.entities) {
        ordered_json e = entityJson(entity, nullptr);
        if (auto it = scenario.entityBehaviours.find(entity.id); it != scenario.entityBehaviours.end())
            e["behaviour"] = behaviourJson(it->second);
        root["entities"].push_back(e);
    }
    root["script"] = ordered_json::array();
    for (std::size_t k = 0; k < scenario.script.size(); ++k) {
        const ScriptOp& op = scenario.script[k];
        if (op.generated) continue;  // the behaviour is saved; its moves are made again on loading
        ordered_json o = scriptOpJson(op);
        if (auto it = scenario.addBehaviours.find(k); it != scenario.addBehaviours.end()) o["behaviour"] = behaviourJson(it->second);
        root["script"].push_back(o);
    }
    if (scenario.expected) {
        root["expected"] = ordered_json::array();
        for (const ExpectedEvent& event : *scenario.expected)
            root["expected"].push_back({{"op", event.op},
                                        {"type", toString(event.event.type)},
                                        {"watcher", event.event.watcher},
                                        {"target", event.event.target}});
    }
    return dumpJson(root, 2) + "\n";
}

void saveScenario(const Scenario& scenario, const std::filesystem::path& file, const std::filesystem::path& loadedFrom) {
    if (loadedFrom.empty()) {
        writeFileAtomic(file, scenarioToJson(scenario));
        return;
    }
    Scenario moved = scenario;
    rebaseScenarioReferences(moved.lesson, loadedFrom, file);
    writeFileAtomic(file, scenarioToJson(moved));
}

World initialWorld(const Scenario& scenario) {
    World world(scenario.width, scenario.height);
    world.setObstacleCellSize(scenario.obstacleCellSize);
    for (const Cell& cell : scenario.obstacles) world.setObstacle(cell, true);
    for (const Entity& entity : scenario.entities) world.add(entity);
    return world;
}

Scenario withWorld(Scenario scenario, const World& world) {
    // Expected events describe the old initial world; they no longer hold for an edited one.
    if (scenario.entities != world.entities() || scenario.width != world.width() ||
        scenario.height != world.height())
        scenario.expected.reset();
    scenario.width = world.width();
    scenario.height = world.height();
    scenario.entities = world.entities();
    std::erase_if(scenario.entityBehaviours, [&](const auto& entry) { return !world.contains(entry.first); });
    scenario.obstacleCellSize = world.obstacleCellSize();
    scenario.obstacles.assign(world.obstacles().begin(), world.obstacles().end());
    return scenario;
}

}  // namespace aoilab
