#pragma once
// The open list of the grid searches. Entries carry an integer priority f (the searches keep costs in
// fixed point, see GridSearch) and are popped by lower f, then last pushed first: among equal f the
// newest entry wins (LIFO). On a grid the newest entries with the current f are the successors the last
// expansion pushed without raising f, the ones heading straight for the goal, so ties go toward the goal
// and a search on open ground walks straight to it.
//
// Two implementations of that one order, chosen by clear():
//   Heap       a 4-ary heap on (f, push number) with lazy deletion (a cell reached more cheaply gets a
//              new entry; the search skips the old one when it comes up). Any sequence of pushes.
//   Monotone   for searches whose pushes never go below the f being expanded (A* with a consistent
//              heuristic, Dijkstra and JPS on uniform-cost grids):
//                - a stack of the entries pushed with the current f (popped first, newest first);
//                - the "level": the older entries of the current f, taken out of the ring at once and
//                  popped newest first;
//                - a ring of buckets by f (each f >> bucketShift), unsorted, in push order. When the
//                  stack and the level are empty, the lowest non-empty bucket gives up its entries of
//                  the lowest f as the next level.
//                - pushes beyond the ring (JPS's long jumps) wait in the 4-ary heap; when the ring moves
//                  on, those now within its reach move into their buckets, oldest first, before any
//                  later push can reach those buckets, so the order by position still holds.
//              Every push and pop is O(1) except the scan of one bucket per distinct f (and the heap,
//              for pushes beyond the ring), and nothing is sorted. It pops in exactly the Heap order
//              (tested).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace aoilab {

struct OpenEntry {
    std::uint64_t f;
    std::int32_t cell;
    std::uint32_t seq;  // Heap mode: push number (among equal f the higher comes first); else 0
};
static_assert(sizeof(OpenEntry) == 16 && std::is_trivially_copyable_v<OpenEntry>);

inline bool openBefore(const OpenEntry& a, const OpenEntry& b) { return a.f < b.f || (a.f == b.f && a.seq > b.seq); }

// A growable array of entries (the Monotone stack, level and buckets) whose push_back is inlined into the
// search loops and only growing is a call. GCC stopped inlining std::vector::push_back into A*'s loop as
// grid_search.cpp grew, and the calls made A* about 15% slower (callgrind: 590 M -> 677 M instructions).
class EntryArray {
public:
    EntryArray() = default;
    EntryArray(EntryArray&& other) noexcept { swap(other); }
    EntryArray& operator=(EntryArray&& other) noexcept {
        swap(other);
        return *this;
    }
    EntryArray(const EntryArray&) = delete;
    EntryArray& operator=(const EntryArray&) = delete;
    ~EntryArray() { std::free(data_); }

    [[gnu::always_inline]] void push_back(const OpenEntry& entry) {
        if (size_ == capacity_) [[unlikely]]
            grow();
        data_[size_++] = entry;
    }
    void pop_back() { --size_; }
    const OpenEntry& back() const { return data_[size_ - 1]; }
    const OpenEntry& front() const { return data_[0]; }
    OpenEntry& operator[](std::size_t i) { return data_[i]; }
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    void clear() { size_ = 0; }
    void truncate(std::size_t size) { size_ = size; }  // keeps the first `size` entries
    void swap(EntryArray& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
        std::swap(capacity_, other.capacity_);
    }
    const OpenEntry* begin() const { return data_; }
    const OpenEntry* end() const { return data_ + size_; }
    std::reverse_iterator<const OpenEntry*> rbegin() const { return std::reverse_iterator<const OpenEntry*>(end()); }
    std::reverse_iterator<const OpenEntry*> rend() const { return std::reverse_iterator<const OpenEntry*>(begin()); }

private:
    [[gnu::noinline]] void grow() {
        const std::size_t capacity = capacity_ == 0 ? 16 : capacity_ * 2;
        // OpenEntry is trivially copyable, so realloc may move the entries.
        void* grown = std::realloc(data_, capacity * sizeof(OpenEntry));
        if (grown == nullptr) throw std::bad_alloc();
        data_ = static_cast<OpenEntry*>(grown);
        capacity_ = capacity;
    }

    OpenEntry* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

class OpenList {
public:
    enum class Mode : std::uint8_t { Heap, Monotone };
    static constexpr std::uint64_t kNoCurrent = std::numeric_limits<std::uint64_t>::max();
    static constexpr std::size_t kRingBuckets = 1024;

    // Empties the list. In Monotone mode one bucket spans 2^bucketShift units of f, so the ring
    // spans kRingBuckets << bucketShift; every push must lie below (bucket of the current f) + that.
    void clear(Mode mode, int bucketShift = 0) {
        heap_.clear();
        stack_.clear();
        level_.clear();
        if (inRing_ > 0)
            for (std::size_t word = 0; word < occupied_.size(); ++word)
                for (std::uint64_t bits = occupied_[word]; bits != 0; bits &= bits - 1)
                    ring_[word * 64 + static_cast<std::size_t>(std::countr_zero(bits))].clear();
        mode_ = mode;
        if (mode_ == Mode::Monotone && ring_.empty()) {
            ring_.resize(kRingBuckets);
            occupied_.assign(kRingBuckets / 64, 0);
        }
        std::fill(occupied_.begin(), occupied_.end(), 0);
        bucketShift_ = bucketShift;
        inRing_ = 0;
        lowBucket_ = 0;
        fresh_ = true;
        nextSeq_ = 0;
    }
    Mode mode() const { return mode_; }
    bool empty() const { return heap_.empty() && stack_.empty() && level_.empty() && inRing_ == 0; }
    std::size_t size() const { return heap_.size() + stack_.size() + level_.size() + inRing_; }  // stale included

    // `currentF` is the f of the entry being expanded (kNoCurrent before the first pop).
    [[gnu::always_inline]] void push(std::uint64_t f, std::int32_t cell, std::uint64_t currentF) {
        if (mode_ == Mode::Heap) {
            heapPush(OpenEntry{f, cell, nextSeq_++});
        } else {
            pushMonotone(f, cell, currentF);
        }
    }

    OpenEntry popBest() {
        if (mode_ == Mode::Heap) return heapPop();
        OpenEntry top;
        popMonotone(top);
        return top;
    }

    // The same as push() and popBest() for a list known to be in Monotone mode (the searches' inner
    // loop); popMonotone returns false when the list is empty.
    [[gnu::always_inline]] void pushMonotone(std::uint64_t f, std::int32_t cell, std::uint64_t currentF) {
        const OpenEntry entry{f, cell, 0};  // the order among equal f is kept by position, not by number
        if (f == currentF) {
            stack_.push_back(entry);
        } else {
            ringPush(entry);
        }
    }
    [[gnu::always_inline]] bool popMonotone(OpenEntry& top) {
        if (!stack_.empty()) {
            top = stack_.back();
            stack_.pop_back();
            return true;
        }
        if (level_.empty()) {
            if (inRing_ == 0 && heap_.empty()) return false;
            takeNextLevel();
        }
        top = level_.back();
        level_.pop_back();
        return true;
    }

    // Every entry, in the order popBest() would give them (stale ones included).
    std::vector<OpenEntry> inPopOrder() const {
        std::vector<OpenEntry> out;
        if (mode_ == Mode::Heap) {
            out = heap_;
            std::sort(out.begin(), out.end(), openBefore);
            return out;
        }
        out.assign(stack_.rbegin(), stack_.rend());
        out.insert(out.end(), level_.rbegin(), level_.rend());
        if (inRing_ > 0) {
            // Buckets from the lowest, each by lower f, then newest (later in the bucket) first.
            for (std::size_t k = 0; k < kRingBuckets; ++k) {
                const auto& bucket = ring_[(static_cast<std::size_t>(lowBucket_) + k) & (kRingBuckets - 1)];
                const std::size_t from = out.size();
                out.insert(out.end(), bucket.rbegin(), bucket.rend());
                std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(from), out.end(),
                                 [](const OpenEntry& a, const OpenEntry& b) { return a.f < b.f; });
            }
        }
        std::vector<OpenEntry> beyond = heap_;  // every one beyond the ring
        std::sort(beyond.begin(), beyond.end(), openBefore);
        out.insert(out.end(), beyond.begin(), beyond.end());
        return out;
    }

private:
    [[gnu::always_inline]] void ringPush(const OpenEntry& entry) {
        const std::uint64_t bucket = entry.f >> bucketShift_;
        if (fresh_) {
            lowBucket_ = bucket;
            fresh_ = false;
        }
        if (bucket < lowBucket_) [[unlikely]]
            throw std::logic_error("OpenList: a monotone push below the ring");
        if (bucket - lowBucket_ >= kRingBuckets) [[unlikely]] {
            heapPush(OpenEntry{entry.f, entry.cell, nextSeq_++});  // beyond the ring: waits in the heap
            return;
        }
        const std::size_t slot = static_cast<std::size_t>(bucket) & (kRingBuckets - 1);
        ring_[slot].push_back(entry);
        occupied_[slot >> 6] |= std::uint64_t(1) << (slot & 63);
        ++inRing_;
    }

    // Moves the heap's entries now within the ring's reach into their buckets, oldest first.
    void moveNearEntriesIntoRing() {
        if (heap_.empty() || (heap_.front().f >> bucketShift_) - lowBucket_ >= kRingBuckets) return;
        moving_.clear();
        while (!heap_.empty() && (heap_.front().f >> bucketShift_) - lowBucket_ < kRingBuckets) moving_.push_back(heapPop());
        std::sort(moving_.begin(), moving_.end(), [](const OpenEntry& a, const OpenEntry& b) { return a.seq < b.seq; });
        for (const OpenEntry& entry : moving_) {
            const std::size_t slot = static_cast<std::size_t>(entry.f >> bucketShift_) & (kRingBuckets - 1);
            ring_[slot].push_back(OpenEntry{entry.f, entry.cell, 0});
            occupied_[slot >> 6] |= std::uint64_t(1) << (slot & 63);
        }
        inRing_ += moving_.size();
    }

    // Moves the entries of the lowest f in the ring to the level, keeping their push order.
    void takeNextLevel() {
        if (inRing_ == 0) {  // only entries beyond the ring are left: move the ring to them
            lowBucket_ = heap_.front().f >> bucketShift_;
            moveNearEntriesIntoRing();
        }
        const std::size_t start = static_cast<std::size_t>(lowBucket_) & (kRingBuckets - 1);
        std::size_t word = start >> 6;
        std::uint64_t bits = occupied_[word] & (~std::uint64_t(0) << (start & 63));
        while (bits == 0) {
            word = (word + 1) & (kRingBuckets / 64 - 1);
            bits = occupied_[word];
        }
        const std::size_t slot = (word << 6) | static_cast<std::size_t>(std::countr_zero(bits));
        if (slot != start) {
            lowBucket_ += (slot - start) & (kRingBuckets - 1);
            moveNearEntriesIntoRing();  // before any push can reach the buckets the ring now covers
        }
        EntryArray& bucket = ring_[slot];
        std::uint64_t lowest = bucket.front().f;
        std::uint64_t highest = lowest;
        for (const OpenEntry& entry : bucket) {
            lowest = std::min(lowest, entry.f);
            highest = std::max(highest, entry.f);
        }
        if (lowest == highest) {  // the usual case: one f in the bucket, which becomes the level whole
            level_.swap(bucket);
            inRing_ -= level_.size();
            occupied_[slot >> 6] &= ~(std::uint64_t(1) << (slot & 63));
            return;
        }
        std::size_t kept = 0;
        for (const OpenEntry& entry : bucket) {
            if (entry.f == lowest) {
                level_.push_back(entry);
            } else {
                bucket[kept++] = entry;
            }
        }
        inRing_ -= bucket.size() - kept;
        bucket.truncate(kept);
        if (kept == 0) occupied_[slot >> 6] &= ~(std::uint64_t(1) << (slot & 63));
    }

    void heapPush(const OpenEntry& entry) {
        std::size_t pos = heap_.size();
        heap_.push_back(entry);
        while (pos > 0) {
            const std::size_t up = (pos - 1) / kArity;
            if (!openBefore(entry, heap_[up])) break;
            heap_[pos] = heap_[up];
            pos = up;
        }
        heap_[pos] = entry;
    }

    OpenEntry heapPop() {
        const OpenEntry top = heap_.front();
        const OpenEntry last = heap_.back();
        heap_.pop_back();
        const std::size_t size = heap_.size();
        if (size == 0) return top;
        std::size_t pos = 0;
        for (;;) {
            const std::size_t first = kArity * pos + 1;
            if (first >= size) break;
            std::size_t child = first;
            const std::size_t end = std::min(first + kArity, size);
            for (std::size_t c = first + 1; c < end; ++c)
                if (openBefore(heap_[c], heap_[child])) child = c;
            if (!openBefore(heap_[child], last)) break;
            heap_[pos] = heap_[child];
            pos = child;
        }
        heap_[pos] = last;
        return top;
    }

    static constexpr std::size_t kArity = 4;  // half the levels of a binary heap
    Mode mode_ = Mode::Heap;
    std::vector<OpenEntry> heap_;
    EntryArray stack_;  // Monotone: pushed with the current f, newest last
    EntryArray level_;  // Monotone: older entries of the current f, newest last
    std::vector<OpenEntry> moving_;  // Monotone: scratch for entries moving from the heap to the ring
    std::vector<EntryArray> ring_;
    std::vector<std::uint64_t> occupied_;  // bit per ring bucket: non-empty
    int bucketShift_ = 0;
    std::size_t inRing_ = 0;
    std::uint64_t lowBucket_ = 0;  // bucket number (f >> bucketShift_) at or below every ring entry
    bool fresh_ = true;            // nothing pushed to the ring since clear()
    std::uint32_t nextSeq_ = 0;
};

}  // namespace aoilab
