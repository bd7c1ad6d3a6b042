// The event log: enter, move and leave events (watcher -> target, operation, tick, method), newest first,
// filtered by method, entity and type, with counts. Clicking a row selects the target and draws a line
// from the watcher to it over the scene, in the event type's colour. The list is clipped.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "aoi/event_log_filter.h"
#include "app/legend.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/scene_view.h"
#include "app/theme.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

ImU32 typeColour(AoiEventType type) {
    switch (type) {
        case AoiEventType::Enter: return theme::kEnter;
        case AoiEventType::Move: return theme::kMove;
        case AoiEventType::Leave: return theme::kLeave;
    }
    return theme::kMove;
}

class AoiEventsPanel final : public AoiPanel {
public:
    explicit AoiEventsPanel(AoiState& state) : AoiPanel("events", Str::PanelEvents, state) {}

    void drawOverlay(AppContext& ctx, SceneView& view) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        if (!state.highlightedPair) return;
        const World& world = ctx.world();
        const Entity* watcher = world.find(state.highlightedPair->first);
        const Entity* target = world.find(state.highlightedPair->second);
        if (!watcher || !target) return;
        view.segment({watcher->x, watcher->y}, {target->x, target->y}, typeColour(highlightedType_), 0.18f);
        // A ring just outside the watcher's dot.
        double ring = (view.entityDotRadius() + 5) / std::max(1e-9f, view.pixelsPerUnit());
        view.circleOutline({watcher->x, watcher->y}, ring, typeColour(highlightedType_), 0.12f);
    }

    void draw(AppContext& ctx) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const AoiSession& session = state.session();
        float em = ImGui::GetFontSize();

        // Filters.
        if (method_.empty() || session.methodIndex(method_) < 0) method_ = state.focusName();
        float inner = ImGui::GetStyle().ItemInnerSpacing.x;
        ImGui::SetNextItemWidth(std::min(em * 9, ImGui::GetContentRegionAvail().x - inner - ImGui::CalcTextSize(tr(Str::AoiMethod)).x));
        if (ImGui::BeginCombo(tr(Str::AoiMethod), methodTitle(method_, language()))) {
            for (const auto& run : session.methods())
                if (ImGui::Selectable(methodTitle(run.name, language()), run.name == method_)) method_ = run.name;
            ImGui::EndCombo();
        }
        itemTip(Str::TipAoiMethod);
        sameLineIfFits(em * 5 + inner + ImGui::CalcTextSize(tr(Str::EventsEntity)).x);
        ImGui::SetNextItemWidth(em * 5);
        ImGui::InputText(tr(Str::EventsEntity), entityText_, sizeof entityText_, ImGuiInputTextFlags_CharsDecimal);
        itemTip(Str::TipEventsEntity);
        checkboxWrapped(tr(Str::EventsLastOnly), &lastOnly_);
        itemTip(Str::TipEventsLastOnly);
        sameLineIfFits(checkboxWidth(tr(Str::EventsSelectedOnly)));
        checkboxWrapped(tr(Str::EventsSelectedOnly), &selectedOnly_);
        itemTip(Str::TipEventsSelectedOnly);

        filter(ctx, state);
        for (int t = 0; t < 3; ++t) {
            auto type = static_cast<AoiEventType>(t);
            std::string label = std::string(tr(eventTypeName(type))) + " " + std::to_string(filter_.countsByType()[static_cast<std::size_t>(t)]);
            if (t > 0) sameLineIfFits(checkboxWidth(label.c_str()));
            ImGui::PushStyleColor(ImGuiCol_CheckMark, typeColour(type));
            ImGui::Checkbox(label.c_str(), &showType_[t]);
            ImGui::PopStyleColor();
            itemTip(Str::TipEventsType);
        }
        textDisabledWrapped(fmt(Str::EventsShown, static_cast<int>(filter_.rowCount()), filter_.matched()).c_str());
        drawTable(ctx, state);

        nlohmann::json rows = nlohmann::json::array();
        for (std::size_t i = 0; i < std::min<std::size_t>(filter_.rowCount(), 50); ++i) {
            const LoggedEvent& e = session.log()[filter_.row(i)];
            rows.push_back({{"op", e.op}, {"operation", state.scriptNumberOf(e.op)}, {"type", toString(e.event.type)}, {"watcher", e.event.watcher},
                            {"target", e.event.target}, {"method", session.methods()[static_cast<std::size_t>(e.method)].name}});
        }
        state.drawn["events"] = {{"method", method_}, {"shown", filter_.rowCount()}, {"counts", filter_.countsByType()}, {"rows", rows},
                                 {"first_row_rect", firstRow_}};
        firstRow_.clear();
    }

private:
    void filter(const AppContext& ctx, const AoiState& state) {
        EventLogQuery query;
        query.method = state.session().methodIndex(method_);
        if (entityText_[0]) query.entity = std::strtoll(entityText_, nullptr, 10);
        if (selectedOnly_ && ctx.selected) query.entity = ctx.selected;
        query.lastOperationOnly = lastOnly_;
        query.showType = {showType_[0], showType_[1], showType_[2]};
        filter_.update(state.session(), query);
    }

    void drawTable(AppContext& ctx, AoiState& state) {
        const AoiSession& session = state.session();
        float height = ImGui::GetTextLineHeightWithSpacing() * 12;
        // Each fixed column as wide as its header's widest word and its widest cell; the pairs take the
        // rest; the headers wrap between words (never cut at a large font or in a narrow tile).
        const Str headers[] = {Str::EventsOp, Str::EventsTick, Str::EventsType, Str::EventsPair};
        // (the operation count and the tick bound every number the rows show)
        float opWidth = ImGui::CalcTextSize(std::to_string(session.operationCount()).c_str()).x;
        float tickWidth = ImGui::CalcTextSize(std::to_string(session.tick()).c_str()).x, typeWidth = 0;
        for (auto type : {AoiEventType::Enter, AoiEventType::Move, AoiEventType::Leave})
            typeWidth = std::max(typeWidth, ImGui::CalcTextSize(tr(eventTypeName(type))).x);
        const float fixed[] = {std::max(widestWord(tr(headers[0])), std::ceil(opWidth) + 1),
                               std::max(widestWord(tr(headers[1])), std::ceil(tickWidth) + 1),
                               std::max(widestWord(tr(headers[2])), std::ceil(typeWidth) + 1)};
        if (!ImGui::BeginTable("##events", 4,
                               ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV, ImVec2(0, height)))
            return;
        ImGui::TableSetupScrollFreeze(0, 1);
        for (int c = 0; c < 3; ++c) ImGui::TableSetupColumn(tr(headers[c]), ImGuiTableColumnFlags_WidthFixed, fixed[c]);
        ImGui::TableSetupColumn(tr(headers[3]), ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int c = 0; c < 4; ++c) {
            ImGui::TableSetColumnIndex(c);
            wrappedHeaderCell(tr(headers[c]));
        }
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(filter_.rowCount()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const LoggedEvent& e = session.log()[filter_.row(static_cast<std::size_t>(i))];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::PushID(i);
                // The timeline's numbering (1 = the script's first operation); "-" for the starting
                // world and for edits.
                char op[24];
                if (std::size_t number = state.scriptNumberOf(e.op)) std::snprintf(op, sizeof op, "%zu", number);
                else std::snprintf(op, sizeof op, "-");
                bool chosen = state.highlightedPair && state.highlightedPair->first == e.event.watcher &&
                              state.highlightedPair->second == e.event.target && highlightedType_ == e.event.type;
                if (ImGui::Selectable(op, chosen, ImGuiSelectableFlags_SpanAllColumns)) {
                    state.highlightedPair = std::make_pair(e.event.watcher, e.event.target);
                    highlightedType_ = e.event.type;
                    if (ctx.world().contains(e.event.target)) ctx.selected = e.event.target;
                }
                itemTip(Str::TipEventsRow);
                if (i == 0) {
                    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
                    firstRow_ = {a.x, a.y, b.x, b.y};
                }
                ImGui::PopID();
                ImGui::TableNextColumn();
                ImGui::Text("%zu", e.tick);
                ImGui::TableNextColumn();
                colouredText(typeColour(e.event.type), tr(eventTypeName(e.event.type)));
                ImGui::TableNextColumn();
                std::string pair = entityLabel(session, e.event.watcher) + " -> " + entityLabel(session, e.event.target);
                ImGui::TextUnformatted(pair.c_str());
            }
        }
        ImGui::EndTable();
    }

    std::string method_;
    char entityText_[24] = "";
    bool lastOnly_ = false;
    bool selectedOnly_ = false;
    bool showType_[3] = {true, true, true};
    EventLogFilter filter_;
    AoiEventType highlightedType_ = AoiEventType::Enter;
    std::vector<float> firstRow_;  // screen rect of the newest row (tests click it)
};

}  // namespace

std::unique_ptr<Panel> makeAoiEventsPanel(AoiState& state) { return std::make_unique<AoiEventsPanel>(state); }

}  // namespace aoilab::app
