// The graph exercise's questions: the answer a step gives (which vertex it settles, which distance
// labels it lowers), hand-checked on the one-way roads and checked against the labels themselves
// (the distances before and after each step) on a waypoint graph of a MovingAI map.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/modes/graph/graph_question.h"
#include "path/graph_io.h"
#include "path/graph_search.h"
#include "path/movingai.h"
#include "path/waypoints.h"

namespace aoilab::app {
namespace {

const std::string kSource = AOILAB_SOURCE_DIR;

std::vector<std::string> answersOfEveryStep(GraphQuestion question, const Graph& graph, GraphSearch& search) {
    std::vector<std::string> answers;
    while (!search.finished()) {
        GraphSearchStep step = search.step();
        if (step.settled != kNoVertex) answers.push_back(graphStepAnswer(question, graph, step));
    }
    return answers;
}

TEST(GraphQuestion, TheOneWayRoadsFromCLowerBTwice) {
    // Castles from C: C relaxes A 20, B 50, D 11; D gives E 17; E gives F 47; A lowers B to 27 and
    // F to 34; B (the target) is settled and lowers nothing.
    Graph graph = loadGraphFile(kSource + "/assets/graphs/castles.json");
    GraphSearch labels(graph), settled(graph);
    labels.startDijkstra(graph.indexOf("C"), graph.indexOf("B"));
    settled.startDijkstra(graph.indexOf("C"), graph.indexOf("B"));
    EXPECT_EQ(answersOfEveryStep(GraphQuestion::Labels, graph, labels),
              (std::vector<std::string>{"A, B, D", "E", "F", "B, F", ""}));
    EXPECT_EQ(answersOfEveryStep(GraphQuestion::Settled, graph, settled),
              (std::vector<std::string>{"C", "D", "E", "A", "B"}));
}

TEST(GraphQuestion, TheLabelsAnswerIsExactlyTheLabelsAStepLowers) {
    GridMap map = readMovingAiMap(kSource + "/assets/maps/movingai/maps/dao/arena.map");
    WaypointOptions options;
    options.step = 2;
    options.seed = {map.width() / 2 + 0.5, map.height() / 2 + 0.5};  // the arena's open middle
    ASSERT_TRUE(map.passable(map.width() / 2, map.height() / 2));
    Graph graph = buildWaypoints(map, options).graph;
    ASSERT_GT(graph.vertexCount(), 400u);
    for (GraphSearchKind kind : {GraphSearchKind::Dijkstra, GraphSearchKind::AStar}) {
        GraphSearch search(graph);
        VertexIndex from = 0, to = static_cast<VertexIndex>(graph.vertexCount() - 1);
        if (kind == GraphSearchKind::AStar) search.startAStar(from, to, checkEuclideanHeuristic(graph).scale);
        else search.startDijkstra(from);
        std::size_t lowered = 0;
        while (!search.finished()) {
            std::vector<double> before = search.tree().distance;
            GraphSearchStep step = search.step();
            if (step.settled == kNoVertex) break;
            std::vector<std::string> changed;
            for (std::size_t v = 0; v < before.size(); ++v)
                if (search.tree().distance[v] < before[v]) changed.push_back(graph.vertex(static_cast<VertexIndex>(v)).id);
            ASSERT_EQ(graphStepAnswer(GraphQuestion::Labels, graph, step), vertexSetText(changed));
            lowered += changed.size();
        }
        EXPECT_GE(lowered, 50u);  // the property was tried on many labels, not on none
    }
}

TEST(GraphQuestion, AGuessIsASortedSetAndAClickTogglesOneVertex) {
    EXPECT_EQ(vertexSetText({"F", "B", "F"}), "B, F");
    EXPECT_EQ(vertexSetText({}), "");
    std::vector<std::string> guess = toggledVertex({}, "F");
    guess = toggledVertex(guess, "B");
    EXPECT_EQ(vertexSetText(guess), "B, F");
    guess = toggledVertex(guess, "F");
    EXPECT_EQ(guess, (std::vector<std::string>{"B"}));
    EXPECT_EQ(graphQuestionFromKey("labels"), GraphQuestion::Labels);
    EXPECT_EQ(graphQuestionFromKey(""), GraphQuestion::Settled);
    EXPECT_STREQ(graphQuestionKey(GraphQuestion::Labels), "labels");
}

}  // namespace
}  // namespace aoilab::app
