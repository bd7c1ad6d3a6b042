#include "app/modes/search/search_state.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
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
    return !refused.empty() || (search.status() != SearchStatus::Running && search.status() != SearchStatus::Idle);
}

GridMap defaultSearchMap() {
    // Rooms joined by doors, with a long wall that makes greedy best-first walk into a dead end.
    std::vector<std::string> rows(32, std::string(48, '.'));
    auto wall = [&](int x0, int y0, int x1, int y1) {
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x) rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '@';
    };
    wall(16, 0, 17, 21);   // a long wall from the top
    wall(30, 10, 31, 31);  // another from the bottom
    wall(4, 8, 12, 9);
    wall(20, 26, 27, 27);
    wall(36, 4, 44, 5);
    wall(36, 5, 37, 16);
    wall(6, 18, 7, 28);
    return GridMap::fromRows(rows, "default map");
}

SearchState::SearchState() : map_(defaultSearchMap()), mapName_("default"), start_{3, 3}, goal_{44, 28} {
    std::string why;
    configs_.push_back(*makeSearchConfig("astar", "octile", "no-corner-cutting", 1, why));
    restart();
}

std::size_t SearchState::workbenchBytes(int width, int height, bool weighted) {
    const std::size_t cells = static_cast<std::size_t>(std::max(width, 0)) * static_cast<std::size_t>(std::max(height, 0));
    SearchOptions costliest;
    std::size_t search = 0;
    for (SearchAlgorithm algorithm : searchAlgorithms()) {
        costliest.algorithm = algorithm;
        search = std::max(search, gridSearchBytes(width, height, costliest));
    }
    SearchOptions optimum;  // the reference A*
    const std::size_t mapBytes = cells * (weighted ? 2 + 8 : 2);
    const std::size_t timeline = cells * (4 + 4 + 1);       // opened at, closed at, scanned
    const std::size_t field = cells * (8 + 4);              // distance and next cell
    const std::size_t images = cells * 4 * 3 * 2;           // the map and two runs, built then uploaded
    return 2 * mapBytes + 2 * (search + timeline) + gridSearchBytes(width, height, optimum) + field + images;
}

void SearchState::setMap(GridMap map, std::string name) {
    if (const std::size_t needed = workbenchBytes(map.width(), map.height(), map.hasWeights()); needed > memoryBudgetBytes_) {
        auto mib = [](std::size_t bytes) { return std::to_string((bytes + (std::size_t(1) << 20) - 1) >> 20); };
        throw InputError("a " + std::to_string(map.width()) + " x " + std::to_string(map.height()) + " map needs about " +
                         mib(needed) + " MiB in the search workbench (two searches and their timelines, the optimum, the "
                         "distance field, the images of the map), more than its " + mib(memoryBudgetBytes_) + " MiB budget");
    }
    map_ = std::move(map);
    mapName_ = std::move(name);
    auto fits = [&](GridPoint p) { return map_.inBounds(p) && map_.passable(p); };
    if (!fits(start_) || !fits(goal_)) {
        // The first and the last passable cells: a query that spans the map.
        start_ = map_.firstPassable().x >= 0 ? map_.firstPassable() : GridPoint{0, 0};
        goal_ = map_.lastPassable().x >= 0 ? map_.lastPassable() : GridPoint{0, 0};
    }
    position_ = 0;
    history_.clear();  // the edits belong to the old map
    done_ = 0;
    restart();
}

SearchEdit& SearchState::openEdit(SearchEdit::Kind kind, bool stroke) {
    if (stroke && done_ > 0 && done_ == history_.size() && history_.back().kind == kind) return history_.back();
    history_.resize(done_);  // a new edit drops what was undone
    SearchEdit& edit = history_.emplace_back();
    edit.kind = kind;
    edit.startBefore = edit.startAfter = start_;
    edit.goalBefore = edit.goalAfter = goal_;
    ++done_;
    return edit;
}

bool SearchState::paint(GridPoint cell, int cost, bool stroke) {
    if (!map_.inBounds(cell)) return false;
    bool wall = cost <= 0;
    double wanted = wall ? 1.0 : static_cast<double>(std::clamp(cost, 1, 9));
    bool wasPassable = map_.passable(cell);
    double wasCost = map_.cost(cell.x, cell.y);
    if (wasPassable == !wall && (wall || wasCost == wanted)) return false;
    auto kind = wall ? SearchEdit::Kind::Walls : cost == 1 ? SearchEdit::Kind::Erase : SearchEdit::Kind::Weights;
    SearchEdit& edit = openEdit(kind, stroke);
    auto same = std::find_if(edit.cells.begin(), edit.cells.end(), [&](const SearchEdit::Cell& c) { return c.at == cell; });
    if (same == edit.cells.end()) {
        SearchEdit::Cell change{cell, wasPassable, true, wasCost, 1.0};
        edit.cells.push_back(change);
        same = edit.cells.end() - 1;
    }
    map_.setPassable(cell.x, cell.y, !wall);
    if (!wall) map_.setCost(cell.x, cell.y, wanted);
    same->passableAfter = map_.passable(cell);
    same->costAfter = map_.cost(cell.x, cell.y);
    if (map_.cellCount() > livePaintCells_) {  // the stroke goes on; finishPaint() restarts once
        restartPending_ = true;
        paintedSinceRestart_.push_back({cell, wasPassable});
        ++serial_;
        return true;
    }
    position_ = 0;  // the old steps belong to the old map
    restart();
    return true;
}

bool SearchState::finishPaint() {
    if (!restartPending_) return false;
    position_ = 0;
    restart();
    return true;
}

bool SearchState::moveQuery(GridPoint start, GridPoint goal, bool stroke) {
    start = map_.clampInside(start);
    goal = map_.clampInside(goal);
    if (start == start_ && goal == goal_) return false;
    SearchEdit& edit = openEdit(SearchEdit::Kind::Query, stroke);
    edit.startAfter = start;
    edit.goalAfter = goal;
    if (map_.cellCount() > liveQueryCells_) {  // the drag goes on; finishPaint() restarts once
        start_ = start;
        goal_ = goal;
        restartPending_ = true;
        queryMovedSinceRestart_ = true;
        ++serial_;
        return true;
    }
    setQuery(start, goal);
    return true;
}

void SearchState::applyEdit(const SearchEdit& edit, bool forward) {
    for (const SearchEdit::Cell& c : edit.cells) {
        map_.setPassable(c.at.x, c.at.y, forward ? c.passableAfter : c.passableBefore);
        map_.setCost(c.at.x, c.at.y, forward ? c.costAfter : c.costBefore);
    }
    start_ = forward ? edit.startAfter : edit.startBefore;
    goal_ = forward ? edit.goalAfter : edit.goalBefore;
    position_ = 0;
    restart();
}

void SearchState::undo() {
    if (canUndo()) applyEdit(history_[--done_], false);
}

void SearchState::redo() {
    if (canRedo()) applyEdit(history_[done_++], true);
}

void SearchState::setQuery(GridPoint start, GridPoint goal) {
    start = map_.clampInside(start);
    goal = map_.clampInside(goal);
    if (start == start_ && goal == goal_) return;
    start_ = start;
    goal_ = goal;
    position_ = 0;
    restart();
}

void SearchState::setConfigs(std::vector<SearchConfig> configs) {
    if (configs.empty()) return;
    if (configs.size() > 2) configs.resize(2);
    configs_ = std::move(configs);
    position_ = 0;
    restart();
}

std::size_t SearchState::length() const {
    std::int64_t longest = 0;
    for (const SearchRun& run : runs_) longest = std::max(longest, run.total);
    return static_cast<std::size_t>(longest);
}

void SearchState::restart() {
    restartPending_ = false;
    queryMovedSinceRestart_ = false;
    paintedSinceRestart_.clear();
    // The search objects are kept (by slot) so that their per-map tables (JPS's jump table: about 10 ms
    // on a 512x512 map) are built again only when the map changed, not at every query or drag.
    std::vector<SearchRun> previous = std::move(runs_);
    runs_.clear();
    runs_.reserve(configs_.size());
    for (std::size_t slot = 0; slot < configs_.size(); ++slot) {
        const SearchConfig& config = configs_[slot];
        SearchRun& run = runs_.emplace_back(SearchRun{config, GridSearch(), {}, 0, 0, 0, 0, {}, {}, {}, {}});
        // The same per-map work as last time (same map, same algorithm and diagonal rule): nothing to do
        // again, and the time it took then is still what preparing this map costs.
        bool prepared = false;
        if (slot < previous.size()) {
            SearchRun& before = previous[slot];
            run.search = std::move(before.search);
            prepared = before.preparedRevision == map_.revision() && before.refused.empty() &&
                       before.config.options.algorithm == config.options.algorithm &&
                       before.config.options.diagonal == config.options.diagonal;
            if (prepared) {
                run.prepareMicros = before.prepareMicros;
                run.preparedRevision = before.preparedRevision;
            }
        }
        run.refused = refusalReason(config, map_);
        if (!run.refused.empty()) continue;
        run.search.setOptions(config.options);
        // The per-map work apart, then the length of the timeline and the engine's own time: the query
        // at full speed, the search alone.
        auto begin = std::chrono::steady_clock::now();
        run.search.prepare(map_);  // does nothing when `prepared`
        auto ready = std::chrono::steady_clock::now();
        SearchResult result = run.search.find(map_, start_, goal_);
        if (!prepared) {
            run.prepareMicros = std::chrono::duration<double, std::micro>(ready - begin).count();
            run.preparedRevision = map_.revision();
        }
        run.queryMicros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - ready).count();
        run.total = result.expansions;
    }
    optimal_.reset();
    if (!configs_.empty()) {
        SearchOptions best;
        best.diagonal = configs_.front().options.diagonal;
        optimum_.setOptions(best);  // kept: its table of moves is built again only for a new map
        SearchResult r = optimum_.find(map_, start_, goal_);
        if (r.found()) optimal_ = r.length;
    }
    std::size_t wanted = std::min(position_, length());
    position_ = 0;
    resetRuns();
    fastForward(wanted);
    while (position_ < wanted) stepAll();
    ++serial_;
    ++restartSerial_;
}

void SearchState::resetRuns() {
    const std::size_t cells = static_cast<std::size_t>(map_.cellCount());
    for (SearchRun& run : runs_) {
        run.openedAt.assign(cells, -1);
        run.closedAt.assign(cells, -1);
        run.scanned.assign(cells, 0);
        run.last = {};
        if (run.refused.empty()) run.search.start(map_, start_, goal_);
    }
    position_ = 0;
}

void SearchState::stepAll() {
    for (SearchRun& run : runs_)
        if (!run.done()) stepRun(run);
    ++position_;
}

void SearchState::stepRun(SearchRun& run) {
    // A run still running has expanded one cell a position so far: this step's number is the next.
    const std::int32_t stepIndex = static_cast<std::int32_t>(run.expanded() + 1);
    run.last = run.search.step();
    for (const CellChange& change : run.last.changes) {
        std::size_t i = static_cast<std::size_t>(map_.index(change.cell.x, change.cell.y));
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

void SearchState::fastForward(std::size_t position) {
    // Each run to one step before the last it makes by `position` (its own end, when it ends earlier), at
    // the engine's full speed where it has a fast loop for it (A* and Dijkstra on uniform maps: no step
    // reports to build), else by steps; the last step is then stepAll()'s, whose report the panels show.
    // The same state as stepping all the way (tests).
    if (position <= position_ + 1) return;
    for (SearchRun& run : runs_) {
        if (run.done()) continue;
        const std::int64_t before = std::min(static_cast<std::int64_t>(position), run.total) - 1;
        if (run.expanded() >= before) continue;
        if (run.search.runTo(before, {run.openedAt.data(), run.closedAt.data()})) continue;
        while (run.expanded() < before) stepRun(run);
    }
    position_ = position - 1;
}

const DistanceField* SearchState::distanceField() {
    // Seeking changes the serial too; the field depends only on the map, the goal and the rule, which
    // all go through restart(), so it is current when it was computed for the last restart.
    pollDistanceField();
    if (fieldSerial_ == restartSerial_) return &field_;
    if (fieldJob_.busy()) return nullptr;  // under way, for this restart
    const Diagonal rule = configs_.empty() ? Diagonal::NoCornerCutting : configs_.front().options.diagonal;
    fieldJobSerial_ = restartSerial_;
    if (map_.cellCount() > livePaintCells_) {
        // The worker reads its own copy: the map may be painted while it runs.
        auto map = std::make_shared<const GridMap>(map_);
        fieldJob_.start([map, goal = goal_, rule](const BuildProgress& progress) {
            return computeDistanceField(*map, goal, rule, &progress);
        }, true);
        return nullptr;
    }
    fieldJob_.start([this, rule](const BuildProgress& progress) { return computeDistanceField(map_, goal_, rule, &progress); },
                    false);
    pollDistanceField();
    return &field_;
}

void SearchState::pollDistanceField() {
    if (!fieldJob_.busy()) return;
    if (fieldJobSerial_ != restartSerial_) {  // the map, the goal or the rule changed meanwhile
        fieldJob_.discard();
        return;
    }
    if (!fieldJob_.finished()) return;
    try {
        field_ = fieldJob_.take();
        fieldSerial_ = fieldJobSerial_;
        ++serial_;  // the scene draws the field now
    } catch (const BuildCancelled&) {
        fieldCancelled_ = true;
    }
}

void SearchState::cancelDistanceField() {
    if (!fieldJob_.busy()) return;
    fieldJob_.discard();
    fieldCancelled_ = true;
}

bool SearchState::takeFieldCancelled() { return std::exchange(fieldCancelled_, false); }

void SearchState::seek(std::size_t position) {
    finishPaint();  // the runs must be those of the map shown before they step
    position = std::min(position, length());
    if (position == position_) return;
    if (position < position_) resetRuns();
    fastForward(position);
    while (position_ < position) stepAll();
    ++serial_;
}

}  // namespace aoilab::app
