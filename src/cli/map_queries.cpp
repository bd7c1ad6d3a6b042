#include "cli/map_queries.h"

#include <algorithm>
#include <cstdio>
#include <random>
#include <utility>

#include <unistd.h>

#include "core/error.h"
#include "core/text_check.h"
#include "path/graph_io.h"
#include "path/movingai.h"

namespace aoilab::cli {

GridMap loadMapArg(const Args& args) {
    if (!args.has("--map")) throw UsageError("--map FILE.map is required");
    return readMovingAiMap(args.value("--map"));
}

std::vector<MapQuery> queriesFromArgs(const Args& args, const GridMap& map) {
    long long count = args.integer("--queries", 100, 0, 1'000'000);
    std::vector<MapQuery> queries;
    if (args.has("--scen")) {
        MovingAiScenario scenario = readMovingAiScenario(args.value("--scen"));
        checkScenarioFitsMap(scenario, map);
        for (const ScenarioQuery& q : scenario.queries) {
            if (static_cast<long long>(queries.size()) >= count) break;
            queries.push_back({q.start, q.goal});
        }
        checkSearchWork(args.value("--map"), map, static_cast<double>(queries.size()), "--queries");
        return queries;
    }
    checkSearchWork(args.value("--map"), map, static_cast<double>(count), "--queries");
    std::vector<int> free;
    for (int c = 0; c < map.cellCount(); ++c)
        if (map.passable(map.point(c))) free.push_back(c);
    if (free.empty()) return queries;
    std::mt19937 random(static_cast<unsigned>(args.integer("--random-seed", 1, 0, 0xffffffffLL)));
    std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
    for (long long i = 0; i < count; ++i) queries.push_back({map.point(free[pick(random)]), map.point(free[pick(random)])});
    return queries;
}

void checkSearchWork(const std::string& mapPath, const GridMap& map, double searches, const std::string& flags) {
    const double cells = static_cast<double>(map.width()) * map.height();
    if (searches * cells <= kSearchCellBudget) return;
    throw UsageError(flags + ": " + mapPath + ": " + briefNumber(searches) + " searches on " + std::to_string(map.width()) +
                     " x " + std::to_string(map.height()) + " cells could visit " + briefNumber(searches * cells) +
                     ", more than " + briefNumber(kSearchCellBudget) + "; lower " + flags);
}

ProgressLine::ProgressLine(const Args& args, std::string verb)
    : verb_(std::move(verb)), enabled_(args.has("--progress") || isatty(fileno(stderr)) != 0) {}

void ProgressLine::finish() {
    if (shown_) std::fputc('\n', stderr);
    shown_ = false;
}

void ProgressLine::update(const char* stage, std::size_t done, std::size_t total) {
    if (!enabled_) return;
    int percent = total == 0 ? 100 : static_cast<int>(std::min<std::size_t>(done, total) * 100 / total);
    if (percent == lastPercent_ && lastStage_ == stage) return;
    lastPercent_ = percent;
    lastStage_ = stage;
    // Padded so a shorter line covers a longer one.
    std::fprintf(stderr, "\r%s: %s %3d%% (%zu of %zu)          ", verb_.c_str(), stage, percent, done, total);
    std::fflush(stderr);
    shown_ = true;
}

std::function<bool(std::size_t, std::size_t)> ProgressLine::stage(const char* name) {
    return [this, name](std::size_t done, std::size_t total) {
        update(name, done, total);
        return true;
    };
}

void RatioSummary::add(bool gridFound, double gridLength, bool methodFound, double methodLength) {
    if (!gridFound) {
        if (methodFound) ++wronglyFound;
        return;
    }
    ++queries;
    if (!methodFound) return;
    ++found;
    double ratio = gridLength > 0 ? methodLength / gridLength : 1.0;
    sum_ += ratio;
    maxRatio = found == 1 ? ratio : std::max(maxRatio, ratio);
    minRatio = found == 1 ? ratio : std::min(minRatio, ratio);
    meanRatio = sum_ / found;
}

nlohmann::json RatioSummary::toJson() const {
    return {{"queries", queries}, {"found", found}, {"found_without_grid_path", wronglyFound},
            {"mean_ratio", pathio::jsonNumber(meanRatio)}, {"min_ratio", pathio::jsonNumber(minRatio)},
            {"max_ratio", pathio::jsonNumber(maxRatio)}};
}

std::string RatioSummary::text() const {
    char line[256];
    std::snprintf(line, sizeof line,
                  "vs grid optimum: %d of %d queries found, length ratio mean %.4f, min %.4f, max %.4f%s", found,
                  queries, meanRatio, minRatio, maxRatio, wronglyFound ? " (FOUND PATHS THE GRID HAS NOT)" : "");
    return line;
}

}  // namespace aoilab::cli
