#include "aoi/flicker.h"

#include <algorithm>
#include <bit>

namespace aoilab {

void FlickerCounter::add(std::int64_t tick, const std::vector<AoiEvent>& events, OpKind cause) {
    const bool arrivalOrDeparture = cause == OpKind::Add || cause == OpKind::Leave;
    for (const AoiEvent& event : events) {
        if (event.type == AoiEventType::Move) continue;
        if (arrivalOrDeparture) {
            erase(event.watcher, event.target);
            continue;
        }
        PairTimes& times = findOrAdd(event.watcher, event.target);
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

std::size_t FlickerCounter::home(EntityId watcher, EntityId target) const {
    auto h = static_cast<std::uint64_t>(watcher) * 0x9E3779B97F4A7C15ULL;
    h ^= (static_cast<std::uint64_t>(target) + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    return static_cast<std::size_t>(h) & (slots_.size() - 1);
}

FlickerCounter::PairTimes& FlickerCounter::findOrAdd(EntityId watcher, EntityId target) {
    if ((full_ + erased_ + 1) * 2 > slots_.size()) rehash(std::bit_ceil(std::max<std::size_t>(16, (full_ + 1) * 4)));
    const std::size_t mask = slots_.size() - 1;
    std::size_t reuse = slots_.size();  // the first erased slot on the way: where a new pair goes
    for (std::size_t i = home(watcher, target);; i = (i + 1) & mask) {
        Slot& slot = slots_[i];
        if (slot.state == Slot::State::Full) {
            if (slot.watcher == watcher && slot.target == target) return slot.times;
        } else if (slot.state == Slot::State::Erased) {
            if (reuse == slots_.size()) reuse = i;
        } else {
            if (reuse != slots_.size()) --erased_;
            Slot& place = reuse != slots_.size() ? slots_[reuse] : slot;
            place = Slot{watcher, target, PairTimes{}, Slot::State::Full};
            ++full_;
            return place.times;
        }
    }
}

void FlickerCounter::erase(EntityId watcher, EntityId target) {
    if (full_ == 0) return;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = home(watcher, target); slots_[i].state != Slot::State::Empty; i = (i + 1) & mask) {
        Slot& slot = slots_[i];
        if (slot.state == Slot::State::Full && slot.watcher == watcher && slot.target == target) {
            slot.state = Slot::State::Erased;
            --full_;
            ++erased_;
            return;
        }
    }
}

void FlickerCounter::rehash(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    const std::size_t mask = capacity - 1;
    for (const Slot& slot : old) {
        if (slot.state != Slot::State::Full) continue;
        std::size_t i = home(slot.watcher, slot.target);
        while (slots_[i].state != Slot::State::Empty) i = (i + 1) & mask;
        slots_[i] = slot;
    }
    erased_ = 0;
}

void FlickerCounter::forgetOld(std::int64_t tick) {
    for (Slot& slot : slots_) {
        if (slot.state == Slot::State::Full && tick - std::max(slot.times.entered, slot.times.left) > window_) {
            slot.state = Slot::State::Erased;
            --full_;
            ++erased_;
        }
    }
    // Smaller again when the pairs that change are fewer: at most a quarter full after the sweep.
    if (erased_ > 0) rehash(std::bit_ceil(std::max<std::size_t>(16, full_ * 4)));
    lastSweep_ = tick;
}

void FlickerCounter::clear() {
    slots_.clear();
    full_ = 0;
    erased_ = 0;
    flickers_ = 0;
    lastSweep_ = 0;
}

}  // namespace aoilab
