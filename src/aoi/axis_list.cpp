#include "aoi/axis_list.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace aoilab {

namespace {
// Moves `count` entries of a chunk's three arrays from index `from` to index `to` (ranges may overlap).
void shiftEntries(AxisList::Chunk& ch, int from, int to, int count) {
    if (count <= 0) return;
    const auto n = static_cast<std::size_t>(count);
    std::memmove(ch.key + to, ch.key + from, n * sizeof(double));
    std::memmove(ch.other + to, ch.other + from, n * sizeof(float));
    std::memmove(ch.slot + to, ch.slot + from, n * sizeof(Slot));
}
void copyEntries(const AxisList::Chunk& from, int first, int count, AxisList::Chunk& to, int at) {
    if (count <= 0) return;
    const auto n = static_cast<std::size_t>(count);
    std::memcpy(to.key + at, from.key + first, n * sizeof(double));
    std::memcpy(to.other + at, from.other + first, n * sizeof(float));
    std::memcpy(to.slot + at, from.slot + first, n * sizeof(Slot));
}
}  // namespace

// s is in its chunk, before any stale copy past the count: the first match is its entry. SSE2 (x86-64's
// baseline) compares four slots an instruction; the blocks never pass the chunk's array (kChunk % 4 == 0).
AxisList::Cursor AxisList::find(Slot s) const {
    const int c = chunkOf_[static_cast<std::size_t>(s)];
    const Chunk& ch = chunk(c);
#if defined(__SSE2__)
    static_assert(kChunk % 4 == 0);
    const __m128i wanted = _mm_set1_epi32(s);
    for (int i = 0;; i += 4) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ch.slot + i));
        const int match = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(block, wanted)));
        if (match != 0) return {c, i + __builtin_ctz(static_cast<unsigned>(match))};
    }
#else
    int i = 0;
    while (ch.slot[i] != s) ++i;
    return {c, i};
#endif
}

void AxisList::rebuildBuckets(std::size_t count) {
    buckets_.assign(count, kNoSlot);
    bucketsPerUnit_ = static_cast<double>(count) / extent_;
    for (int c = head_; c >= 0; c = chunk(c).next) {
        const Chunk& ch = chunk(c);
        for (int i = 0; i < ch.count; ++i) {
            Slot& first = buckets_[bucketOf(ch.key[i])];
            if (first == kNoSlot) first = ch.slot[i];
        }
    }
}

// Rewrites the chunks in list order, 3/4 full (room for inserts), so walks read memory in order.
void AxisList::compactInListOrder() {
    spare_.clear();
    spare_.reserve(count_ / kPackedFill + 1);
    for (int c = head_; c >= 0; c = chunk(c).next) {
        const Chunk& ch = chunk(c);
        for (int i = 0; i < ch.count; ++i) {
            if (spare_.empty() || spare_.back().count == kPackedFill) {
                spare_.emplace_back();
                spare_.back().prev = static_cast<int>(spare_.size()) - 2;
                if (spare_.size() > 1) spare_[spare_.size() - 2].next = static_cast<int>(spare_.size()) - 1;
            }
            Chunk& to = spare_.back();
            to.key[to.count] = ch.key[i];
            to.other[to.count] = ch.other[i];
            to.slot[to.count] = ch.slot[i];
            chunkOf_[static_cast<std::size_t>(ch.slot[i])] = static_cast<int>(spare_.size()) - 1;
            ++to.count;
        }
    }
    chunks_.swap(spare_);
    head_ = chunks_.empty() ? -1 : 0;
    tail_ = static_cast<int>(chunks_.size()) - 1;
    freeChunks_.clear();
    relinksSinceCompaction_ = 0;
    rebuildBuckets(buckets_.size());
}

void AxisList::noteRelink() {
    if (++relinksSinceCompaction_ > std::max<std::size_t>(count_, 1024)) compactInListOrder();
}

AxisList::Cursor AxisList::predecessorFrom(Cursor start, double key, PlaceCost& cost) const {
    Cursor p = start;
    ++cost.nodes;
    if (this->key(p) <= key) {
        for (Cursor n = next(p); n.valid(); n = next(n)) {
            ++cost.nodes;
            if (this->key(n) > key) break;
            p = n;
        }
        return p;
    }
    for (p = prev(p); p.valid(); p = prev(p)) {
        ++cost.nodes;
        if (this->key(p) <= key) break;
    }
    return p;
}

AxisList::Cursor AxisList::predecessorFromHead(double key, PlaceCost& cost) const {
    Cursor p;
    for (Cursor n = first(); n.valid(); n = next(n)) {
        ++cost.nodes;
        if (this->key(n) > key) break;
        p = n;
    }
    return p;
}

AxisList::Cursor AxisList::predecessorFromIndex(double key, PlaceCost& cost) const {
    std::size_t b = bucketOf(key);
    ++cost.buckets;
    Slot first = buckets_[b];
    if (first != kNoSlot) {
        Cursor at = find(first);
        if (this->key(at) <= key) return predecessorFrom(at, key, cost);
        ++cost.nodes;  // read to learn that everything before it is smaller
        return prev(at);
    }
    // Every entry before the first entry of the next non-empty bucket is smaller than key.
    for (std::size_t i = b + 1; i < buckets_.size(); ++i) {
        ++cost.buckets;
        if (buckets_[i] != kNoSlot) {
            ++cost.nodes;
            return prev(find(buckets_[i]));
        }
    }
    return tail_ < 0 ? Cursor{} : Cursor{tail_, chunk(tail_).count - 1};
}

int AxisList::newChunk() {
    int c;
    if (!freeChunks_.empty()) {
        c = freeChunks_.back();
        freeChunks_.pop_back();
    } else {
        c = static_cast<int>(chunks_.size());
        chunks_.emplace_back();
    }
    Chunk& ch = at(c);
    ch.count = 0;
    ch.prev = ch.next = -1;
    return c;
}

void AxisList::freeChunk(int c) { freeChunks_.push_back(c); }

// The upper half of a full chunk moves to a new chunk linked after it.
void AxisList::splitChunk(int c) {
    const int fresh = newChunk();  // may reallocate: references taken after
    Chunk& from = at(c);
    Chunk& to = at(fresh);
    const int keep = from.count / 2;
    copyEntries(from, keep, from.count - keep, to, 0);
    to.count = from.count - keep;
    from.count = keep;
    for (int i = 0; i < to.count; ++i) chunkOf_[static_cast<std::size_t>(to.slot[i])] = fresh;
    to.prev = c;
    to.next = from.next;
    if (from.next >= 0) at(from.next).prev = fresh; else tail_ = fresh;
    from.next = fresh;
}

void AxisList::mergeInto(int c, int after) {
    Chunk& to = at(c);
    Chunk& from = at(after);
    copyEntries(from, 0, from.count, to, to.count);
    for (int i = 0; i < from.count; ++i) chunkOf_[static_cast<std::size_t>(from.slot[i])] = c;
    to.count += from.count;
    to.next = from.next;
    if (from.next >= 0) at(from.next).prev = c; else tail_ = c;
    freeChunk(after);
}

void AxisList::insertAfter(Cursor predecessor, Slot s, double key, double other) {
    int c;
    int i;
    if (predecessor.valid()) {
        c = predecessor.chunk;
        i = predecessor.index + 1;
    } else if (head_ >= 0) {
        c = head_;
        i = 0;
    } else {
        c = newChunk();
        head_ = tail_ = c;
        i = 0;
    }
    if (chunk(c).count == kChunk) {
        splitChunk(c);
        const int kept = chunk(c).count;
        if (i > kept) {
            i -= kept;
            c = chunk(c).next;
        }
    }
    Chunk& ch = at(c);
    shiftEntries(ch, i, i + 1, ch.count - i);
    ch.key[i] = key;
    ch.other[i] = static_cast<float>(other);
    ch.slot[i] = s;
    ++ch.count;
    chunkOf_[static_cast<std::size_t>(s)] = c;
    ++count_;
    std::size_t b = bucketOf(key);
    Cursor before = prev({c, i});
    if (!before.valid() || bucketOf(this->key(before)) != b) buckets_[b] = s;  // s heads its bucket now
}

void AxisList::eraseAt(Cursor where) {
    const int c = where.chunk;
    {
        // The entry heads its bucket when the entry before it lies in another bucket (or there is
        // none): read from the chunk, not from the index (a cache miss a relink saved).
        std::size_t b = bucketOf(key(where));
        Cursor before = prev(where);
        if (!before.valid() || bucketOf(key(before)) != b) {
            Cursor after = next(where);
            buckets_[b] = after.valid() && bucketOf(key(after)) == b ? slot(after) : kNoSlot;
        }
    }
    Chunk& ch = at(c);
    shiftEntries(ch, where.index + 1, where.index, ch.count - where.index - 1);
    --ch.count;
    --count_;
    if (ch.count == 0) {  // unlink the empty chunk
        if (ch.prev >= 0) at(ch.prev).next = ch.next; else head_ = ch.next;
        if (ch.next >= 0) at(ch.next).prev = ch.prev; else tail_ = ch.prev;
        freeChunk(c);
        return;
    }
    if (ch.count >= kChunk / 4) return;
    // A quarter full: merge with a neighbour when both fit in a chunk with room to spare.
    if (ch.next >= 0 && ch.count + chunk(ch.next).count <= kPackedFill) {
        mergeInto(c, ch.next);
    } else if (ch.prev >= 0 && ch.count + chunk(ch.prev).count <= kPackedFill) {
        mergeInto(ch.prev, c);
    }
}

void AxisList::setRanked(bool on) {
    ranks_.clear();
    ranked_ = on;
    if (!on) return;
    // The list is sorted by key, equal keys in link order; the ranks by (key, slot): a sort of the pairs
    // (short runs of equal keys) and one pass to build the tree.
    std::vector<std::pair<double, Slot>> pairs;
    pairs.reserve(count_);
    for (int c = head_; c >= 0; c = chunk(c).next)
        for (int i = 0; i < chunk(c).count; ++i) pairs.emplace_back(chunk(c).key[i], chunk(c).slot[i]);
    std::sort(pairs.begin(), pairs.end());
    ranks_.assignSorted(pairs);
}

void AxisList::beginBulkLinks() {
    if (!ranked_ || count_ != 0 || bulk_) return;
    bulk_ = true;
    bulkLinks_.clear();
}

std::uint64_t AxisList::endBulkLinks() {
    if (!bulk_) return 0;
    bulk_ = false;
    // Link i found i nodes in the list. Its head walk read those whose key is at most its own, then the
    // first larger one when there was one: a prefix count over the keys' order, link by link.
    std::vector<double> order;
    order.reserve(bulkLinks_.size());
    for (const BulkLink& link : bulkLinks_) order.push_back(link.key);
    std::sort(order.begin(), order.end());
    order.erase(std::unique(order.begin(), order.end()), order.end());
    std::vector<std::uint32_t> fenwick(order.size() + 1, 0);
    std::uint64_t nodes = 0;
    for (std::size_t i = 0; i < bulkLinks_.size(); ++i) {
        // 1-based position of the last distinct key <= this one: the prefix to count.
        const auto rank = static_cast<std::size_t>(
            std::upper_bound(order.begin(), order.end(), bulkLinks_[i].key) - order.begin());
        if (bulkLinks_[i].priced) {
            std::uint64_t atMost = 0;
            for (std::size_t k = rank; k > 0; k -= k & (~k + 1)) atMost += fenwick[k];
            nodes += atMost + (atMost < i ? 1 : 0);
        }
        for (std::size_t k = rank; k < fenwick.size(); k += k & (~k + 1)) ++fenwick[k];
    }
    bulkLinks_.clear();
    bulkLinks_.shrink_to_fit();
    setRanked(true);
    return nodes;
}

AxisList::PlaceCost AxisList::headWalkCostByRank(double key) const {
    auto atMost = static_cast<int>(ranks_.countLess({key, std::numeric_limits<Slot>::max()}));
    PlaceCost cost;
    cost.nodes = atMost + (static_cast<std::size_t>(atMost) < count_ ? 1 : 0);
    return cost;
}

void AxisList::unlink(Slot s) {
    if (bulk_) endBulkLinks();  // only links belong to a run (its price is then dropped: the caller's error)
    Cursor at = find(s);
    if (ranked_) ranks_.erase({key(at), s});
    eraseAt(at);
    chunkOf_[static_cast<std::size_t>(s)] = -1;
}

AxisList::PlaceCost AxisList::link(Slot s, double key, double other, bool fromHead, PlaceCost* otherWay) {
    if (static_cast<std::size_t>(s) >= chunkOf_.size()) chunkOf_.resize(static_cast<std::size_t>(s) + 1, -1);
    if (count_ + 1 > 2 * buckets_.size()) rebuildBuckets(2 * (count_ + 1));
    PlaceCost cost;
    Cursor predecessor = fromHead ? predecessorFromHead(key, cost) : predecessorFromIndex(key, cost);
    if (otherWay) {
        *otherWay = {};
        if (fromHead) predecessorFromIndex(key, *otherWay);
        else if (bulk_) {}  // priced with the whole run, by endBulkLinks
        else if (ranked_) *otherWay = headWalkCostByRank(key);
        else predecessorFromHead(key, *otherWay);
    }
    insertAfter(predecessor, s, key, other);
    if (bulk_) bulkLinks_.push_back({key, otherWay != nullptr && !fromHead});
    else if (ranked_) ranks_.insert({key, s});
    noteRelink();
    return cost;
}

AxisList::PlaceCost AxisList::relocate(Slot s, double key, double other, bool fromHead, Placement& used,
                                       PlaceCost* otherWay) {
    if (bulk_) endBulkLinks();  // as in unlink
    Cursor where = find(s);
    const double oldKey = this->key(where);
    double hop = std::fabs(key - oldKey);
    // Walk from the node while the hop should pass only a few nodes (count / extent per unit): that is
    // the cross-linked list's own move, and what the panels teach; longer jumps ask the bucket index.
    used = fromHead ? Placement::FromHead
                    : hop * static_cast<double>(count_) / extent_ > kWalkNodes ? Placement::BucketIndex
                                                                               : Placement::Neighbours;
    // Walk from the node's own neighbours (it is not linked while we search).
    Slot start = kNoSlot;
    if (Cursor before = prev(where); before.valid()) {
        start = slot(before);
    } else if (Cursor after = next(where); after.valid()) {
        start = slot(after);
    }
    if (ranked_) ranks_.erase({oldKey, s});
    eraseAt(where);
    PlaceCost cost;
    Cursor predecessor;
    switch (used) {
        case Placement::FromHead: predecessor = predecessorFromHead(key, cost); break;
        case Placement::BucketIndex: predecessor = predecessorFromIndex(key, cost); break;
        case Placement::Neighbours:
            if (start != kNoSlot) predecessor = predecessorFrom(find(start), key, cost);
            break;
    }
    if (otherWay) {
        *otherWay = {};
        if (used == Placement::FromHead) predecessorFromIndex(key, *otherWay);
        else if (ranked_) *otherWay = headWalkCostByRank(key);
        else predecessorFromHead(key, *otherWay);
    }
    insertAfter(predecessor, s, key, other);
    if (ranked_) ranks_.insert({key, s});
    noteRelink();
    return cost;
}

void AxisList::renumber(const std::vector<Slot>& newSlot) {
    std::size_t slots = 0;
    for (Slot s : newSlot) slots = std::max(slots, static_cast<std::size_t>(s + 1));
    chunkOf_.assign(slots, -1);
    for (int c = head_; c >= 0; c = chunk(c).next) {
        Chunk& ch = at(c);
        for (int i = 0; i < ch.count; ++i) {
            ch.slot[i] = newSlot[static_cast<std::size_t>(ch.slot[i])];
            chunkOf_[static_cast<std::size_t>(ch.slot[i])] = c;
        }
    }
    for (Slot& first : buckets_)
        if (first != kNoSlot) first = newSlot[static_cast<std::size_t>(first)];
    if (ranked_) setRanked(true);
}

void AxisList::slotsInOrder(std::vector<Slot>& out) const {
    out.clear();
    for (int c = head_; c >= 0; c = chunk(c).next) out.insert(out.end(), chunk(c).slot, chunk(c).slot + chunk(c).count);
}

}  // namespace aoilab
