#pragma once
// Helpers every AOI panel shares: the synced AOI state, tooltips, the colour legend, and the
// explanation block. ImGui only (no GL).
#include <chrono>
#include <string>

#include <imgui.h>

#include "app/modes/aoi/aoi_state.h"
#include "app/app_context.h"
#include "app/panels/panel.h"
#include "app/strings.h"

namespace aoilab::app {

// Adds the time from construction to destruction to the AOI side's CPU time (AoiState::cpuNanoseconds).
class AoiCpuTimer {
public:
    explicit AoiCpuTimer(AoiState& state);
    ~AoiCpuTimer();
    AoiCpuTimer(const AoiCpuTimer&) = delete;
    AoiCpuTimer& operator=(const AoiCpuTimer&) = delete;

private:
    AoiState& state_;
    std::chrono::steady_clock::time_point start_;
};

// An AOI panel: owned by the AOI mode, reads the mode's AoiState (synced once per frame by the mode).
class AoiPanel : public Panel {
public:
    AoiPanel(const char* id, Str title, AoiState& state) : Panel(id, title), state_(state) {}

protected:
    AoiState& state_;
};

// A thin horizontal rule. ImGui::Separator() would also move the side column's legacy Columns line,
// pushing the next column's panels down, so panels use this instead.
void thinRule();
// A tooltip from the string table for the last item.
void itemTip(Str tip);
// The width of the widest word of `text`, rounded up (a table column this wide holds the word whole):
// a header wraps between words, never inside one.
float widestWord(const char* text);
// Text in a table cell: whole when it fits the column, else wrapped (textWrappedCjk).
void wrappedCellText(const char* text);
// A header cell whose label wraps inside its column (ImGui's TableHeader cuts it with "..." at the
// column's edge). Call after TableNextRow(ImGuiTableRowFlags_Headers) and TableSetColumnIndex.
void wrappedHeaderCell(const char* label);
// "Colours (?)": the meaning of every colour, one hover away.
void colourLegend();
// The focused method's explanation of the last operation (or "No operation yet"), wrapped.
void explanationBlock(AoiState& state, int method);

ImU32 withAlpha(ImU32 colour, unsigned alpha);
// Text in a colour of the theme; the colour carries its meaning (docs/UI.md).
void colouredText(ImU32 colour, const char* text);

}  // namespace aoilab::app
