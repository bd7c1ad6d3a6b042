// The representations panel: which view the map shows, the waypoint step, and the comparison of one
// query across every representation (path length, ratio to the grid optimum, nodes, build time, query
// time, memory; each row shows its path in its own colour), with a sentence on why each path differs.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/app_context.h"
#include "app/legend.h"
#include "app/modes/maps/maps_ui.h"
#include "app/strings.h"
#include "app/table_rows.h"
#include "app/text_wrap.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

std::string bytes(std::size_t n) { return mapsBytesText(n); }

class MapsPanel final : public Panel {
public:
    MapsPanel(MapsState& state, MapsUi& ui) : Panel("maps", Str::MapsPanel), state_(state), ui_(ui) {}

    void draw(AppContext& ctx) override {
        const Str views[] = {mapsViewTitle(MapsView::Waypoints), mapsViewTitle(MapsView::Regions), mapsViewTitle(MapsView::Navmesh),
                             mapsViewTitle(MapsView::Table)};
        for (int i = 0; i < 4; ++i) {
            if (i) sameLineIfFits(checkboxWidth(tr(views[i])));
            if (ImGui::RadioButton(tr(views[i]), state_.view() == static_cast<MapsView>(i))) {
                ctx.playback.setPlaying(false);
                state_.setView(static_cast<MapsView>(i));
            }
        }
        double step = state_.step();
        const std::string stepLabel = fittedLabel(tr(Str::MapsStep), ImGui::GetFontSize() * 6);  // above it when too narrow
        if (ImGui::InputDouble(stepLabel.c_str(), &step, 0.5, 1, "%.2f", ImGuiInputTextFlags_EnterReturnsTrue)) {
            std::string why = state_.setStep(step);
            if (!why.empty()) ctx.reportError(why);
        }
        if (state_.paintPending()) textWrappedCjk(tr(Str::MapsPaintPending));
        if (state_.navmeshBuilding()) {
            // The engine's tiles done of all, as a bar, and Cancel.
            std::size_t done = state_.navmeshTilesDone(), total = state_.navmeshTilesTotal();
            // The line above the bar, wrapped: inside the bar a large font cut it at both ends.
            textWrappedCjk(fmt(Str::MapsBuildingTiles, static_cast<int>(done), static_cast<int>(total), state_.navmeshElapsedSeconds()));
            const float em = ImGui::GetFontSize();
            const float cancelWidth = ImGui::CalcTextSize(tr(Str::MapsCancel)).x + ImGui::GetStyle().FramePadding.x * 2;
            const float barWidth = std::max(em * 4, ImGui::GetContentRegionAvail().x - cancelWidth - ImGui::GetStyle().ItemSpacing.x);
            ImGui::ProgressBar(total ? static_cast<float>(done) / static_cast<float>(total) : 0.f, ImVec2(barWidth, 0));
            ImGui::SameLine();
            if (ImGui::Button(tr(Str::MapsCancel))) state_.cancelNavmesh();
        } else if (state_.navmeshCancelled()) {
            ImGui::TextUnformatted(tr(Str::MapsNavmeshCancelled));
            ImGui::SameLine();
            if (ImGui::Button(tr(Str::MapsBuildAgain))) state_.restartNavmesh();
        }
        if (!state_.navmeshError().empty()) ImGui::TextColored(ImVec4(0.84f, 0.37f, 0, 1), "%s", state_.navmeshError().c_str());
        // The tile and stage the navmesh timeline is at (also under the timeline, which a large font can hide).
        stepLine_ = state_.view() == MapsView::Navmesh && state_.navmesh() ? mapsNavStepText(state_) : std::string();
        if (!stepLine_.empty()) textWrappedCjk(stepLine_);
        drawComparison();
        drawLegend();
        ImGui::PushTextWrapPos(0);
        for (Str why : {Str::MapsWhyWaypoints, Str::MapsWhyRegions, Str::MapsWhyFunnel, Str::MapsWhyMidpoints, Str::MapsWhyTable})
            textDisabledWrapped(tr(why));
        ImGui::PopTextWrapPos();
    }

    nlohmann::json dump(const AppContext&) const override {
        return {{"rows", rows_}, {"compare_as_rows", asRows_}, {"navmesh_step", stepLine_.empty() ? nlohmann::json(nullptr) : nlohmann::json(stepLine_)}};
    }

private:
    // The scene's colours for the view shown (the paths' colours are the rows' own).
    void drawLegend() {
        float em = ImGui::GetFontSize();
        auto swatch = [&](std::initializer_list<ImU32> colours, Str label) {
            ImVec2 p = ImGui::GetCursorScreenPos();
            float x = p.x;
            for (ImU32 c : colours) {
                ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(x, p.y + em * 0.15f), ImVec2(x + em * 0.8f, p.y + em * 0.9f), c);
                x += em * 0.95f;
            }
            ImGui::Dummy(ImVec2(x - p.x, em));
            ImGui::SameLine(0, em * 0.3f);
            ImGui::PushTextWrapPos(0);
            ImGui::TextUnformatted(tr(label));
            ImGui::PopTextWrapPos();
        };
        Str selectedPlace = Str::MapsLegendEntityRegion;  // what the selected entity's colours mean in this view
        switch (state_.view()) {
            case MapsView::Waypoints:
            case MapsView::Table:
                swatch({IM_COL32(230, 230, 235, 255), IM_COL32(86, 180, 233, 255), IM_COL32(240, 228, 66, 255)}, Str::MapsLegendPoint);
                swatch({IM_COL32(213, 94, 0, 255)}, Str::MapsLegendRefused);
                if (state_.view() == MapsView::Waypoints) swatch({kMapsSeedColour}, Str::MapsLegendSeed);
                selectedPlace = Str::MapsLegendEntityWaypoints;
                break;
            case MapsView::Regions:
                swatch({IM_COL32(0, 158, 115, 200), IM_COL32(230, 159, 0, 150), IM_COL32(20, 20, 24, 255)}, Str::MapsLegendRegion);
                swatch({kMapsSplitColour, kMapsPendingColour}, Str::MapsLegendSplit);
                swatch({theme::kSelected}, Str::MapsLegendHoverRegion);
                break;
            case MapsView::Navmesh:
                swatch({IM_COL32(140, 200, 240, 160), IM_COL32(240, 160, 200, 160), IM_COL32(240, 228, 66, 255)}, Str::MapsLegendPortal);
                swatch({theme::kSelected, theme::rgb(theme::kMoveHex, 160), IM_COL32(140, 240, 160, 200)}, Str::MapsLegendNavStage);
                swatch({theme::kSelected}, Str::MapsLegendHoverPolygon);
                selectedPlace = Str::MapsLegendEntityPolygon;
                break;
        }
        // The AOI world's entities, drawn in every view.
        if (state_.entities().empty()) {
            ImGui::PushTextWrapPos(0);
            textDisabledWrapped(tr(Str::MapsLegendNoEntities));
            ImGui::PopTextWrapPos();
        } else {
            swatch({theme::kEntity}, Str::MapsLegendEntity);
            if (selectedPlace == Str::MapsLegendEntityWaypoints) swatch({theme::kSelected}, selectedPlace);
            else swatch({theme::kSelected, kMapsSameRegionColour}, selectedPlace);
        }
    }

    void drawComparison() {
        rows_ = nlohmann::json::array();
        const MapsQuery& q = state_.query();
        const Str names[] = {Str::MapsRowGrid, Str::MapsRowWaypoints, Str::MapsRowRegions, Str::MapsRowFunnel, Str::MapsRowMidpoints, Str::MapsRowTable};
        const NavMesh* mesh = state_.navmesh();
        struct Cost {
            std::size_t nodes;
            double buildMs;
            std::size_t memory;
        };
        const Cost costs[] = {
            {static_cast<std::size_t>(state_.map().passableCount()), state_.gridPrepareSeconds() * 1000,
             static_cast<std::size_t>(state_.map().cellCount())},
            {state_.waypoints().graph.vertexCount(), state_.waypoints().buildSeconds * 1000, state_.waypoints().graph.memoryBytes()},
            {state_.regions().regions().size(), state_.regionsBuildSeconds() * 1000, state_.regions().memoryBytes()},
            {mesh ? mesh->polygons().size() : 0, state_.navmeshBuildSeconds() * 1000, mesh ? mesh->memoryBytes() : 0},
            {mesh ? mesh->polygons().size() : 0, state_.navmeshBuildSeconds() * 1000, mesh ? mesh->memoryBytes() : 0},
            {state_.table() ? state_.table()->vertexCount() : 0, state_.table() ? state_.table()->buildSeconds() * 1000 : 0,
             state_.table() ? state_.table()->memoryBytes() : 0}};
        auto format = [](const char* f, double v) {
            char text[32];
            std::snprintf(text, sizeof text, f, v);
            return std::string(text);
        };
        std::vector<std::string> headers = {tr(Str::MapsColShow), ""};
        for (Str c : {Str::MapsColLength, Str::MapsColRatio, Str::MapsColNodes, Str::MapsColBuild, Str::MapsColQuery, Str::MapsColMemory})
            headers.push_back(tr(c));
        TableText table(headers, {ImGui::GetFrameHeight()});  // the first column holds a checkbox
        std::vector<MapsLengthCell> lengths;
        for (std::size_t row = 0; row < kMapsRows; ++row) {
            const MapsRoute& r = mapsRoute(q, static_cast<MapsRow>(row));
            lengths.push_back(mapsLengthCell(r, mapsRowState(state_, static_cast<MapsRow>(row))));
            table.addRow({"", tr(names[row]), lengths.back().text,
                          r.found && q.grid.found && q.grid.length > 0 ? format("%.3f", r.length / q.grid.length) : "-",
                          std::to_string(costs[row].nodes), format("%.2f", costs[row].buildMs), format("%.1f", r.micros),
                          bytes(costs[row].memory)});
            rows_.push_back({{"row", row}, {"found", r.found}, {"length", r.found ? nlohmann::json(r.length) : nlohmann::json(nullptr)},
                             {"length_text", lengths.back().text},
                             {"nodes", costs[row].nodes}, {"shown", ui_.showPath[row]}, {"build_ms", costs[row].buildMs},
                             {"query_us", r.micros}, {"memory_bytes", costs[row].memory}});
        }
        auto showBox = [&](std::size_t row) {
            ImGui::PushID(static_cast<int>(row));
            ImGui::PushStyleColor(ImGuiCol_CheckMark, ImGui::ColorConvertU32ToFloat4(mapsRowColour(static_cast<MapsRow>(row))));
            ImGui::Checkbox("##show", &ui_.showPath[row]);
            ImGui::PopStyleColor();
            ImGui::PopID();
        };
        // Columns wider than the panel (a large font, a small window): a line a route, its checkbox first.
        asRows_ = !table.fits();
        if (asRows_) {
            for (std::size_t row = 0; row < kMapsRows; ++row) {
                showBox(row);
                ImGui::SameLine();
                ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(mapsRowColour(static_cast<MapsRow>(row))));
                textWrappedCjk(rowLine(table.headers(), table.rows()[row], 1));  // "name: header value · ..."
                ImGui::PopStyleColor();
            }
            return;
        }
        // Rows hold checkboxes: a frame's height each (text lines are shorter, which cut off the last row).
        const float height = ImGui::GetFrameHeightWithSpacing() * (kMapsRows + 1.2f);
        if (!ImGui::BeginTable("##maps_compare", 8, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit, ImVec2(0, height))) return;
        for (const std::string& header : table.headers()) ImGui::TableSetupColumn(header.c_str());
        ImGui::TableHeadersRow();
        for (std::size_t row = 0; row < kMapsRows; ++row) {
            const std::vector<std::string>& cells = table.rows()[row];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            showBox(row);
            ImGui::TableNextColumn();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(mapsRowColour(static_cast<MapsRow>(row))), "%s", cells[1].c_str());
            ImGui::TableNextColumn();
            if (lengths[row].kind == MapsLengthCell::Kind::Length) ImGui::TextUnformatted(cells[2].c_str());
            else ImGui::TextDisabled("%s", cells[2].c_str());
            for (std::size_t c = 3; c < cells.size(); ++c) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(cells[c].c_str());
            }
        }
        ImGui::EndTable();
    }

    MapsState& state_;
    MapsUi& ui_;
    nlohmann::json rows_ = nlohmann::json::array();
    std::string stepLine_;  // the navmesh timeline's line, as drawn
    bool asRows_ = false;   // the routes' table drawn as lines of text: its columns were wider than the panel
};

}  // namespace

std::string mapsBytesText(std::size_t n) {
    char text[32];
    if (n >= 10u << 20) std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(n) / (1 << 20));
    else if (n >= 10u << 10) std::snprintf(text, sizeof text, "%.1f kB", static_cast<double>(n) / (1 << 10));
    else std::snprintf(text, sizeof text, "%zu B", n);
    return text;
}

MapsLengthCell mapsLengthCell(const MapsRoute& route, const MapsRowState& row) {
    using Kind = MapsLengthCell::Kind;
    if (row.refusedNeeding) return {Kind::Refused, fmt(Str::MapsRowRefused, mapsBytesText(*row.refusedNeeding).c_str())};
    if (row.building)
        return {Kind::Building, fmt(Str::MapsRowBuilding, static_cast<int>(row.building->first), static_cast<int>(row.building->second))};
    if (!route.found) return {Kind::NoPath, tr(Str::MapsNoPath)};
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", route.length);
    return {Kind::Length, text};
}

MapsRowState mapsRowState(const MapsState& state, MapsRow row) {
    MapsRowState out;
    if (row == MapsRow::Table && !state.table() && state.tableBytesNeeded() > MapsState::kTableBudgetBytes)
        out.refusedNeeding = state.tableBytesNeeded();
    if ((row == MapsRow::Funnel || row == MapsRow::Midpoints) && state.navmeshBuilding())
        out.building = std::pair{state.navmeshTilesDone(), state.navmeshTilesTotal()};
    return out;
}

std::unique_ptr<Panel> makeMapsPanel(MapsState& state, MapsUi& ui) { return std::make_unique<MapsPanel>(state, ui); }

}  // namespace aoilab::app
