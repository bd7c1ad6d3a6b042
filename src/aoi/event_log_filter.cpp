#include "aoi/event_log_filter.h"

#include <algorithm>

namespace aoilab {

void EventLogFilter::update(const AoiSession& session, const EventLogQuery& query) {
    const auto& log = session.log();
    std::size_t lastOp = session.operationCount() == 0 ? 0 : session.operationCount() - 1;
    // Entries are numbered from the start of the generation: log()[i] is entry eventsDropped() + i, so
    // a full log that drops its oldest entries as new ones come still only needs the new ones read.
    const std::uint64_t first = session.eventsDropped();
    const std::uint64_t end = first + log.size();
    // The log only grew (and perhaps lost its oldest entries) since the last read: same question, same
    // generation. With lastOperationOnly a new operation makes the old rows stale, so that reads again.
    bool follows = query_ == query && session.logGeneration() == generation_ && first >= dropped_ && end >= scanned_ &&
                   (!query.lastOperationOnly || lastOp == lastOperation_);
    if (!follows) {
        matches_.clear();
        rows_.clear();
        counts_ = {0, 0, 0};
        scanned_ = first;
    }
    // Forget what the log dropped.
    while (!matches_.empty() && matches_.front().entry < first) {
        --counts_[matches_.front().type];
        matches_.pop_front();
    }
    while (!rows_.empty() && rows_.front() < first) rows_.pop_front();
    query_ = query;
    generation_ = session.logGeneration();
    lastOperation_ = lastOp;
    dropped_ = first;
    const std::uint64_t from = std::max(scanned_, first);
    const std::size_t oldMatches = matches_.size();
    const std::size_t oldRows = rows_.size();
    readLast_ = 0;
    for (std::uint64_t entry = end; entry-- > from;) {  // newest first, so lastOperationOnly can stop early
        const LoggedEvent& e = log[static_cast<std::size_t>(entry - first)];
        ++readLast_;
        if (query.lastOperationOnly && e.op != lastOp) break;
        if (e.method != query.method) continue;
        if (query.entity && e.event.watcher != *query.entity && e.event.target != *query.entity) continue;
        auto t = static_cast<std::uint8_t>(e.event.type);
        ++counts_[t];
        matches_.push_back(Match{entry, t});
        if (query.showType[t]) rows_.push_back(entry);
    }
    std::reverse(matches_.begin() + static_cast<std::ptrdiff_t>(oldMatches), matches_.end());
    std::reverse(rows_.begin() + static_cast<std::ptrdiff_t>(oldRows), rows_.end());
    scanned_ = end;
}

}  // namespace aoilab
