// Every query of the four Moving AI samples against its published optimal length.
// A* and JPS solve every query of all four. Dijkstra solves every query of arena and den312d, and a
// deterministic sample (every 10th query, by file order) of the two 512x512 maps: Dijkstra expands
// about 130,000 cells per query there, and all 3,530 queries would take minutes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "path/grid_search.h"
#include "path/movingai.h"
#include "path_test_util.h"

namespace aoilab {
namespace {

struct Sample {
    const char* map;
    const char* scen;
    std::size_t queries;
};

const Sample kSamples[] = {
    {"maps/dao/arena.map", "scenarios/dao/arena.map.scen", 160},
    {"maps/dao/den312d.map", "scenarios/dao/den312d.map.scen", 320},
    {"maps/random/random512-10-0.map", "scenarios/random/random512-10-0.map.scen", 1670},
    {"maps/rooms/16room_000.map", "scenarios/rooms/16room_000.map.scen", 1860},
};

void checkSample(const Sample& sample, SearchAlgorithm algo, int every) {
    GridMap map = readMovingAiMap(test::movingAi(sample.map));
    MovingAiScenario scen = readMovingAiScenario(test::movingAi(sample.scen));
    ASSERT_EQ(scen.queries.size(), sample.queries);
    checkScenarioFitsMap(scen, map);
    SearchOptions options;
    options.algorithm = algo;
    GridSearch search(options);
    int checked = 0;
    for (std::size_t i = 0; i < scen.queries.size(); i += every) {
        const ScenarioQuery& q = scen.queries[i];
        SearchResult r = search.find(map, q.start, q.goal);
        ASSERT_TRUE(r.found()) << sample.scen << ":" << q.line;
        // Published lengths are rounded to about 6 significant digits.
        EXPECT_NEAR(r.length, q.optimalLength, std::max(0.01, 1e-5 * q.optimalLength)) << sample.scen << ":" << q.line;
        ++checked;
    }
    EXPECT_EQ(checked, static_cast<int>((scen.queries.size() + every - 1) / every));
}

class MovingAiSamples : public ::testing::TestWithParam<int> {};

TEST_P(MovingAiSamples, AStarMatchesEveryQuery) { checkSample(kSamples[GetParam()], SearchAlgorithm::AStar, 1); }
TEST_P(MovingAiSamples, JpsMatchesEveryQuery) { checkSample(kSamples[GetParam()], SearchAlgorithm::Jps, 1); }
TEST_P(MovingAiSamples, DijkstraMatches) {
    const Sample& sample = kSamples[GetParam()];
    checkSample(sample, SearchAlgorithm::Dijkstra, sample.queries > 1000 ? 10 : 1);
}

std::string sampleName(const ::testing::TestParamInfo<int>& param) {
    const char* const kNames[] = {"arena", "den312d", "random512_10_0", "room16_000"};
    return kNames[param.param];
}

INSTANTIATE_TEST_SUITE_P(AllFour, MovingAiSamples, ::testing::Values(0, 1, 2, 3), sampleName);

}  // namespace
}  // namespace aoilab
