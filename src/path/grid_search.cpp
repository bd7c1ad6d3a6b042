#include "path/grid_search.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <limits>
#include <string>
#include <type_traits>
#include <unordered_set>

#include "core/error.h"

namespace aoilab {

std::string_view algorithmName(SearchAlgorithm algorithm) {
    switch (algorithm) {
        case SearchAlgorithm::AStar: return "astar";
        case SearchAlgorithm::Dijkstra: return "dijkstra";
        case SearchAlgorithm::Greedy: return "greedy";
        case SearchAlgorithm::Jps: return "jps";
        case SearchAlgorithm::Bfs: return "bfs";
    }
    return "?";
}

namespace {
// The one registry of search algorithm names: canonical names first, then the other spellings accepted.
struct AlgorithmAlias {
    const char* name;
    SearchAlgorithm algorithm;
};
constexpr AlgorithmAlias kAlgorithmAliases[] = {
    {"a*", SearchAlgorithm::AStar},           {"a-star", SearchAlgorithm::AStar},
    {"best-first", SearchAlgorithm::Greedy},  {"bestfirst", SearchAlgorithm::Greedy},
    {"greedy-best-first", SearchAlgorithm::Greedy}, {"jump-point", SearchAlgorithm::Jps},
    {"breadth-first", SearchAlgorithm::Bfs},
};
constexpr SearchAlgorithm kAlgorithms[] = {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra, SearchAlgorithm::Greedy,
                                           SearchAlgorithm::Jps, SearchAlgorithm::Bfs};
}  // namespace

std::optional<SearchAlgorithm> parseAlgorithm(std::string_view name) {
    for (SearchAlgorithm a : kAlgorithms)
        if (algorithmName(a) == name) return a;
    for (const AlgorithmAlias& alias : kAlgorithmAliases)
        if (name == alias.name) return alias.algorithm;
    return std::nullopt;
}

std::string_view algorithmDescription(SearchAlgorithm algorithm) {
    switch (algorithm) {
        case SearchAlgorithm::AStar: return "A*: expands the least g + w*h first (optimal with w = 1 and an admissible h)";
        case SearchAlgorithm::Dijkstra: return "Dijkstra: expands the least g first, no heuristic";
        case SearchAlgorithm::Greedy: return "greedy best-first: expands the least h first (fast, not optimal)";
        case SearchAlgorithm::Jps: return "jump point search: A* that jumps along straight lines to forced neighbours";
        case SearchAlgorithm::Bfs: return "breadth-first: expands cells in the order found (a queue), fewest moves first";
    }
    return "?";
}

std::string unknownAlgorithmMessage(std::string_view name) {
    return "unknown algorithm \"" + std::string(name) + "\" (expected astar, dijkstra, greedy, jps or bfs)";
}

bool isOptimal(SearchAlgorithm algorithm) {
    return algorithm != SearchAlgorithm::Greedy && algorithm != SearchAlgorithm::Bfs;
}

bool usesHeuristic(SearchAlgorithm algorithm) {
    return algorithm != SearchAlgorithm::Dijkstra && algorithm != SearchAlgorithm::Bfs;
}

std::string mapRefusal(const SearchOptions& options, const GridMap& map) {
    if (map.hasWeights()) {
        if (options.algorithm == SearchAlgorithm::Jps)
            return "jump point search needs a uniform-cost map, and this map has weighted cells (use astar or dijkstra)";
        if (options.algorithm == SearchAlgorithm::Bfs)
            return "breadth-first counts moves and would ignore this map's weighted cells (use astar or dijkstra)";
    }
    return gridSearchMemoryRefusal(map.width(), map.height(), options);
}

std::size_t gridSearchBytes(int width, int height, const SearchOptions& options) {
    const std::size_t cells = static_cast<std::size_t>(std::max(width, 0)) * static_cast<std::size_t>(std::max(height, 0));
    // g (8 bytes), parent (4), arrival (1) and the reached and closed bits, rounded up to a byte.
    std::size_t perCell = 8 + 4 + 1 + 1;
    std::size_t bytes = 0;
    if (options.algorithm == SearchAlgorithm::Jps) {
        const std::size_t padded = static_cast<std::size_t>(std::max(width, 0) + 2) * static_cast<std::size_t>(std::max(height, 0) + 2);
        bytes += padded * (1 + 1) + padded / 4;                        // cells, neighbour bytes, row and column bits
        if (padded <= JumpScanner::kMaxTableCells) bytes += padded * (8 * 2 + 8);  // the table and its compact copy
    } else {
        perCell += 1;  // the table of allowed moves
    }
    if (options.algorithm == SearchAlgorithm::Bfs) perCell += 4;  // the queue
    return bytes + cells * perCell;
}

std::string gridSearchMemoryRefusal(int width, int height, const SearchOptions& options, std::size_t budgetBytes) {
    const std::size_t needed = gridSearchBytes(width, height, options);
    if (needed <= budgetBytes) return {};
    auto mib = [](std::size_t bytes) { return std::to_string((bytes + (std::size_t(1) << 20) - 1) >> 20); };
    return "a " + std::to_string(width) + " x " + std::to_string(height) + " map needs about " + mib(needed) + " MiB for " +
           std::string(algorithmName(options.algorithm)) + " (its per-cell state and tables), more than the " +
           mib(budgetBytes) + " MiB budget";
}

std::vector<SearchAlgorithm> searchAlgorithms() { return {std::begin(kAlgorithms), std::end(kAlgorithms)}; }

std::string_view statusName(SearchStatus status) {
    switch (status) {
        case SearchStatus::Idle: return "idle";
        case SearchStatus::Running: return "running";
        case SearchStatus::Found: return "found";
        case SearchStatus::NoPath: return "no-path";
    }
    return "?";
}

std::string_view changeName(CellChange::Kind kind) {
    switch (kind) {
        case CellChange::Kind::Closed: return "closed";
        case CellChange::Kind::Opened: return "opened";
        case CellChange::Kind::Updated: return "updated";
        case CellChange::Kind::Reopened: return "reopened";
        case CellChange::Kind::Scanned: return "scanned";
    }
    return "?";
}

GridSearch::GridSearch(SearchOptions options) { setOptions(options); }

void GridSearch::setOptions(const SearchOptions& options) {
    if (!std::isfinite(options.weight) || options.weight < 0)
        throw InputError("grid search: weight " + std::to_string(options.weight) + " must be a finite number >= 0");
    if (options.algorithm == SearchAlgorithm::Jps && options.diagonal != Diagonal::NoCornerCutting)
        throw InputError("grid search: jump point search supports only the no-corner-cutting diagonal policy, not " +
                         std::string(diagonalName(options.diagonal)));
    options_ = options;
    heuristic_ = options.heuristic;
    gWeight_ = 1.0;
    hWeight_ = 1.0;
    reopen_ = true;
    switch (options.algorithm) {
        case SearchAlgorithm::AStar: hWeight_ = options.weight; break;
        case SearchAlgorithm::Dijkstra: heuristic_ = Heuristic::Zero; break;
        case SearchAlgorithm::Greedy:
            gWeight_ = 0.0;
            reopen_ = false;  // greedy keeps the first way it found into a closed cell
            break;
        case SearchAlgorithm::Jps: break;
        case SearchAlgorithm::Bfs:  // every move costs one: g is the number of moves
            heuristic_ = Heuristic::Zero;
            reopen_ = false;
            break;
    }
    // Octile, euclidean, chebyshev and zero never overestimate a single move (cell costs are >= 1),
    // so with h weighted at most 1 a closed cell's g is final; manhattan overestimates diagonals.
    consistent_ = gWeight_ == 1.0 && hWeight_ <= 1.0 &&
                  (heuristic_ != Heuristic::Manhattan || options.diagonal == Diagonal::Never);
    status_ = SearchStatus::Idle;
    map_ = nullptr;
    open_.clear(OpenList::Mode::Heap);
}

void GridSearch::start(const GridMap& map, GridPoint from, GridPoint to) {
    // The messages are built only when thrown: on small maps a query takes well under a microsecond.
    auto outside = [&map](const char* what, GridPoint p) {
        return InputError("grid search: " + std::string(what) + " (" + std::to_string(p.x) + ", " + std::to_string(p.y) +
                          ") is outside the " + std::to_string(map.width()) + "x" + std::to_string(map.height()) + " map");
    };
    if (!map.inBounds(from)) throw outside("start", from);
    if (!map.inBounds(to)) throw outside("goal", to);
    const bool jps = options_.algorithm == SearchAlgorithm::Jps;
    const bool bfs = options_.algorithm == SearchAlgorithm::Bfs;
    if (const std::string refusal = mapRefusal(options_, map); !refusal.empty())
        throw InputError("grid search: " + refusal);

    prepareTables(map, false);  // the jump table waits for the first jump that reads it
    map_ = &map;
    mapRevision_ = map.revision();
    width_ = map.width();
    from_ = from;
    to_ = to;
    goal_ = map.index(to.x, to.y);
    const std::size_t cells = static_cast<std::size_t>(map.cellCount());
    // Every cell not reached has g = kUnreachedG (see there): reset the ones the last query reached, a
    // whole 64-cell word at a time (the others already hold it), which is faster than visiting each
    // reached cell, whose loop mispredicts at the end of every word.
    marks_.forEachTouchedWord([this](std::size_t word) {
        const std::size_t first = word * 64;
        const std::size_t end = std::min(first + 64, gs_.size());
        std::fill(gs_.begin() + static_cast<std::ptrdiff_t>(first), gs_.begin() + static_cast<std::ptrdiff_t>(end), kUnreachedG);
    });
    marks_.reset(cells);
    if (bfs && fifo_.size() < cells) fifo_.resize(cells);  // each cell is queued at most once
    fifoHead_ = 0;
    fifoTail_ = 0;
    // The monotone open list needs every push at or above the f being expanded: A* with a consistent
    // heuristic, Dijkstra or JPS, on a uniform-cost map. Its ring reaches 4 units above the current f,
    // enough for single steps (at most 2 sqrt(2) higher); JPS's jumps go further, so its ring has
    // coarser buckets (16 units), and pushes beyond wait in the list's heap.
    const bool monotone = !map.hasWeights() && consistent_ &&
                          (options_.algorithm == SearchAlgorithm::AStar || options_.algorithm == SearchAlgorithm::Dijkstra ||
                           jps);
    open_.clear(monotone ? OpenList::Mode::Monotone : OpenList::Mode::Heap, scaleBits_ - (jps ? 6 : 8));
    currentF_ = OpenList::kNoCurrent;
    step_.changes.clear();
    step_.status = SearchStatus::Running;
    expansions_ = 0;
    pushes_ = 0;
    lastExpanded_ = -1;
    length_ = 0;
    if (!map.passable(from) || !map.passable(to)) {
        status_ = SearchStatus::NoPath;
        step_.status = status_;
        return;
    }
    status_ = SearchStatus::Running;
    const int s = map.index(from.x, from.y);
    marks_.reach(s);
    gs_[s] = 0;
    parents_[s] = s;
    arrivals_[s] = kNoArrival;
    ++pushes_;
    if (bfs) {
        fifo_[fifoTail_++] = s;
        return;
    }
    open_.push(priority(0, from.x, from.y), s, OpenList::kNoCurrent);
}

void GridSearch::prepare(const GridMap& map) {
    status_ = SearchStatus::Idle;  // the tables a query in progress reads may be rebuilt
    map_ = nullptr;
    if (!mapRefusal(options_, map).empty()) return;  // start() says why; nothing is built for it
    prepareTables(map, true);
}

void GridSearch::prepareTables(const GridMap& map, bool jumpTable) {
    if (options_.algorithm == SearchAlgorithm::Jps) {
        jumps_.update(map);
        if (jumpTable && !map.hasWeights()) jumps_.prepareTable();  // JPS refuses weighted maps (mapRefusal)
    } else {
        moves_.update(map, options_.diagonal);
    }
    chooseScale(map);
    const std::size_t cells = static_cast<std::size_t>(map.cellCount());
    if (gs_.size() < cells) {  // cells beyond the old size were never reached: g = kUnreachedG
        gs_.resize(cells, kUnreachedG);
        parents_.resize(cells, 0);
        arrivals_.resize(cells, 0);
    }
}

void GridSearch::chooseScale(const GridMap& map) {
    if (mapCostsOf_ == &map && mapCostsRevision_ == map.revision()) return;  // revisions are unique to a content
    highestCost_ = map.highestCost();
    mapCostsOf_ = &map;
    mapCostsRevision_ = map.revision();
    // Any g is the cost of a simple path (at most every cell once, each at the highest diagonal cost),
    // any h at most the octile distance across the map; f must stay below 2^62 (f adds the two, and
    // weighted A* saturates its weighted h there). 20 fraction bits unless the map is huge and costly.
    const double bound = static_cast<double>(map.cellCount()) * highestCost_ * kSqrt2 + (map.width() + map.height()) * kSqrt2;
    int bits = 20;
    while (bits > 8 && std::ldexp(bound, bits) >= 0x1p61) --bits;
    scaleBits_ = bits;
    unit_ = std::ldexp(1.0, bits);
    straightCost_ = std::uint64_t(1) << bits;
    diagonalCost_ = static_cast<std::uint64_t>(std::llround(kSqrt2 * unit_));
}

namespace {

// The row of a cell, cell / width, by a multiplication off a division's latency: exact for the maps'
// sizes (cells < 2^28, width <= 2^14, GridMap::kMaxSide).
class RowOfCell {
    __extension__ using Wide = unsigned __int128;

public:
    // In 128 bits: for width 1 the magic is 2^64 (in 64 bits it would wrap to 0 and give row 0).
    explicit RowOfCell(int width) : magic_(static_cast<Wide>((~std::uint64_t(0)) / static_cast<std::uint64_t>(width)) + 1) {}
    [[gnu::always_inline]] int operator()(int cell) const { return static_cast<int>((static_cast<Wide>(cell) * magic_) >> 64); }

private:
    Wide magic_;
};

// The heuristics in fixed point (straight and diagonal are 1 and sqrt(2) in it). The integer ones are
// exact, so on a uniform grid octile's f values are exact sums of straight and diagonal steps.
template <Heuristic H>
[[gnu::always_inline]] inline std::uint64_t fixedHeuristic(int adx, int ady, std::uint64_t straight, std::uint64_t diagonal,
                                                          double unit) {
    const int lo = std::min(adx, ady);
    const int hi = std::max(adx, ady);
    if constexpr (H == Heuristic::Zero) {
        return 0;
    } else if constexpr (H == Heuristic::Manhattan) {
        return static_cast<std::uint64_t>(adx + ady) * straight;
    } else if constexpr (H == Heuristic::Octile) {
        return static_cast<std::uint64_t>(hi - lo) * straight + static_cast<std::uint64_t>(lo) * diagonal;
    } else if constexpr (H == Heuristic::Chebyshev) {
        return static_cast<std::uint64_t>(hi) * straight;
    } else {
        return static_cast<std::uint64_t>(std::llround(std::sqrt(double(adx) * adx + double(ady) * ady) * unit));
    }
}

}  // namespace

std::uint64_t GridSearch::heuristicCost(int x, int y) const {
    const int adx = std::abs(x - to_.x);
    const int ady = std::abs(y - to_.y);
    switch (heuristic_) {
        case Heuristic::Zero: return 0;
        case Heuristic::Manhattan: return fixedHeuristic<Heuristic::Manhattan>(adx, ady, straightCost_, diagonalCost_, unit_);
        case Heuristic::Octile: return fixedHeuristic<Heuristic::Octile>(adx, ady, straightCost_, diagonalCost_, unit_);
        case Heuristic::Euclidean: return fixedHeuristic<Heuristic::Euclidean>(adx, ady, straightCost_, diagonalCost_, unit_);
        case Heuristic::Chebyshev: return fixedHeuristic<Heuristic::Chebyshev>(adx, ady, straightCost_, diagonalCost_, unit_);
    }
    return 0;
}

std::uint64_t GridSearch::priority(std::uint64_t g, int x, int y) const {
    const std::uint64_t h = heuristicCost(x, y);
    const std::uint64_t base = gWeight_ == 0.0 ? 0 : g;
    if (hWeight_ == 1.0) return base + h;
    const double weighted = std::min(hWeight_ * static_cast<double>(h), 0x1p62);  // weighted A*: saturate
    return base + static_cast<std::uint64_t>(std::llround(weighted));
}

void GridSearch::checkMapUnchanged() const {
    if (map_ && map_->revision() != mapRevision_)
        throw InputError("grid search: the map was edited during the search; start the query again");
}

const SearchStep& GridSearch::step() {
    step_.changes.clear();
    if (status_ == SearchStatus::Running) {
        checkMapUnchanged();
        if (options_.algorithm == SearchAlgorithm::Bfs) {
            expandBfsNext<true>();
        } else {
            expandNext<true>();
        }
    }
    step_.status = status_;
    return step_;
}

SearchResult GridSearch::run() {
    if (status_ == SearchStatus::Running) {
        checkMapUnchanged();
        if (options_.algorithm == SearchAlgorithm::Bfs) {
            runBfs();
        } else if (!runUniformGrid() && !runJps())
            while (status_ == SearchStatus::Running) expandNext<false>();
    }
    return result();
}

bool GridSearch::uniformGridLoopApplies() const {
    // The common case (A* with h weighted 1 or Dijkstra, on the monotone open list) gets one loop with
    // the per-query values in locals and the heuristic fixed at compile time. It does exactly what
    // expandNext<false>() and relax() do, in the same order, so step() and run() still agree.
    return open_.mode() == OpenList::Mode::Monotone && hWeight_ == 1.0 && options_.algorithm != SearchAlgorithm::Jps;
}

bool GridSearch::runUniformGrid() {
    if (!uniformGridLoopApplies()) return false;
    switch (heuristic_) {
        case Heuristic::Zero: runUniformGridWith<Heuristic::Zero, false>(); return true;
        case Heuristic::Octile: runUniformGridWith<Heuristic::Octile, false>(); return true;
        case Heuristic::Chebyshev: runUniformGridWith<Heuristic::Chebyshev, false>(); return true;
        case Heuristic::Euclidean: runUniformGridWith<Heuristic::Euclidean, false>(); return true;
        case Heuristic::Manhattan: runUniformGridWith<Heuristic::Manhattan, false>(); return true;
    }
    return false;
}

bool GridSearch::runUntil(std::int64_t limit) {
    if (status_ != SearchStatus::Running) return true;
    checkMapUnchanged();
    if (options_.algorithm == SearchAlgorithm::Bfs) {
        runBfs(limit);
    } else if (uniformGridLoopApplies()) {
        runUniformGridUntil(limit, nullptr);
    } else if (!runJps(limit)) {
        while (status_ == SearchStatus::Running && expansions_ < limit) expandNext<false>();
    }
    return status_ != SearchStatus::Running;
}

bool GridSearch::runTo(std::int64_t expansions, const ExpansionRecord& record) {
    if (status_ != SearchStatus::Running || options_.algorithm == SearchAlgorithm::Bfs || !uniformGridLoopApplies())
        return false;
    checkMapUnchanged();
    if (expansions_ >= expansions) return true;
    runUniformGridUntil(expansions, &record);
    return true;
}

void GridSearch::runUniformGridUntil(std::int64_t limit, const ExpansionRecord* record) {
    switch (heuristic_) {
        case Heuristic::Zero: runUniformGridWith<Heuristic::Zero, true>(limit, record); return;
        case Heuristic::Octile: runUniformGridWith<Heuristic::Octile, true>(limit, record); return;
        case Heuristic::Chebyshev: runUniformGridWith<Heuristic::Chebyshev, true>(limit, record); return;
        case Heuristic::Euclidean: runUniformGridWith<Heuristic::Euclidean, true>(limit, record); return;
        case Heuristic::Manhattan: runUniformGridWith<Heuristic::Manhattan, true>(limit, record); return;
    }
}

template <Heuristic H, bool Timed>
void GridSearch::runUniformGridWith(std::int64_t limit, const ExpansionRecord* record) {
    const int width = width_;
    const int goal = goal_;
    const int goalX = to_.x;
    const int goalY = to_.y;
    const std::uint64_t straight = straightCost_;
    const std::uint64_t diagonal = diagonalCost_;
    const double unit = unit_;
    std::uint64_t* const gs = gs_.data();
    std::int32_t* const parents = parents_.data();
    const std::uint8_t* const masks = moves_.data();
    int offsets[8];
    std::uint64_t stepCosts[8];
    for (int i = 0; i < 8; ++i) {
        offsets[i] = kGridMoves[i].dx + kGridMoves[i].dy * width;
        stepCosts[i] = kGridMoves[i].diagonal ? diagonal : straight;
    }
    std::int64_t expansions = expansions_;
    std::int64_t pushes = pushes_;
    int last = lastExpanded_;
    std::uint64_t currentF = currentF_;
    const RowOfCell row(width);
    SearchStatus status = SearchStatus::Running;
    for (;;) {
        if constexpr (Timed) {
            if (expansions >= limit) break;  // still running: the caller steps on
        }
        OpenEntry top;
        if (!popUnclosed(top)) {
            status = SearchStatus::NoPath;
            break;
        }
        const int u = top.cell;
        marks_.close(u);
        currentF = top.f;
        ++expansions;
        last = u;
        if constexpr (Timed) {
            if (record) record->closedAt[u] = static_cast<std::int32_t>(expansions);
        }
        if (u == goal) {
            status = SearchStatus::Found;
            break;
        }
        const int y = row(u);
        const int x = u - y * width;
        const std::uint64_t gu = gs[u];
        const unsigned mask = masks[u];
        // All eight moves, in mask order: a move the mask forbids looks at u itself, whose g is below g,
        // so the same test skips it. (GCC still branches on the mask bit for v; applying the mask by
        // arithmetic removes that branch but makes the load of g wait for it: slower on 16room_000.)
#pragma GCC unroll 8
        for (int i = 0; i < 8; ++i) {
            const int v = ((mask >> i) & 1) != 0 ? u + offsets[i] : u;
            const std::uint64_t g = gu + stepCosts[i];
            // One test and one branch decide the push (new, or open and cheaper): a cell not reached has
            // g = kUnreachedG, and a closed cell's g is final, never above g (exactly consistent h in fixed
            // point). Testing the reached and closed bits first cost about 3 mispredictions an expansion.
            if (!(g < gs[v])) continue;
            if constexpr (H == Heuristic::Euclidean) {
                if (marks_.closed(v)) continue;  // its rounded h may be inconsistent by a unit
            }
            if constexpr (Timed) {
                if (record && gs[v] == kUnreachedG) record->openedAt[v] = static_cast<std::int32_t>(expansions);  // step()'s Opened
            }
            marks_.reach(v);
            gs[v] = g;
            parents[v] = u;
            const int vx = x + kGridMoves[i].dx;
            const int vy = y + kGridMoves[i].dy;
            std::uint64_t f = g + fixedHeuristic<H>(std::abs(vx - goalX), std::abs(vy - goalY), straight, diagonal, unit);
            if constexpr (H == Heuristic::Euclidean) {
                if (f < currentF) f = currentF;  // rounding of the square root (see relax)
            }
            ++pushes;
            open_.pushMonotone(f, v, currentF);
        }
    }
    currentF_ = currentF;
    expansions_ = expansions;
    pushes_ = pushes;
    lastExpanded_ = last;
    if (status != SearchStatus::Running) finish(status);
}

bool GridSearch::runJps(std::int64_t limit) {
    // JPS with the octile heuristic (the default) on the jump table: expandNext<false>() and
    // expandJps<false>() in one loop, the same operations in the same order (so step() agrees), with
    // the per-query values in locals, rows by a multiplication and each jump's end from its number of
    // steps instead of divisions.
    if (options_.algorithm != SearchAlgorithm::Jps || heuristic_ != Heuristic::Octile || !consistent_ ||
        open_.mode() != OpenList::Mode::Monotone || !jumps_.prepareTable())
        return false;
    const int width = width_;
    const int goal = goal_;
    const int goalX = to_.x;
    const int goalY = to_.y;
    const std::uint64_t straight = straightCost_;
    const std::uint64_t diagonal = diagonalCost_;
    const double unit = unit_;
    std::uint64_t* const gs = gs_.data();
    std::int32_t* const parents = parents_.data();
    std::uint8_t* const arrivals = arrivals_.data();
    int offsets[8];
    std::uint64_t stepCosts[8];
    for (int i = 0; i < 8; ++i) {
        offsets[i] = kGridMoves[i].dx + kGridMoves[i].dy * width;
        stepCosts[i] = kGridMoves[i].diagonal ? diagonal : straight;
    }
    const RowOfCell row(width);
    std::int64_t expansions = expansions_;
    std::int64_t pushes = pushes_;
    int last = lastExpanded_;
    std::uint64_t currentF = currentF_;
    SearchStatus status = SearchStatus::Running;
    for (;;) {
        if (expansions >= limit) break;  // still running (runUntil's slice is done)
        OpenEntry top;
        if (!popUnclosed(top)) {
            status = SearchStatus::NoPath;
            break;
        }
        const int u = top.cell;
        marks_.close(u);
        currentF = top.f;
        ++expansions;
        last = u;
        if (u == goal) {
            status = SearchStatus::Found;
            break;
        }
        const int y = row(u);
        const int x = u - y * width;
        const std::uint64_t gu = gs[u];
        const unsigned mask = jumps_.successorMovesFast(x, y, arrivals[u]);
        // One copy per direction (in mask order, as step() takes them), each with its table read
        // specialised: no lookups of the direction's dx and dy, no branch on straight or diagonal.
        auto jumpTo = [&]<int I>(std::integral_constant<int, I>) {
            if ((mask & (1u << I)) == 0) return;
            const int steps = jumps_.jumpSteps<I>(x, y, goalX, goalY);
            const int v = u + steps * offsets[I];
            const std::uint64_t g = gu + static_cast<std::uint64_t>(steps) * stepCosts[I];
            // As in runUniformGridWith, one test: new or cheaper (closed jump points are final: octile is
            // consistent along jumps too). A jump into a wall (0 steps) gives u itself: g(u) is not below g.
            if (!(g < gs[v])) return;
            marks_.reach(v);
            gs[v] = g;
            parents[v] = u;
            arrivals[v] = I;
            const int vx = x + steps * kGridMoves[I].dx;
            const int vy = y + steps * kGridMoves[I].dy;
            std::uint64_t f = g + fixedHeuristic<Heuristic::Octile>(std::abs(vx - goalX), std::abs(vy - goalY), straight,
                                                                    diagonal, unit);
            if (f < currentF) f = currentF;  // as relax() does (never happens with octile's exact sums)
            ++pushes;
            open_.pushMonotone(f, v, currentF);
        };
        jumpTo(std::integral_constant<int, 0>{});
        jumpTo(std::integral_constant<int, 1>{});
        jumpTo(std::integral_constant<int, 2>{});
        jumpTo(std::integral_constant<int, 3>{});
        jumpTo(std::integral_constant<int, 4>{});
        jumpTo(std::integral_constant<int, 5>{});
        jumpTo(std::integral_constant<int, 6>{});
        jumpTo(std::integral_constant<int, 7>{});
    }
    currentF_ = currentF;
    expansions_ = expansions;
    pushes_ = pushes;
    lastExpanded_ = last;
    finish(status);
    return true;
}

void GridSearch::finish(SearchStatus status) {
    status_ = status;
    if (status != SearchStatus::Found) return;
    // The length in double precision from the true step costs (the fixed point only orders the search).
    // Rows by a multiplication, not a division: on small maps this walk was a tenth of a query.
    const bool weighted = map_->hasWeights();
    if (!weighted && options_.algorithm != SearchAlgorithm::Bfs) {  // breadth-first's g counts moves
        if (const auto counts = straightAndDiagonalSteps(gs_[static_cast<std::size_t>(goal_)])) {
            length_ = static_cast<double>(counts->first) + static_cast<double>(counts->second) * kSqrt2;
            return;
        }
    }
    const int width = width_;
    const RowOfCell row(width);
    double length = 0;
    for (int at = goal_; parents_[at] != at; at = parents_[at]) {
        const int back = parents_[at];
        const int hereY = row(at);
        const int backY = row(back);
        const int adx = std::abs((at - hereY * width) - (back - backY * width));
        const int ady = std::abs(hereY - backY);
        const double step = octileDistance(adx, ady);  // one step, or a straight or diagonal JPS segment
        length += weighted ? step * map_->cost(at - hereY * width, hereY) : step;
    }
    length_ = length;
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> GridSearch::straightAndDiagonalSteps(std::uint64_t g) const {
    // g = s * straight + d * diagonal with straight = 2^bits and diagonal = round(sqrt(2) * 2^bits) =
    // 2^t * odd. Then d * odd = (g >> t) modulo 2^(bits - t): d is that residue (by the odd number's
    // inverse) plus a multiple of 2^(bits - t), unique while d < 2^(bits - t) can be told from the next.
    const std::uint64_t diagonal = diagonalCost_;
    const int t = std::countr_zero(diagonal);
    if ((g & ((std::uint64_t(1) << t) - 1)) != 0) return std::nullopt;
    const int bits = scaleBits_ - t;
    const std::uint64_t mask = (std::uint64_t(1) << bits) - 1;
    const std::uint64_t odd = diagonal >> t;
    std::uint64_t inverse = odd;  // Newton's iteration: each doubles the correct low bits (odd * odd = 1 mod 8)
    for (int i = 0; i < 5; ++i) inverse *= 2 - odd * inverse;
    const std::uint64_t d = ((g >> t) * inverse) & mask;
    if (d * diagonal > g) return std::nullopt;
    if ((d + mask + 1) * diagonal <= g) return std::nullopt;  // another d fits too: walk the path instead
    return std::pair{(g - d * diagonal) >> scaleBits_, d};
}

SearchResult GridSearch::result() const {
    SearchResult out;
    out.status = status_;
    out.length = status_ == SearchStatus::Found ? length_ : 0.0;
    out.expansions = expansions_;
    out.pushes = pushes_;
    return out;
}

template <bool Record>
void GridSearch::expandBfsNext() {
    if (fifoHead_ == fifoTail_) {
        finish(SearchStatus::NoPath);
        return;
    }
    const int u = fifo_[fifoHead_++];
    marks_.close(u);
    currentF_ = gs_[u];
    ++expansions_;
    lastExpanded_ = u;
    if constexpr (Record) {
        const double moves = toCost(gs_[u]);
        step_.changes.push_back({CellChange::Kind::Closed, map_->point(u), map_->point(parents_[u]), moves, moves});
    }
    if (u == goal_) {
        finish(SearchStatus::Found);
        return;
    }
    const int x = u % width_;
    const int y = u / width_;
    const std::uint64_t g = gs_[u] + straightCost_;  // one more move, whichever it is
    for (unsigned mask = moves_.mask(u); mask != 0; mask &= mask - 1) {
        const GridMove& move = kGridMoves[std::countr_zero(mask)];
        const int v = u + move.dx + move.dy * width_;
        if (marks_.reached(v)) continue;  // found before, by as few moves or fewer
        marks_.reach(v);
        gs_[v] = g;
        parents_[v] = u;
        ++pushes_;
        fifo_[fifoTail_++] = v;
        if constexpr (Record)
            step_.changes.push_back({CellChange::Kind::Opened, {x + move.dx, y + move.dy}, {x, y}, toCost(g), toCost(g)});
    }
}

void GridSearch::runBfs(std::int64_t limit) {
    // expandBfsNext<false>() with the per-query values in locals and the neighbour offsets precomputed.
    const int width = width_;
    const int goal = goal_;
    const std::uint64_t straight = straightCost_;
    std::uint64_t* const gs = gs_.data();
    std::int32_t* const parents = parents_.data();
    std::int32_t* const queue = fifo_.data();
    const std::uint8_t* const masks = moves_.data();
    int offsets[8];
    for (int i = 0; i < 8; ++i) offsets[i] = kGridMoves[i].dx + kGridMoves[i].dy * width;
    std::size_t head = fifoHead_;
    std::size_t tail = fifoTail_;
    std::int64_t expansions = expansions_;
    int last = lastExpanded_;
    SearchStatus status = SearchStatus::NoPath;
    while (head != tail) {
        if (expansions >= limit) {  // still running (runUntil's slice is done)
            status = SearchStatus::Running;
            break;
        }
        const int u = queue[head++];
        marks_.close(u);
        ++expansions;
        last = u;
        if (u == goal) {
            status = SearchStatus::Found;
            break;
        }
        const std::uint64_t g = gs[u] + straight;
        for (unsigned mask = masks[u]; mask != 0; mask &= mask - 1) {
            const int v = u + offsets[std::countr_zero(mask)];
            if (marks_.reached(v)) continue;
            marks_.reach(v);
            gs[v] = g;
            parents[v] = u;
            queue[tail++] = v;
        }
    }
    pushes_ += static_cast<std::int64_t>(tail - fifoTail_);
    fifoHead_ = head;
    fifoTail_ = tail;
    expansions_ = expansions;
    lastExpanded_ = last;
    if (last >= 0) currentF_ = gs[last];
    finish(status);
}

template <bool Record>
void GridSearch::expandNext() {
    OpenEntry top;
    for (;;) {
        if (open_.empty()) {
            finish(SearchStatus::NoPath);
            return;
        }
        top = open_.popBest();
        // Skip entries of closed cells. A cell reached more cheaply got a new entry with a lower f;
        // the old one (lazy deletion) comes up after it, when the cell is closed, and is skipped here.
        // (Greedy orders by h alone and may meet the old entry first: it then expands the cell with
        // its current, cheaper g, and skips the new entry later.)
        if (!marks_.closed(top.cell)) break;
    }
    const int u = top.cell;
    marks_.close(u);
    currentF_ = top.f;
    ++expansions_;
    lastExpanded_ = u;
    if constexpr (Record) {
        step_.changes.push_back(
            {CellChange::Kind::Closed, map_->point(u), map_->point(parents_[u]), toCost(gs_[u]), toCost(top.f)});
    }
    if (u == goal_) {
        finish(SearchStatus::Found);
        return;
    }
    if (options_.algorithm == SearchAlgorithm::Jps) {
        expandJps<Record>(u);
    } else if (map_->hasWeights()) {
        expandGrid<Record, true>(u);
    } else {
        expandGrid<Record, false>(u);
    }
}

template <bool Record, bool Weighted>
void GridSearch::expandGrid(int u) {
    const int x = u % width_;
    const int y = u / width_;
    const std::uint64_t gu = gs_[u];
    unsigned mask = moves_.mask(u);
    const double* costs = Weighted ? map_->costs().data() : nullptr;
    while (mask != 0) {
        const int i = std::countr_zero(mask);
        mask &= mask - 1;
        const GridMove& move = kGridMoves[i];
        const int v = u + move.dx + move.dy * width_;
        std::uint64_t stepCost = move.diagonal ? diagonalCost_ : straightCost_;
        if constexpr (Weighted)
            stepCost = static_cast<std::uint64_t>(std::llround((move.diagonal ? kSqrt2 : 1.0) * costs[v] * unit_));
        relax<Record>(u, v, x + move.dx, y + move.dy, gu + stepCost);
    }
}

template <bool Record>
void GridSearch::expandJps(int u) {
    const int x = u % width_;
    const int y = u / width_;
    const int parent = parents_[u];
    const std::uint64_t gu = gs_[u];
    int dx = 0;
    int dy = 0;
    if (parent != u) {
        const int px = parent % width_;
        const int py = parent / width_;
        dx = (x > px) - (x < px);
        dy = (y > py) - (y < py);
    }
    unsigned mask = jumps_.successorMoves(x, y, dx, dy);
    std::vector<GridPoint> scanned;
    while (mask != 0) {
        const int i = std::countr_zero(mask);
        mask &= mask - 1;
        const GridMove& move = kGridMoves[i];
        if constexpr (Record) scanned.clear();
        const int j = jumps_.jump(x, y, move.dx, move.dy, to_, Record ? &scanned : nullptr);
        if constexpr (Record) {
            for (GridPoint cell : scanned) step_.changes.push_back({CellChange::Kind::Scanned, cell, cell, 0, 0});
        }
        if (j < 0) continue;
        const int jx = j % width_;
        const int jy = j / width_;
        const std::uint64_t jumpCost = fixedHeuristic<Heuristic::Octile>(std::abs(jx - x), std::abs(jy - y), straightCost_,
                                                                         diagonalCost_, unit_);
        relax<Record>(u, j, jx, jy, gu + jumpCost);
        if (parents_[j] == u) arrivals_[j] = static_cast<std::uint8_t>(i);  // for runJps()
    }
}

template <bool Record>
void GridSearch::relax(int from, int to, int toX, int toY, std::uint64_t g) {
    CellChange::Kind kind;
    if (!marks_.reached(to)) {
        marks_.reach(to);
        kind = CellChange::Kind::Opened;
    } else if (!marks_.closed(to)) {
        if (!(g < gs_[to])) return;
        kind = CellChange::Kind::Updated;  // the old entry goes stale
    } else {
        // A consistent heuristic never gets here with a cheaper g (a closed cell's g is final); an
        // inconsistent one (weighted A*, manhattan with diagonals) can, and reopening passes it on.
        if (consistent_ || !reopen_ || !(g < gs_[to])) return;
        marks_.reopen(to);
        kind = CellChange::Kind::Reopened;
    }
    gs_[to] = g;
    parents_[to] = from;
    std::uint64_t f = priority(g, toX, toY);
    // A consistent heuristic never lowers f along a step; the rounding of a non-integer one (euclidean,
    // a weight below 1) can, by a unit of the fixed point: keep f monotone, as the open list expects.
    if (consistent_ && currentF_ != OpenList::kNoCurrent && f < currentF_) f = currentF_;
    ++pushes_;
    open_.push(f, to, currentF_);
    if constexpr (Record) step_.changes.push_back({kind, {toX, toY}, map_->point(from), toCost(g), toCost(f)});
}

std::optional<GridPoint> GridSearch::lastExpanded() const {
    if (!map_ || lastExpanded_ < 0) return std::nullopt;
    return map_->point(lastExpanded_);
}

bool GridSearch::isOpen(GridPoint cell) const {
    if (!map_ || !map_->inBounds(cell)) return false;
    const int i = map_->index(cell.x, cell.y);
    return marks_.open(i);
}

bool GridSearch::isClosed(GridPoint cell) const {
    if (!map_ || !map_->inBounds(cell)) return false;
    const int i = map_->index(cell.x, cell.y);
    return marks_.closed(i);
}

double GridSearch::g(GridPoint cell) const {
    if (!isReached(cell)) return std::numeric_limits<double>::infinity();
    return toCost(gs_[map_->index(cell.x, cell.y)]);
}

std::optional<GridPoint> GridSearch::parent(GridPoint cell) const {
    if (!isReached(cell)) return std::nullopt;
    return map_->point(parents_[map_->index(cell.x, cell.y)]);
}

std::vector<GridPoint> GridSearch::openCells() const {
    if (!map_ || status_ == SearchStatus::Idle) return {};
    std::vector<GridPoint> cells;
    if (options_.algorithm == SearchAlgorithm::Bfs) {  // the queue from its head: no stale entries
        for (std::size_t i = fifoHead_; i < fifoTail_; ++i) cells.push_back(map_->point(fifo_[i]));
        return cells;
    }
    std::unordered_set<std::int32_t> listed;  // a cell reached more cheaply has an older, later entry too
    for (const OpenEntry& entry : open_.inPopOrder())
        if (marks_.open(entry.cell) && listed.insert(entry.cell).second) cells.push_back(map_->point(entry.cell));
    return cells;
}

std::vector<GridPoint> GridSearch::nextCandidates() const {
    if (!map_ || status_ != SearchStatus::Running) return {};
    if (options_.algorithm == SearchAlgorithm::Bfs)
        return fifoHead_ < fifoTail_ ? std::vector<GridPoint>{map_->point(fifo_[fifoHead_])} : std::vector<GridPoint>{};
    std::vector<GridPoint> tied;
    std::unordered_set<std::int32_t> listed;
    std::optional<std::uint64_t> best;
    for (const OpenEntry& entry : open_.inPopOrder()) {  // by f: a cell's first live entry is its own f
        if (!marks_.open(entry.cell) || !listed.insert(entry.cell).second) continue;
        if (best && entry.f > *best) break;
        best = entry.f;
        tied.push_back(map_->point(entry.cell));
    }
    return tied;
}

std::vector<GridPoint> GridSearch::closedCells() const {
    std::vector<GridPoint> cells;
    if (!map_) return cells;
    for (int i = 0; i < map_->cellCount(); ++i)
        if (marks_.closed(i)) cells.push_back(map_->point(i));
    return cells;
}

std::vector<GridPoint> GridSearch::path() const {
    std::vector<GridPoint> cells;
    if (status_ != SearchStatus::Found) return cells;
    int at = goal_;
    cells.push_back(map_->point(at));
    while (parents_[at] != at) {
        const GridPoint here = map_->point(at);
        const GridPoint back = map_->point(parents_[at]);
        // JPS parents can be several cells away along a straight or diagonal line: fill the gap.
        const int dx = (back.x > here.x) - (back.x < here.x);
        const int dy = (back.y > here.y) - (back.y < here.y);
        GridPoint p = here;
        while (!(p == back)) {
            p = {p.x + dx, p.y + dy};
            cells.push_back(p);
        }
        at = parents_[at];
    }
    std::reverse(cells.begin(), cells.end());
    return cells;
}

}  // namespace aoilab
