// Inspector: the selected entity's fields, edited through the EditHistory (a slider drag is one step).
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "app/app_context.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

class InspectorPanel final : public Panel {
public:
    InspectorPanel() : Panel("inspector", Str::PanelInspector) {}
    bool supporting() const override { return true; }

    void draw(AppContext& ctx) override {
        const Entity* found = ctx.selected ? ctx.world().find(*ctx.selected) : nullptr;
        if (!found) {
            closeStaleGroup(ctx);
            ImGui::TextWrapped("%s", tr(Str::InspectorNone));
            return;
        }
        closeStaleGroup(ctx);
        Entity e = *found;  // a copy: edits below change the world under the pointer
        if (editingId_ != e.id) {
            editingId_ = e.id;
            name_ = e.name;
        }
        float labelWidth = ImGui::GetFontSize() * 7;
        auto label = [&](Str text) {
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(tr(text));
            ImGui::SameLine(labelWidth);
            ImGui::SetNextItemWidth(-1);
        };
        label(Str::FieldId);
        ImGui::Text("%lld", static_cast<long long>(e.id));

        label(Str::FieldName);
        if (!nameActive_) name_ = e.name;
        ImGui::InputText("##name", &name_);
        nameActive_ = ImGui::IsItemActive();
        if (ImGui::IsItemDeactivatedAfterEdit() && name_ != e.name) {
            std::string name = name_;
            ctx.edit([&](EditHistory& h) { h.setName(e.id, name); });
        }

        const World& world = ctx.world();
        double x = e.x, y = e.y, r = e.radius;
        double zero = 0, maxX = world.width(), maxY = world.height();
        double speed = std::max(world.width(), world.height()) / 500.0;
        label(Str::FieldX);
        bool moved = ImGui::DragScalar("##x", ImGuiDataType_Double, &x, static_cast<float>(speed), &zero, &maxX, "%.3f",
                                       ImGuiSliderFlags_AlwaysClamp);
        grouped(ctx, EditLabel{EditLabel::Kind::MoveEntity, e.id, {}});
        label(Str::FieldY);
        moved |= ImGui::DragScalar("##y", ImGuiDataType_Double, &y, static_cast<float>(speed), &zero, &maxY, "%.3f",
                                   ImGuiSliderFlags_AlwaysClamp);
        grouped(ctx, EditLabel{EditLabel::Kind::MoveEntity, e.id, {}});
        if (moved && (x != e.x || y != e.y)) ctx.edit([&](EditHistory& h) { h.moveEntity(e.id, x, y); });

        label(Str::FieldRadius);
        double maxR = std::max(world.width(), world.height());
        bool radiusChanged = ImGui::DragScalar("##radius", ImGuiDataType_Double, &r, static_cast<float>(speed), &zero,
                                               &maxR, "%.3f", ImGuiSliderFlags_AlwaysClamp);
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipRadius));
        grouped(ctx, EditLabel{EditLabel::Kind::EntityRadius, e.id, {}});
        if (radiusChanged && r != e.radius && ctx.edit([&](EditHistory& h) { h.setRadius(e.id, r); }))
            ctx.spawnRadius = r;

        label(Str::FieldColor);
        Rgba packed = e.color == 0 ? 0x0072B2FFu : e.color;
        float rgb[3] = {((packed >> 24) & 0xFF) / 255.0f, ((packed >> 16) & 0xFF) / 255.0f,
                        ((packed >> 8) & 0xFF) / 255.0f};
        bool recoloured = ImGui::ColorEdit3("##colour", rgb, ImGuiColorEditFlags_NoInputs);
        if (recoloured) {
            auto byte = [](float v) { return static_cast<Rgba>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); };
            Rgba colour = (byte(rgb[0]) << 24) | (byte(rgb[1]) << 16) | (byte(rgb[2]) << 8) | 0xFFu;
            ctx.edit([&](EditHistory& h) { h.setColor(e.id, colour); });
        }

        ImGui::Spacing();
        if (ImGui::Button(tr(Str::DeleteEntity))) ctx.deleteSelected();
    }

private:
    // A widget held down (a drag of a number) is one undo step: open a group while it is active.
    void grouped(AppContext& ctx, const EditLabel& label) {
        if (ImGui::IsItemActivated()) {
            ctx.history().beginGroup(label);
            ++openGroups_;
        }
        if (ImGui::IsItemDeactivated() && openGroups_ > 0) {
            ctx.history().endGroup();
            --openGroups_;
        }
    }
    // The widget vanished while held (the entity was deleted or deselected): close its group anyway.
    void closeStaleGroup(AppContext& ctx) {
        for (; openGroups_ > 0 && !ImGui::IsAnyItemActive(); --openGroups_) ctx.history().endGroup();
    }
    int openGroups_ = 0;

    EntityId editingId_ = -1;
    std::string name_;
    bool nameActive_ = false;
};

}  // namespace

std::unique_ptr<Panel> makeInspectorPanel() { return std::make_unique<InspectorPanel>(); }

}  // namespace aoilab::app
