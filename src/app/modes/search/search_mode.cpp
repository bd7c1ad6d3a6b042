// The grid search workbench: A*, Dijkstra, best-first and JPS from src/path stepped on a MovingAI map,
// one or two configurations on one timeline (position = expansions), the sets drawn as textures, the
// numbers in panels, each step explained. The model is search_state.h; this file wires it to the shell.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "app/app_context.h"
#include "app/app_options.h"
#include "app/mode.h"
#include "app/modes/mode_list.h"
#include "app/modes/search/search_edit_label.h"
#include "app/modes/search/search_explain.h"
#include "app/modes/search/search_scene.h"
#include "app/modes/search/search_ui.h"
#include "app/query_check.h"
#include "app/progress_window.h"
#include "app/scene_view.h"
#include "app/timeline.h"
#include "core/error.h"
#include "path/movingai.h"
#include "scenario/scenario.h"

namespace aoilab::app {
namespace {

class SearchTimeline final : public Timeline {
public:
    SearchTimeline(SearchState& state, Exercise& exercise) : state_(state), exercise_(exercise) {}
    std::size_t position() const override { return state_.position(); }
    std::size_t length() const override { return state_.length(); }
    void seek(std::size_t position) override { state_.seek(position); }
    void seekToEnd() override { state_.seekToEnd(); }
    // One step forward reveals the answer to a pending guess: the cell the first run expanded.
    bool stepForward() override {
        if (state_.position() >= state_.length()) return false;
        std::vector<std::string> tied;  // the open cells the step could as well expand (a tie in f)
        if (exercise_.pending() && !state_.runs().empty())
            for (GridPoint cell : state_.runs().front().search.nextCandidates()) tied.push_back(cellName(cell));
        state_.seek(state_.position() + 1);
        if (!state_.runs().empty())
            if (auto cell = state_.runs().front().search.lastExpanded())
                exercise_.reveal(cellName(*cell), state_.position(), tied);
        return true;
    }
    Str unit() const override { return Str::UnitExpansion; }

private:
    SearchState& state_;
    Exercise& exercise_;
};

nlohmann::json point(GridPoint p) { return nlohmann::json::array({p.x, p.y}); }

nlohmann::json exerciseJson(const Exercise& e) {
    nlohmann::json j = {{"active", e.active()}, {"correct", e.correct()}, {"total", e.total()},
                        {"guess", e.pending() ? nlohmann::json(*e.pending()) : nlohmann::json(nullptr)}};
    if (e.last()) j["last"] = {{"guess", e.last()->guess}, {"answer", e.last()->answer}, {"right", e.last()->right}};
    return j;
}

// Undo and Redo act on the map edits (walls, weights, the dragged start and goal) while this workbench is
// shown; with Play off the search runs again to its end at once, as after the edit itself.
class SearchEdits final : public ModeEdits {
public:
    SearchEdits(SearchState& state, Exercise& exercise) : state_(state), exercise_(exercise) {}
    bool canUndo() const override { return state_.canUndo(); }
    bool canRedo() const override { return state_.canRedo(); }
    std::string undoLabel() const override { return state_.undoEdit() ? searchEditLabel(*state_.undoEdit()) : ""; }
    std::string redoLabel() const override { return state_.redoEdit() ? searchEditLabel(*state_.redoEdit()) : ""; }
    void undo(AppContext& ctx) override {
        std::size_t before = state_.undoEdit() ? state_.undoEdit()->positionBefore : 0;
        state_.undo();
        settle(ctx, before);
    }
    void redo(AppContext& ctx) override {
        state_.redo();
        settle(ctx, 0);
    }
    bool hasSelection() const override { return false; }
    bool deleteSelected(AppContext&) override { return false; }

private:
    // In an exercise: back where the edit was made (undo) or before the first step (redo), the exercise
    // restarted; never the search's end, which would show the answers.
    void settle(AppContext& ctx, std::size_t exercisePosition) {
        if (exercise_.active()) {
            exercise_.start();
            state_.seek(exercisePosition);
        } else if (!ctx.playback.playing()) {
            state_.seekToEnd();
        }
    }
    SearchState& state_;
    Exercise& exercise_;
};

class SearchMode final : public Mode {
public:
    SearchMode() : Mode("search", Str::ModeSearch), timeline_(state_, view_.exercise), edits_(state_, view_.exercise) {
        panels_.push_back(makeSearchSettingsPanel(state_, view_));
        panels_.push_back(makeSearchStatsPanel(state_, view_));
        for (auto& panel : panels_) panel->visible = panel->visibleByDefault();
        tools_ = makeSearchTools(state_, view_);
        state_.seekToEnd();  // the default query, solved: something to look at from the start
    }

    void applyStartOptions(const AppOptions& options, AppContext& ctx) override {
        state_.holdRestarts(ctx.mode != this);  // a large --map's searches start when this workbench is shown
        if (!options.map.empty()) openMap(ctx, options.map);
        if (options.query) {
            const auto& q = *options.query;
            GridPoint s{q[0], q[1]}, g{q[2], q[3]};
            if (!state_.map().inBounds(s) || !state_.map().inBounds(g))
                ctx.reportError("--query: (" + std::to_string(s.x) + ", " + std::to_string(s.y) + ") to (" +
                                std::to_string(g.x) + ", " + std::to_string(g.y) + ") is outside the " +
                                std::to_string(state_.map().width()) + " x " + std::to_string(state_.map().height()) + " map");
            else if (std::string wall = blockedEnd(state_.map(), s, g); !wall.empty())
                ctx.reportError("--query: " + wall + " (Search workbench)");  // refused, not a silent "no path"
            else state_.setQuery(s, g);
        }
        if (!options.algo.empty() || !options.heuristic.empty() || !options.diagonal.empty() || options.weight) {
            std::vector<SearchConfig> configs;
            std::vector<std::string> algos = options.algo.empty() ? std::vector<std::string>{"astar"} : options.algo;
            for (const std::string& algo : algos) {
                std::string why;
                auto config = makeSearchConfig(algo, options.heuristic.empty() ? "octile" : options.heuristic,
                                               options.diagonal.empty() ? "no-corner-cutting" : options.diagonal,
                                               options.weight.value_or(1.0), why);
                if (!config) {
                    ctx.reportError("--algo " + algo + ": " + why);
                    return;
                }
                configs.push_back(*config);
            }
            state_.setConfigs(configs);
        }
        state_.seekToEnd();
    }

    bool opensFile(const std::filesystem::path& file) const override { return file.extension() == ".map"; }
    bool openFile(AppContext& ctx, const std::filesystem::path& file) override { return openMap(ctx, file); }

    // A scenario that names a map (and queries) is a search lesson: load them.
    void documentChanged(AppContext& ctx) override {
        state_.holdRestarts(ctx.mode != this);
        const Scenario& s = ctx.doc.scenario();
        lessonQuery_ = false;
        if (s.lesson.exercise && s.lesson.mode == "search") view_.exercise.start();
        else view_.exercise.stop();
        if (!s.lesson.algo.empty() && s.lesson.mode == "search") {
            std::string why;
            if (auto config = makeSearchConfig(s.lesson.algo, "octile", "no-corner-cutting", 1, why)) state_.setConfigs({*config});
        }
        if (!s.lesson.map) return;
        try {
            auto lesson = loadLessonMap(s, ctx.doc.path());
            try {
                state_.setMap(std::move(lesson->map), lesson->name);
            } catch (const InputError& e) {
                throw InputError(ctx.doc.path().string() + ": /map: " + e.what());
            }
            if (const auto& q = lesson->query) state_.setQuery({q->startX, q->startY}, {q->goalX, q->goalY});
            state_.seek(view_.exercise.active() ? 0 : SearchState::kEnd);  // an exercise starts before the first step
            ctx.wantFrameWorld = true;
            lessonQuery_ = true;
            loadedQuery_ = MapQuery{state_.start().x, state_.start().y, state_.goal().x, state_.goal().y};
        } catch (const InputError& e) {
            ctx.reportError(e.what());
        }
    }

    void activate(AppContext& ctx) override {
        state_.holdRestarts(false);  // a restart held while another workbench was shown starts now
        ctx.wantFrameWorld = true;
        for (const std::string& message : std::exchange(heldErrors_, {})) ctx.reportError(message);
    }
    void deactivate(AppContext&) override { state_.holdRestarts(true); }

    void update(AppContext& ctx, float) override {
        // A large map's stroke ends when no button is held any more (also when another tool was chosen
        // mid-stroke): the searches restart once, then run to their end as after any edit.
        if (state_.paintPending() && !ImGui::IsAnyMouseDown()) {
            state_.finishPaint();
            if (view_.exercise.active()) {  // as after any edit in an exercise: before the first step, afresh
                view_.exercise.start();
                state_.seek(0);
            } else if (!ctx.playback.playing()) {
                state_.seekToEnd();
            }
        }
        // The distance field of a large map comes from a worker thread (SearchState::distanceField):
        // take it when done, untick the box when it was cancelled, and ask for it here too, so that
        // it starts before this frame's panels and the script's wait_ready sees it.
        state_.pollRestart();
        state_.pollDistanceField();
        if (state_.takeFieldCancelled()) view_.distanceField = false;
        if (view_.distanceField) state_.distanceField();
        ctx.longWorkShown |= state_.fieldComputing() || state_.restarting();
        ctx.animating = ctx.animating || ctx.playback.playing();
        keepMovedQuery(ctx);
    }

    bool working() const override { return state_.fieldComputing() || state_.restarting(); }

    // The searches' restart and the distance field's computation on the worker thread: their progress,
    // modal, with Cancel.
    void drawWorkProgress(AppContext&) override {
        drawRestartProgress();
        drawFieldProgress();
    }

    void drawRestartProgress() {
        const bool shown = state_.restarting();
        ProgressWindowText text;
        if (shown) {
            const int width = state_.map().width(), height = state_.map().height();
            const std::size_t configs = state_.runs().size(), stages = searchRestartStages(configs);
            const std::size_t done = std::min(state_.restartDone(), stages - 1);
            text.title = tr(Str::SearchRestartTitle);
            if (state_.restartStopping()) text.what = tr(Str::SearchRestartStopping);
            else if (done < configs)
                text.what = fmt(Str::SearchRestartRun, width, height, configTitle(state_.runs()[done].config).c_str(),
                                static_cast<int>(done + 1), static_cast<int>(configs + 1));
            else if (done == configs)
                text.what = fmt(Str::SearchRestartOptimum, width, height, static_cast<int>(configs + 1), static_cast<int>(configs + 1));
            else text.what = fmt(Str::SearchRestartStepping, width, height);
            text.fraction = static_cast<float>(done) / static_cast<float>(stages);
            text.seconds = state_.restartSeconds();
            text.note = tr(Str::SearchRestartNote);
            text.cancellable = !state_.restartStopping();
        }
        if (drawProgressWindow("###search_restart", shown, text, restartRect_)) state_.cancelRestart();
    }

    void drawFieldProgress() {
        const bool shown = state_.fieldComputing();
        ProgressWindowText text;
        if (shown) {
            const std::size_t done = state_.fieldDone(), total = state_.fieldTotal();
            text.title = tr(Str::SearchFieldTitle);
            text.what = fmt(Str::SearchFieldProgress, state_.map().width(), state_.map().height(), groupedCount(done).c_str(),
                            groupedCount(total).c_str());
            text.fraction = total ? static_cast<float>(std::min(done, total)) / static_cast<float>(total) : 0.f;
            text.seconds = state_.fieldSeconds();
            text.note = tr(Str::SearchFieldKeeps);
        }
        if (drawProgressWindow("###search_field", shown, text, fieldRect_)) state_.cancelDistanceField();
    }

    void drawScene(AppContext& ctx, SceneView& scene) override {
        // The compared copies' layout for this canvas; a new one is framed whole (from the next frame).
        const CopiesArrangement arranged = arrangeCopies(state_, view_, scene);
        if (arranged.stacked != view_.stacked || std::abs(arranged.stackGap - view_.stackGap) > 0.25 * view_.stackGap) {
            view_.stacked = arranged.stacked;
            view_.stackGap = arranged.stackGap;
            ctx.wantFrameWorld = true;
        }
        // The cell under the mouse, for the numbers panel and the outline.
        view_.hovered.reset();
        ImVec2 mouse = ImGui::GetIO().MousePos;
        if (mouse.x >= scene.canvasMin().x && mouse.y >= scene.canvasMin().y && mouse.x < scene.canvasMax().x &&
            mouse.y < scene.canvasMax().y) {
            Vec2 w = scene.toWorld(mouse);
            for (std::size_t k = 0; k < std::max<std::size_t>(1, state_.runs().size()); ++k) {
                Vec2 o = runOrigin(state_, view_, k);
                int x = static_cast<int>(std::floor(w.x - o.x)), y = static_cast<int>(std::floor(w.y - o.y));
                if (state_.map().inBounds(x, y)) {
                    view_.hovered = GridPoint{x, y};
                    view_.hoveredRun = static_cast<int>(k);
                    break;
                }
                if (!view_.sideBySide) break;
            }
        }
        scene_.draw(state_, view_, scene);
    }

    std::optional<Rect> bounds(const AppContext&) const override { return copiesBounds(state_, view_); }

    // Two runs side by side or stacked: each copy's axis numbers are its own map's (0..w-1, 0..h-1).
    std::vector<Rect> worldCopies(const AppContext&) const override {
        std::vector<Rect> copies;
        if (!view_.sideBySide || state_.runs().size() < 2) return copies;
        for (std::size_t k = 0; k < std::min<std::size_t>(state_.runs().size(), 2); ++k) {
            const Vec2 o = runOrigin(state_, view_, k);
            copies.push_back({o.x, o.y, o.x + state_.map().width(), o.y + state_.map().height()});
        }
        return copies;
    }

    std::string statusText(const AppContext&) const override {
        if (state_.runs().empty()) return {};
        const SearchRun& run = state_.runs().front();
        if (!run.searched)  // a restart on the worker, or one cancelled: no numbers yet
            return fmt(Str::SearchStatusWaiting, state_.mapName().c_str(), state_.map().width(), state_.map().height(),
                       configTitle(run.config).c_str(), tr(state_.restarting() ? Str::SearchStatusRunning : Str::SearchStatusStopped));
        SearchResult r = run.search.result();
        char length[64];
        if (r.found()) std::snprintf(length, sizeof length, "%.4g", r.length);
        else std::snprintf(length, sizeof length, "-");
        return fmt(Str::SearchStatusLine, state_.mapName().c_str(), state_.map().width(), state_.map().height(),
                   configTitle(run.config).c_str(), static_cast<int>(r.expansions), length);
    }

    std::string explanation(const AppContext&) const override {
        std::string text;
        for (const SearchRun& run : state_.runs()) {
            if (!text.empty()) text += "\n";
            text += explainSearchRun(run, state_);
        }
        return text.empty() ? tr(Str::SearchIntro) : text;
    }

    Timeline* timeline() override { return &timeline_; }
    const Exercise* exercise() const override { return &view_.exercise; }
    ModeEdits* edits() override { return &edits_; }

    nlohmann::json dump(const AppContext& ctx) const override {
        nlohmann::json runs = nlohmann::json::array();
        for (std::size_t k = 0; k < state_.runs().size(); ++k) {
            const SearchRun& run = state_.runs()[k];
            if (!run.searched) {  // nothing searched: the configuration and the origin only
                runs.push_back({{"algo", run.config.algo}, {"heuristic", run.config.heuristic}, {"diagonal", run.config.diagonal},
                                {"weight", run.config.options.weight}, {"start", point(state_.start())},
                                {"goal", point(state_.goal())}, {"searched", false}, {"expanded", 0}, {"total_expansions", 0},
                                {"path", nlohmann::json::array()}, {"path_length", nullptr},
                                {"origin", {runOrigin(state_, view_, k).x, runOrigin(state_, view_, k).y}}});
                continue;
            }
            SearchResult r = run.search.result();
            nlohmann::json path = nlohmann::json::array();
            for (GridPoint p : run.search.path()) path.push_back(point(p));
            nlohmann::json entry = {{"algo", run.config.algo},
                                    {"heuristic", run.config.heuristic},
                                    {"diagonal", run.config.diagonal},
                                    {"weight", run.config.options.weight},
                                    {"start", point(state_.start())},
                                    {"goal", point(state_.goal())},
                                    {"expanded", r.expansions},
                                    {"open", run.search.openSize()},
                                    {"closed", run.search.closedCount()},
                                    {"done", run.done()},
                                    {"searched", run.searched},
                                    {"path_length", r.found() ? nlohmann::json(r.length) : nlohmann::json(nullptr)},
                                    {"path", path},
                                    {"status", std::string(statusName(run.search.status()))},
                                    {"total_expansions", run.total},
                                    {"query_us", run.queryMicros},
                                    {"prepare_us", run.prepareMicros}};
            if (!run.refused.empty()) entry["refused"] = run.refused;
            // Samples of the engine's sets, so a test can look at those cells' pixels.
            nlohmann::json closedSample = nlohmann::json::array(), openSample = nlohmann::json::array();
            for (GridPoint p : run.search.closedCells()) {
                if (closedSample.size() >= 200) break;
                closedSample.push_back(point(p));
            }
            for (GridPoint p : run.search.openCells()) {
                if (openSample.size() >= 200) break;
                openSample.push_back(point(p));
            }
            entry["closed_sample"] = closedSample;
            entry["open_sample"] = openSample;
            auto last = run.search.lastExpanded();
            entry["last_expanded"] = last ? point(*last) : nlohmann::json(nullptr);
            entry["origin"] = {runOrigin(state_, view_, k).x, runOrigin(state_, view_, k).y};
            if (k < scene_.drawn().size()) {
                const auto& d = scene_.drawn()[k];
                entry["drawn"] = {{"closed_cells", d.closedCells}, {"open_cells", d.openCells},
                                  {"scanned_cells", d.scannedCells}, {"path_points", d.pathPoints},
                                  {"title", d.title}};
            }
            runs.push_back(entry);
        }
        return {{"runs", runs},
                {"map", {{"name", state_.mapName()}, {"width", state_.map().width()}, {"height", state_.map().height()}}},
                {"optimal_length", state_.optimalLength() ? nlohmann::json(*state_.optimalLength()) : nlohmann::json(nullptr)},
                {"side_by_side", view_.sideBySide},
                {"stacked", view_.stacked},
                {"can_undo", state_.canUndo()},
                {"paint_pending", state_.paintPending()},
                {"field_computing", fieldComputingDump()},
                {"searching", searchingDump()},
                {"searches_stopped", state_.stopped()},
                {"restart_held", state_.restartHeld()},
                {"can_redo", state_.canRedo()},
                {"undo_label", edits_.undoLabel()},
                {"exercise", exerciseJson(view_.exercise)},
                {"scene", sceneTransform(ctx)}};
    }

    // null, or the distance field's computation on the worker thread and its progress window.
    nlohmann::json searchingDump() const {
        if (!state_.restarting()) return nullptr;
        return {{"done", state_.restartDone()}, {"total", state_.restartTotal()}, {"rect", restartRect_}};
    }
    nlohmann::json fieldComputingDump() const {
        if (!state_.fieldComputing()) return nullptr;
        return {{"done", state_.fieldDone()}, {"total", state_.fieldTotal()}, {"rect", fieldRect_}};
    }

    // World to window pixels, as the scene drew this frame: x = x0 + world.x * scale (likewise y).
    static nlohmann::json sceneTransform(const AppContext& ctx) {
        if (!ctx.scene) return nullptr;
        ImVec2 o = ctx.scene->toScreen({0, 0}), one = ctx.scene->toScreen({1, 0});
        return {{"x0", o.x}, {"y0", o.y}, {"scale", one.x - o.x}};
    }

    nlohmann::json saveSettings() const override {
        return {{"side_by_side", view_.sideBySide}, {"arrows", view_.arrows}, {"paint_weight", view_.paintWeight},
                {"distance_field", view_.distanceField}};
    }
    void loadSettings(const nlohmann::json& j) override {
        if (!j.is_object()) return;
        if (auto it = j.find("side_by_side"); it != j.end() && it->is_boolean()) view_.sideBySide = it->get<bool>();
        if (auto it = j.find("arrows"); it != j.end() && it->is_boolean()) view_.arrows = it->get<bool>();
        if (auto it = j.find("distance_field"); it != j.end() && it->is_boolean()) view_.distanceField = it->get<bool>();
        if (auto it = j.find("paint_weight"); it != j.end() && it->is_number_integer())
            view_.paintWeight = std::clamp(it->get<int>(), 1, 9);
    }

private:
    // The lesson's query, once the start or goal is dragged, is the one Save writes (the first of the
    // scenario's queries): the document becomes modified and the saved lesson opens on the moved query.
    void keepMovedQuery(AppContext& ctx) {
        const ScenarioLesson& lesson = ctx.doc.scenario().lesson;
        if (!lessonQuery_ || !lesson.map) return;
        MapQuery now{state_.start().x, state_.start().y, state_.goal().x, state_.goal().y};
        // Unchanged: the scenario's first query, or, when it has none, the query the map opened with.
        if (lesson.queries.empty() ? now == loadedQuery_ : lesson.queries.front() == now) return;
        ScenarioLesson moved = lesson;
        if (moved.queries.empty()) moved.queries.push_back(now);
        else moved.queries.front() = now;
        ctx.doc.setLesson(moved);
    }

    bool openMap(AppContext& ctx, const std::filesystem::path& file) {
        try {
            GridMap map = readMovingAiMap(file.string());  // its errors name the file
            try {
                state_.setMap(std::move(map), file.stem().string());
            } catch (const InputError& e) {
                throw InputError(file.string() + ": " + e.what());  // over the memory budget: the map stays as it was
            }
            lessonQuery_ = false;  // another map: the lesson's queries are not this map's
            state_.seekToEnd();
            ctx.wantFrameWorld = true;
            return true;
        } catch (const InputError& e) {
            // The map shown stays as it was. The error is this workbench's: named, and said over it.
            std::string message = fmt(Str::ErrorInWorkbench, tr(Str::ModeSearch), e.what());
            if (ctx.mode == this) ctx.reportError(message);
            else heldErrors_.push_back(std::move(message));
            return false;
        }
    }

    std::vector<std::string> heldErrors_;  // met while another workbench was shown
    bool lessonQuery_ = false;  // the query shown is the lesson's (its map came from the scenario)
    MapQuery loadedQuery_;      // the query as the lesson opened
    SearchState state_;
    SearchView view_;
    SearchScene scene_;
    std::array<float, 4> fieldRect_{};    // the distance field's progress window, for --dump-ui
    std::array<float, 4> restartRect_{};  // the searches' progress window
    SearchTimeline timeline_;
    SearchEdits edits_;
};

}  // namespace

std::unique_ptr<Mode> makeSearchMode() { return std::make_unique<SearchMode>(); }

}  // namespace aoilab::app
