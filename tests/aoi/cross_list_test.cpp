// The classic cross-linked-list article's example, and the list's introspection data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>
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
    // visited = list nodes only: placing d plus the range walk's 5 reads (c, b, a; e, f).
    EXPECT_EQ(list->lastCosts().walkNodes, 5u);
    EXPECT_EQ(list->lastOperation().visited, 5u + list->lastCosts().relinkNodes);
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
    EXPECT_EQ(list.lastRelink().x.way, AxisList::Placement::BucketIndex);
    EXPECT_LT(list.lastRelink().x.cost.nodes + list.lastRelink().x.cost.buckets, 20);
    EXPECT_LT(list.lastRelink().y.cost.nodes + list.lastRelink().y.cost.buckets, 20);
    // Walking from the head, as the article does, would have read all 4,999 other nodes on x.
    EXPECT_EQ(list.lastRelink().x.otherWay.nodes, 4999);
    list.move(0, {9999.5, 1}, sink);  // a short hop walks from the node itself
    EXPECT_EQ(list.lastRelink().x.way, AxisList::Placement::Neighbours);
    std::vector<CrossListAoi::ListEntry> order;
    list.xOrder(order);
    EXPECT_EQ(order.back().id, 0);
    list.yOrder(order);
    EXPECT_EQ(order.front().id, 0);
}

// The counters of the article's whole run (a, f, c, b, e arrive; d arrives at (3, 3), moves to (4, 4)
// and leaves; every radius 2, so the range walk reaches 2), computed by hand for both insertions.
// A list node counts once per read, the node where a walk stops included; index buckets count apart.
//
// Walking from the head (the article). "reads" = nodes passed + the node that stops the walk:
//   op           x list (before)       x reads   y list (before)       y reads   range walk reads
//   add a(1,5)   -                     0         -                     0         0
//   add f(6,6)   a1                    1 (a)     a5                    1 (a)     1 (left: a, 5 > 2)
//   add c(3,1)   a1 f6                 2 (a; f)  a5 f6                 1 (; a)   2 (a, end; f stops)
//   add b(2,2)   a1 c3 f6              2 (a; c)  c1 a5 f6              2 (c; a)  3 (a, end; c, f stops)
//   add e(5,3)   a1 b2 c3 f6           4 (abc;f) c1 b2 a5 f6           3 (cb; a) 3 (c, b stops; f, end)
//   add d(3,3)   a1 b2 c3 e5 f6        4 (abc;e) c1 b2 e3 a5 f6        4 (cbe;a) 5 (c, b, a, end; e, f stops)
//   move d(4,4)  (d unlinked) same     4 (abc;e) same                  4 (cbe;a) 5 (c, b, a stops; e, f, end)
//   leave d      unlinked: no walk     0                               0         0
//   relink nodes 0+2+3+4+7+8+8 = 32, range walk 0+1+2+3+3+5+5 = 19, visited 51, buckets 0.
//
// Through the bucket index: 64 buckets over [0, 10], bucket = floor(6.4 * key): keys 1 2 3 4 5 6 fall
// in buckets 6 12 19 25 32 38. A lookup probes the key's bucket; an empty one sends it on, bucket by
// bucket, to the next non-empty one, whose first node it reads; a non-empty one is walked from its first
// node (read, then each next node until one is bigger, read too).
//   add a: x 6, empty to the end: 58 buckets; y 32: 32 buckets                      nodes 0, buckets 90
//   add f: x 38: 26 buckets; y 38: 26 buckets                                        nodes 0, buckets 52
//   add c: x 19..38 (f read): 20 buckets, 1 node; y 6..32 (a read): 27, 1           nodes 2, buckets 47
//   add b: x 12..19 (c read): 8, 1; y 12..32 (a read): 21, 1                         nodes 2, buckets 29
//   add e: x 32..38 (f read): 7, 1; y 19..32 (a read): 14, 1                         nodes 2, buckets 21
//   add d: x 19 holds c: read c, e stops: 1, 2; y 19 holds e: read e, a stops: 1, 2  nodes 4, buckets 2
//   move d: a hop of 1 (1 x 6 / 10 < 8 nodes expected) walks from its old neighbours:
//           x from c: c, e stops: 2; y from e: e, a stops: 2                         nodes 4, buckets 0
//   relink nodes 14, buckets 241, range walk 19 (the same walk), visited 33.
//
// The other way, computed by the engine next to the one that ran:
//   head run: the index's costs of the adds (nodes 10, buckets 241) plus, for the move (d unlinked),
//     x 25..32 (e read): 8 buckets, 1 node and y 25..32 (a read): 8, 1: nodes 12, buckets 257 in all;
//   index run: the head walks: adds 0+2+3+4+7+8 = 24, move 8: nodes 32, buckets 0.
struct RunCosts {
    std::vector<std::uint64_t> visited;  // per operation
    CrossListAoi::Costs total;
    std::uint64_t totalVisited = 0;
};

RunCosts runArticle(bool fromHead) {
    AoiConfig config;
    config.shape = ViewShape::Square;
    config.worldWidth = config.worldHeight = 10;
    config.insertFromHead = fromHead;
    CrossListAoi list(config);
    NullSink sink;
    RunCosts run;
    auto note = [&] { run.visited.push_back(list.lastOperation().visited); };
    list.add(A, {1, 5}, 2, sink), note();
    list.add(F, {6, 6}, 2, sink), note();
    list.add(C, {3, 1}, 2, sink), note();
    list.add(B, {2, 2}, 2, sink), note();
    list.add(E, {5, 3}, 2, sink), note();
    list.add(D, {3, 3}, 2, sink), note();
    list.move(D, {4, 4}, sink), note();
    list.remove(D, sink), note();
    run.total = list.totalCosts();
    run.totalVisited = list.total().visited;
    return run;
}

TEST(CrossListCounters, TheArticleRunWalkingFromTheHead) {
    RunCosts run = runArticle(true);
    EXPECT_EQ(run.visited, (std::vector<std::uint64_t>{0, 3, 5, 7, 10, 13, 13, 0}));
    EXPECT_EQ(run.total.relinkNodes, 32u);
    EXPECT_EQ(run.total.walkNodes, 19u);
    EXPECT_EQ(run.total.bucketsProbed, 0u);
    EXPECT_EQ(run.totalVisited, 51u);
    EXPECT_EQ(run.total.otherRelinkNodes, 12u);
    EXPECT_EQ(run.total.otherBucketsProbed, 257u);
}

TEST(CrossListCounters, TheArticleRunThroughTheBucketIndex) {
    RunCosts run = runArticle(false);
    EXPECT_EQ(run.visited, (std::vector<std::uint64_t>{0, 1, 4, 5, 5, 9, 9, 0}));
    EXPECT_EQ(run.total.relinkNodes, 14u);
    EXPECT_EQ(run.total.walkNodes, 19u);
    EXPECT_EQ(run.total.bucketsProbed, 241u);
    EXPECT_EQ(run.totalVisited, 33u);  // list nodes only: the buckets are never mixed in
    EXPECT_EQ(run.total.otherRelinkNodes, 32u);
    EXPECT_EQ(run.total.otherBucketsProbed, 0u);
}

// Adding d from the head passes a, b, c on x and c, b, e on y, and names them.
TEST_F(ArticleExample, WalkingFromTheHeadNamesTheNodesPassed) {
    config.insertFromHead = true;
    list = std::make_unique<CrossListAoi>(config);
    list->add(A, {1, 5}, 2, sink);
    list->add(F, {6, 6}, 2, sink);
    list->add(C, {3, 1}, 2, sink);
    list->add(B, {2, 2}, 2, sink);
    list->add(E, {5, 3}, 2, sink);
    list->add(D, {3, 3}, 2, sink);
    const CrossListAoi::Relink& relink = list->lastRelink();
    EXPECT_EQ(relink.x.way, AxisList::Placement::FromHead);
    EXPECT_EQ(relink.x.passed, 3);
    EXPECT_EQ(relink.x.passedIds, (std::vector<EntityId>{A, B, C}));
    EXPECT_EQ(relink.x.stopId, E);
    EXPECT_EQ(relink.y.passedIds, (std::vector<EntityId>{C, B, E}));
    EXPECT_EQ(relink.y.stopId, A);
    // The head walk and the index walk find the same place: the lists are the same either way.
    std::vector<CrossListAoi::ListEntry> order;
    list->xOrder(order);
    EXPECT_EQ(names(order), "abcdef");
    list->yOrder(order);
    EXPECT_EQ(names(order), "cbedaf");
}

// Whatever the insertion, the lists stay sorted and the events are the same (random adds and moves).
TEST(CrossListCounters, BothInsertionsKeepTheSameListsAndEvents) {
    AoiConfig config;
    config.worldWidth = config.worldHeight = 100;
    AoiConfig head = config;
    head.insertFromHead = true;
    CrossListAoi byIndex(config), byHead(head);
    EventBuffer a, b;
    std::mt19937 random(7);
    std::uniform_real_distribution<double> coordinate(0, 100);
    for (EntityId id = 0; id < 200; ++id) {
        Vec2 p{std::floor(coordinate(random)), std::floor(coordinate(random))};  // many equal keys
        byIndex.add(id, p, 5, a);
        byHead.add(id, p, 5, b);
    }
    for (int step = 0; step < 500; ++step) {
        EntityId id = static_cast<EntityId>(random() % 200);
        Vec2 p{std::floor(coordinate(random)), std::floor(coordinate(random))};
        byIndex.move(id, p, a);
        byHead.move(id, p, b);
    }
    EXPECT_EQ(sorted(a.events), sorted(b.events));
    std::vector<CrossListAoi::ListEntry> x1, x2;
    byIndex.xOrder(x1);
    byHead.xOrder(x2);
    ASSERT_EQ(x1.size(), x2.size());
    for (std::size_t i = 0; i < x1.size(); ++i) EXPECT_EQ(x1[i].position.x, x2[i].position.x);
    for (std::size_t i = 1; i < x2.size(); ++i) EXPECT_LE(x2[i - 1].position.x, x2[i].position.x);
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The head walk a link or relocate did not take, priced from the ranks of the keys (O(log n)), costs
// exactly what walking it costs (O(n)): random links, unlinks, short and long moves, with repeated keys.
TEST(AxisListRanks, TheHeadWalkPricedByRankEqualsWalkingIt) {
    for (bool fromHead : {false, true}) {
        AxisList walked(100), ranked(100);
        ranked.setRanked(true);
        std::mt19937 rng(fromHead ? 3 : 4);
        std::uniform_int_distribution<int> slotOf(0, 199), roll(0, 9);
        std::uniform_int_distribution<int> coarse(0, 40);  // few distinct keys: many ties
        std::uniform_real_distribution<double> fine(0, 100);
        std::vector<bool> linked(200, false);
        for (int step = 0; step < 5000; ++step) {
            Slot s = slotOf(rng);
            double key = roll(rng) < 5 ? coarse(rng) * 2.5 : fine(rng);
            AxisList::PlaceCost otherWalked, otherRanked;
            if (!linked[static_cast<std::size_t>(s)]) {
                auto a = walked.link(s, key, 0, fromHead, &otherWalked);
                auto b = ranked.link(s, key, 0, fromHead, &otherRanked);
                ASSERT_EQ(a, b) << "step " << step;
                linked[static_cast<std::size_t>(s)] = true;
            } else if (roll(rng) < 2) {
                walked.unlink(s);
                ranked.unlink(s);
                linked[static_cast<std::size_t>(s)] = false;
                continue;
            } else {
                AxisList::Placement usedWalked, usedRanked;
                auto a = walked.relocate(s, key, 0, fromHead, usedWalked, &otherWalked);
                auto b = ranked.relocate(s, key, 0, fromHead, usedRanked, &otherRanked);
                ASSERT_EQ(a, b) << "step " << step;
                ASSERT_EQ(usedWalked, usedRanked);
            }
            ASSERT_EQ(otherWalked, otherRanked) << "step " << step << ", key " << key << ", from head " << fromHead;
        }
        EXPECT_TRUE(ranked.ranked());
        EXPECT_FALSE(walked.ranked());
    }
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The unrolled list and both relation modes against brute force on long random scripts with hundreds
// of entities (so chunks split, merge and are compacted, and the slots are renumbered): tracing off
// (positional relations without hysteresis), on (stored), and switched in the middle of a run.
struct CrossListScript {
    ViewShape shape;
    double hysteresis;
    int switchTracingAt;  // -1: never; else the operation at which tracing flips
    bool tracingAtStart;
};

void runAgainstBruteForce(const CrossListScript& script, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto below = [&](std::uint64_t n) { return rng() % n; };
    auto unit = [&] { return static_cast<double>(rng() >> 11) * (1.0 / 9007199254740992.0); };
    AoiConfig config;
    config.shape = script.shape;
    config.hysteresis = script.hysteresis;
    config.worldWidth = 200;
    config.worldHeight = 150;
    auto coordinate = [&](double extent) {
        switch (below(8)) {
            case 0: return 0.0;
            case 1: return extent;
            case 2: case 3: return static_cast<double>(below(static_cast<std::uint64_t>(extent) + 1));  // ties
            default: return unit() * extent;
        }
    };
    // Odd seeds have some radii bigger than the world (then every walk spans the list); even seeds
    // keep the reach small, so teleports leave bands apart from their old ones.
    const bool huge = seed % 2 == 1;
    auto radius = [&] {
        switch (below(12)) {
            case 0: return 0.0;
            case 1: return huge ? 500.0 : 1.0;
            default: return static_cast<double>(2 + below(12));
        }
    };
    std::unique_ptr<AoiSystem> brute = makeAoiSystem("brute", config);
    CrossListAoi list(config);
    list.setTracing(script.tracingAtStart);
    struct Live {
        EntityId id;
        Vec2 p;
    };
    std::vector<Live> live;
    EntityId nextId = 0;
    EventBuffer expected, actual;
    const int population = 150 + static_cast<int>(below(400));
    for (int op = 0; op < 6000; ++op) {
        if (op == script.switchTracingAt) list.setTracing(!script.tracingAtStart);
        expected.events.clear();
        actual.events.clear();
        std::uint64_t roll = below(100);
        std::string what;
        if (live.empty() || (roll < 20 && static_cast<int>(live.size()) < population) || op < population / 2) {
            Live e{nextId++, {coordinate(config.worldWidth), coordinate(config.worldHeight)}};
            double r = radius();
            what = "add";
            brute->add(e.id, e.p, r, expected);
            list.add(e.id, e.p, r, actual);
            live.push_back(e);
        } else {
            std::size_t k = below(live.size());
            Live& e = live[k];
            if (roll < 26) {
                what = "remove";
                brute->remove(e.id, expected);
                list.remove(e.id, actual);
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
            } else if (roll < 32) {
                what = "radius";
                double r = radius();
                brute->setRadius(e.id, r, expected);
                list.setRadius(e.id, r, actual);
            } else {
                what = "move";
                if (roll < 85) {  // a walking step, half units keep exact ties
                    e.p.x = std::clamp(e.p.x + std::round((unit() * 16 - 8) * 2) / 2, 0.0, config.worldWidth);
                    e.p.y = std::clamp(e.p.y + std::round((unit() * 16 - 8) * 2) / 2, 0.0, config.worldHeight);
                } else {
                    e.p = {coordinate(config.worldWidth), coordinate(config.worldHeight)};
                }
                brute->move(e.id, e.p, expected);
                list.move(e.id, e.p, actual);
            }
        }
        ASSERT_EQ(sorted(expected.events), sorted(actual.events)) << what << " at op " << op << ", seed " << seed;
        ASSERT_EQ(list.size(), brute->size());
        if (op % 1500 == 1499 || op == 5999) {
            std::vector<EntityId> want, got;
            for (const Live& e : live) {
                brute->viewOf(e.id, want);
                list.viewOf(e.id, got);
                std::sort(want.begin(), want.end());
                std::sort(got.begin(), got.end());
                ASSERT_EQ(want, got) << "viewOf " << e.id << " at op " << op << ", seed " << seed;
                brute->watchersOf(e.id, want);
                list.watchersOf(e.id, got);
                std::sort(want.begin(), want.end());
                std::sort(got.begin(), got.end());
                ASSERT_EQ(want, got) << "watchersOf " << e.id << " at op " << op << ", seed " << seed;
            }
        }
    }
    // The lists hold every live entity once, sorted.
    std::vector<CrossListAoi::ListEntry> order;
    list.xOrder(order);
    ASSERT_EQ(order.size(), live.size());
    for (std::size_t i = 1; i < order.size(); ++i) EXPECT_LE(order[i - 1].position.x, order[i].position.x);
    list.yOrder(order);
    ASSERT_EQ(order.size(), live.size());
    for (std::size_t i = 1; i < order.size(); ++i) EXPECT_LE(order[i - 1].position.y, order[i].position.y);
}

TEST(CrossListAgainstBruteForce, PositionalRelationsWithTracingOff) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle})
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            runAgainstBruteForce({shape, 0, -1, false}, seed);
            if (HasFatalFailure()) return;
        }
}

TEST(CrossListAgainstBruteForce, StoredRelationsWithTracingOnOrHysteresis) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle})
        for (std::uint64_t seed = 11; seed <= 13; ++seed) {
            runAgainstBruteForce({shape, 0, -1, true}, seed);
            runAgainstBruteForce({shape, 1.5, -1, false}, seed);
            if (HasFatalFailure()) return;
        }
}

TEST(CrossListAgainstBruteForce, SwitchingTracingRebuildsTheRelations) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle})
        for (std::uint64_t seed = 21; seed <= 23; ++seed) {
            runAgainstBruteForce({shape, 0, 2500, false}, seed);
            runAgainstBruteForce({shape, 0, 2500, true}, seed);
            if (HasFatalFailure()) return;
        }
}

// Tracing off: the relations are positional (nothing stored per relation) and a move covers its old
// place; the walk around the new place is still the article's walk, and the nodes read for the old
// place are counted in walkNodes and apart.
TEST(CrossListPositional, AMoveAlsoReadsTheOldPlaceAndCountsIt) {
    AoiConfig config;
    config.shape = ViewShape::Square;
    config.worldWidth = config.worldHeight = 100;
    CrossListAoi list(config);
    EXPECT_TRUE(list.storesRelations());
    list.setTracing(false);
    EXPECT_FALSE(list.storesRelations());
    NullSink sink;
    // x: 10 20 30 40 50 (ids 1..5, y 50), radius 10; the walker (id 0) at (30, 50).
    for (EntityId id = 1; id <= 5; ++id) list.add(id, {10.0 * static_cast<double>(id), 50}, 10, sink);
    list.add(0, {30, 50}, 10, sink);
    EventBuffer events;
    list.move(0, {35, 50}, events);  // new band [25, 45]: 30, 40; old band [20, 40] adds 20
    ASSERT_EQ(list.lastWalks().size(), 2u);
    EXPECT_EQ(list.lastWalks()[0].nodes, 1);  // left: 30, then 20 stops
    EXPECT_EQ(list.lastWalks()[1].nodes, 1);  // right: 40, then 50 stops
    // Read on past 20 (within 10 of 30): 10 stops. One more node, for the old place only.
    EXPECT_EQ(list.lastCosts().oldPlaceNodes, 1u);
    EXPECT_EQ(list.lastCosts().walkNodes, 5u);
    // 20 saw the walker at 30 and no longer does at 35: its leave needs the old place's candidates.
    EXPECT_EQ(sorted(events.events), (std::vector<AoiEvent>{ev(kMove, 3, 0), ev(kMove, 4, 0), ev(kLeave, 0, 2),
                                                             ev(kLeave, 2, 0)}));
    // A teleport walks its old band before it leaves: 20 and 40 (both stops at 10, 50) around 30.
    events.events.clear();
    list.move(0, {90, 50}, events);
    EXPECT_EQ(list.lastCosts().oldPlaceNodes, 4u);  // around 35: 30, then 20 stops; 40, then 50 stops
    EXPECT_EQ(sorted(events.events), (std::vector<AoiEvent>{ev(kLeave, 0, 3), ev(kLeave, 0, 4), ev(kLeave, 3, 0),
                                                             ev(kLeave, 4, 0)}));
    events.events.clear();
    list.remove(3, events);  // 3 (at 30) is seen by 2 and 4: found by a walk
    EXPECT_EQ(sorted(events.events), (std::vector<AoiEvent>{ev(kLeave, 2, 3), ev(kLeave, 4, 3)}));
    EXPECT_GT(list.lastCosts().walkNodes, 0u);
}

// Tracing off, a teleport whose bands are apart decides each candidate in its own loop (old band: leave
// events, new band: enter events). Entities on integer points with integer radii put many candidates
// exactly on the edge of a view; bands of some 400 entries span several chunks, so the scan's blocks
// are clipped at both ends. The events must be brute force's, for both shapes.
TEST(CrossListPositional, TeleportsAgreeWithBruteForceOnTheEdgesOfViews) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle}) {
        AoiConfig config;
        config.shape = shape;
        config.worldWidth = config.worldHeight = 100;
        std::unique_ptr<AoiSystem> brute = makeAoiSystem("brute", config);
        CrossListAoi list(config);
        list.setTracing(false);
        NullSink none;
        EntityId id = 0;
        for (int x = 0; x < 100; x += 2)
            for (int y = 0; y < 100; y += 3, ++id) {
                const double radius = id % 3 == 0 ? 5 : 3;
                brute->add(id, {static_cast<double>(x), static_cast<double>(y)}, radius, none);
                list.add(id, {static_cast<double>(x), static_cast<double>(y)}, radius, none);
            }
        std::mt19937_64 rng(7);
        for (int jump = 0; jump < 400; ++jump) {
            const EntityId who = static_cast<EntityId>(rng() % static_cast<std::uint64_t>(id));
            const Vec2 to{static_cast<double>(rng() % 101), static_cast<double>(rng() % 101)};
            EventBuffer expected, actual;
            brute->move(who, to, expected);
            list.move(who, to, actual);
            ASSERT_EQ(sorted(expected.events), sorted(actual.events)) << "jump " << jump << " of " << who;
        }
    }
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

void expectSameWalks(const std::vector<CrossListAoi::Walk>& a, const std::vector<CrossListAoi::Walk>& b,
                     const std::string& where) {
    ASSERT_EQ(a.size(), b.size()) << where;
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].direction, b[i].direction) << where;
        EXPECT_EQ(a[i].nodes, b[i].nodes) << where;
        EXPECT_EQ(a[i].stopped, b[i].stopped) << where;
        EXPECT_EQ(a[i].stopId, b[i].stopId) << where;
        EXPECT_EQ(a[i].stopKey, b[i].stopKey) << where;
    }
}

// A bulk build's adds (into an empty list, not recording) are priced as one run when it ends: the head
// walks it did not take total what pricing each add by rank gives, on many equal coordinates too, and the
// ranks rebuilt at the end price the operations after it as before.
TEST(CrossListIntrospection, AddsPricedInBulkTotalWhatPricingEachGives) {
    for (int world : {40, 5000}) {  // 40: mostly equal coordinates
        AoiConfig config;
        config.worldWidth = config.worldHeight = world;
        CrossListAoi each(config), bulk(config);
        bulk.setRecordingVisits(false);
        ASSERT_TRUE(bulk.pricingAddsInBulk());
        std::mt19937 random(static_cast<unsigned>(world));
        std::uniform_int_distribution<int> coordinate(0, world);
        EventBuffer a, b;
        const EntityId count = 3000;
        for (EntityId id = 1; id <= count; ++id) {
            const Vec2 p{static_cast<double>(coordinate(random)), static_cast<double>(coordinate(random))};
            if (id == count) bulk.setRecordingVisits(true);  // the last add is shown, as a build does
            each.add(id, p, 10, a);
            bulk.add(id, p, 10, b);
        }
        EXPECT_FALSE(bulk.pricingAddsInBulk());
        ASSERT_EQ(a.events, b.events);
        EXPECT_GT(each.totalCosts().otherRelinkNodes, static_cast<std::uint64_t>(count));
        EXPECT_EQ(each.totalCosts().otherRelinkNodes, bulk.totalCosts().otherRelinkNodes) << world;
        EXPECT_EQ(each.lastRelink().x.otherWay, bulk.lastRelink().x.otherWay) << world;
        EXPECT_EQ(each.lastRelink().y.otherWay, bulk.lastRelink().y.otherWay) << world;
        for (int op = 0; op < 500; ++op) {  // moves after the run: priced by the rebuilt ranks
            const EntityId id = 1 + static_cast<EntityId>(random() % count);
            const Vec2 p{static_cast<double>(coordinate(random)), static_cast<double>(coordinate(random))};
            a.events.clear();
            b.events.clear();
            if (op % 5 == 4) {
                each.remove(id, a);
                bulk.remove(id, b);
                each.add(id, p, 10, a);
                bulk.add(id, p, 10, b);
            } else {
                each.move(id, p, a);
                bulk.move(id, p, b);
            }
            ASSERT_EQ(a.events, b.events) << op;
            ASSERT_EQ(each.lastRelink().x.otherWay, bulk.lastRelink().x.otherWay) << op;
            ASSERT_EQ(each.lastRelink().y.otherWay, bulk.lastRelink().y.otherWay) << op;
        }
        EXPECT_EQ(each.totalCosts().otherRelinkNodes, bulk.totalCosts().otherRelinkNodes) << world;
    }
}

// A run priced in bulk ends at the first operation that is not an add, with the same totals.
TEST(CrossListIntrospection, AnOperationOtherThanAnAddEndsTheBulkRun) {
    AoiConfig config;
    config.worldWidth = config.worldHeight = 300;
    CrossListAoi each(config), bulk(config);
    bulk.setRecordingVisits(false);
    EventBuffer events;
    for (EntityId id = 1; id <= 200; ++id) {
        const Vec2 p{static_cast<double>(id % 17) * 10, static_cast<double>(id % 13) * 20};
        each.add(id, p, 15, events);
        bulk.add(id, p, 15, events);
    }
    EXPECT_TRUE(bulk.pricingAddsInBulk());
    each.setRadius(5, 40, events);
    bulk.setRadius(5, 40, events);
    EXPECT_FALSE(bulk.pricingAddsInBulk());
    EXPECT_EQ(each.totalCosts().otherRelinkNodes, bulk.totalCosts().otherRelinkNodes);
    bulk.setRecordingVisits(false);  // not empty: no new run
    EXPECT_FALSE(bulk.pricingAddsInBulk());
}

// Without the visit records (a bulk build's adds but the last), a tracing list does everything else as
// with them: the same events in the same order, the same counters, walks, relinks and the other
// insertion's price; switched back on, the next operation's visits are the recording list's.
TEST(CrossListIntrospection, WithoutVisitRecordsEverythingElseIsTheSame) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle}) {
        AoiConfig config;
        config.shape = shape;
        config.worldWidth = config.worldHeight = 200;
        CrossListAoi recording(config), quiet(config);
        quiet.setRecordingVisits(false);
        std::mt19937 random(shape == ViewShape::Square ? 5 : 6);
        std::uniform_real_distribution<double> coordinate(0, 200);
        auto at = [&] { return Vec2{std::floor(coordinate(random)), std::floor(coordinate(random))}; };
        std::vector<EntityId> live;
        EntityId nextId = 1;
        std::size_t visitsCompared = 0;
        for (int op = 0; op < 3000; ++op) {
            EventBuffer a, b;
            const bool showThisOne = op % 97 == 96;  // recording on for one operation, then off again
            if (showThisOne) quiet.setRecordingVisits(true);
            const unsigned roll = random() % 100;
            std::string what;
            if (live.size() < 20 || roll < 30) {
                what = "add";
                const Vec2 p = at();
                const double radius = static_cast<double>(5 + random() % 20);
                recording.add(nextId, p, radius, a);
                quiet.add(nextId, p, radius, b);
                live.push_back(nextId++);
            } else {
                const std::size_t k = random() % live.size();
                if (roll < 40) {
                    what = "remove";
                    recording.remove(live[k], a);
                    quiet.remove(live[k], b);
                    live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
                } else if (roll < 48) {
                    what = "radius";
                    const double radius = static_cast<double>(5 + random() % 30);
                    recording.setRadius(live[k], radius, a);
                    quiet.setRadius(live[k], radius, b);
                } else {
                    what = "move";
                    const Vec2 p = at();
                    recording.move(live[k], p, a);
                    quiet.move(live[k], p, b);
                }
            }
            const std::string where = what + " at op " + std::to_string(op);
            ASSERT_EQ(a.events, b.events) << where;  // the same order too
            EXPECT_EQ(recording.lastOperation().visited, quiet.lastOperation().visited) << where;
            EXPECT_EQ(recording.lastOperation().distanceChecks, quiet.lastOperation().distanceChecks) << where;
            EXPECT_EQ(recording.lastCosts().walkNodes, quiet.lastCosts().walkNodes) << where;
            // The starting adds are priced in bulk (their run's price arrives in the totals when it ends).
            if (!quiet.pricingAddsInBulk()) {
                EXPECT_EQ(recording.lastCosts().otherRelinkNodes, quiet.lastCosts().otherRelinkNodes) << where;
            }
            EXPECT_EQ(recording.lastRelink().x.stopId, quiet.lastRelink().x.stopId) << where;
            EXPECT_EQ(recording.lastRelink().y.cost.nodes, quiet.lastRelink().y.cost.nodes) << where;
            expectSameWalks(recording.lastWalks(), quiet.lastWalks(), where);
            if (showThisOne) {
                ASSERT_EQ(recording.lastVisits().size(), quiet.lastVisits().size()) << where;
                for (std::size_t i = 0; i < recording.lastVisits().size(); ++i) {
                    EXPECT_EQ(recording.lastVisits()[i].id, quiet.lastVisits()[i].id) << where;
                    EXPECT_EQ(recording.lastVisits()[i].inRangeY, quiet.lastVisits()[i].inRangeY) << where;
                }
                visitsCompared += recording.lastVisits().size();
                quiet.setRecordingVisits(false);
            } else {
                EXPECT_TRUE(quiet.lastVisits().empty()) << where;
            }
            if (HasFailure()) return;
        }
        EXPECT_GT(visitsCompared, 100u);
        EXPECT_EQ(recording.totalCosts().otherRelinkNodes, quiet.totalCosts().otherRelinkNodes);
        EXPECT_EQ(recording.total().visited, quiet.total().visited);
        std::vector<EntityId> want, got;
        for (EntityId id : live) {
            recording.viewOf(id, want);
            quiet.viewOf(id, got);
            EXPECT_EQ(want, got) << id;  // stored in the same order too
        }
    }
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// The visited nodes' ids and places are read when asked, from the slots the walks recorded: a copy
// taken before they were read (a checkpoint) reads the same, and so does the list after a copy read them.
TEST(CrossListIntrospection, VisitsAreReadWhenAskedAndACopyReadsTheSame) {
    AoiConfig config;
    config.worldWidth = config.worldHeight = 100;
    CrossListAoi list(config);
    EventBuffer sink;
    std::mt19937 random(9);
    std::uniform_real_distribution<double> coordinate(0, 100);
    for (EntityId id = 1; id <= 300; ++id) list.add(id, {coordinate(random), coordinate(random)}, 12, sink);
    list.move(7, {50, 50}, sink);
    const std::unique_ptr<AoiSystem> copy = list.clone();  // its visits not read yet either
    const auto& expected = static_cast<const CrossListAoi&>(*copy).lastVisits();
    const auto& read = list.lastVisits();
    ASSERT_GT(expected.size(), 20u);
    ASSERT_EQ(read.size(), expected.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        EXPECT_EQ(read[i].id, expected[i].id) << i;
        EXPECT_EQ(read[i].position.x, expected[i].position.x) << i;
        EXPECT_EQ(read[i].inRangeX, expected[i].inRangeX) << i;
        EXPECT_EQ(read[i].inRangeY, expected[i].inRangeY) << i;
        EXPECT_LE(std::fabs(read[i].position.x - 50), 12.0 + (read[i].inRangeX ? 0.0 : 100.0)) << i;
        EXPECT_EQ(read[i].inRangeY, std::fabs(read[i].position.y - 50) <= 12.0) << i;
    }
    // The next operation's visits replace them.
    list.move(7, {10, 10}, sink);
    for (const auto& v : list.lastVisits()) EXPECT_LE(std::fabs(v.position.x - 10), 100.0);
    EXPECT_NE(list.lastVisits().size(), 0u);
}

}  // namespace
}  // namespace aoilab
