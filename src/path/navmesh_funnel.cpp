// A corridor of polygons to a path: the portals between them and the funnel (string pulling).
#include <vector>

#include "path/navmesh.h"

namespace aoilab {
namespace {

// Twice the signed area of (a, b, c), with the sign the funnel uses: portals are oriented so that
// triangleArea2(inside point, left, right) > 0, and the funnel stays open while that holds.
double triangleArea2(Vec2 a, Vec2 b, Vec2 c) { return (c.x - a.x) * (b.y - a.y) - (b.x - a.x) * (c.y - a.y); }

}  // namespace

std::vector<NavPortal> NavMesh::portals(const std::vector<int>& corridor) const {
    std::vector<NavPortal> result;
    for (std::size_t k = 0; k + 1 < corridor.size(); ++k) {
        const NavPolygon& polygon = polygons_.at(static_cast<std::size_t>(corridor[k]));
        for (const NavLink& link : polygon.links) {
            if (link.polygon != corridor[k + 1]) continue;
            Vec2 a = link.a;
            Vec2 b = link.b;
            // Seen from inside the polygon we leave, one end is on the left, the other on the right.
            if (triangleArea2(polygon.centroid, a, b) > 0) result.push_back({a, b});
            else result.push_back({b, a});
            break;
        }
    }
    return result;
}

std::vector<Vec2> funnelPath(Vec2 start, Vec2 goal, const std::vector<NavPortal>& inner) {
    // Portal 0 is the start point, the last is the goal point, both as zero-width portals.
    std::vector<NavPortal> portals;
    portals.reserve(inner.size() + 2);
    portals.push_back({start, start});
    portals.insert(portals.end(), inner.begin(), inner.end());
    portals.push_back({goal, goal});

    std::vector<Vec2> path{start};
    Vec2 apex = start, left = start, right = start;
    std::size_t apexAt = 0, leftAt = 0, rightAt = 0;
    for (std::size_t i = 1; i < portals.size(); ++i) {
        const Vec2& newLeft = portals[i].left;
        const Vec2& newRight = portals[i].right;
        // Right side: move it inwards if the new point does not widen the funnel.
        if (triangleArea2(apex, right, newRight) <= 0) {
            if (apex == right || triangleArea2(apex, left, newRight) > 0) {
                right = newRight;
                rightAt = i;
            } else {
                // The right side crossed the left one: the left point is a corner of the path.
                path.push_back(left);
                apex = left;
                apexAt = leftAt;
                right = left = apex;
                rightAt = leftAt = apexAt;
                i = apexAt;
                continue;
            }
        }
        if (triangleArea2(apex, left, newLeft) >= 0) {
            if (apex == left || triangleArea2(apex, right, newLeft) < 0) {
                left = newLeft;
                leftAt = i;
            } else {
                path.push_back(right);
                apex = right;
                apexAt = rightAt;
                right = left = apex;
                rightAt = leftAt = apexAt;
                i = apexAt;
                continue;
            }
        }
    }
    if (!(path.back() == goal)) path.push_back(goal);
    return path;
}

std::vector<Vec2> portalMidpointPath(Vec2 start, Vec2 goal, const std::vector<NavPortal>& portals) {
    std::vector<Vec2> path{start};
    for (const NavPortal& p : portals) path.push_back({(p.left.x + p.right.x) / 2, (p.left.y + p.right.y) / 2});
    path.push_back(goal);
    return path;
}

}  // namespace aoilab
