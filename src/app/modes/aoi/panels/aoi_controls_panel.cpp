// The AOI teaching panel: which method to follow, the methods' settings (live: every method is rebuilt
// at once), step mode with its queue of pending operations, the explanation of the last operation, and
// a screenshot button for slides.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>

#include "app/legend.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/mode.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/text_wrap.h"
#include "app/timeline.h"

namespace aoilab::app {
namespace {

constexpr std::size_t kPendingShown = 8;

class AoiControlsPanel final : public AoiPanel {
public:
    explicit AoiControlsPanel(AoiState& state) : AoiPanel("aoi", Str::PanelAoi, state) {}
    bool supporting() const override { return true; }

    void draw(AppContext& ctx) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        drawMethodPicker(state, ctx.doc);
        drawSettings(ctx, state);
        thinRule();
        drawStepControls(ctx, state);
        thinRule();
        ImGui::TextDisabled("%s", tr(Str::AoiWhatHappened));
        explanationBlock(state, state.focus());
        recordExplanation(state);
        thinRule();
        if (ImGui::Button(tr(Str::AoiScreenshot))) ctx.requestScreenshot();
        itemTip(Str::TipAoiScreenshot);
        ImGui::SameLine();
        colourLegend();
    }

private:
    void drawMethodPicker(AoiState& state, Document& doc) {
        const AoiSession& session = state.session();
        if (ImGui::BeginCombo(tr(Str::AoiMethod), methodTitle(state.focusName(), language()))) {
            for (const auto& run : session.methods()) {
                bool chosen = run.name == state.focusName();
                if (ImGui::Selectable(methodTitle(run.name, language()), chosen)) state.chooseMethod(run.name, doc);
            }
            ImGui::EndCombo();
        }
        itemTip(Str::TipAoiMethod);
    }

    void drawSettings(AppContext& ctx, AoiState& state) {
        const AoiConfig& config = state.session().config();
        AoiSettings edited = state.settings();
        bool changed = false;
        float width = ImGui::GetFontSize() * 7;

        ViewShape shape = ctx.doc.scenario().aoi.shape;
        ImGui::TextUnformatted(tr(Str::AoiShape));
        itemTip(Str::TipAoiShape);
        sameLineIfFits(checkboxWidth(tr(Str::ShapeSquare)));  // a narrow column wraps the row
        if (ImGui::RadioButton(tr(Str::ShapeSquare), shape == ViewShape::Square)) ctx.doc.setShape(ViewShape::Square);
        itemTip(Str::TipAoiShape);
        sameLineIfFits(checkboxWidth(tr(Str::ShapeCircle)));
        if (ImGui::RadioButton(tr(Str::ShapeCircle), shape == ViewShape::Circle)) ctx.doc.setShape(ViewShape::Circle);
        itemTip(Str::TipAoiShape);

        auto number = [&](Str label, Str tip, double value, double step, std::optional<double>& into) {
            const std::string shown = fittedLabel(tr(label), width);  // above it when too narrow
            if (ImGui::InputDouble(shown.c_str(), &value, step, step * 10, "%.4g") && value > 0) {
                into = value;
                changed = true;
            }
            itemTip(tip);
        };
        auto integer = [&](Str label, Str tip, int value, int low, std::optional<int>& into) {
            const std::string shown = fittedLabel(tr(label), width);
            if (ImGui::InputInt(shown.c_str(), &value) && value >= low) {
                into = value;
                changed = true;
            }
            itemTip(tip);
        };
        number(Str::AoiCellSize, Str::TipAoiCellSize, config.cellSize, 1, edited.cellSize);
        number(Str::AoiStandardRadius, Str::TipAoiStandardRadius, config.standardRadius, 1, edited.standardRadius);
        bool lazy = config.lazySuperView;
        if (checkboxWrapped(tr(Str::AoiLazy), &lazy)) {
            edited.lazySuperView = lazy;
            changed = true;
        }
        itemTip(Str::TipAoiLazy);
        integer(Str::AoiTickInterval, Str::TipAoiTickInterval, config.tickInterval, 1, edited.tickInterval);
        integer(Str::AoiCapacity, Str::TipAoiCapacity, config.quadtreeCapacity, 1, edited.quadtreeCapacity);
        number(Str::AoiTowerSize, Str::TipAoiTowerSize, config.towerSize, 1, edited.towerSize);
        double hysteresis = config.hysteresis;
        const std::string hysteresisLabel = fittedLabel(tr(Str::AoiHysteresis), width);
        if (ImGui::InputDouble(hysteresisLabel.c_str(), &hysteresis, 0.5, 5, "%.4g") && hysteresis >= 0) {
            edited.hysteresis = hysteresis;
            changed = true;
        }
        itemTip(Str::TipAoiHysteresis);
        drawFlicker(state);
        bool fromHead = config.insertFromHead;
        ImGui::TextUnformatted(tr(Str::AoiInsert));  // the choices on their own rows: the column is narrow
        itemTip(Str::TipAoiInsert);
        if (ImGui::RadioButton(tr(Str::AoiInsertHead), fromHead) && !fromHead) {
            edited.insertFromHead = true;
            changed = true;
        }
        itemTip(Str::TipAoiInsert);
        if (ImGui::RadioButton(tr(Str::AoiInsertIndex), !fromHead) && fromHead) {
            edited.insertFromHead = false;
            changed = true;
        }
        itemTip(Str::TipAoiInsert);
        if (ImGui::Button(tr(Str::AoiDefaults))) state.restoreScenarioSettings(ctx.doc);
        itemTip(Str::TipAoiDefaults);

        std::string error;
        if (changed && !state.changeSettings(edited, ctx.doc, error)) ctx.reportError(error);
    }

    // Beside the hysteresis: the focused method's flicker count (the engine's, aoi/flicker.h) and its
    // window, so raising the hysteresis shows the count stop growing.
    void drawFlicker(AoiState& state) {
        const auto& counters = state.flicker();
        int focus = state.focus();
        nlohmann::json methods = nlohmann::json::object();
        for (std::size_t m = 0; m < counters.size(); ++m)
            methods[state.session().methods()[m].name] = counters[m].flickers();
        state.drawn["flicker"] = {{"window", state.flickerWindow()}, {"methods", methods}};
        if (focus < 0 || static_cast<std::size_t>(focus) >= counters.size()) return;
        const char* title = methodTitle(state.session().methods()[static_cast<std::size_t>(focus)].name, language());
        textWrappedCjk(fmt(Str::AoiFlicker, title, static_cast<unsigned long long>(counters[static_cast<std::size_t>(focus)].flickers())));
        itemTip(Str::TipAoiFlicker);
        int window = static_cast<int>(state.flickerWindow());
        const std::string windowLabel = fittedLabel(tr(Str::AoiFlickerWindow), ImGui::GetFontSize() * 7);
        if (ImGui::InputInt(windowLabel.c_str(), &window) && window >= 0) state.setFlickerWindow(window);
        itemTip(Str::TipAoiFlicker);
    }

    void drawStepControls(AppContext& ctx, AoiState& state) {
        bool step = state.stepMode();
        if (checkboxWrapped(tr(Str::AoiStepMode), &step)) state.setStepMode(step, ctx.doc);
        itemTip(Str::TipAoiStepMode);
        sameLineIfFits(smallButtonWidth(tr(Str::AoiStep)));  // the row wraps in a narrow column
        Timeline* timeline = ctx.mode ? ctx.mode->timeline() : nullptr;
        if (ImGui::Button(tr(Str::AoiStep)) && timeline) ctx.playback.stepForward(*timeline);
        itemTip(Str::TipAoiStep);
        const Str play = ctx.playback.playing() ? Str::AoiPause : Str::AoiPlay;
        sameLineIfFits(smallButtonWidth(tr(play)));
        if (ImGui::Button(tr(play)) && timeline)
            ctx.playback.setPlaying(!ctx.playback.playing());
        itemTip(Str::TipAoiPlay);
        ImGui::BeginDisabled(state.pending().empty());  // a second row: the column is narrow on projectors
        if (ImGui::Button(tr(Str::AoiRunAll))) state.runAllPending(ctx.doc);
        ImGui::EndDisabled();
        itemTip(Str::TipAoiRunAll);
        sameLineIfFits(smallButtonWidth(tr(Str::AoiTick)));
        if (ImGui::Button(tr(Str::AoiTick))) state.tick();
        itemTip(Str::TipAoiTick);

        const auto& pending = state.pending();
        if (pending.empty()) {
            if (state.stepMode()) textDisabledWrapped(tr(Str::AoiNothingPending));
        } else {
            ImGui::TextUnformatted(fmt(Str::AoiPending, static_cast<int>(pending.size())).c_str());
            for (std::size_t i = 0; i < std::min(pending.size(), kPendingShown); ++i)
                ImGui::BulletText("%s", describePending(state.session(), pending[i], language()).c_str());
            if (pending.size() > kPendingShown) ImGui::TextDisabled("...");
        }
        std::size_t scriptSize = ctx.doc.scenario().script.size();
        if (scriptSize > 0)
            textDisabledWrapped(fmt(Str::AoiScriptProgress, static_cast<int>(std::min(state.scriptCursor(), scriptSize)),
                                          static_cast<int>(scriptSize)).c_str());
    }

    void recordExplanation(AoiState& state) {
        nlohmann::json lines = nlohmann::json::array();
        if (state.last()) {
            lines.push_back(explainOperation(state.session(), *state.last(), language()));
            for (const std::string& line : explainMethod(state.session(), *state.last(), state.focus(), language()))
                lines.push_back(line);
        }
        state.drawn["explanation"] = lines;
    }
};

}  // namespace

std::unique_ptr<Panel> makeAoiControlsPanel(AoiState& state) { return std::make_unique<AoiControlsPanel>(state); }

}  // namespace aoilab::app
