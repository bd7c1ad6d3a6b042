// Scenario: what is open (file, title, size, shape, method) and what the world holds.
#include <imgui.h>

#include "app/app_context.h"
#include "app/modes/aoi/aoi_explain.h"  // methodTitle: the method's name in the UI language
#include "app/panels/panel_list.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

class ScenarioPanel final : public Panel {
public:
    ScenarioPanel() : Panel("scenario", Str::PanelScenario) {}
    bool supporting() const override { return true; }
    bool aboutEntities() const override { return true; }

    void draw(AppContext& ctx) override {
        const Scenario& s = ctx.doc.scenario();
        const World& w = ctx.doc.world();
        if (ImGui::BeginTable("##scenario", 2)) {
            ImGui::TableSetupColumn("##key", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 8);
            ImGui::TableSetupColumn("##value", ImGuiTableColumnFlags_WidthStretch);
            auto row = [](Str name, const std::string& value) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextDisabled("%s", tr(name));
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", value.c_str());
            };
            std::string file = ctx.doc.path().empty() ? tr(Str::ScenarioUnsaved) : ctx.doc.path().filename().string();
            if (ctx.doc.dirty()) file += std::string("  (") + tr(Str::ScenarioModified) + ")";
            row(Str::ScenarioFile, file);
            if (!s.title.empty()) row(Str::ScenarioTitle, inUiLanguage(s.title, s.lesson.titleZh));
            char size[64];
            std::snprintf(size, sizeof size, "%g x %g", w.width(), w.height());
            row(Str::ScenarioSize, size);
            row(Str::ScenarioShape, tr(s.aoi.shape == ViewShape::Circle ? Str::ShapeCircle : Str::ShapeSquare));
            row(Str::ScenarioMethod, methodTitle(s.aoi.method, language()));
            row(Str::ScenarioEntities, std::to_string(w.size()));
            row(Str::ScenarioObstacles, std::to_string(w.obstacles().size()));
            char cell[32];
            std::snprintf(cell, sizeof cell, "%g", w.obstacleCellSize());
            row(Str::ScenarioCellSize, cell);
            row(Str::ScenarioScript, std::to_string(s.script.size()));
            ImGui::EndTable();
        }
        if (!s.description.empty()) textWrappedCjk(inUiLanguage(s.description, s.lesson.descriptionZh));
    }
};

}  // namespace

std::unique_ptr<Panel> makeScenarioPanel() { return std::make_unique<ScenarioPanel>(); }

}  // namespace aoilab::app
