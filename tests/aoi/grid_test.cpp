// The grid: the classic grid article's one-sided super-view case in exact and lazy mode, the
// entered / left / kept classification of a move's cells, the introspection data, and the two view-set
// storages against brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "aoi/brute_force.h"
#include "aoi/grid.h"

namespace aoilab {
namespace {

constexpr auto kEnter = AoiEventType::Enter;
constexpr auto kMove = AoiEventType::Move;
constexpr auto kLeave = AoiEventType::Leave;

std::vector<AoiEvent> sorted(std::vector<AoiEvent> events) {
    std::sort(events.begin(), events.end());
    return events;
}

std::vector<EntityId> viewOf(const AoiSystem& system, EntityId id) {
    std::vector<EntityId> out;
    system.viewOf(id, out);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<EntityId> watchersOf(const AoiSystem& system, EntityId id) {
    std::vector<EntityId> out;
    system.watchersOf(id, out);
    std::sort(out.begin(), out.end());
    return out;
}

// The article: A has view radius 100, B 50, the standard (scan) radius is 50, so A is a super-view
// entity. B walks from far away to distance 75 of A: A must see B, B must not see A.
class OneSidedCase : public ::testing::TestWithParam<ViewShape> {
protected:
    enum : EntityId { A = 1, B = 2 };

    AoiConfig config(bool lazy) const {
        AoiConfig c;
        c.shape = GetParam();
        c.worldWidth = c.worldHeight = 1000;
        c.standardRadius = 50;
        c.cellSize = 20;  // B at distance 75 scans cells from x = 520 on: A (x = 500) is not among them
        c.lazySuperView = lazy;
        c.tickInterval = 3;
        return c;
    }

    // Both the grid and brute force get the same operations; returns the grid's events.
    std::vector<AoiEvent> both(AoiSystem& grid, AoiSystem& brute, void (*op)(AoiSystem&, EventSink&)) {
        EventBuffer g, b;
        op(grid, g);
        op(brute, b);
        bruteEvents = sorted(b.events);
        return sorted(g.events);
    }

    std::vector<AoiEvent> bruteEvents;
};

void addA(AoiSystem& s, EventSink& sink) { s.add(1, {500, 500}, 100, sink); }
void addBFar(AoiSystem& s, EventSink& sink) { s.add(2, {800, 500}, 50, sink); }
void moveBTo75(AoiSystem& s, EventSink& sink) { s.move(2, {575, 500}, sink); }
void tickOnce(AoiSystem& s, EventSink& sink) { s.tick(sink); }

TEST_P(OneSidedCase, ExactModeTellsTheSuperViewWatcherAtOnce) {
    AoiConfig c = config(false);
    GridAoi grid(c);
    BruteForceAoi brute(c);
    EXPECT_TRUE(grid.exact());
    EXPECT_TRUE(both(grid, brute, addA).empty());
    EXPECT_TRUE(both(grid, brute, addBFar).empty());
    EXPECT_TRUE(grid.isSuperView(A));
    EXPECT_FALSE(grid.isSuperView(B));

    std::vector<AoiEvent> events = both(grid, brute, moveBTo75);
    EXPECT_EQ(events, (std::vector<AoiEvent>{{kEnter, A, B}}));
    EXPECT_EQ(events, bruteEvents);
    EXPECT_EQ(viewOf(grid, A), (std::vector<EntityId>{B}));  // A sees B
    EXPECT_TRUE(viewOf(grid, B).empty());                    // B does not see A
    EXPECT_EQ(watchersOf(grid, B), (std::vector<EntityId>{A}));

    // A moving keeps B; B stepping within 100 still tells A (a move event), never the other way.
    EventBuffer sink;
    grid.move(B, {590, 500}, sink);
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{{kMove, A, B}}));
}

TEST_P(OneSidedCase, LazyModeTellsTheSuperViewWatcherOnlyAtItsNextRefresh) {
    AoiConfig c = config(true);
    GridAoi grid(c);
    BruteForceAoi brute(c);
    EXPECT_FALSE(grid.exact());
    both(grid, brute, addA);
    both(grid, brute, addBFar);

    // B walks to distance 75: beyond the standard radius, so the scan does not reach A.
    std::vector<AoiEvent> events = both(grid, brute, moveBTo75);
    EXPECT_TRUE(events.empty());
    EXPECT_EQ(bruteEvents, (std::vector<AoiEvent>{{kEnter, A, B}}));
    EXPECT_TRUE(viewOf(grid, A).empty());  // the lag against brute force
    EXPECT_EQ(viewOf(brute, A), (std::vector<EntityId>{B}));

    // A re-scans every 3 ticks (added at tick 0): ticks 1 and 2 still lag, tick 3 catches up.
    EXPECT_TRUE(both(grid, brute, tickOnce).empty());
    EXPECT_TRUE(both(grid, brute, tickOnce).empty());
    EXPECT_TRUE(viewOf(grid, A).empty());
    events = both(grid, brute, tickOnce);
    EXPECT_EQ(events, (std::vector<AoiEvent>{{kEnter, A, B}}));
    EXPECT_EQ(viewOf(grid, A), viewOf(brute, A));
    EXPECT_EQ(viewOf(grid, B), viewOf(brute, B));
    EXPECT_TRUE(viewOf(grid, B).empty());
    EXPECT_EQ(grid.ticks(), 3);
}

TEST_P(OneSidedCase, LazyModeStillTellsWatchersFoundByTheStandardScan) {
    AoiConfig c = config(true);
    GridAoi grid(c);
    EventBuffer sink;
    grid.add(A, {500, 500}, 100, sink);
    grid.add(B, {800, 500}, 50, sink);
    sink.events.clear();
    grid.move(B, {540, 500}, sink);  // within the standard radius: both see each other at once
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{{kEnter, A, B}, {kEnter, B, A}}));
}

TEST_P(OneSidedCase, LazyModeRemovalLeavesNoStaleRelationBehind) {
    AoiConfig c = config(true);
    GridAoi grid(c);
    EventBuffer sink;
    grid.add(A, {500, 500}, 100, sink);
    grid.add(B, {575, 500}, 50, sink);
    EXPECT_TRUE(viewOf(grid, A).empty());  // not found by B's standard scan
    for (int i = 0; i < 3; ++i) grid.tick(sink);
    EXPECT_EQ(viewOf(grid, A), (std::vector<EntityId>{B}));  // A's refresh found it
    grid.move(B, {900, 500}, sink);  // beyond A's radius, but A is not told until its next refresh
    EXPECT_EQ(viewOf(grid, A), (std::vector<EntityId>{B}));
    sink.events.clear();
    grid.remove(B, sink);  // A still holds B: it must be told, whatever the distance
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{{kLeave, A, B}}));
    EXPECT_TRUE(viewOf(grid, A).empty());
    sink.events.clear();
    grid.add(B, {950, 950}, 50, sink);  // the id comes back far away: no relation
    EXPECT_TRUE(sink.events.empty());
}

INSTANTIATE_TEST_SUITE_P(BothShapes, OneSidedCase, ::testing::Values(ViewShape::Square, ViewShape::Circle),
                         [](const auto& param) { return std::string(toString(param.param)); });

using CellTriple = std::tuple<int, int, GridCellClass>;

std::set<CellTriple> scanned(const GridAoi& grid) {
    std::vector<GridScannedCell> cells;
    grid.lastScannedCells(cells);
    std::set<CellTriple> out;
    for (const GridScannedCell& cell : cells) out.insert({cell.column, cell.row, cell.cellClass});
    EXPECT_EQ(out.size(), cells.size()) << "a cell was reported twice";
    return out;
}

AoiConfig tenByTen() {
    AoiConfig c;
    c.shape = ViewShape::Square;
    c.worldWidth = c.worldHeight = 100;
    c.cellSize = 10;
    c.standardRadius = 10;
    return c;
}

TEST(GridCells, AMoveClassifiesTheCellsAsEnteredLeftAndKept) {
    GridAoi grid(tenByTen());
    EventBuffer sink;
    grid.add(1, {15, 15}, 10, sink);
    // The add scanned the 3 x 3 cells around (15, 15): columns and rows 0..2.
    std::set<CellTriple> added = scanned(grid);
    EXPECT_EQ(added.size(), 9u);
    EXPECT_TRUE(added.count({0, 0, GridCellClass::Scanned}));
    EXPECT_TRUE(added.count({2, 2, GridCellClass::Scanned}));

    // (15, 15) -> (26, 15): the scan square moves from columns 0..2 to columns 1..3, rows stay 0..2.
    grid.move(1, {26, 15}, sink);
    std::set<CellTriple> expected;
    for (int row = 0; row <= 2; ++row) {
        expected.insert({0, row, GridCellClass::Left});
        expected.insert({1, row, GridCellClass::Kept});
        expected.insert({2, row, GridCellClass::Kept});
        expected.insert({3, row, GridCellClass::Entered});
    }
    EXPECT_EQ(scanned(grid), expected);
    EXPECT_EQ(grid.lastOperation().visited, 12u);

    // A diagonal jump far away: the two squares do not overlap, nothing is kept.
    grid.move(1, {75, 75}, sink);
    std::set<CellTriple> jump = scanned(grid);
    int left = 0, entered = 0, kept = 0;
    for (const auto& [column, row, cellClass] : jump) {
        if (cellClass == GridCellClass::Left) {
            ++left;
            EXPECT_LE(column, 3);
        }
        if (cellClass == GridCellClass::Entered) {
            ++entered;
            EXPECT_GE(column, 6);
        }
        if (cellClass == GridCellClass::Kept) ++kept;
    }
    EXPECT_EQ(left, 9);
    EXPECT_EQ(entered, 9);
    EXPECT_EQ(kept, 0);
}

TEST(GridCells, TheClassesSpareWorkButNeverAnEvent) {
    // Neighbours placed in the left, kept and entered cells of the move above.
    GridAoi grid(tenByTen());
    BruteForceAoi brute(tenByTen());
    EventBuffer g, b;
    const std::vector<std::pair<EntityId, Vec2>> others = {{2, {6, 15}}, {3, {20, 12}}, {4, {34, 18}}, {5, {5.5, 5.5}}};
    for (const auto& [id, p] : others) {
        grid.add(id, p, 10, g);
        brute.add(id, p, 10, b);
    }
    grid.add(1, {15, 15}, 10, g);
    brute.add(1, {15, 15}, 10, b);
    EXPECT_EQ(sorted(g.events), sorted(b.events));
    g.events.clear();
    b.events.clear();
    grid.move(1, {26, 15}, g);
    brute.move(1, {26, 15}, b);
    EXPECT_EQ(sorted(g.events), sorted(b.events));
    // 2 and 5 left the view (left cells), 3 stayed (kept), 4 came in (entered cell).
    EXPECT_EQ(sorted(g.events), (std::vector<AoiEvent>{{kEnter, 1, 4},
                                                        {kEnter, 4, 1},
                                                        {kMove, 3, 1},
                                                        {kLeave, 1, 2},
                                                        {kLeave, 1, 5},
                                                        {kLeave, 2, 1},
                                                        {kLeave, 5, 1}}));
}

TEST(GridCells, OccupiedCellsCountTheirEntities) {
    GridAoi grid(tenByTen());
    EventBuffer sink;
    grid.add(1, {15, 15}, 3, sink);
    grid.add(2, {16, 17}, 3, sink);
    grid.add(3, {99, 0}, 3, sink);
    grid.add(4, {100, 100}, 3, sink);  // the world's far corner belongs to the last cell
    std::vector<GridCellCount> cells;
    grid.occupiedCells(cells);
    std::set<std::tuple<int, int, int>> got;
    for (const GridCellCount& c : cells) got.insert({c.column, c.row, c.count});
    EXPECT_EQ(got, (std::set<std::tuple<int, int, int>>{{1, 1, 2}, {9, 0, 1}, {9, 9, 1}}));
    grid.move(2, {55, 55}, sink);
    grid.remove(3, sink);
    grid.occupiedCells(cells);
    got.clear();
    for (const GridCellCount& c : cells) got.insert({c.column, c.row, c.count});
    EXPECT_EQ(got, (std::set<std::tuple<int, int, int>>{{1, 1, 1}, {5, 5, 1}, {9, 9, 1}}));
    EXPECT_EQ(grid.size(), 3u);
    EXPECT_DOUBLE_EQ(grid.cellSize(), 10);
    EXPECT_EQ(grid.columns(), 10);
    EXPECT_EQ(grid.rows(), 10);
}

TEST(GridCells, AHugeCellCountIsCappedByGrowingTheCells) {
    AoiConfig c = tenByTen();
    c.worldWidth = c.worldHeight = 1e6;
    c.cellSize = 0.01;  // would be 10^16 cells
    GridAoi grid(c);
    EXPECT_GT(grid.cellSize(), 0.01);
    EXPECT_LE(static_cast<std::int64_t>(grid.columns()) * grid.rows(), GridAoi::kMaxCells);
    EventBuffer sink;
    grid.add(1, {0, 0}, 5, sink);
    grid.add(2, {3, 4}, 5, sink);
    EXPECT_EQ(sorted(sink.events), (std::vector<AoiEvent>{{kEnter, 1, 2}, {kEnter, 2, 1}}));
}

TEST(GridCells, CountersReportCellsChecksAndEvents) {
    GridAoi grid(tenByTen());
    EventBuffer sink;
    grid.add(1, {15, 15}, 10, sink);
    grid.add(2, {18, 15}, 10, sink);
    EXPECT_EQ(grid.lastOperation().events, 2u);
    EXPECT_EQ(grid.lastOperation().visited, 9u);
    EXPECT_GT(grid.lastOperation().distanceChecks, 0u);
    grid.move(2, {19, 15}, sink);
    EXPECT_EQ(grid.lastOperation().events, 1u);  // move(1, 2)
    EXPECT_EQ(grid.total().events, 3u);
}

// A watcher whose radius dwarfs the standard radius (and the world) in exact mode: it is registered in
// every cell its view covers, so every move anywhere reaches it.
TEST(GridSuperView, AWatcherBiggerThanTheWorldIsToldOfEveryMove) {
    AoiConfig c = tenByTen();
    GridAoi grid(c);
    BruteForceAoi brute(c);
    EventBuffer g, b;
    grid.add(1, {50, 50}, 1000, g);
    brute.add(1, {50, 50}, 1000, b);
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> coordinate(0, 100);
    for (EntityId id = 2; id < 30; ++id) {
        Vec2 p{coordinate(rng), coordinate(rng)};
        grid.add(id, p, 4, g);
        brute.add(id, p, 4, b);
    }
    for (int step = 0; step < 300; ++step) {
        g.events.clear();
        b.events.clear();
        EntityId id = 1 + static_cast<EntityId>(rng() % 29);
        Vec2 p{coordinate(rng), coordinate(rng)};
        grid.move(id, p, g);
        brute.move(id, p, b);
        ASSERT_EQ(sorted(g.events), sorted(b.events)) << "step " << step;
    }
    EXPECT_EQ(viewOf(grid, 1).size(), 28u);
}

// A grid against brute force on a random script with mixed radii (a fifth of them super-view):
// adds, removes, radius changes, steps and (one move in five) teleports, views and watchers compared
// at the end. Hysteresis 1.5 exercises the stored view sets, 0 the positional mode.
template <typename Grid>
void agreesWithBruteForce(ViewShape shape, double hysteresis = 1.5) {
    AoiConfig c;
    c.shape = shape;
    c.hysteresis = hysteresis;
    c.worldWidth = 80;
    c.worldHeight = 60;
    c.cellSize = 6;
    c.standardRadius = 5;
    Grid grid(c);
    BruteForceAoi brute(c);
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> x(0, 80), y(0, 60), step(-3, 3);
    std::vector<Vec2> where(60);
    std::vector<bool> live(60, false);
    EventBuffer g, b;
    for (int op = 0; op < 3000; ++op) {
        g.events.clear();
        b.events.clear();
        auto id = static_cast<EntityId>(rng() % 60);
        auto k = static_cast<std::size_t>(id);
        if (!live[k]) {
            where[k] = {x(rng), y(rng)};
            double radius = (rng() % 5 == 0) ? 20 : static_cast<double>(rng() % 6);
            grid.add(id, where[k], radius, g);
            brute.add(id, where[k], radius, b);
            live[k] = true;
        } else if (rng() % 10 == 0) {
            grid.remove(id, g);
            brute.remove(id, b);
            live[k] = false;
        } else if (rng() % 10 == 0) {
            double radius = static_cast<double>(rng() % 12);
            grid.setRadius(id, radius, g);
            brute.setRadius(id, radius, b);
        } else {
            if (rng() % 5 == 0) {
                where[k] = {x(rng), y(rng)};
            } else {
                where[k] = {std::clamp(where[k].x + step(rng), 0.0, 80.0), std::clamp(where[k].y + step(rng), 0.0, 60.0)};
            }
            grid.move(id, where[k], g);
            brute.move(id, where[k], b);
        }
        ASSERT_EQ(sorted(g.events), sorted(b.events)) << "op " << op;
    }
    for (EntityId id = 0; id < 60; ++id) {
        EXPECT_EQ(viewOf(grid, id), viewOf(brute, id));
        EXPECT_EQ(watchersOf(grid, id), watchersOf(brute, id));
    }
}

TEST(GridViewSets, SortedVectorsAgreeWithBruteForce) {
    agreesWithBruteForce<GridAoi>(ViewShape::Square);
    agreesWithBruteForce<GridAoi>(ViewShape::Circle);
}

TEST(GridViewSets, BitsetsAgreeWithBruteForce) {
    agreesWithBruteForce<BitsetGridAoi>(ViewShape::Square);
    agreesWithBruteForce<BitsetGridAoi>(ViewShape::Circle);
}

// The same 2,000 entities (100 columns, 20 a row) added to both grids.
void addTwoThousand(AoiSystem& a, AoiSystem& b, double radius) {
    EventBuffer sink;
    for (EntityId id = 0; id < 2000; ++id) {
        Vec2 p{static_cast<double>(id % 100), static_cast<double>(id / 20)};
        a.add(id, p, radius, sink);
        b.add(id, p, radius, sink);
    }
}

TEST(GridViewSets, BitsetsCostASquareOfTheSlotsAndVectorsDoNot) {
    AoiConfig c = tenByTen();
    c.hysteresis = 0.5;  // view sets are kept only with hysteresis (without, the grid stores none)
    GridAoi vectors(c);
    BitsetGridAoi bits(c);
    addTwoThousand(vectors, bits, 0.5);
    EXPECT_GE(bits.memoryBytes(), 2000u * 2000u / 8u);
    EXPECT_LT(vectors.memoryBytes(), bits.memoryBytes());
}

}  // namespace
}  // namespace aoilab

namespace aoilab {
namespace {

// No hysteresis, exact super-view: relations follow from the positions, so none are stored.
TEST(GridPositional, AgreesWithBruteForceWithoutStoringARelation) {
    for (ViewShape shape : {ViewShape::Square, ViewShape::Circle}) {
        agreesWithBruteForce<GridAoi>(shape, 0.0);
        agreesWithBruteForce<BitsetGridAoi>(shape, 0.0);
    }
}

TEST(GridPositional, IsTheModeWithoutHysteresisInExactModeOnly) {
    AoiConfig c = tenByTen();
    EXPECT_FALSE(GridAoi(c).storesRelations());
    c.hysteresis = 0.5;
    EXPECT_TRUE(GridAoi(c).storesRelations());
    c.hysteresis = 0;
    c.lazySuperView = true;  // lazy super-view entities keep views that lag behind the positions
    EXPECT_TRUE(GridAoi(c).storesRelations());
}

// The bitset storage costs n^2 / 8 bytes only where it stores something.
TEST(GridPositional, CostsNoViewSetMemory) {
    AoiConfig c = tenByTen();
    BitsetGridAoi positional(c);
    c.hysteresis = 0.5;
    BitsetGridAoi stored(c);
    addTwoThousand(positional, stored, 3);
    EXPECT_GE(stored.memoryBytes(), 2000u * 2000u / 8u);
    EXPECT_LT(positional.memoryBytes(), stored.memoryBytes() / 2);
    EXPECT_LT(positional.memoryBytes(), 2000u * 100u);  // about 85 bytes an entity, cells included
}

// The grid panel lights these for a selected entity: the same cells its own add scanned.
TEST(GridScanCells, ForAnEntityAreTheCellsItsAddScanned) {
    AoiConfig config;
    config.worldWidth = 100;
    config.worldHeight = 100;
    config.cellSize = 10;
    config.standardRadius = 10;
    GridAoi grid(config);
    NullSink sink;
    grid.add(1, {25, 47}, 10, sink);
    std::vector<GridScannedCell> scanned, forEntity;
    grid.lastScannedCells(scanned);
    grid.scanCellsFor(1, forEntity);
    auto key = [](const GridScannedCell& c) { return std::tuple(c.column, c.row, c.cellClass); };
    std::set<std::tuple<int, int, GridCellClass>> a, b;
    for (const auto& c : scanned) a.insert(key(c));
    for (const auto& c : forEntity) b.insert(key(c));
    EXPECT_EQ(a, b);
    EXPECT_TRUE(b.count({2, 4, GridCellClass::Scanned}));  // the entity's own cell
    EXPECT_TRUE(b.count({1, 3, GridCellClass::Scanned}));  // 10 up and to the left
    EXPECT_FALSE(b.count({5, 4, GridCellClass::Scanned})); // beyond the standard radius
    grid.scanCellsFor(99, forEntity);
    EXPECT_TRUE(forEntity.empty());
}

}  // namespace
}  // namespace aoilab
