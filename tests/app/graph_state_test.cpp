// The graph workbench's model (display-free): Dijkstra's steps on the article's three vertices, the
// typed edge list, deletion without dangling edges, undo, and the walk.
#include <gtest/gtest.h>

#include <cmath>

#include "app/modes/graph/graph_state.h"

namespace aoilab::app {
namespace {

TEST(GraphState, DijkstraStepsOnTheArticlesThreeVertices) {
    GraphState state;  // 938, 721, 64; roads both ways 131, 179, 198; from 938 to 64
    ASSERT_EQ(state.source(), "938");
    ASSERT_EQ(state.target(), "64");
    EXPECT_EQ(state.searchSteps(), 2u);  // 938 settled, then 64 (the target): the search stops
    state.seek(1);
    const GraphSearchStep& first = state.lastStep();
    const Graph& g = state.graph();
    EXPECT_EQ(g.vertex(first.settled).id, "938");
    ASSERT_EQ(first.relaxed.size(), 2u);
    for (const EdgeRelaxation& r : first.relaxed) {
        EXPECT_TRUE(std::isinf(r.oldDistance));
        EXPECT_EQ(r.newDistance, g.vertex(r.to).id == "64" ? 131 : 179);
    }
    state.seek(2);
    EXPECT_EQ(g.vertex(state.lastStep().settled).id, "64");
    EXPECT_TRUE(state.lastStep().relaxed.empty());  // 131 + 198 = 329 > 179: 721 kept
    EXPECT_EQ(state.distance(), 131);
    EXPECT_EQ(state.pathIds(), (std::vector<std::string>{"938", "64"}));
    state.seek(state.length());
    EXPECT_TRUE(state.arrived());
    EXPECT_EQ(state.roleVertex(), "64");
    Vec2 role = state.rolePosition();
    EXPECT_DOUBLE_EQ(role.x, 599.803);
    // Seeking back is exact: the state of stepping from the start.
    state.seek(1);
    EXPECT_EQ(g.vertex(state.lastStep().settled).id, "938");
    EXPECT_EQ(state.roleVertex(), "938");
}

TEST(GraphState, TheWalkTakesTheSetTimeOrGoesAtTheSetSpeed) {
    GraphState state;
    state.setWalk(0, 2.0);  // within two seconds, whatever the length
    EXPECT_EQ(state.length() - state.searchSteps(), 20u);  // 0.1 s a position
    state.setWalk(100, 0);  // 100 units a second: the 131-unit-long... road is as long as its ends are apart
    double length = std::hypot(599.803 - 505.957, 267.086 - 358.936);
    EXPECT_EQ(state.length() - state.searchSteps(), static_cast<std::size_t>(std::ceil(length / 100 / 0.1 - 1e-9)));
    state.seek(state.searchSteps() + 3);
    EXPECT_FALSE(state.arrived());
    EXPECT_FALSE(state.roleVertex());  // between two vertices
}

TEST(GraphState, DeletingAVertexTakesItsEdgesAndUndoBringsThemBack) {
    GraphState state;
    std::size_t edges = state.graph().edgeCount();
    EXPECT_EQ(state.removeVertex("721"), "");
    EXPECT_EQ(state.graph().vertexCount(), 2u);
    EXPECT_EQ(state.graph().edgeCount(), edges - 4);  // 721's two out-edges and two in-edges
    for (const GraphEdge& e : state.graph().edges()) {
        EXPECT_LT(static_cast<std::size_t>(e.from), state.graph().vertexCount());
        EXPECT_LT(static_cast<std::size_t>(e.to), state.graph().vertexCount());
    }
    ASSERT_TRUE(state.canUndo());
    state.undo();
    EXPECT_EQ(state.graph().edgeCount(), edges);
    EXPECT_TRUE(state.graph().contains("721"));
    state.redo();
    EXPECT_FALSE(state.graph().contains("721"));
}

TEST(GraphState, EdgesWeighTheirRoundedLengthAndTwoWayAddsBoth) {
    GraphState state;
    std::string a, b;
    ASSERT_EQ(state.addVertex({0, 0}, &a), "");
    ASSERT_EQ(state.addVertex({30, 40.4}, &b), "");
    EXPECT_EQ(state.addEdge(a, b, false), "");
    const Graph& g = state.graph();
    EXPECT_EQ(g.edgeWeight(g.indexOf(a), g.indexOf(b)), 50);  // |(30, 40.4)| = 50.2, rounded
    EXPECT_FALSE(g.edgeWeight(g.indexOf(b), g.indexOf(a)));
    EXPECT_NE(state.addEdge(a, b, false), "");  // already there
    EXPECT_EQ(state.addEdge(a, b, true), "");   // adds the way back only
    EXPECT_EQ(state.graph().edgeWeight(state.graph().indexOf(b), state.graph().indexOf(a)), 50);
    EXPECT_EQ(state.setWeight(a, b, 8), "");
    EXPECT_EQ(state.graph().edgeWeight(state.graph().indexOf(a), state.graph().indexOf(b)), 8);
    EXPECT_NE(state.setWeight(a, b, -1), "");
}

TEST(GraphState, TheEdgeListRoundTripsAndABadLineChangesNothing) {
    GraphState state;
    std::string text = edgeListText(state.graph());
    std::vector<EdgeListProblem> problems;
    auto parsed = parseEdgeList(text, state.graph(), problems);
    ASSERT_TRUE(parsed);
    EXPECT_TRUE(problems.empty());
    EXPECT_TRUE(*parsed == state.graph());
    Graph before = state.graph();
    EXPECT_NE(state.applyEdgeList("938 64 131\n938 721 x\n64 938\n938 64 5\n", problems), "");
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0].line, 2);  // a weight that is not a number
    EXPECT_EQ(problems[1].line, 3);  // two words
    EXPECT_EQ(problems[2].line, 4);  // the same edge twice
    EXPECT_TRUE(state.graph() == before);
    // A new vertex by name, and an isolated one: both kept.
    EXPECT_EQ(state.applyEdgeList(text + "64 Z 3\nQ\n", problems), "");
    EXPECT_TRUE(state.graph().contains("Z"));
    EXPECT_TRUE(state.graph().contains("Q"));
    EXPECT_EQ(edgeListText(state.graph()).find("Q\n"), 0u);
}

}  // namespace
}  // namespace aoilab::app
