// The directed graph: edits keep out-edges, in-edges and the id index consistent; bad edits throw.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>

#include "core/error.h"
#include "path/graph.h"

namespace aoilab {
namespace {

using EdgeModel = std::map<std::pair<std::string, std::string>, double>;

// Compares the graph with a plain model of (from id, to id) -> weight, from both sides.
void expectMatchesModel(const Graph& graph, const std::set<std::string>& vertices, const EdgeModel& edges) {
    ASSERT_EQ(graph.vertexCount(), vertices.size());
    ASSERT_EQ(graph.edgeCount(), edges.size());
    for (const std::string& id : vertices) {
        VertexIndex v = graph.indexOf(id);
        ASSERT_NE(v, kNoVertex) << id;
        EXPECT_EQ(graph.vertex(v).id, id);
    }
    EdgeModel fromOut;
    EdgeModel fromIn;
    for (std::size_t v = 0; v < graph.vertexCount(); ++v) {
        auto index = static_cast<VertexIndex>(v);
        for (const OutEdge& edge : graph.outEdges(index))
            fromOut[{graph.vertex(index).id, graph.vertex(edge.to).id}] = edge.weight;
        for (VertexIndex source : graph.inEdges(index)) {
            auto weight = graph.edgeWeight(source, index);
            ASSERT_TRUE(weight.has_value()) << "in-edge without an out-edge";
            fromIn[{graph.vertex(source).id, graph.vertex(index).id}] = *weight;
        }
    }
    EXPECT_EQ(fromOut, edges);
    EXPECT_EQ(fromIn, edges);
}

TEST(GraphCore, BuildsTheArticleExample) {
    Graph graph;
    VertexIndex a = graph.addVertex("A", {0, 0});
    VertexIndex b = graph.addVertex("B", {7, 0});
    VertexIndex c = graph.addVertex("C", {0, 20});
    graph.addEdge(a, b, 7);
    graph.addEdge(b, c, 8);
    graph.addEdge(c, b, 50);
    graph.addEdge(c, a, 20);
    EXPECT_EQ(graph.vertexCount(), 3u);
    EXPECT_EQ(graph.edgeCount(), 4u);
    EXPECT_EQ(graph.edgeWeight(c, b), 50);
    EXPECT_FALSE(graph.edgeWeight(b, a).has_value());
    EXPECT_EQ(graph.inEdges(b).size(), 2u);
    EXPECT_EQ(graph.outEdges(c).size(), 2u);
}

TEST(GraphCore, UndirectedEdgeIsTwoDirectedOnes) {
    Graph graph;
    graph.addVertex("A");
    graph.addVertex("B");
    graph.addUndirectedEdge(0, 1, 3);
    EXPECT_EQ(graph.edgeCount(), 2u);
    EXPECT_EQ(graph.edgeWeight(0, 1), 3);
    EXPECT_EQ(graph.edgeWeight(1, 0), 3);
    // All or nothing: B->A exists now, so a second undirected edge adds neither direction.
    Graph other;
    other.addVertex("A");
    other.addVertex("B");
    other.addEdge(1, 0, 1);
    EXPECT_THROW(other.addUndirectedEdge(0, 1, 3), InputError);
    EXPECT_EQ(other.edgeCount(), 1u);
}

TEST(GraphCore, BadEditsThrowAndChangeNothing) {
    Graph graph;
    graph.addVertex("A", {1, 2});
    graph.addVertex("B", {3, 4});
    graph.addEdge(0, 1, 1);
    Graph before = graph;
    EXPECT_THROW(graph.addVertex("A"), InputError);
    EXPECT_THROW(graph.addVertex(""), InputError);
    EXPECT_THROW(graph.addVertex("N", {std::nan(""), 0}), InputError);
    EXPECT_THROW(graph.addEdge(0, 5, 1), InputError);
    EXPECT_THROW(graph.addEdge(-1, 0, 1), InputError);
    EXPECT_THROW(graph.addEdge("A", "Z", 1), InputError);
    EXPECT_THROW(graph.addEdge(0, 1, 2), InputError);  // duplicate
    EXPECT_THROW(graph.addEdge(1, 0, -1), InputError);
    EXPECT_THROW(graph.addEdge(1, 0, std::nan("")), InputError);
    EXPECT_THROW(graph.addEdge(1, 0, std::numeric_limits<double>::infinity()), InputError);
    EXPECT_THROW(graph.setEdgeWeight(0, 1, -3), InputError);
    EXPECT_THROW(graph.setEdgeWeight(1, 0, 3), InputError);
    EXPECT_THROW(graph.removeEdge(1, 0), InputError);
    EXPECT_THROW(graph.removeVertex(7), InputError);
    EXPECT_THROW(graph.removeVertex("Q"), InputError);
    EXPECT_EQ(graph, before);
    try {
        graph.addEdge("A", "Z", 1);
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("\"Z\" does not exist"), std::string::npos) << error.what();
    }
    try {
        graph.addEdge(1, 0, -2);
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("negative"), std::string::npos) << error.what();
    }
}

TEST(GraphCore, RemovingAVertexDropsItsInAndOutEdgesAndRenumbers) {
    Graph graph;
    for (const char* id : {"A", "B", "C", "D"}) graph.addVertex(id);
    graph.addEdge("A", "B", 1);
    graph.addEdge("B", "C", 2);
    graph.addEdge("C", "B", 3);
    graph.addEdge("D", "B", 4);
    graph.addEdge("B", "B", 5);  // self-loop
    graph.addEdge("C", "D", 6);
    graph.removeVertex("B");
    expectMatchesModel(graph, {"A", "C", "D"}, {{{"C", "D"}, 6}});
    EXPECT_EQ(graph.indexOf("C"), 1);
    EXPECT_EQ(graph.indexOf("D"), 2);
    EXPECT_EQ(graph.indexOf("B"), kNoVertex);
    // The id can come back as a new vertex.
    graph.addVertex("B");
    graph.addEdge("B", "A", 9);
    expectMatchesModel(graph, {"A", "B", "C", "D"}, {{{"C", "D"}, 6}, {{"B", "A"}, 9}});
}

TEST(GraphCore, RandomEditsKeepInAndOutEdgesConsistent) {
    std::mt19937 random(20240601);
    Graph graph;
    std::set<std::string> vertices;
    EdgeModel edges;
    int nextName = 0;
    for (int op = 0; op < 3000; ++op) {
        int kind = static_cast<int>(random() % 10);
        std::vector<std::string> ids(vertices.begin(), vertices.end());
        auto pick = [&]() { return ids[random() % ids.size()]; };
        if (kind < 3 || ids.size() < 2) {
            std::string id = "v" + std::to_string(nextName++);
            graph.addVertex(id, {static_cast<double>(random() % 100), static_cast<double>(random() % 100)});
            vertices.insert(id);
        } else if (kind < 7) {
            std::string from = pick();
            std::string to = pick();
            double weight = static_cast<double>(random() % 10);
            if (edges.count({from, to})) {
                EXPECT_THROW(graph.addEdge(from, to, weight), InputError);
            } else {
                graph.addEdge(from, to, weight);
                edges[{from, to}] = weight;
            }
        } else if (kind < 8 && !edges.empty()) {
            auto it = edges.begin();
            std::advance(it, static_cast<long>(random() % edges.size()));
            graph.removeEdge(it->first.first, it->first.second);
            edges.erase(it);
        } else if (kind < 9 && !edges.empty()) {
            auto it = edges.begin();
            std::advance(it, static_cast<long>(random() % edges.size()));
            double weight = static_cast<double>(random() % 10);
            graph.setEdgeWeight(graph.indexOf(it->first.first), graph.indexOf(it->first.second), weight);
            it->second = weight;
        } else {
            std::string id = pick();
            graph.removeVertex(id);
            vertices.erase(id);
            for (auto it = edges.begin(); it != edges.end();) {
                if (it->first.first == id || it->first.second == id) it = edges.erase(it);
                else ++it;
            }
        }
        if (op % 50 == 0) expectMatchesModel(graph, vertices, edges);
        if (HasFatalFailure()) return;
    }
    expectMatchesModel(graph, vertices, edges);
}

TEST(GraphCore, EuclideanHeuristicCheckFindsTheWorstEdge) {
    Graph graph;
    graph.addVertex("A", {0, 0});
    graph.addVertex("B", {3, 4});   // 5 from A
    graph.addVertex("C", {3, 0});   // 3 from A, 4 from B
    graph.addEdge("A", "B", 5);
    graph.addEdge("B", "C", 6);
    HeuristicCheck ok = checkEuclideanHeuristic(graph);
    EXPECT_TRUE(ok.admissible);
    EXPECT_EQ(ok.scale, 1);
    graph.addEdge("A", "C", 1.5);  // half its straight length
    graph.addEdge("C", "A", 2.4);
    HeuristicCheck bad = checkEuclideanHeuristic(graph);
    EXPECT_FALSE(bad.admissible);
    EXPECT_DOUBLE_EQ(bad.scale, 0.5);
    ASSERT_TRUE(bad.worstEdge.has_value());
    EXPECT_EQ(bad.worstEdge->from, graph.indexOf("A"));
    EXPECT_EQ(bad.worstEdge->to, graph.indexOf("C"));
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// Duplicate edges are found through a key set: it must follow removals and the renumbering after a
// vertex is removed.
TEST(GraphEdgeKeys, DuplicatesAreRefusedAfterRemovalsAndRenumbering) {
    Graph g;
    for (const char* id : {"A", "B", "C", "D"}) g.addVertex(id);
    g.addEdge("A", "B", 1);
    g.addEdge("C", "D", 1);
    EXPECT_THROW(g.addEdge("A", "B", 2), InputError);
    g.removeEdge("A", "B");
    EXPECT_NO_THROW(g.addEdge("A", "B", 2));
    g.removeVertex("A");  // B, C, D move down one index
    EXPECT_THROW(g.addEdge("C", "D", 3), InputError);  // still there, under its new indices
    EXPECT_NO_THROW(g.addEdge("D", "C", 3));
    EXPECT_NO_THROW(g.addEdge("B", "C", 1));
    // A star of many edges loads (each duplicate check is O(1)).
    Graph star;
    star.addVertex("hub");
    for (int i = 0; i < 20000; ++i) star.addVertex(std::to_string(i));
    for (int i = 0; i < 20000; ++i) star.addEdge("hub", std::to_string(i), 1);
    EXPECT_EQ(star.edgeCount(), 20000u);
}

}  // namespace
}  // namespace aoilab
