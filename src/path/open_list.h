#pragma once
// The open list of the grid searches: entries (f, g, cell) ordered by lower f, then higher g (ties go
// toward the goal). Two parts:
//   - a 4-ary heap with lazy deletion: a cell reached more cheaply gets a new entry and the old one
//     is skipped when it comes up (the search recognises it by its g), so no positions are tracked;
//   - a "fast stack" for entries whose f equals the f just expanded, which on grids is most of them:
//     those entries are kept in increasing g, so the top is the best of the stack and most pushes and
//     pops cost O(1) instead of O(log n). popBest() compares both tops, so the order stays exact.
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
    void clear() {
        heap_.clear();
        stack_.clear();
    }
    bool empty() const { return heap_.empty() && stack_.empty(); }
    std::size_t size() const { return heap_.size() + stack_.size(); }  // stale entries included

    // `currentF` is the f of the entry being expanded (the current minimum).
    void push(const OpenEntry& entry, double currentF) {
        if (entry.f == currentF && (stack_.empty() || (stack_.back().f == entry.f && entry.g >= stack_.back().g))) {
            stack_.push_back(entry);
        } else {
            heapPush(entry);
        }
    }

    OpenEntry popBest() {
        if (!stack_.empty() && (heap_.empty() || !openBefore(heap_.front(), stack_.back()))) {
            OpenEntry top = stack_.back();
            stack_.pop_back();
            return top;
        }
        return heapPop();
    }

    template <class Visit>
    void forEach(Visit&& visit) const {
        for (const OpenEntry& entry : heap_) visit(entry);
        for (const OpenEntry& entry : stack_) visit(entry);
    }

private:
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
};

}  // namespace aoilab
