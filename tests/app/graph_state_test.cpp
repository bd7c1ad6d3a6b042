// The graph workbench's model (display-free): Dijkstra's steps on the article's three vertices, the
// typed edge list, deletion without dangling edges, undo, and the walk.
#include <gtest/gtest.h>

#include <cmath>

#include "app/modes/graph/graph_state.h"
#include "app/modes/graph/waypoints_to_graph.h"
#include "path/graph_search.h"
#include "path/waypoints.h"

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

// Undo and Redo name each edit by its kind and vertices (the workbench words them in the UI language).
TEST(GraphState, EditLabelsAreDataForTheUiLanguage) {
    GraphState state;
    EXPECT_EQ(state.undoLabel(), nullptr);
    std::string a, b;
    ASSERT_EQ(state.addVertex({0, 0}, &a), "");
    ASSERT_EQ(state.addVertex({10, 0}, &b), "");
    ASSERT_EQ(state.addEdge(a, b, true), "");
    ASSERT_NE(state.undoLabel(), nullptr);
    EXPECT_EQ(*state.undoLabel(), (GraphEditLabel{GraphEditLabel::Kind::AddRoad, a, b}));
    ASSERT_EQ(state.setWeight(a, b, 3), "");
    EXPECT_EQ(state.undoLabel()->kind, GraphEditLabel::Kind::Weight);
    state.undo();
    ASSERT_NE(state.redoLabel(), nullptr);
    EXPECT_EQ(*state.redoLabel(), (GraphEditLabel{GraphEditLabel::Kind::Weight, a, b}));
    EXPECT_EQ(*state.undoLabel(), (GraphEditLabel{GraphEditLabel::Kind::AddRoad, a, b}));
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

// A 12 x 12 lattice of vertices 10 units apart, roads both ways weighted by their length: A* with the
// straight-line heuristic settles far fewer vertices than Dijkstra from one corner to the middle.
Graph lattice() {
    Graph g;
    auto id = [](int x, int y) { return std::to_string(x) + "_" + std::to_string(y); };
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x) g.addVertex(id(x, y), {10.0 * x, 10.0 * y});
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x)
            for (auto [dx, dy] : {std::pair{1, 0}, std::pair{0, 1}})
                if (x + dx < 12 && y + dy < 12) {
                    g.addEdge(id(x, y), id(x + dx, y + dy), 10 + (x * 7 + y * 3) % 4);
                    g.addEdge(id(x + dx, y + dy), id(x, y), 10 + (x * 5 + y) % 4);
                }
    return g;
}

std::vector<std::string> settledIds(const Graph& g, const GraphSearch* search) {
    std::vector<std::string> ids;
    if (search)
        for (VertexIndex v : search->tree().settleOrder) ids.push_back(g.vertex(v).id);
    return ids;
}

TEST(GraphState, ComparedRunsStepTogetherAndTheFirstRunIsUnchanged) {
    GraphState alone, both;
    for (GraphState* s : {&alone, &both}) {
        s->setGraph(lattice(), "lattice");
        s->setSource("0_0");
        s->setTarget("7_6");
    }
    both.setCompare(true);
    ASSERT_TRUE(both.secondSearch());
    EXPECT_FALSE(alone.secondSearch());
    EXPECT_EQ(both.secondAlgo(), GraphAlgo::AStar);
    // A* settles fewer; the timeline is as long as the longer search (Dijkstra here), then the walk.
    EXPECT_LT(both.secondSteps(), both.firstSteps());
    EXPECT_EQ(both.searchSteps(), both.firstSteps());
    EXPECT_EQ(both.firstSteps(), alone.searchSteps());
    EXPECT_EQ(both.length(), alone.length());
    // Every position: the first run is exactly the single run; the second has stepped min(N, its steps)
    // times, and seeking back gives what stepping from the start gives.
    GraphSearch reference(both.graph());
    reference.startAStar(both.graph().indexOf("0_0"), both.graph().indexOf("7_6"), checkEuclideanHeuristic(both.graph()).scale);
    std::vector<std::vector<std::string>> forward;
    for (std::size_t n = 0; n <= both.searchSteps(); ++n) {
        both.seek(n);
        alone.seek(n);
        EXPECT_EQ(settledIds(both.graph(), both.search()), settledIds(alone.graph(), alone.search())) << n;
        EXPECT_EQ(both.secondSearch()->settledCount(), std::min(n, both.secondSteps())) << n;
        forward.push_back(settledIds(both.graph(), both.secondSearch()));
    }
    reference.run();
    EXPECT_EQ(forward.back(), settledIds(both.graph(), &reference));
    for (std::size_t n : {std::size_t{17}, std::size_t{3}, std::size_t{40}, std::size_t{0}}) {
        both.seek(n);
        EXPECT_EQ(settledIds(both.graph(), both.secondSearch()), forward[n]) << n;
    }
    both.seek(both.searchSteps());
    ASSERT_TRUE(both.distance());
    EXPECT_EQ(both.secondDistance(), both.distance());
    EXPECT_EQ(both.distance(), alone.distance());
    EXPECT_EQ(both.secondPathIds().front(), "0_0");
    EXPECT_EQ(both.secondPathIds().back(), "7_6");
    // The walk follows the first run, and the comparison survives an edit.
    both.seek(both.length());
    EXPECT_TRUE(both.arrived());
    EXPECT_EQ(both.roleVertex(), "7_6");
    EXPECT_EQ(both.removeVertex("3_3"), "");
    EXPECT_TRUE(both.secondSearch());
    both.setCompare(false);
    EXPECT_FALSE(both.secondSearch());
    EXPECT_EQ(both.secondSteps(), 0u);
}

TEST(GraphState, WaypointsBecomeAGraphWithTheArticlesRoundedWeights) {
    GridMap map = GridMap::fromRows({"..........", "..@@@.....", "..@@@.....", "..........", "......@...", ".........."}, "small");
    WaypointOptions options;
    options.step = 3;  // diagonal links are 4.24 long: rounded down to 4
    WaypointGraph waypoints = buildWaypoints(map, options);
    ASSERT_GT(waypoints.graph.vertexCount(), 4u);
    std::string why;
    auto graph = graphFromWaypoints(waypoints, why);
    ASSERT_TRUE(graph) << why;
    ASSERT_EQ(graph->vertexCount(), waypoints.graph.vertexCount());
    ASSERT_EQ(graph->edgeCount(), waypoints.graph.edgeCount());
    for (const GraphVertex& v : waypoints.graph.vertices()) {
        ASSERT_TRUE(graph->contains(v.id));
        EXPECT_EQ(graph->vertex(graph->indexOf(v.id)).position, v.position);
    }
    bool sawDiagonal = false;
    for (const GraphEdge& e : waypoints.graph.edges()) {
        auto w = graph->edgeWeight(e.from, e.to);
        ASSERT_TRUE(w);
        EXPECT_EQ(*w, std::max(1.0, std::round(e.weight)));
        EXPECT_EQ(std::fmod(*w, 1.0), 0.0);
        sawDiagonal = sawDiagonal || std::abs(e.weight - 3 * std::sqrt(2.0)) < 1e-9;
    }
    EXPECT_TRUE(sawDiagonal);
    EXPECT_EQ(articleEdgeWeight(3 * std::sqrt(2.0)), 4);
    EXPECT_EQ(articleEdgeWeight(0.2), 1);
    // The role and the target go to the waypoints nearest the maps workbench's start and goal.
    EXPECT_EQ(nearestVertex(*graph, waypoints.graph.vertex(2).position), waypoints.graph.vertex(2).id);
    EXPECT_EQ(nearestVertex(Graph(), {0, 0}), "");
}

TEST(GraphState, AWaypointGraphOverTheBudgetIsRefusedWithItsSize) {
    GridMap open = GridMap::fromRows(std::vector<std::string>(60, std::string(60, '.')), "open");
    WaypointOptions options;
    options.step = 1;
    WaypointGraph waypoints = buildWaypoints(open, options);
    ASSERT_EQ(waypoints.graph.vertexCount(), 3600u);
    std::string why;
    EXPECT_FALSE(graphFromWaypoints(waypoints, why));
    EXPECT_NE(why.find("3600 vertices"), std::string::npos) << why;
    EXPECT_NE(why.find(std::to_string(kMaxEditableVertices)), std::string::npos) << why;
    EXPECT_FALSE(graphFromWaypoints(WaypointGraph{}, why));
    EXPECT_NE(why.find("no waypoints"), std::string::npos) << why;
}

TEST(GraphState, TheMapUnderTheGraphIsNotAGraphEdit) {
    GraphState state;
    EXPECT_FALSE(state.backdrop());
    auto revision = state.graphRevision();
    state.setBackdrop(GridMap::fromRows({"..@", "..."}, "m"), "/maps/m.map");
    ASSERT_TRUE(state.backdrop());
    EXPECT_EQ(state.backdrop()->width(), 3);
    EXPECT_EQ(state.backdropFile(), "/maps/m.map");
    EXPECT_EQ(state.graphRevision(), revision);
    EXPECT_FALSE(state.canUndo());
    state.setBackdrop(std::nullopt, "ignored");
    EXPECT_FALSE(state.backdrop());
    EXPECT_EQ(state.backdropFile(), "");
}

}  // namespace
}  // namespace aoilab::app
