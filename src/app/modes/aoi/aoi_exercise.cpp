#include "app/exercise_shown.h"
#include "app/modes/aoi/aoi_exercise.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/app_context.h"
#include "app/document.h"
#include "app/legend.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_state.h"
#include "app/scene_layout.h"
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
        std::string question = exercise_.question(ctx.doc, state_, language());
        shown_.beginFrame();
        shown_.beginQuestion();
        ImGui::TextUnformatted(question.empty() ? tr(Str::AoiExerciseNoQuestion) : question.c_str());
        shown_.endQuestion();
        std::string guess = ex.pending() ? AoiExercise::namedMarks(exercise_.prediction.marks(), state_, language())
                                         : std::string(tr(Str::AoiExerciseNoGuess));
        ImGui::TextUnformatted(fmt(Str::AoiExerciseYourGuess, guess.c_str()).c_str());
        if (ImGui::Button(tr(Str::AoiExerciseNobody))) exercise_.nobody();
        shown_.control();
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipAoiExerciseNobody));
        ImGui::TextUnformatted(fmt(Str::AoiExerciseScore, ex.correct(), ex.total()).c_str());
        if (ex.last()) {
            ImGui::TextUnformatted(fmt(Str::AoiExerciseLast, AoiExercise::namedMarks(exercise_.lastGuess, state_, language()).c_str(),
                                       AoiExercise::namedMarks(exercise_.lastAnswer, state_, language()).c_str(),
                                       tr(ex.last()->right ? Str::ExerciseRight : Str::ExerciseWrong)).c_str());
            if (!ex.last()->counted) ImGui::TextUnformatted(tr(Str::AoiExerciseNotCounted));
        }
        ImGui::PopTextWrapPos();
        ImGui::Separator();
        legendSwatch(theme::kEnter, tr(Str::EventsEnter));
        legendSwatch(theme::kMove, tr(Str::EventsMove));
        legendSwatch(theme::kLeave, tr(Str::EventsLeave));
        ImGui::TextWrapped("%s", tr(Str::AoiExerciseLegendGuess));
        ImGui::TextWrapped("%s", tr(Str::AoiExerciseLegendAnswer));
    }

    nlohmann::json dump(const AppContext& ctx) const override {
        nlohmann::json j = exercise_.dump(ctx.doc, state_);
        j["exercise_shown"] = shown_.dump();
        return j;
    }

private:
    AoiExercise& exercise_;
    AoiState& state_;
    ExerciseShown shown_;
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
    exercise.reveal(AoiPrediction::describe(answer), state.position());
    lastAnswer = std::move(answer);
    if (!guessed) lastGuess.clear();
    prediction.setSubject(std::nullopt);
}

std::string AoiExercise::question(const Document& doc, const AoiState& state, Language language) const {
    const auto& script = doc.scenario().script;
    if (!exercise.active() || !prediction.subject() || state.position() >= script.size()) return {};
    const ScriptOp& op = script[state.position()];
    if (op.kind == OpKind::Tick) return {};
    return fmtIn(language, Str::AoiExerciseQuestion, static_cast<int>(state.position() + 1), static_cast<int>(script.size()),
               describePending(state.session(), op, language).c_str());
}

std::string AoiExercise::namedMarks(const std::map<EntityId, AoiEventType>& marks, const AoiState& state, Language language) {
    if (marks.empty()) return tr(Str::AoiExerciseNobodyText, language);
    std::string out;
    for (const auto& [id, type] : marks)
        out += (out.empty() ? "" : language == Language::Chinese ? "，" : ", ") + entityLabel(state.session(), id) + " " +
               tr(eventTypeName(type), language);
    return out;
}

nlohmann::json AoiExercise::dump(const Document& doc, const AoiState& state) const {
    const Exercise& ex = exercise;
    nlohmann::json j = {{"active", ex.active()},
                        {"correct", ex.correct()},
                        {"total", ex.total()},
                        {"revealed", ex.revealed()},
                        {"subject", prediction.subject() ? nlohmann::json(*prediction.subject()) : nlohmann::json(nullptr)},
                        {"guess", ex.pending() ? nlohmann::json(*ex.pending()) : nlohmann::json(nullptr)}};
    j["question"] = question(doc, state, app::language());
    nlohmann::json marks = nlohmann::json::array();
    for (const DrawnMark& m : drawnMarks) marks.push_back({{"id", m.id}, {"rect", {m.minX, m.minY, m.maxX, m.maxY}}});
    j["marks"] = marks;
    if (ex.last())
        j["last"] = {{"guess", ex.last()->guess},
                     {"answer", ex.last()->answer},
                     {"right", ex.last()->right},
                     {"counted", ex.last()->counted},
                     {"text", fmt(Str::AoiExerciseLast, namedMarks(lastGuess, state, app::language()).c_str(),
                                  namedMarks(lastAnswer, state, app::language()).c_str(),
                                  tr(ex.last()->right ? Str::ExerciseRight : Str::ExerciseWrong))}};
    return j;
}

std::unique_ptr<Tool> makeAoiPredictTool(AoiExercise& exercise) { return std::make_unique<PredictTool>(exercise); }

std::unique_ptr<Panel> makeAoiExercisePanel(AoiExercise& exercise, AoiState& state) {
    return std::make_unique<ExercisePanel>(exercise, state);
}

std::vector<Vec2> AoiExercise::questionPoints(const World& world) const {
    std::vector<Vec2> points;
    auto add = [&](EntityId id) {
        if (const Entity* e = world.find(id)) points.push_back({e->x, e->y});
    };
    if (!exercise.active()) return points;
    if (prediction.subject()) add(*prediction.subject());
    for (const auto& [id, type] : prediction.marks()) add(id);
    if (exercise.revealed()) {
        for (const auto& [id, type] : lastGuess) add(id);
        for (const auto& [id, type] : lastAnswer) add(id);
    }
    return points;
}

void drawAoiExerciseMarks(AoiExercise& exercise, const AppContext& ctx, const SceneView& scene) {
    exercise.drawnMarks.clear();
    if (!exercise.exercise.active()) return;
    double unit = 1.0 / std::max(1e-9, static_cast<double>(scene.pixelsPerUnit()));  // world units per pixel
    float em = ImGui::GetFontSize(), dot = scene.drawnDotRadius();
    // The names sit above right of their dots (SceneView::drawNames) and the legend is drawn over
    // everything: a letter takes the first place beside its dot that none of them (nor another letter)
    // covers, left of the dot first.
    LabelPlacer placer = scene.labelPlacer();
    for (const SceneView::PlacedName& n : scene.placedNames()) placer.block({n.minX, n.minY, n.maxX, n.maxY});
    if (!scene.legend().rows.empty()) placer.block(scene.legend().rect);
    for (const Entity& e : ctx.world().entities()) {
        Vec2 at{e.x, e.y};
        if (exercise.exercise.revealed())
            if (auto it = exercise.lastAnswer.find(e.id); it != exercise.lastAnswer.end())
                scene.circleOutline(at, em * 0.8 * unit, eventColour(it->second), 0.15f);
        const auto& marks = exercise.exercise.revealed() ? exercise.lastGuess : exercise.prediction.marks();
        auto it = marks.find(e.id);
        if (it == marks.end()) continue;
        const char* letter = eventLetter(it->second);
        ImVec2 c = scene.toScreen(at), size = ImGui::CalcTextSize(letter);
        const float gap = dot + em * 0.25f;
        const ImVec2 tries[] = {{c.x - gap - size.x, c.y - size.y * 0.5f}, {c.x - size.x * 0.5f, c.y + gap},
                                {c.x - gap - size.x, c.y + gap},           {c.x + gap, c.y + gap},
                                {c.x - size.x * 0.5f, c.y - gap - size.y}};
        for (const ImVec2& p : tries) {
            LabelPlacer::Box box{p.x, p.y, p.x + size.x, p.y + size.y};
            if (!placer.place(box)) continue;
            scene.drawList()->AddText(p, eventColour(it->second), letter);
            exercise.drawnMarks.push_back({e.id, box.minX, box.minY, box.maxX, box.maxY});
            break;
        }
    }
}

}  // namespace aoilab::app
