#pragma once
// Flicker at the edge of a view: entities pacing along the boundary make an enter and a leave (or a
// leave and an enter) of the same pair every few ticks, two messages for nothing. Hysteresis (enter at
// r, leave beyond r + h) is the cure; this counter lets a class see it work.
//
// A flicker is a short visit (the pair entered and left again within `window` ticks) or a short
// absence (it left and entered again within `window` ticks); each counts once, when it completes. The
// counter is fed the events of each operation with the tick they happened at (operations between two
// ticks share a tick, so a script without ticks is one long tick) and the operation's kind.
//
// Only a crossing of a view's edge flickers: the enters and leaves of a move, a radius change or a
// tick's refresh. An add's enters are the entity arriving and a leave operation's leaves are it going
// away: they neither start nor complete a flicker, and they forget the pair's history. So the
// cross-linked-list article's run (d arrives, moves once, leaves; no tick) counts 0: d's arrival is not
// a crossing, so its move out of a's and c's views ends no short visit. Counting every enter and leave
// of that one long tick made it 4.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "aoi/script_op.h"
#include "core/events.h"

namespace aoilab {

class FlickerCounter {
public:
    explicit FlickerCounter(std::int64_t window = 3) : window_(window < 0 ? 0 : window) {}

    std::int64_t window() const { return window_; }
    // Counts one operation's events, all at `tick` (ticks never go back); `cause` is the operation's kind.
    void add(std::int64_t tick, const std::vector<AoiEvent>& events, OpKind cause);
    std::uint64_t flickers() const { return flickers_; }
    void clear();

    // Pairs remembered now (those that changed within the window, up to a sweep's delay).
    std::size_t pairsKept() const { return full_; }

private:
    struct PairTimes {
        std::int64_t entered = -1;  // tick of the pair's last enter, -1: none seen
        std::int64_t left = -1;     // tick of its last leave
    };
    // The pairs in open addressing (linear probing, at most half full, erased slots marked and dropped
    // by the next sweep's rehash): an event costs a probe or two and no allocation, where a node map
    // allocated and freed one per pair (40% of a long replay's time in the app).
    struct Slot {
        enum class State : std::uint8_t { Empty, Full, Erased };
        EntityId watcher = 0;
        EntityId target = 0;
        PairTimes times;
        State state = State::Empty;
    };
    PairTimes& findOrAdd(EntityId watcher, EntityId target);
    void erase(EntityId watcher, EntityId target);
    void rehash(std::size_t capacity);  // a power of two; keeps the full slots
    std::size_t home(EntityId watcher, EntityId target) const;
    // Forgets pairs whose last change is older than the window (they can no longer complete a
    // flicker), so memory follows the pairs that change, not every pair ever seen.
    void forgetOld(std::int64_t tick);

    std::int64_t window_;
    std::uint64_t flickers_ = 0;
    std::int64_t lastSweep_ = 0;
    std::vector<Slot> slots_;
    std::size_t full_ = 0;
    std::size_t erased_ = 0;
};

}  // namespace aoilab
