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
    // The map three times: the workbench's, the copy the worker's searches read, the distance field's.
    return 3 * mapBytes + 2 * (search + timeline) + gridSearchBytes(width, height, optimum) + field + images;
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
    if (stroke && strokeOpen_ && done_ > 0 && done_ == history_.size() && history_.back().kind == kind) return history_.back();
    history_.resize(done_);  // a new edit drops what was undone
    strokeOpen_ = true;
    SearchEdit& edit = history_.emplace_back();
    edit.kind = kind;
    edit.positionBefore = position_;
    edit.startBefore = edit.startAfter = start_;
    edit.goalBefore = edit.goalAfter = goal_;
    ++done_;
    return edit;
}

bool SearchState::paint(GridPoint cell, int cost, bool stroke) {
    if (!stroke) strokeOpen_ = false;  // a new press: even one that changes nothing is not the last stroke
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
    if (!stroke) strokeOpen_ = false;  // a new press: even one that changes nothing is not the last drag
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
    strokeOpen_ = false;
    if (canUndo()) applyEdit(history_[--done_], false);
}

void SearchState::redo() {
    strokeOpen_ = false;
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

std::size_t SearchState::length() const { return timelineLength(runs_); }

void SearchState::restart() {
    const std::size_t wanted = position_;
    stopRestart();
    restartPending_ = false;
    queryMovedSinceRestart_ = false;
    paintedSinceRestart_.clear();
    stopped_ = false;
    restartHeld_ = false;
    heldSeek_.reset();
    position_ = 0;
    ++serial_;
    ++restartSerial_;
    if (map_.cellCount() <= backgroundRestartCells_) {
        const std::atomic<std::size_t> position{wanted};
        install(runSearches(map_, configs_, start_, goal_, std::move(runs_), std::move(optimum_), position));
        return;
    }
    if (holdRestarts_) {  // nothing searched until the workbench is shown; the old runs' memory goes now
        restartHeld_ = true;
        heldSeek_ = wanted;
        runs_.clear();
        for (const SearchConfig& config : configs_) runs_.emplace_back().config = config;
        optimal_.reset();
        searchedMap_.reset();
        return;
    }

    // The worker reads its own copy of the map (the searches it starts keep pointing at it), and the
    // search objects of the last restart, for their per-map tables; the runs show nothing meanwhile.
    auto map = std::make_shared<const GridMap>(map_);
    auto work = std::make_shared<SearchRestart>();
    work->runs = std::move(runs_);
    work->optimum = std::move(optimum_);
    runs_.clear();
    for (const SearchConfig& config : configs_) runs_.emplace_back().config = config;  // nothing searched yet
    optimal_.reset();
    restartTarget_ = std::make_shared<std::atomic<std::size_t>>(wanted);
    restartJob_.start([map, previousMap = searchedMap_, work, configs = configs_, start = start_, goal = goal_,
                       target = restartTarget_, hook = restartStageHook_](const BuildProgress& progress) {
        (void)previousMap;  // the old runs' searches may still point at it until they start on `map`
        // The hook hears each stage once, as it starts (runSearches also asks within a stage).
        std::size_t heard = static_cast<std::size_t>(-1);
        const BuildProgress stages = [&](std::size_t done, std::size_t total) {
            if (hook && done != heard) hook(done);
            heard = done;
            return progress(done, total);
        };
        SearchRestart done = runSearches(*map, configs, start, goal, std::move(work->runs), std::move(work->optimum),
                                         *target, &stages);
        done.map = map;
        return done;
    }, true);
}

void SearchState::install(SearchRestart done) {
    const std::optional<std::size_t> requested = std::exchange(requestedPosition_, std::nullopt);
    runs_ = std::move(done.runs);
    optimum_ = std::move(done.optimum);
    optimal_ = done.optimal;
    position_ = done.position;
    searchedMap_ = std::move(done.map);
    stopped_ = !done.complete;
    ++serial_;
    // A seek asked for after the worker had started stepping: here, at once.
    if (requested && done.complete) seek(*requested);
}

void SearchState::pollRestart() {
    if (restartJob_.finished()) install(restartJob_.take());
}

void SearchState::waitForRestart() {
    if (!restartJob_.busy()) return;
    install(restartJob_.take());  // take() waits
}

void SearchState::stopRestart() {
    if (!restartJob_.busy()) return;
    requestedPosition_.reset();  // a position on the runs about to be replaced
    restartJob_.cancel();
    install(restartJob_.take());
}

void SearchState::cancelRestart() { restartJob_.cancel(); }  // pollRestart() takes the stopped runs

void SearchState::holdRestarts(bool hold) {
    holdRestarts_ = hold;
    if (hold || !restartHeld_) return;
    position_ = heldSeek_.value_or(0);
    restart();
}

void SearchState::searchAgain() {
    if (!stopped_ || restarting()) return;
    position_ = 0;
    restart();
}

const DistanceField* SearchState::distanceField() {
    // Seeking changes the serial too; the field depends only on the map, the goal and the rule, which
    // all go through restart(), so it is current when it was computed for the last restart.
    pollDistanceField();
    if (fieldSerial_ == restartSerial_) return &field_;
    if (fieldJob_.busy() || restarting()) return nullptr;  // under way, for this restart; or after the searches
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
    if (restartHeld_) {  // for the runs the held restart will make
        heldSeek_ = position;
        return;
    }
    finishPaint();  // the runs must be those of the map shown before they step
    if (restarting()) {  // the worker steps its runs there, or install() does when it was too late for it
        restartTarget_->store(position);
        requestedPosition_ = position;
        return;
    }
    position = std::min(position, length());
    if (position == position_) return;
    if (position < position_) {
        resetRuns(map_, start_, goal_, runs_);
        position_ = 0;
    }
    fastForward(map_, runs_, position_, position);
    while (position_ < position) {
        stepAll(map_, runs_);
        ++position_;
    }
    ++serial_;
}

}  // namespace aoilab::app
