#pragma once
// Which cells a grid search has reached and closed, one bit each, reset between queries in time
// proportional to what the query touched. A 512x512 map needs two 32 KiB bitsets, small enough to stay
// in the first-level cache, so checking a neighbour ("new, open or closed?") rarely waits for memory;
// the per-cell g and parent are only read for open neighbours.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace aoilab {

class CellMarks {
public:
    // Calls visit(cell) for every cell reached since the last reset (the searches reset their per-cell g).
    template <class Visit>
    void forEachReached(Visit visit) const {
        for (std::uint32_t word : touched_)
            for (std::uint64_t bits = reached_[word]; bits != 0; bits &= bits - 1)
                visit(static_cast<int>(word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits))));
    }

    // Calls visit(word) for every 64-cell word holding a cell reached since the last reset: resetting
    // per-cell state a whole word at a time has a fixed trip count, so no branch on each word's bits.
    template <class Visit>
    void forEachTouchedWord(Visit visit) const {
        for (std::uint32_t word : touched_) visit(static_cast<std::size_t>(word));
    }

    // Forgets every mark; `cells` is the map's cell count (the bitsets grow as needed).
    void reset(std::size_t cells) {
        for (std::uint32_t word : touched_) {
            reached_[word] = 0;
            closed_[word] = 0;
        }
        touched_.clear();
        const std::size_t words = (cells + 63) / 64;
        if (reached_.size() < words) {
            reached_.resize(words, 0);
            closed_.resize(words, 0);
        }
    }

    // Always inlined: they sit in the searches' inner loops, where GCC stopped inlining reach() on its own.
    [[gnu::always_inline]] bool reached(int cell) const { return (reached_[word(cell)] & bit(cell)) != 0; }
    [[gnu::always_inline]] bool closed(int cell) const { return (closed_[word(cell)] & bit(cell)) != 0; }
    bool open(int cell) const { return reached(cell) && !closed(cell); }
    // How many cells are closed, and reached but not closed: one popcount a touched word.
    std::size_t closedCount() const {
        std::size_t n = 0;
        for (std::uint32_t word : touched_) n += static_cast<std::size_t>(std::popcount(closed_[word]));
        return n;
    }
    std::size_t openCount() const {
        std::size_t n = 0;
        for (std::uint32_t word : touched_) n += static_cast<std::size_t>(std::popcount(reached_[word] & ~closed_[word]));
        return n;
    }

    [[gnu::always_inline]] void reach(int cell) {
        std::uint64_t& bits = reached_[word(cell)];
        if (bits == 0) touched_.push_back(static_cast<std::uint32_t>(word(cell)));
        bits |= bit(cell);
    }
    [[gnu::always_inline]] void close(int cell) { closed_[word(cell)] |= bit(cell); }
    void reopen(int cell) { closed_[word(cell)] &= ~bit(cell); }

private:
    static std::size_t word(int cell) { return static_cast<std::size_t>(cell) >> 6; }
    static std::uint64_t bit(int cell) { return std::uint64_t(1) << (cell & 63); }

    std::vector<std::uint64_t> reached_;
    std::vector<std::uint64_t> closed_;  // a subset of reached_, so touched_ covers both
    std::vector<std::uint32_t> touched_;  // words of reached_ that became non-zero this query
};

}  // namespace aoilab
