// Errors: what failed (a file that did not load, an edit the world rejected), with the message that
// names the file and the place. The app brings this panel up whenever a new error arrives.
#include <imgui.h>

#include "app/app_context.h"
#include "app/panels/panel_list.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

class ErrorPanel final : public Panel {
public:
    ErrorPanel() : Panel("errors", Str::PanelErrors) {}
    bool floatingByDefault() const override { return true; }
    bool visibleByDefault() const override { return false; }

    void draw(AppContext& ctx) override {
        if (ctx.errors.empty()) {
            ImGui::TextDisabled("%s", tr(Str::ErrorsNone));
            return;
        }
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme::kErrorText));
        // Newest first: the one that just happened is on top.
        for (auto it = ctx.errors.rbegin(); it != ctx.errors.rend(); ++it) {
            ImGui::TextWrapped("%s", it->c_str());
            ImGui::Separator();
        }
        ImGui::PopStyleColor();
        if (ImGui::Button(tr(Str::ErrorsClear))) ctx.errors.clear();
    }
};

}  // namespace

std::unique_ptr<Panel> makeErrorPanel() { return std::make_unique<ErrorPanel>(); }

}  // namespace aoilab::app
