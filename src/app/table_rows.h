#pragma once
// A table that does not fit the width it is drawn in changes to rows: one wrapped line of text a row
// (a class cannot read a table whose cells are cut, or one it must scroll sideways; the presentation
// layout at font scale 2, a small window). Each table collects its header and cell texts here, asks
// fits(), and either draws its ImGui table or a line a row (rowLine). The panels say which in their
// dump (`..._as_rows`, docs/UI.md).
#include <string>
#include <vector>

namespace aoilab::app {

class TableText {
public:
    // `headers`: the columns' header texts ("" for a column without one). `extra`: pixels a column needs
    // beside its text (a checkbox), one per column or none.
    explicit TableText(std::vector<std::string> headers, std::vector<float> extra = {});

    void addRow(std::vector<std::string> cells);

    // The width a table with fixed-fit columns needs to show every header and cell whole: each column
    // as wide as its widest text, with the cell padding on both sides and a pixel of border.
    float widthNeeded() const;
    // Whether that fits the width left on the current line (ImGui's content region), less `reserved`
    // pixels (a table that scrolls down keeps its scrollbar's width).
    bool fits(float reserved = 0) const;

    const std::vector<std::string>& headers() const { return headers_; }
    const std::vector<std::vector<std::string>>& rows() const { return rows_; }

private:
    std::vector<std::string> headers_;
    std::vector<float> extra_;
    std::vector<std::vector<std::string>> rows_;
};

// A row as one line: "name: header value · header value ...", its name the cell of column `from`
// (the cells before it are the caller's: a checkbox). Empty cells and their headers are left out.
std::string rowLine(const std::vector<std::string>& headers, const std::vector<std::string>& cells, std::size_t from = 0);

// Draws every row of `table` as its rowLine, wrapped at the panel's edge.
void drawTableAsRows(const TableText& table);

}  // namespace aoilab::app
