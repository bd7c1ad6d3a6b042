// Grid search speed on the four Moving AI samples (Release, one core):
//   - our A* against the Boost Graph Library's astar_search, same maps, same cost model (8-connected,
//     straight 1, diagonal sqrt 2, no corner cutting), same octile heuristic, in the same run;
//   - jump point search against our A*.
// Each benchmark iteration solves every query of the scenario once; "per_query" is the mean time of a
// query over the iterations, "expansions" the mean number of cells closed per query and, for ours,
// "pushes" the mean number of open-list entries per query. Our searches
// first solve every query once untimed (their per-map tables and scratch memory are built on the first
// query; BGL's graph and property maps are built outside the timing too). A length that differs from the
// published optimum counts in "failed" (expected 0 for every method).
#include <benchmark/benchmark.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "path/grid_moves.h"
#include "path/grid_search.h"
#include "path/movingai.h"

namespace {

using namespace aoilab;

struct Sample {
    GridMap map;
    MovingAiScenario scen;
};

const Sample& sample(const std::string& name) {
    static std::map<std::string, Sample> cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    const std::string root = std::string(AOILAB_SOURCE_DIR) + "/assets/maps/movingai/";
    const std::string folder = name == "16room_000" ? "rooms" : name.rfind("random", 0) == 0 ? "random" : "dao";
    Sample s{readMovingAiMap(root + "maps/" + folder + "/" + name + ".map"),
             readMovingAiScenario(root + "scenarios/" + folder + "/" + name + ".map.scen")};
    checkScenarioFitsMap(s.scen, s.map);
    return cache.emplace(name, std::move(s)).first->second;
}

bool lengthMatches(double length, double optimal) { return std::abs(length - optimal) <= std::max(0.01, 1e-5 * optimal); }

void setCounters(benchmark::State& state, std::size_t queries, double expansions, int failed, double pushes = -1) {
    state.counters["per_query"] = benchmark::Counter(static_cast<double>(queries),
                                                     benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["expansions"] = expansions;
    state.counters["failed"] = failed;
    if (pushes >= 0) state.counters["pushes"] = pushes;
}

void ourSearch(benchmark::State& state, const std::string& name, SearchAlgorithm algorithm) {
    const Sample& s = sample(name);
    SearchOptions options;
    options.algorithm = algorithm;
    GridSearch search(options);
    for (const ScenarioQuery& q : s.scen.queries) search.find(s.map, q.start, q.goal);  // warm-up
    double expansions = 0;
    double pushes = 0;
    int failed = 0;
    for (auto _ : state) {
        expansions = 0;
        pushes = 0;
        failed = 0;
        for (const ScenarioQuery& q : s.scen.queries) {
            SearchResult r = search.find(s.map, q.start, q.goal);
            expansions += static_cast<double>(r.expansions);
            pushes += static_cast<double>(r.pushes);
            failed += !(r.found() && lengthMatches(r.length, q.optimalLength));
        }
        benchmark::ClobberMemory();
    }
    setCounters(state, s.scen.queries.size(), expansions / s.scen.queries.size(), failed, pushes / s.scen.queries.size());
}

// ---- Boost Graph Library: one vertex per cell, one directed edge per allowed move.
using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                         boost::property<boost::edge_weight_t, double>>;
using BoostVertex = boost::graph_traits<BoostGraph>::vertex_descriptor;

BoostGraph boostGraph(const GridMap& map) {
    BoostGraph graph(static_cast<std::size_t>(map.cellCount()));
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            if (!map.passable(x, y)) continue;
            for (const GridMove& move : kGridMoves)
                if (moveAllowed(map, x, y, move, Diagonal::NoCornerCutting))
                    boost::add_edge(map.index(x, y), map.index(x + move.dx, y + move.dy),
                                    move.diagonal ? kSqrt2 : 1.0, graph);
        }
    return graph;
}

class OctileToGoal : public boost::astar_heuristic<BoostGraph, double> {
public:
    OctileToGoal(int width, GridPoint goal) : width_(width), goal_(goal) {}
    double operator()(BoostVertex v) const {
        const int x = static_cast<int>(v) % width_;
        const int y = static_cast<int>(v) / width_;
        return octileDistance(std::abs(x - goal_.x), std::abs(y - goal_.y));
    }

private:
    int width_;
    GridPoint goal_;
};

struct GoalReached {};

class StopAtGoal : public boost::default_astar_visitor {
public:
    StopAtGoal(BoostVertex goal, long* expansions) : goal_(goal), expansions_(expansions) {}
    void examine_vertex(BoostVertex v, const BoostGraph&) const {
        ++*expansions_;
        if (v == goal_) throw GoalReached{};
    }

private:
    BoostVertex goal_;
    long* expansions_;
};

void boostAStar(benchmark::State& state, const std::string& name) {
    const Sample& s = sample(name);
    const BoostGraph graph = boostGraph(s.map);
    const std::size_t n = boost::num_vertices(graph);
    std::vector<BoostVertex> predecessor(n);
    std::vector<double> distance(n);
    double expansions = 0;
    int failed = 0;
    for (auto _ : state) {
        expansions = 0;
        failed = 0;
        for (const ScenarioQuery& q : s.scen.queries) {
            const BoostVertex start = s.map.index(q.start.x, q.start.y);
            const BoostVertex goal = s.map.index(q.goal.x, q.goal.y);
            long examined = 0;
            bool found = false;
            try {
                boost::astar_search(graph, start, OctileToGoal(s.map.width(), q.goal),
                                    boost::predecessor_map(boost::make_iterator_property_map(
                                                               predecessor.begin(), boost::get(boost::vertex_index, graph)))
                                        .distance_map(boost::make_iterator_property_map(
                                            distance.begin(), boost::get(boost::vertex_index, graph)))
                                        .visitor(StopAtGoal(goal, &examined)));
            } catch (const GoalReached&) {
                found = true;
            }
            expansions += static_cast<double>(examined);
            failed += !(found && lengthMatches(distance[goal], q.optimalLength));
        }
        benchmark::ClobberMemory();
    }
    setCounters(state, s.scen.queries.size(), expansions / s.scen.queries.size(), failed);
}

}  // namespace

BENCHMARK_CAPTURE(ourSearch, astar_random512, std::string("random512-10-0"), SearchAlgorithm::AStar)
    ->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK_CAPTURE(boostAStar, bgl_random512, std::string("random512-10-0"))->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(ourSearch, jps_random512, std::string("random512-10-0"), SearchAlgorithm::Jps)
    ->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK_CAPTURE(ourSearch, astar_16room, std::string("16room_000"), SearchAlgorithm::AStar)
    ->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK_CAPTURE(boostAStar, bgl_16room, std::string("16room_000"))->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(ourSearch, jps_16room, std::string("16room_000"), SearchAlgorithm::Jps)
    ->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK_CAPTURE(ourSearch, astar_arena, std::string("arena"), SearchAlgorithm::AStar)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(boostAStar, bgl_arena, std::string("arena"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ourSearch, jps_arena, std::string("arena"), SearchAlgorithm::Jps)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ourSearch, astar_den312d, std::string("den312d"), SearchAlgorithm::AStar)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(boostAStar, bgl_den312d, std::string("den312d"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ourSearch, jps_den312d, std::string("den312d"), SearchAlgorithm::Jps)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
