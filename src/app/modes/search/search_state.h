#pragma once
// The search workbench's model, without ImGui: a grid map, a query (start, goal), and one or two search
// configurations, each a GridSearch from src/path stepped to the timeline's position. Everything the
// panels show comes from the engine objects here (their open and closed sets, g values, parents, the
// changes each step reported); the only thing recorded on the side is when each cell was opened and
// closed, taken from those reports.
//
// Timeline: position N = N expansions of every run (a run that finished earlier stays finished).
// Seeking forward keeps stepping; seeking back starts the searches again and steps N times. Searches are
// deterministic, so both give the state reached by stepping from 0 to N.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/background_job.h"
#include "app/modes/search/search_runs.h"
#include "core/limits.h"
#include "path/distance_field.h"
#include "path/grid_map.h"
#include "path/grid_search.h"

namespace aoilab::app {

// One undoable map edit: the cells it changed (before and after) and the query before and after.
struct SearchEdit {
    enum class Kind { Walls, Erase, Weights, Query };
    struct Cell {
        GridPoint at;
        bool passableBefore, passableAfter;
        double costBefore, costAfter;
    };
    Kind kind = Kind::Walls;
    std::vector<Cell> cells;
    GridPoint startBefore, goalBefore, startAfter, goalAfter;
    std::size_t positionBefore = 0;  // the timeline's position when the edit began (an exercise's undo returns there)
};

class SearchState {
public:
    SearchState();
    SearchState(const SearchState&) = delete;
    SearchState& operator=(const SearchState&) = delete;

    const GridMap& map() const { return map_; }
    const std::string& mapName() const { return mapName_; }
    // A new map (a file opened): keeps the query when it still fits, else a default one; the history restarts.
    // Throws InputError, keeping the map it had, when the workbench would need more than its memory
    // budget for it (workbenchBytes).
    void setMap(GridMap map, std::string name);
    // The workbench's memory for a width x height map, estimated before it is taken: the map (and the
    // copies a restart's and the distance field's workers read), two searches of the costliest algorithm
    // with their timelines (opened, closed, scanned per cell), the optimum's search, the distance field
    // and the scene's images of the map.
    static std::size_t workbenchBytes(int width, int height, bool weighted);
    // 2 GiB on the desktop: 4096 x 4096 fits (the page: a quarter, core/limits.h).
    static constexpr std::size_t kMemoryBudgetBytes = (std::size_t(2) << 30) / kMemoryBudgetDivisor;
    void setMemoryBudgetBytes(std::size_t bytes) { memoryBudgetBytes_ = bytes; }  // tests
    // Walls and weights (1 = plain ground; 0 = wall), an undoable edit. Restarts the searches; false when
    // nothing changed. `stroke`: part of the last edit (one drag of the brush is one undo step).
    bool paint(GridPoint cell, int cost, bool stroke = false);
    // On maps above livePaintCells() cells a restart runs both searches and the optimum to the end (about
    // 136 ms a cell on a 4096 x 4096 map): there the cells change at once and the searches restart once,
    // at finishPaint() (the paint tools' release) or at the first seek, query, setting or undo before it.
    // Meanwhile the runs shown are those of the map before the stroke (paintPending()).
    bool finishPaint();  // false when nothing waited
    bool paintPending() const { return restartPending_; }  // a stroke's, or a dragged start's or goal's
    // Likewise a drag of the start or the goal on maps above liveQueryCells() cells (a restart of
    // Dijkstra across a 4096 x 4096 map takes seconds; up to 1024 x 1024, about 80 ms, the drag is live):
    // the marker moves at once, the searches restart at the release. True while such a drag waits.
    bool queryMovePending() const { return restartPending_ && queryMovedSinceRestart_; }
    static constexpr int kLiveQueryCells = 1024 * 1024;
    void setLiveQueryCells(int cells) { liveQueryCells_ = cells; }  // tests
    // The cells painted since the last restart, in order, each with whether it was passable before (the
    // scene recolours only these during a stroke), and a count of restarts (the scene redraws all after one).
    struct PaintedCell {
        GridPoint at;
        bool passableBefore;
    };
    const std::vector<PaintedCell>& paintedSinceRestart() const { return paintedSinceRestart_; }
    std::uint64_t restartSerial() const { return restartSerial_; }
    static constexpr int kLivePaintCells = 256 * 256;
    void setLivePaintCells(int cells) { livePaintCells_ = cells; }  // tests

    GridPoint start() const { return start_; }
    GridPoint goal() const { return goal_; }
    void setQuery(GridPoint start, GridPoint goal);  // clamped into the map (not an edit: files, flags)
    // The start or the goal dragged: an undoable edit (`stroke`: the same drag as the last edit).
    bool moveQuery(GridPoint start, GridPoint goal, bool stroke = false);

    // The map edits' history (painting, dragging the start or the goal). Undo and redo restart the searches.
    bool canUndo() const { return done_ > 0; }
    bool canRedo() const { return done_ < history_.size(); }
    const SearchEdit* undoEdit() const { return canUndo() ? &history_[done_ - 1] : nullptr; }
    const SearchEdit* redoEdit() const { return canRedo() ? &history_[done_] : nullptr; }
    void undo();
    void redo();

    const std::vector<SearchConfig>& configs() const { return configs_; }
    void setConfigs(std::vector<SearchConfig> configs);  // one or two

    // The timeline.
    std::size_t position() const { return position_; }
    std::size_t length() const;
    // Clamped to length(). During a restart on the worker, the position it steps to (see restarting()).
    void seek(std::size_t position);
    void seekToEnd() { seek(kEnd); }  // also during a restart, when the length is not known yet
    static constexpr std::size_t kEnd = ~std::size_t(0);

    const std::vector<SearchRun>& runs() const { return runs_; }
    // A restart on a map above backgroundRestartCells() cells (a query across a 4096 x 4096 map: about
    // 0.2 s for A*, 0.9 s for Dijkstra, each measured run and the optimum in turn) runs on a worker
    // thread over a copy of the map. Meanwhile the runs show nothing (SearchRun::searched false), the
    // timeline is empty and the workbench shows its progress; pollRestart() takes the result. Anything
    // that changes the query, the map or the configurations meanwhile stops it first (it ends within
    // the search under way), then restarts; a seek waits for it.
    bool restarting() const { return restartJob_.busy(); }
    bool restartFinished() const { return restartJob_.finished(); }  // done; pollRestart() takes it
    void pollRestart();
    void waitForRestart();  // blocks until the restart under way is in (tests, start-up flags)
    std::size_t restartDone() const { return restartJob_.done(); }  // stages of searchRestartStages()
    std::size_t restartTotal() const { return restartJob_.total(); }
    double restartSeconds() const { return restartJob_.seconds(); }
    bool restartStopping() const { return restartJob_.cancelled(); }
    // Cancel: the restart stops after the search under way; the runs stay unsearched (stopped()) until
    // searchAgain(), or any edit, query or setting, restarts them.
    void cancelRestart();
    bool stopped() const { return stopped_; }
    void searchAgain();
    // While the workbench is not shown, a restart that would go to the worker waits (a --map given to
    // another workbench must not spend a core, nor about 100 bytes a cell, on searches nobody looks at):
    // the runs show nothing meanwhile, a seek is kept for them, and the restart starts when the hold is
    // lifted (the workbench shown).
    void holdRestarts(bool hold);
    bool restartHeld() const { return restartHeld_; }
    static constexpr int kBackgroundRestartCells = 1024 * 1024;
    void setBackgroundRestartCells(int cells) { backgroundRestartCells_ = cells; }  // tests
    // Tests: called on the worker before each stage of a restart (it may wait, to cancel at a known stage).
    void setRestartStageHook(std::function<void(std::size_t stage)> hook) { restartStageHook_ = std::move(hook); }
    // The optimal length under the first run's diagonal rule (A*, octile), for the ratio; nullopt: no path.
    std::optional<double> optimalLength() const { return optimal_; }
    // The goal's distance field: Dijkstra from the goal over the whole map under the first run's diagonal
    // rule, for the map and goal of the last restart (during a deferred stroke it stays the field of the
    // map before the stroke, like the runs). When asked for and not current it is computed: at once on
    // maps up to livePaintCells() cells, else on a worker thread (about 2.6 s at 4096 x 4096), and then
    // it is null until pollDistanceField() takes the result.
    const DistanceField* distanceField();
    void pollDistanceField();  // takes a finished computation; drops one made stale by a restart
    bool fieldComputing() const { return fieldJob_.busy(); }
    std::size_t fieldDone() const { return fieldJob_.done(); }    // cells settled so far
    std::size_t fieldTotal() const { return fieldJob_.total(); }  // the passable cells (an upper bound)
    double fieldSeconds() const { return fieldJob_.seconds(); }
    // Stops the computation: no field until it is asked for again, and takeFieldCancelled() is true once
    // (the workbench then unticks its "distance field" box).
    void cancelDistanceField();
    bool takeFieldCancelled();
    // Bumped whenever anything shown changes (position, map, query, configs): the mode redraws its textures.
    std::uint64_t serial() const { return serial_; }

private:
    void restart();       // new map, query or configs: measure each run, then step to the position
    void install(SearchRestart done);  // a restart's result becomes the runs shown
    void stopRestart();   // a restart under way stops now; its search objects come back for the next
    SearchEdit& openEdit(SearchEdit::Kind kind, bool stroke);  // the last edit (a stroke) or a new one
    void applyEdit(const SearchEdit& edit, bool forward);
    GridMap map_;
    std::string mapName_;
    GridPoint start_, goal_;
    std::size_t memoryBudgetBytes_ = kMemoryBudgetBytes;
    std::vector<SearchConfig> configs_;
    std::vector<SearchRun> runs_;
    std::size_t position_ = 0;
    std::vector<SearchEdit> history_;
    bool strokeOpen_ = false;  // the last edit belongs to the press or drag under way (a later `stroke` joins it)
    std::size_t done_ = 0;
    std::optional<double> optimal_;
    std::uint64_t serial_ = 1;
    DistanceField field_;
    std::uint64_t restartSerial_ = 1;  // bumped by restart() only
    std::uint64_t fieldSerial_ = 0;    // the restart the field was computed for
    BackgroundJob<DistanceField> fieldJob_;
    std::uint64_t fieldJobSerial_ = 0;  // the restart the computation under way is for
    bool fieldCancelled_ = false;
    bool restartPending_ = false;      // cells painted or the query dragged since the last restart (large maps)
    std::vector<PaintedCell> paintedSinceRestart_;
    int livePaintCells_ = kLivePaintCells;
    int liveQueryCells_ = kLiveQueryCells;
    bool queryMovedSinceRestart_ = false;  // the restart waits for a dragged start or goal
    GridSearch optimum_;  // A* for optimalLength(), kept so that its tables outlive a restart
    BackgroundJob<SearchRestart> restartJob_;
    std::shared_ptr<const GridMap> searchedMap_;  // the copy a worker's runs were started on (they read it)
    std::shared_ptr<std::atomic<std::size_t>> restartTarget_;  // the position the worker steps its runs to
    std::optional<std::size_t> requestedPosition_;  // a seek during the restart
    int backgroundRestartCells_ = kBackgroundRestartCells;
    std::function<void(std::size_t)> restartStageHook_;
    bool stopped_ = false;
    bool holdRestarts_ = false;
    bool restartHeld_ = false;             // a restart waits for holdRestarts(false)
    std::optional<std::size_t> heldSeek_;  // a seek asked for meanwhile
};

// A 48 x 32 map with rooms and walls, shown until the user opens a MovingAI map.
GridMap defaultSearchMap();

}  // namespace aoilab::app
