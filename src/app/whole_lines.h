#pragma once
// Text is never cut mid-line (issue 37): what a scrolled area shows holds whole text lines only. ImGui
// clips a window at its edges, whatever lies there, so the line at the bottom of a panel (or at the top,
// scrolled) could show only part of its height. After a panel has drawn, its text lines are found from
// the glyphs in the draw lists (its own and those of the windows inside it), and each clip edge that
// cuts one is moved back to that line's edge: the cut line is not drawn at all, the space stays blank.
struct ImGuiWindow;

namespace aoilab::app {

// Where `window`'s drawing of a panel begins: pass it to clipToWholeLines once it has drawn.
struct DrawMark {
    int command = 0;  // the index of the draw command being filled
    int index = 0;    // the number of indices (three a triangle) its draw list held
};
DrawMark drawMarkOf(const ImGuiWindow* window);

// Moves the clip edges of what `window` drew since `from`, and of everything windows inside it drew,
// so no text line shows in part. Returns, measured after the move, the most pixels of a text line that
// its clip cuts off above or below, of a line that shows in part (--dump-ui partial_line_px): 0 when
// every line shown is whole (cuts up to half a pixel are rounding).
float clipToWholeLines(ImGuiWindow* window, DrawMark from);

}  // namespace aoilab::app
