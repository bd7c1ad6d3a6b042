// The AOI workbench: entities with view ranges, every AOI method side by side on the same world (an
// AoiSession inside AoiState), the teaching panels, and the scenario's script on the shared timeline.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <vector>
#include <string>
#include <utility>

#include "app/app_context.h"
#include "app/app_options.h"
#include "app/lesson_focus.h"
#include "app/mode.h"
#include "app/modes/aoi/aoi_checks.h"
#include "app/modes/aoi/aoi_exercise.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/modes/aoi/aoi_state.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/mode_list.h"
#include "app/progress_window.h"
#include "app/scene_view.h"
#include "app/theme.h"
#include "app/timeline.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

// Position N: the starting world with the first N script operations run (AoiState::seek: exact, by
// replay from the start when going back).
class AoiTimeline final : public Timeline {
public:
    AoiTimeline(AoiState& state, AoiChecks& checks, AoiExercise& exercise) : state_(state), checks_(checks), exercise_(exercise) {}
    void bind(AppContext& ctx) { ctx_ = &ctx; }

    std::size_t position() const override { return state_.position(); }
    // While a seek replays on the worker the keys keep acting, from where it goes.
    bool seeksWhileWorking() const override { return state_.rebuilding() && state_.rebuildCause() == AoiState::RebuildCause::Seek; }
    std::size_t target() const override { return seeksWhileWorking() ? state_.rebuildPosition() : state_.position(); }
    std::size_t length() const override { return ctx_ ? state_.length(ctx_->doc) : 0; }
    void seek(std::size_t position) override {
        if (!ctx_) return;
        state_.seek(ctx_->doc, position);
        ctx_->fixSelection();
    }
    bool stepForward() override {
        if (!ctx_) return false;
        if (seeksWhileWorking()) {  // one further than the seek under way, which this one replaces
            if (target() >= length()) return false;
            seek(target() + 1);
            return true;
        }
        exercise_.syncSubject(ctx_->doc, state_);
        std::optional<EntityId> subject = exercise_.prediction.subject();
        std::string error;
        AoiState::StepResult result = state_.step(ctx_->doc, error);
        if (result == AoiState::StepResult::Rejected) ctx_->reportError(error);
        if (result == AoiState::StepResult::Ran) {
            exercise_.reveal(state_, subject);       // the answer, beside the guess
            exercise_.syncSubject(ctx_->doc, state_);  // and the next question at once
        }
        ctx_->fixSelection();
        return result != AoiState::StepResult::Nothing;
    }
    bool breakHere() override {
        if (!ctx_ || !checks_.breakpoints.any()) return false;
        std::optional<std::string> reason =
            breakReason(checks_.breakpoints, state_.session(), state_.focus(), ctx_->doc.scenario(), scriptOperation(), language());
        if (!reason) return false;
        checks_.lastStop = *reason;
        ctx_->statusMessage = *reason;
        return true;
    }
    // The scenario's index (entities first) of the last operation when it was the script's.
    std::optional<std::size_t> scriptOperation() const {
        bool fromScript = state_.last() && state_.last()->fromScript;
        return scenarioOperationIndex(ctx_ ? ctx_->doc.world().size() : 0, state_.position(), fromScript);
    }
    Str unit() const override { return Str::UnitOperation; }

private:
    AoiState& state_;
    AoiChecks& checks_;
    AoiExercise& exercise_;
    AppContext* ctx_ = nullptr;
};

class AoiMode final : public Mode {
public:
    AoiMode() : Mode("aoi", Str::ModeAoi), timeline_(state_, checks_, exercise_) {
        panels_.push_back(makeInspectorPanel());
        panels_.push_back(makeAoiControlsPanel(state_));
        panels_.push_back(makeAoiListsPanel(state_));
        panels_.push_back(makeAoiGridPanel(state_));
        panels_.push_back(makeAoiQuadtreePanel(state_));
        panels_.push_back(makeAoiTowersPanel(state_));
        panels_.push_back(makeAoiEventsPanel(state_));
        panels_.push_back(makeAoiComparePanel(state_));
        panels_.push_back(makeAoiChecksPanel(state_, checks_));
        panels_.push_back(makeAoiCrossoverPanel(state_));
        panels_.push_back(makeAoiBudgetPanel(state_));
        panels_.push_back(makeAoiExercisePanel(exercise_, state_));
        for (auto& panel : panels_) {
            panel->visible = panel->visibleByDefault();
            panel->floating = panel->floatingByDefault();
        }
        tools_ = makeTools();
        tools_.push_back(makeAoiPredictTool(exercise_));
    }

    // An exercise scenario of this workbench asks, before each operation, who will be told.
    void documentChanged(AppContext& ctx) override {
        const ScenarioLesson& lesson = ctx.doc.scenario().lesson;
        if (lesson.exercise && lesson.mode == "aoi") exercise_.exercise.start();
        else exercise_.exercise.stop();
        exercise_.prediction.setSubject(std::nullopt);
    }

    const Exercise* exercise() const override { return &exercise_.exercise; }

    // Every method is built on an opened scenario's world while it is read (a large one on the worker
    // thread, with the progress and Cancel), so the first frame after the opening has them.
    struct PreparedAoi : PreparedForMode {
        PreparedAoiSession prepared;
    };
    DocumentPreparer documentPreparer() const override {
        return [](const Scenario& scenario, const World& world, const BuildProgress& progress) -> std::unique_ptr<PreparedForMode> {
            auto out = std::make_unique<PreparedAoi>();
            out->prepared = AoiState::prepareSession(world, scenario.aoi, progress);
            return out;
        };
    }
    bool working() const override { return state_.rebuilding(); }
    void adoptPrepared(std::unique_ptr<PreparedForMode> prepared, AppContext& ctx) override {
        if (auto* aoi = dynamic_cast<PreparedAoi*>(prepared.get())) state_.offerPrepared(std::move(aoi->prepared), ctx.documentSerial);
    }

    bool showsEntities() const override { return true; }

    void applyStartOptions(const AppOptions& options, AppContext& ctx) override {
        sync(ctx);
        selectAtStart_ = options.select;  // resolved on the first update, after --seek placed the timeline
    }

    void activate(AppContext& ctx) override { sync(ctx); }

    void update(AppContext& ctx, float) override {
        AoiCpuTimer timer(state_);
        ++state_.timedFrames;
        sync(ctx);
        // Once the world is at the --seek position (a long replay runs on a worker first).
        if (selectAtStart_ && !state_.rebuilding()) {
            EntityId id = *std::exchange(selectAtStart_, std::nullopt);
            if (ctx.world().contains(id)) ctx.selected = id;
            else if (state_.position() == 0) ctx.reportError(fmt(Str::ErrorSelectMissing, std::to_string(id).c_str()));
            else
                ctx.reportError(fmt(Str::ErrorSelectMissingAt, std::to_string(id).c_str(), static_cast<int>(state_.position()),
                                    static_cast<int>(state_.length(ctx.doc))));
        }
        ctx.longWorkShown |= state_.rebuilding();
        if (state_.rebuilding()) return;  // the old methods stay as they were until the new ones are in
        handleRecordKeys(ctx);
        exercise_.syncSubject(ctx.doc, state_);
        state_.drawn["frame"] = ImGui::GetFrameCount();
        // The last operation against the expected events (when it was one of the script's).
        checks_.lastCheck = {};
        if (auto op = timeline_.scriptOperation(); op && ctx.doc.scenario().expected)
            checks_.lastCheck = checkExpected(state_.session(), state_.focus(), *ctx.doc.scenario().expected, *op);
    }

    void drawScene(AppContext& ctx, SceneView& scene) override {
        scene.drawDocumentWorld(ctx);
        collectRelations(ctx);
        scene.keepLegendClearOf(exercise_.questionPoints(ctx.world()));
        scene.drawEntities(ctx, ctx.selected ? &relations_ : nullptr);
    }

    void drawOverlay(AppContext& ctx, SceneView& scene) override { drawAoiExerciseMarks(exercise_, ctx, scene); }

    // Framed on the part of the world the scenario's entities and script use (app/lesson_focus.h).
    std::optional<Rect> bounds(const AppContext& ctx) const override {
        return lessonFocus(ctx.doc.scenario(), ctx.world().bounds());
    }

    std::string statusText(const AppContext& ctx) const override {
        return fmt(Str::StatusMethod, methodTitle(ctx.doc.scenario().aoi.method, language()));
    }

    std::string explanation(const AppContext&) const override {
        if (!state_.last()) return tr(Str::AoiNoOperation);
        return explainOperation(state_.session(), *state_.last(), language());
    }

    Timeline* timeline() override { return &timeline_; }

    nlohmann::json dump(const AppContext& ctx) const override {
        if (!state_.built()) return nullptr;
        nlohmann::json j = state_.drawn;
        j["step_mode"] = state_.stepMode();
        j["pending"] = state_.pending().size();
        j["focus"] = state_.focusName();
        j["operations"] = state_.session().operationCount();
        j["tick"] = state_.session().tick();
        j["script_cursor"] = state_.position();
        j["rejected_operations"] = state_.rejectedOperations();
        j["recording"] = state_.recording();
        if (state_.rebuilding()) {  // what the rebuild's progress window shows
            j["rebuilding"] = {{"done", state_.rebuildDone()},
                               {"total", state_.rebuildTotal()},
                               {"entities", state_.rebuildEntities()},
                               {"position", state_.rebuildPosition()},
                               {"cause", AoiState::rebuildCauseName(state_.rebuildCause())},
                               {"cancellable", state_.rebuildCancellable()},
                               {"rect", rebuildRect_}};
        } else {
            j["rebuilding"] = nullptr;
        }
        const AoiCheckpoints& checkpoints = state_.checkpoints();
        j["checkpoints"] = {{"count", checkpoints.count()},
                            {"interval", checkpoints.interval()},
                            {"bytes", checkpoints.bytes()},
                            {"replayed_from", state_.replayedFrom()}};
        j["exercise"] = exercise_.dump(ctx.doc, state_);
        j["cpu_ms_per_frame"] = state_.timedFrames ? state_.cpuNanoseconds / 1e6 / static_cast<double>(state_.timedFrames) : 0.0;
        j["highlighted_pair"] = state_.highlightedPair
                                    ? nlohmann::json({state_.highlightedPair->first, state_.highlightedPair->second})
                                    : nlohmann::json(nullptr);
        // The world the scene shows at this position (the document's world is the starting one).
        nlohmann::json shown = nlohmann::json::array();
        for (const Entity& e : ctx.world().entities()) shown.push_back({{"id", e.id}, {"x", e.x}, {"y", e.y}, {"radius", e.radius}});
        j["shown_entities"] = shown;
        if (ctx.scene) {
            ImVec2 origin = ctx.scene->toScreen({0, 0});
            j["scene"] = {{"origin", {origin.x, origin.y}}, {"pixels_per_unit", ctx.scene->pixelsPerUnit()}};
            const SceneView::AxisTicks& ticks = ctx.scene->axisTicks();
            j["scene"]["ticks"] = {{"step", ticks.step}, {"x", ticks.x}, {"y", ticks.y}};
            nlohmann::json names = nlohmann::json::array();
            for (const SceneView::PlacedName& n : ctx.scene->placedNames())
                names.push_back({{"id", n.id}, {"rect", {n.minX, n.minY, n.maxX, n.maxY}}});
            j["scene"]["names"] = names;
            j["scene"]["canvas"] = {ctx.scene->canvasMin().x, ctx.scene->canvasMin().y, ctx.scene->canvasMax().x,
                                    ctx.scene->canvasMax().y};
        }
        // The selected entity's relations as the scene coloured them (from the followed method).
        nlohmann::json relations = {{"in_view", nlohmann::json::array()}, {"watches", nlohmann::json::array()},
                                    {"both", nlohmann::json::array()}};
        if (ctx.selected) {
            for (const auto& [id, relation] : relations_) {
                const char* key = relation == SceneRelation::InView    ? "in_view"
                                  : relation == SceneRelation::Watches ? "watches"
                                                                       : "both";
                relations[key].push_back(id);
            }
            for (const char* key : {"in_view", "watches", "both"}) std::sort(relations[key].begin(), relations[key].end());
        }
        j["scene_relations"] = relations;
        return j;
    }

private:
    // The selected entity's relations in the followed method (what it sees, who sees it), for the scene.
    void collectRelations(const AppContext& ctx) {
        relations_.clear();
        if (!ctx.selected || !state_.built()) return;
        const auto& methods = state_.session().methods();
        int focus = state_.focus();
        if (focus < 0 || focus >= static_cast<int>(methods.size())) return;
        const AoiSystem& system = *methods[static_cast<std::size_t>(focus)].system;
        system.viewOf(*ctx.selected, scratch_);
        for (EntityId id : scratch_) relations_[id] = SceneRelation::InView;
        system.watchersOf(*ctx.selected, scratch_);
        for (EntityId id : scratch_) {
            auto [it, inserted] = relations_.try_emplace(id, SceneRelation::Watches);
            if (!inserted) it->second = SceneRelation::Both;
        }
    }

    void sync(AppContext& ctx) {
        timeline_.bind(ctx);
        std::string refused;
        if (state_.pollRebuild(ctx.doc, refused)) {
            if (!refused.empty()) ctx.reportError(refused);
            ctx.fixSelection();
        }
        state_.sync(ctx.doc, ctx.documentSerial);
        if (state_.recording()) {
            state_.record(ctx.doc);  // the edits of the last frame become script operations
            ctx.editTarget = state_.recordingHistory();
            ctx.editLock.clear();
        } else {
            ctx.editLock = state_.position() > 0
                               ? fmt(Str::EditLockedTimeline, static_cast<unsigned long long>(state_.position()))
                               : std::string();
        }
        ctx.shownWorld = &state_.shownWorld(ctx.doc);
        ctx.fixSelection();
    }

    // A rebuild on the worker thread (AoiState::rebuilding): its progress, modal, with Cancel when it has one.
    void drawWorkProgress(AppContext&) override {
        const bool shown = state_.rebuilding();
        ProgressWindowText text;
        if (shown) {
            const std::size_t done = state_.rebuildDone(), total = state_.rebuildTotal();
            const std::size_t entities = state_.rebuildEntities(), built = std::min(done, entities);
            text.title = tr(Str::AoiRebuildTitle);
            text.what = fmt(Str::AoiRebuildWhat, groupedCount(built).c_str(), groupedCount(entities).c_str(),
                            groupedCount(done - built).c_str(), groupedCount(state_.rebuildPosition()).c_str());
            text.fraction = total ? static_cast<float>(done) / static_cast<float>(total) : 0.f;
            text.seconds = state_.rebuildSeconds();
            text.note = tr(state_.rebuildCancellable() ? Str::AoiRebuildKeeps : Str::AoiRebuildMust);
            text.cancellable = state_.rebuildCancellable();
        }
        if (drawProgressWindow("###aoi_rebuild", shown, text, rebuildRect_)) state_.cancelRebuild();
    }

    void toggleRecording(AppContext& ctx) {
        ctx.playback.setPlaying(false);
        state_.setRecording(!state_.recording(), ctx.doc);
        sync(ctx);
    }

    // R starts or stops recording, T appends a tick while recording (no modifier; not while typing).
    void handleRecordKeys(AppContext& ctx) {
        const ImGuiIO& io = ImGui::GetIO();
        if (io.WantTextInput || io.KeyCtrl || io.KeyAlt || io.KeySuper || ctx.picker.isShown()) return;
        if (ImGui::IsKeyPressed(GLFW_KEY_R, false)) toggleRecording(ctx);
        else if (state_.recording() && ImGui::IsKeyPressed(GLFW_KEY_T, false)) state_.recordTick(ctx.doc);
    }

    const World* entitiesWorld(const AppContext& ctx) const override { return &state_.shownWorld(ctx.doc); }

    void drawTimelineExtras(AppContext& ctx) override {
        bool recording = state_.recording();
        if (recording) ImGui::PushStyleColor(ImGuiCol_Button, theme::kLeave);
        bool clicked = ImGui::Button(tr(recording ? Str::AoiRecordStop : Str::AoiRecord));
        if (recording) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipAoiRecord));
        if (clicked) toggleRecording(ctx);
        if (recording) {
            ImGui::SameLine();
            if (ImGui::Button(tr(Str::AoiRecordTick))) state_.recordTick(ctx.doc);
            if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipAoiRecordTick));
        }
    }

    AoiState state_;
    AoiChecks checks_;
    AoiExercise exercise_;
    AoiTimeline timeline_;
    std::optional<EntityId> selectAtStart_;  // --select
    std::array<float, 4> rebuildRect_{};     // where the rebuild's progress window was drawn (--dump-ui)
    SceneRelations relations_;
    std::vector<EntityId> scratch_;
};

}  // namespace

std::unique_ptr<Mode> makeAoiMode() { return std::make_unique<AoiMode>(); }

}  // namespace aoilab::app
