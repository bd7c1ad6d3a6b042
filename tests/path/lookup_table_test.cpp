// Lookup tables agree with Dijkstra, and a path read hop by hop is a real shortest path.
#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "path/graph.h"
#include "path/graph_search.h"
#include "path/lookup_table.h"

namespace aoilab {
namespace {

TEST(LookupTable, AgreesWithDijkstraOnRandomGraphs) {
    std::mt19937 random(99);
    for (int trial = 0; trial < 25; ++trial) {
        int n = 1 + static_cast<int>(random() % 45);
        Graph graph;
        for (int v = 0; v < n; ++v) graph.addVertex(std::to_string(v));
        for (int e = 0; e < n * 3; ++e) {
            auto a = static_cast<VertexIndex>(random() % static_cast<unsigned>(n));
            auto b = static_cast<VertexIndex>(random() % static_cast<unsigned>(n));
            if (!graph.edgeWeight(a, b)) graph.addEdge(a, b, static_cast<double>(random() % 6));  // zeros too
        }
        LookupTable table = LookupTable::build(graph);
        ASSERT_EQ(table.vertexCount(), static_cast<std::size_t>(n));
        EXPECT_EQ(table.entries(), static_cast<std::size_t>(n * n));
        EXPECT_GE(table.memoryBytes(), static_cast<std::size_t>(n * n) * (sizeof(double) + sizeof(std::int32_t)));
        for (int s = 0; s < n; ++s) {
            ShortestPathTree tree = dijkstra(graph, s);
            for (int t = 0; t < n; ++t) {
                double want = tree.distance[static_cast<std::size_t>(t)];
                ASSERT_EQ(table.cost(s, t), want);
                std::vector<VertexIndex> path = table.path(s, t);
                if (want == kUnreachable) {
                    EXPECT_TRUE(path.empty());
                    EXPECT_EQ(table.nextHop(s, t), kNoVertex);
                    continue;
                }
                ASSERT_FALSE(path.empty());
                EXPECT_EQ(path.front(), s);
                EXPECT_EQ(path.back(), t);
                double total = 0;
                for (std::size_t i = 1; i < path.size(); ++i) {
                    auto weight = graph.edgeWeight(path[i - 1], path[i]);
                    ASSERT_TRUE(weight.has_value()) << "hop is not an edge";
                    total += *weight;
                }
                EXPECT_EQ(total, want);
            }
        }
    }
}

TEST(LookupTable, SelfAndOutOfRange) {
    Graph graph;
    graph.addVertex("A");
    graph.addVertex("B");
    LookupTable table = LookupTable::build(graph);
    EXPECT_EQ(table.nextHop(0, 0), 0);
    EXPECT_EQ(table.cost(0, 0), 0);
    EXPECT_EQ(table.path(1, 1), (std::vector<VertexIndex>{1}));
    EXPECT_EQ(table.cost(0, 1), kUnreachable);
    EXPECT_THROW(table.cost(0, 2), InputError);
    EXPECT_THROW(table.path(-1, 0), InputError);
    EXPECT_GE(table.buildSeconds(), 0);
}

TEST(LookupTable, RefusesGraphsWhoseTablesWouldNotFit) {
    Graph graph;
    for (std::size_t v = 0; v <= LookupTable::kMaxVertices; ++v) graph.addVertex(std::to_string(v));
    try {
        LookupTable::build(graph);
        FAIL() << "expected InputError";
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("V^2"), std::string::npos) << error.what();
    }
}

// Progress counts the sources done (one Dijkstra each) of all; a false from it stops the build.
TEST(LookupTable, ReportsSourcesDoneAndStopsWhenAsked) {
    Graph graph;
    for (int v = 0; v < 40; ++v) graph.addVertex(std::to_string(v));
    for (VertexIndex v = 0; v + 1 < 40; ++v) graph.addEdge(v, v + 1, 1.0);
    std::vector<std::size_t> done;
    LookupTable table = LookupTable::build(graph, [&](std::size_t d, std::size_t total) {
        EXPECT_EQ(total, 40u);
        done.push_back(d);
        return true;
    });
    EXPECT_EQ(done, (std::vector<std::size_t>{0, 16, 32}));
    EXPECT_EQ(table.cost(0, 39), 39);
    int calls = 0;
    EXPECT_THROW(LookupTable::build(graph, [&](std::size_t, std::size_t) { return ++calls < 2; }), BuildCancelled);
    EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace aoilab
