#pragma once
// Line breaking for the panels' running text in English and Chinese. ImGui 1.86 wraps only at spaces,
// so a Chinese sentence (no spaces between words) broke at the last space before it and left half the
// line empty, or ran past the panel. Here a line may also break between two CJK characters, never
// before closing punctuation (，。、：；！？）」』…) nor after opening punctuation (（「『).
#include <functional>
#include <string>
#include <string_view>

namespace aoilab::app {

// Width of a piece of text (one or more whole UTF-8 characters), in the caller's units.
using TextMeasure = std::function<float(std::string_view)>;

// `text` with '\n' inserted (and the spaces at the breaks removed) so that no line is wider than
// `width`, except a line holding a single character or a word that fits nowhere (cut where it must).
// Existing line breaks are kept.
std::string wrapText(std::string_view text, float width, const TextMeasure& measure);

// ImGui: draws `text` wrapped to the space left on the current line (after a bullet: under it).
void textWrappedCjk(const std::string& text);
// The same within `width` pixels (a window that sizes itself to its content has no width to fill).
void textWrappedCjk(const std::string& text, float width);

// The same in the disabled (dim) colour: the panels' hints and notes, which ImGui::TextDisabled cut at
// the tile's edge in a narrow tile or at a large font.
void textDisabledWrapped(const std::string& text);

// ImGui: a tooltip whose text wraps (as textWrappedCjk) at 28 font sizes, or the window's width when that
// is less: ImGui's own runs off the window with a long sentence at a large font scale.
void wrappedTooltip(const std::string& text);

// ImGui: a checkbox whose label wraps (as textWrappedCjk) when the line is too short for it, where
// ImGui's own label runs past the tile's edge; a click on the label toggles it too.
bool checkboxWrapped(const char* label, bool* value);
// The same for a radio button: true when it (or its label) was clicked.
bool radioWrapped(const char* label, bool active);

}  // namespace aoilab::app
