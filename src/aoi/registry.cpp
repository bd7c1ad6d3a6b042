// The list of AOI methods: the only place that knows every implementation.
#include <functional>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>

#include "aoi/aoi_system.h"
#include "aoi/brute_force.h"
#include "aoi/cross_list.h"
#include "aoi/grid.h"
#include "aoi/quadtree.h"
#include "aoi/tower.h"
#include "core/error.h"

namespace aoilab {
namespace {

struct MethodEntry {
    const char* name;
    std::initializer_list<const char*> aliases;  // other spellings people use (accepted everywhere)
    const char* description;
    std::unique_ptr<AoiSystem> (*make)(const AoiConfig&);
};

template <typename Method>
std::unique_ptr<AoiSystem> makeMethod(const AoiConfig& config) {
    return std::make_unique<Method>(config);
}

// In the order the app and the CLI list them.
const MethodEntry kMethods[] = {
    {"brute", {"brute-force", "bruteforce"}, "every entity tests every other one: the oracle", makeMethod<BruteForceAoi>},
    {"crosslist", {"cross-list", "cross-linked-list", "linked-list"}, "entities sorted on x and y in two linked lists",
     makeMethod<CrossListAoi>},
    {"grid", {"nine-grid", "cells"}, "square cells; per-entity radius with a lazy super-view", makeMethod<GridAoi>},
    {"quadtree", {"quad-tree"}, "a quadtree of the world, split when a node holds too many", makeMethod<QuadtreeAoi>},
    {"tower", {"towers", "beacon", "beacons"}, "towers (beacons) that entities watch and report to", makeMethod<TowerAoi>},
};

const MethodEntry* findMethod(std::string_view name) {
    for (const MethodEntry& entry : kMethods) {
        if (name == entry.name) return &entry;
        for (const char* alias : entry.aliases)
            if (name == alias) return &entry;
    }
    return nullptr;
}

}  // namespace

const std::vector<std::string>& aoiMethodNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all;
        for (const MethodEntry& entry : kMethods) all.emplace_back(entry.name);
        return all;
    }();
    return names;
}

std::optional<std::string> resolveAoiMethod(std::string_view name) {
    if (const MethodEntry* entry = findMethod(name)) return std::string(entry->name);
    return std::nullopt;
}

std::string aoiMethodDescription(std::string_view name) {
    const MethodEntry* entry = findMethod(name);
    return entry ? entry->description : "";
}

std::string unknownAoiMethodMessage(std::string_view name) {
    std::string accepted;
    const std::size_t count = std::size(kMethods);
    for (std::size_t i = 0; i < count; ++i)
        accepted += std::string(i == 0 ? "" : i + 1 == count ? " or " : ", ") + kMethods[i].name;
    return "unknown AOI method \"" + std::string(name) + "\" (expected " + accepted + ")";
}

std::unique_ptr<AoiSystem> makeAoiSystem(std::string_view name, const AoiConfig& config) {
    if (const MethodEntry* entry = findMethod(name)) return entry->make(config);
    throw InputError(unknownAoiMethodMessage(name));
}

}  // namespace aoilab
