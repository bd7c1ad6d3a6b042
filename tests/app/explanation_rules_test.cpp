// Issue 40 items 7 to 9: each algorithm's explanation says the rule it follows, with the numbers (A*'s
// said Dijkstra's "closest open vertex"); "infinity" in the UI's language where a table said "inf";
// counts of one take the singular; list values are rounded as the tooltip rounds them, never cut.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "app/legend.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/graph/graph_explain.h"
#include "app/modes/search/search_explain.h"
#include "app/strings.h"
#include "core/plural.h"
#include "path/graph.h"
#include "path/graph_search.h"

namespace aoilab::app {
namespace {

SearchConfig searchConfig(const std::string& algo, double weight = 1) {
    std::string why;
    auto made = makeSearchConfig(algo, "octile", "no-corner-cutting", weight, why);
    EXPECT_TRUE(made) << why;
    return *made;
}

TEST(GraphExplain, AStarSaysItSettlesTheLeastFNotTheClosest) {
    setLanguage(Language::English);
    // From s, a is closer (g 1) but far from t; b (g 3) lies next to t: A* settles b, a waits.
    Graph graph;
    VertexIndex s = graph.addVertex("s", {0, 0}), a = graph.addVertex("a", {-10, 0}), b = graph.addVertex("b", {9, 0});
    VertexIndex t = graph.addVertex("t", {10, 0});
    graph.addEdge(s, a, 1);
    graph.addEdge(s, b, 3);
    graph.addEdge(b, t, 1);
    GraphSearch exact(graph);  // h = the straight length: a's f = 1 + 20 = 21, b's f = 3 + 1 = 4
    exact.startAStar(s, t, 1);
    exact.step();
    GraphSearchStep second = exact.step();
    ASSERT_EQ(second.settled, b) << "a (g 1, f 21) waits";
    EXPECT_TRUE(exact.isOpen(a));
    std::string text = explainGraphStep(graph, exact, second, 2, std::nullopt);
    EXPECT_EQ(text.rfind("Step 2: b has the least f = g + h of the open vertices, f = 3 + 1 = 4: settled.", 0), 0u) << text;
    EXPECT_EQ(text.find("closest"), std::string::npos) << text;
    // Dijkstra keeps its own words.
    GraphSearch dijkstra(graph);
    dijkstra.startDijkstra(s);
    dijkstra.step();
    GraphSearchStep first = dijkstra.step();
    EXPECT_EQ(explainGraphStep(graph, dijkstra, first, 2, std::nullopt).rfind("Step 2: a is the closest open vertex (distance 1): settled.", 0), 0u);
    setLanguage(Language::Chinese);
    EXPECT_NE(explainGraphStep(graph, exact, second, 2, std::nullopt).find("f = g + h 最小"), std::string::npos);
    setLanguage(Language::English);
}

TEST(SearchExplain, EachAlgorithmSaysItsOwnRule) {
    setLanguage(Language::English);
    const std::pair<const char*, const char*> rules[] = {
        {"astar", "the open cell with the least f = g + h: f = "}, {"dijkstra", "the open cell with the least g (Dijkstra has no h): g = "},
        {"greedy", "the open cell with the least h (best-first leaves g out): h = "}, {"jps", "the open one with the least f = g + h"},
        {"bfs", "the oldest cell in its queue (first in, first out), 1 move from the start"}};
    for (const auto& [algo, rule] : rules) {
        SearchState state;
        state.setConfigs({searchConfig(algo)});
        state.seek(2);
        std::string text = explainSearchRun(state.runs().front(), state);
        EXPECT_NE(text.find(rule), std::string::npos) << algo << ": " << text;
    }
    SearchState weighted;
    weighted.setConfigs({searchConfig("astar", 2)});
    weighted.seek(2);
    EXPECT_NE(explainSearchRun(weighted.runs().front(), weighted).find("the least f = g + w x h: f = "), std::string::npos);
}

TEST(Words, InfinityIsTheUiLanguagesWord) {
    setLanguage(Language::Chinese);
    EXPECT_EQ(shortNumber(kUnreachable), "无穷大");
    setLanguage(Language::English);
    EXPECT_EQ(shortNumber(kUnreachable), "infinity");
    EXPECT_EQ(shortNumber(2.5), "2.5");
}

TEST(Words, ACountOfOneTakesTheSingular) {
    EXPECT_EQ(agreeWithCounts("Walked 1 nodes right"), "Walked 1 node right");
    EXPECT_EQ(agreeWithCounts("1 queries with astar, 11 nodes, 21 cells"), "1 query with astar, 11 nodes, 21 cells");
    EXPECT_EQ(agreeWithCounts("0.1 cells, 2,1 nodes, x1 nodes"), "0.1 cells, 2,1 nodes, x1 nodes");
    EXPECT_EQ(agreeWithCounts("(1 vertices, 1 entities)"), "(1 vertex, 1 entity)");
    EXPECT_EQ(agreeWithCounts("1 nodesX"), "1 nodesX");
    // Every string of the table goes through it in English, none in Chinese.
    setLanguage(Language::English);
    EXPECT_EQ(fmt(Str::ListsWalkSpan, 1, 1.0, 2.0, 6), "Walked 1 node from x = 1 to x = 2 (list of 6).");
    EXPECT_EQ(fmt(Str::ListsWalkSpan, 2, 1.0, 2.0, 6), "Walked 2 nodes from x = 1 to x = 2 (list of 6).");
    EXPECT_EQ(fmtIn(Language::Chinese, Str::ListsWalkSpan, 1, 1.0, 2.0, 6), "走过 1 个节点，从 x = 1 到 x = 2（链表共 6 个）。");
}

TEST(Words, ListValuesAreRoundedAsTheTooltipRoundsThem) {
    EXPECT_EQ(listNodeValue(2.988), "2.99");
    EXPECT_EQ(listNodeValue(3), "3");
    EXPECT_EQ(listNodeValue(2843.9149), "2843.91");
    EXPECT_EQ(listNodeValue(-0.004), "0");
}

// The list nodes are sized by widestListNodeValue(lo, hi, decimals, '8'), not by formatting every value:
// it must have at least as many digits as any value of [lo, hi] with at most that many decimals, and
// every other character such a value has ('.', '-', 'e', '+'), so with the font's widest digit it is
// never narrower than the value drawn.
TEST(Words, TheWidestListValueHoldsEveryValueOfItsRange) {
    EXPECT_EQ(listNodeDecimals(2.988), 2);
    EXPECT_EQ(listNodeDecimals(7.5), 1);
    EXPECT_EQ(listNodeDecimals(3.001), 0);
    EXPECT_EQ(listNodeDecimals(-0.25), 2);
    EXPECT_EQ(widestListNodeValue(1, 6, 0, '8'), "8");  // the lists article: "x=3" needs no more
    EXPECT_EQ(widestListNodeValue(0, 10, 2, '8'), "8888.");
    EXPECT_EQ(widestListNodeValue(0, 400, 1, '8'), "8888.");
    EXPECT_EQ(widestListNodeValue(2.988, 12345.678, 2, '8'), "888888.");
    EXPECT_EQ(widestListNodeValue(0, 100000, 0, '8'), "888888");
    EXPECT_EQ(widestListNodeValue(0, 1e9, 2, '8'), "8.88888e+88");
    EXPECT_EQ(widestListNodeValue(-2.5, 1, 1, '8'), "-88.");
    auto holds = [](const std::string& widest, const std::string& value) {
        auto count = [](const std::string& s, auto&& which) { return std::count_if(s.begin(), s.end(), which); };
        auto digit = [](char c) { return c >= '0' && c <= '9'; };
        if (count(value, digit) > count(widest, [](char c) { return c == '8'; })) return false;
        for (char other : {'.', '-', 'e', '+'})
            if (count(value, [&](char c) { return c == other; }) > count(widest, [&](char c) { return c == other; })) return false;
        return true;
    };
    const std::pair<double, double> ranges[] = {{0, 1}, {0, 10}, {0, 99.995}, {0, 400}, {0, 1000}, {0, 12345.678},
                                                 {0, 99999.99}, {0, 999999.4}, {0, 1e6}, {0, 1e9}, {-300, 300}};
    std::mt19937_64 random(40);
    for (auto [lo, hi] : ranges)
        for (double unit : {0.01, 0.1, 1.0}) {  // values of two, one and no decimals
            std::vector<double> values = {lo, hi};
            for (int i = 0; i < 2000; ++i)
                values.push_back(std::round(std::uniform_real_distribution<double>(lo, hi)(random) / unit) * unit);
            int decimals = 0;
            for (double v : values) decimals = std::max(decimals, listNodeDecimals(v));
            const std::string widest = widestListNodeValue(lo, hi, decimals, '8');
            for (double v : values) {
                if (v < lo || v > hi) continue;
                EXPECT_TRUE(holds(widest, listNodeValue(v))) << widest << " for " << listNodeValue(v) << " of [" << lo << ", " << hi << "]";
            }
        }
}

}  // namespace
}  // namespace aoilab::app
