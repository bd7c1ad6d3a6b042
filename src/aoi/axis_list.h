#pragma once
// One axis of the cross-linked list: a doubly linked list of nodes sorted by their coordinate on this
// axis, one node per entity slot (the entity owns its node), plus a coarse index of coordinate buckets.
//
// The buckets split [0, extent] into equal ranges; each remembers the FIRST node of the list whose key
// falls into it (nodes of one bucket are contiguous, so this is O(1) to maintain on link and unlink).
// A long jump finds its insertion point from the nearest non-empty bucket instead of walking the whole
// list; a short hop walks from the entity's own neighbours. There are about as many buckets as nodes
// (rebuilt, O(n), whenever the count doubles), so a lookup walks a handful of nodes on spread-out worlds.
// Worst case (all entities in a few buckets), a lookup degrades to walking those crowded buckets.
#include <cstdint>
#include <vector>

#include "aoi/view_relations.h"

namespace aoilab {

class AxisList {
public:
    struct Node {
        Slot prev = kNoSlot;
        Slot next = kNoSlot;
        double key = 0;    // coordinate on this axis
        double other = 0;  // coordinate on the other axis (so a range walk touches one node only)
    };

    explicit AxisList(double extent) : extent_(extent > 0 ? extent : 1) { rebuildBuckets(64); }

    Slot head() const { return head_; }
    const Node& node(Slot s) const { return nodes_[static_cast<std::size_t>(s)]; }
    std::size_t size() const { return count_; }

    // Inserts slot s (not linked) at its sorted place. Returns the nodes walked to find the place.
    int link(Slot s, double key, double other);
    void unlink(Slot s);
    // Moves s to key: walks from its own node for a short hop, else unlinks and links through the
    // buckets. Returns the nodes walked; usedIndex tells which way was taken.
    int relocate(Slot s, double key, double other, bool& usedIndex);

    std::size_t memoryBytes() const {
        return nodes_.capacity() * sizeof(Node) + buckets_.capacity() * sizeof(Slot);
    }

private:
    Node& at(Slot s) { return nodes_[static_cast<std::size_t>(s)]; }
    std::size_t bucketOf(double key) const {
        double b = key * bucketsPerUnit_;
        if (!(b > 0)) return 0;
        auto index = static_cast<std::size_t>(b);
        return index >= buckets_.size() ? buckets_.size() - 1 : index;
    }
    // The node after which `key` belongs (after any equal keys, so the newest of equal coordinates
    // comes last; kNoSlot: at the head), found from the buckets.
    Slot predecessorFromIndex(double key, int& steps) const;
    // The same, walking from a linked node `start`.
    Slot predecessorFrom(Slot start, double key, int& steps) const;
    void linkAfter(Slot s, Slot predecessor);
    void rebuildBuckets(std::size_t count);

    std::vector<Node> nodes_;
    Slot head_ = kNoSlot;
    Slot tail_ = kNoSlot;
    std::size_t count_ = 0;
    double extent_;
    double bucketsPerUnit_ = 1;
    std::vector<Slot> buckets_;  // first node of each bucket, kNoSlot when empty
};

}  // namespace aoilab
