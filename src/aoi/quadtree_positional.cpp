// The quadtree's positional move (no hysteresis; see view_relations.h): no relation is stored, so
// "X saw T" is X's range test against T's old place and "X sees T" the same test against its new one
// (likewise T's own view with T's radius). One walk down the tree reaches the leaves within the largest
// radius of either place and decides EVERY entity in them from the copies the leaf keeps: a superset of
// the candidates is fine because each test is exact, and each leaf is scanned once. The tests are the
// very expressions brute force uses (inView), on the same positions, so the events are bit for bit
// those of brute force.
//
// A leaf farther than the largest radius from one of the two places holds nobody within any view of
// that place, so only the other place is tested there (for a teleport, that is every leaf): as the
// grid's left and entered cells, it costs one range test an entity instead of two.
#include <algorithm>
#include <cmath>

#include "aoi/quadtree.h"
#include "aoi/range_test.h"

namespace aoilab {

namespace {

// Node pruning: is the rectangle within reach of p (the distance from p to the rectangle on each axis,
// 0 inside, as QuadtreeAoi::reaches measures it; for the square, max(minX - x, 0, x - maxX) <= reach is
// the two comparisons below since reach >= 0). Every point of the rectangle is at least that far (the
// roundings are monotone), so no entity of a rectangle out of reach is within reach.
template <bool kSquare>
inline bool rectReaches(const Rect& r, Vec2 p, double reach) {
    if constexpr (kSquare) {
        return (r.minX - p.x <= reach) & (p.x - r.maxX <= reach) & (r.minY - p.y <= reach) & (p.y - r.maxY <= reach);
    } else {
        const double dx = std::max(std::max(r.minX - p.x, 0.0), p.x - r.maxX);
        const double dy = std::max(std::max(r.minY - p.y, 0.0), p.y - r.maxY);
        return dx * dx + dy * dy <= reach * reach;
    }
}

// Which of T's two places a node is within reach of (bits), carried on the walk's stack with the index.
constexpr int kNearFrom = 1;
constexpr int kNearTo = 2;
constexpr int kNearBoth = kNearFrom | kNearTo;

}  // namespace

void QuadtreeAoi::movePositional(Slot s, Vec2 position, EventSink& sink) {
    const Vec2 from = rel_.position(s);
    const double radius = rel_.radius(s);
    rel_.setPosition(s, position);
    place(s, position);
    // T goes last in its leaf, so that leaf's scan stops before it.
    const int leaf = leafOf_[static_cast<std::size_t>(s)];
    std::vector<Item>& items = nodes_[static_cast<std::size_t>(leaf)].items;
    const int at = indexInLeaf_[static_cast<std::size_t>(s)];
    const int last = static_cast<int>(items.size()) - 1;
    std::swap(items[static_cast<std::size_t>(at)], items[static_cast<std::size_t>(last)]);
    indexInLeaf_[static_cast<std::size_t>(items[static_cast<std::size_t>(at)].slot)] = at;
    indexInLeaf_[static_cast<std::size_t>(s)] = last;
    // Who saw T or sees it lies within its own radius (at most the largest) of T's old or new place;
    // whom T saw or sees, within T's radius.
    const PositionalMove move{rel_.idOf(s), from, position, radius, radius, leaf};
    if (shape_ == ViewShape::Square) {
        scanMove<true>(move, maxRadius());
    } else {
        scanMove<false>(move, maxRadius());
    }
    last_.visited += visitedNodes_.size();
    last_.events += events_.size();
    sink.onEvents(events_.data(), events_.size());
    events_.clear();
    finishOperation();
}

// Depth first from the root through the nodes within reach of either place; a node's children are
// tested (only against the places the node itself is near) before they are pushed. The stack keeps
// at most 3 entries per level below the root plus 4.
template <bool kSquare>
void QuadtreeAoi::scanMove(const PositionalMove& move, double reach) {
    auto nearPlaces = [&](const Rect& r, int places) {
        int found = 0;
        if (places & kNearFrom) found |= rectReaches<kSquare>(r, move.from, reach) ? kNearFrom : 0;
        if (places & kNearTo) found |= rectReaches<kSquare>(r, move.to, reach) ? kNearTo : 0;
        return found;
    };
    const Node* nodes = nodes_.data();
    const int rootNear = nearPlaces(nodes[0].rect, kNearBoth);
    if (rootNear == 0) return;
    scanStack_.resize(static_cast<std::size_t>(3 * maxDepth_ + 8));  // + room for the unkept writes
    int* stack = scanStack_.data();
    int size = 0;
    stack[size++] = rootNear;  // index * 4 + which places
    while (size > 0) {
        const int entry = stack[--size];
        const int index = entry >> 2;
        const int places = entry & kNearBoth;
        const Node& node = nodes[index];
        visitedNodes_.push_back(index);
        if (node.firstChild < 0) {
            const Item* items = node.items.data();
            const std::size_t count = node.items.size() - (index == move.leaf ? 1 : 0);
            if (places == kNearBoth) {
                scanItems<kSquare, kNearBoth>(items, count, move);
            } else if (places == kNearFrom) {
                scanItems<kSquare, kNearFrom>(items, count, move);
            } else {
                scanItems<kSquare, kNearTo>(items, count, move);
            }
            continue;
        }
        // The children's rectangles are made of the node's edges and its centre lines (the first child's
        // upper corner), so their tests are rectReaches on each child from a few shared differences.
        const int first = node.firstChild;
        const Rect& outer = node.rect;
        const double cx = nodes[first].rect.maxX;
        const double cy = nodes[first].rect.maxY;
        // Bit q: child q is within reach of p.
        auto quadrants = [&](Vec2 p) -> int {
            if constexpr (kSquare) {  // the outer edges passed at the node: only the centre lines are left
                const int left = p.x - cx <= reach;
                const int right = cx - p.x <= reach;
                const int low = p.y - cy <= reach;
                const int high = cy - p.y <= reach;
                return (left & low) | (right & low) << 1 | (left & high) << 2 | (right & high) << 3;
            } else {  // each child's distance on each axis, as rectReaches measures it
                const double dxLeft = std::max(std::max(outer.minX - p.x, 0.0), p.x - cx);
                const double dxRight = std::max(std::max(cx - p.x, 0.0), p.x - outer.maxX);
                const double dyLow = std::max(std::max(outer.minY - p.y, 0.0), p.y - cy);
                const double dyHigh = std::max(std::max(cy - p.y, 0.0), p.y - outer.maxY);
                const double limit = reach * reach;
                return int{dxLeft * dxLeft + dyLow * dyLow <= limit} |
                       int{dxRight * dxRight + dyLow * dyLow <= limit} << 1 |
                       int{dxLeft * dxLeft + dyHigh * dyHigh <= limit} << 2 |
                       int{dxRight * dxRight + dyHigh * dyHigh <= limit} << 3;
            }
        };
        const int nearFrom = (places & kNearFrom) ? quadrants(move.from) : 0;
        const int nearTo = (places & kNearTo) ? quadrants(move.to) : 0;
        for (int q = 3; q >= 0; --q) {  // written always, kept when near (no branch on a coin flip)
            const int childNear = ((nearFrom >> q) & 1) * kNearFrom | ((nearTo >> q) & 1) * kNearTo;
            stack[size] = (first + q) * 4 + childNear;
            size += childNear != 0;
        }
    }
}

// Every entity's possible events are written and kept only when they happened (the count advances by
// the outcome), as the grid does: an entity near the edge of a view is a coin flip, and a mispredicted
// branch per entity was a good part of a teleport. kPlaces says which places the leaf is near: near
// only the old one, nobody there sees T now nor is seen by it (leaves only); near only the new one,
// nobody there saw T nor was seen (enters only).
template <bool kSquare, int kPlaces>
inline void QuadtreeAoi::scanItems(const Item* items, std::size_t count, const PositionalMove& move) {
    // "X sees T" before and now, as the index was * 2 + now; index 0 (neither) is never kept.
    static constexpr AoiEventType kWatcherEvent[4] = {AoiEventType::Enter, AoiEventType::Enter, AoiEventType::Leave,
                                                      AoiEventType::Move};
    const double tBefore = rangeThreshold<kSquare>(move.reachBefore);
    const double tAfter = rangeThreshold<kSquare>(move.reachAfter);
    const EntityId t = move.id;
    const Vec2 from = move.from;
    const Vec2 to = move.to;
    AoiEvent* out = events_.room(2 * count);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const Item& x = items[i];
        const double reach = rangeThreshold<kSquare>(x.radius);
        if constexpr (kPlaces == kNearBoth) {
            const double before = rangeDistance<kSquare>(x.position.x - from.x, x.position.y - from.y);
            const double after = rangeDistance<kSquare>(x.position.x - to.x, x.position.y - to.y);
            const bool xWas = before <= reach;
            const bool xNow = after <= reach;
            out[kept] = {kWatcherEvent[xWas * 2 + xNow], x.id, t};
            kept += xWas | xNow;
            const bool tWas = before <= tBefore;
            const bool tNow = after <= tAfter;
            out[kept] = {tNow ? AoiEventType::Enter : AoiEventType::Leave, t, x.id};
            kept += tWas ^ tNow;
        } else {
            constexpr bool kLeft = kPlaces == kNearFrom;
            constexpr AoiEventType kType = kLeft ? AoiEventType::Leave : AoiEventType::Enter;
            const Vec2 at = kLeft ? from : to;
            const double distance = rangeDistance<kSquare>(x.position.x - at.x, x.position.y - at.y);
            out[kept] = {kType, x.id, t};
            kept += distance <= reach;
            out[kept] = {kType, t, x.id};
            kept += distance <= (kLeft ? tBefore : tAfter);
        }
    }
    events_.keep(kept);
    last_.distanceChecks += (kPlaces == kNearBoth ? 2 : 1) * count;
}

}  // namespace aoilab
