#pragma once
// Copies of the AOI timeline's run taken every interval() script operations as it goes forward from a
// replay, so that a step back replays from the nearest copy instead of from the start: on the bundled
// crowd-1000-walk.json (30,030 operations) a step back from the end took about 0.44 s. A copy is what a
// replay from the start gives at its position (AoiSession's copies go on exactly as the original), so
// the timeline stays exact. They hold for one starting world, settings and flicker window (Key); the
// script may only grow at its end meanwhile (recording), which leaves every copy before it valid.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>

#include "aoi/aoi_settings.h"
#include "app/modes/aoi/aoi_run.h"
#include "core/limits.h"

namespace aoilab::app {

class AoiCheckpoints {
public:
    struct Key {
        std::size_t document = 0;  // the document's serial
        std::size_t revision = 0;  // its starting world's revision
        AoiSettings settings;
        std::int64_t flickerWindow = 0;
        friend bool operator==(const Key&, const Key&) = default;
    };
    // The regular copies together stay under budgetBytes(): an eighth of the memory available when the
    // copies are planned, from 128 MiB up to 1 GiB (at 100,000 entities a copy is about 126 MB: 128 MiB
    // held none, and each step back replayed 300,000 operations, about 9 s). A copy is skipped when it
    // would pass it.
    static constexpr std::size_t kMinBudgetBytes = std::size_t(128) << 20;
    static constexpr std::size_t kMaxBudgetBytes = (std::size_t(1) << 30) / kMemoryBudgetDivisor;
    // At most this many regular copies (a small session's step back is cheap enough with these).
    static constexpr std::size_t kMaxCopies = 16;
    // At least this many operations apart (fewer cost next to nothing to replay).
    static constexpr std::size_t kMinInterval = 1000;
    // A copy larger than this (about 20,000 entities and more) costs as much as replaying thousands of
    // operations (at 100,000 entities 0.7 s when this was measured, some 23,000 operations; about 40 ms
    // since issue 39's flat relation lists, see kMinCostlyTrailingReplay): such copies are taken only
    // while a seek goes back, never while the timeline goes forward (a seek to the end at 100,000
    // entities took 17 s with them instead of 11), but for the one trailing copy.
    static constexpr std::size_t kCheapCopyBytes = std::size_t(32) << 20;
    // A replay of at least this many operations from a copy also keeps a trailing copy (see trailingAt).
    static constexpr std::size_t kMinTrailingReplay = 64;

    // Ready for runs under `key` on a script of `length` operations (the interval spreads the budget
    // over it); the copies of another key are dropped.
    void prepare(const Key& key, std::size_t length, const AoiRun& sample, std::size_t logCapacity);
    // Whether a copy of a run at `cursor` under `key` is due (prepare() first); `goingBack`: the run is
    // on its way to a position before the one shown (see kCheapCopyBytes).
    bool wants(const Key& key, std::size_t cursor, bool goingBack) const;
    void keep(const AoiRun& run);  // a copy, at run.cursor (after wants())
    // Step backs one after another: a replay from a copy at `from` to `to` also keeps one trailing copy
    // at trailingAt(from, to), sqrt(2 (to - from)) operations before `to`, so that the next step backs
    // replay from it (a few hundred operations) instead of from `from` again (up to interval()); when
    // they pass it, the next replay from `from` keeps a new one. Returns `to` (none) for a replay
    // shorter than kMinTrailingReplay.
    static std::size_t trailingAt(std::size_t from, std::size_t to);
    // A costly copy (above kCheapCopyBytes) pays as a trailing copy only after a replay longer than
    // what the copy itself costs: at 100,000 entities the session's copy takes about 40 ms since its
    // relation lists are flat (issue 39; 0.25 s before), some 2,000 operations of replay at about 22 us
    // each (aoi_bench stepback/ and copy/, bench/RESULTS.md). (The first step back after a seek to the
    // end of 100,000 walkers replayed 773 operations from the trailing copy and then took another one.)
    static constexpr std::size_t kMinCostlyTrailingReplay = 2000;
    // trailingAt(from, to), or `to` (none) when a copy of `sample` is costly and the replay shorter
    // than kMinCostlyTrailingReplay.
    std::size_t trailingFor(std::size_t from, std::size_t to, const AoiRun& sample, std::size_t logCapacity) const;
    void keepTrailing(const Key& key, const AoiRun& run);  // replaces the last one (beyond the budget: one copy)
    // The copy nearest at or before `position` under `key` (the trailing one included), or null.
    std::shared_ptr<const AoiRun> nearest(const Key& key, std::size_t position) const;
    void clear();

    std::size_t count() const { return copies_.size(); }  // regular copies
    std::size_t bytes() const { return bytes_ + trailing_.bytes; }
    std::size_t interval() const { return interval_; }
    std::size_t budgetBytes() const { return budget_; }
    // Where the trailing copy is (0: none).
    std::size_t trailingPosition() const { return trailing_.run ? trailing_.run->cursor : 0; }
    // For tests: the memory available to plan with (0: ask the system).
    void setAvailableMemoryForTests(std::size_t bytes) { availableForTests_ = bytes; }
    void setCheapCopyBytesForTests(std::size_t bytes) { cheapCopyBytes_ = bytes; }  // before prepare()
    // A copy's bytes, estimated: the session (its log full), the timeline's world, the per-operation records.
    static std::size_t bytesOf(const AoiRun& run, std::size_t logCapacity);

private:
    struct Copy {
        std::shared_ptr<const AoiRun> run;
        std::size_t bytes = 0;
    };
    static std::size_t availableMemoryBytes();  // physical memory free now (0: unknown)
    bool prepared_ = false;
    Key key_;
    std::size_t interval_ = kMinInterval;
    std::size_t logCapacity_ = 0;
    std::map<std::size_t, Copy> copies_;  // by position
    std::size_t bytes_ = 0;
    std::size_t budget_ = kMinBudgetBytes;
    std::size_t maxCopies_ = kMaxCopies;
    bool cheap_ = true;  // a copy is at most cheapCopyBytes_
    std::size_t cheapCopyBytes_ = kCheapCopyBytes;
    Copy trailing_;
    std::size_t availableForTests_ = 0;
};

}  // namespace aoilab::app
