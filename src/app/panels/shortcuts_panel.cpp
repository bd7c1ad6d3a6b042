// The shortcut sheet (H): every key of the app in one table.
#include <imgui.h>

#include "app/app_context.h"
#include "app/panels/panel_list.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

class ShortcutsPanel final : public Panel {
public:
    ShortcutsPanel() : Panel("shortcuts", Str::PanelShortcuts) {}
    bool floatingByDefault() const override { return true; }
    bool visibleByDefault() const override { return false; }

    void draw(AppContext&) override {
        textDisabledWrapped(tr(Str::ShortcutsIntro));
        if (!ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
        auto row = [](const char* keys, const char* what) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(keys);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(what);
        };
        row(tr(Str::KeyPan), tr(Str::KeyPanDo));
        row(tr(Str::KeyWheel), tr(Str::KeyWheelDo));
        row("F", tr(Str::KeyFrameDo));
        row("V  A  D  B  E", tr(Str::KeyToolsDo));
        row("Delete", tr(Str::KeyDeleteDo));
        row("Ctrl+Z", tr(Str::KeyUndoDo));
        row("Ctrl+Y  Ctrl+Shift+Z", tr(Str::KeyRedoDo));
        row("Ctrl+N", tr(Str::KeyNewDo));
        row("Ctrl+O", tr(Str::KeyOpenDo));
        row("Ctrl+S", tr(Str::KeySaveDo));
        row("Ctrl+L", tr(Str::MenuCopyLink));
        row("G", tr(Str::KeyGridDo));
        row("I", tr(Str::KeyEntitiesDo));
        row("H", tr(Str::KeyHelpDo));
        row("N  Right", tr(Str::KeyStepDo));
        row("Space", tr(Str::KeyPlayDo));
        row("C", tr(Str::KeyGraphCopyDo));
        ImGui::EndTable();
    }
};

}  // namespace

std::unique_ptr<Panel> makeShortcutsPanel() { return std::make_unique<ShortcutsPanel>(); }

}  // namespace aoilab::app
