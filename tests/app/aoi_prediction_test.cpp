// The AOI exercise's guess (who is told what about the operation's entity) and its answer.
#include <gtest/gtest.h>

#include "app/modes/aoi/aoi_prediction.h"

namespace aoilab::app {
namespace {

TEST(AoiPrediction, ClicksCycleEnterMoveLeaveAndClear) {
    AoiPrediction p;
    p.cycle(3);  // no subject yet: nothing to predict
    EXPECT_TRUE(p.marks().empty());
    p.setSubject(4);
    p.cycle(4);  // the subject itself is not asked about
    p.cycle(2);
    p.cycle(5);
    p.cycle(5);
    EXPECT_EQ(p.text(), "2 enter, 5 move");
    p.cycle(5);
    EXPECT_EQ(p.text(), "2 enter, 5 leave");
    p.cycle(5);
    EXPECT_EQ(p.text(), "2 enter");
    p.setSubject(4);  // the same operation: the marks stay
    EXPECT_EQ(p.text(), "2 enter");
    p.setSubject(6);  // the next operation: a fresh guess
    EXPECT_TRUE(p.marks().empty());
}

TEST(AoiPrediction, TheAnswerIsWhoIsToldAboutTheSubjectOnly) {
    std::vector<AoiEvent> events = {{AoiEventType::Enter, 2, 4}, {AoiEventType::Enter, 4, 2},  // d sees b: not asked
                                    {AoiEventType::Leave, 6, 4}, {AoiEventType::Move, 1, 4}, {AoiEventType::Enter, 3, 5}};
    auto told = AoiPrediction::toldAbout(events, 4);
    EXPECT_EQ(AoiPrediction::describe(told), "1 move, 2 enter, 6 leave");
    EXPECT_TRUE(AoiPrediction::toldAbout(events, 9).empty());
    EXPECT_EQ(AoiPrediction::describe({}), "");
}

}  // namespace
}  // namespace aoilab::app
