// The list of AOI methods: the only place that knows every implementation.
#include <functional>
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
    std::unique_ptr<AoiSystem> (*make)(const AoiConfig&);
};

template <typename Method>
std::unique_ptr<AoiSystem> makeMethod(const AoiConfig& config) {
    return std::make_unique<Method>(config);
}

// In the order the app and the CLI list them.
const MethodEntry kMethods[] = {
    {"brute", makeMethod<BruteForceAoi>},
    {"crosslist", makeMethod<CrossListAoi>},
    {"grid", makeMethod<GridAoi>},
    {"quadtree", makeMethod<QuadtreeAoi>},
    {"tower", makeMethod<TowerAoi>},
};

}  // namespace

const std::vector<std::string>& aoiMethodNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all;
        for (const MethodEntry& entry : kMethods) all.emplace_back(entry.name);
        return all;
    }();
    return names;
}

std::unique_ptr<AoiSystem> makeAoiSystem(std::string_view name, const AoiConfig& config) {
    for (const MethodEntry& entry : kMethods) {
        if (name == entry.name) return entry.make(config);
    }
    std::string accepted;
    for (const MethodEntry& entry : kMethods) accepted += (accepted.empty() ? "" : ", ") + std::string(entry.name);
    throw InputError("unknown AOI method \"" + std::string(name) + "\" (expected " + accepted + ")");
}

}  // namespace aoilab
