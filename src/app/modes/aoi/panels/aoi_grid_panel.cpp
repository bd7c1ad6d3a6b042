// The grid method: its cells over the scene (with their entity counts when they are big enough to
// read in the panel's table), the cells the last operation scanned (a move: entered green, left vermillion, kept sky blue;
// otherwise scanned orange), the standard radius around the selected entity, and a table of counts.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "aoi/grid.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/modes/aoi/panels/aoi_heat.h"
#include "app/modes/aoi/panels/aoi_structure_overlay.h"
#include "app/scene_view.h"
#include "app/theme.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

// A count matrix while it has at most 160 x 160 cells and each is at least 2 pixels wide in the tile
// (a 10,000-entity crowd's 134 x 134 grid is a heat map); beyond, a list of the occupied cells.
constexpr int kMatrixCells = 160 * 160;

ImU32 classColour(GridCellClass c) {
    switch (c) {
        case GridCellClass::Entered: return theme::kEnter;
        case GridCellClass::Left: return theme::kLeave;
        case GridCellClass::Kept: return theme::kMove;
        case GridCellClass::Scanned: return theme::kVisited;
    }
    return theme::kVisited;
}

Str className(GridCellClass c) {
    switch (c) {
        case GridCellClass::Entered: return Str::GridEntered;
        case GridCellClass::Left: return Str::GridLeft;
        case GridCellClass::Kept: return Str::GridKept;
        case GridCellClass::Scanned: return Str::GridScanned;
    }
    return Str::GridScanned;
}

class AoiGridPanel final : public AoiPanel {
public:
    explicit AoiGridPanel(AoiState& state) : AoiPanel("grid", Str::PanelGrid, state) {}
    bool visibleByDefault() const override { return false; }

    void drawOverlay(AppContext& ctx, SceneView& view) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const GridAoi* grid = refresh(state, ctx.selected);
        StructureOverlay& overlay = StructureOverlay::of(state);
        if (!grid || !overlay.offer(id())) return;
        const AoiConfig& config = state.session().config();
        const double size = grid->cellSize();
        auto cellRect = [&](int column, int row) {
            return Rect{column * size, row * size, std::min((column + 1) * size, config.worldWidth),
                        std::min((row + 1) * size, config.worldHeight)};
        };
        // Scanned cells first, so the lines stay visible over them.
        for (const auto& [cell, cellClass] : classes_) {
            Rect r = cellRect(cell.first, cell.second);
            view.rectFilled(r, withAlpha(classColour(cellClass), 70));
            view.rectOutline(r, withAlpha(classColour(cellClass), 220), 0.12f);
        }
        view.gridLines({0, 0, config.worldWidth, config.worldHeight}, size, grid->columns(), grid->rows(), IM_COL32(255, 255, 255, 60));
        // The standard radius around the selected entity (its own radius is the scene's yellow outline).
        if (ctx.selected)
            if (const Entity* e = ctx.world().find(*ctx.selected)) {
                double r = grid->standardRadius();
                ImU32 white = IM_COL32(255, 255, 255, 190);
                if (config.shape == ViewShape::Circle) view.circleOutline({e->x, e->y}, r, white, 0.09f);
                else view.rectOutline({e->x - r, e->y - r, e->x + r, e->y + r}, white, 0.09f);
                view.label({e->x - r, e->y + r}, fmt(Str::GridStandardLabel, r).c_str(), white, false);
            }
        overlay.drawn(id(), Str::PanelGrid, view, state);
    }

    void draw(AppContext& ctx) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const GridAoi* grid = refresh(state, ctx.selected);
        if (!grid) return;
        // The drawing first, so a short tile still shows it; the words scroll under it.
        ImGui::TextDisabled("%s", tr(Str::GridCounts));
        matrix_ = static_cast<long long>(grid->columns()) * grid->rows() <= kMatrixCells &&
                  grid->columns() * 2.0f <= ImGui::GetContentRegionAvail().x - 2;
        if (matrix_) drawMatrix(ctx, *grid);
        else drawList();
        StructureOverlay::of(state).chooser(id());
        textWrappedCjk(fmt(Str::GridSummary, grid->cellSize(), grid->columns(), grid->rows(), grid->standardRadius(),
                           static_cast<int>(occupied_.size())));
        if (state.focusName() != "grid") explanationBlock(state, state.session().methodIndex("grid"));
        colourLegend();

        nlohmann::json scanned = nlohmann::json::array(), cells = nlohmann::json::array();
        for (const auto& [cell, cellClass] : classes_)
            scanned.push_back({cell.first, cell.second, toString(cellClass)});
        for (const GridCellCount& c : occupied_) cells.push_back({c.column, c.row, c.count});
        state.drawn["grid"] = {{"cell_size", grid->cellSize()}, {"columns", grid->columns()}, {"rows", grid->rows()},
                               {"standard_radius", grid->standardRadius()}, {"scanned", scanned}, {"occupied", cells},
                               {"drawn_as", matrix_ ? "matrix" : "list"}};
    }

private:
    // The cells to light: the last operation's (entered / left / kept during a move) when it was the
    // selected entity's or nothing is selected; otherwise the cells the selected entity's scan covers.
    const GridAoi* refresh(const AoiState& state, std::optional<EntityId> selected) {
        const auto* grid = dynamic_cast<const GridAoi*>(state.session().system("grid"));
        if (!grid || (state.serial() == cachedSerial_ && selected == cachedSelection_)) return grid;
        cachedSerial_ = state.serial();
        cachedSelection_ = selected;
        grid->occupiedCells(occupied_);
        std::vector<GridScannedCell> scanned;
        bool lastWasSelected = state.last() && selected && state.last()->operation.entity.id == *selected;
        if (selected && !lastWasSelected) grid->scanCellsFor(*selected, scanned);
        else grid->lastScannedCells(scanned);
        classes_.clear();
        for (const GridScannedCell& cell : scanned) classes_.emplace(std::make_pair(cell.column, cell.row), cell.cellClass);
        return grid;
    }

    void drawMatrix(AppContext&, const GridAoi& grid) {
        float em = ImGui::GetFontSize();
        // As big as the tile allows (width, and height less a line for the chooser), at most 1.6 em a cell.
        float tall = std::max(em * 3, ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 2);
        float side = std::max(2.0f, std::min({em * 1.6f, (ImGui::GetContentRegionAvail().x - 2) / std::max(1, grid.columns()),
                                              tall / std::max(1, grid.rows())}));
        ImVec2 origin = ImGui::GetCursorScreenPos();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const float gap = side >= 4 ? 1.0f : 0.0f;  // tiny cells touch, or the gaps would hide their colours
        // Entities per cell, row by row (the matrix has at most kMatrixCells cells).
        std::vector<int> counts(static_cast<std::size_t>(grid.columns()) * static_cast<std::size_t>(grid.rows()), 0);
        int most = 1;
        for (const GridCellCount& c : occupied_) {
            counts[static_cast<std::size_t>(c.row) * static_cast<std::size_t>(grid.columns()) + static_cast<std::size_t>(c.column)] = c.count;
            most = std::max(most, c.count);
        }
        ImVec2 mouse = ImGui::GetIO().MousePos;
        for (int r = 0; r < grid.rows(); ++r) {
            for (int c = 0; c < grid.columns(); ++c) {
                ImVec2 a(origin.x + c * side, origin.y + r * side), b(a.x + side - gap, a.y + side - gap);
                auto cls = classes_.find({c, r});
                int n = counts[static_cast<std::size_t>(r) * static_cast<std::size_t>(grid.columns()) + static_cast<std::size_t>(c)];
                // Scanned cells in their class's colour; the others on the entity-count scale.
                ImU32 fill = cls != classes_.end() ? withAlpha(classColour(cls->second), 170)
                             : n > 0              ? heatColour(static_cast<float>(n) / static_cast<float>(most))
                                                  : ImGui::GetColorU32(ImGuiCol_FrameBg);
                draw->AddRectFilled(a, b, fill);
                if (n > 0 && side >= em) {
                    char text[16];
                    std::snprintf(text, sizeof text, "%d", n);
                    draw->AddText(ImVec2(a.x + 2, a.y + (side - em) / 2), ImGui::GetColorU32(ImGuiCol_Text), text);
                }
                if (ImGui::IsWindowHovered() && mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y) {
                    ImGui::BeginTooltip();
                    ImGui::Text(tr(Str::TipGridCell), c, r, n);
                    if (cls != classes_.end()) ImGui::TextUnformatted(tr(className(cls->second)));
                    ImGui::EndTooltip();
                }
            }
        }
        ImGui::Dummy(ImVec2(side * grid.columns(), side * grid.rows()));
        heatScale(most, tr(Str::GridHeatLegend));
    }

    void drawList() {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        textWrappedCjk(tr(Str::GridTooMany));
        ImGui::PopStyleColor();
        float height = ImGui::GetTextLineHeightWithSpacing() * 10;
        if (!ImGui::BeginTable("##grid_cells", 3, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV,
                               ImVec2(0, height)))
            return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn(tr(Str::GridCellColumn));
        ImGui::TableSetupColumn(tr(Str::GridCountColumn));
        ImGui::TableSetupColumn(tr(Str::GridClassColumn));
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(occupied_.size()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const GridCellCount& c = occupied_[static_cast<std::size_t>(i)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("(%d, %d)", c.column, c.row);
                ImGui::TableNextColumn();
                ImGui::Text("%d", c.count);
                ImGui::TableNextColumn();
                auto cls = classes_.find({c.column, c.row});
                if (cls != classes_.end()) colouredText(classColour(cls->second), tr(className(cls->second)));
            }
        }
        ImGui::EndTable();
    }

    bool matrix_ = true;  // drawn as a matrix, else as a list (dump "drawn_as")
    std::optional<EntityId> cachedSelection_;
    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::vector<GridCellCount> occupied_;
    std::map<std::pair<int, int>, GridCellClass> classes_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiGridPanel(AoiState& state) { return std::make_unique<AoiGridPanel>(state); }

}  // namespace aoilab::app
