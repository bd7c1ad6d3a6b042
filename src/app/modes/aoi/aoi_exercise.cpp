#include "app/modes/aoi/aoi_exercise.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/app_context.h"
#include "app/document.h"
#include "app/legend.h"
#include "app/modes/aoi/aoi_state.h"
#include "app/scene_view.h"
#include "app/theme.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

// The entity the next script operation concerns (none for a tick or at the end).
std::optional<EntityId> nextSubject(const Document& doc, const AoiState& state) {
    const auto& script = doc.scenario().script;
    if (state.position() >= script.size() || script[state.position()].kind == OpKind::Tick) return std::nullopt;
    return script[state.position()].entity.id;
}

ImU32 eventColour(AoiEventType type) {
    switch (type) {
        case AoiEventType::Enter: return theme::kEnter;
        case AoiEventType::Move: return theme::kMove;
        case AoiEventType::Leave: return theme::kLeave;
    }
    return theme::kEntity;
}

const char* eventLetter(AoiEventType type) {
    return type == AoiEventType::Enter ? "E" : type == AoiEventType::Move ? "M" : "L";
}

std::string marksText(const std::map<EntityId, AoiEventType>& marks) {
    return marks.empty() ? std::string(tr(Str::AoiExerciseNobodyText)) : AoiPrediction::describe(marks);
}

class PredictTool final : public Tool {
public:
    explicit PredictTool(AoiExercise& exercise) : exercise_(exercise) {}
    const char* id() const override { return "predict"; }
    Str label() const override { return Str::AoiToolPredict; }
    Str tip() const override { return Str::TipAoiToolPredict; }
    int key() const override { return GLFW_KEY_P; }
    void press(AppContext& ctx, const ToolInput& in) override {
        if (!in.hit) return;
        ctx.selected = *in.hit;
        exercise_.mark(*in.hit);
    }

private:
    AoiExercise& exercise_;
};

class ExercisePanel final : public Panel {
public:
    ExercisePanel(AoiExercise& exercise, AoiState& state)
        : Panel("aoi_exercise", Str::PanelAoiExercise), exercise_(exercise), state_(state) {}
    bool visibleByDefault() const override { return false; }
    bool aboutEntities() const override { return true; }

    void draw(AppContext& ctx) override {
        const Exercise& ex = exercise_.exercise;
        ImGui::PushTextWrapPos(0);
        const auto& script = ctx.doc.scenario().script;
        if (const auto& subject = exercise_.prediction.subject(); subject && state_.position() < script.size()) {
            const ScriptOp& op = script[state_.position()];
            Str verb = op.kind == OpKind::Add ? Str::AoiOpAdd : op.kind == OpKind::Move ? Str::AoiOpMove
                       : op.kind == OpKind::Radius ? Str::AoiOpRadius : Str::AoiOpLeave;
            const Entity* e = ctx.world().find(*subject);
            std::string who = (e && !e->name.empty() ? e->name + " " : std::string()) + "(" + std::to_string(*subject) + ")";
            if (op.kind == OpKind::Add && !op.entity.name.empty()) who = op.entity.name + " (" + std::to_string(*subject) + ")";
            ImGui::TextUnformatted(fmt(Str::AoiExerciseQuestion, static_cast<int>(state_.position() + 1),
                                       static_cast<int>(script.size()), tr(verb), who.c_str()).c_str());
        } else {
            ImGui::TextUnformatted(tr(Str::AoiExerciseNoQuestion));
        }
        ImGui::TextUnformatted(fmt(Str::AoiExerciseYourGuess, ex.pending() ? (ex.pending()->empty() ? tr(Str::AoiExerciseNobodyText) : ex.pending()->c_str())
                                                                         : tr(Str::AoiExerciseNoGuess)).c_str());
        if (ImGui::Button(tr(Str::AoiExerciseNobody))) exercise_.nobody();
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipAoiExerciseNobody));
        ImGui::TextUnformatted(fmt(Str::AoiExerciseScore, ex.correct(), ex.total()).c_str());
        if (ex.last())
            ImGui::TextUnformatted(fmt(Str::AoiExerciseLast, marksText(exercise_.lastGuess).c_str(),
                                       marksText(exercise_.lastAnswer).c_str(),
                                       tr(ex.last()->right ? Str::ExerciseRight : Str::ExerciseWrong)).c_str());
        ImGui::PopTextWrapPos();
        ImGui::Separator();
        legendSwatch(theme::kEnter, tr(Str::EventsEnter));
        legendSwatch(theme::kMove, tr(Str::EventsMove));
        legendSwatch(theme::kLeave, tr(Str::EventsLeave));
        ImGui::TextWrapped("%s", tr(Str::AoiExerciseLegendGuess));
        ImGui::TextWrapped("%s", tr(Str::AoiExerciseLegendAnswer));
    }

    nlohmann::json dump(const AppContext&) const override { return exercise_.dump(); }

private:
    AoiExercise& exercise_;
    AoiState& state_;
};

}  // namespace

void AoiExercise::syncSubject(const Document& doc, const AoiState& state) {
    if (!exercise.active()) return;
    std::optional<EntityId> subject = nextSubject(doc, state);
    if (subject != prediction.subject()) prediction.setSubject(subject);
}

void AoiExercise::mark(EntityId watcher) {
    if (!exercise.active() || !prediction.subject()) return;
    prediction.cycle(watcher);
    exercise.guess(prediction.text());
}

void AoiExercise::nobody() {
    if (!exercise.active() || !prediction.subject()) return;
    prediction.clear();
    exercise.guess("");
}

void AoiExercise::reveal(const AoiState& state, std::optional<EntityId> subject) {
    if (!exercise.active() || !subject) return;
    const auto& methods = state.session().methods();
    if (methods.empty()) return;
    std::map<EntityId, AoiEventType> answer = AoiPrediction::toldAbout(methods[state.focus()].lastEvents, *subject);
    bool guessed = exercise.pending().has_value();
    lastGuess = prediction.marks();
    exercise.reveal(AoiPrediction::describe(answer));
    lastAnswer = std::move(answer);
    if (!guessed) lastGuess.clear();
    prediction.setSubject(std::nullopt);
}

nlohmann::json AoiExercise::dump() const {
    const Exercise& ex = exercise;
    nlohmann::json j = {{"active", ex.active()},
                        {"correct", ex.correct()},
                        {"total", ex.total()},
                        {"revealed", ex.revealed()},
                        {"subject", prediction.subject() ? nlohmann::json(*prediction.subject()) : nlohmann::json(nullptr)},
                        {"guess", ex.pending() ? nlohmann::json(*ex.pending()) : nlohmann::json(nullptr)}};
    if (ex.last()) j["last"] = {{"guess", ex.last()->guess}, {"answer", ex.last()->answer}, {"right", ex.last()->right}};
    return j;
}

std::unique_ptr<Tool> makeAoiPredictTool(AoiExercise& exercise) { return std::make_unique<PredictTool>(exercise); }

std::unique_ptr<Panel> makeAoiExercisePanel(AoiExercise& exercise, AoiState& state) {
    return std::make_unique<ExercisePanel>(exercise, state);
}

void drawAoiExerciseMarks(const AoiExercise& exercise, const AppContext& ctx, const SceneView& scene) {
    if (!exercise.exercise.active()) return;
    double unit = 1.0 / std::max(1e-9, static_cast<double>(scene.pixelsPerUnit()));  // world units per pixel
    float em = ImGui::GetFontSize();
    for (const Entity& e : ctx.world().entities()) {
        Vec2 at{e.x, e.y};
        if (exercise.exercise.revealed())
            if (auto it = exercise.lastAnswer.find(e.id); it != exercise.lastAnswer.end())
                scene.circleOutline(at, em * 0.8 * unit, eventColour(it->second), 0.15f);
        const auto& marks = exercise.exercise.revealed() ? exercise.lastGuess : exercise.prediction.marks();
        if (auto it = marks.find(e.id); it != marks.end())
            scene.label({e.x + em * 0.9 * unit, e.y - em * 0.9 * unit}, eventLetter(it->second), eventColour(it->second));
    }
}

}  // namespace aoilab::app
