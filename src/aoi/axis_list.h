#pragma once
// One axis of the cross-linked list: a doubly linked list of nodes sorted by their coordinate on this
// axis, one node per entity slot (the entity owns its node), plus a coarse index of coordinate buckets.
//
// The buckets split [0, extent] into equal ranges; each remembers the FIRST node of the list whose key
// falls into it (nodes of one bucket are contiguous, so this is O(1) to maintain on link and unlink).
// A long jump finds its insertion point from the nearest non-empty bucket instead of walking the whole
// list; a short hop walks from the entity's own neighbours. The article's own insertion, a walk from the
// head of the list (O(n)), is kept as a choice for teaching (Placement::FromHead). There are about as many buckets as nodes
// (rebuilt, O(n), whenever the count doubles), so a lookup walks a handful of nodes on spread-out worlds.
// Worst case (all entities in a few buckets), a lookup degrades to walking those crowded buckets.
//
// Memory order: nodes live in their own array (not indexed by slot), and after about n relinks the
// array is rewritten in list order, so a range walk reads consecutive memory instead of jumping through
// the heap (at 100,000 entities this made the walk about 6x faster: 116 -> 19 us per move under load).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include <ext/pb_ds/assoc_container.hpp>
#include <ext/pb_ds/tree_policy.hpp>

#include "aoi/view_relations.h"

namespace aoilab {

class AxisList {
public:
    using NodeIndex = std::int32_t;  // position in the node array (kNoSlot: none)
    struct Node {
        NodeIndex prev = kNoSlot;
        NodeIndex next = kNoSlot;
        Slot slot = kNoSlot;  // the entity that owns the node
        double key = 0;       // coordinate on this axis
        double other = 0;     // coordinate on the other axis (so a range walk touches one node only)
    };

    explicit AxisList(double extent) : extent_(extent > 0 ? extent : 1) { rebuildBuckets(64); }

    NodeIndex head() const { return head_; }
    NodeIndex nodeOf(Slot s) const { return nodeOfSlot_[static_cast<std::size_t>(s)]; }
    const Node& node(NodeIndex n) const { return nodes_[static_cast<std::size_t>(n)]; }
    std::size_t size() const { return count_; }
    // A range walk chases `next` (or `prev`) pointers, one dependent load per node. The array is
    // rewritten in list order now and then, so the nodes ahead of n in the list are, roughly, the nodes
    // ahead of it in memory: asking for them early overlaps the misses of a walk (at 100,000 entities a
    // walk reads about 1,000 nodes from a band of the array that is rarely in the cache).
    void prefetchAhead(NodeIndex n, int direction) const {
        std::ptrdiff_t ahead = static_cast<std::ptrdiff_t>(n) + direction * kPrefetchNodes;
        if (ahead >= 0 && ahead < static_cast<std::ptrdiff_t>(nodes_.size()))
            __builtin_prefetch(&nodes_[static_cast<std::size_t>(ahead)]);
    }

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

    std::size_t memoryBytes() const {
        // A rank tree node: the (key, slot) pair, three links, the subtree size and the colour.
        constexpr std::size_t kRankNodeBytes = sizeof(std::pair<double, Slot>) + 3 * sizeof(void*) + 2 * sizeof(std::size_t);
        return (nodes_.capacity() + spare_.capacity()) * sizeof(Node) +
               (buckets_.capacity() + nodeOfSlot_.capacity() + freeNodes_.capacity()) * sizeof(NodeIndex) +
               ranks_.size() * kRankNodeBytes;
    }

private:
    static constexpr std::ptrdiff_t kPrefetchNodes = 16;  // 512 bytes ahead
    Node& at(NodeIndex n) { return nodes_[static_cast<std::size_t>(n)]; }
    std::size_t bucketOf(double key) const {
        double b = key * bucketsPerUnit_;
        if (!(b > 0)) return 0;
        auto index = static_cast<std::size_t>(b);
        return index >= buckets_.size() ? buckets_.size() - 1 : index;
    }
    // The node after which `key` belongs (after any equal keys, so the newest of equal coordinates
    // comes last; kNoSlot: at the head), found from the buckets.
    NodeIndex predecessorFromIndex(double key, PlaceCost& cost) const;
    // The same, walking from a linked node `start` (read first).
    NodeIndex predecessorFrom(NodeIndex start, double key, PlaceCost& cost) const;
    // The same, walking from the head of the list as the article does.
    NodeIndex predecessorFromHead(double key, PlaceCost& cost) const;
    PlaceCost headWalkCostByRank(double key) const;
    void linkAfter(NodeIndex n, NodeIndex predecessor);
    void unlinkNode(NodeIndex n);
    void rebuildBuckets(std::size_t count);
    void compactInListOrder();
    void noteRelink();

    // (key, slot) of every linked node when ranked_: order_of_key((k, max)) = nodes with key <= k.
    using RankTree = __gnu_pbds::tree<std::pair<double, Slot>, __gnu_pbds::null_type, std::less<>,
                                      __gnu_pbds::rb_tree_tag, __gnu_pbds::tree_order_statistics_node_update>;
    RankTree ranks_;
    bool ranked_ = false;

    std::vector<Node> nodes_;
    std::vector<Node> spare_;  // reused by compactInListOrder
    std::vector<NodeIndex> nodeOfSlot_;
    std::vector<NodeIndex> freeNodes_;
    std::size_t relinksSinceCompaction_ = 0;
    NodeIndex head_ = kNoSlot;
    NodeIndex tail_ = kNoSlot;
    std::size_t count_ = 0;
    double extent_;
    double bucketsPerUnit_ = 1;
    static constexpr double kWalkNodes = 8;  // expected nodes a relocating walk may pass before the index wins
    std::vector<NodeIndex> buckets_;  // first node of each bucket, kNoSlot when empty
};

}  // namespace aoilab
