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
    EXPECT_EQ(localizedEditLabel(history.undoEdit()), "画障碍");
    history.undo();
    EXPECT_EQ(localizedEditLabel(history.undoEdit()), "改变实体 4 的半径");
    history.undo();
    EXPECT_EQ(localizedEditLabel(history.undoEdit()), "移动实体 4");
    history.undo();
    EXPECT_EQ(localizedEditLabel(history.undoEdit()), "添加实体 4");
    EXPECT_EQ(localizedEditLabel(EditLabel{EditLabel::Kind::EntityRadius, 12, {}}), "实体 12 的半径");
    EXPECT_EQ(localizedEditLabel(EditLabel{EditLabel::Kind::DeleteEntity, 9007199254740991, {}}), "删除实体 9007199254740991");

    // English reads exactly as the core's own text for every kind; custom labels pass through.
    setLanguage(Language::English);
    EXPECT_EQ(localizedEditLabel(EditLabel{EditLabel::Kind::MoveEntity, 4, {}}), "move entity 4");
    for (EditLabel::Kind kind : {EditLabel::Kind::AddEntity, EditLabel::Kind::DeleteEntity, EditLabel::Kind::MoveEntity,
                                 EditLabel::Kind::ResizeEntity, EditLabel::Kind::RenameEntity, EditLabel::Kind::RecolourEntity,
                                 EditLabel::Kind::EntityRadius, EditLabel::Kind::PaintObstacles, EditLabel::Kind::EraseObstacles}) {
        const EditLabel label{kind, 31, {}};
        EXPECT_EQ(localizedEditLabel(label), label.text());
    }
    setLanguage(Language::Chinese);
    EXPECT_EQ(localizedEditLabel(EditLabel{EditLabel::Kind::Custom, 0, "drag"}), "drag");
    EXPECT_EQ(localizedEditLabel(EditLabel{EditLabel::Kind::Custom, 0, "move entity x"}), "move entity x");
    EXPECT_EQ(localizedEditLabel(history.redoEdit()), "移动实体 4");  // redo mirrors undo
    history.undo();
    EXPECT_EQ(localizedEditLabel(history.undoEdit()), "");  // nothing left to undo
}

}  // namespace
}  // namespace aoilab::app
