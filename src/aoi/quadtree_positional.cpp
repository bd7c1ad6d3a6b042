// The quadtree's positional move (no hysteresis; see view_relations.h): no relation is stored, so
// "X saw T" is X's range test against T's old place and "X sees T" the same test against its new one
// (likewise T's own view with T's radius). The search reaches the leaves around both places and decides
// EVERY entity in them from the copies the leaf keeps: a superset of the candidates is fine because each
// test is exact, and each leaf is scanned once. The tests are the very expressions brute force uses
// (inView), on the same positions, so the events are bit for bit those of brute force.
#include <algorithm>
#include <cmath>

#include "aoi/quadtree.h"

namespace aoilab {

namespace {

// The scan's distance in the units thresholds use: Chebyshev for the square (max(|dx|, |dy|) <= r
// exactly when inView's |dx| <= r && |dy| <= r), squared for the circle (inView's own sum; the sign of
// dx and dy does not change a square).
template <bool kSquare>
inline double scanDistance(double dx, double dy) {
    if constexpr (kSquare) {
        const double ax = std::fabs(dx);
        const double ay = std::fabs(dy);
        return ax > ay ? ax : ay;
    } else {
        return dx * dx + dy * dy;
    }
}

// Node pruning: the rectangle's distance to p within reach, as QuadtreeAoi::reaches decides it (for the
// square, max(minX - x, 0, x - maxX) <= reach is the two comparisons below since reach >= 0).
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

template <bool kSquare>
inline double threshold(double radius) {
    if constexpr (kSquare) {
        return radius;
    } else {
        return radius * radius;
    }
}

}  // namespace

void QuadtreeAoi::movePositional(Slot s, Vec2 position, EventSink& sink) {
    const Vec2 from = rel_.position(s);
    const double radius = rel_.radius(s);
    rel_.setPosition(s, position);
    place(s, position);
    const PositionalMove move{rel_.idOf(s), from, position, radius, radius};
    // Who saw T or sees it, and whom T saw or sees: around both places. A point within a reach of
    // either lies within that reach plus half their distance of the midpoint. The pad covers the
    // rounding of the midpoint and of the distance (relations on the boundary count).
    const double half = std::hypot(position.x - from.x, position.y - from.y) / 2 +
                        1e-9 * (std::max(worldWidth_, worldHeight_) + maxRadius());
    const bool square = shape_ == ViewShape::Square;
    if (half <= maxRadius()) {
        const Vec2 middle{(from.x + position.x) / 2, (from.y + position.y) / 2};
        square ? scanAround<true, false>(move, middle, maxRadius() + half, from, 0)
               : scanAround<false, false>(move, middle, maxRadius() + half, from, 0);
    } else if (square) {
        scanAround<true, false>(move, from, maxRadius(), from, 0);
        scanAround<true, true>(move, position, maxRadius(), from, maxRadius());
    } else {
        scanAround<false, false>(move, from, maxRadius(), from, 0);
        scanAround<false, true>(move, position, maxRadius(), from, maxRadius());
    }
    last_.events += events_.size();
    sink.onEvents(events_.data(), events_.size());
    events_.clear();
    finishOperation();
}

// The first search's leaves are exactly those within its reach of its point (a node's ancestors contain
// it, so they are reached too), so the second one recognises them by the same test instead of a mark.
// Children are tested before they are pushed; the stack holds at most 3 per level below the root plus 4.
template <bool kSquare, bool kSkip>
void QuadtreeAoi::scanAround(const PositionalMove& move, Vec2 p, double reach, Vec2 skipAround, double skipReach) {
    const Node* nodes = nodes_.data();
    if (!rectReaches<kSquare>(nodes[0].rect, p, reach)) return;
    if (kSkip && nodes[0].firstChild < 0 && rectReaches<kSquare>(nodes[0].rect, skipAround, skipReach)) return;
    scanStack_.resize(static_cast<std::size_t>(3 * maxDepth_ + 4));
    int* stack = scanStack_.data();
    int size = 0;
    stack[size++] = 0;
    while (size > 0) {
        const Node& node = nodes[stack[--size]];
        const bool leaf = node.firstChild < 0;
        ++last_.visited;
        visited_.push_back({node.rect, node.depth, node.count, leaf});
        if (leaf) {
            scanLeaf<kSquare>(node, move);
            continue;
        }
        for (int q = 3; q >= 0; --q) {
            const int c = node.firstChild + q;
            const Node& child = nodes[c];
            if (!rectReaches<kSquare>(child.rect, p, reach)) continue;
            if (kSkip && child.firstChild < 0 && rectReaches<kSquare>(child.rect, skipAround, skipReach)) continue;
            stack[size++] = c;
        }
    }
}

// Every entity's two possible events are written and kept only when they happened (the count advances
// by the outcome), as the grid does: an entity near the edge of a view is a coin flip, and a
// mispredicted branch per entity is a good part of a teleport.
template <bool kSquare>
void QuadtreeAoi::scanLeaf(const Node& leaf, const PositionalMove& move) {
    // "X sees T" before and now, as the index was * 2 + now; index 0 (neither) is never kept.
    static constexpr AoiEventType kWatcherEvent[4] = {AoiEventType::Enter, AoiEventType::Enter, AoiEventType::Leave,
                                                      AoiEventType::Move};
    const double tBefore = threshold<kSquare>(move.reachBefore);
    const double tAfter = threshold<kSquare>(move.reachAfter);
    const EntityId t = move.id;
    AoiEvent* out = events_.room(2 * leaf.items.size());
    std::size_t kept = 0;
    std::uint64_t checks = 0;
    for (const Item& x : leaf.items) {
        if (x.id == t) continue;
        const double before = scanDistance<kSquare>(x.position.x - move.from.x, x.position.y - move.from.y);
        const double after = scanDistance<kSquare>(x.position.x - move.to.x, x.position.y - move.to.y);
        checks += 2;
        const double reach = threshold<kSquare>(x.radius);
        const bool xWas = before <= reach;
        const bool xNow = after <= reach;
        out[kept] = {kWatcherEvent[xWas * 2 + xNow], x.id, t};
        kept += xWas | xNow;
        const bool tWas = before <= tBefore;
        const bool tNow = after <= tAfter;
        out[kept] = {tNow ? AoiEventType::Enter : AoiEventType::Leave, t, x.id};
        kept += tWas ^ tNow;
    }
    events_.keep(kept);
    last_.distanceChecks += checks;
}

}  // namespace aoilab
