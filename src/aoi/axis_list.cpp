#include "aoi/axis_list.h"

#include <algorithm>
#include <cmath>

namespace aoilab {

void AxisList::rebuildBuckets(std::size_t count) {
    buckets_.assign(count, kNoSlot);
    bucketsPerUnit_ = static_cast<double>(count) / extent_;
    for (Slot s = head_; s != kNoSlot; s = node(s).next) {
        Slot& first = buckets_[bucketOf(node(s).key)];
        if (first == kNoSlot) first = s;
    }
}

Slot AxisList::predecessorFrom(Slot start, double key, int& steps) const {
    Slot p = start;
    if (node(p).key <= key) {
        for (Slot n = node(p).next; n != kNoSlot && node(n).key <= key; n = node(n).next) {
            p = n;
            ++steps;
        }
        return p;
    }
    while (p != kNoSlot && node(p).key > key) {
        p = node(p).prev;
        ++steps;
    }
    return p;
}

Slot AxisList::predecessorFromIndex(double key, int& steps) const {
    std::size_t b = bucketOf(key);
    Slot first = buckets_[b];
    if (first != kNoSlot && node(first).key <= key) return predecessorFrom(first, key, steps);
    // Every node before the first node of the next non-empty bucket is smaller than key.
    for (std::size_t i = b; i < buckets_.size(); ++i) {
        ++steps;
        if (buckets_[i] != kNoSlot) return node(buckets_[i]).prev;
    }
    return tail_;
}

void AxisList::linkAfter(Slot s, Slot predecessor) {
    Node& n = at(s);
    n.prev = predecessor;
    n.next = predecessor == kNoSlot ? head_ : node(predecessor).next;
    if (n.prev == kNoSlot) head_ = s; else at(n.prev).next = s;
    if (n.next == kNoSlot) tail_ = s; else at(n.next).prev = s;
    ++count_;
    std::size_t b = bucketOf(n.key);
    if (buckets_[b] == kNoSlot || n.prev == kNoSlot || bucketOf(node(n.prev).key) != b) buckets_[b] = s;
}

void AxisList::unlink(Slot s) {
    Node& n = at(s);
    std::size_t b = bucketOf(n.key);
    if (buckets_[b] == s) buckets_[b] = (n.next != kNoSlot && bucketOf(node(n.next).key) == b) ? n.next : kNoSlot;
    if (n.prev == kNoSlot) head_ = n.next; else at(n.prev).next = n.next;
    if (n.next == kNoSlot) tail_ = n.prev; else at(n.next).prev = n.prev;
    n.prev = n.next = kNoSlot;
    --count_;
}

int AxisList::link(Slot s, double key, double other) {
    if (static_cast<std::size_t>(s) >= nodes_.size()) nodes_.resize(static_cast<std::size_t>(s) + 1);
    if (count_ + 1 > 2 * buckets_.size()) rebuildBuckets(2 * (count_ + 1));
    Node& n = at(s);
    n.key = key;
    n.other = other;
    int steps = 0;
    Slot predecessor = predecessorFromIndex(key, steps);
    linkAfter(s, predecessor);
    return steps;
}

int AxisList::relocate(Slot s, double key, double other, bool& usedIndex) {
    Node& n = at(s);
    n.other = other;
    double hop = std::fabs(key - n.key);
    usedIndex = hop * bucketsPerUnit_ > 2;  // more than two buckets away: the index is cheaper
    int steps = 0;
    Slot predecessor;
    if (usedIndex) {
        unlink(s);
        predecessor = predecessorFromIndex(key, steps);
    } else {
        // Walk from the node's own neighbours (it is not linked while we search).
        Slot start = n.prev != kNoSlot ? n.prev : n.next;
        unlink(s);
        predecessor = start == kNoSlot ? kNoSlot : predecessorFrom(start, key, steps);
    }
    at(s).key = key;
    linkAfter(s, predecessor);
    return steps;
}

}  // namespace aoilab
