// Graph searches and lookup tables on a waypoint graph of about 2,000 vertices (flood fill with step 1
// over the arena sample: 2,054 points). Build time of the all-pairs tables, and a path read from the
// tables against Dijkstra and A* for the same queries, measured in the same run.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "path/graph_search.h"
#include "path/lookup_table.h"
#include "path/movingai.h"
#include "path/waypoints.h"

namespace {

using namespace aoilab;

const WaypointGraph& arenaWaypoints() {
    static const WaypointGraph graph = [] {
        GridMap map = readMovingAiMap(std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/maps/dao/arena.map");
        WaypointOptions options;
        options.seed = {24.5, 24.5};
        options.step = 1;
        return buildWaypoints(map, options);
    }();
    return graph;
}

std::vector<std::pair<VertexIndex, VertexIndex>> queries(std::size_t vertices) {
    std::mt19937 random(42);
    std::vector<std::pair<VertexIndex, VertexIndex>> pairs;
    for (int i = 0; i < 1000; ++i)
        pairs.push_back({static_cast<VertexIndex>(random() % vertices), static_cast<VertexIndex>(random() % vertices)});
    return pairs;
}

void BM_LookupTableBuild(benchmark::State& state) {
    const Graph& graph = arenaWaypoints().graph;
    std::size_t memory = 0;
    for (auto _ : state) {
        LookupTable table = LookupTable::build(graph);
        memory = table.memoryBytes();
        benchmark::DoNotOptimize(table.cost(0, 1));
    }
    state.counters["vertices"] = static_cast<double>(graph.vertexCount());
    state.counters["edges"] = static_cast<double>(graph.edgeCount());
    state.counters["table_MiB"] = static_cast<double>(memory) / (1024.0 * 1024.0);
}
BENCHMARK(BM_LookupTableBuild)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_PathFromLookupTable(benchmark::State& state) {
    const Graph& graph = arenaWaypoints().graph;
    static const LookupTable table = LookupTable::build(graph);
    auto pairs = queries(graph.vertexCount());
    std::size_t i = 0, hops = 0;
    for (auto _ : state) {
        auto [s, t] = pairs[i++ % pairs.size()];
        std::vector<VertexIndex> path = table.path(s, t);
        hops += path.size();
        benchmark::DoNotOptimize(path.data());
    }
    state.counters["hops_per_query"] = benchmark::Counter(static_cast<double>(hops), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_PathFromLookupTable)->Unit(benchmark::kMicrosecond);

// One search per iteration over the same query pairs, so Dijkstra and A* compare with the table above.
void runGraphQueries(benchmark::State& state, bool astar) {
    const Graph& graph = arenaWaypoints().graph;
    auto pairs = queries(graph.vertexCount());
    GraphSearch search(graph);
    std::size_t i = 0;
    for (auto _ : state) {
        auto [s, t] = pairs[i++ % pairs.size()];
        if (astar) search.startAStar(s, t);
        else search.startDijkstra(s, t);
        search.run();
        benchmark::DoNotOptimize(search.cost());
    }
}

void BM_DijkstraQuery(benchmark::State& state) { runGraphQueries(state, false); }
BENCHMARK(BM_DijkstraQuery)->Unit(benchmark::kMicrosecond);

void BM_AStarQuery(benchmark::State& state) { runGraphQueries(state, true); }
BENCHMARK(BM_AStarQuery)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
