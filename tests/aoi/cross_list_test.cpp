// The classic cross-linked-list article's example, and the list's introspection data.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>

#include "aoi/cross_list.h"

namespace aoilab {
namespace {

enum : EntityId { A = 1, B, C, D, E, F };
const std::map<EntityId, std::string> kNames = {{A, "a"}, {B, "b"}, {C, "c"}, {D, "d"}, {E, "e"}, {F, "f"}};

AoiEvent ev(AoiEventType type, EntityId w, EntityId t) { return {type, w, t}; }
constexpr auto kEnter = AoiEventType::Enter;
constexpr auto kMove = AoiEventType::Move;
constexpr auto kLeave = AoiEventType::Leave;

std::vector<AoiEvent> sorted(std::vector<AoiEvent> events) {
    std::sort(events.begin(), events.end());
    return events;
}

std::string names(const std::vector<CrossListAoi::ListEntry>& entries) {
    std::string out;
    for (const auto& entry : entries) out += kNames.at(entry.id);
    return out;
}

class ArticleExample : public ::testing::Test {
protected:
    void SetUp() override {
        config.shape = ViewShape::Square;
        config.worldWidth = config.worldHeight = 10;
        list = std::make_unique<CrossListAoi>(config);
        list->add(A, {1, 5}, 2, sink);
        list->add(F, {6, 6}, 2, sink);
        list->add(C, {3, 1}, 2, sink);
        list->add(B, {2, 2}, 2, sink);
        list->add(E, {5, 3}, 2, sink);
        sink.events.clear();
    }
    AoiConfig config;
    std::unique_ptr<CrossListAoi> list;
    EventBuffer sink;
};

TEST_F(ArticleExample, AddMoveLeaveOfD) {
    list->add(D, {3, 3}, 2, sink);
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{ev(kEnter, A, D), ev(kEnter, B, D), ev(kEnter, C, D),
                                                          ev(kEnter, D, A), ev(kEnter, D, B), ev(kEnter, D, C),
                                                          ev(kEnter, D, E), ev(kEnter, E, D)}));
    std::vector<EntityId> view;
    list->viewOf(D, view);
    std::sort(view.begin(), view.end());
    EXPECT_EQ(view, (std::vector<EntityId>{A, B, C, E}));  // not f

    std::vector<CrossListAoi::ListEntry> order;
    list->xOrder(order);
    EXPECT_EQ(names(order), "abcdef");
    list->yOrder(order);
    EXPECT_EQ(names(order), "cbedaf");

    sink.events.clear();
    list->move(D, {4, 4}, sink);
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{ev(kEnter, D, F), ev(kEnter, F, D), ev(kMove, B, D),
                                                          ev(kMove, E, D), ev(kLeave, A, D), ev(kLeave, C, D),
                                                          ev(kLeave, D, A), ev(kLeave, D, C)}));
    list->xOrder(order);
    EXPECT_EQ(names(order), "abcdef");  // x 3 -> 4 stays between c (3) and e (5)
    list->yOrder(order);
    EXPECT_EQ(names(order), "cbedaf");  // y 3 -> 4 stays between e (3) and a (5)

    sink.events.clear();
    list->remove(D, sink);
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{ev(kLeave, B, D), ev(kLeave, E, D), ev(kLeave, F, D)}));
    list->xOrder(order);
    EXPECT_EQ(names(order), "abcef");
    EXPECT_EQ(list->size(), 5u);
}

TEST_F(ArticleExample, TheWalkOfAddingDIsExplained) {
    list->add(D, {3, 3}, 2, sink);
    EXPECT_EQ(list->lastEntity(), D);
    // Left of d on the x list: c, b, a are all within 2 on x, then the list ends.
    // Right: e (x 5) is within, f (x 6) stops the walk.
    const auto& visits = list->lastVisits();
    std::string visited;
    for (const auto& visit : visits) visited += kNames.at(visit.id);
    EXPECT_EQ(visited, "cbaef");
    for (const auto& visit : visits) {
        EXPECT_EQ(visit.inRangeX, visit.id != F) << kNames.at(visit.id);
        EXPECT_EQ(visit.inRangeY, visit.id != F) << kNames.at(visit.id);  // f's y is 6, 3 from d's
    }
    const auto& walks = list->lastWalks();
    ASSERT_EQ(walks.size(), 2u);
    EXPECT_EQ(walks[0].direction, -1);
    EXPECT_EQ(walks[0].nodes, 3);
    EXPECT_FALSE(walks[0].stopped);
    EXPECT_EQ(CrossListAoi::describe(walks[0]), "walked 3 nodes left on the x list to its end");
    EXPECT_EQ(walks[1].direction, +1);
    EXPECT_EQ(walks[1].nodes, 1);
    EXPECT_TRUE(walks[1].stopped);
    EXPECT_EQ(walks[1].stopId, F);
    EXPECT_EQ(CrossListAoi::describe(walks[1]), "walked 1 node right on the x list until x - 3 > 2");
    EXPECT_EQ(list->lastOperation().visited, 5u + static_cast<std::uint64_t>(list->lastRelink().xSteps +
                                                                               list->lastRelink().ySteps));
}

// The nodes a walk visits are real, live nodes near the entity, in walk order, and the walk visits
// exactly the nodes within the reach on x plus at most one stopping node per side.
TEST(CrossListIntrospection, VisitsAreTheNearbyNodesInWalkOrder) {
    AoiConfig config;
    config.shape = ViewShape::Circle;
    config.worldWidth = config.worldHeight = 1000;
    CrossListAoi list(config);
    NullSink sink;
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> coordinate(0, 1000);
    std::map<EntityId, Vec2> where;
    for (EntityId id = 0; id < 2000; ++id) {
        Vec2 p{coordinate(rng), coordinate(rng)};
        where[id] = p;
        list.add(id, p, id == 7 ? 40 : 20, sink);
    }
    for (int step = 0; step < 50; ++step) {
        EntityId id = static_cast<EntityId>(rng() % 2000);
        Vec2 p{coordinate(rng), coordinate(rng)};
        where[id] = p;
        list.move(id, p, sink);
        double reach = list.maxRadius();
        EXPECT_EQ(reach, 40);
        std::size_t inBand = 0;
        for (const auto& [other, q] : where)
            if (other != id && std::fabs(q.x - p.x) <= reach) ++inBand;
        std::size_t inX = 0;
        for (const auto& visit : list.lastVisits()) {
            ASSERT_TRUE(where.count(visit.id));
            EXPECT_EQ(where[visit.id], visit.position);
            EXPECT_NE(visit.id, id);
            EXPECT_EQ(visit.inRangeX, std::fabs(visit.position.x - p.x) <= reach);
            EXPECT_EQ(visit.inRangeY, std::fabs(visit.position.y - p.y) <= reach);
            if (visit.inRangeX) ++inX;
        }
        EXPECT_EQ(inX, inBand);
        EXPECT_LE(list.lastVisits().size(), inBand + 2);
        const auto& walks = list.lastWalks();
        ASSERT_EQ(walks.size(), 2u);
        EXPECT_EQ(static_cast<std::size_t>(walks[0].nodes + walks[1].nodes), inBand);
        // Left visits come first, in decreasing x; right visits in increasing x.
        const auto& visits = list.lastVisits();
        std::size_t leftCount = static_cast<std::size_t>(walks[0].nodes) + (walks[0].stopped ? 1 : 0);
        for (std::size_t i = 1; i < leftCount; ++i) EXPECT_LE(visits[i].position.x, visits[i - 1].position.x);
        for (std::size_t i = leftCount + 1; i < visits.size(); ++i)
            EXPECT_GE(visits[i].position.x, visits[i - 1].position.x);
    }
    // The lists stay sorted and hold every entity once.
    std::vector<CrossListAoi::ListEntry> order;
    list.xOrder(order);
    ASSERT_EQ(order.size(), 2000u);
    for (std::size_t i = 1; i < order.size(); ++i) EXPECT_LE(order[i - 1].position.x, order[i].position.x);
    list.yOrder(order);
    ASSERT_EQ(order.size(), 2000u);
    for (std::size_t i = 1; i < order.size(); ++i) EXPECT_LE(order[i - 1].position.y, order[i].position.y);
}

// Teleports use the bucket index: the relink cost stays small however far the jump is.
TEST(CrossListIntrospection, TeleportsFindTheirPlaceThroughTheIndex) {
    AoiConfig config;
    config.worldWidth = config.worldHeight = 10000;
    CrossListAoi list(config);
    NullSink sink;
    for (EntityId id = 0; id < 5000; ++id) list.add(id, {id * 2.0, 10000 - id * 2.0}, 1, sink);
    list.move(0, {9999, 1}, sink);
    EXPECT_TRUE(list.lastRelink().xUsedIndex);
    EXPECT_LT(list.lastRelink().xSteps, 20);
    EXPECT_LT(list.lastRelink().ySteps, 20);
    list.move(0, {9999.5, 1}, sink);  // a short hop walks from the node itself
    EXPECT_FALSE(list.lastRelink().xUsedIndex);
    std::vector<CrossListAoi::ListEntry> order;
    list.xOrder(order);
    EXPECT_EQ(order.back().id, 0);
    list.yOrder(order);
    EXPECT_EQ(order.front().id, 0);
}

}  // namespace
}  // namespace aoilab
