#include "aoi/event_log_filter.h"

#include <algorithm>

namespace aoilab {

void EventLogFilter::update(const AoiSession& session, const EventLogQuery& query) {
    const auto& log = session.log();
    std::size_t lastOp = session.operationCount() == 0 ? 0 : session.operationCount() - 1;
    // The log only grew since the last read: same question, same generation, nothing dropped. With
    // lastOperationOnly a new operation makes the old rows stale, so that reads again too.
    bool grown = query_ == query && session.logGeneration() == generation_ && session.eventsDropped() == 0 &&
                 log.size() >= scanned_ && (!query.lastOperationOnly || lastOp == lastOperation_);
    if (!grown) {
        rows_.clear();
        counts_ = {0, 0, 0};
        matched_ = 0;
        scanned_ = 0;
    }
    query_ = query;
    generation_ = session.logGeneration();
    lastOperation_ = lastOp;
    std::size_t oldRows = rows_.size();
    readLast_ = 0;
    for (std::size_t i = log.size(); i-- > scanned_;) {  // newest first, so lastOperationOnly can stop early
        const LoggedEvent& e = log[i];
        ++readLast_;
        if (query.lastOperationOnly && e.op != lastOp) break;
        if (e.method != query.method) continue;
        if (query.entity && e.event.watcher != *query.entity && e.event.target != *query.entity) continue;
        auto t = static_cast<std::size_t>(e.event.type);
        ++counts_[t];
        ++matched_;
        if (query.showType[t]) rows_.push_back(i);
    }
    std::reverse(rows_.begin() + static_cast<std::ptrdiff_t>(oldRows), rows_.end());
    scanned_ = log.size();
}

}  // namespace aoilab
