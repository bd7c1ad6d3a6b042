#include "scenario/platform_bench.h"

#include <chrono>
#include <filesystem>
#include <memory>
#include <vector>

#include "aoi/aoi_config.h"
#include "aoi/aoi_system.h"
#include "path/query_run.h"
#include "scenario/replay_stream.h"
#include "scenario/scenario.h"

namespace aoilab {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The library files measured, relative to the root: the AOI replay and the four MovingAI samples.
constexpr const char* kReplayScenario = "scenarios/crowd-1000-walk.json";
struct Sample {
    const char* name;
    const char* map;
    const char* scen;
};
constexpr Sample kSamples[] = {
    {"arena", "assets/maps/movingai/maps/dao/arena.map", "assets/maps/movingai/scenarios/dao/arena.map.scen"},
    {"den312d", "assets/maps/movingai/maps/dao/den312d.map", "assets/maps/movingai/scenarios/dao/den312d.map.scen"},
    {"random512-10-0", "assets/maps/movingai/maps/random/random512-10-0.map",
     "assets/maps/movingai/scenarios/random/random512-10-0.map.scen"},
    {"16room_000", "assets/maps/movingai/maps/rooms/16room_000.map",
     "assets/maps/movingai/scenarios/rooms/16room_000.map.scen"},
};

// Every AOI method over the scenario's operations, as `aoilab-cli replay --algo all` runs them.
nlohmann::ordered_json replayEveryMethod(const std::filesystem::path& file, double& totalMs) {
    const Scenario scenario = loadScenario(file);
    const std::vector<ScriptOp> ops = scenario.operations();
    std::vector<Entity> added;
    for (const ScriptOp& op : ops)
        if (op.kind == OpKind::Add) added.push_back(op.entity);
    const AoiConfig config = resolveAoiConfig(scenario.aoi, scenario.width, scenario.height, typicalRadius(added));
    nlohmann::ordered_json methods = nlohmann::ordered_json::array();
    for (const std::string& name : aoiMethodNames()) {
        const Clock::time_point start = Clock::now();
        std::unique_ptr<AoiSystem> system = makeAoiSystem(name, config);
        OperationStream stream(*system, ops);
        std::size_t events = 0;
        while (stream.next()) events += stream.events().size();
        const double ms = msSince(start);
        totalMs += ms;
        methods.push_back({{"name", name}, {"events", events}, {"ms", ms}});
    }
    return {{"scenario", kReplayScenario}, {"operations", ops.size()}, {"methods", methods}};
}

}  // namespace

nlohmann::ordered_json runPlatformBench(const PlatformBenchOptions& options) {
    const std::filesystem::path root(options.root);
    nlohmann::ordered_json doc;
    double replayMs = 0;
    doc["replay"] = replayEveryMethod(root / kReplayScenario, replayMs);

    double queriesMs = 0;
    nlohmann::ordered_json samples = nlohmann::ordered_json::array();
    for (const Sample& sample : kSamples) {
        GridMap map;
        MovingAiScenario scen;
        loadMovingAi((root / sample.map).string(), (root / sample.scen).string(), map, scen, options.queryLimit);
        const ScenarioRun run = runScenario(map, scen, SearchOptions{}, options.repeat);  // A*, octile
        const double ms = run.meanUs * run.queries / 1000.0;
        queriesMs += ms;
        samples.push_back({{"map", sample.name},
                           {"algo", run.algo},
                           {"queries", run.queries},
                           {"failed", run.failed},
                           {"mean_expansions", run.meanExpansions},
                           {"ms", ms},
                           {"prepare_ms", run.prepareUs / 1000.0}});
    }
    doc["queries"] = samples;
    doc["replay_ms"] = replayMs;
    doc["queries_ms"] = queriesMs;
    return doc;
}

}  // namespace aoilab
