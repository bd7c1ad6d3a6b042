#pragma once
// The part of an AOI world a lesson is about (issue 37): its entities' view ranges, where they start and
// where the script moves or adds them. A scenario whose entities keep to a corner of a large world (the
// edge-flicker lesson: two entities around (50, 50) in a 100 x 100 world) opens framed on them, not on
// the whole world; entities spread over the world (a crowd) frame the world. Display-free.
#include "core/geometry.h"
#include "scenario/scenario.h"

namespace aoilab::app {

// The entities' and the script's positions with their view radius (at least 1), a tenth of that size of
// margin on each side, within `world`. The whole world when there is no entity, when the world has
// obstacles, or when that rectangle covers more than kLessonFocusShare of the world's area (a closer
// frame would gain little).
inline constexpr double kLessonFocusShare = 0.25;
Rect lessonFocus(const Scenario& scenario, const Rect& world);

}  // namespace aoilab::app
