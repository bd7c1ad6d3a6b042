#pragma once
// The events panel's question, asked of an AoiSession's log: which logged events of one method (and,
// optionally, one entity, the last operation only, some event types) are there, newest first, and how
// many of each type. It follows the log as it grows: dragging in a crowd adds a few events a frame to
// a log of a hundred thousand, and only those few are read, also when the log is full and drops its
// oldest events for them (the matches it dropped are forgotten from the front). A reset or a new
// question reads the whole log again, so the answer always equals a fresh filter's
// (tests/aoi/event_log_filter_test).
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>

#include "aoi/aoi_session.h"

namespace aoilab {

struct EventLogQuery {
    int method = -1;                   // AoiSession::methodIndex
    std::optional<EntityId> entity;    // as watcher or target
    bool lastOperationOnly = false;
    std::array<bool, 3> showType{true, true, true};  // by AoiEventType: rows of the others are not kept

    bool operator==(const EventLogQuery&) const = default;
};

class EventLogFilter {
public:
    // Brings the answer up to date with the session's log.
    void update(const AoiSession& session, const EventLogQuery& query);

    std::size_t rowCount() const { return rows_.size(); }
    // A log index (into AoiSession::log() as of the last update); i = 0 is the newest.
    std::size_t row(std::size_t i) const { return static_cast<std::size_t>(rows_[rows_.size() - 1 - i] - dropped_); }
    const std::array<int, 3>& countsByType() const { return counts_; }  // matching events, shown or not
    int matched() const { return static_cast<int>(matches_.size()); }
    std::size_t entriesReadLast() const { return readLast_; }  // by the last update (0 when nothing new)

private:
    // Entries are numbered from the generation's first: log()[i] is entry eventsDropped() + i.
    struct Match {
        std::uint64_t entry;
        std::uint8_t type;  // AoiEventType, to uncount it when the log drops it
    };
    std::optional<EventLogQuery> query_;
    std::uint64_t generation_ = 0;
    std::uint64_t dropped_ = 0;      // the session's eventsDropped() at the last update
    std::uint64_t scanned_ = 0;      // entries before this one are read
    std::size_t lastOperation_ = 0;  // for lastOperationOnly
    std::deque<Match> matches_;      // every matching entry still in the log, oldest first
    std::deque<std::uint64_t> rows_;  // the shown ones, oldest first
    std::array<int, 3> counts_{0, 0, 0};
    std::size_t readLast_ = 0;
};

}  // namespace aoilab
