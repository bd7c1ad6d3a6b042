#include "aoi/message_budget.h"

namespace aoilab {

void MessageBudget::add(std::int64_t tick, std::uint64_t events) {
    if (ticks_.empty()) ticks_.push_back({tick, 0});
    // A jump of many ticks keeps only the last ticksKept_ of them (all empty).
    if (tick - ticks_.back().tick > static_cast<std::int64_t>(ticksKept_)) {
        ticks_.clear();
        ticks_.push_back({tick - static_cast<std::int64_t>(ticksKept_) + 1, 0});
    }
    while (ticks_.back().tick < tick) {
        ticks_.push_back({ticks_.back().tick + 1, 0});
        if (ticks_.size() > ticksKept_) ticks_.pop_front();
    }
    ticks_.back().events += events;
    total_ += events;
}

void MessageBudget::clear() {
    ticks_.clear();
    total_ = 0;
}

}  // namespace aoilab
