// Graph Dijkstra and A* against an independent all-pairs computation (Floyd-Warshall written here).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/error.h"
#include "path/graph.h"
#include "path/graph_search.h"

namespace aoilab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<std::vector<double>> floydWarshall(const Graph& graph) {
    std::size_t n = graph.vertexCount();
    std::vector<std::vector<double>> d(n, std::vector<double>(n, kInf));
    for (std::size_t i = 0; i < n; ++i) d[i][i] = 0;
    for (const GraphEdge& e : graph.edges()) {
        auto& slot = d[static_cast<std::size_t>(e.from)][static_cast<std::size_t>(e.to)];
        slot = std::min(slot, e.weight);
    }
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                if (d[i][k] + d[k][j] < d[i][j]) d[i][j] = d[i][k] + d[k][j];
    return d;
}

// Integer weights (zeros included) so sums are exact and comparisons need no tolerance.
Graph randomGraph(std::mt19937& random, int vertices, int edges, int maxWeight) {
    Graph graph;
    for (int v = 0; v < vertices; ++v)
        graph.addVertex("v" + std::to_string(v), {static_cast<double>(random() % 50), static_cast<double>(random() % 50)});
    for (int e = 0; e < edges; ++e) {
        auto a = static_cast<VertexIndex>(random() % static_cast<unsigned>(vertices));
        auto b = static_cast<VertexIndex>(random() % static_cast<unsigned>(vertices));
        if (graph.edgeWeight(a, b)) continue;
        graph.addEdge(a, b, static_cast<double>(random() % static_cast<unsigned>(maxWeight + 1)));
    }
    return graph;
}

double pathCost(const Graph& graph, const std::vector<VertexIndex>& path) {
    double total = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        auto weight = graph.edgeWeight(path[i - 1], path[i]);
        if (!weight) return kInf;  // not an edge: the path is broken
        total += *weight;
    }
    return total;
}

TEST(GraphSearch, ArticleExampleGoesBackThroughA) {
    // B -> C costs 8 but C -> B costs 50; from C the way back to B is C -> A -> B = 27.
    Graph graph;
    for (const char* id : {"A", "B", "C"}) graph.addVertex(id);
    graph.addEdge("A", "B", 7);
    graph.addEdge("B", "C", 8);
    graph.addEdge("C", "B", 50);
    graph.addEdge("C", "A", 20);
    ShortestPathTree tree = dijkstra(graph, graph.indexOf("C"));
    EXPECT_EQ(tree.distance[static_cast<std::size_t>(graph.indexOf("B"))], 27);
    EXPECT_EQ(tree.pathTo(graph.indexOf("B")), (std::vector<VertexIndex>{2, 0, 1}));
    EXPECT_EQ(tree.predecessor[static_cast<std::size_t>(graph.indexOf("C"))], kNoVertex);
}

TEST(GraphSearch, DijkstraMatchesFloydWarshallOnRandomGraphs) {
    std::mt19937 random(7);
    for (int trial = 0; trial < 60; ++trial) {
        int n = 1 + static_cast<int>(random() % 40);
        Graph graph = randomGraph(random, n, static_cast<int>(random() % static_cast<unsigned>(n * 4 + 1)), 20);
        auto expected = floydWarshall(graph);
        for (int s = 0; s < n; ++s) {
            ShortestPathTree tree = dijkstra(graph, s);
            for (int t = 0; t < n; ++t) {
                double want = expected[static_cast<std::size_t>(s)][static_cast<std::size_t>(t)];
                ASSERT_EQ(tree.distance[static_cast<std::size_t>(t)], want) << "trial " << trial << " " << s << "->" << t;
                std::vector<VertexIndex> path = tree.pathTo(t);
                if (want == kInf) {
                    EXPECT_TRUE(path.empty());
                } else {
                    ASSERT_FALSE(path.empty());
                    EXPECT_EQ(path.front(), s);
                    EXPECT_EQ(path.back(), t);
                    EXPECT_EQ(pathCost(graph, path), want);
                }
            }
        }
    }
}

TEST(GraphSearch, AStarIsExactWhenTheHeuristicIsAdmissibleOrScaled) {
    std::mt19937 random(11);
    for (int trial = 0; trial < 40; ++trial) {
        int n = 2 + static_cast<int>(random() % 40);
        Graph graph;
        for (int v = 0; v < n; ++v)
            graph.addVertex(std::to_string(v), {static_cast<double>(random() % 100), static_cast<double>(random() % 100)});
        // Even trials: weights >= length (admissible). Odd trials: some weights well under the length.
        for (int e = 0; e < n * 3; ++e) {
            auto a = static_cast<VertexIndex>(random() % static_cast<unsigned>(n));
            auto b = static_cast<VertexIndex>(random() % static_cast<unsigned>(n));
            if (graph.edgeWeight(a, b)) continue;
            double factor = (trial % 2 == 0) ? 1.0 + (random() % 100) / 50.0 : 0.2 + (random() % 100) / 40.0;
            graph.addEdge(a, b, graph.straightLength(a, b) * factor);
        }
        HeuristicCheck check = checkEuclideanHeuristic(graph);
        if (trial % 2 == 0) {
            EXPECT_TRUE(check.admissible);
        }
        auto expected = floydWarshall(graph);
        GraphSearch search(graph);
        for (int q = 0; q < 20; ++q) {
            auto s = static_cast<VertexIndex>(random() % static_cast<unsigned>(n));
            auto t = static_cast<VertexIndex>(random() % static_cast<unsigned>(n));
            search.startAStar(s, t, check.scale);
            search.run();
            double want = expected[static_cast<std::size_t>(s)][static_cast<std::size_t>(t)];
            if (want == kInf) {
                EXPECT_EQ(search.cost(), kUnreachable);
                EXPECT_TRUE(search.path().empty());
            } else {
                EXPECT_NEAR(search.cost(), want, 1e-9 * std::max(1.0, want));
                EXPECT_NEAR(pathCost(graph, search.path()), want, 1e-9 * std::max(1.0, want));
            }
        }
    }
}

TEST(GraphSearch, AStarSettlesNoMoreThanDijkstraWithATarget) {
    // A corridor of 30 vertices plus a fan of side branches: the heuristic keeps A* on the corridor.
    Graph graph;
    for (int i = 0; i < 30; ++i) graph.addVertex("c" + std::to_string(i), {static_cast<double>(i), 0});
    for (int i = 0; i + 1 < 30; ++i) graph.addUndirectedEdge(i, i + 1, 1);
    for (int i = 0; i < 30; ++i) {
        VertexIndex side = graph.addVertex("s" + std::to_string(i), {static_cast<double>(i) - 0.5, 3});
        graph.addUndirectedEdge(i, side, 3.1);
    }
    GraphSearch dij(graph);
    dij.startDijkstra(10, 29);
    dij.run();
    GraphSearch astar(graph);
    astar.startAStar(10, 29);
    astar.run();
    EXPECT_EQ(dij.cost(), 19);
    EXPECT_EQ(astar.cost(), 19);
    EXPECT_LT(astar.settledCount(), dij.settledCount());
}

TEST(GraphSearch, StepsReportSettledVerticesAndRelaxationsAndMatchRun) {
    std::mt19937 random(3);
    Graph graph = randomGraph(random, 25, 90, 9);
    GraphSearch stepped(graph);
    stepped.startDijkstra(0);
    std::vector<VertexIndex> settled;
    int relaxations = 0;
    while (!stepped.finished()) {
        // The frontier is exactly the open vertices, best first.
        std::vector<VertexIndex> frontier = stepped.openVertices();
        for (std::size_t v = 0; v < graph.vertexCount(); ++v) {
            bool listed = std::find(frontier.begin(), frontier.end(), static_cast<VertexIndex>(v)) != frontier.end();
            EXPECT_EQ(listed, stepped.isOpen(static_cast<VertexIndex>(v)));
        }
        for (std::size_t k = 1; k < frontier.size(); ++k)
            EXPECT_LE(stepped.tree().distance[static_cast<std::size_t>(frontier[k - 1])], stepped.tree().distance[static_cast<std::size_t>(frontier[k])]);
        GraphSearchStep step = stepped.step();
        if (!frontier.empty() && step.settled != kNoVertex) {
            EXPECT_EQ(step.settled, frontier.front()) << "the step settles the best open vertex";
        }
        if (step.settled != kNoVertex) {
            EXPECT_TRUE(stepped.isClosed(step.settled));
            settled.push_back(step.settled);
        }
        for (const EdgeRelaxation& r : step.relaxed) {
            EXPECT_EQ(r.from, step.settled);
            EXPECT_LE(r.newDistance, r.oldDistance);
            EXPECT_EQ(graph.edgeWeight(r.from, r.to).value_or(-1) + stepped.tree().distance[static_cast<std::size_t>(r.from)],
                      r.newDistance);
            ++relaxations;
        }
    }
    EXPECT_GT(relaxations, 0);
    ShortestPathTree fast = dijkstra(graph, 0);
    EXPECT_EQ(settled, fast.settleOrder);
    EXPECT_EQ(stepped.tree().distance, fast.distance);
    EXPECT_EQ(stepped.tree().predecessor, fast.predecessor);
    // Distances never decrease along the settle order.
    for (std::size_t i = 1; i < settled.size(); ++i)
        EXPECT_LE(fast.distance[static_cast<std::size_t>(settled[i - 1])], fast.distance[static_cast<std::size_t>(settled[i])]);
    GraphSearchStep after = stepped.step();
    EXPECT_EQ(after.settled, kNoVertex);
    EXPECT_TRUE(after.finished);
}

TEST(GraphSearch, FewestHopsAmongEqualCostsEvenWithZeroWeights) {
    Graph graph;
    for (const char* id : {"S", "A", "B", "T"}) graph.addVertex(id);
    graph.addEdge("S", "A", 0);
    graph.addEdge("A", "B", 0);
    graph.addEdge("B", "T", 1);
    graph.addEdge("S", "T", 1);
    ShortestPathTree tree = dijkstra(graph, 0);
    EXPECT_EQ(tree.distance[3], 1);
    EXPECT_EQ(tree.pathTo(3), (std::vector<VertexIndex>{0, 3}));
}

TEST(GraphSearch, BadSourceOrTargetThrows) {
    Graph graph;
    graph.addVertex("A");
    GraphSearch search(graph);
    EXPECT_THROW(search.startDijkstra(3), InputError);
    EXPECT_THROW(search.startAStar(0, 4), InputError);
    EXPECT_THROW(search.startAStar(0, 0, -1), InputError);
    search.startAStar(0, 0);
    search.run();
    EXPECT_EQ(search.cost(), 0);
    EXPECT_EQ(search.path(), (std::vector<VertexIndex>{0}));
}

}  // namespace

TEST(GraphSearch, WeightsOverflowingToInfinityAreAnErrorNotNoPath) {
    // Each weight is finite; their sum is not. Before: "no path" (distance infinity) and exit 0.
    Graph graph;
    for (const char* id : {"A", "B", "C"}) graph.addVertex(id);
    graph.addEdge("A", "B", 1.5e308);
    graph.addEdge("B", "C", 1.5e308);
    EXPECT_THROW(dijkstra(graph, graph.indexOf("A")), InputError);
    try {
        dijkstra(graph, graph.indexOf("A"));
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("overflows"), std::string::npos) << e.what();
    }
}

}  // namespace aoilab

namespace aoilab {
namespace {

// What a "which vertex is settled next?" exercise accepts (issue 40 item 2): every open vertex whose key
// ties with the best one; the step settles one of them.
TEST(GraphSearch, NextCandidatesAreTheOpenVerticesTiedWithTheBestKey) {
    Graph graph;  // from s, a and b are both at 5: either could be settled second
    VertexIndex s = graph.addVertex("s", {0, 0}), a = graph.addVertex("a", {5, 0}), b = graph.addVertex("b", {0, 5});
    VertexIndex c = graph.addVertex("c", {9, 9});
    graph.addEdge(s, a, 5);
    graph.addEdge(s, b, 5);
    graph.addEdge(s, c, 9);
    GraphSearch search(graph);
    search.startDijkstra(s);
    search.step();
    std::vector<VertexIndex> tied = search.nextCandidates();
    std::sort(tied.begin(), tied.end());
    EXPECT_EQ(tied, (std::vector<VertexIndex>{a, b}));
    GraphSearchStep second = search.step();
    EXPECT_TRUE(second.settled == a || second.settled == b);
    EXPECT_EQ(search.nextCandidates(), std::vector<VertexIndex>{second.settled == a ? b : a}) << "a settled one never";
    // Random graphs, Dijkstra and A*: the settled vertex is always a candidate, every candidate open.
    std::mt19937 random(11);
    Graph big = randomGraph(random, 30, 100, 3);
    for (int astar = 0; astar < 2; ++astar) {
        GraphSearch g(big);
        if (astar) g.startAStar(0, 29, 0.01);
        else g.startDijkstra(0);
        while (!g.finished()) {
            std::vector<VertexIndex> candidates = g.nextCandidates();
            for (VertexIndex v : candidates) EXPECT_TRUE(g.isOpen(v));
            GraphSearchStep step = g.step();
            if (step.settled != kNoVertex && !candidates.empty()) {
                EXPECT_NE(std::find(candidates.begin(), candidates.end(), step.settled), candidates.end());
            }
        }
    }
}

}  // namespace
}  // namespace aoilab
