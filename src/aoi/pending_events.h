#pragma once
// The events of the operation in progress, in a plain array with room to spare: a scan may write a
// candidate's event whatever the range test said and keep it by advancing the count, so the outcome of
// the test (a coin flip near the edge of a view) costs no branch. Allocates only when it grows.
#include <algorithm>
#include <cstddef>
#include <memory>

#include "core/events.h"

namespace aoilab {

class PendingEvents {
public:
    PendingEvents() = default;
    // A copy holds the kept events (room to spare is not copied): AoiSystem::clone.
    PendingEvents(const PendingEvents& other) { *this = other; }
    PendingEvents& operator=(const PendingEvents& other) {
        if (this == &other) return *this;
        size_ = 0;
        if (other.size_ > capacity_) grow(other.size_);
        std::copy(other.data_.get(), other.data_.get() + other.size_, data_.get());
        size_ = other.size_;
        return *this;
    }
    PendingEvents(PendingEvents&&) noexcept = default;
    PendingEvents& operator=(PendingEvents&&) noexcept = default;

    // Room for `more` events after the kept ones; write them, then keep(count) those to keep.
    AoiEvent* room(std::size_t more) {
        if (size_ + more > capacity_) grow(size_ + more);
        return data_.get() + size_;
    }
    void keep(std::size_t count) { size_ += count; }
    void push(const AoiEvent& event) {
        *room(1) = event;
        ++size_;
    }
    const AoiEvent* data() const { return data_.get(); }
    std::size_t size() const { return size_; }
    std::size_t capacity() const { return capacity_; }
    void clear() { size_ = 0; }

private:
    void grow(std::size_t needed) {
        std::size_t capacity = std::max<std::size_t>({needed, 2 * capacity_, 64});
        std::unique_ptr<AoiEvent[]> data(new AoiEvent[capacity]);
        std::copy(data_.get(), data_.get() + size_, data.get());
        data_.swap(data);
        capacity_ = capacity;
    }

    std::unique_ptr<AoiEvent[]> data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

}  // namespace aoilab
