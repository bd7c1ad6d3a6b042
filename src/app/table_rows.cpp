#include "app/table_rows.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "app/text_wrap.h"

namespace aoilab::app {

TableText::TableText(std::vector<std::string> headers, std::vector<float> extra) : headers_(std::move(headers)), extra_(std::move(extra)) {
    extra_.resize(headers_.size(), 0.0f);
}

void TableText::addRow(std::vector<std::string> cells) {
    cells.resize(headers_.size());
    rows_.push_back(std::move(cells));
}

float TableText::widthNeeded() const {
    const ImGuiStyle& style = ImGui::GetStyle();
    float needed = 0;
    for (std::size_t c = 0; c < headers_.size(); ++c) {
        float widest = ImGui::CalcTextSize(headers_[c].c_str(), nullptr, true).x;
        for (const auto& row : rows_) widest = std::max(widest, ImGui::CalcTextSize(row[c].c_str()).x + extra_[c]);
        needed += std::ceil(widest) + 2 * style.CellPadding.x + 1;
    }
    return needed;
}

bool TableText::fits(float reserved) const { return widthNeeded() <= ImGui::GetContentRegionAvail().x - reserved; }

std::string rowLine(const std::vector<std::string>& headers, const std::vector<std::string>& cells, std::size_t from) {
    std::string line;
    for (std::size_t c = from; c < cells.size(); ++c) {
        if (cells[c].empty()) continue;
        const std::string& header = c < headers.size() ? headers[c] : std::string();
        if (c == from) {
            line = cells[c] + ":";  // the row's name
            continue;
        }
        if (!line.empty()) line += line.back() == ':' ? "  " : " · ";
        line += header.empty() ? cells[c] : header + " " + cells[c];
    }
    return line;
}

void drawTableAsRows(const TableText& table) {
    for (const auto& row : table.rows()) textWrappedCjk(rowLine(table.headers(), row));
}

}  // namespace aoilab::app
