// Defaults and checks of resolveAoiConfig.
#include <gtest/gtest.h>

#include "aoi/aoi_config.h"
#include "core/error.h"

namespace aoilab {
namespace {

TEST(AoiConfig, DefaultsFollowTheTypicalRadius) {
    AoiSettings settings;
    settings.shape = ViewShape::Circle;
    settings.hysteresis = 2;
    AoiConfig config = resolveAoiConfig(settings, 1000, 500, 40);
    EXPECT_EQ(config.shape, ViewShape::Circle);
    EXPECT_EQ(config.hysteresis, 2);
    EXPECT_EQ(config.worldWidth, 1000);
    EXPECT_EQ(config.worldHeight, 500);
    EXPECT_EQ(config.standardRadius, 40);
    EXPECT_EQ(config.cellSize, 40);
    EXPECT_EQ(config.towerSize, 80);
    EXPECT_EQ(config.tickInterval, 5);
    EXPECT_FALSE(config.lazySuperView);
    EXPECT_EQ(config.quadtreeCapacity, 8);
    EXPECT_EQ(config.quadtreeMaxDepth, 12);
    // Unknown typical radius: a tenth of the smaller side; never below 1.
    EXPECT_EQ(resolveAoiConfig(settings, 1000, 500).standardRadius, 50);
    EXPECT_EQ(resolveAoiConfig(settings, 5, 5, 0.2).standardRadius, 1);
}

TEST(AoiConfig, ExplicitSettingsWin) {
    AoiSettings settings;
    settings.cellSize = 7;
    settings.standardRadius = 9;
    settings.tickInterval = 3;
    settings.lazySuperView = true;
    settings.quadtreeCapacity = 2;
    settings.quadtreeMaxDepth = 4;
    settings.towerSize = 33;
    AoiConfig config = resolveAoiConfig(settings, 100, 100, 40);
    EXPECT_EQ(config.cellSize, 7);
    EXPECT_EQ(config.standardRadius, 9);
    EXPECT_EQ(config.tickInterval, 3);
    EXPECT_TRUE(config.lazySuperView);
    EXPECT_EQ(config.quadtreeCapacity, 2);
    EXPECT_EQ(config.quadtreeMaxDepth, 4);
    EXPECT_EQ(config.towerSize, 33);
}

TEST(AoiConfig, BadValuesNameTheirKey) {
    AoiSettings settings;
    settings.cellSize = 0;
    EXPECT_THROW(
        {
            try {
                resolveAoiConfig(settings, 100, 100);
            } catch (const InputError& error) {
                EXPECT_NE(std::string(error.what()).find("/aoi/cell_size"), std::string::npos) << error.what();
                throw;
            }
        },
        InputError);
    AoiSettings negative;
    negative.hysteresis = -1;
    EXPECT_THROW(resolveAoiConfig(negative, 100, 100), InputError);
    AoiSettings capacity;
    capacity.quadtreeCapacity = 0;
    EXPECT_THROW(resolveAoiConfig(capacity, 100, 100), InputError);
}

TEST(AoiConfig, TypicalRadiusIsTheMedian) {
    std::vector<Entity> entities(5);
    const double radii[] = {1, 100, 3, 4, 2};
    for (std::size_t i = 0; i < 5; ++i) entities[i].radius = radii[i];
    EXPECT_EQ(typicalRadius(entities), 3);
    EXPECT_EQ(typicalRadius({}), 0);
}

}  // namespace
}  // namespace aoilab
