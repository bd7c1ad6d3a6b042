#pragma once
// Best-first searches on a GridMap: A* (any heuristic, optional weight), Dijkstra, greedy best-first and
// jump point search (JPS). One GridSearch object owns all scratch state (per-cell g, parent, open/closed
// marks, the open list) and reuses it across queries: a new query clears only the marks the last one set,
// so a query costs only what it touches. The map is read, never changed.
//
// Two ways to run a query, with the same result (same order of expansions, same path):
//   run()   the fast path: expands until the goal is closed or the open list is empty;
//   step()  expands one cell and reports what changed (closed, opened, updated, reopened; JPS also
//           the cells its jumps scanned), for the teaching panels.
// Step costs: straight 1, diagonal sqrt(2), each times the cost of the cell entered (GridMap::setCost).
// Costs are kept in fixed point (units of 2^-20 on every map up to 16384x16384 with cell costs up to
// kMaxCellCost, fewer fraction bits only beyond) so that equal costs are exactly equal: on a uniform
// grid every g and f is a + b*sqrt(2) with whole a and b, and two ways of adding the same steps give
// the same number. Ties in f go to the entry pushed last (see OpenList): the successors that keep f,
// heading straight for the goal, are expanded next. Reported lengths are summed along the path in
// double precision from the true step costs.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/limits.h"
#include "path/cell_marks.h"
#include "path/grid_map.h"
#include "path/grid_moves.h"
#include "path/heuristics.h"
#include "path/jps.h"
#include "path/open_list.h"

namespace aoilab {

enum class SearchAlgorithm : std::uint8_t { AStar, Dijkstra, Greedy, Jps, Bfs };

std::string_view algorithmName(SearchAlgorithm algorithm);
// The one registry of search algorithm names (the CLI, scenarios and the app use it): "astar",
// "dijkstra", "greedy", "jps", "bfs", and aliases ("a*", "best-first", "jump-point", "breadth-first").
std::optional<SearchAlgorithm> parseAlgorithm(std::string_view name);
std::string_view algorithmDescription(SearchAlgorithm algorithm);  // one line, English
std::string unknownAlgorithmMessage(std::string_view name);      // the same words everywhere
// Whether the algorithm's lengths are optimal with the default options (greedy's are not; breadth-first
// finds the fewest moves, which is the least cost only without diagonals).
bool isOptimal(SearchAlgorithm algorithm);
// Every algorithm of the registry, canonical names in the registry's order (for help texts and pickers).
std::vector<SearchAlgorithm> searchAlgorithms();
// Whether the heuristic takes part in the search (not for Dijkstra and breadth-first).
bool usesHeuristic(SearchAlgorithm algorithm);

struct SearchOptions;
// Why the engine refuses to search `map` with `options` (JPS and breadth-first need a map without
// weighted cells; the search's memory must fit kGridSearchBudgetBytes), or an empty string.
std::string mapRefusal(const SearchOptions& options, const GridMap& map);

// The memory a search with `options` needs on a width x height map, estimated from the size alone
// before any of it is allocated: the per-cell state (g, parent, arrival, marks) and the table of
// allowed moves, or for JPS its padded grid, bit lines and (up to JumpScanner::kMaxTableCells) jump
// table; breadth-first's queue.
std::size_t gridSearchBytes(int width, int height, const SearchOptions& options);
// 2 GiB on the desktop: A* up to about 11,900 x 11,900 (the page: a quarter, core/limits.h).
inline constexpr std::size_t kGridSearchBudgetBytes = (std::size_t(2) << 30) / kMemoryBudgetDivisor;
// Why a search with `options` on a width x height map would pass `budgetBytes` (with the MiB it would
// need), or an empty string.
std::string gridSearchMemoryRefusal(int width, int height, const SearchOptions& options,
                                    std::size_t budgetBytes = kGridSearchBudgetBytes);

struct SearchOptions {
    SearchAlgorithm algorithm = SearchAlgorithm::AStar;
    Heuristic heuristic = Heuristic::Octile;  // A*, greedy and JPS (Dijkstra always uses zero)
    double weight = 1.0;                       // A*: f = g + weight * h (weighted A* when > 1)
    Diagonal diagonal = Diagonal::NoCornerCutting;  // JPS supports only no-corner-cutting
};
// Breadth-first (SearchAlgorithm::Bfs) expands cells in the order it found them (a FIFO queue) and
// counts moves: every allowed move, straight or diagonal (by the diagonal rule), costs 1, so g is the
// number of moves and the path found has the fewest moves. The heuristic and the weight play no part;
// maps with weighted cells are refused (counting moves would ignore the weights). A cell is reached
// once (its first discovery is by fewest moves) and the search ends when the goal is taken from the
// queue, as the other algorithms end when they close it. The reported length is the found path's
// cost in the usual cost model (1 straight, sqrt(2) diagonal), for comparison with the others.

enum class SearchStatus : std::uint8_t { Idle, Running, Found, NoPath };
std::string_view statusName(SearchStatus status);

struct CellChange {
    enum class Kind : std::uint8_t {
        Closed,    // taken from the open list and expanded
        Opened,    // put on the open list for the first time
        Updated,   // already open, reached more cheaply: g, f and parent changed
        Reopened,  // already closed, reached more cheaply: back on the open list
        Scanned,   // JPS only: a cell a jump passed over without stopping
    };
    Kind kind;
    GridPoint cell;
    GridPoint parent;  // for Opened/Updated/Reopened (the cell itself for the start)
    double g = 0;
    double f = 0;
};
std::string_view changeName(CellChange::Kind kind);

// What one step() did. `changes` lists the Closed cell first, then its successors in the order handled.
struct SearchStep {
    SearchStatus status = SearchStatus::Idle;
    std::vector<CellChange> changes;
};

struct SearchResult {
    SearchStatus status = SearchStatus::Idle;
    double length = 0;         // cost of the path found (summed along it), when Found
    std::int64_t expansions = 0;  // cells closed (popped from the open list)
    std::int64_t pushes = 0;      // cells put (or put back) on the open list
    bool found() const { return status == SearchStatus::Found; }
};

class GridSearch {
public:
    // Throws InputError for invalid options (weight not finite or < 0; JPS with a policy other than
    // no-corner-cutting).
    explicit GridSearch(SearchOptions options = {});

    const SearchOptions& options() const { return options_; }
    void setOptions(const SearchOptions& options);  // ends any query in progress

    // Starts a query on `map`, which must outlive it and stay unchanged until it ends (step()/run()
    // throw InputError when the map's revision changed). Throws InputError when start or goal lie
    // outside the map, or for JPS and breadth-first on a map with weighted cells (mapRefusal). A blocked start or goal gives NoPath.
    void start(const GridMap& map, GridPoint from, GridPoint to);
    // Does the per-map work of queries on `map` now: the table of allowed moves, or for JPS the padded
    // grid and the jump table (about 10 ms on a 512x512 map), and the per-cell arrays. Kept until the
    // map changes (its revision), so a query timed after prepare() measures the search alone; start()
    // does whatever prepare() was not asked to. Ends any query in progress.
    void prepare(const GridMap& map);
    std::size_t jumpTableBuilds() const { return jumps_.tableBuilds(); }  // for tests: JPS tables built so far
    const SearchStep& step();  // one expansion; valid until the next call; Idle when no query
    SearchResult run();        // to the end (continues a stepped query)
    // For a timeline of the steps (the Search workbench): per cell, the expansion that opened it and the
    // one that closed it, as the Opened and Closed changes of step() give them (numbered from 1).
    struct ExpansionRecord {
        std::int32_t* openedAt;  // set when a cell is first reached
        std::int32_t* closedAt;
    };
    // Expands at run()'s speed until `expansions` cells are expanded in all (or the query ends), filling
    // `record` as stepping would. The search is then exactly where as many step() calls would leave it,
    // but for step()'s report. False, having done nothing, when no fast loop applies (step() then).
    bool runTo(std::int64_t expansions, const ExpansionRecord& record);
    // Expands at run()'s speed (its fast loops, no step reports) until `expansions` cells are expanded in
    // all or the query ends; true when it ended. A worker runs a long query in slices this way, so that
    // it can stop between them (the Search workbench's Cancel on large maps); the slices together do
    // exactly what run() does.
    bool runUntil(std::int64_t expansions);
    SearchResult find(const GridMap& map, GridPoint from, GridPoint to) {
        start(map, from, to);
        return run();
    }

    // State of the current (or last) query, for panels and tests.
    SearchStatus status() const { return status_; }
    SearchResult result() const;
    GridPoint startCell() const { return from_; }
    GridPoint goalCell() const { return to_; }
    std::optional<GridPoint> lastExpanded() const;  // the cell the last expansion closed
    bool isOpen(GridPoint cell) const;
    bool isClosed(GridPoint cell) const;
    bool isReached(GridPoint cell) const { return isOpen(cell) || isClosed(cell); }
    double g(GridPoint cell) const;                     // infinity when not reached
    std::optional<GridPoint> parent(GridPoint cell) const;  // nullopt when not reached (start: itself)
    std::vector<GridPoint> openCells() const;    // the frontier, best first
    // The open cells whose key (f, in fixed point) ties with the best one: any of them could be expanded
    // next (the open list's LIFO tie-break picks one); breadth-first: the queue's head. An exercise
    // accepts each as a guess.
    std::vector<GridPoint> nextCandidates() const;
    std::vector<GridPoint> closedCells() const;  // row-major order
    // openCells().size() and closedCells().size() without listing them (the panels ask every frame: on a
    // 4096 x 4096 map listing them took about 30 ms). A cell reached and not closed always has a live
    // entry in the open list (or the breadth-first queue), so the open ones are counted from the marks.
    std::size_t openSize() const { return map_ && status_ != SearchStatus::Idle ? marks_.openCount() : 0; }
    std::size_t closedCount() const { return map_ ? marks_.closedCount() : 0; }
    // Cells from start to goal (every cell, JPS segments filled in); empty unless Found.
    std::vector<GridPoint> path() const;

private:
    double toCost(std::uint64_t fixed) const { return static_cast<double>(fixed) / unit_; }
    std::uint64_t heuristicCost(int x, int y) const;  // h of (x, y) in fixed point
    std::uint64_t priority(std::uint64_t g, int x, int y) const;
    void prepareTables(const GridMap& map, bool jumpTable);  // prepare() without ending a query
    void chooseScale(const GridMap& map);
    void finish(SearchStatus status);  // sets the status; when Found, sums the path's length
    void checkMapUnchanged() const;
    // A uniform map's g as its numbers of straight and diagonal steps; nullopt when g is not such a sum
    // or more than one pair gives it (then finish() walks the path).
    std::optional<std::pair<std::uint64_t, std::uint64_t>> straightAndDiagonalSteps(std::uint64_t g) const;
    // The fast loops' pop: the next entry whose cell is not closed yet (an entry pushed before its
    // cell was expanded by a cheaper one is stale); false when the open list runs out.
    [[gnu::always_inline]] bool popUnclosed(OpenEntry& top) {
        do {
            if (!open_.popMonotone(top)) return false;
        } while (marks_.closed(top.cell));
        return true;
    }
    template <bool Record>
    void expandNext();
    bool uniformGridLoopApplies() const;  // runUniformGrid()'s loop applies to this query
    bool runUniformGrid();  // run()'s fast loop when it applies (see there); false when it does not
    // Timed: stops after `limit` expansions in all and fills `record` when given (runTo, runUntil);
    // else runs to the end.
    // The uniform loop up to `limit` expansions in all, filling `record` when given (runTo, runUntil).
    void runUniformGridUntil(std::int64_t limit, const ExpansionRecord* record);
    template <Heuristic H, bool Timed>
    void runUniformGridWith(std::int64_t limit = 0, const ExpansionRecord* record = nullptr);
    template <bool Record, bool Weighted>
    void expandGrid(int index);
    template <bool Record>
    void expandJps(int index);
    template <bool Record>
    void expandBfsNext();  // breadth-first: takes the queue's head and expands it
    // The fast loops stop after `limit` expansions in all (runUntil), still running; run() gives none.
    static constexpr std::int64_t kNoLimit = std::numeric_limits<std::int64_t>::max();
    void runBfs(std::int64_t limit = kNoLimit);  // run()'s fast loop for breadth-first (expandBfsNext's operations)
    bool runJps(std::int64_t limit = kNoLimit);  // run()'s fast loop for JPS when it applies (see there); false when not
    template <bool Record>
    [[gnu::always_inline]] inline void relax(int from, int to, int toX, int toY, std::uint64_t g);

    SearchOptions options_;
    Heuristic heuristic_ = Heuristic::Octile;  // effective (zero for Dijkstra)
    double hWeight_ = 1.0;                     // weight of h in f
    double gWeight_ = 1.0;                     // weight of g in f (0 for greedy)
    bool reopen_ = true;
    bool consistent_ = true;  // h consistent with the moves: a closed cell never gets a cheaper g

    const GridMap* map_ = nullptr;
    std::uint64_t mapRevision_ = 0;
    int width_ = 0;
    GridPoint from_;
    GridPoint to_;
    int goal_ = -1;
    SearchStatus status_ = SearchStatus::Idle;
    double length_ = 0;  // when Found
    std::int64_t expansions_ = 0;
    std::int64_t pushes_ = 0;
    int lastExpanded_ = -1;

    MoveTable moves_;
    JumpScanner jumps_;
    // Fixed point: a cost c is stored as c * unit_ (unit_ = 2^scaleBits_), rounded for weighted cells.
    int scaleBits_ = 20;
    double unit_ = 1 << 20;
    std::uint64_t straightCost_ = 0;  // 1 and sqrt(2) in fixed point
    std::uint64_t diagonalCost_ = 0;
    std::uint64_t mapCostsRevision_ = ~std::uint64_t(0);  // the map whose cost and scale are known
    const GridMap* mapCostsOf_ = nullptr;
    double highestCost_ = 1.0;

    CellMarks marks_;              // which cells are reached and closed
    // g of each reached cell, fixed point; kUnreachedG for every other cell (start() resets the cells the
    // last query reached), so that run()'s loop tells "new or cheaper" by one comparison.
    static constexpr std::uint64_t kUnreachedG = ~std::uint64_t(0);
    std::vector<std::uint64_t> gs_;
    std::vector<std::int32_t> parents_;   // parent of each reached cell (the start: itself)
    // JPS: the kGridMoves direction from each reached cell's parent (kNoArrival for the start), so that
    // runJps() need not work it out from the parent's row and column.
    static constexpr std::uint8_t kNoArrival = 8;
    std::vector<std::uint8_t> arrivals_;
    OpenList open_;
    std::vector<std::int32_t> fifo_;  // breadth-first: cells in the order found; [fifoHead_, fifoTail_) open
    std::size_t fifoHead_ = 0;
    std::size_t fifoTail_ = 0;
    std::uint64_t currentF_ = OpenList::kNoCurrent;  // f of the entry being expanded
    SearchStep step_;
};

}  // namespace aoilab
