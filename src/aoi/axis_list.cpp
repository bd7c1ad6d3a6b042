#include "aoi/axis_list.h"

#include <algorithm>
#include <cmath>

namespace aoilab {

void AxisList::rebuildBuckets(std::size_t count) {
    buckets_.assign(count, kNoSlot);
    bucketsPerUnit_ = static_cast<double>(count) / extent_;
    for (NodeIndex n = head_; n != kNoSlot; n = node(n).next) {
        NodeIndex& first = buckets_[bucketOf(node(n).key)];
        if (first == kNoSlot) first = n;
    }
}

// Rewrites the node array in list order (node i = i-th in the list), so walks read memory in order.
void AxisList::compactInListOrder() {
    spare_.clear();
    spare_.reserve(count_);
    for (NodeIndex n = head_; n != kNoSlot; n = node(n).next) {
        Node copy = node(n);
        auto index = static_cast<NodeIndex>(spare_.size());
        copy.prev = index - 1;
        copy.next = index + 1;
        nodeOfSlot_[static_cast<std::size_t>(copy.slot)] = index;
        spare_.push_back(copy);
    }
    if (!spare_.empty()) spare_.back().next = kNoSlot;
    nodes_.swap(spare_);
    head_ = nodes_.empty() ? kNoSlot : 0;
    tail_ = static_cast<NodeIndex>(nodes_.size()) - 1;
    freeNodes_.clear();
    relinksSinceCompaction_ = 0;
    rebuildBuckets(buckets_.size());
}

void AxisList::noteRelink() {
    if (++relinksSinceCompaction_ > std::max<std::size_t>(count_, 1024)) compactInListOrder();
}

AxisList::NodeIndex AxisList::predecessorFrom(NodeIndex start, double key, PlaceCost& cost) const {
    NodeIndex p = start;
    ++cost.nodes;
    if (node(p).key <= key) {
        for (NodeIndex n = node(p).next; n != kNoSlot; n = node(n).next) {
            ++cost.nodes;
            if (node(n).key > key) break;
            p = n;
        }
        return p;
    }
    for (p = node(p).prev; p != kNoSlot; p = node(p).prev) {
        ++cost.nodes;
        if (node(p).key <= key) break;
    }
    return p;
}

AxisList::NodeIndex AxisList::predecessorFromHead(double key, PlaceCost& cost) const {
    NodeIndex p = kNoSlot;
    for (NodeIndex n = head_; n != kNoSlot; n = node(n).next) {
        ++cost.nodes;
        if (node(n).key > key) break;
        p = n;
    }
    return p;
}

AxisList::NodeIndex AxisList::predecessorFromIndex(double key, PlaceCost& cost) const {
    std::size_t b = bucketOf(key);
    ++cost.buckets;
    NodeIndex first = buckets_[b];
    if (first != kNoSlot) {
        if (node(first).key <= key) return predecessorFrom(first, key, cost);
        ++cost.nodes;  // read to learn that everything before it is smaller
        return node(first).prev;
    }
    // Every node before the first node of the next non-empty bucket is smaller than key.
    for (std::size_t i = b + 1; i < buckets_.size(); ++i) {
        ++cost.buckets;
        if (buckets_[i] != kNoSlot) {
            ++cost.nodes;
            return node(buckets_[i]).prev;
        }
    }
    return tail_;
}

void AxisList::linkAfter(NodeIndex index, NodeIndex predecessor) {
    Node& n = at(index);
    n.prev = predecessor;
    n.next = predecessor == kNoSlot ? head_ : node(predecessor).next;
    if (n.prev == kNoSlot) head_ = index; else at(n.prev).next = index;
    if (n.next == kNoSlot) tail_ = index; else at(n.next).prev = index;
    ++count_;
    std::size_t b = bucketOf(n.key);
    if (buckets_[b] == kNoSlot || n.prev == kNoSlot || bucketOf(node(n.prev).key) != b) buckets_[b] = index;
}

void AxisList::unlinkNode(NodeIndex index) {
    Node& n = at(index);
    std::size_t b = bucketOf(n.key);
    if (buckets_[b] == index)
        buckets_[b] = (n.next != kNoSlot && bucketOf(node(n.next).key) == b) ? n.next : kNoSlot;
    if (n.prev == kNoSlot) head_ = n.next; else at(n.prev).next = n.next;
    if (n.next == kNoSlot) tail_ = n.prev; else at(n.next).prev = n.prev;
    n.prev = n.next = kNoSlot;
    --count_;
}

void AxisList::setRanked(bool on) {
    ranks_.clear();
    ranked_ = on;
    if (on)
        for (NodeIndex n = head_; n != kNoSlot; n = node(n).next) ranks_.insert({node(n).key, node(n).slot});
}

AxisList::PlaceCost AxisList::headWalkCostByRank(double key) const {
    auto atMost = static_cast<int>(ranks_.order_of_key({key, std::numeric_limits<Slot>::max()}));
    PlaceCost cost;
    cost.nodes = atMost + (static_cast<std::size_t>(atMost) < count_ ? 1 : 0);
    return cost;
}

void AxisList::unlink(Slot s) {
    NodeIndex index = nodeOf(s);
    if (ranked_) ranks_.erase({node(index).key, s});
    unlinkNode(index);
    at(index).slot = kNoSlot;
    freeNodes_.push_back(index);
    nodeOfSlot_[static_cast<std::size_t>(s)] = kNoSlot;
}

AxisList::PlaceCost AxisList::link(Slot s, double key, double other, bool fromHead, PlaceCost* otherWay) {
    if (static_cast<std::size_t>(s) >= nodeOfSlot_.size()) nodeOfSlot_.resize(static_cast<std::size_t>(s) + 1, kNoSlot);
    if (count_ + 1 > 2 * buckets_.size()) rebuildBuckets(2 * (count_ + 1));
    NodeIndex index;
    if (!freeNodes_.empty()) {
        index = freeNodes_.back();
        freeNodes_.pop_back();
    } else {
        index = static_cast<NodeIndex>(nodes_.size());
        nodes_.emplace_back();
    }
    nodeOfSlot_[static_cast<std::size_t>(s)] = index;
    Node& n = at(index);
    n.slot = s;
    n.key = key;
    n.other = other;
    PlaceCost cost;
    NodeIndex predecessor = fromHead ? predecessorFromHead(key, cost) : predecessorFromIndex(key, cost);
    if (otherWay) {
        *otherWay = {};
        if (fromHead) predecessorFromIndex(key, *otherWay);
        else if (ranked_) *otherWay = headWalkCostByRank(key);
        else predecessorFromHead(key, *otherWay);
    }
    linkAfter(index, predecessor);
    if (ranked_) ranks_.insert({key, s});
    noteRelink();
    return cost;
}

AxisList::PlaceCost AxisList::relocate(Slot s, double key, double other, bool fromHead, Placement& used,
                                       PlaceCost* otherWay) {
    NodeIndex index = nodeOf(s);
    Node& n = at(index);
    n.other = other;
    double hop = std::fabs(key - n.key);
    // Walk from the node while the hop should pass only a few nodes (count / extent per unit): that is
    // the cross-linked list's own move, and what the panels teach; longer jumps ask the bucket index.
    used = fromHead ? Placement::FromHead
                    : hop * static_cast<double>(count_) / extent_ > kWalkNodes ? Placement::BucketIndex
                                                                               : Placement::Neighbours;
    // Walk from the node's own neighbours (it is not linked while we search).
    NodeIndex start = n.prev != kNoSlot ? n.prev : n.next;
    if (ranked_) ranks_.erase({n.key, s});
    unlinkNode(index);
    PlaceCost cost;
    NodeIndex predecessor = kNoSlot;
    switch (used) {
        case Placement::FromHead: predecessor = predecessorFromHead(key, cost); break;
        case Placement::BucketIndex: predecessor = predecessorFromIndex(key, cost); break;
        case Placement::Neighbours:
            predecessor = start == kNoSlot ? kNoSlot : predecessorFrom(start, key, cost);
            break;
    }
    if (otherWay) {
        *otherWay = {};
        if (used == Placement::FromHead) predecessorFromIndex(key, *otherWay);
        else if (ranked_) *otherWay = headWalkCostByRank(key);
        else predecessorFromHead(key, *otherWay);
    }
    at(index).key = key;
    linkAfter(index, predecessor);
    if (ranked_) ranks_.insert({key, s});
    noteRelink();
    return cost;
}

}  // namespace aoilab
