#pragma once
// The ways the grid stores "who W sees" (one set per dense slot), measured against each other in
// bench/aoi_bench.cpp ("viewsets/"); the figures and the choice are in grid.h.
//
// Both share one small interface, so the grid is a template over them:
//   ensureSlots(n)   rows for slots [0, n)
//   contains(w, t), insert(w, t) (t not yet in), erase(w, t) (t in), clear(w)
//   collect(w, out)  appends the members of w's set; forEach(w, f) calls f(member) for each
//   update(w, add, drop)  adds and drops many members of w's set at once (add and drop get sorted)
//   count(w), memoryBytes()
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace aoilab {

// A sorted vector of target slots per watcher: memory grows with the relations, not with n^2.
class SortedVectorViews {
public:
    void ensureSlots(std::uint32_t count) {
        if (rows_.size() < count) rows_.resize(count);
    }
    bool contains(std::uint32_t w, std::uint32_t t) const {
        const std::vector<std::uint32_t>& row = rows_[w];
        if (row.size() <= kLinear) {  // a typical view: a short forward scan beats a binary search
            for (std::uint32_t member : row) {
                if (member >= t) return member == t;
            }
            return false;
        }
        return std::binary_search(row.begin(), row.end(), t);
    }
    void insert(std::uint32_t w, std::uint32_t t) {
        std::vector<std::uint32_t>& row = rows_[w];
        row.insert(std::lower_bound(row.begin(), row.end(), t), t);
    }
    void erase(std::uint32_t w, std::uint32_t t) {
        std::vector<std::uint32_t>& row = rows_[w];
        auto it = std::lower_bound(row.begin(), row.end(), t);
        if (it != row.end() && *it == t) row.erase(it);
    }
    void clear(std::uint32_t w) { rows_[w].clear(); }
    // One merge instead of many shifting inserts and erases (a teleport changes dozens at once).
    void update(std::uint32_t w, std::vector<std::uint32_t>& add, std::vector<std::uint32_t>& drop) {
        if (add.empty() && drop.empty()) return;
        std::vector<std::uint32_t>& row = rows_[w];
        std::sort(add.begin(), add.end());
        std::sort(drop.begin(), drop.end());
        merged_.clear();
        auto d = drop.begin();
        auto a = add.begin();
        for (std::uint32_t member : row) {
            while (d != drop.end() && *d < member) ++d;
            if (d != drop.end() && *d == member) continue;
            while (a != add.end() && *a < member) merged_.push_back(*a++);
            merged_.push_back(member);
        }
        merged_.insert(merged_.end(), a, add.end());
        row.swap(merged_);
    }
    void collect(std::uint32_t w, std::vector<std::uint32_t>& out) const {
        out.insert(out.end(), rows_[w].begin(), rows_[w].end());
    }
    template <typename F>
    void forEach(std::uint32_t w, F f) const {
        for (std::uint32_t member : rows_[w]) f(member);
    }
    std::size_t count(std::uint32_t w) const { return rows_[w].size(); }
    // Renumbers the slots: old slot s becomes newSlot[s] (0xffffffff: free, its row is empty); the rows
    // are copied in the new order so that they also lie in memory in that order.
    void remap(const std::vector<std::uint32_t>& newSlot, std::uint32_t count) {
        std::vector<std::vector<std::uint32_t>> rows(count);
        for (std::size_t old = 0; old < rows_.size() && old < newSlot.size(); ++old) {
            if (newSlot[old] == 0xffffffffU) continue;
            std::vector<std::uint32_t>& row = rows[newSlot[old]];
            row.reserve(rows_[old].size() + 2);
            for (std::uint32_t member : rows_[old]) row.push_back(newSlot[member]);
            std::sort(row.begin(), row.end());
        }
        rows_.swap(rows);
    }
    std::size_t memoryBytes() const {
        std::size_t bytes = rows_.capacity() * sizeof(rows_[0]);
        for (const auto& row : rows_) bytes += row.capacity() * sizeof(std::uint32_t);
        return bytes;
    }

private:
    static constexpr std::size_t kLinear = 16;
    std::vector<std::vector<std::uint32_t>> rows_;
    std::vector<std::uint32_t> merged_;  // scratch of update()
};

// An unsorted vector of target slots per watcher: insert appends, erase finds the member with a short
// linear scan and swaps the last one in. Against the sorted vector, an erase touches one place of the
// row instead of shifting half of it, and a bulk update needs no sorting; membership is a linear scan
// (rows hold a view's worth of slots, a few dozen). Measured in grid.h.
class UnsortedVectorViews {
public:
    void ensureSlots(std::uint32_t count) {
        if (rows_.size() < count) rows_.resize(count);
    }
    bool contains(std::uint32_t w, std::uint32_t t) const {
        const std::vector<std::uint32_t>& row = rows_[w];
        return std::find(row.begin(), row.end(), t) != row.end();
    }
    void insert(std::uint32_t w, std::uint32_t t) { rows_[w].push_back(t); }
    void erase(std::uint32_t w, std::uint32_t t) {
        std::vector<std::uint32_t>& row = rows_[w];
        auto it = std::find(row.begin(), row.end(), t);
        if (it == row.end()) return;
        *it = row.back();
        row.pop_back();
    }
    void clear(std::uint32_t w) { rows_[w].clear(); }
    // `drop` holds members only, without repeats: dropping as many as the row holds empties it (a
    // teleport drops the whole view at once).
    void update(std::uint32_t w, std::vector<std::uint32_t>& add, std::vector<std::uint32_t>& drop) {
        std::vector<std::uint32_t>& row = rows_[w];
        if (drop.size() == row.size()) {
            row.clear();
        } else {
            for (std::uint32_t t : drop) erase(w, t);
        }
        row.insert(row.end(), add.begin(), add.end());
    }
    void collect(std::uint32_t w, std::vector<std::uint32_t>& out) const {
        out.insert(out.end(), rows_[w].begin(), rows_[w].end());
    }
    template <typename F>
    void forEach(std::uint32_t w, F f) const {
        for (std::uint32_t member : rows_[w]) f(member);
    }
    std::size_t count(std::uint32_t w) const { return rows_[w].size(); }
    void prefetch(std::uint32_t w) const { __builtin_prefetch(rows_[w].data()); }
    void remap(const std::vector<std::uint32_t>& newSlot, std::uint32_t count) {
        std::vector<std::vector<std::uint32_t>> rows(count);
        for (std::size_t old = 0; old < rows_.size() && old < newSlot.size(); ++old) {
            if (newSlot[old] == 0xffffffffU) continue;
            std::vector<std::uint32_t>& row = rows[newSlot[old]];
            row.reserve(rows_[old].size() + 2);
            for (std::uint32_t member : rows_[old]) row.push_back(newSlot[member]);
        }
        rows_.swap(rows);
    }
    std::size_t memoryBytes() const {
        std::size_t bytes = rows_.capacity() * sizeof(rows_[0]);
        for (const auto& row : rows_) bytes += row.capacity() * sizeof(std::uint32_t);
        return bytes;
    }

private:
    std::vector<std::vector<std::uint32_t>> rows_;
};

// Unsorted members, the first kInline of each row in one 64-byte record of a flat array (one cache line
// per row, rows in slot order, so the grid's compaction also lays them out in cell order), the rest in a
// per-row overflow vector. Steady state allocates nothing: a random walk keeps a few to a few dozen
// relations per entity, and the rows sit next to each other instead of in scattered heap blocks.
class InlineRowViews {
public:
    void ensureSlots(std::uint32_t count) {
        if (rows_.size() < count) {
            rows_.resize(count);
            overflow_.resize(count);
        }
    }
    bool contains(std::uint32_t w, std::uint32_t t) const {
        bool found = false;
        forEach(w, [&](std::uint32_t member) { found |= member == t; });
        return found;
    }
    void insert(std::uint32_t w, std::uint32_t t) {
        Row& row = rows_[w];
        if (row.count < kInline) {
            row.inline_[row.count] = t;
        } else {
            overflow_[w].push_back(t);
        }
        ++row.count;
    }
    void erase(std::uint32_t w, std::uint32_t t) {
        Row& row = rows_[w];
        std::uint32_t* slot = nullptr;
        std::uint32_t inlined = row.count < kInline ? row.count : kInline;
        for (std::uint32_t i = 0; i < inlined && slot == nullptr; ++i) {
            if (row.inline_[i] == t) slot = &row.inline_[i];
        }
        std::vector<std::uint32_t>* spill = row.count > kInline ? &overflow_[w] : nullptr;
        if (slot == nullptr && spill != nullptr) {
            auto it = std::find(spill->begin(), spill->end(), t);
            if (it != spill->end()) slot = &*it;
        }
        if (slot == nullptr) return;
        if (spill != nullptr) {
            *slot = spill->back();
            spill->pop_back();
        } else {
            *slot = row.inline_[row.count - 1];
        }
        --row.count;
    }
    void clear(std::uint32_t w) {
        if (rows_[w].count > kInline) overflow_[w].clear();
        rows_[w].count = 0;
    }
    // `drop` holds members only, without repeats: dropping as many as the row holds empties it.
    void update(std::uint32_t w, std::vector<std::uint32_t>& add, std::vector<std::uint32_t>& drop) {
        if (drop.size() == rows_[w].count) {
            clear(w);
        } else {
            for (std::uint32_t t : drop) erase(w, t);
        }
        for (std::uint32_t t : add) insert(w, t);
    }
    void collect(std::uint32_t w, std::vector<std::uint32_t>& out) const {
        forEach(w, [&](std::uint32_t member) { out.push_back(member); });
    }
    template <typename F>
    void forEach(std::uint32_t w, F f) const {
        const Row& row = rows_[w];
        std::uint32_t inlined = row.count < kInline ? row.count : kInline;
        for (std::uint32_t i = 0; i < inlined; ++i) f(row.inline_[i]);
        if (row.count > kInline) {
            for (std::uint32_t member : overflow_[w]) f(member);
        }
    }
    std::size_t count(std::uint32_t w) const { return rows_[w].count; }
    void prefetch(std::uint32_t w) const { __builtin_prefetch(&rows_[w]); }
    void remap(const std::vector<std::uint32_t>& newSlot, std::uint32_t count) {
        InlineRowViews fresh;
        fresh.ensureSlots(count);
        for (std::size_t old = 0; old < rows_.size() && old < newSlot.size(); ++old) {
            if (newSlot[old] == 0xffffffffU) continue;
            forEach(static_cast<std::uint32_t>(old), [&](std::uint32_t member) { fresh.insert(newSlot[old], newSlot[member]); });
        }
        rows_.swap(fresh.rows_);
        overflow_.swap(fresh.overflow_);
    }
    std::size_t memoryBytes() const {
        std::size_t bytes = rows_.capacity() * sizeof(Row) + overflow_.capacity() * sizeof(overflow_[0]);
        for (const auto& spill : overflow_) bytes += spill.capacity() * sizeof(std::uint32_t);
        return bytes;
    }

private:
    static constexpr std::uint32_t kInline = 15;
    struct alignas(64) Row {
        std::uint32_t count = 0;
        std::uint32_t inline_[kInline];
    };
    std::vector<Row> rows_;
    std::vector<std::vector<std::uint32_t>> overflow_;
};

// One bit per (watcher slot, target slot), as the classic grid article does: O(1) membership, but
// n^2 / 8 bytes (10,000 slots: 12.5 MB; 100,000 slots: 1.25 GB) and a set walk costs n / 64 words.
class BitsetViews {
public:
    void ensureSlots(std::uint32_t count) {
        if (count <= capacity_) return;
        std::size_t newStride = std::max<std::size_t>((count + 63) / 64, stride_ * 2);
        std::vector<std::uint64_t> grown(newStride * 64 * newStride, 0);
        for (std::size_t row = 0; row < capacity_; ++row)
            std::memcpy(&grown[row * newStride], &words_[row * stride_], stride_ * sizeof(std::uint64_t));
        words_.swap(grown);
        stride_ = newStride;
        capacity_ = static_cast<std::uint32_t>(newStride * 64);
    }
    bool contains(std::uint32_t w, std::uint32_t t) const { return (word(w, t) >> (t & 63)) & 1U; }
    void insert(std::uint32_t w, std::uint32_t t) { word(w, t) |= bit(t); }
    void erase(std::uint32_t w, std::uint32_t t) { word(w, t) &= ~bit(t); }
    void clear(std::uint32_t w) { std::memset(&words_[w * stride_], 0, stride_ * sizeof(std::uint64_t)); }
    void update(std::uint32_t w, std::vector<std::uint32_t>& add, std::vector<std::uint32_t>& drop) {
        for (std::uint32_t t : drop) erase(w, t);
        for (std::uint32_t t : add) insert(w, t);
    }
    void collect(std::uint32_t w, std::vector<std::uint32_t>& out) const {
        const std::uint64_t* row = &words_[w * stride_];
        for (std::size_t i = 0; i < stride_; ++i) {
            for (std::uint64_t bits = row[i]; bits != 0; bits &= bits - 1)
                out.push_back(static_cast<std::uint32_t>(i * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
        }
    }
    template <typename F>
    void forEach(std::uint32_t w, F f) const {
        const std::uint64_t* row = &words_[w * stride_];
        for (std::size_t i = 0; i < stride_; ++i) {
            for (std::uint64_t bits = row[i]; bits != 0; bits &= bits - 1)
                f(static_cast<std::uint32_t>(i * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
        }
    }
    std::size_t count(std::uint32_t w) const {
        std::size_t total = 0;
        const std::uint64_t* row = &words_[w * stride_];
        for (std::size_t i = 0; i < stride_; ++i) total += static_cast<std::size_t>(__builtin_popcountll(row[i]));
        return total;
    }
    void remap(const std::vector<std::uint32_t>& newSlot, std::uint32_t count) {
        BitsetViews fresh;
        fresh.ensureSlots(std::max<std::uint32_t>(count, 1));
        std::vector<std::uint32_t> members;
        for (std::size_t old = 0; old < capacity_ && old < newSlot.size(); ++old) {
            if (newSlot[old] == 0xffffffffU) continue;
            members.clear();
            collect(static_cast<std::uint32_t>(old), members);
            for (std::uint32_t member : members) fresh.insert(newSlot[old], newSlot[member]);
        }
        *this = std::move(fresh);
    }
    std::size_t memoryBytes() const { return words_.capacity() * sizeof(std::uint64_t); }

private:
    static std::uint64_t bit(std::uint32_t t) { return std::uint64_t{1} << (t & 63); }
    std::uint64_t& word(std::uint32_t w, std::uint32_t t) { return words_[w * stride_ + t / 64]; }
    std::uint64_t word(std::uint32_t w, std::uint32_t t) const { return words_[w * stride_ + t / 64]; }

    std::vector<std::uint64_t> words_;
    std::size_t stride_ = 0;  // 64-bit words per row
    std::uint32_t capacity_ = 0;
};

}  // namespace aoilab
