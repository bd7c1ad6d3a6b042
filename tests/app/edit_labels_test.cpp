#include "app/edit_labels.h"

#include <gtest/gtest.h>

#include "app/strings.h"
#include "core/edit_history.h"
#include "core/world.h"

namespace aoilab::app {
namespace {

struct LanguageGuard {
    Language saved = language();
    ~LanguageGuard() { setLanguage(saved); }
};

TEST(EditLabels, TheHistorysLabelsReadInChinese) {
    LanguageGuard guard;
    World world;
    EditHistory history(world);
    Entity e;
    e.id = 4;
    e.x = 1;
    e.y = 2;
    e.radius = 3;
    history.addEntity(e);
    history.moveEntity(4, 5, 6);
    history.setRadius(4, 7);
    history.setObstacle({1, 1}, true);

    setLanguage(Language::Chinese);
    EXPECT_EQ(localizedEditLabel(history.undoLabel()), "画障碍");
    history.undo();
    EXPECT_EQ(localizedEditLabel(history.undoLabel()), "改变实体 4 的半径");
    history.undo();
    EXPECT_EQ(localizedEditLabel(history.undoLabel()), "移动实体 4");
    history.undo();
    EXPECT_EQ(localizedEditLabel(history.undoLabel()), "添加实体 4");
    EXPECT_EQ(localizedEditLabel("radius of entity 12"), "实体 12 的半径");
    EXPECT_EQ(localizedEditLabel("delete entity 9007199254740991"), "删除实体 9007199254740991");

    // English stays as the core wrote it; labels the table does not know pass through.
    setLanguage(Language::English);
    EXPECT_EQ(localizedEditLabel("move entity 4"), "move entity 4");
    setLanguage(Language::Chinese);
    EXPECT_EQ(localizedEditLabel("drag"), "drag");
    EXPECT_EQ(localizedEditLabel("move entity x"), "move entity x");
    EXPECT_EQ(localizedEditLabel("move entity "), "move entity ");
    EXPECT_EQ(localizedEditLabel(""), "");
}

}  // namespace
}  // namespace aoilab::app
