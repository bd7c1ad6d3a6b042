// The maps workbench's model (display-free): exact seeking of the flood, the table's path, refused
// steps, and edits rebuilding every representation.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "app/modes/maps/maps_state.h"
#include "app/modes/maps/maps_paint_history.h"
#include "app/modes/maps/maps_ui.h"
#include "core/error.h"
#include "path/line_of_sight.h"
#include "support/scattered_map.h"

namespace aoilab::app {
namespace {

TEST(MapsState, SeekingTheFloodBackAndForthIsExact) {
    MapsState state;
    ASSERT_EQ(state.view(), MapsView::Waypoints);
    ASSERT_GT(state.length(), 40u);
    state.seek(30);
    auto links = state.floodAt()->links();
    state.seek(state.length());
    state.seek(10);
    state.seek(30);
    EXPECT_EQ(state.floodAt()->taken, 30u);
    EXPECT_EQ(state.floodAt()->links(), links);
}

TEST(MapsState, TheTablePathHasTheWaypointPathsLength) {
    MapsState state;
    const MapsQuery& q = state.query();
    ASSERT_TRUE(q.waypoints.found);
    ASSERT_TRUE(q.table.found);
    EXPECT_NEAR(q.table.length, q.waypoints.length, 1e-9);
    EXPECT_TRUE(q.grid.found);
    EXPECT_TRUE(q.funnel.found);
    EXPECT_GE(q.midpoints.length, q.funnel.length - 1e-9);
}

// The grid optimum's table of allowed moves is its build, once per map: a new query keeps the time it
// took, an edit measures it again; the query's time leaves it out, as the other rows' do their builds.
TEST(MapsState, TheGridsPreparationIsItsBuildOncePerMap) {
    MapsState state;
    const double prepared = state.gridPrepareSeconds();
    EXPECT_GT(prepared, 0.0);
    EXPECT_EQ(state.gridPreparedRevision(), state.map().revision());
    const GridPoint start = state.start(), goal = state.goal();
    state.setQuery(goal, start);
    ASSERT_TRUE(state.query().grid.found);
    EXPECT_EQ(state.gridPrepareSeconds(), prepared);
    state.setQuery(start, goal);
    EXPECT_EQ(state.gridPrepareSeconds(), prepared);
    const double before = state.query().grid.length;
    ASSERT_TRUE(state.paint({0, 5}, true));
    EXPECT_EQ(state.gridPreparedRevision(), state.map().revision()) << "measured again on the edited map";
    EXPECT_GE(state.query().grid.length, before - 1e-9);  // a wall never shortens the optimum
}

TEST(MapsState, ABadStepIsRefusedAndAWallRebuildsEverything) {
    MapsState state;
    std::size_t points = state.waypoints().graph.vertexCount();
    EXPECT_NE(state.setStep(0), "");
    EXPECT_NE(state.setStep(1e9), "");
    EXPECT_EQ(state.waypoints().graph.vertexCount(), points);
    EXPECT_EQ(state.setStep(1), "");
    EXPECT_GT(state.waypoints().graph.vertexCount(), points);
    std::size_t regions = state.regions().regions().size();
    EXPECT_TRUE(state.paint({0, 5}, true));
    EXPECT_NE(state.regions().regions().size(), regions);
    EXPECT_FALSE(state.paint({0, 5}, true));  // already a wall
    EXPECT_FALSE(state.paint(state.start(), true));  // the query's ends stay free
}

TEST(MapsState, OnALargeMapAStrokeIsRebuiltOnceWhenItEnds) {
    MapsState state;
    state.setLivePaintCells(0);  // every map counts as large
    const std::size_t regions = state.regions().regions().size();
    const std::uint64_t revision = state.map().revision();
    EXPECT_FALSE(state.finishPaint());  // nothing painted: nothing to rebuild
    ASSERT_TRUE(state.paint({0, 5}, true));
    ASSERT_TRUE(state.paint({1, 5}, true));
    EXPECT_TRUE(state.paintPending());
    EXPECT_FALSE(state.map().passable(0, 5));  // the cells change at once...
    EXPECT_NE(state.map().revision(), revision);
    EXPECT_EQ(state.regions().regions().size(), regions);  // ...the representations when the stroke ends
    EXPECT_TRUE(state.finishPaint());
    EXPECT_FALSE(state.paintPending());
    EXPECT_NE(state.regions().regions().size(), regions);

    // The same strokes on a state that rebuilds every cell end in the same representations.
    MapsState live;
    ASSERT_TRUE(live.paint({0, 5}, true));
    ASSERT_TRUE(live.paint({1, 5}, true));
    EXPECT_FALSE(live.paintPending());
    EXPECT_EQ(live.regions().regions().size(), state.regions().regions().size());
    EXPECT_EQ(live.waypoints().graph.vertexCount(), state.waypoints().graph.vertexCount());
    EXPECT_EQ(live.waypoints().graph.edgeCount(), state.waypoints().graph.edgeCount());
    EXPECT_DOUBLE_EQ(live.query().grid.length, state.query().grid.length);
}

// A rebuild keeps the flood (waypoints view) and the split quadtree (regions view) that built the
// representations as the timeline's end: the same as replaying the timeline from the start.
TEST(MapsState, AfterARebuildTheTimelinesEndIsTheReplayedOne) {
    for (MapsView view : {MapsView::Waypoints, MapsView::Regions}) {
        MapsState state;
        state.setView(view);
        ASSERT_TRUE(state.paint({0, 5}, true));  // a rebuild in this view
        ASSERT_EQ(state.position(), state.length());
        const std::optional<WaypointFloodAt> flood = state.floodAt();
        const RegionSplitter* splitter = state.regionSplitter();
        const std::size_t taken = flood ? flood->taken : 0;
        const std::size_t points = flood ? flood->points() : 0;
        const std::size_t queued = flood ? flood->queuedCount() : 0;
        const std::size_t splits = splitter ? splitter->splits() : 0;
        const std::size_t leaves = splitter ? splitter->leaves().size() : 0;
        const std::size_t pending = splitter ? splitter->pending().size() : 0;
        ASSERT_TRUE(view == MapsView::Waypoints ? flood.has_value() : splitter != nullptr);
        state.seek(0);
        state.seek(state.length());  // replayed from the start
        if (view == MapsView::Waypoints) {
            ASSERT_TRUE(state.floodAt());
            EXPECT_EQ(state.floodAt()->taken, taken);
            EXPECT_EQ(state.floodAt()->points(), points);
            EXPECT_EQ(state.floodAt()->queuedCount(), queued);
            EXPECT_EQ(points, state.waypoints().graph.vertexCount());
        } else {
            ASSERT_NE(state.regionSplitter(), nullptr);
            EXPECT_EQ(state.regionSplitter()->splits(), splits);
            EXPECT_EQ(state.regionSplitter()->leaves().size(), leaves);
            EXPECT_EQ(state.regionSplitter()->pending().size(), pending);
            EXPECT_EQ(leaves, state.regions().regions().size());
        }
    }
}

TEST(MapsState, ASeedOnAWallIsRefusedAndAFreeSeedIsKept) {
    MapsState state;
    GridPoint old = state.seed();
    EXPECT_NE(state.setSeed({-1, 0}), "");
    EXPECT_EQ(state.seed(), old);
    GridPoint free{-1, -1}, wall{-1, -1};
    for (int y = 0; y < state.map().height(); ++y)
        for (int x = 0; x < state.map().width(); ++x) {
            GridPoint p{x, y};
            if (state.map().passable(x, y)) { if (free.x < 0 && !(p == old)) free = p; }
            else if (wall.x < 0) wall = p;
        }
    ASSERT_GE(free.x, 0);
    ASSERT_GE(wall.x, 0);
    EXPECT_NE(state.setSeed(wall), "");
    EXPECT_EQ(state.seed(), old);
    EXPECT_EQ(state.setSeed(free), "");
    EXPECT_EQ(state.seed(), free);
    EXPECT_EQ(state.setStep(3), "");
    EXPECT_EQ(state.seed(), free);  // kept across rebuilds
    EXPECT_GT(state.waypoints().graph.vertexCount(), 0u);
}

// The regions timeline steps are the quadtree's splits: at N the engine's splitter has made N splits;
// seeking back and forth lands on the same partition; the end is the built map.
TEST(MapsState, RegionsTimelineStepsAreSplitsAndSeekingIsExact) {
    MapsState state;
    state.setView(MapsView::Regions);
    const std::size_t splits = state.regions().quadtreeNodes() - state.regions().regions().size();
    ASSERT_EQ(state.length(), splits);
    ASSERT_GT(splits, 10u);
    ASSERT_NE(state.regionSplitter(), nullptr);
    EXPECT_TRUE(state.regionSplitter()->finished());
    EXPECT_EQ(state.regionSplitter()->leaves().size(), state.regions().regions().size());
    state.seek(7);
    const std::size_t leaves = state.regionSplitter()->leaves().size();
    const std::size_t pending = state.regionSplitter()->pending().size();
    const QuadNode split = *state.regionSplitter()->lastSplit();
    state.seek(splits);
    state.seek(2);
    state.seek(7);
    EXPECT_EQ(state.regionSplitter()->splits(), 7u);
    EXPECT_EQ(state.regionSplitter()->leaves().size(), leaves);
    EXPECT_EQ(state.regionSplitter()->pending().size(), pending);
    EXPECT_EQ(*state.regionSplitter()->lastSplit(), split);
    // Stepping from a fresh 0 to 7 gives the same.
    RegionSplitter fresh(state.map());
    for (int i = 0; i < 7; ++i) fresh.step();
    EXPECT_EQ(fresh.leaves().size(), leaves);
    EXPECT_EQ(*fresh.lastSplit(), split);
    state.setView(MapsView::Waypoints);
    EXPECT_EQ(state.regionSplitter(), nullptr);
}

// A map above the synchronous size builds its navmesh in the background: the tiles are counted, Cancel
// drops the build, "build again" and an edit start a new one that ends on the edited map.
GridMap largeMap() {
    GridMap map(170, 150);
    for (int x = 20; x < 150; ++x) map.setPassable(x, 70, false);
    return map;
}

void waitForBuild(MapsState& state) {
    while (state.building() || state.navmeshBuilding()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        state.poll();
    }
}

TEST(MapsState, BackgroundNavmeshCountsTilesAndCanBeCancelled) {
    MapsState state;
    state.setMap(largeMap(), "large");
    ASSERT_TRUE(state.navmeshBuilding());
    state.cancelNavmesh();
    waitForBuild(state);
    EXPECT_TRUE(state.navmeshCancelled());
    EXPECT_EQ(state.navmesh(), nullptr);
    EXPECT_FALSE(state.query().funnel.found);
    state.restartNavmesh();
    EXPECT_FALSE(state.navmeshCancelled());
    waitForBuild(state);
    ASSERT_NE(state.navmesh(), nullptr);
    EXPECT_EQ(state.navmeshTilesTotal(), state.navmesh()->tiles().size());
    EXPECT_EQ(state.navmeshTilesDone(), state.navmeshTilesTotal());
    EXPECT_TRUE(state.query().funnel.found);
    // An edit while building: the build restarts on the edited map.
    EXPECT_TRUE(state.paint({5, 5}, true));
    ASSERT_TRUE(state.navmeshBuilding());
    EXPECT_TRUE(state.paint({6, 5}, true));
    waitForBuild(state);
    ASSERT_NE(state.navmesh(), nullptr);
    EXPECT_FALSE(state.navmeshCancelled());
    EXPECT_EQ(state.navmesh()->polygonOfCell(5, 5), -1);
    EXPECT_EQ(state.navmesh()->polygonOfCell(6, 5), -1);
    EXPECT_GE(state.navmesh()->polygonOfCell(7, 5), 0);
}


// The navmesh timeline: four steps a tile (walkable cells, regions, contours, polygons); the polygons
// shown are the finished tiles'; stepping from 0 to N and seeking to N agree, and seeking back too.
TEST(MapsState, NavmeshTimelineStepsAreRecastsStagesPerTile) {
    MapsState state;
    // Scattered walls: the adaptive tile size halves to several tiles; small enough to build at once.
    GridMap map(120, 120);
    std::uint32_t seed = 3;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (aoilab::testing::scatteredWall(seed, 15)) map.setPassable(x, y, false);
    state.setMap(map, "scattered");
    state.setView(MapsView::Navmesh);
    const NavMesh* mesh = state.navmesh();
    ASSERT_NE(mesh, nullptr);
    ASSERT_EQ(mesh->stages().size(), mesh->tiles().size());
    ASSERT_GE(mesh->tiles().size(), 4u);
    ASSERT_EQ(state.navStepsPerTile(), 4u);
    ASSERT_EQ(state.length(), mesh->tiles().size() * 4);
    EXPECT_EQ(state.position(), state.length());
    EXPECT_EQ(state.navPolygonsShown(), mesh->polygons().size());
    struct Seen {
        std::size_t tile;
        NavStage stage;
        std::size_t shown;
    };
    std::vector<Seen> stepped;
    state.seek(0);
    EXPECT_FALSE(state.navStep());
    EXPECT_EQ(state.navPolygonsShown(), 0u);
    for (std::size_t k = 1; k <= state.length(); ++k) {
        state.seek(k);
        auto step = state.navStep();
        ASSERT_TRUE(step);
        stepped.push_back({step->tile, step->stage, state.navPolygonsShown()});
        EXPECT_EQ(step->tile, (k - 1) / 4);
        EXPECT_EQ(static_cast<int>(step->stage), static_cast<int>((k - 1) % 4));
        const NavTile& tile = mesh->tiles()[step->tile];
        EXPECT_EQ(state.navPolygonsShown(),
                  static_cast<std::size_t>(tile.firstPolygon + (step->stage == NavStage::Polygons ? tile.polygonCount : 0)));
    }
    // Seeking straight to N (forwards and backwards) gives what stepping gave.
    for (std::size_t k : {std::size_t{7}, std::size_t{2}, state.length(), std::size_t{5}}) {
        state.seek(k);
        EXPECT_EQ(state.navStep()->tile, stepped[k - 1].tile);
        EXPECT_EQ(state.navStep()->stage, stepped[k - 1].stage);
        EXPECT_EQ(state.navPolygonsShown(), stepped[k - 1].shown);
    }
}

// A map whose navmesh would not fit its memory budget is refused before anything changes.
TEST(MapsState, AMapPastTheNavmeshBudgetIsRefusedAndTheOldMapStays) {
    MapsState state;
    const std::size_t regions = state.regions().regions().size();
    GridMap big(2048, 2048);
    std::uint32_t seed = 5;
    for (int y = 0; y < big.height(); ++y)
        for (int x = 0; x < big.width(); ++x)
            if (aoilab::testing::scatteredWall(seed, 30)) big.setPassable(x, y, false);
    try {
        state.setMap(big, "big");
        FAIL() << "expected a refusal";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("MiB, more than the budget of 1024 MiB"), std::string::npos) << e.what();
    }
    EXPECT_EQ(state.mapName(), "default");
    EXPECT_EQ(state.map().width(), 32);
    EXPECT_EQ(state.regions().regions().size(), regions);
    EXPECT_NE(state.navmesh(), nullptr);
}

// A wall that would take the navmesh past its budget is refused (the estimate, checked before any
// work): the cell stays open, nothing is rebuilt, and paintRefusal() gives the size and the budget.
// The budget is lowered to the map's own estimate, so any wall in the open adds corners past it.
TEST(MapsState, AWallThatTakesTheNavmeshPastItsBudgetIsRefusedAndTheMapStays) {
    MapsState state;
    state.setMap(GridMap(48, 48), "open");
    const std::size_t fits = estimateNavMeshBytes(state.map(), NavMeshOptions{}.tileSize).bytes;
    state.setNavMeshBudgetBytes(fits);
    const std::uint64_t serial = state.serial();
    const GridPoint cell{20, 20};
    ASSERT_TRUE(state.map().passable(cell));
    EXPECT_FALSE(state.paint(cell, true));
    EXPECT_TRUE(state.map().passable(cell));
    EXPECT_EQ(state.serial(), serial);
    EXPECT_NE(state.paintRefusal().find("more than the budget"), std::string::npos) << state.paintRefusal();
    // With the budget back, the same wall goes in and the refusal is gone.
    state.setNavMeshBudgetBytes(kNavMeshBudgetBytes);
    EXPECT_TRUE(state.paint(cell, true));
    EXPECT_FALSE(state.map().passable(cell));
    EXPECT_TRUE(state.paintRefusal().empty());
}

// Past their budget the stage records are not kept (checked before the build): the navmesh is built,
// the timeline has one step a tile (its polygons), and the state says how much they could need.
TEST(MapsState, NavmeshStagesPastTheirBudgetGiveOneStepATile) {
    MapsState state;
    GridMap open(1200, 1200);  // 1.44 M cells: past the 128 MiB bound of the stage records
    ASSERT_GT(navStageBytesNeeded(open), kNavStageBudgetBytes);
    state.setMap(open, "open");
    state.setView(MapsView::Navmesh);
    waitForBuild(state);  // the representations on the worker (a large map), then the navmesh
    EXPECT_NE(state.navStagesRefused().find("MiB > 128 MiB"), std::string::npos) << state.navStagesRefused();
    const NavMesh* mesh = state.navmesh();
    ASSERT_NE(mesh, nullptr);
    EXPECT_TRUE(mesh->stages().empty());
    EXPECT_EQ(state.navStepsPerTile(), 1u);
    EXPECT_EQ(state.length(), mesh->tiles().size());
    state.seek(3);
    ASSERT_TRUE(state.navStep());
    EXPECT_EQ(state.navStep()->tile, 2u);
    EXPECT_EQ(state.navStep()->stage, NavStage::Polygons);
    const NavTile& third = mesh->tiles()[2];
    EXPECT_EQ(state.navPolygonsShown(), static_cast<std::size_t>(third.firstPolygon + third.polygonCount));
}

// Entities in my region: the engine's answer equals a brute-force check (an entity's cell, stretched
// from the world onto the map by hand here, inside the selected entity's region rectangle, found by
// scanning every region).
namespace entities_in_region {

struct Found {
    int region = -1;
    std::vector<EntityId> ids;
};

GridPoint cellOnMap(Vec2 world, Vec2 worldSize, const GridMap& map) {
    int x = std::min(map.width() - 1, static_cast<int>(world.x * map.width() / worldSize.x));
    int y = std::min(map.height() - 1, static_cast<int>(world.y * map.height() / worldSize.y));
    return {x, y};
}

Found bruteForce(const MapsState& state, Vec2 worldSize, const std::vector<PositionedEntity>& world, EntityId selected) {
    Found out;
    GridPoint mine{-1, -1};
    for (const auto& e : world)
        if (e.id == selected) mine = cellOnMap(e.position, worldSize, state.map());
    const auto& regions = state.regions().regions();
    auto inside = [](const Region& r, GridPoint c) { return c.x >= r.x && c.x < r.x + r.width && c.y >= r.y && c.y < r.y + r.height; };
    for (std::size_t i = 0; i < regions.size(); ++i)
        if (inside(regions[i], mine)) out.region = static_cast<int>(i);
    if (out.region < 0 || regions[static_cast<std::size_t>(out.region)].kind == RegionKind::Blocked) return out;
    for (const auto& e : world)
        if (inside(regions[static_cast<std::size_t>(out.region)], cellOnMap(e.position, worldSize, state.map()))) out.ids.push_back(e.id);
    return out;
}

// `count` entities (ids 1..count) at repeatable random places in a world of `size`.
std::vector<PositionedEntity> randomWorld(Vec2 size, int count, std::uint64_t seed) {
    auto next = [&] { seed = seed * 6364136223846793005ull + 1442695040888963407ull; return static_cast<double>(seed >> 11) / 9007199254740992.0; };
    std::vector<PositionedEntity> world;
    for (EntityId id = 1; id <= count; ++id) {
        const double x = next() * size.x;
        world.push_back({id, {x, next() * size.y}});
    }
    return world;
}

TEST(MapsState, EntitiesInMyRegionAreTheBruteForceOnes) {
    MapsState state;
    const Vec2 worldSize{100, 60};
    std::vector<PositionedEntity> world = randomWorld(worldSize, 300, 12345);
    world.push_back({301, {worldSize.x, worldSize.y}});  // on the far corner: the last cell
    int lit = 0, blocked = 0;
    for (const auto& selected : world) {
        state.setWorldEntities(worldSize, world, selected.id);
        Found expected = bruteForce(state, worldSize, world, selected.id);
        ASSERT_EQ(state.selectedRegion(), expected.region) << "entity " << selected.id;
        ASSERT_EQ(state.entitiesInRegion(), expected.ids) << "entity " << selected.id;
        lit += state.entitiesInRegion().size() > 1 ? 1 : 0;
        blocked += expected.ids.empty() ? 1 : 0;
    }
    EXPECT_GT(lit, 100);   // the check is not vacuous: many regions hold several entities...
    EXPECT_GT(blocked, 0); // ...and some entities stand on walls (a blocked region: nobody shares it)
    // The map's last cell holds the entity on the world's far corner.
    GridPoint last{state.map().width() - 1, state.map().height() - 1};
    EXPECT_EQ(state.entities().back().position.x >= last.x, true);
    EXPECT_EQ(state.entities().back().position.y >= last.y, true);
}

TEST(MapsState, EntitiesInMyRegionFollowEditsAndSelection) {
    MapsState state;
    std::vector<PositionedEntity> world = {{1, {1.5, 3}}, {2, {11, 9.4}}, {3, {95, 5}}};  // cells (0, 0), (3, 1), (30, 0)
    state.setWorldEntities({100, 100}, world, std::nullopt);
    EXPECT_EQ(state.selectedRegion(), -1);
    EXPECT_TRUE(state.entitiesInRegion().empty());
    state.setWorldEntities({100, 100}, world, EntityId{7});  // not in the world
    EXPECT_EQ(state.selectedRegion(), -1);
    state.setWorldEntities({100, 100}, world, EntityId{1});
    ASSERT_GE(state.selectedRegion(), 0);
    auto before = state.entitiesInRegion();
    EXPECT_EQ(before, (std::vector<EntityId>{1, 2}));
    // A wall through the region splits it: the answer is rebuilt with the regions.
    GridPoint cell{static_cast<int>(state.entities()[0].position.x), static_cast<int>(state.entities()[0].position.y)};
    GridPoint other{static_cast<int>(state.entities()[1].position.x), static_cast<int>(state.entities()[1].position.y)};
    ASSERT_FALSE(cell == other);
    ASSERT_TRUE(state.paint(other, true));
    EXPECT_EQ(state.entitiesInRegion(), (std::vector<EntityId>{1}));
}

// Entities in my polygon: the state asks the navmesh it shows (NavMesh::entitiesInPolygonOf, tested against
// geometry in navmesh_test.cpp) for the selected entity, and asks again when the mesh changes or comes in
// from its worker thread; an entity on a wall has no polygon.
TEST(MapsState, EntitiesInMyPolygonAreTheNavmeshsAnswer) {
    MapsState state;
    const Vec2 worldSize{100, 60};
    std::vector<PositionedEntity> world = randomWorld(worldSize, 200, 777);
    int lit = 0, onWalls = 0;
    for (const auto& selected : world) {
        state.setWorldEntities(worldSize, world, selected.id);
        const NavMesh* mesh = state.navmesh();
        ASSERT_NE(mesh, nullptr);
        const Vec2 onMap = state.toMap(selected.position);
        ASSERT_EQ(state.selectedPolygon(), mesh->polygonAt(onMap)) << "entity " << selected.id;
        ASSERT_EQ(state.entitiesInPolygon(), mesh->entitiesInPolygonOf(onMap, state.entities())) << "entity " << selected.id;
        if (state.selectedPolygon() >= 0) {
            ASSERT_NE(std::find(state.entitiesInPolygon().begin(), state.entitiesInPolygon().end(), selected.id), state.entitiesInPolygon().end());
        }
        lit += state.entitiesInPolygon().size() > 1 ? 1 : 0;
        onWalls += state.selectedPolygon() < 0 ? 1 : 0;
    }
    EXPECT_GT(lit, 50);
    EXPECT_GT(onWalls, 0);
    state.setWorldEntities(worldSize, world, std::nullopt);
    EXPECT_EQ(state.selectedPolygon(), -1);
    EXPECT_TRUE(state.entitiesInPolygon().empty());

    // A large map's mesh builds on its own thread: nothing until it is in, then the mesh's answer; the
    // same after an edit rebuilds it (the old mesh's polygon is not kept meanwhile).
    MapsState large;
    large.setWorldEntities({170, 150}, {{1, {10.5, 10.5}}, {2, {12.5, 11.5}}, {3, {10.5, 100.5}}}, EntityId{1});
    auto expectTheNewMeshsAnswer = [&](const char* after) {
        SCOPED_TRACE(after);
        ASSERT_TRUE(large.navmeshBuilding());
        EXPECT_EQ(large.selectedPolygon(), -1);
        EXPECT_TRUE(large.entitiesInPolygon().empty());
        waitForBuild(large);
        ASSERT_NE(large.navmesh(), nullptr);
        EXPECT_EQ(large.selectedPolygon(), large.navmesh()->polygonAt({10.5, 10.5}));
        EXPECT_EQ(large.entitiesInPolygon(), large.navmesh()->entitiesInPolygonOf({10.5, 10.5}, large.entities()));
        EXPECT_NE(std::find(large.entitiesInPolygon().begin(), large.entitiesInPolygon().end(), 1), large.entitiesInPolygon().end());
        EXPECT_EQ(std::find(large.entitiesInPolygon().begin(), large.entitiesInPolygon().end(), 3), large.entitiesInPolygon().end())
            << "entity 3 stands beyond the wall";
    };
    large.setMap(largeMap(), "large");
    expectTheNewMeshsAnswer("a new map");
    EXPECT_TRUE(large.paint({100, 100}, true));
    waitForBuild(large);
    EXPECT_TRUE(large.paint({101, 100}, true));
    expectTheNewMeshsAnswer("an edit");
}

// The waypoints in the selected entity's sight: nearest first, each in sight, and every waypoint nearer
// than the last one listed but not listed is out of sight (unless the list is full). None for an entity on a wall.
TEST(MapsState, TheSelectedEntitySeesItsEntryWaypoints) {
    MapsState state;
    const Vec2 worldSize{100, 60};
    std::vector<PositionedEntity> world = randomWorld(worldSize, 120, 99);
    const Graph& graph = state.waypoints().graph;
    ASSERT_GT(graph.vertexCount(), 0u);
    int seeing = 0, onWalls = 0;
    for (const auto& selected : world) {
        state.setWorldEntities(worldSize, world, selected.id);
        const Vec2 p = state.toMap(selected.position);
        const auto& entries = state.entryWaypoints();
        if (!pointFits(state.map(), p)) {
            EXPECT_TRUE(entries.empty()) << "entity " << selected.id;
            ++onWalls;
            continue;
        }
        ASSERT_LE(entries.size(), kWaypointEntries);
        seeing += entries.empty() ? 0 : 1;
        double last = 0;
        for (VertexIndex v : entries) {
            const Vec2 w = graph.vertex(v).position;
            EXPECT_TRUE(lineOfSight(state.map(), p, w, 0)) << "entity " << selected.id << " waypoint " << v;
            const double d = std::hypot(w.x - p.x, w.y - p.y);
            EXPECT_GE(d, last);
            last = d;
        }
        if (entries.size() == kWaypointEntries || entries.empty()) continue;
        for (VertexIndex v = 0; v < static_cast<VertexIndex>(graph.vertexCount()); ++v) {
            const Vec2 w = graph.vertex(v).position;
            if (std::hypot(w.x - p.x, w.y - p.y) >= last || std::find(entries.begin(), entries.end(), v) != entries.end()) continue;
            EXPECT_FALSE(lineOfSight(state.map(), p, w, 0)) << "entity " << selected.id << " skipped waypoint " << v;
        }
    }
    EXPECT_GT(seeing, 80);
    EXPECT_GT(onWalls, 0);
}

}  // namespace entities_in_region

// Large maps build the waypoints, regions and table on a worker thread (MapsState::building): what is
// shown stays until the build is in, Cancel keeps it, and the result equals the build done at once.
namespace background_build {

GridMap scattered(int width, int height, int percent, std::uint32_t seed) {
    GridMap map(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (aoilab::testing::scatteredWall(seed, percent)) map.setPassable(x, y, false);
    return map;
}

void waitForRepresentations(MapsState& state) {
    while (state.building()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        state.poll();
    }
}

// Every representation's numbers and the query's answers, for comparing two states.
std::vector<double> summary(const MapsState& state) {
    const MapsQuery& q = state.query();
    return {static_cast<double>(state.map().width()), static_cast<double>(state.map().height()),
            static_cast<double>(state.waypoints().graph.vertexCount()), static_cast<double>(state.waypoints().graph.edgeCount()),
            static_cast<double>(state.waypoints().linksRefused), static_cast<double>(state.regions().regions().size()),
            static_cast<double>(state.regions().linkCount()), static_cast<double>(state.table() ? state.table()->vertexCount() : 0),
            static_cast<double>(state.position()), static_cast<double>(state.length()), state.step(),
            static_cast<double>(state.seed().x), static_cast<double>(state.seed().y), q.grid.length, q.waypoints.length,
            q.regions.length, q.table.length, static_cast<double>(state.selectedRegion())};
}

TEST(MapsBackgroundBuild, EqualsTheBuildDoneAtOnce) {
    for (MapsView view : {MapsView::Waypoints, MapsView::Regions}) {
        MapsState atOnce, worker;
        worker.setBackgroundBuildCells(0);  // every map counts as large
        for (MapsState* s : {&atOnce, &worker}) {
            s->setView(view);
            s->setWorldEntities({100, 100}, {{1, {10, 10}}, {2, {12, 11}}, {3, {80, 70}}}, EntityId{1});
            s->setMap(scattered(60, 40, 20, 7), "scattered");  // small: the lookup table grows as V^2
            s->setQuery({1, 1}, {55, 36});
        }
        EXPECT_FALSE(atOnce.building());
        EXPECT_TRUE(worker.building());
        waitForRepresentations(worker);
        EXPECT_EQ(summary(worker), summary(atOnce)) << mapsViewName(view);
        EXPECT_EQ(worker.entitiesInRegion(), atOnce.entitiesInRegion());
        // The timeline's end kept from the build is the one replayed from the start.
        const auto flood = worker.floodAt();
        const auto* split = worker.regionSplitter();
        ASSERT_TRUE(view == MapsView::Waypoints ? flood.has_value() : split != nullptr);
        if (flood) {
            EXPECT_EQ(flood->taken, atOnce.floodAt()->taken);
            EXPECT_EQ(flood->links(), atOnce.floodAt()->links());
        }
        if (split) {
            EXPECT_EQ(split->splits(), atOnce.regionSplitter()->splits());
        }
        // A step and a seed on the worker too.
        for (MapsState* s : {&atOnce, &worker}) {
            EXPECT_EQ(s->setStep(3), "");
            EXPECT_EQ(s->setSeed(s->map().lastPassable()), "");
        }
        waitForRepresentations(worker);
        EXPECT_EQ(summary(worker), summary(atOnce)) << mapsViewName(view);
    }
}

TEST(MapsBackgroundBuild, WhatIsShownStaysUntilTheBuildIsIn) {
    MapsState state;
    state.setBackgroundBuildCells(0);
    const std::vector<double> before = summary(state);
    const GridPoint start = state.start();
    state.setMap(scattered(90, 70, 10, 3), "scattered");
    ASSERT_TRUE(state.building());
    EXPECT_EQ(state.buildCause(), MapsState::BuildCause::Map);
    EXPECT_EQ(state.mapName(), "default");
    EXPECT_EQ(state.targetMap().width(), 90);  // what the next edits and queries apply to
    // A query and a seek wait for the build; a paint is refused meanwhile.
    state.setQuery({2, 2}, {80, 60});
    state.seek(5);
    EXPECT_EQ(state.start(), start);
    EXPECT_FALSE(state.paint({0, 0}, true));
    EXPECT_EQ(summary(state), before);
    waitForRepresentations(state);
    EXPECT_EQ(state.mapName(), "scattered");
    EXPECT_EQ(state.map().width(), 90);
    EXPECT_EQ(state.start(), state.map().clampInside({2, 2}));
    EXPECT_EQ(state.goal(), state.map().clampInside({80, 60}));
    EXPECT_EQ(state.position(), 5u);
    ASSERT_TRUE(state.floodAt());
    EXPECT_EQ(state.floodAt()->taken, 5u);
}

// While the workbench is not shown a large map's build waits (no core, no memory spent on it); shown,
// it builds what it would have built, with the query and the seek asked for meanwhile.
TEST(MapsBackgroundBuild, HeldWhileAnotherWorkbenchIsShownThenBuiltAsAtOnce) {
    MapsState atOnce, held;
    held.setBackgroundBuildCells(0);
    held.holdLargeBuilds(true);
    const std::vector<double> before = summary(held);
    for (MapsState* s : {&atOnce, &held}) {
        s->setMap(scattered(90, 70, 10, 3), "scattered");
        s->setQuery({2, 2}, {80, 60});
        s->seek(7);
    }
    EXPECT_TRUE(held.buildHeld());
    EXPECT_FALSE(held.building());
    held.poll();
    EXPECT_EQ(summary(held), before);  // what was shown stays
    EXPECT_EQ(held.targetMap().width(), 90);
    held.holdLargeBuilds(false);
    EXPECT_FALSE(held.buildHeld());
    EXPECT_TRUE(held.building());
    waitForRepresentations(held);
    EXPECT_EQ(summary(held), summary(atOnce));
    // Held again: a small map (built at once below backgroundBuildCells) is not held.
    held.setBackgroundBuildCells(MapsState::kBackgroundBuildCells);
    held.holdLargeBuilds(true);
    held.setMap(scattered(60, 40, 20, 7), "small");
    EXPECT_FALSE(held.buildHeld());
    EXPECT_EQ(held.mapName(), "small");
}

TEST(MapsBackgroundBuild, CancelKeepsWhatWasShown) {
    MapsState state;
    state.setBackgroundBuildCells(0);
    state.setLivePaintCells(0);
    const std::vector<double> before = summary(state);
    // A new map, a step, a seed: each cancelled leaves the state as it was.
    state.setMap(scattered(90, 70, 10, 3), "scattered");
    state.cancelBuild();
    waitForRepresentations(state);
    EXPECT_EQ(state.mapName(), "default");
    EXPECT_EQ(summary(state), before);
    EXPECT_EQ(state.setStep(1), "");
    state.cancelBuild();
    waitForRepresentations(state);
    EXPECT_EQ(summary(state), before);
    EXPECT_EQ(state.setSeed({20, 0}), "");
    state.cancelBuild();
    waitForRepresentations(state);
    EXPECT_EQ(summary(state), before);
    // A stroke: its cells go back.
    ASSERT_TRUE(state.paint({0, 5}, true));
    ASSERT_TRUE(state.paint({1, 5}, true));
    ASSERT_TRUE(state.finishPaint());
    EXPECT_EQ(state.buildCause(), MapsState::BuildCause::Stroke);
    state.cancelBuild();
    waitForRepresentations(state);
    EXPECT_TRUE(state.map().passable(0, 5));
    EXPECT_TRUE(state.map().passable(1, 5));
    EXPECT_FALSE(state.paintPending());
    EXPECT_EQ(summary(state), before);
    // The same stroke built: the walls are in the regions.
    ASSERT_TRUE(state.paint({0, 5}, true));
    ASSERT_TRUE(state.finishPaint());
    waitForRepresentations(state);
    EXPECT_FALSE(state.map().passable(0, 5));
    const int region = state.regions().regionAt({0.5, 5.5});
    ASSERT_GE(region, 0);
    EXPECT_EQ(state.regions().regions()[static_cast<std::size_t>(region)].kind, RegionKind::Blocked);
}

TEST(MapsBackgroundBuild, AStepTheFloodRefusesKeepsTheOldStepAndTheNewMap) {
    MapsState state;
    state.setBackgroundBuildCells(0);
    GridMap open(520, 520);  // a step of 0.25 would place about 4.3 million points, past the 4 million allowed
    state.setMap(open, "open");
    EXPECT_EQ(state.setStep(0.25), "") << "refused by the build, after it";
    waitForRepresentations(state);
    const std::string why = state.takeBuildRefusal();
    EXPECT_NE(why.find("4000000 allowed"), std::string::npos) << why;
    EXPECT_EQ(state.takeBuildRefusal(), "");  // once
    EXPECT_EQ(state.mapName(), "open");
    EXPECT_EQ(state.step(), 2);
    EXPECT_GT(state.waypoints().graph.vertexCount(), 60'000u);
    // The same refusal at once on a small map's state: setStep returns it.
    MapsState atOnce;
    atOnce.setBackgroundBuildCells(open.cellCount());
    atOnce.setMap(open, "open");
    EXPECT_NE(atOnce.setStep(0.25).find("4000000 allowed"), std::string::npos);
    EXPECT_EQ(atOnce.step(), 2);
}

}  // namespace background_build

}  // namespace
}  // namespace aoilab::app

namespace aoilab::app {
namespace {

// Issue 40 item 18: a row whose structure was refused or is still building says so, never "no path".
TEST(MapsState, TheComparisonSaysRefusedOrBuildingRatherThanNoPath) {
    setLanguage(Language::English);
    MapsRoute none, found;
    found.found = true;
    found.length = 62.1543;
    EXPECT_EQ(mapsLengthCell(found, {}).text, "62.15");
    EXPECT_EQ(mapsLengthCell(none, {}).text, "no path");
    MapsRowState refused;
    refused.refusedNeeding = std::size_t(300) << 20;
    EXPECT_EQ(mapsLengthCell(none, refused).kind, MapsLengthCell::Kind::Refused);
    EXPECT_EQ(mapsLengthCell(none, refused).text, "refused: needs 300.0 MB");
    MapsRowState building;
    building.building = std::pair<std::size_t, std::size_t>{3, 16};
    EXPECT_EQ(mapsLengthCell(none, building).text, "building 3 of 16");
    setLanguage(Language::Chinese);
    EXPECT_EQ(mapsLengthCell(none, building).text, "正在构建 3 / 16");
    setLanguage(Language::English);
    // The state's rows: a small map's table fits, so it is never "refused".
    MapsState state;
    EXPECT_FALSE(mapsRowState(state, MapsRow::Table).refusedNeeding);
    EXPECT_FALSE(mapsRowState(state, MapsRow::Funnel).building);
}

}  // namespace
}  // namespace aoilab::app

namespace aoilab::app {
namespace {

// Issue 40 item 13: painted walls go through an undo history, one press and its drag a step.
TEST(MapsState, PaintedWallsUndoAndRedoAStrokeAtATime) {
    MapsState state;
    MapsPaintHistory paints;
    const std::int64_t walls = state.map().cellCount() - state.map().passableCount();
    std::vector<GridPoint> free;
    for (int x = 0; x < state.map().width() && free.size() < 3; ++x)
        for (int y = 0; y < state.map().height() && free.size() < 3; ++y)
            if (state.map().passable({x, y}) && GridPoint{x, y} != state.start() && GridPoint{x, y} != state.goal()) free.push_back({x, y});
    ASSERT_EQ(free.size(), 3u);
    paints.beginStroke();
    ASSERT_TRUE(paints.paint(state, free[0], true));
    ASSERT_TRUE(paints.paint(state, free[1], true));
    paints.beginStroke();
    EXPECT_FALSE(paints.paint(state, free[1], true)) << "already a wall: nothing changes";
    ASSERT_TRUE(paints.paint(state, free[2], true));
    EXPECT_EQ(state.map().cellCount() - state.map().passableCount(), walls + 3);
    const std::uint64_t revision = paints.revision();
    paints.undo(state);
    EXPECT_TRUE(state.map().passable(free[2]));
    EXPECT_FALSE(state.map().passable(free[1])) << "the first stroke stays";
    EXPECT_GT(paints.revision(), revision);
    paints.undo(state);
    EXPECT_EQ(state.map().cellCount() - state.map().passableCount(), walls);
    EXPECT_FALSE(paints.canUndo());
    paints.redo(state);
    EXPECT_FALSE(state.map().passable(free[0]));
    EXPECT_FALSE(state.map().passable(free[1]));
    EXPECT_TRUE(state.map().passable(free[2]));
}

}  // namespace
}  // namespace aoilab::app
