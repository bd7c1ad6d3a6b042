// The map representations workbench: one map as flood-fill waypoints, quadtree regions, a navmesh and
// lookup tables, each built live by src/path, and one query compared across them. The model is
// maps_state.h; this file wires it to the shell.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include <limits>
#include <utility>

#include "app/app_context.h"
#include "app/app_options.h"
#include "app/mode.h"
#include "app/modes/maps/maps_ui.h"
#include "app/modes/mode_list.h"
#include "app/progress_window.h"
#include "app/query_check.h"
#include "app/scene_view.h"
#include "app/timeline.h"
#include "core/error.h"
#include "path/movingai.h"
#include "scenario/scenario.h"

namespace aoilab::app {
namespace {

class MapsTimeline final : public Timeline {
public:
    explicit MapsTimeline(MapsState& state) : state_(state) {}
    std::size_t position() const override { return state_.position(); }
    std::size_t length() const override { return state_.length(); }
    void seek(std::size_t position) override { state_.seek(position); }
    // The end of the map being built when one is (--map ... --seek end stopped at the end of the default
    // map's timeline, 98): the build clamps it to its own length.
    void seekToEnd() override { state_.seek(std::numeric_limits<std::size_t>::max()); }
    Str unit() const override { return Str::UnitBuildStep; }

private:
    MapsState& state_;
};

// Undo and Redo act on the painted walls while this workbench is shown: one stroke a step.
class MapsEdits final : public ModeEdits {
public:
    MapsEdits(MapsState& state, MapsPaintHistory& paints) : state_(state), paints_(paints) {}
    bool canUndo() const override { return paints_.canUndo(); }
    bool canRedo() const override { return paints_.canRedo(); }
    std::string undoLabel() const override { return label(paints_.undoStroke()); }
    std::string redoLabel() const override { return label(paints_.redoStroke()); }
    void undo(AppContext&) override { paints_.undo(state_); }
    void redo(AppContext&) override { paints_.redo(state_); }
    bool hasSelection() const override { return false; }
    bool deleteSelected(AppContext&) override { return false; }

private:
    static std::string label(const MapsPaintHistory::Stroke* stroke) {
        if (!stroke) return "";
        return fmt(stroke->wall ? Str::SearchEditWalls : Str::SearchEditErase, static_cast<int>(stroke->cells.size()));
    }
    MapsState& state_;
    MapsPaintHistory& paints_;
};

nlohmann::json lengthOrNull(const MapsRoute& r) { return r.found ? nlohmann::json(r.length) : nlohmann::json(nullptr); }

class MapsMode final : public Mode {
public:
    const MapsState& state() const { return state_; }  // read-only, for mapsStateOf
    MapsMode() : Mode("maps", Str::ModeMaps), timeline_(state_), edits_(state_, ui_.paints) {
        panels_.push_back(makeMapsPanel(state_, ui_));
        panels_.push_back(makeMapsTablePanel(state_, ui_));
        for (auto& panel : panels_) panel->visible = panel->visibleByDefault();
        tools_ = makeMapsTools(state_, ui_);
    }

    void applyStartOptions(const AppOptions& options, AppContext& ctx) override {
        state_.holdLargeBuilds(ctx.mode != this);  // built when shown
        // A --map this workbench refused (its error says so) leaves --query to the Search workbench.
        const bool mapTaken = options.map.empty() || openMap(ctx, options.map);
        // --select: the AOI workbench resolves it when it is the active one; here, the shared selection
        // for entities in my region (the document's world: this workbench has no timeline of entities).
        if (options.select && (options.mode == "maps" || (options.mode.empty() && ctx.doc.scenario().lesson.mode == "maps"))) {
            if (ctx.doc.world().contains(*options.select)) ctx.selected = *options.select;
            else ctx.reportError(fmt(Str::ErrorSelectMissing, std::to_string(*options.select).c_str()));
        }
        if (options.step) {
            if (std::string why = state_.setStep(*options.step); !why.empty()) ctx.reportError("--step: " + why);
        }
        if (options.query && mapTaken) {
            const auto& q = *options.query;
            GridPoint s{q[0], q[1]}, g{q[2], q[3]};
            const GridMap& map = state_.targetMap();  // the --map being built, if it is
            if (!map.inBounds(s) || !map.inBounds(g))
                ctx.reportError("--query: outside the Maps workbench's " + std::to_string(map.width()) + " x " +
                                std::to_string(map.height()) + " map");
            else if (std::string wall = blockedEnd(map, s, g); !wall.empty())
                ctx.reportError("--query: " + wall + " (Maps workbench)");  // refused, not a silent "no path"
            else state_.setQuery(s, g);
        }
    }

    // A .map opens in the search workbench (it claims the extension first); here, through --map,
    // a scenario with a map, or the search's map when this workbench has none of its own yet.
    void documentChanged(AppContext& ctx) override {
        const Scenario& s = ctx.doc.scenario();
        if (!s.lesson.map) return;
        state_.holdLargeBuilds(ctx.mode != this);  // a search lesson's map is built here when this is shown
        try {
            auto lesson = loadLessonMap(s, ctx.doc.path());
            try {
                state_.setMap(std::move(lesson->map), lesson->name);
            } catch (const InputError& e) {
                throw InputError(ctx.doc.path().string() + ": /map: " + e.what());
            }
            forgetPaints();
            if (const auto& q = lesson->query) state_.setQuery({q->startX, q->startY}, {q->goalX, q->goalY});
            // "panels" may name the view to open in (waypoints, regions, navmesh, table).
            for (const std::string& panel : s.lesson.panels)
                for (MapsView v : {MapsView::Waypoints, MapsView::Regions, MapsView::Navmesh, MapsView::Table})
                    if (panel == mapsViewName(v)) state_.setView(v);
            ctx.wantFrameWorld = true;
        } catch (const InputError& e) {
            ctx.reportError(e.what());
        }
    }

    void activate(AppContext& ctx) override {
        state_.holdLargeBuilds(false);  // a build held while another workbench was shown starts now
        state_.poll();
        ctx.wantFrameWorld = true;
        worldSeen_.reset();  // the AOI timeline may have moved while the AOI workbench was shown
        for (const std::string& message : std::exchange(heldErrors_, {})) ctx.reportError(message);
    }
    void deactivate(AppContext&) override { state_.holdLargeBuilds(true); }
    bool acceptsViewName(const std::string& name) const override {
        return name == "waypoints" || name == "regions" || name == "navmesh" || name == "table";
    }

    bool working() const override { return state_.building(); }

    void update(AppContext& ctx, float) override {
        const bool newMapBuilding = state_.building() && state_.buildCause() == MapsState::BuildCause::Map;
        state_.poll();
        if (newMapBuilding && !state_.building()) ctx.wantFrameWorld = true;  // the new map is in (or the old stays)
        if (std::string why = state_.takeBuildRefusal(); !why.empty()) ctx.reportError(why);
        // A painted or erased wall (or its undo) modifies the document as any edit does: when the stroke
        // ends, the lesson's map becomes the edited one, inline, so Save writes what is shown.
        if (ui_.paints.revision() != paintsSeen_ && !ImGui::IsAnyMouseDown()) {
            paintsSeen_ = ui_.paints.revision();
            ScenarioLesson lesson = ctx.doc.scenario().lesson;
            lesson.map = ScenarioMapRef{"", state_.map().rows()};
            ctx.doc.setLesson(lesson);
        }
        ctx.longWorkShown |= state_.building();
        syncWorldEntities(ctx);
        showViewsRoute(ui_, state_.view());
        ctx.animating = ctx.animating || ctx.playback.playing() || state_.navmeshBuilding();
    }

    void drawScene(AppContext&, SceneView& scene) override {
        ImVec2 mouse = ImGui::GetIO().MousePos;
        ui_.hovered.reset();
        if (mouse.x >= scene.canvasMin().x && mouse.y >= scene.canvasMin().y && mouse.x < scene.canvasMax().x &&
            mouse.y < scene.canvasMax().y) {
            Vec2 w = scene.toWorld(mouse);
            int x = static_cast<int>(std::floor(w.x)), y = static_cast<int>(std::floor(w.y));
            if (state_.map().inBounds(x, y)) ui_.hovered = GridPoint{x, y};
        }
        scene_.draw(state_, ui_, scene);
    }

    std::optional<Rect> bounds(const AppContext&) const override {
        return Rect{0, 0, static_cast<double>(state_.map().width()), static_cast<double>(state_.map().height())};
    }

    std::string statusText(const AppContext&) const override {
        auto text = [](const MapsRoute& r) {
            char buffer[32];
            if (r.found) std::snprintf(buffer, sizeof buffer, "%.2f", r.length);
            else std::snprintf(buffer, sizeof buffer, "-");
            return std::string(buffer);
        };
        const MapsQuery& q = state_.query();
        return fmt(Str::MapsStatusLine, state_.mapName().c_str(), state_.map().width(), state_.map().height(),
                   tr(mapsViewTitle(state_.view())), text(q.grid).c_str(), text(q.waypoints).c_str(), text(q.funnel).c_str());
    }

    std::string explanation(const AppContext&) const override {
        switch (state_.view()) {
            case MapsView::Waypoints: {
                const std::optional<WaypointFloodAt> at = state_.floodAt();
                if (!at) return state_.error().empty() ? tr(Str::MapsIntro) : state_.error();
                std::string text = fmt(Str::MapsExplainWaypoints, static_cast<int>(at->taken),
                                       static_cast<int>(state_.waypoints().graph.vertexCount()), static_cast<int>(at->links()),
                                       static_cast<int>(at->refused()));
                if (scene_.drawn().pointStride > 1)  // a sentence more: after a space in English, none in Chinese
                    text += sentenceGap() + fmt(Str::MapsThinnedPoints, scene_.drawn().pointStride);
                return text + selectedEntitySentence();
            }
            case MapsView::Regions:
            {
                const RegionSplitter* splitter = state_.regionSplitter();
                std::string mine;
                if (state_.selectedRegion() >= 0)
                    mine = " " + fmt(Str::MapsExplainEntityRegion, static_cast<int>(*state_.selectedEntity()), state_.selectedRegion(),
                                     static_cast<int>(state_.entitiesInRegion().size()));
                return fmt(Str::MapsExplainRegions, static_cast<int>(state_.position()), static_cast<int>(state_.length()),
                           static_cast<int>(splitter ? splitter->leaves().size() : state_.regions().regions().size()),
                           static_cast<int>(splitter ? splitter->pending().size() : 0), static_cast<int>(state_.regions().regions().size()),
                           static_cast<int>(state_.regions().quadtreeNodes()), state_.regions().maxDepth()) + mine +
                       (scene_.drawn().regionsTooSmall ? " " + fmt(Str::MapsThinnedRegions, groupedCount(scene_.drawn().regionsTooSmall).c_str()) : "");
            }
            case MapsView::Navmesh:
                if (!state_.navmesh())
                    return state_.navmeshCancelled() ? tr(Str::MapsNavmeshCancelled)
                                                     : fmt(Str::MapsBuilding, state_.map().width(), state_.map().height(), state_.navmeshElapsedSeconds());
                return mapsNavStepText(state_) + selectedEntitySentence();
            case MapsView::Table:
                return fmt(Str::MapsExplainTable, std::to_string(state_.table() ? state_.table()->memoryBytes() : state_.tableBytesNeeded()).c_str(),
                           static_cast<int>(state_.waypoints().graph.vertexCount())) + selectedEntitySentence();
        }
        return {};
    }

    Timeline* timeline() override { return &timeline_; }
    ModeEdits* edits() override { return &edits_; }

    // Between two sentences: a space in English, none in Chinese.
    static std::string sentenceGap() { return language() == Language::Chinese ? "" : " "; }

    // What the selected entity has in the waypoint and navmesh views, once the representation is
    // finished (the timeline at its end): the waypoints in its sight, or its polygon and who shares it.
    std::string selectedEntitySentence() const {
        if (!state_.selectedEntityPosition() || state_.position() < state_.length()) return {};
        const int id = static_cast<int>(*state_.selectedEntity());
        switch (state_.view()) {
            case MapsView::Waypoints:
            case MapsView::Table: {
                const int seen = static_cast<int>(state_.entryWaypoints().size());
                return sentenceGap() + (seen ? fmt(Str::MapsExplainEntityWaypoints, id, seen) : fmt(Str::MapsExplainEntityNoWaypoint, id));
            }
            case MapsView::Navmesh:
                if (state_.selectedPolygon() < 0) return {};
                return sentenceGap() + fmt(Str::MapsExplainEntityPolygon, id, state_.selectedPolygon(), static_cast<int>(state_.entitiesInPolygon().size()));
            case MapsView::Regions: break;
        }
        return {};
    }

    nlohmann::json dump(const AppContext&) const override {
        const MapsQuery& q = state_.query();
        const WaypointGraph& wp = state_.waypoints();
        const NavMesh* mesh = state_.navmesh();
        nlohmann::json navmesh = {{"polygons", mesh ? nlohmann::json(mesh->polygons().size()) : nlohmann::json(nullptr)},
                                  {"building", state_.navmeshBuilding()},
                                  {"tiles_done", state_.navmeshTilesDone()},
                                  {"tiles_total", state_.navmeshTilesTotal()},
                                  {"cancelled", state_.navmeshCancelled()},
                                  // Entities in my polygon: NavMesh::entitiesInPolygonOf for the selected entity.
                                  {"selected_polygon", state_.selectedPolygon() >= 0 ? nlohmann::json(state_.selectedPolygon()) : nlohmann::json(nullptr)},
                                  {"entities_in_polygon", state_.entitiesInPolygon()}};
        if (mesh) {
            navmesh["shared_edges"] = mesh->edgeCount();
            // The timeline's build steps: steps per tile, what the stage records take (or why they were
            // not kept), and the tile and stage at the position with the stage's numbers.
            navmesh["tiles"] = mesh->tiles().size();
            navmesh["steps_per_tile"] = state_.navStepsPerTile();
            navmesh["stage_bytes"] = mesh->stageBytes();
            navmesh["stages_refused"] = state_.navStagesRefused().empty() ? nlohmann::json(nullptr) : nlohmann::json(state_.navStagesRefused());
            navmesh["step"] = nullptr;
            if (auto step = state_.navStep()) {
                const NavTile& tile = mesh->tiles()[step->tile];
                nlohmann::json s = {{"tile", step->tile}, {"stage", navStageName(step->stage)}, {"tile_rect", {tile.x, tile.y, tile.width, tile.height}},
                                    {"tile_polygons", tile.polygonCount}, {"polygons_shown", state_.navPolygonsShown()}};
                if (step->tile < mesh->stages().size()) {
                    const NavTileStages& st = mesh->stages()[step->tile];
                    s["walkable_cells"] = std::count(st.walkable.begin(), st.walkable.end(), 1);
                    s["regions"] = st.regionCount;
                    s["contours"] = st.contours.size();
                }
                navmesh["step"] = s;
            }
        }
        return {{"view", mapsViewName(state_.view())},
                {"map", {{"name", state_.mapName()}, {"width", state_.map().width()}, {"height", state_.map().height()},
                         {"walls", state_.map().cellCount() - state_.map().passableCount()}}},
                {"can_undo", ui_.paints.canUndo()},
                {"can_redo", ui_.paints.canRedo()},
                {"start", {state_.start().x, state_.start().y}},
                {"goal", {state_.goal().x, state_.goal().y}},
                {"step", state_.step()},
                {"seed", {state_.seed().x, state_.seed().y}},
                {"paint_pending", state_.paintPending()},
                {"building", buildingDump()},
                {"build_held", state_.buildHeld()},
                {"waypoints", {{"points", wp.graph.vertexCount()}, {"links", wp.graph.edgeCount() / 2},
                               {"links_refused", wp.linksRefused},
                               {"taken", state_.floodAt() ? nlohmann::json(state_.floodAt()->taken) : nlohmann::json(nullptr)},
                               {"entry_waypoints", state_.entryWaypoints()}}},
                {"regions", regionsDump()},
                {"navmesh", navmesh},
                {"table", {{"nodes", state_.table() ? nlohmann::json(state_.table()->vertexCount()) : nlohmann::json(nullptr)},
                           {"bytes", state_.table() ? state_.table()->memoryBytes() : state_.tableBytesNeeded()},
                           {"refused", state_.table() == nullptr}}},
                {"query", {{"grid", lengthOrNull(q.grid)},
                           {"waypoints", lengthOrNull(q.waypoints)},
                           {"regions", lengthOrNull(q.regions)},
                           {"navmesh_funnel", lengthOrNull(q.funnel)},
                           {"navmesh_midpoints", lengthOrNull(q.midpoints)},
                           {"table", lengthOrNull(q.table)}}},
                {"drawn", {{"points", scene_.drawn().points}, {"links", scene_.drawn().links}, {"refused", scene_.drawn().refused},
                           {"regions", scene_.drawn().regions}, {"polygons", scene_.drawn().polygons}, {"paths", scene_.drawn().paths},
                           {"pending", scene_.drawn().pending}, {"split", scene_.drawn().split},
                           {"entities", scene_.drawn().entities}, {"entities_lit", scene_.drawn().entitiesLit},
                           {"entry_links", scene_.drawn().entryLinks},
                           {"hovered", scene_.drawn().hovered >= 0 ? nlohmann::json(scene_.drawn().hovered) : nlohmann::json(nullptr)},
                           {"hover_links", scene_.drawn().hoverLinks},
                           {"stage_cells", scene_.drawn().stageCells}, {"contours", scene_.drawn().contours},
                           {"point_stride", scene_.drawn().pointStride}, {"regions_too_small", scene_.drawn().regionsTooSmall}}}};
    }

    // The background build's progress window, as drawn (null when none runs).
    nlohmann::json buildingDump() const {
        if (!state_.building()) return nullptr;
        return {{"phase", mapsBuildPhaseName(state_.buildPhase())},
                {"done", state_.buildDone()},
                {"total", state_.buildTotal()},
                {"cause", MapsState::buildCauseName(state_.buildCause())},
                {"map", {state_.targetMap().width(), state_.targetMap().height()}},
                {"rect", buildRect_}};
    }

    // The contract's counts, then (additive) the split at the timeline position in the regions view.
    nlohmann::json regionsDump() const {
        nlohmann::json out = {{"regions", state_.regions().regions().size()},
                              {"links", state_.regions().linkCount()},
                              {"quadtree_nodes", state_.regions().quadtreeNodes()},
                              {"splits", state_.regions().quadtreeNodes() - state_.regions().regions().size()}};
        if (const RegionSplitter* splitter = state_.regionSplitter()) {
            out["split"] = {{"done", splitter->splits()}, {"leaves", splitter->leaves().size()}, {"pending", splitter->pending().size()}};
            if (splitter->lastSplit()) {
                const QuadNode& n = *splitter->lastSplit();
                out["split"]["node"] = {n.x, n.y, n.width, n.height};
            }
        }
        // Entities in my region: the selected entity (null: none), its region and the entities in it
        // as RegionMap::entitiesInRegionOf returns them.
        const auto selected = state_.selectedEntity();
        out["entities"] = state_.entities().size();
        out["selected_entity"] = selected ? nlohmann::json(*selected) : nlohmann::json(nullptr);
        out["selected_region"] = state_.selectedRegion() >= 0 ? nlohmann::json(state_.selectedRegion()) : nlohmann::json(nullptr);
        out["entities_in_region"] = state_.entitiesInRegion();
        return out;
    }

private:
    // The representations' build on the worker thread (MapsState::building): its progress, modal, with Cancel.
    void drawWorkProgress(AppContext&) override {
        const bool shown = state_.building();
        ProgressWindowText text;
        if (shown) {
            const std::size_t done = state_.buildDone(), total = state_.buildTotal();
            const GridMap& map = state_.targetMap();
            Str what = Str::MapsBuildWaypoints;
            switch (state_.buildPhase()) {
                case MapsBuildPhase::Waypoints: what = Str::MapsBuildWaypoints; break;
                case MapsBuildPhase::Regions: what = Str::MapsBuildRegions; break;
                case MapsBuildPhase::Links: what = Str::MapsBuildLinks; break;
                case MapsBuildPhase::Table: what = Str::MapsBuildTable; break;
            }
            text.title = tr(Str::MapsBuildTitle);
            text.what = fmt(what, map.width(), map.height(), groupedCount(done).c_str(), groupedCount(total).c_str());
            text.fraction = total ? static_cast<float>(std::min(done, total)) / static_cast<float>(total) : 0.f;
            text.seconds = state_.buildSeconds();
            text.note = tr(state_.buildCause() == MapsState::BuildCause::Stroke ? Str::MapsBuildKeepsStroke : Str::MapsBuildKeeps);
        }
        if (drawProgressWindow("###maps_build", shown, text, buildRect_)) state_.cancelBuild();
    }

    // The AOI world's entities and the shared selection, read when either changed (the document, an
    // edit, undo, or the selection).
    void syncWorldEntities(const AppContext& ctx) {
        WorldSeen seen{ctx.documentSerial, ctx.doc.history().revision(), ctx.selected};
        if (worldSeen_ && *worldSeen_ == seen) return;
        worldSeen_ = seen;
        // The AOI workbench's world at its timeline position (what F1 shows), else the document's.
        const World* shown = nullptr;
        for (const Mode* m : ctx.modes)
            if (!shown) shown = m->entitiesWorld(ctx);
        const World& world = shown ? *shown : ctx.world();
        std::vector<PositionedEntity> entities;
        entities.reserve(world.size());
        for (const Entity& e : world.entities()) entities.push_back({e.id, {e.x, e.y}});
        state_.setWorldEntities({world.width(), world.height()}, std::move(entities), ctx.selected);
    }

    bool openMap(AppContext& ctx, const std::filesystem::path& file) {
        try {
            GridMap map = readMovingAiMap(file.string());  // its errors name the file
            try {
                state_.setMap(std::move(map), file.stem().string());
                forgetPaints();
            } catch (const InputError& e) {
                // Over the navmesh budget: the map stays as it was.
                throw InputError(file.string() + ": " + e.what() + "; the Maps workbench keeps the map it had");
            }
            ctx.wantFrameWorld = true;
            return true;
        } catch (const InputError& e) {
            // The error belongs to this workbench: said over it, and named (--map opens the file in both
            // grid workbenches; the navmesh's budget error came up over the Search workbench).
            std::string message = fmt(Str::ErrorInWorkbench, tr(Str::ModeMaps), e.what());
            if (ctx.mode == this) ctx.reportError(message);
            else heldErrors_.push_back(std::move(message));  // shown when this workbench is
            return false;
        }
    }

    // Another map: the painted walls' steps were the old map's.
    void forgetPaints() {
        ui_.paints.clear();
        paintsSeen_ = 0;
    }

    struct WorldSeen {
        std::size_t document, revision;
        std::optional<EntityId> selected;
        friend bool operator==(const WorldSeen&, const WorldSeen&) = default;
    };
    std::optional<WorldSeen> worldSeen_;
    std::vector<std::string> heldErrors_;  // met while another workbench was shown
    MapsState state_;
    std::array<float, 4> buildRect_{};
    MapsUi ui_;
    MapsScene scene_;
    MapsTimeline timeline_;
    MapsEdits edits_;
    std::uint64_t paintsSeen_ = 0;  // the painted walls' revision the document has
};

}  // namespace

std::string mapsNavStepText(const MapsState& state) {
    const NavMesh& mesh = *state.navmesh();
    auto step = state.navStep();
    const int tiles = static_cast<int>(mesh.tiles().size()), all = static_cast<int>(mesh.polygons().size());
    std::string refused = state.navStagesRefused().empty() ? "" : " " + fmt(Str::MapsNavStagesRefused, state.navStagesRefused().c_str());
    if (!step) return fmt(Str::MapsNavStepStart, tiles, all) + refused;
    const int t = static_cast<int>(step->tile) + 1;
    const NavTile& tile = mesh.tiles()[step->tile];
    const NavTileStages* stages = step->tile < mesh.stages().size() ? &mesh.stages()[step->tile] : nullptr;
    switch (step->stage) {
        case NavStage::Walkable:
            return fmt(Str::MapsNavStepWalkable, t, tiles, stages ? static_cast<int>(std::count(stages->walkable.begin(), stages->walkable.end(), 1)) : 0);
        case NavStage::Regions:
            return fmt(Str::MapsNavStepRegions, t, tiles, stages ? stages->regionCount : 0);
        case NavStage::Contours:
            return fmt(Str::MapsNavStepContours, t, tiles, stages ? static_cast<int>(stages->contours.size()) : 0);
        case NavStage::Polygons:
            return fmt(Str::MapsNavStepPolygons, t, tiles, tile.polygonCount, static_cast<int>(state.navPolygonsShown()), all,
                       static_cast<int>(state.query().corridor.size())) + refused;
    }
    return {};
}

std::unique_ptr<Mode> makeMapsMode() { return std::make_unique<MapsMode>(); }

const MapsState* mapsStateOf(const Mode& mode) {
    auto* maps = dynamic_cast<const MapsMode*>(&mode);
    return maps ? &maps->state() : nullptr;
}

}  // namespace aoilab::app
