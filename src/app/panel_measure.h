#pragma once
// What a panel drew, measured from ImGui's own records, for --dump-ui: how far the widest text of any of
// its tables ran past its column (a table clips each cell to its column, so the tile's overflow_px never
// sees it), and the text of its items (to check that a panel drawn in Chinese left no English behind).
#include <string>

struct ImGuiWindow;

namespace aoilab::app {

// The most pixels any header or cell text of a table drawn this frame in `window` (or a window inside
// it) needed beyond its column's right edge; 0 when every text fits its column.
float tablesClippedPx(const ImGuiWindow* window);

// How many columns of the tables drawn this frame (in view: a table scrolled out of it is left out) in `window` (or a window inside it) do not show their
// text whole: cut by the column's edge (more than a pixel), or lying partly or wholly outside the
// table's visible width (a table scrolled sideways). 0 when every table shows all its text.
int tablesCutColumns(const ImGuiWindow* window);

// Captures the text of the items drawn between begin() and end() (ImGui's log: labels, text, buttons,
// combo previews, table headers; not what a panel paints on its own draw list).
class DrawnTextCapture {
public:
    void begin();
    std::string end();

private:
    bool active_ = false;
};

}  // namespace aoilab::app
