#pragma once
// One axis of the cross-linked list: the entities' entries ("nodes", one per entity slot) sorted by their
// coordinate on this axis, plus a coarse index of coordinate buckets.
//
// Memory form: an unrolled doubly linked list. The sorted sequence is cut into chunks of up to kChunk
// entries; a chunk stores its entries contiguously, key by key, other by other, slot by slot (structure
// of arrays), and links to the chunks before and after it. It is still the article's sorted doubly linked
// list, walked node by node in the same order, but a range walk reads consecutive memory (no chain of
// dependent loads: at 100,000 entities a walk reads about 1,000 entries) and a relink shifts a few entries
// inside a chunk. A full chunk splits in two; a chunk emptied to a quarter merges with a neighbour.
//
// The buckets split [0, extent] into equal ranges; each remembers the FIRST entry of the list whose key
// falls into it (entries of one bucket are contiguous, so this is O(1) to maintain on link and unlink).
// A long jump finds its insertion point from the nearest non-empty bucket instead of walking the whole
// list; a short hop walks from the entity's own neighbours. The article's own insertion, a walk from the
// head of the list (O(n)), is kept as a choice for teaching (Placement::FromHead). There are about as many
// buckets as entries (rebuilt, O(n), whenever the count doubles), so a lookup walks a handful of entries
// on spread-out worlds. Worst case (all entities in a few buckets), a lookup degrades to walking those
// crowded buckets. After about n relinks the chunks are rewritten in list order, 3/4 full, so the next
// chunk of the list is the next one in memory.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "aoi/view_relations.h"
#include "core/rank_set.h"

namespace aoilab {

class AxisList {
public:
    static constexpr int kChunk = 64;  // entries a chunk holds at most (a chunk is 1 KiB)
    static constexpr int kPackedFill = kChunk * 3 / 4;  // entries per chunk after a compaction
    struct Chunk {
        // Entries [0, count) are live; the rest are zeros or stale copies (a walk tests whole blocks).
        double key[kChunk]{};    // coordinate on this axis, sorted
        float other[kChunk]{};   // coordinate on the other axis, rounded: a range walk's coarse test reads it
        Slot slot[kChunk]{};     // the entity that owns the entry
        int count = 0;
        int prev = -1;  // chunk before (smaller keys), -1: none
        int next = -1;
    };
    // Where an entry is: chunk and index in it (chunk -1: none, e.g. "before the head").
    struct Cursor {
        int chunk = -1;
        int index = 0;
        bool valid() const { return chunk >= 0; }
        friend bool operator==(const Cursor&, const Cursor&) = default;
    };

    explicit AxisList(double extent) : extent_(extent > 0 ? extent : 1) { rebuildBuckets(64); }

    std::size_t size() const { return count_; }
    Cursor first() const { return {head_, 0}; }  // invalid when empty (head_ -1)
    Cursor find(Slot s) const;                    // s's entry (s linked)
    Cursor next(Cursor c) const {
        const Chunk& ch = chunks_[static_cast<std::size_t>(c.chunk)];
        if (c.index + 1 < ch.count) return {c.chunk, c.index + 1};
        return {ch.next, 0};
    }
    Cursor prev(Cursor c) const {
        if (c.index > 0) return {c.chunk, c.index - 1};
        int p = chunks_[static_cast<std::size_t>(c.chunk)].prev;
        return p < 0 ? Cursor{} : Cursor{p, chunks_[static_cast<std::size_t>(p)].count - 1};
    }
    const Chunk& chunk(int c) const { return chunks_[static_cast<std::size_t>(c)]; }
    double key(Cursor c) const { return chunk(c.chunk).key[c.index]; }
    float other(Cursor c) const { return chunk(c.chunk).other[c.index]; }
    Slot slot(Cursor c) const { return chunk(c.chunk).slot[c.index]; }

    // How a node's place was found: from the head of the list (the article), through the bucket index,
    // or by walking from the node's old neighbours (a short move).
    enum class Placement : std::uint8_t { FromHead, BucketIndex, Neighbours };
    // What finding a place cost, counted apart: list nodes read (each node whose key was compared,
    // including the one where the walk stopped) and index buckets probed.
    struct PlaceCost {
        int nodes = 0;
        int buckets = 0;
        friend bool operator==(const PlaceCost&, const PlaceCost&) = default;
    };

    // Inserts slot s (not linked) at its sorted place, from the head or through the bucket index.
    // `other`: when not null, also receives what the other of those two ways would have cost (computed
    // without changing anything: O(n) for the head walk, so only the app asks).
    PlaceCost link(Slot s, double key, double other, bool fromHead, PlaceCost* otherWay = nullptr);
    void unlink(Slot s);
    // Moves s to key. fromHead: unlinks and walks from the head (the article's move = leave + add); else
    // walks from its own neighbours for a short hop, or asks the bucket index for a long jump. `used`
    // tells which way was taken; `otherWay` (optional) the cost of the head walk when it was not used,
    // else of the bucket index.
    PlaceCost relocate(Slot s, double key, double other, bool fromHead, Placement& used, PlaceCost* otherWay = nullptr);

    // Pricing the head walk a link or relocate did not take (otherWay) by walking is O(n) an operation:
    // minutes for a 100,000-entity world's starting adds. Ranked, the list also keeps its keys in an
    // order-statistics tree, and the head walk's cost is read from the rank of the key, O(log n): the
    // walk reads every node whose key is at most the key, then the first larger one (if any).
    void setRanked(bool on);
    bool ranked() const { return ranked_; }

    // A bulk build's links (a run of links into an empty ranked list, one after another, whose prices of
    // the head walk are wanted only in total): pricing each by rank costs two thirds of the cross-linked
    // list's build at 1,000,000 entities (a split and a merge of the rank tree, and a count, each O(log n)
    // with a cache miss a level). So during the run the ranks are not kept and each link's otherWay is
    // left empty; endBulkLinks() prices the whole run at once (link i's head walk read every earlier key
    // at most its own, then the first larger one: a Fenwick tree over the keys' order, O(n log n) with
    // small constants), rebuilds the ranks in one pass, and returns the run's head-walk nodes in total.
    // Only links may happen during the run. beginBulkLinks does nothing unless the list is ranked and empty.
    void beginBulkLinks();
    std::uint64_t endBulkLinks();
    bool bulkLinking() const { return bulk_; }

    // Rewrites the chunks in list order now (also done after about n relinks).
    void compact() { compactInListOrder(); }
    // The slots were renumbered (ViewRelations::renumber): newSlot[old] is each entry's new slot.
    void renumber(const std::vector<Slot>& newSlot);
    // The slots in list order.
    void slotsInOrder(std::vector<Slot>& out) const;

    std::size_t memoryBytes() const {
        // A rank set node: the (key, slot) pair, the priority, two links and the subtree size.
        constexpr std::size_t kRankNodeBytes = sizeof(std::pair<double, Slot>) + 4 * sizeof(int) + sizeof(std::size_t);
        return (chunks_.capacity() + spare_.capacity()) * sizeof(Chunk) +
               (buckets_.capacity() + chunkOf_.capacity() + freeChunks_.capacity()) * sizeof(int) +
               ranks_.size() * kRankNodeBytes;
    }

private:
    Chunk& at(int c) { return chunks_[static_cast<std::size_t>(c)]; }
    std::size_t bucketOf(double key) const {
        double b = key * bucketsPerUnit_;
        if (!(b > 0)) return 0;
        auto index = static_cast<std::size_t>(b);
        return index >= buckets_.size() ? buckets_.size() - 1 : index;
    }
    // The entry after which `key` belongs (after any equal keys, so the newest of equal coordinates
    // comes last; invalid: at the head), found from the buckets.
    Cursor predecessorFromIndex(double key, PlaceCost& cost) const;
    // The same, walking from a linked entry `start` (read first).
    Cursor predecessorFrom(Cursor start, double key, PlaceCost& cost) const;
    // The same, walking from the head of the list as the article does.
    Cursor predecessorFromHead(double key, PlaceCost& cost) const;
    PlaceCost headWalkCostByRank(double key) const;
    // Inserts the entry after `predecessor` (invalid: at the head) and keeps the buckets.
    void insertAfter(Cursor predecessor, Slot s, double key, double other);
    // Removes the entry at c and keeps the buckets (cursors into the list are stale after it).
    void eraseAt(Cursor c);
    int newChunk();
    void freeChunk(int c);
    void splitChunk(int c);
    void mergeInto(int c, int after);  // moves chunk `after` (the next of c) into c
    void rebuildBuckets(std::size_t count);
    void compactInListOrder();
    void noteRelink();

    // (key, slot) of every linked node when ranked_: countLess((k, max)) = nodes with key <= k.
    RankSet<std::pair<double, Slot>> ranks_;
    bool ranked_ = false;
    bool bulk_ = false;
    struct BulkLink {
        double key;
        bool priced;  // the link asked for the other insertion's price, and it was the head walk
    };
    std::vector<BulkLink> bulkLinks_;  // the run's links in order (bulk_)

    std::vector<Chunk> chunks_;
    std::vector<Chunk> spare_;  // reused by compactInListOrder
    std::vector<int> chunkOf_;  // slot -> chunk holding its entry
    std::vector<int> freeChunks_;
    std::size_t relinksSinceCompaction_ = 0;
    int head_ = -1;  // first and last chunks
    int tail_ = -1;
    std::size_t count_ = 0;
    double extent_;
    double bucketsPerUnit_ = 1;
    // Expected nodes a relocating walk may pass before the index wins: walking reads consecutive entries
    // of one or two chunks, the index a bucket, a chunk lookup and the chunk elsewhere (3 cache misses).
    static constexpr double kWalkNodes = 64;
    std::vector<Slot> buckets_;  // slot of the first entry of each bucket, kNoSlot when empty
};

}  // namespace aoilab
