#include "aoi/quadtree.h"

#include <algorithm>
#include <cmath>

namespace aoilab {

QuadtreeAoi::QuadtreeAoi(const AoiConfig& config)
    : rel_(config.shape, config.hysteresis, ViewRelations::Mode::Positional),
      shape_(config.shape),
      capacity_(std::max(1, config.quadtreeCapacity)),
      maxDepth_(std::max(0, config.quadtreeMaxDepth)),
      worldWidth_(config.worldWidth),
      worldHeight_(config.worldHeight) {
    Node root;
    root.rect = {0, 0, worldWidth_, worldHeight_};
    nodes_.push_back(root);
}

bool QuadtreeAoi::owns(const Node& node, Vec2 p) const {
    if (node.parent < 0) return true;  // the root takes everything
    bool inX = p.x >= node.rect.minX && (p.x < node.rect.maxX || node.rect.maxX >= worldWidth_);
    bool inY = p.y >= node.rect.minY && (p.y < node.rect.maxY || node.rect.maxY >= worldHeight_);
    return inX && inY;
}

bool QuadtreeAoi::reaches(const Node& node, Vec2 p, double reach) const {
    // Distance from p to the node's rectangle on each axis (0 inside).
    double dx = std::max({node.rect.minX - p.x, 0.0, p.x - node.rect.maxX});
    double dy = std::max({node.rect.minY - p.y, 0.0, p.y - node.rect.maxY});
    return shape_ == ViewShape::Square ? (dx <= reach && dy <= reach) : (dx * dx + dy * dy <= reach * reach);
}

int QuadtreeAoi::childFor(const Node& node, Vec2 p) const {
    double cx = (node.rect.minX + node.rect.maxX) / 2;
    double cy = (node.rect.minY + node.rect.maxY) / 2;
    return node.firstChild + (p.x >= cx ? 1 : 0) + (p.y >= cy ? 2 : 0);
}

void QuadtreeAoi::trackRadius(double radius, int delta) {
    int& count = radiusCounts_[radius];
    count += delta;
    if (count == 0) radiusCounts_.erase(radius);
}

void QuadtreeAoi::split(int index) {
    int first;
    if (!freeBlocks_.empty()) {
        first = freeBlocks_.back();
        freeBlocks_.pop_back();
    } else {
        first = static_cast<int>(nodes_.size());
        nodes_.resize(nodes_.size() + 4);
    }
    Node& node = nodes_[static_cast<std::size_t>(index)];
    node.firstChild = first;
    Rect r = node.rect;
    double cx = (r.minX + r.maxX) / 2;
    double cy = (r.minY + r.maxY) / 2;
    const Rect quads[4] = {{r.minX, r.minY, cx, cy}, {cx, r.minY, r.maxX, cy}, {r.minX, cy, cx, r.maxY},
                           {cx, cy, r.maxX, r.maxY}};
    for (int q = 0; q < 4; ++q) {
        Node& child = nodes_[static_cast<std::size_t>(first + q)];
        child.rect = quads[q];
        child.depth = node.depth + 1;
        child.count = 0;
        child.parent = index;
        child.firstChild = -1;
        child.items.clear();
    }
    scratch_.swap(node.items);
    std::vector<Item>().swap(node.items);  // an inner node holds no items: give back the buffer scratch_ had
    for (const Item& item : scratch_) {
        const int c = childFor(nodes_[static_cast<std::size_t>(index)], item.position);
        Node& child = nodes_[static_cast<std::size_t>(c)];
        indexInLeaf_[static_cast<std::size_t>(item.slot)] = static_cast<int>(child.items.size());
        child.items.push_back(item);
        ++child.count;
        leafOf_[static_cast<std::size_t>(item.slot)] = static_cast<int>(&child - nodes_.data());
    }
    scratch_.clear();
    // A child may still be over capacity (points bunched in one quadrant): split it too.
    for (int q = 0; q < 4; ++q) {
        const Node& child = nodes_[static_cast<std::size_t>(first + q)];
        if (child.count > capacity_ && child.depth < maxDepth_) split(first + q);
    }
}

void QuadtreeAoi::insertItem(Slot s) {
    Vec2 p = rel_.position(s);
    int index = 0;
    for (;;) {
        Node& node = nodes_[static_cast<std::size_t>(index)];
        ++node.count;
        if (node.firstChild < 0) break;
        index = childFor(node, p);
    }
    Node& leaf = nodes_[static_cast<std::size_t>(index)];
    indexInLeaf_[static_cast<std::size_t>(s)] = static_cast<int>(leaf.items.size());
    leaf.items.push_back({p, rel_.radius(s), rel_.idOf(s), s});
    leafOf_[static_cast<std::size_t>(s)] = index;
    if (leaf.count > capacity_ && leaf.depth < maxDepth_) split(index);
}

void QuadtreeAoi::removeItem(Slot s) {
    int index = leafOf_[static_cast<std::size_t>(s)];
    Node& leaf = nodes_[static_cast<std::size_t>(index)];
    int at = indexInLeaf_[static_cast<std::size_t>(s)];
    const Item last = leaf.items.back();
    leaf.items[static_cast<std::size_t>(at)] = last;
    indexInLeaf_[static_cast<std::size_t>(last.slot)] = at;
    leaf.items.pop_back();
    for (int n = index; n >= 0; n = nodes_[static_cast<std::size_t>(n)].parent) --nodes_[static_cast<std::size_t>(n)].count;
    mergeUpFrom(nodes_[static_cast<std::size_t>(index)].parent);
}

void QuadtreeAoi::collect(int index, std::vector<Item>& into) {
    Node& node = nodes_[static_cast<std::size_t>(index)];
    if (node.firstChild < 0) {
        into.insert(into.end(), node.items.begin(), node.items.end());
        node.items.clear();
        return;
    }
    for (int q = 0; q < 4; ++q) collect(node.firstChild + q, into);
}

void QuadtreeAoi::freeChildren(int index) {
    Node& node = nodes_[static_cast<std::size_t>(index)];
    if (node.firstChild < 0) return;
    int first = node.firstChild;
    node.firstChild = -1;
    for (int q = 0; q < 4; ++q) freeChildren(first + q);
    freeBlocks_.push_back(first);
}

// Merges the highest ancestor (from `index` up) whose subtree fits in one leaf.
void QuadtreeAoi::mergeUpFrom(int index) {
    int highest = -1;
    for (int n = index; n >= 0; n = nodes_[static_cast<std::size_t>(n)].parent)
        if (nodes_[static_cast<std::size_t>(n)].count <= capacity_) highest = n; else break;
    if (highest < 0 || nodes_[static_cast<std::size_t>(highest)].firstChild < 0) return;
    scratch_.clear();
    collect(highest, scratch_);
    freeChildren(highest);
    Node& node = nodes_[static_cast<std::size_t>(highest)];
    node.items.assign(scratch_.begin(), scratch_.end());
    for (std::size_t i = 0; i < node.items.size(); ++i) {
        leafOf_[static_cast<std::size_t>(node.items[i].slot)] = highest;
        indexInLeaf_[static_cast<std::size_t>(node.items[i].slot)] = static_cast<int>(i);
    }
    scratch_.clear();
}

void QuadtreeAoi::query(Vec2 p, double reach, double ownReach, bool watchers) {
    stack_.clear();
    stack_.push_back(0);
    while (!stack_.empty()) {
        int index = stack_.back();
        stack_.pop_back();
        const Node& node = nodes_[static_cast<std::size_t>(index)];
        if (!reaches(node, p, reach)) continue;
        ++last_.visited;
        visited_.push_back({node.rect, node.depth, node.count, node.firstChild < 0});
        if (node.firstChild >= 0) {
            for (int q = 3; q >= 0; --q) stack_.push_back(node.firstChild + q);
            continue;
        }
        for (const Item& c : node.items) {
            double ax = std::fabs(c.position.x - p.x);
            double ay = std::fabs(c.position.y - p.y);
            if (watchers && ax <= reach && ay <= reach) rel_.offerWatcher(c.slot);
            if (ax <= ownReach && ay <= ownReach) rel_.offerTarget(c.slot);
        }
    }
}

void QuadtreeAoi::add(EntityId id, Vec2 position, double radius, EventSink& sink) {
    beginOperation();
    compaction_.arrived();
    visited_.clear();
    visitedNodes_.clear();
    Slot s = rel_.insert(id, position, radius);
    if (static_cast<std::size_t>(s) >= leafOf_.size()) {
        leafOf_.resize(static_cast<std::size_t>(s) + 1, -1);
        indexInLeaf_.resize(static_cast<std::size_t>(s) + 1, -1);
    }
    insertItem(s);
    trackRadius(radius, +1);
    rel_.beginArrival(s);
    query(s, maxRadius(), true);
    rel_.finish(sink, last_);
    finishOperation();
}

// Renumbers the entities leaf by leaf in depth-first order (quadrants that touch come close together),
// so a query's candidates lie together in memory. Run from move() after 2 n moves.
void QuadtreeAoi::compact() {
    std::vector<Slot> order;
    order.reserve(rel_.size());
    std::vector<int> pending{0};
    while (!pending.empty()) {
        const Node& node = nodes_[static_cast<std::size_t>(pending.back())];
        pending.pop_back();
        if (node.firstChild >= 0) {
            for (int q = 3; q >= 0; --q) pending.push_back(node.firstChild + q);
            continue;
        }
        for (const Item& item : node.items) order.push_back(item.slot);
    }
    const std::vector<Slot> newSlot = rel_.renumber(order);
    for (Node& node : nodes_) {
        for (Item& item : node.items) item.slot = newSlot[static_cast<std::size_t>(item.slot)];
    }
    std::vector<int> leafOf(order.size()), indexInLeaf(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        leafOf[k] = leafOf_[static_cast<std::size_t>(order[k])];
        indexInLeaf[k] = indexInLeaf_[static_cast<std::size_t>(order[k])];
    }
    leafOf_.swap(leafOf);
    indexInLeaf_.swap(indexInLeaf);
}

void QuadtreeAoi::move(EntityId id, Vec2 position, EventSink& sink) {
    beginOperation();
    if (compaction_.dueAtMove(rel_.size())) compact();
    visited_.clear();
    visitedNodes_.clear();
    Slot s = rel_.slotOf(id);
    if (rel_.positional()) return movePositional(s, position, sink);
    rel_.beginMove(s, position);  // stores the position; the tree below reads it
    place(s, position);
    query(s, maxRadius(), true);
    rel_.finish(sink, last_);
    finishOperation();
}

// Puts the item of s (whose place ViewRelations already holds) where `position` belongs.
void QuadtreeAoi::place(Slot s, Vec2 position) {
    if (owns(nodes_[static_cast<std::size_t>(leafOf_[static_cast<std::size_t>(s)])], position)) {
        itemOf(s).position = position;  // a move inside its leaf touches no structure
    } else {
        removeItem(s);
        insertItem(s);
    }
}

void QuadtreeAoi::setRadius(EntityId id, double radius, EventSink& sink) {
    beginOperation();
    visited_.clear();
    visitedNodes_.clear();
    Slot s = rel_.slotOf(id);
    trackRadius(rel_.radius(s), -1);
    trackRadius(radius, +1);
    const double wider = std::max(rel_.radius(s), radius);  // positional: whom T saw, and sees
    rel_.beginRadius(s, radius);
    itemOf(s).radius = radius;
    query(rel_.position(s), wider, wider, false);
    rel_.finish(sink, last_);
    finishOperation();
}

void QuadtreeAoi::remove(EntityId id, EventSink& sink) {
    beginOperation();
    visited_.clear();
    visitedNodes_.clear();
    Slot s = rel_.slotOf(id);
    if (rel_.positional()) {  // T's watchers, each told by ViewRelations
        rel_.beginLeave(s);
        query(rel_.position(s), maxRadius(), -1, true);
    }
    removeItem(s);
    leafOf_[static_cast<std::size_t>(s)] = -1;
    trackRadius(rel_.radius(s), -1);
    rel_.erase(s, sink, last_);
    finishOperation();
}

void QuadtreeAoi::near(Vec2 p, double reach, std::vector<Slot>& out) const {
    std::vector<int> pending{0};
    while (!pending.empty()) {
        const Node& node = nodes_[static_cast<std::size_t>(pending.back())];
        pending.pop_back();
        if (node.rect.minX - p.x > reach || p.x - node.rect.maxX > reach || node.rect.minY - p.y > reach ||
            p.y - node.rect.maxY > reach)
            continue;
        if (node.firstChild >= 0) {
            for (int q = 0; q < 4; ++q) pending.push_back(node.firstChild + q);
            continue;
        }
        for (const Item& c : node.items) {
            if (std::fabs(c.position.x - p.x) <= reach && std::fabs(c.position.y - p.y) <= reach) out.push_back(c.slot);
        }
    }
}

void QuadtreeAoi::viewOf(EntityId watcher, std::vector<EntityId>& out) const {
    if (!rel_.positional()) return rel_.viewOf(watcher, out);
    out.clear();
    Slot w = rel_.slotOf(watcher);
    if (w == kNoSlot) return;
    std::vector<Slot> candidates;
    near(rel_.position(w), rel_.radius(w), candidates);
    rel_.idsSeenBy(w, candidates, out);
}

void QuadtreeAoi::watchersOf(EntityId target, std::vector<EntityId>& out) const {
    if (!rel_.positional()) return rel_.watchersOf(target, out);
    out.clear();
    Slot t = rel_.slotOf(target);
    if (t == kNoSlot) return;
    std::vector<Slot> candidates;
    near(rel_.position(t), maxRadius(), candidates);
    rel_.idsSeeing(t, candidates, out);
}

std::vector<QuadtreeAoi::NodeInfo> QuadtreeAoi::lastVisited() const {
    std::vector<NodeInfo> visited = visited_;
    for (int index : visitedNodes_) {
        const Node& node = nodes_[static_cast<std::size_t>(index)];
        visited.push_back({node.rect, node.depth, node.count, node.firstChild < 0});
    }
    return visited;
}

void QuadtreeAoi::nodes(std::vector<NodeInfo>& out) const {
    out.clear();
    std::vector<int> pending{0};
    for (std::size_t i = 0; i < pending.size(); ++i) {
        const Node& node = nodes_[static_cast<std::size_t>(pending[i])];
        out.push_back({node.rect, node.depth, node.count, node.firstChild < 0});
        if (node.firstChild >= 0)
            for (int q = 0; q < 4; ++q) pending.push_back(node.firstChild + q);
    }
}

std::size_t QuadtreeAoi::memoryBytes() const {
    std::size_t bytes = rel_.memoryBytes() + nodes_.capacity() * sizeof(Node) +
                        (freeBlocks_.capacity() + leafOf_.capacity() + indexInLeaf_.capacity()) * sizeof(int) +
                        radiusCounts_.size() * (4 * sizeof(void*) + sizeof(double) + sizeof(int)) +
                        visited_.capacity() * sizeof(NodeInfo) + visitedNodes_.capacity() * sizeof(int) +
                        scratch_.capacity() * sizeof(Item) + events_.capacity() * sizeof(AoiEvent);
    for (const Node& node : nodes_) bytes += node.items.capacity() * sizeof(Item);
    return bytes;
}

}  // namespace aoilab
