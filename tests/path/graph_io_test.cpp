// Graph JSON and the classic editor XML: the samples load, round trips are exact, bad files say where.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.h"
#include "path/graph_io.h"
#include "path/graph_search.h"

namespace aoilab {
namespace {

const std::string kSource = AOILAB_SOURCE_DIR;
const std::string kData = kSource + "/tests/data/path/";

// The message of the InputError thrown by `load`, or "" when it loaded.
template <class Load>
std::string errorOf(Load load) {
    try {
        load();
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

void expectContains(const std::string& text, const std::string& part) {
    EXPECT_NE(text.find(part), std::string::npos) << "\"" << part << "\" not in: " << text;
}

TEST(GraphIo, SampleJsonLoadsAndHasTheDocumentedDistances) {
    Graph graph = loadGraphFile(kSource + "/assets/graphs/castles.json");
    EXPECT_EQ(graph.vertexCount(), 7u);
    EXPECT_EQ(graph.edgeCount(), 11u);
    ShortestPathTree tree = dijkstra(graph, graph.indexOf("A"));
    auto distanceTo = [&](const char* id) { return tree.distance[static_cast<std::size_t>(graph.indexOf(id))]; };
    EXPECT_EQ(distanceTo("B"), 7);
    EXPECT_EQ(distanceTo("C"), 15);
    EXPECT_EQ(distanceTo("D"), 22);
    EXPECT_EQ(distanceTo("E"), 28);
    EXPECT_EQ(distanceTo("F"), 14);
    EXPECT_EQ(distanceTo("G"), kUnreachable);
}

TEST(GraphIo, SampleXmlInTheClassicFormatLoads) {
    Graph graph = loadGraphFile(kSource + "/assets/graphs/square_walk.xml");
    EXPECT_EQ(graph.vertexCount(), 5u);
    EXPECT_EQ(graph.edgeCount(), 12u);
    EXPECT_EQ(graph.vertex(graph.indexOf("5")).position, (Vec2{250, 250}));
    GraphSearch search(graph);
    search.startDijkstra(graph.indexOf("1"), graph.indexOf("3"));
    search.run();
    EXPECT_EQ(search.cost(), 424);
    ASSERT_EQ(search.path().size(), 3u);
    EXPECT_EQ(graph.vertex(search.path()[1]).id, "5");
    // The editor rounds lengths (212 for 212.13), so the straight-line heuristic is not admissible.
    EXPECT_FALSE(checkEuclideanHeuristic(graph).admissible);
}

TEST(GraphIo, XmlNamesAreMatchedWithoutCase) {
    Graph graph = loadGraphFile(kData + "graph_mixed_case.xml");
    ASSERT_EQ(graph.vertexCount(), 2u);
    EXPECT_EQ(graph.vertex(1).position, (Vec2{3, 4}));
    EXPECT_EQ(graph.edgeWeight(0, 1), 5.5);
}

TEST(GraphIo, JsonRoundTripIsExactAndSaveIsAtomic) {
    Graph graph;
    graph.addVertex("start", {0.1, -2.5});
    graph.addVertex("mid", {1e6, 3});
    graph.addVertex("end", {7, 8});
    graph.addEdge("start", "mid", 0.30000000000000004);
    graph.addEdge("mid", "end", 0);
    graph.addEdge("end", "start", 12);
    auto dir = std::filesystem::temp_directory_path() / ("aoilab_graph_io_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::create_directories(dir);
    std::string jsonPath = (dir / "g.json").string();
    std::string xmlPath = (dir / "g.xml").string();
    { std::ofstream(jsonPath) << "old content"; }
    saveGraphJson(graph, jsonPath);
    saveGraphXml(graph, xmlPath);
    EXPECT_EQ(loadGraphFile(jsonPath), graph);
    EXPECT_EQ(loadGraphFile(xmlPath), graph);
    // No temporary files left behind.
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) files += entry.is_regular_file() ? 1 : 0;
    EXPECT_EQ(files, 2);
    // Whole weights are written as integers (docs/FILE-FORMATS.md).
    std::string text = pathio::readWholeFile(jsonPath);
    expectContains(text, "\"weight\": 12");
    EXPECT_EQ(text.find("12.0"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(GraphIo, NumericIdsAndMissingPositionsAreAccepted) {
    Graph graph = parseGraphJson(R"({"vertices":[{"id":1},{"id":"2","x":4}],"edges":[{"from":1,"to":"2","weight":3}]})",
                                 "inline.json");
    EXPECT_EQ(graph.indexOf("1"), 0);
    EXPECT_EQ(graph.vertex(1).position, (Vec2{4, 0}));
    EXPECT_EQ(graph.edgeWeight(0, 1), 3);
}

TEST(GraphIo, MalformedJsonNamesFileAndPlace) {
    std::string message = errorOf([] { loadGraphFile(kData + "graph_bad_syntax.json"); });
    expectContains(message, "graph_bad_syntax.json");
    expectContains(message, "line 2");

    message = errorOf([] { loadGraphFile(kData + "graph_unknown_vertex.json"); });
    expectContains(message, "graph_unknown_vertex.json: /edges/1/to: no vertex \"Q\"");

    message = errorOf([] { loadGraphFile(kData + "graph_negative_weight.json"); });
    expectContains(message, "graph_negative_weight.json: /edges/0/weight");
    expectContains(message, "out of range");

    message = errorOf([] { loadGraphFile(kData + "graph_duplicate_id.json"); });
    expectContains(message, "/vertices/2/id: duplicate vertex id \"A\"");

    message = errorOf([] { loadGraphFile(kData + "graph_unknown_key.json"); });
    expectContains(message, "/vertices/0/z: unknown key");

    message = errorOf([] { parseGraphJson(R"({"edges":[]})", "e.json"); });
    expectContains(message, "e.json: /vertices: missing");
    message = errorOf([] { parseGraphJson(R"({"vertices":[{"id":"A"}],"edges":[{"from":"A","to":"A"}]})", "w.json"); });
    expectContains(message, "w.json: /edges/0/weight: missing");
    message = errorOf([] { parseGraphJson(R"({"vertices":[{"id":"A"}],"edges":[{"from":"A","to":"A","weight":1},{"from":"A","to":"A","weight":2}]})", "d.json"); });
    expectContains(message, "d.json: /edges/1: duplicate edge");
    message = errorOf([] { parseGraphJson(R"({"vertices":[{"id":true}]})", "t.json"); });
    expectContains(message, "t.json: /vertices/0/id: expected a string id");
    message = errorOf([] { loadGraphFile(kData + "no_such_graph.json"); });
    expectContains(message, "no_such_graph.json: cannot open");
}

TEST(GraphIo, MalformedXmlNamesFileLineAndProblem) {
    std::string message = errorOf([] { loadGraphFile(kData + "graph_bad_syntax.xml"); });
    expectContains(message, "graph_bad_syntax.xml: line ");
    expectContains(message, "XML syntax error");

    message = errorOf([] { loadGraphFile(kData + "graph_missing_vertex.xml"); });
    expectContains(message, "graph_missing_vertex.xml: line 8: <Edge> \"2\" -> \"9\": no vertex \"9\"");

    message = errorOf([] { loadGraphFile(kData + "graph_bad_number.xml"); });
    expectContains(message, "graph_bad_number.xml: line 4: <Vertex>: x = \"five\" is not a finite number");

    message = errorOf([] { parseGraphXml("<Map/>", "m.xml"); });
    expectContains(message, "m.xml: line 1: root element is <Map>");
    message = errorOf([] { parseGraphXml("<Graph>\n<Vertexes><Vertex Id=\"1\" x=\"0\" y=\"0\" z=\"1\"/></Vertexes></Graph>", "z.xml"); });
    expectContains(message, "z.xml: line 2: <Vertex>: unknown attribute \"z\"");
    message = errorOf([] { parseGraphXml("<Graph><Vertexes><Vertex Id=\"1\" x=\"0\"/></Vertexes></Graph>", "y.xml"); });
    expectContains(message, "y.xml: line 1: <Vertex>: missing attribute y");
    message = errorOf([] {
        parseGraphXml("<Graph><Vertexes><Vertex Id=\"1\" x=\"0\" y=\"0\"/></Vertexes>\n<Edges>\n"
                      "<Edge StartVertexId=\"1\" EndVertexId=\"1\" Weight=\"-2\"/></Edges></Graph>",
                      "n.xml");
    });
    expectContains(message, "n.xml: line 3: ");
    expectContains(message, "negative");
}

TEST(GraphIo, XmlRefusesSecondRootStrayTextHexAndEntities) {
    const std::string v = "<Vertexes><Vertex Id=\"1\" x=\"0\" y=\"0\"/><Vertex Id=\"2\" x=\"1\" y=\"0\"/></Vertexes>";
    const std::string e = "<Edges><Edge StartVertexId=\"1\" EndVertexId=\"2\" Weight=\"@\"/></Edges>";
    auto with = [&](const std::string& weight) { return std::string(e).replace(e.find('@'), 1, weight); };
    EXPECT_NO_THROW(parseGraphXml("<Graph>" + v + with("3") + "</Graph>", "ok.xml"));
    expectContains(errorOf([&] { parseGraphXml("<Graph>" + v + "</Graph>\n<Graph/>", "two.xml"); }),
                   "two.xml: line 2: a second root element <Graph>");
    expectContains(errorOf([&] { parseGraphXml("<Graph>" + v + "stray</Graph>", "t.xml"); }), "stray text \"stray\" in <Graph>");
    expectContains(errorOf([&] { parseGraphXml("<Graph><Vertexes>x<Vertex Id=\"1\" x=\"0\" y=\"0\"/></Vertexes></Graph>", "t2.xml"); }),
                   "stray text \"x\" in <Vertexes>");
    for (const char* bad : {"0x1p3", "0X10", "inf", "nan", "1e3x"})
        expectContains(errorOf([&] { parseGraphXml("<Graph>" + v + with(bad) + "</Graph>", "h.xml"); }), "is not a finite number");
    expectContains(errorOf([&] { parseGraphXml("<Graph><Vertexes><Vertex Id=\"&foo;\" x=\"0\" y=\"0\"/></Vertexes></Graph>", "ent.xml"); }),
                   "ent.xml: line 1");
}

}  // namespace
}  // namespace aoilab
