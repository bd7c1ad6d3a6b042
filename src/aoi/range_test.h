#pragma once
// The range test of the positional scans (tower_positional.cpp, quadtree_positional.cpp), in the units
// their thresholds use: for the square, the larger axis distance against the radius (max(|dx|, |dy|) <= r
// exactly when inView's |dx| <= r && |dy| <= r); for the circle, the squared distance against the squared
// radius (inView's own sum; the signs of dx and dy change nothing). The same expressions on the same
// values as brute force, so the outcome is brute force's, bit for bit.
#include <cmath>

namespace aoilab {

template <bool kSquare>
inline double rangeDistance(double dx, double dy) {
    if constexpr (kSquare) {
        // fabs is a mask; a ternary here compiled to a branch, mispredicted near every view's edge.
        const double ax = std::fabs(dx);
        const double ay = std::fabs(dy);
        return ax > ay ? ax : ay;
    } else {
        return dx * dx + dy * dy;
    }
}

template <bool kSquare>
inline double rangeThreshold(double radius) {
    if constexpr (kSquare) {
        return radius;
    } else {
        return radius * radius;
    }
}

}  // namespace aoilab
