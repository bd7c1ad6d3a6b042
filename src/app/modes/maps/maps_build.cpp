#include "app/modes/maps/maps_build.h"

#include <algorithm>
#include <chrono>

#include "core/build_progress.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Reports every this many steps of the flood and the split (each step costs about a microsecond).
constexpr std::size_t kReportEvery = 1024;

}  // namespace

const char* mapsBuildPhaseName(MapsBuildPhase phase) {
    switch (phase) {
        case MapsBuildPhase::Waypoints: return "waypoints";
        case MapsBuildPhase::Regions: return "regions";
        case MapsBuildPhase::Links: return "links";
        case MapsBuildPhase::Table: return "table";
    }
    return "?";
}

std::size_t lookupTableBytes(std::size_t vertices) { return vertices * vertices * (sizeof(std::int32_t) + sizeof(double)); }

MapsBuilt buildMapsRepresentations(const MapsBuildInput& input, const MapsBuildProgress& progress) {
    auto report = [&](MapsBuildPhase phase, std::size_t done, std::size_t total) {
        if (progress && !progress(phase, done, total)) throw BuildCancelled{};
    };
    const GridMap& map = *input.map;
    MapsBuilt built;
    built.map = input.map;
    const std::optional<GridPoint>& user = input.userSeed;
    built.seed = user && map.passable(*user) ? *user : defaultWaypointSeed(map, 0);
    built.step = input.step;
    // Waypoints: the flood run to its end gives the graph (what buildWaypoints() gives) and its history,
    // which the waypoints timeline reads at any step.
    if (built.seed.x >= 0) {
        WaypointOptions options;
        options.seed = {built.seed.x + 0.5, built.seed.y + 0.5};
        options.step = input.step;
        try {
            const auto started = Clock::now();
            WaypointFlood flood(map, options);
            // About one point per step x step square of free ground: the bar's whole, never below the count.
            const auto expected = static_cast<std::size_t>(map.passableCount() / (input.step * input.step)) + 1;
            while (flood.step())
                if (flood.taken() % kReportEvery == 0) report(MapsBuildPhase::Waypoints, flood.taken(), std::max(expected, flood.taken()));
            built.waypoints = flood.finish();
            built.floodHistory = flood.takeHistory();
            built.waypoints.buildSeconds = secondsSince(started);
        } catch (const InputError& e) {
            built.error = e.what();
            built.waypoints = {};
            built.floodHistory = {};
        }
    }
    // Regions: RegionMap::build()'s steps, with the split quadtree kept when the timeline wants it.
    auto started = Clock::now();
    try {
        RegionSplitter splitter(map);
        while (splitter.step())
            if (splitter.splits() % kReportEvery == 0) report(MapsBuildPhase::Regions, splitter.splits(), splitter.totalSplits());
        if (input.keepSplit) {
            const auto copying = Clock::now();
            built.split = std::make_unique<RegionSplitter>(splitter);  // before finish() spends it
            started += Clock::now() - copying;                          // the copy is not the build's time
        }
        built.regions = splitter.finish([&](std::size_t done, std::size_t total) {
            report(MapsBuildPhase::Links, done, total);
            return true;
        });
    } catch (const InputError& e) {
        built.regions = {};
        built.split.reset();
        if (built.error.empty()) built.error = e.what();
    }
    built.regionsSeconds = secondsSince(started);
    // The lookup table of the waypoint graph, within its memory budget.
    const std::size_t vertices = built.waypoints.graph.vertexCount();
    if (lookupTableBytes(vertices) <= input.tableBudgetBytes && vertices <= LookupTable::kMaxVertices)
        built.table = std::make_unique<LookupTable>(LookupTable::build(built.waypoints.graph, [&](std::size_t done, std::size_t total) {
            report(MapsBuildPhase::Table, done, total);
            return true;
        }));
    return built;
}

}  // namespace aoilab::app
