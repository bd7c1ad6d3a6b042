#include "path/grid_map.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"

namespace aoilab {
namespace {

TEST(GridMap, FromRowsReadsTerrainTopLeftFirst) {
    GridMap map = GridMap::fromRows({".G@S", "OTW."}, "test");
    EXPECT_EQ(map.width(), 4);
    EXPECT_EQ(map.height(), 2);
    EXPECT_EQ(map.terrain(0, 0), '.');
    EXPECT_EQ(map.terrain(1, 0), 'G');
    EXPECT_EQ(map.terrain(2, 0), '@');
    EXPECT_EQ(map.terrain(0, 1), 'O');
    // . G S passable; @ O T W blocked
    EXPECT_TRUE(map.passable(0, 0));
    EXPECT_TRUE(map.passable(1, 0));
    EXPECT_FALSE(map.passable(2, 0));
    EXPECT_TRUE(map.passable(3, 0));
    EXPECT_FALSE(map.passable(0, 1));
    EXPECT_FALSE(map.passable(1, 1));
    EXPECT_FALSE(map.passable(2, 1));
    EXPECT_TRUE(map.passable(3, 1));
    EXPECT_EQ(map.passableCount(), 4);
    EXPECT_EQ(map.rows(), (std::vector<std::string>{".G@S", "OTW."}));
}

TEST(GridMap, OutsideIsNotPassable) {
    GridMap map(3, 2);
    EXPECT_FALSE(map.passable(-1, 0));
    EXPECT_FALSE(map.passable(3, 0));
    EXPECT_FALSE(map.passable(0, 2));
    EXPECT_TRUE(map.passable(2, 1));
    EXPECT_THROW(map.terrain(3, 0), InputError);
    EXPECT_THROW(map.setPassable(0, -1, false), InputError);
}

TEST(GridMap, BadRowsNameSourceRowAndColumn) {
    try {
        GridMap::fromRows({"...", "..", "..."}, "level.txt");
        FAIL() << "ragged rows accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("level.txt: row 2 has 2 cells, expected 3"), std::string::npos) << e.what();
    }
    try {
        GridMap::fromRows({"...", ".x."}, "level.txt");
        FAIL() << "unknown terrain accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("level.txt: row 2, column 2: unknown terrain 'x'"), std::string::npos)
            << e.what();
    }
}

TEST(GridMap, CostsDefaultToOneAndValidate) {
    GridMap map(4, 4);
    EXPECT_FALSE(map.hasWeights());
    EXPECT_EQ(map.cost(1, 1), 1.0);
    map.setCost(1, 1, 3.5);
    EXPECT_TRUE(map.hasWeights());
    EXPECT_EQ(map.cost(1, 1), 3.5);
    EXPECT_EQ(map.cost(2, 1), 1.0);
    EXPECT_THROW(map.setCost(1, 1, 0.5), InputError);  // below 1 would break the heuristics
    EXPECT_THROW(map.setCost(1, 1, 2e6), InputError);  // beyond kMaxCellCost
    EXPECT_THROW(map.setCost(1, 1, std::nan("")), InputError);
    EXPECT_THROW(map.setCost(4, 0, 2.0), InputError);
    map.setCost(1, 1, 1.0);
    EXPECT_FALSE(map.hasWeights());
    map.setCost(2, 2, 2.0);
    map.clearCosts();
    EXPECT_FALSE(map.hasWeights());
    EXPECT_EQ(map.cost(2, 2), 1.0);
}

TEST(GridMap, RevisionChangesOnEveryEditAndIsUniqueAcrossMaps) {
    GridMap a(3, 3);
    GridMap b(3, 3);
    EXPECT_NE(a.revision(), b.revision());
    const auto before = a.revision();
    a.setPassable(1, 1, false);
    EXPECT_NE(a.revision(), before);
    const auto afterBlock = a.revision();
    a.setCost(0, 0, 2.0);
    EXPECT_NE(a.revision(), afterBlock);
    GridMap copy = a;
    EXPECT_EQ(copy.revision(), a.revision());  // same content
    copy.setPassable(0, 0, false);
    EXPECT_NE(copy.revision(), a.revision());
}

TEST(GridMap, RejectsBadSizes) {
    EXPECT_THROW(GridMap(-1, 3), InputError);
    EXPECT_THROW(GridMap(3, GridMap::kMaxSide + 1), InputError);
    GridMap empty(0, 0);
    EXPECT_EQ(empty.cellCount(), 0);
}

}  // namespace
}  // namespace aoilab
