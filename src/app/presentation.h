#pragma once
// The presentation layout (a class on a projector): which layout a window gets, and in which order the
// side area's tabs come. Display-free, so tests need no window; app_layout.cpp draws it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aoilab::app {

// Side: the scene with the panel tiles beside it. Presentation: the scene takes most of the window, the
// tools are letters, and one panel at a time shows as a tab in a column with the timeline and status.
enum class LayoutKind { Side, Presentation };

// A window narrower than this many font sizes, or shorter than kPresentationBelowHeightEm, is small
// for its font: the side layout's tiles would leave the scene under a third of it (at 1280x720, font
// scale 2, 40 x 22.5 em, the scene got 24%). 1600x900 at font scale 1 is 100 x 56 em.
inline constexpr float kPresentationBelowWidthEm = 64.0f;
inline constexpr float kPresentationBelowHeightEm = 36.0f;
// The presentation layout's column (timeline, explanation, tabs, status), in font sizes: the width the
// panels are checked at in the side layout at 1024x768, font scale 2 (one column of 14.4 em).
inline constexpr float kPresentationColumnEm = 14.5f;

// The layout a window of this size gets at this font size (pixels) unless one was chosen.
LayoutKind automaticLayout(float widthPx, float heightPx, float fontSizePx);
// "presentation", "side"; "auto" and anything else: none.
std::optional<LayoutKind> layoutNamed(std::string_view name);
const char* layoutName(LayoutKind kind);

// The side area's tabs, from the docked panels shown (in View-menu order): the lesson's own panel first
// (an exercise panel, an id ending in "_exercise", when one is shown; else the first of the lesson's
// `panels` shown), then the rest of the lesson's `panels` in their order, then the other teaching panels
// in theirs, the `supporting` ones (scenario facts, inspector, settings) last.
std::vector<std::string> tabOrder(const std::vector<std::string>& shown, const std::vector<std::string>& lessonPanels,
                                  const std::vector<std::string>& supporting = {});

// Whole text lines that fit a height (a line: the text's height and the spacing under it).
int linesThatFit(float heightPx, float lineHeightPx);
// How many of the `lineHeight`-tall lines of a text from `top` to `bottom` lie whole between `clipTop`
// and `clipBottom`: the lines of it a scrolled area shows (half a pixel of rounding is forgiven).
int wholeLinesBetween(float top, float bottom, float lineHeight, float clipTop, float clipBottom);

}  // namespace aoilab::app
