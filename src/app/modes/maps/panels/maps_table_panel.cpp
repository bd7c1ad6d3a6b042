// The lookup table of the waypoint graph as two scrollable matrices (next hop, cost), drawn cell by
// cell only where the panel shows them (ImGui 1.86 tables stop at 64 columns), with the query's
// entry waypoint's row and exit waypoint's column lit; refused past the memory budget with the size
// it would need.
#include <imgui.h>

#include <cmath>

#include "app/app_context.h"
#include "app/modes/maps/maps_ui.h"
#include "app/strings.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

class MapsTablePanel final : public Panel {
public:
    MapsTablePanel(MapsState& state, MapsUi&) : Panel("maps_table", Str::MapsPanelTable), state_(state) {}
    bool visibleByDefault() const override { return false; }

    void draw(AppContext&) override {
        const LookupTable* table = state_.table();
        const Graph& g = state_.waypoints().graph;
        const int n = static_cast<int>(g.vertexCount());
        ImGui::PushTextWrapPos(0);
        if (!table) {
            ImGui::TextUnformatted(fmt(Str::MapsTableTooBig, n, std::to_string(state_.tableBytesNeeded()).c_str(),
                                       std::to_string(MapsState::kTableBudgetBytes).c_str()).c_str());
            ImGui::PopTextWrapPos();
            return;
        }
        ImGui::TextUnformatted(fmt(Str::MapsTableInfo, n, std::to_string(table->memoryBytes()).c_str()).c_str());
        ImGui::PopTextWrapPos();
        // The query's entry and exit waypoints: the second and the second-to-last points of the table path.
        const auto& points = state_.query().table.points;
        auto vertexAt = [&](Vec2 p) {
            for (VertexIndex v = 0; v < n; ++v)
                if (g.vertex(v).position.x == p.x && g.vertex(v).position.y == p.y) return v;
            return kNoVertex;
        };
        VertexIndex row = points.size() > 2 ? vertexAt(points[1]) : kNoVertex;
        VertexIndex column = points.size() > 2 ? vertexAt(points[points.size() - 2]) : kNoVertex;
        caption(Str::MapsTableNext);
        matrix("##next", *table, g, true, row, column);
        caption(Str::MapsTableCost);
        matrix("##cost", *table, g, false, row, column);
    }

    // Where each matrix drew its heads, from its own left and top edges (0 and 0 however it scrolled).
    nlohmann::json dump(const AppContext&) const override { return {{"next_hop", heads_[1]}, {"cost", heads_[0]}}; }

private:
    static void caption(Str text) {
        ImGui::PushTextWrapPos(0);
        textDisabledWrapped(tr(text));
        ImGui::PopTextWrapPos();
    }

    void matrix(const char* id, const LookupTable& table, const Graph& g, bool next, VertexIndex litRow, VertexIndex litColumn) {
        const int n = static_cast<int>(g.vertexCount());
        float em = ImGui::GetFontSize();
        const float cellW = em * 3.2f, cellH = ImGui::GetTextLineHeightWithSpacing(), head = cellW;
        ImVec2 size(ImGui::GetContentRegionAvail().x, std::max(em * 6, ImGui::GetContentRegionAvail().y / 2 - em));
        ImGui::BeginChild(id, size, true, ImGuiWindowFlags_HorizontalScrollbar);
        // Scroll to the lit row and column the first time they change.
        if (litRow != lastRow_[next] || litColumn != lastColumn_[next]) {
            if (litRow != kNoVertex) ImGui::SetScrollY(std::max(0.0f, cellH * static_cast<float>(litRow) - size.y / 3));
            if (litColumn != kNoVertex) ImGui::SetScrollX(std::max(0.0f, cellW * static_cast<float>(litColumn) - size.x / 3));
            lastRow_[next] = litRow;
            lastColumn_[next] = litColumn;
        }
        ImVec2 origin = ImGui::GetCursorScreenPos();
        ImGui::Dummy(ImVec2(head + cellW * static_cast<float>(n), cellH * static_cast<float>(n + 1)));
        ImDrawList* draw = ImGui::GetWindowDrawList();
        ImVec2 clipMin = ImGui::GetWindowPos(), clipMax(clipMin.x + ImGui::GetWindowWidth(), clipMin.y + ImGui::GetWindowHeight());
        int c0 = std::max(0, static_cast<int>((clipMin.x - origin.x - head) / cellW)), c1 = std::min(n, static_cast<int>((clipMax.x - origin.x - head) / cellW) + 1);
        int r0 = std::max(0, static_cast<int>((clipMin.y - origin.y - cellH) / cellH)), r1 = std::min(n, static_cast<int>((clipMax.y - origin.y - cellH) / cellH) + 1);
        const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), lit = IM_COL32(240, 228, 66, 60);
        for (int r = r0; r < r1; ++r) {
            float y = origin.y + cellH * static_cast<float>(r + 1);
            if (r == litRow) draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + head + cellW * static_cast<float>(n), y + cellH), lit);
            for (int c = c0; c < c1; ++c) {
                float x = origin.x + head + cellW * static_cast<float>(c);
                if (c == litColumn) draw->AddRectFilled(ImVec2(x, y), ImVec2(x + cellW, y + cellH), lit);
                char text[32];
                if (next) {
                    VertexIndex hop = table.nextHop(r, c);
                    std::snprintf(text, sizeof text, "%s", hop == kNoVertex ? "-" : g.vertex(hop).id.c_str());
                } else {
                    double cost = table.cost(r, c);
                    if (std::isfinite(cost)) std::snprintf(text, sizeof text, "%.1f", cost);
                    else std::snprintf(text, sizeof text, "%s", tr(Str::WordInfinity));
                }
                draw->AddText(ImVec2(x + 2, y), ink, text);
            }
        }
        // The heads stay in view over the cells when the matrix scrolls (it scrolls to the lit row and
        // column): the row names at the left edge, the column names at the top, each on a backing.
        const ImU32 backing = ImGui::GetColorU32(ImGuiCol_WindowBg);
        const ImVec2 inner = draw->GetClipRectMin();  // inside the child's border and padding
        const float rowsX = std::max(origin.x, inner.x), headsY = std::max(origin.y, inner.y);
        draw->AddRectFilled(ImVec2(rowsX, clipMin.y), ImVec2(rowsX + head, clipMax.y), backing);
        for (int r = r0; r < r1; ++r) {
            float y = origin.y + cellH * static_cast<float>(r + 1);
            if (r == litRow) draw->AddRectFilled(ImVec2(rowsX, y), ImVec2(rowsX + head, y + cellH), lit);
            draw->AddText(ImVec2(rowsX + 2, y), dim, g.vertex(r).id.c_str());
        }
        draw->AddRectFilled(ImVec2(clipMin.x, headsY), ImVec2(clipMax.x, headsY + cellH), backing);
        for (int c = c0; c < c1; ++c) {  // the column heads
            float x = origin.x + head + cellW * static_cast<float>(c);
            if (c == litColumn) draw->AddRectFilled(ImVec2(x, headsY), ImVec2(x + cellW, headsY + cellH), lit);
            draw->AddText(ImVec2(x + 2, headsY), dim, g.vertex(c).id.c_str());
        }
        draw->AddRectFilled(ImVec2(rowsX, headsY), ImVec2(rowsX + head, headsY + cellH), backing);  // the corner
        heads_[next] = {{"row_names_x", rowsX - inner.x}, {"column_names_y", headsY - inner.y},
                        {"scroll", {ImGui::GetScrollX(), ImGui::GetScrollY()}}};
        ImGui::EndChild();
    }

    MapsState& state_;
    nlohmann::json heads_[2];  // per matrix (cost, next hop): where its heads were drawn, for the dump
    VertexIndex lastRow_[2] = {kNoVertex - 1, kNoVertex - 1};
    VertexIndex lastColumn_[2] = {kNoVertex - 1, kNoVertex - 1};
};

}  // namespace

std::unique_ptr<Panel> makeMapsTablePanel(MapsState& state, MapsUi& ui) { return std::make_unique<MapsTablePanel>(state, ui); }

}  // namespace aoilab::app
