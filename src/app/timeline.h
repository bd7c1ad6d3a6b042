#pragma once
// A mode's timeline (what the shared Playback steps): a position in [0, length()] over the mode's
// steps (AOI: operations of the scenario's script; search: expansions; maps: build steps; graph:
// Dijkstra steps, then the walk). seek() must be exact: the state at position N after any sequence of
// steps and seeks equals the state reached by stepping from 0 to N (each mode says how in its header:
// replay from the start, or snapshots).
#include <cstddef>

#include "app/strings.h"

namespace aoilab::app {

class Timeline {
public:
    virtual ~Timeline() = default;
    virtual std::size_t position() const = 0;
    virtual std::size_t length() const = 0;
    virtual void seek(std::size_t position) = 0;
    // To the end, also while the mode's work has not told the length yet (search: a restart on the worker).
    virtual void seekToEnd() { seek(length()); }
    // One step forward; false when nothing is left. The default seeks to position() + 1; a mode may do
    // more (AOI first runs an edit held in step mode).
    virtual bool stepForward() {
        if (position() >= length()) return false;
        seek(position() + 1);
        return true;
    }
    // Asked by Playback after each step while playing: true stops playback here (a breakpoint hit;
    // the mode says why in its explanation or the status bar). Single steps and seeks never ask.
    virtual bool breakHere() { return false; }
    // The unit a position counts, for the timeline bar ("operation", "expansion", ...).
    virtual Str unit() const = 0;
    // While the mode's long work is a seek under way (AOI's replay on the worker), the timeline's keys
    // still act: a new seek replaces the one under way, counted from where that one goes (target()),
    // so four quick Left taps step back four, not one. position() stays what is shown until then.
    virtual bool seeksWhileWorking() const { return false; }
    virtual std::size_t target() const { return position(); }
};

}  // namespace aoilab::app
