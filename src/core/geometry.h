#pragma once
// Plain 2D geometry shared by every module.
#include <cmath>

namespace aoilab {

struct Vec2 {
    double x = 0;
    double y = 0;
    friend bool operator==(const Vec2&, const Vec2&) = default;
};

struct Rect {
    double minX = 0, minY = 0, maxX = 0, maxY = 0;
    bool contains(Vec2 p) const { return p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY; }
    double width() const { return maxX - minX; }
    double height() const { return maxY - minY; }
};

// The two view shapes (docs/modes/aoi.md "AOI semantics"); boundaries are inclusive.
enum class ViewShape { Square, Circle };

inline bool inView(ViewShape shape, Vec2 watcher, Vec2 target, double reach) {
    double dx = target.x - watcher.x;
    double dy = target.y - watcher.y;
    if (shape == ViewShape::Square) return std::fabs(dx) <= reach && std::fabs(dy) <= reach;
    return dx * dx + dy * dy <= reach * reach;
}

const char* toString(ViewShape shape);
bool parseViewShape(const char* text, ViewShape& out);

}  // namespace aoilab
