#pragma once
// The events panel's question, asked of an AoiSession's log: which logged events of one method (and,
// optionally, one entity, the last operation only, some event types) are there, newest first, and how
// many of each type. It follows the log as it grows: dragging in a crowd adds a few events a frame to
// a log of a hundred thousand, and only those few are read. A reset, dropped events or a new question
// read the whole log again, so the answer always equals a fresh filter's (tests/aoi/event_log_filter_test).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

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
    std::size_t row(std::size_t i) const { return rows_[rows_.size() - 1 - i]; }  // a log index; i = 0 is the newest
    const std::array<int, 3>& countsByType() const { return counts_; }  // matching events, shown or not
    int matched() const { return matched_; }
    std::size_t entriesReadLast() const { return readLast_; }  // by the last update (0 when nothing new)

private:
    std::optional<EventLogQuery> query_;
    std::uint64_t generation_ = 0;
    std::size_t scanned_ = 0;        // log entries read
    std::size_t lastOperation_ = 0;  // for lastOperationOnly
    std::vector<std::size_t> rows_;  // oldest first
    std::array<int, 3> counts_{0, 0, 0};
    int matched_ = 0;
    std::size_t readLast_ = 0;
};

}  // namespace aoilab
