// Replaying one operation at a time (scenario/replay_stream.h): the events of each operation are handed
// on before the next operation is applied, so aoilab-cli replay needs no memory for the run's events.
#include "scenario/replay_stream.h"

#include <algorithm>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "aoi/apply_op.h"

namespace aoilab {
namespace {

std::vector<ScriptOp> crowdThatSeesItself(int n) {
    std::vector<ScriptOp> ops;
    for (int i = 0; i < n; ++i) ops.push_back(ScriptOp{OpKind::Add, Entity{i, "", 1.0 + i % 7, 2.0 + i % 5, 50}});
    for (int i = 0; i < n; i += 3) {
        ScriptOp move{OpKind::Move, Entity{i, "", 90, 90, 0}};
        ops.push_back(move);
        ops.push_back(ScriptOp{OpKind::Tick, {}});
    }
    ops.push_back(ScriptOp{OpKind::Leave, Entity{1, "", 0, 0, 0}});
    return ops;
}

AoiConfig config() {
    AoiConfig c;
    c.worldWidth = c.worldHeight = 100;
    return c;
}

// A counting reader: when the stream hands operation k on, the system has applied exactly k + 1
// operations (a stream that ran the whole script first would show every entity at the first call),
// and the events are those of that operation alone, sorted.
TEST(OperationStream, HandsEachOperationsEventsOnBeforeTheNextIsApplied) {
    for (const char* method : {"brute", "crosslist", "grid", "quadtree", "tower"}) {
        std::vector<ScriptOp> ops = crowdThatSeesItself(40);
        std::unique_ptr<AoiSystem> streamed = makeAoiSystem(method, config());
        std::unique_ptr<AoiSystem> reference = makeAoiSystem(method, config());
        OperationStream stream(*streamed, ops);
        std::size_t calls = 0, events = 0, live = 0;
        while (stream.next()) {
            ASSERT_EQ(stream.op(), calls) << method;
            const ScriptOp& op = ops[calls];
            if (op.kind == OpKind::Add) ++live;
            if (op.kind == OpKind::Leave) --live;
            EXPECT_EQ(streamed->size(), live) << method << " operation " << calls;
            EventBuffer one;
            applyOperation(*reference, op, one);
            std::sort(one.events.begin(), one.events.end());
            EXPECT_EQ(stream.events(), one.events) << method << " operation " << calls;
            events += stream.events().size();
            ++calls;
        }
        EXPECT_EQ(calls, ops.size()) << method;
        EXPECT_GT(events, 40u * 39u) << method;  // everyone saw everyone
        EXPECT_FALSE(stream.next());
    }
}

TEST(ExpectedByOperation, GroupsAndSortsEventsByOperation) {
    std::vector<ExpectedEvent> expected = {
        {2, {AoiEventType::Leave, 1, 2}}, {0, {AoiEventType::Enter, 2, 1}}, {2, {AoiEventType::Enter, 3, 1}},
        {0, {AoiEventType::Enter, 1, 2}}, {4, {AoiEventType::Move, 1, 3}}};
    ExpectedByOperation byOp(expected, 5);
    std::vector<AoiEvent> op0(byOp.at(0).begin(), byOp.at(0).end());
    std::vector<AoiEvent> op2(byOp.at(2).begin(), byOp.at(2).end());
    EXPECT_EQ(op0, (std::vector<AoiEvent>{{AoiEventType::Enter, 1, 2}, {AoiEventType::Enter, 2, 1}}));
    EXPECT_EQ(op2, (std::vector<AoiEvent>{{AoiEventType::Enter, 3, 1}, {AoiEventType::Leave, 1, 2}}));
    EXPECT_TRUE(byOp.at(1).empty());
    EXPECT_TRUE(byOp.at(3).empty());
    ASSERT_EQ(byOp.at(4).size(), 1u);
    EXPECT_EQ(byOp.at(4)[0], (AoiEvent{AoiEventType::Move, 1, 3}));
    EXPECT_TRUE(byOp.at(5).empty());  // past the last operation
}

}  // namespace
}  // namespace aoilab
