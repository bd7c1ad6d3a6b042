#include "app/modes/search/search_runs.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "core/error.h"
#include "path/grid_moves.h"
#include "path/heuristics.h"

namespace aoilab::app {

std::optional<SearchConfig> makeSearchConfig(const std::string& algo, const std::string& heuristic,
                                             const std::string& diagonal, double weight, std::string& why) {
    SearchConfig config;
    auto a = parseAlgorithm(algo);
    if (!a) {
        why = unknownAlgorithmMessage(algo);
        return std::nullopt;
    }
    auto h = parseHeuristic(heuristic);
    if (!h) {
        why = unknownHeuristicMessage(heuristic);
        return std::nullopt;
    }
    auto d = parseDiagonal(diagonal);
    if (!d) {
        why = unknownDiagonalMessage(diagonal);
        return std::nullopt;
    }
    if (!std::isfinite(weight) || weight < 0 || weight > 1e6) {
        why = "weight must be a number from 0 to 1000000";
        return std::nullopt;
    }
    config.options = {*a, *h, weight, *d};
    config.algo = std::string(algorithmName(*a));
    config.heuristic = std::string(heuristicName(*h));
    config.diagonal = std::string(diagonalName(*d));
    try {
        GridSearch check(config.options);  // the engine's own rules (JPS and the diagonal rule...)
    } catch (const InputError& e) {
        why = e.what();
        return std::nullopt;
    }
    return config;
}

std::string refusalReason(const SearchConfig& config, const GridMap& map) {
    try {
        GridSearch check(config.options);
    } catch (const InputError& e) {
        return e.what();
    }
    return mapRefusal(config.options, map);
}

bool SearchRun::done() const {
    return !shows() || (search.status() != SearchStatus::Running && search.status() != SearchStatus::Idle);
}

std::size_t searchRestartStages(std::size_t configs) { return configs + 2; }

SearchRestart runSearches(const GridMap& map, const std::vector<SearchConfig>& configs, GridPoint start, GridPoint goal,
                          std::vector<SearchRun> previous, GridSearch optimum, const std::atomic<std::size_t>& position,
                          const BuildProgress* progress) {
    SearchRestart out;
    out.optimum = std::move(optimum);
    const std::size_t stages = searchRestartStages(configs.size());
    std::size_t stage = 0;
    auto goOn = [&] { return !progress || (*progress)(stage++, stages); };
    auto stillWanted = [&] { return !progress || (*progress)(stage - 1, stages); };  // inside the stage under way
    // A query at the engine's full speed, in slices, looking at Cancel between them; false: cancelled.
    auto search = [&](GridSearch& engine) {
        engine.start(map, start, goal);
        for (std::int64_t until = kRestartSlice; !engine.runUntil(until); until += kRestartSlice)
            if (!stillWanted()) return false;
        return true;
    };
    // The search objects are kept (by slot) so that their per-map tables (JPS's jump table: about 10 ms
    // on a 512x512 map) are built again only when the map changed, not at every query or drag.
    out.runs.reserve(configs.size());
    for (std::size_t slot = 0; slot < configs.size(); ++slot) {
        const SearchConfig& config = configs[slot];
        SearchRun& run = out.runs.emplace_back();
        run.config = config;
        // The same per-map work as last time (same map, same algorithm and diagonal rule): nothing to do
        // again, and the time it took then is still what preparing this map costs.
        bool prepared = false;
        if (slot < previous.size()) {
            SearchRun& before = previous[slot];
            run.search = std::move(before.search);
            prepared = before.preparedRevision == map.revision() && before.refused.empty() &&
                       before.config.options.algorithm == config.options.algorithm &&
                       before.config.options.diagonal == config.options.diagonal;
            if (prepared) {
                run.prepareMicros = before.prepareMicros;
                run.preparedRevision = before.preparedRevision;
            }
        }
    }
    previous.clear();  // what is left of them (their per-cell arrays) before the new ones are made
    for (SearchRun& run : out.runs) {
        if (!goOn()) {
            markUnsearched(out.runs);
            return out;
        }
        run.refused = refusalReason(run.config, map);
        if (!run.refused.empty()) continue;
        const bool prepared = run.preparedRevision == map.revision();
        run.search.setOptions(run.config.options);
        // The per-map work apart, then the length of the timeline and the engine's own time: the query
        // at full speed, the search alone.
        auto begin = std::chrono::steady_clock::now();
        run.search.prepare(map);  // does nothing when `prepared`
        auto ready = std::chrono::steady_clock::now();
        if (!search(run.search)) {
            markUnsearched(out.runs);
            return out;
        }
        const SearchResult result = run.search.result();
        if (!prepared) {
            run.prepareMicros = std::chrono::duration<double, std::micro>(ready - begin).count();
            run.preparedRevision = map.revision();
        }
        run.queryMicros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - ready).count();
        run.total = result.expansions;
    }
    if (!goOn()) {
        markUnsearched(out.runs);
        return out;
    }
    if (!configs.empty()) {
        SearchOptions best;
        best.diagonal = configs.front().options.diagonal;
        out.optimum.setOptions(best);  // kept: its table of moves is built again only for a new map
        if (!search(out.optimum)) {
            markUnsearched(out.runs);
            return out;
        }
        if (const SearchResult r = out.optimum.result(); r.found()) out.optimal = r.length;
    }
    if (!goOn()) {
        markUnsearched(out.runs);
        return out;
    }
    for (SearchRun& run : out.runs) run.searched = true;
    const std::size_t wanted = std::min(position.load(), timelineLength(out.runs));
    resetRuns(map, start, goal, out.runs);
    if (!fastForward(map, out.runs, out.position, wanted, stillWanted)) {
        markUnsearched(out.runs);
        out.position = 0;
        return out;
    }
    while (out.position < wanted) {
        stepAll(map, out.runs);
        ++out.position;
    }
    out.complete = true;
    return out;
}

void markUnsearched(std::vector<SearchRun>& runs) {
    for (SearchRun& run : runs) {
        run.searched = false;
        run.total = 0;
        run.queryMicros = 0;
        run.openedAt = {};
        run.closedAt = {};
        run.scanned = {};
        run.last = {};
    }
}

std::size_t timelineLength(const std::vector<SearchRun>& runs) {
    std::int64_t longest = 0;
    for (const SearchRun& run : runs) longest = std::max(longest, run.total);
    return static_cast<std::size_t>(longest);
}

void resetRuns(const GridMap& map, GridPoint start, GridPoint goal, std::vector<SearchRun>& runs) {
    const std::size_t cells = static_cast<std::size_t>(map.cellCount());
    for (SearchRun& run : runs) {
        if (!run.searched) continue;
        run.openedAt.assign(cells, -1);
        run.closedAt.assign(cells, -1);
        run.scanned.assign(cells, 0);
        run.last = {};
        if (run.refused.empty()) run.search.start(map, start, goal);
    }
}

namespace {

void stepRun(const GridMap& map, SearchRun& run) {
    // A run still running has expanded one cell a position so far: this step's number is the next.
    const std::int32_t stepIndex = static_cast<std::int32_t>(run.expanded() + 1);
    run.last = run.search.step();
    for (const CellChange& change : run.last.changes) {
        std::size_t i = static_cast<std::size_t>(map.index(change.cell.x, change.cell.y));
        switch (change.kind) {
            case CellChange::Kind::Closed: run.closedAt[i] = stepIndex; break;
            case CellChange::Kind::Opened:
            case CellChange::Kind::Reopened:
                if (run.openedAt[i] < 0 || change.kind == CellChange::Kind::Reopened) run.openedAt[i] = stepIndex;
                break;
            case CellChange::Kind::Updated: break;
            case CellChange::Kind::Scanned: run.scanned[i] = 1; break;
        }
    }
}

}  // namespace

void stepAll(const GridMap& map, std::vector<SearchRun>& runs) {
    for (SearchRun& run : runs)
        if (!run.done()) stepRun(map, run);
}

bool fastForward(const GridMap& map, std::vector<SearchRun>& runs, std::size_t& at, std::size_t position,
                 const std::function<bool()>& keepGoing) {
    // At the engine's full speed where it has a fast loop for it (A* and Dijkstra on uniform maps: no step
    // reports to build), else by steps; the last step is then stepAll()'s, whose report the panels show.
    // The same state as stepping all the way (tests). In slices, so that a worker can stop between them.
    if (position <= at + 1) return true;
    for (SearchRun& run : runs) {
        if (run.done()) continue;
        const std::int64_t before = std::min(static_cast<std::int64_t>(position), run.total) - 1;
        while (run.expanded() < before && !run.done()) {
            if (keepGoing && !keepGoing()) return false;
            const std::int64_t until = std::min(before, run.expanded() + kRestartSlice);
            if (run.search.runTo(until, {run.openedAt.data(), run.closedAt.data()})) continue;
            while (run.expanded() < until) stepRun(map, run);
        }
    }
    at = position - 1;
    return true;
}

}  // namespace aoilab::app
