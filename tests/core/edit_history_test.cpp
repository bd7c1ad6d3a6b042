#include "core/edit_history.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace aoilab {
namespace {

Entity makeEntity(EntityId id, double x, double y) { return Entity{id, "e" + std::to_string(id), x, y, 5, 0}; }

TEST(EditHistory, UndoesAndRedoesEveryKindOfEdit) {
    World world(100, 100);
    EditHistory history(world);
    history.addEntity(makeEntity(1, 10, 10));
    history.addEntity(makeEntity(2, 20, 20));
    history.addEntity(makeEntity(3, 30, 30));
    std::vector<World> states{world};
    history.moveEntity(1, 50, 60);
    states.push_back(world);
    history.setRadius(2, 9);
    states.push_back(world);
    history.setName(3, "renamed");
    states.push_back(world);
    history.setColor(3, 0x112233ff);
    states.push_back(world);
    history.setObstacle({4, 4}, true);
    states.push_back(world);
    history.removeEntity(2);  // from the middle: undo must put it back in place
    states.push_back(world);

    for (std::size_t i = states.size() - 1; i > 0; --i) {
        history.undo();
        EXPECT_TRUE(world == states[i - 1]) << "after undoing step " << i;
    }
    for (std::size_t i = 1; i < states.size(); ++i) {
        history.redo();
        EXPECT_TRUE(world == states[i]) << "after redoing step " << i;
    }
}

TEST(EditHistory, ADragIsOneUndoStep) {
    World world(100, 100);
    EditHistory history(world);
    history.addEntity(makeEntity(1, 10, 10));
    history.beginGroup("drag");
    for (int step = 1; step <= 20; ++step) history.moveEntity(1, 10 + step, 10);
    history.endGroup();
    EXPECT_EQ(world.find(1)->x, 30);
    EXPECT_EQ(history.undoLabel(), "drag");
    history.undo();
    EXPECT_EQ(world.find(1)->x, 10);
    history.redo();
    EXPECT_EQ(world.find(1)->x, 30);
}

TEST(EditHistory, InvalidEditsRecordNothing) {
    World world(100, 100);
    EditHistory history(world);
    history.addEntity(makeEntity(1, 10, 10));
    EXPECT_THROW(history.moveEntity(1, 200, 10), InputError);
    EXPECT_THROW(history.addEntity(makeEntity(1, 1, 1)), InputError);
    EXPECT_THROW(history.setRadius(7, 1), InputError);
    EXPECT_EQ(history.undoLabel(), "add entity 1");
    history.setObstacle({1, 1}, false);  // already free: nothing to record
    EXPECT_EQ(history.undoLabel(), "add entity 1");
}

TEST(EditHistory, ANewEditDropsTheRedoBranch) {
    World world(100, 100);
    EditHistory history(world);
    history.addEntity(makeEntity(1, 10, 10));
    history.moveEntity(1, 20, 20);
    history.undo();
    EXPECT_TRUE(history.canRedo());
    history.moveEntity(1, 30, 30);
    EXPECT_FALSE(history.canRedo());
    history.undo();
    EXPECT_EQ(world.find(1)->x, 10);
}

TEST(EditHistory, RevisionChangesOnEveryEditUndoAndRedo) {
    World world(100, 100);
    EditHistory history(world);
    auto revision = history.revision();
    history.addEntity(makeEntity(1, 10, 10));
    EXPECT_GT(history.revision(), revision);
    revision = history.revision();
    history.undo();
    EXPECT_GT(history.revision(), revision);
}

}  // namespace
}  // namespace aoilab
