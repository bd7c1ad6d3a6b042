// The quadtree's structure (split, merge, maximum depth) and its introspection data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <tuple>

#include "aoi/brute_force.h"
#include "aoi/quadtree.h"

namespace aoilab {
namespace {

AoiConfig smallTree(int capacity, int maxDepth, ViewShape shape = ViewShape::Square) {
    AoiConfig config;
    config.shape = shape;
    config.worldWidth = config.worldHeight = 100;
    config.quadtreeCapacity = capacity;
    config.quadtreeMaxDepth = maxDepth;
    return config;
}

// 1,500 entities at random places of a 1,000 x 1,000 world (two draws each from rng); returns the places.
template <typename RadiusOf>
std::vector<Vec2> addRandomCrowd(QuadtreeAoi& tree, std::mt19937_64& rng, RadiusOf radiusOf) {
    std::uniform_real_distribution<double> coordinate(0, 1000);
    NullSink sink;
    std::vector<Vec2> at;
    for (EntityId id = 0; id < 1500; ++id) {
        at.push_back({coordinate(rng), coordinate(rng)});
        tree.add(id, at.back(), radiusOf(id), sink);
    }
    return at;
}

// Is some point of the node's rectangle within `reach` of q (the quadtree's own pruning test)?
bool nodeWithinReach(const QuadtreeAoi::NodeInfo& node, Vec2 q, double reach, ViewShape shape) {
    double dx = std::max({node.rect.minX - q.x, 0.0, q.x - node.rect.maxX});
    double dy = std::max({node.rect.minY - q.y, 0.0, q.y - node.rect.maxY});
    return shape == ViewShape::Square ? dx <= reach && dy <= reach : dx * dx + dy * dy <= reach * reach;
}

int sumOfLeafCounts(const std::vector<QuadtreeAoi::NodeInfo>& nodes) {
    int sum = 0;
    for (const auto& node : nodes)
        if (node.leaf) sum += node.count;
    return sum;
}

TEST(Quadtree, SplitsAboveCapacityAndMergesBack) {
    QuadtreeAoi tree(smallTree(2, 6));
    NullSink sink;
    std::vector<QuadtreeAoi::NodeInfo> nodes;
    tree.add(1, {10, 10}, 1, sink);
    tree.add(2, {90, 10}, 1, sink);
    tree.nodes(nodes);
    EXPECT_EQ(nodes.size(), 1u);  // two points fit in the root
    tree.add(3, {10, 90}, 1, sink);
    tree.nodes(nodes);
    ASSERT_EQ(nodes.size(), 5u);  // the root split into four quadrants
    EXPECT_FALSE(nodes[0].leaf);
    EXPECT_EQ(nodes[0].count, 3);
    EXPECT_EQ(nodes[1].rect.maxX, 50);
    EXPECT_EQ(nodes[1].depth, 1);
    EXPECT_EQ(sumOfLeafCounts(nodes), 3);
    tree.remove(2, sink);
    tree.nodes(nodes);
    EXPECT_EQ(nodes.size(), 1u);  // two left: merged back into one leaf
    EXPECT_EQ(nodes[0].count, 2);
    tree.move(1, {95, 95}, sink);
    tree.add(4, {96, 96}, 1, sink);
    tree.nodes(nodes);
    EXPECT_EQ(sumOfLeafCounts(nodes), 3);
    EXPECT_GT(nodes.size(), 1u);
}

TEST(Quadtree, ManyEntitiesOnOnePointStopAtMaximumDepth) {
    QuadtreeAoi tree(smallTree(2, 3));
    EventBuffer sink;
    for (EntityId id = 0; id < 10; ++id) tree.add(id, {30, 30}, 0, sink);
    EXPECT_EQ(sink.events.size(), 90u);  // radius 0 sees the same point: every ordered pair enters
    std::vector<QuadtreeAoi::NodeInfo> nodes;
    tree.nodes(nodes);
    int deepest = 0;
    for (const auto& node : nodes) deepest = std::max(deepest, node.depth);
    EXPECT_EQ(deepest, 3);
    auto full = std::find_if(nodes.begin(), nodes.end(), [](const auto& n) { return n.leaf && n.count == 10; });
    ASSERT_NE(full, nodes.end());
    EXPECT_EQ(full->depth, 3);
    EXPECT_TRUE(full->rect.contains({30, 30}));
}

TEST(Quadtree, EntitiesOnTheWorldBorderAreFound) {
    QuadtreeAoi tree(smallTree(1, 8));
    EventBuffer sink;
    tree.add(1, {100, 100}, 0, sink);
    tree.add(2, {0, 0}, 0, sink);
    tree.add(3, {100, 0}, 200, sink);  // bigger than the world: sees both
    std::vector<EntityId> view;
    tree.viewOf(3, view);
    std::sort(view.begin(), view.end());
    EXPECT_EQ(view, (std::vector<EntityId>{1, 2}));
    tree.add(4, {100, 100}, 0, sink);
    tree.viewOf(4, view);
    EXPECT_EQ(view, std::vector<EntityId>{1});
}

// Every node the last query visited is a live node of the tree, reachable by the query's reach.
TEST(QuadtreeIntrospection, VisitedNodesAreRealNodesWithinReach) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle}) {
        AoiConfig config = smallTree(4, 10, shape);
        config.worldWidth = config.worldHeight = 1000;
        QuadtreeAoi tree(config);
        NullSink sink;
        std::mt19937_64 rng(9);
        std::uniform_real_distribution<double> coordinate(0, 1000);
        std::vector<Vec2> at = addRandomCrowd(tree, rng, [](EntityId id) { return id == 3 ? 60.0 : 25.0; });
        std::vector<QuadtreeAoi::NodeInfo> nodes;
        for (int step = 0; step < 30; ++step) {
            Vec2 p{coordinate(rng), coordinate(rng)};
            auto mover = static_cast<std::size_t>(rng() % 1500);
            // Without hysteresis a move searches around its old place too (one search when they are near).
            Vec2 from = at[mover];
            double apart = std::hypot(p.x - from.x, p.y - from.y);
            double slack = apart / 2 <= tree.maxRadius() ? apart + 1e-6 : 0;
            at[mover] = p;
            tree.move(static_cast<EntityId>(mover), p, sink);
            tree.nodes(nodes);
            const auto& visited = tree.lastVisited();
            ASSERT_FALSE(visited.empty());
            EXPECT_EQ(visited.front().depth, 0);  // the root first
            EXPECT_EQ(visited.size(), tree.lastOperation().visited);
            EXPECT_LT(visited.size(), nodes.size() / 4);  // a range query, not a full scan
            for (const auto& v : visited) {
                auto same = std::find_if(nodes.begin(), nodes.end(), [&](const auto& n) {
                    return n.rect.minX == v.rect.minX && n.rect.minY == v.rect.minY && n.depth == v.depth;
                });
                EXPECT_NE(same, nodes.end());
                double reach = tree.maxRadius() + slack;
                EXPECT_TRUE(nodeWithinReach(v, p, reach, shape) || nodeWithinReach(v, from, reach, shape));
            }
        }
        EXPECT_EQ(sumOfLeafCounts(nodes), 1500);
    }
}

std::vector<AoiEvent> sorted(std::vector<AoiEvent> events) {
    std::sort(events.begin(), events.end());
    return events;
}

// A positional move decides every entity of the leaves near either place from the copies the leaves
// keep: teleports (leaves near one place only), short moves (leaves near both, moves inside a leaf),
// radius changes (the copies' radii) and several radii, on both shapes, give brute force's events.
TEST(QuadtreePositional, TeleportsShortMovesAndRadiiMatchBruteForce) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle}) {
        AoiConfig config = smallTree(4, 10, shape);
        config.worldWidth = config.worldHeight = 1000;
        QuadtreeAoi tree(config);
        BruteForceAoi brute(config);
        EventBuffer treeEvents, bruteEvents;
        std::mt19937_64 rng(31);
        std::uniform_real_distribution<double> coordinate(0, 1000);
        std::uniform_real_distribution<double> step(-20, 20);
        const double radii[] = {0, 25, 25, 25, 60};
        std::vector<Vec2> at;
        for (EntityId id = 0; id < 1200; ++id) {
            at.push_back({coordinate(rng), coordinate(rng)});
            if (id % 50 == 0) at.back() = {1000, static_cast<double>(id % 1000)};  // on the world border
            const double r = radii[id % 5];
            tree.add(id, at.back(), r, treeEvents);
            brute.add(id, at.back(), r, bruteEvents);
        }
        ASSERT_EQ(sorted(treeEvents.events), sorted(bruteEvents.events));
        for (int op = 0; op < 600; ++op) {
            treeEvents.events.clear();
            bruteEvents.events.clear();
            const auto id = static_cast<EntityId>(rng() % at.size());
            Vec2& p = at[static_cast<std::size_t>(id)];
            switch (op % 3) {
                case 0: p = {coordinate(rng), coordinate(rng)}; break;  // teleport
                case 1: p = {std::clamp(p.x + step(rng), 0.0, 1000.0), std::clamp(p.y + step(rng), 0.0, 1000.0)}; break;
                default: {
                    const double r = radii[rng() % 5] + 5;
                    tree.setRadius(id, r, treeEvents);
                    brute.setRadius(id, r, bruteEvents);
                    ASSERT_EQ(sorted(treeEvents.events), sorted(bruteEvents.events)) << "radius op " << op;
                    continue;
                }
            }
            tree.move(id, p, treeEvents);
            brute.move(id, p, bruteEvents);
            ASSERT_EQ(sorted(treeEvents.events), sorted(bruteEvents.events)) << "move op " << op;
            EXPECT_EQ(tree.lastOperation().events, treeEvents.events.size());
        }
    }
}

// The leaves keep copies of places and radii: a radius change and a move inside a leaf update them
// (the next moves read the copies, not ViewRelations' records).
TEST(QuadtreePositional, CopiesFollowRadiusChangesAndMovesInsideALeaf) {
    QuadtreeAoi tree(smallTree(8, 6));  // a few entities: one leaf, the root
    EventBuffer sink;
    tree.add(1, {10, 10}, 1, sink);
    tree.add(2, {20, 10}, 1, sink);
    tree.setRadius(2, 15, sink);
    ASSERT_EQ(sink.events, (std::vector<AoiEvent>{{AoiEventType::Enter, 2, 1}}));
    sink.events.clear();
    tree.move(1, {12, 10}, sink);  // 2 still sees 1 only with its new radius
    EXPECT_EQ(sink.events, (std::vector<AoiEvent>{{AoiEventType::Move, 2, 1}}));
    tree.add(3, {50, 50}, 5, sink);
    tree.move(3, {52, 50}, sink);  // inside its leaf
    sink.events.clear();
    tree.add(4, {90, 90}, 0, sink);
    tree.move(4, {56, 50}, sink);  // 4 from 3's new place, 6 from its old one
    EXPECT_EQ(sink.events, (std::vector<AoiEvent>{{AoiEventType::Enter, 3, 4}}));
}

// One walk: after a positional move every visited node appears once, root first, near T's old or new
// place within the largest radius (no slack), and asking twice gives the same description.
TEST(QuadtreeIntrospection, PositionalMoveVisitsEachNodeOnceNearEitherPlace) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle}) {
        AoiConfig config = smallTree(4, 10, shape);
        config.worldWidth = config.worldHeight = 1000;
        QuadtreeAoi tree(config);
        NullSink sink;
        std::mt19937_64 rng(5);
        std::uniform_real_distribution<double> coordinate(0, 1000);
        std::vector<Vec2> at = addRandomCrowd(tree, rng, [](EntityId) { return 25.0; });
        std::vector<QuadtreeAoi::NodeInfo> nodes;
        for (int step = 0; step < 30; ++step) {
            const auto mover = static_cast<std::size_t>(rng() % at.size());
            const Vec2 from = at[mover];
            const Vec2 to = step % 2 == 0 ? Vec2{coordinate(rng), coordinate(rng)}
                                          : Vec2{std::clamp(from.x + 10, 0.0, 1000.0), from.y};
            at[mover] = to;
            tree.move(static_cast<EntityId>(mover), to, sink);
            tree.nodes(nodes);
            const std::vector<QuadtreeAoi::NodeInfo> visited = tree.lastVisited();
            ASSERT_FALSE(visited.empty());
            EXPECT_EQ(visited.front().depth, 0);
            EXPECT_EQ(visited.size(), tree.lastOperation().visited);
            std::set<std::tuple<double, double, int>> seen;
            for (const auto& v : visited) {
                EXPECT_TRUE(seen.insert({v.rect.minX, v.rect.minY, v.depth}).second) << "visited twice";
                auto same = std::find_if(nodes.begin(), nodes.end(), [&](const auto& n) {
                    return n.rect.minX == v.rect.minX && n.rect.minY == v.rect.minY && n.depth == v.depth;
                });
                ASSERT_NE(same, nodes.end());
                EXPECT_EQ(same->leaf, v.leaf);
                EXPECT_EQ(same->count, v.count);
                const double reach = tree.maxRadius();
                EXPECT_TRUE(nodeWithinReach(v, from, reach, shape) || nodeWithinReach(v, to, reach, shape));
            }
            const auto& again = tree.lastVisited();
            ASSERT_EQ(again.size(), visited.size());
            EXPECT_EQ(again.back().rect.minX, visited.back().rect.minX);
        }
    }
}

}  // namespace
}  // namespace aoilab
