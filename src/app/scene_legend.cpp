// SceneView's legend: what the colours on the canvas mean (the selected entity's relations and ring,
// a scenario's own entity colours), laid out in the canvas corner that hides least and drawn last.
#include <algorithm>

#include "app/scene_view.h"
#include "app/strings.h"
#include "app/theme.h"

namespace aoilab::app {

void SceneView::layoutLegend(bool selected, const std::vector<ImU32>& scenarioColours, const std::vector<ImVec2>& keepClear) {
    legend_ = Legend{};
    if (selected) {  // the three relations in the first column, the ring beside them
        legend_.rows.push_back({{theme::kInView}, false, tr(Str::SceneInView)});
        legend_.rows.push_back({{theme::kWatches}, false, tr(Str::SceneWatches)});
        legend_.rows.push_back({{theme::kMutual}, false, tr(Str::SceneBoth)});
        legend_.rows.push_back({{theme::kSelected}, true, tr(Str::SceneSelected)});
    }
    if (!scenarioColours.empty()) legend_.rows.push_back({scenarioColours, false, tr(Str::SceneScenarioColour)});
    if (legend_.rows.empty()) return;
    // Columns of at most four rows (the relations and the ring): two columns of three were wider and
    // hid more of a small canvas. Where every corner of those hides the selected entity, one tall column
    // is tried too and taken where it hides less: at font scale 2 on 1280 x 720 two columns were nearly
    // as wide as the canvas.
    const float em = ImGui::GetFontSize(), line = em * 1.25f, swatch = em * 0.8f;
    const float inset = em * 0.5f, bottom = max_.y - std::max(inset, bottomReserved_ + em * 0.2f);
    auto hides = [&](const LabelPlacer::Box& r) {
        auto inside = [&](ImVec2 p) { return p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY; };
        std::size_t dots = 0;
        for (const VisibleDot& d : visibleDots_) dots += inside(d.center);
        // The axis numbers (drawn over the legend) after the top strip: covering one counts more than
        // any number of dots, hiding the selected entity more still.
        bool coversNumber = false;
        for (std::size_t i = 1; i < ticks_.boxes.size(); ++i) {
            const LabelPlacer::Box& n = ticks_.boxes[i];
            coversNumber = coversNumber || (n.minX < r.maxX && r.minX < n.maxX && n.minY < r.maxY && r.minY < n.maxY);
        }
        // The entities to keep clear (the selected one, an exercise's question) count most: the legend
        // hid f, an entity of the answer, at 1280 x 720 in Chinese.
        std::size_t covered = 0;
        for (ImVec2 p : keepClear) covered += inside(p);
        return (2 * covered + coversNumber) * (visibleDots_.size() + 1) + dots;
    };
    std::size_t best = 0;
    bool laidOut = false;
    for (const std::size_t perColumn : {kLegendRowsPerColumn, legend_.rows.size()}) {
        if (laidOut && perColumn <= kLegendRowsPerColumn) break;  // one column of at most four: the same
        const bool hidesSelected = best >= 2 * (visibleDots_.size() + 1);  // (or another entity to keep clear)
        if (laidOut && !hidesSelected) break;  // (taken on fewer dots alone, it hid the convoy's trucks)
        const std::size_t columns = (legend_.rows.size() + perColumn - 1) / perColumn;
        std::vector<float> columnWidth(columns, 0);
        for (std::size_t i = 0; i < legend_.rows.size(); ++i) {
            const LegendRow& row = legend_.rows[i];
            const float width = swatch * static_cast<float>(row.colours.size()) + em * 0.4f + ImGui::CalcTextSize(row.text.c_str()).x;
            columnWidth[i / perColumn] = std::max(columnWidth[i / perColumn], width);
        }
        const std::size_t rows = std::min(perColumn, legend_.rows.size());
        float width = em * 0.4f;
        for (float w : columnWidth) width += w + em * 0.8f;
        const float height = line * static_cast<float>(rows) + em * 0.4f;
        if (laidOut && height > bottom - (min_.y + axisStripHeight() + inset)) break;  // taller than the canvas
        width = std::min(width, max_.x - min_.x - em);
        // The corner that hides least: the bottom left (kept free of the axis numbers), else the bottom
        // or top right, whichever covers fewer dots; never over the selected entity when a corner is
        // clear of it (at font scale 2 the convoy's selected entity sat under the legend).
        const LabelPlacer::Box corners[] = {
            {min_.x + inset, bottom - height, min_.x + inset + width, bottom},
            {max_.x - inset - width, bottom - height, max_.x - inset, bottom},
            {max_.x - inset - width, min_.y + axisStripHeight() + inset, max_.x - inset, min_.y + axisStripHeight() + inset + height}};
        for (const LabelPlacer::Box& corner : corners)
            if (const std::size_t h = hides(corner); !laidOut || h < best) {
                best = h;
                laidOut = true;
                legend_.rect = corner;
                legend_.columnWidths = columnWidth;
                legend_.rowsPerColumn = perColumn;
            }
    }
}

void SceneView::drawLegend() const {
    if (legend_.rows.empty()) return;
    const float em = ImGui::GetFontSize(), line = em * 1.25f, swatch = em * 0.8f;
    const std::size_t perColumn = legend_.rowsPerColumn, columns = legend_.columnWidths.size();
    const ImVec2 a(legend_.rect.minX, legend_.rect.minY), b(legend_.rect.maxX, legend_.rect.maxY);
    drawList_->AddRectFilled(a, b, theme::kAxisBacking, em * 0.2f);
    float x = a.x + em * 0.4f;
    for (std::size_t c = 0; c < columns; ++c) {
        for (std::size_t i = c * perColumn; i < std::min(legend_.rows.size(), (c + 1) * perColumn); ++i) {
            const LegendRow& row = legend_.rows[i];
            const ImVec2 p(x, a.y + em * 0.2f + line * static_cast<float>(i - c * perColumn));
            for (std::size_t k = 0; k < row.colours.size(); ++k) {
                const ImVec2 centre(p.x + swatch * (static_cast<float>(k) + 0.5f), p.y + em * 0.55f);
                if (row.ring) drawList_->AddCircle(centre, em * 0.3f, row.colours[k], 16, 2.5f);
                else drawList_->AddCircleFilled(centre, em * 0.35f, row.colours[k], 16);
            }
            drawList_->AddText(ImVec2(p.x + swatch * static_cast<float>(row.colours.size()) + em * 0.4f, p.y), theme::kAxisText,
                               row.text.c_str());
        }
        x += legend_.columnWidths[c] + em * 0.8f;
    }
}

}  // namespace aoilab::app
