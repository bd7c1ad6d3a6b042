// The lookup tables of the whole graph (LookupTable: one Dijkstra per vertex): next hop and cost as
// scrollable matrices with the role's row and the target's column lit, their memory and build time,
// and the path to the target read from the table hop by hop. Graphs whose tables would not fit the
// budget are refused with the size they would need.
#include <imgui.h>

#include <cmath>
#include <memory>

#include "app/app_context.h"
#include "app/modes/graph/graph_ui.h"
#include "app/strings.h"
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
        return {{"built", table_ != nullptr}, {"bytes", table_ ? table_->memoryBytes() : 0}, {"path_read", readPath_}};
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
        if (!ImGui::BeginTable(nextHop ? "##next" : "##cost", n + 1,
                               ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit,
                               ImVec2(0, std::min(em * 10, ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(n + 2)))))
            return;
        ImGui::TableSetupScrollFreeze(1, 1);
        ImGui::TableSetupColumn("");
        for (int c = 0; c < n; ++c) ImGui::TableSetupColumn(g.vertex(c).id.c_str());
        ImGui::TableHeadersRow();
        const ImU32 lit = IM_COL32(240, 228, 66, 70);
        for (int r = 0; r < n; ++r) {
            ImGui::TableNextRow();
            if (r == row) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, lit);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(g.vertex(r).id.c_str());
            for (int c = 0; c < n; ++c) {
                ImGui::TableNextColumn();
                if (c == column) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit);
                if (nextHop) {
                    VertexIndex hop = table_->nextHop(r, c);
                    ImGui::TextUnformatted(hop == kNoVertex ? "-" : g.vertex(hop).id.c_str());
                } else {
                    double cost = table_->cost(r, c);
                    if (std::isfinite(cost)) ImGui::Text("%.4g", cost);
                    else ImGui::TextUnformatted(tr(Str::WordInfinity));
                }
            }
        }
        ImGui::EndTable();
    }

    GraphState& state_;
    std::unique_ptr<LookupTable> table_;
    std::uint64_t builtRevision_ = 0;
    std::string readPath_;
};

}  // namespace

std::unique_ptr<Panel> makeGraphTablePanel(GraphState& state, GraphView& view) {
    return std::make_unique<GraphTablePanel>(state, view);
}

}  // namespace aoilab::app
