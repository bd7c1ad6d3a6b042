// The lookup tables of the whole graph (LookupTable: one Dijkstra per vertex): next hop and cost as
// scrollable matrices with the role's row and the target's column lit, their memory and build time,
// and the path to the target read from the table hop by hop. Graphs whose tables would not fit the
// budget are refused with the size they would need.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/app_context.h"
#include "app/modes/graph/graph_ui.h"
#include "app/strings.h"
#include "app/table_rows.h"
#include "app/text_wrap.h"
#include "path/lookup_table.h"

namespace aoilab::app {
namespace {

constexpr std::size_t kShownVertices = 60;  // matrices wider than this scroll (and are capped for drawing)

class GraphTablePanel final : public Panel {
public:
    GraphTablePanel(GraphState& state, GraphView&) : Panel("graph_table", Str::GraphPanelTable), state_(state) {}
    bool visibleByDefault() const override { return false; }

    void draw(AppContext&) override {
        const Graph& g = state_.graph();
        if (builtRevision_ != state_.graphRevision()) rebuild();
        const std::size_t n = g.vertexCount();
        if (!table_) {
            std::size_t bytes = n * n * (sizeof(std::int32_t) + sizeof(double));
            ImGui::PushTextWrapPos(0);
            ImGui::TextUnformatted(fmt(Str::GraphTableTooBig, std::to_string(bytes).c_str(), static_cast<int>(n),
                                       std::to_string(LookupTable::kMaxVertices * LookupTable::kMaxVertices * 12).c_str()).c_str());
            ImGui::PopTextWrapPos();
            return;
        }
        ImGui::PushTextWrapPos(0);  // the lines above the tables wrap at the tile's edge (a large font)
        ImGui::TextUnformatted(fmt(Str::GraphTableMemory, static_cast<int>(n), std::to_string(table_->memoryBytes()).c_str(),
                                   table_->buildSeconds() * 1000).c_str());
        VertexIndex s = g.indexOf(state_.source()), t = g.indexOf(state_.target());
        std::string read;
        if (s != kNoVertex && t != kNoVertex)
            for (VertexIndex v : table_->path(s, t)) read += (read.empty() ? "" : " -> ") + g.vertex(v).id;
        ImGui::TextUnformatted(fmt(Str::GraphTablePath, read.empty() ? "-" : read.c_str()).c_str());
        ImGui::PopTextWrapPos();
        readPath_ = read;
        matrix(Str::GraphTableNext, true, s, t);
        matrix(Str::GraphTableCost, false, s, t);
    }

    nlohmann::json dump(const AppContext&) const override {
        return {{"built", table_ != nullptr}, {"bytes", table_ ? table_->memoryBytes() : 0}, {"path_read", readPath_},
                {"matrices_as_rows", nextAsRows_ || costAsRows_}};
    }

private:
    void rebuild() {
        builtRevision_ = state_.graphRevision();
        table_.reset();
        if (state_.graph().vertexCount() > LookupTable::kMaxVertices) return;
        table_ = std::make_unique<LookupTable>(LookupTable::build(state_.graph()));
    }

    void matrix(Str title, bool nextHop, VertexIndex row, VertexIndex column) {
        const Graph& g = state_.graph();
        const int n = static_cast<int>(std::min(g.vertexCount(), kShownVertices));
        textDisabledWrapped(tr(title));
        float em = ImGui::GetFontSize();
        std::vector<std::string> headers{""};
        for (int c = 0; c < n; ++c) headers.push_back(g.vertex(c).id);
        TableText text(headers);
        for (int r = 0; r < n; ++r) {
            std::vector<std::string> cells{g.vertex(r).id};
            for (int c = 0; c < n; ++c) {
                if (nextHop) {
                    VertexIndex hop = table_->nextHop(r, c);
                    cells.push_back(hop == kNoVertex ? "-" : g.vertex(hop).id);
                } else {
                    double cost = table_->cost(r, c);
                    char number[32];
                    std::snprintf(number, sizeof number, "%.4g", cost);
                    cells.push_back(std::isfinite(cost) ? number : tr(Str::WordInfinity));
                }
            }
            text.addRow(std::move(cells));
        }
        const float height = std::min(em * 10, ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(n + 2));
        const ImU32 lit = IM_COL32(240, 228, 66, 70);
        // Wider than the panel (more than a few vertices, a large font): a line a row, the role's row lit.
        const bool asRows = !text.fits(ImGui::GetStyle().ScrollbarSize);
        (nextHop ? nextAsRows_ : costAsRows_) = asRows;
        if (asRows) {
            if (ImGui::BeginChild(nextHop ? "##next_rows" : "##cost_rows", ImVec2(0, height), true)) {
                ImGui::PushTextWrapPos(0);
                for (int r = 0; r < n; ++r) {
                    if (r == row) ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(240, 228, 66, 255));
                    textWrappedCjk(rowLine(text.headers(), text.rows()[static_cast<std::size_t>(r)]));
                    if (r == row) ImGui::PopStyleColor();
                }
                ImGui::PopTextWrapPos();
            }
            ImGui::EndChild();
            return;
        }
        if (!ImGui::BeginTable(nextHop ? "##next" : "##cost", n + 1, ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit,
                               ImVec2(0, height)))
            return;
        ImGui::TableSetupScrollFreeze(1, 1);
        for (const std::string& header : headers) ImGui::TableSetupColumn(header.c_str());
        ImGui::TableHeadersRow();
        for (int r = 0; r < n; ++r) {
            ImGui::TableNextRow();
            if (r == row) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, lit);
            const std::vector<std::string>& cells = text.rows()[static_cast<std::size_t>(r)];
            for (int c = 0; c <= n; ++c) {
                ImGui::TableNextColumn();
                if (c - 1 == column) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit);
                ImGui::TextUnformatted(cells[static_cast<std::size_t>(c)].c_str());
            }
        }
        ImGui::EndTable();
    }

    GraphState& state_;
    std::unique_ptr<LookupTable> table_;
    std::uint64_t builtRevision_ = 0;
    std::string readPath_;
    bool nextAsRows_ = false, costAsRows_ = false;  // a matrix drawn as a line a row: its columns were wider than the panel
};

}  // namespace

std::unique_ptr<Panel> makeGraphTablePanel(GraphState& state, GraphView& view) {
    return std::make_unique<GraphTablePanel>(state, view);
}

}  // namespace aoilab::app
