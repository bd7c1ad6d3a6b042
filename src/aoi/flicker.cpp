#include "aoi/flicker.h"

#include <algorithm>

namespace aoilab {

void FlickerCounter::add(std::int64_t tick, const std::vector<AoiEvent>& events, OpKind cause) {
    const bool arrivalOrDeparture = cause == OpKind::Add || cause == OpKind::Leave;
    for (const AoiEvent& event : events) {
        if (event.type == AoiEventType::Move) continue;
        if (arrivalOrDeparture) {
            pairs_.erase({event.watcher, event.target});
            continue;
        }
        PairTimes& times = pairs_[{event.watcher, event.target}];
        if (event.type == AoiEventType::Enter) {
            if (times.left >= 0 && tick - times.left <= window_) ++flickers_;  // a short absence
            times.entered = tick;
        } else {
            if (times.entered >= 0 && tick - times.entered <= window_) ++flickers_;  // a short visit
            times.left = tick;
        }
    }
    if (tick - lastSweep_ > std::max<std::int64_t>(window_, 64)) forgetOld(tick);
}

void FlickerCounter::forgetOld(std::int64_t tick) {
    for (auto it = pairs_.begin(); it != pairs_.end();) {
        if (tick - std::max(it->second.entered, it->second.left) > window_) it = pairs_.erase(it);
        else ++it;
    }
    lastSweep_ = tick;
}

void FlickerCounter::clear() {
    pairs_.clear();
    flickers_ = 0;
    lastSweep_ = 0;
}

}  // namespace aoilab
