// Breakpoints and checks: what makes Play stop (an entity entering a view, two methods differing, the
// expected events not met) and the last operation against the scenario's expected events.
#include <imgui.h>

#include <string>

#include "app/app_context.h"
#include "app/legend.h"
#include "app/modes/aoi/aoi_checks.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/modes/aoi/aoi_state.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/text_wrap.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

class AoiChecksPanel final : public AoiPanel {
public:
    AoiChecksPanel(AoiState& state, AoiChecks& checks) : AoiPanel("checks", Str::PanelChecks, state), checks_(checks) {}
    bool visibleByDefault() const override { return false; }

    void draw(AppContext& ctx) override {
        ImGui::PushTextWrapPos(0);  // every line wraps at the tile's edge (a large font, a narrow tile)
        drawContent(ctx);
        ImGui::PopTextWrapPos();
    }

    void drawContent(AppContext& ctx) {
        AoiBreakpoints& b = checks_.breakpoints;
        checkboxWrapped(tr(Str::CheckOnEnter), &b.onEnter);
        itemTip(Str::TipCheckOnEnter);
        if (b.onEnter) {
            int id = static_cast<int>(b.enterTarget);
            const std::string idLabel = fittedLabel(tr(Str::CheckEntityId), ImGui::GetFontSize() * 6);
            if (ImGui::InputInt(idLabel.c_str(), &id) && id >= 0) b.enterTarget = static_cast<EntityId>(id);
        }
        checkboxWrapped(tr(Str::CheckOnDiffer), &b.onMethodsDiffer);
        itemTip(Str::TipCheckOnDiffer);
        if (b.onMethodsDiffer) {
            methodCombo("##a", b.methodA);
            sameLineIfFits(ImGui::GetFontSize() * 8);
            methodCombo("##b", b.methodB);
        }
        checkboxWrapped(tr(Str::CheckOnExpected), &b.onExpectedMismatch);
        itemTip(Str::TipCheckOnExpected);
        if (!checks_.lastStop.empty()) textWrappedCjk(fmt(Str::CheckLastStop, checks_.lastStop.c_str()));

        thinRule();
        const Scenario& scenario = ctx.doc.scenario();
        if (!scenario.expected) {
            textDisabledWrapped(tr(Str::CheckNoExpected));
            return;
        }
        ImGui::TextUnformatted(tr(Str::CheckExpectedTitle));
        if (!checks_.lastCheck.available) {
            textDisabledWrapped(tr(Str::CheckNotScript));
            return;
        }
        const ExpectedCheck& c = checks_.lastCheck;
        colouredText(theme::kEnter, fmt(Str::CheckMatched, static_cast<int>(c.matched.size())).c_str());
        ImGui::SameLine();
        colouredText(c.missing.empty() ? ImGui::GetColorU32(ImGuiCol_TextDisabled) : theme::kLeave,
                     fmt(Str::CheckMissing, static_cast<int>(c.missing.size())).c_str());
        ImGui::SameLine();
        colouredText(c.extra.empty() ? ImGui::GetColorU32(ImGuiCol_TextDisabled) : theme::kLeave,
                     fmt(Str::CheckExtra, static_cast<int>(c.extra.size())).c_str());
        auto list = [&](const std::vector<AoiEvent>& events, const char* sign) {
            for (const AoiEvent& e : events)
                ImGui::BulletText("%s %s %s -> %s", sign, tr(eventTypeName(e.type)), entityLabel(state_.session(), e.watcher).c_str(),
                                  entityLabel(state_.session(), e.target).c_str());
        };
        list(c.missing, "-");
        list(c.extra, "+");
        if (c.expectedLag > 0)
            textWrappedCjk(fmt(Str::CheckExpectedLag, static_cast<int>(c.expectedLag)));
    }

    nlohmann::json dump(const AppContext&) const override {
        const ExpectedCheck& c = checks_.lastCheck;
        return {{"last_stop", checks_.lastStop},
                {"expected_available", c.available},
                {"matched", c.matched.size()},
                {"missing", c.missing.size()},
                {"extra", c.extra.size()},
                {"expected_lag", c.expectedLag}};
    }

private:
    void methodCombo(const char* id, std::string& method) {
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        if (!ImGui::BeginCombo(id, methodTitle(method, language()))) return;
        for (const auto& run : state_.session().methods())
            if (ImGui::Selectable(methodTitle(run.name, language()), run.name == method)) method = run.name;
        ImGui::EndCombo();
    }

    AoiChecks& checks_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiChecksPanel(AoiState& state, AoiChecks& checks) {
    return std::make_unique<AoiChecksPanel>(state, checks);
}

}  // namespace aoilab::app
