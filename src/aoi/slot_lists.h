#pragma once
// One short list of slots per slot ("who W sees", "who sees T"), all of them in one flat pool: a list is
// (offset, size, capacity) into the pool, and a full list moves to the pool's end with twice the room,
// leaving a hole; the pool is repacked when the holes outgrow the lists. A vector per slot made a copy
// (AoiSystem::clone, the timeline's checkpoints) one allocation per list: 200,000 at 100,000 entities,
// most of a traced cross-linked list's copy. Here a copy is two flat arrays.
//
// A list's span stays valid until the next push_back() of any list (which may move the pool).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace aoilab {

template <typename T>
class SlotLists {
public:
    std::size_t size() const { return heads_.size(); }  // lists
    void addList() { heads_.push_back({}); }

    std::span<T> operator[](std::size_t list) {
        const Head& h = heads_[list];
        return {pool_.data() + h.offset, h.size};
    }
    std::span<const T> operator[](std::size_t list) const {
        const Head& h = heads_[list];
        return {pool_.data() + h.offset, h.size};
    }
    std::size_t capacity(std::size_t list) const { return heads_[list].capacity; }

    void push_back(std::size_t list, T value) {
        Head& h = heads_[list];
        if (h.size == h.capacity) grow(list);
        pool_[heads_[list].offset + heads_[list].size++] = value;
    }
    // Keeps the first `count` entries (count <= size).
    void truncate(std::size_t list, std::size_t count) { heads_[list].size = static_cast<std::uint32_t>(count); }
    void clear(std::size_t list) { heads_[list].size = 0; }
    std::size_t pooledEntries() const { return pool_.size(); }  // rooms and holes, for tests
    // Removes `value` (present): the last entry takes its place.
    void eraseValue(std::size_t list, T value) {
        Head& h = heads_[list];
        T* first = pool_.data() + h.offset;
        T* it = std::find(first, first + h.size, value);
        *it = first[h.size - 1];
        --h.size;
    }
    // Takes `other`'s lists in the order given: list k becomes other's list order[k], each entry mapped
    // through map(entry). Packed, with no holes.
    template <typename Order, typename Map>
    void assignReordered(const SlotLists& other, const Order& order, Map map) {
        std::size_t total = 0;
        for (auto from : order) total += other.heads_[static_cast<std::size_t>(from)].size;
        std::vector<Head> heads(order.size());
        std::vector<T> pool;
        pool.reserve(total);
        for (std::size_t k = 0; k < order.size(); ++k) {
            const Head& from = other.heads_[static_cast<std::size_t>(order[k])];
            heads[k].offset = static_cast<std::uint32_t>(pool.size());
            heads[k].size = from.size;
            heads[k].capacity = from.size;
            for (std::uint32_t i = 0; i < from.size; ++i) pool.push_back(map(other.pool_[from.offset + i]));
        }
        heads_.swap(heads);
        pool_.swap(pool);
        rooms_ = pool_.size();
    }
    std::size_t memoryBytes() const { return heads_.capacity() * sizeof(Head) + pool_.capacity() * sizeof(T); }

private:
    struct Head {
        std::uint32_t offset = 0;
        std::uint32_t size = 0;
        std::uint32_t capacity = 0;
    };
    static constexpr std::uint32_t kFirstCapacity = 4;

    void grow(std::size_t list) {
        // Holes (rooms left behind by lists that moved) past the lists' own rooms: repack first.
        if (pool_.size() > 2 * rooms_ + 1024) repack();
        Head& h = heads_[list];
        const std::uint32_t capacity = std::max(kFirstCapacity, 2 * h.capacity);
        const std::size_t at = pool_.size();
        pool_.resize(at + capacity);  // amortized: the vector's own room doubles
        std::copy(pool_.data() + h.offset, pool_.data() + h.offset + h.size, pool_.data() + at);
        rooms_ += capacity - h.capacity;
        h.offset = static_cast<std::uint32_t>(at);
        h.capacity = capacity;
    }
    void repack() {
        std::vector<T> pool(rooms_);
        std::size_t at = 0;
        for (Head& h : heads_) {
            std::copy(pool_.data() + h.offset, pool_.data() + h.offset + h.size, pool.data() + at);
            h.offset = static_cast<std::uint32_t>(at);
            at += h.capacity;
        }
        pool_.swap(pool);
    }

    std::vector<Head> heads_;
    std::vector<T> pool_;     // the lists' rooms, and holes
    std::size_t rooms_ = 0;   // the lists' capacities summed
};

}  // namespace aoilab
