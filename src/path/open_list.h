#pragma once
// The open list of the grid searches: entries (f, g, cell) ordered by lower f, then higher g (ties go
// toward the goal). Two parts:
//   - a 4-ary heap with lazy deletion: a cell reached more cheaply gets a new entry and the old one
//     is skipped when it comes up (the search recognises it by its g), so no positions are tracked;
//   - a "fast stack" for entries whose f equals the f just expanded, which on grids is most of them:
//     those entries are kept in increasing g, so the top is the best of the stack and most pushes and
//     pops cost O(1) instead of O(log n);
//   - optionally (clear(true)) a ring of buckets by f, each bucket of width 1/kBucketsPerUnit: on a
//     uniform-cost grid a new entry's f lies within 2*sqrt(2) of the f being expanded, so the ring
//     covers it. A bucket is an unsorted vector (push is O(1)) until it becomes the lowest non-empty
//     one; it is then sorted once (best entry first, popped in O(1) by moving a head index). Entries
//     that fall into the current bucket after it was sorted go to the 4-ary heap instead (inserting
//     them in place would move much of the bucket: on maps with many distinct f values they often
//     sort near the front). The buckets are fine enough that most hold a
//     handful of entries. Entries beyond the ring go to the 4-ary heap.
// popBest() compares the tops of all parts with the same order, so the order stays exact.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace aoilab {

struct OpenEntry {
    double f;
    float g;  // only breaks ties in f (the cell's exact g stays in the search's own state)
    std::int32_t cell;
};

inline bool openBefore(const OpenEntry& a, const OpenEntry& b) { return a.f < b.f || (a.f == b.f && a.g > b.g); }
static_assert(sizeof(OpenEntry) == 16);

class OpenList {
public:
    // Empties the list; `buckets` switches the bucket ring on (worth it when f grows by small steps).
    void clear(bool buckets = false) {
        heap_.clear();
        stack_.clear();
        if (bucketed_)
            for (auto& bucket : buckets_) bucket.clear();
        bucketed_ = buckets;
        if (bucketed_ && buckets_.empty()) buckets_.resize(kBuckets);
        inBuckets_ = 0;
        current_ = 0;
        sorted_ = -1;
        head_ = 0;
    }
    bool empty() const { return heap_.empty() && stack_.empty() && inBuckets_ == 0; }
    std::size_t size() const { return heap_.size() + stack_.size() + inBuckets_; }  // stale entries included

    // `currentF` is the f of the entry being expanded (the current minimum).
    [[gnu::always_inline]] void push(const OpenEntry& entry, double currentF) {
        if (entry.f == currentF && (stack_.empty() || (stack_.back().f == entry.f && entry.g >= stack_.back().g))) {
            stack_.push_back(entry);
            return;
        }
        if (bucketed_) {
            std::int64_t index = bucketIndex(entry.f);
            if (inBuckets_ == 0 && index > current_) current_ = index;
            if (index < current_) index = current_;  // cannot happen with a consistent heuristic
            if (index - current_ < static_cast<std::int64_t>(kBuckets)) {
                auto& bucket = buckets_[static_cast<std::size_t>(index) & (kBuckets - 1)];
                if (index != sorted_) {
                    bucket.push_back(entry);
                    ++inBuckets_;
                    return;
                }
            }
        }
        heapPush(entry);
    }

    OpenEntry popBest() {
        std::vector<OpenEntry>* bucket = nullptr;
        if (inBuckets_ > 0) {
            while (buckets_[static_cast<std::size_t>(current_) & (kBuckets - 1)].empty()) ++current_;
            bucket = &buckets_[static_cast<std::size_t>(current_) & (kBuckets - 1)];
            if (sorted_ != current_) {  // the bucket just became the lowest: sort it once, best first
                std::sort(bucket->begin(), bucket->end(), better);
                sorted_ = current_;
                head_ = 0;
            }
        }
        // Best of the three parts.
        int from = -1;  // 0 stack, 1 bucket, 2 heap
        const OpenEntry* best = nullptr;
        if (!stack_.empty()) {
            best = &stack_.back();
            from = 0;
        }
        if (bucket && (!best || openBefore((*bucket)[head_], *best))) {
            best = &(*bucket)[head_];
            from = 1;
        }
        if (!heap_.empty() && (!best || openBefore(heap_.front(), *best))) {
            best = &heap_.front();
            from = 2;
        }
        const OpenEntry top = *best;
        if (from == 0) {
            stack_.pop_back();
        } else if (from == 1) {
            if (++head_ == bucket->size()) {
                bucket->clear();
                head_ = 0;
            }
            --inBuckets_;
        } else {
            heapPop();
        }
        return top;
    }

    template <class Visit>
    void forEach(Visit&& visit) const {
        for (const OpenEntry& entry : heap_) visit(entry);
        for (const OpenEntry& entry : stack_) visit(entry);
        if (bucketed_)
            for (std::size_t slot = 0; slot < buckets_.size(); ++slot) {
                const auto& bucket = buckets_[slot];
                const bool sorted = sorted_ >= 0 && slot == (static_cast<std::size_t>(sorted_) & (kBuckets - 1));
                for (std::size_t i = sorted ? head_ : 0; i < bucket.size(); ++i) visit(bucket[i]);
            }
    }

private:
    static constexpr double kBucketsPerUnit = 256;
    static constexpr std::size_t kBuckets = 1024;  // covers f up to 4 units ahead, more than 2*sqrt(2)
    static std::int64_t bucketIndex(double f) { return static_cast<std::int64_t>(f * kBucketsPerUnit); }
    // A function object (not a function pointer) so the heap algorithms inline the comparison.
    struct Worse {
        bool operator()(const OpenEntry& a, const OpenEntry& b) const { return openBefore(b, a); }
    };
    static constexpr Worse worse{};
    struct Better {
        bool operator()(const OpenEntry& a, const OpenEntry& b) const { return openBefore(a, b); }
    };
    static constexpr Better better{};

    void heapPush(const OpenEntry& entry) {
        std::size_t pos = heap_.size();
        heap_.push_back(entry);
        while (pos > 0) {
            std::size_t up = (pos - 1) / kArity;
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
            const std::size_t end = first + kArity < size ? first + kArity : size;
            for (std::size_t c = first + 1; c < end; ++c)
                if (openBefore(heap_[c], heap_[child])) child = c;
            if (!openBefore(heap_[child], last)) break;
            heap_[pos] = heap_[child];
            pos = child;
        }
        heap_[pos] = last;
        return top;
    }

    static constexpr std::size_t kArity = 4;  // a 4-ary heap: half the levels of a binary one
    std::vector<OpenEntry> heap_;
    std::vector<OpenEntry> stack_;
    std::vector<std::vector<OpenEntry>> buckets_;
    bool bucketed_ = false;
    std::size_t inBuckets_ = 0;
    std::int64_t current_ = 0;  // index of the lowest bucket that may hold entries
    std::int64_t sorted_ = -1;  // index of the bucket kept sorted (the current one once popped from)
    std::size_t head_ = 0;      // entries of the sorted bucket before this index are already popped
};

}  // namespace aoilab
