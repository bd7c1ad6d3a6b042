#pragma once
// What the events cost the server: per tick, the events a method sent and their bytes at a message
// size, over the last ticks (a ring). Fed the number of events of each operation with the tick it ran
// at; operations between two ticks add to the same tick, and a tick operation's own events (the lazy
// super-view's catch-up) belong to the tick it starts, as the event log records them.
#include <cstddef>
#include <cstdint>
#include <deque>

namespace aoilab {

class MessageBudget {
public:
    struct TickLoad {
        std::int64_t tick = 0;
        std::uint64_t events = 0;
        std::uint64_t bytes(std::uint64_t messageSize) const { return events * messageSize; }
    };

    explicit MessageBudget(std::size_t ticksKept = 32) : ticksKept_(ticksKept == 0 ? 1 : ticksKept) {}

    // Adds one operation's events at `tick` (ticks never go back; skipped ticks get empty entries).
    void add(std::int64_t tick, std::uint64_t events);
    // The last ticks, oldest first; the newest is the tick in progress.
    const std::deque<TickLoad>& ticks() const { return ticks_; }
    std::uint64_t totalEvents() const { return total_; }  // every tick since clear(), not only those kept
    std::size_t ticksKept() const { return ticksKept_; }
    void clear();

private:
    std::size_t ticksKept_;
    std::deque<TickLoad> ticks_;
    std::uint64_t total_ = 0;
};

}  // namespace aoilab
