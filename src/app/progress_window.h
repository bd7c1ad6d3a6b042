#pragma once
// The modal window of long work (opening a large file, rebuilding the AOI methods of a large world):
// what is being done, a bar with the percentage and the seconds so far, a note, and Cancel (Esc). One
// width whatever the numbers (the note's), kept within the window at any size and font scale: the lines
// wrap to it. Modal, so the canvas and the panels take no input meanwhile.
#include <array>
#include <string>

namespace aoilab::app {

struct ProgressWindowText {
    std::string title;  // the window's title (its ImGui id is the `id` given to drawProgressWindow)
    std::string what;   // "Building every AOI method: 36,864 of 300,000 entities"
    float fraction = 0; // 0..1 for the bar
    double seconds = 0;
    std::string note;   // what Cancel keeps
    bool cancellable = true;  // false: no Cancel button, Esc does nothing (the note says why)
};

// Call every frame with `shown` while the work runs (and once more after, to close it). Returns true
// when the user asked to cancel this frame; `rect` gets the window's [x0, y0, x1, y1] (for --dump-ui).
bool drawProgressWindow(const char* id, bool shown, const ProgressWindowText& text, std::array<float, 4>& rect);

// 1000000 -> "1,000,000": counts in progress lines.
std::string groupedCount(std::size_t n);

}  // namespace aoilab::app
