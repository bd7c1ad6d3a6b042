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
    // All copies together stay under this; a copy is skipped when it would pass it.
    static constexpr std::size_t kBudgetBytes = std::size_t(128) << 20;
    // At least this many operations apart (fewer cost next to nothing to replay).
    static constexpr std::size_t kMinInterval = 1000;

    // Ready for runs under `key` on a script of `length` operations (the interval spreads the budget
    // over it); the copies of another key are dropped.
    void prepare(const Key& key, std::size_t length, const AoiRun& sample, std::size_t logCapacity);
    // Whether a copy of a run at `cursor` under `key` is due (prepare() first).
    bool wants(const Key& key, std::size_t cursor) const;
    void keep(const AoiRun& run);  // a copy, at run.cursor (after wants())
    // The copy nearest at or before `position` under `key`, or null.
    std::shared_ptr<const AoiRun> nearest(const Key& key, std::size_t position) const;
    void clear();

    std::size_t count() const { return copies_.size(); }
    std::size_t bytes() const { return bytes_; }
    std::size_t interval() const { return interval_; }
    // A copy's bytes, estimated: the session (its log full), the timeline's world, the per-operation records.
    static std::size_t bytesOf(const AoiRun& run, std::size_t logCapacity);

private:
    struct Copy {
        std::shared_ptr<const AoiRun> run;
        std::size_t bytes = 0;
    };
    bool prepared_ = false;
    Key key_;
    std::size_t interval_ = kMinInterval;
    std::size_t logCapacity_ = 0;
    std::map<std::size_t, Copy> copies_;  // by position
    std::size_t bytes_ = 0;
};

}  // namespace aoilab::app
