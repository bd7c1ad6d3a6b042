// The one registry of AOI method names: canonical names and aliases resolve the same way in the
// registry, the scenario reader and the CLI, and an unknown name gets the same message everywhere.
#include <gtest/gtest.h>

#include "aoi/aoi_config.h"
#include "aoi/aoi_system.h"
#include "core/error.h"
#include "scenario/scenario.h"

namespace aoilab {
namespace {

TEST(AoiRegistry, AliasesResolveToTheCanonicalName) {
    EXPECT_EQ(resolveAoiMethod("tower"), "tower");
    EXPECT_EQ(resolveAoiMethod("towers"), "tower");
    EXPECT_EQ(resolveAoiMethod("cross-list"), "crosslist");
    EXPECT_EQ(resolveAoiMethod("brute-force"), "brute");
    EXPECT_FALSE(resolveAoiMethod("octree"));
    for (const std::string& name : aoiMethodNames()) {
        EXPECT_EQ(resolveAoiMethod(name), name);
        EXPECT_FALSE(aoiMethodDescription(name).empty()) << name;
    }
}

TEST(AoiRegistry, TheScenarioReaderTakesAliasesAndSaysTheSameAboutUnknownNames) {
    auto text = [](const std::string& method) {
        return R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10},
                  "aoi": {"shape": "square", "method": ")" + method + R"("}})";
    };
    EXPECT_EQ(parseScenario(text("towers"), "a.json").aoi.method, "tower");
    try {
        parseScenario(text("octree"), "b.json");
        FAIL() << "accepted an unknown method";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("b.json: /aoi/method: " + unknownAoiMethodMessage("octree")), std::string::npos)
            << e.what();
    }
    try {
        makeAoiSystem("octree", AoiConfig{});
        FAIL() << "made an unknown method";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()), unknownAoiMethodMessage("octree"));
    }
    EXPECT_EQ(unknownAoiMethodMessage("x"), "unknown AOI method \"x\" (expected brute, crosslist, grid, quadtree or tower)");
}

}  // namespace
}  // namespace aoilab
