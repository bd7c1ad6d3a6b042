#pragma once
// A sorted set that answers "how many elements are less than x" in O(log n): an order-statistics treap
// (a binary search tree balanced by random priorities, each node knowing its subtree's size). The
// cross-linked list keeps its keys in one while it prices the head walk it did not take (axis_list.h).
// The project's own: libstdc++'s __gnu_pbds tree is not in libc++ (the WebAssembly build).
// Nodes live in one vector (indices, a free list), so inserting and erasing allocate rarely.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace aoilab {

template <class Key, class Less = std::less<>>
class RankSet {
public:
    std::size_t size() const { return root_ < 0 ? 0 : nodes_[static_cast<std::size_t>(root_)].size; }
    bool empty() const { return root_ < 0; }
    void clear() {
        nodes_.clear();
        free_.clear();
        root_ = -1;
    }

    // Replaces the contents by `keys`, which must be sorted by Less and distinct: O(n), where inserting
    // them one by one costs O(n log n) with a split and a merge each (the cross-linked list rebuilds its
    // ranks this way after a bulk build or a renumbering). The tree is the treap of fresh priorities over
    // those keys (a Cartesian tree, built along its right spine), so it stays balanced for what follows.
    void assignSorted(const std::vector<Key>& keys) {
        clear();
        nodes_.reserve(keys.size());
        std::vector<int> spine;  // the right spine, from the root down: priorities not increasing
        for (const Key& key : keys) {
            const int n = allocate(key);
            int below = -1;  // the part of the spine n's higher priority lifts it above: its left subtree
            while (!spine.empty() && at(spine.back()).priority < at(n).priority) {
                below = spine.back();
                spine.pop_back();
            }
            at(n).left = below;
            if (!spine.empty()) at(spine.back()).right = n;
            spine.push_back(n);
        }
        root_ = spine.empty() ? -1 : spine.front();
        // Subtree sizes, children before parents (an explicit post-order: the tree may be deep in theory).
        std::vector<std::pair<int, bool>> stack;
        if (root_ >= 0) stack.push_back({root_, false});
        while (!stack.empty()) {
            auto [n, childrenDone] = stack.back();
            stack.pop_back();
            if (childrenDone) {
                update(n);
                continue;
            }
            stack.push_back({n, true});
            if (at(n).left >= 0) stack.push_back({at(n).left, false});
            if (at(n).right >= 0) stack.push_back({at(n).right, false});
        }
    }

    // Inserts key unless an equal one is present; true when inserted.
    bool insert(const Key& key) {
        if (contains(key)) return false;
        int node = allocate(key);
        int left = -1, right = -1;
        split(root_, key, left, right);
        root_ = merge(merge(left, node), right);
        return true;
    }

    // Erases the element equal to key; true when it was present.
    bool erase(const Key& key) {
        int left = -1, middle = -1, right = -1;
        split(root_, key, left, right);            // left: < key
        split(right, key, middle, right, true);    // middle: == key
        bool found = middle >= 0;
        if (found) {
            // Equal keys are never inserted twice, so middle is one node.
            free_.push_back(middle);
        }
        root_ = merge(left, right);
        return found;
    }

    bool contains(const Key& key) const {
        int n = root_;
        while (n >= 0) {
            const Node& node = at(n);
            if (less_(key, node.key)) n = node.left;
            else if (less_(node.key, key)) n = node.right;
            else return true;
        }
        return false;
    }

    // The number of elements strictly less than key (__gnu_pbds's order_of_key).
    std::size_t countLess(const Key& key) const {
        std::size_t count = 0;
        int n = root_;
        while (n >= 0) {
            const Node& node = at(n);
            if (less_(node.key, key)) {
                count += sizeOf(node.left) + 1;
                n = node.right;
            } else {
                n = node.left;
            }
        }
        return count;
    }

private:
    struct Node {
        Key key;
        std::uint32_t priority;
        int left, right;
        std::size_t size;
    };
    const Node& at(int n) const { return nodes_[static_cast<std::size_t>(n)]; }
    Node& at(int n) { return nodes_[static_cast<std::size_t>(n)]; }
    std::size_t sizeOf(int n) const { return n < 0 ? 0 : at(n).size; }
    void update(int n) { at(n).size = 1 + sizeOf(at(n).left) + sizeOf(at(n).right); }

    std::uint32_t nextPriority() {  // xorshift32: deterministic, so runs repeat exactly
        seed_ ^= seed_ << 13;
        seed_ ^= seed_ >> 17;
        seed_ ^= seed_ << 5;
        return seed_;
    }
    int allocate(const Key& key) {
        Node node{key, nextPriority(), -1, -1, 1};
        if (!free_.empty()) {
            int n = free_.back();
            free_.pop_back();
            at(n) = node;
            return n;
        }
        nodes_.push_back(node);
        return static_cast<int>(nodes_.size() - 1);
    }
    // left: the elements < key (or <= key when `atMost`); right: the rest.
    void split(int n, const Key& key, int& left, int& right, bool atMost = false) {
        if (n < 0) {
            left = right = -1;
            return;
        }
        if (atMost ? !less_(key, at(n).key) : less_(at(n).key, key)) {
            split(at(n).right, key, at(n).right, right, atMost);
            left = n;
        } else {
            split(at(n).left, key, left, at(n).left, atMost);
            right = n;
        }
        update(n);
    }
    // Every element of a is less than every element of b.
    int merge(int a, int b) {
        if (a < 0) return b;
        if (b < 0) return a;
        if (at(a).priority > at(b).priority) {
            at(a).right = merge(at(a).right, b);
            update(a);
            return a;
        }
        at(b).left = merge(a, at(b).left);
        update(b);
        return b;
    }

    std::vector<Node> nodes_;
    std::vector<int> free_;
    int root_ = -1;
    std::uint32_t seed_ = 2463534242u;
    [[no_unique_address]] Less less_{};
};

}  // namespace aoilab
