#pragma once
// The scene's screen layout decisions, free of ImGui so they can be tested alone: where the axis ticks
// go, where entity names fit without overlapping, and the snap of a dragged position to the grid.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/geometry.h"

namespace aoilab::app {

// The tick spacing in world units: 1, 2 or 5 times a power of ten, the smallest whose ticks lie at
// least `minPixels` apart at `pixelsPerUnit`.
double niceTickStep(double pixelsPerUnit, double minPixels);
// The multiples of `step` in [lo, hi], ascending (at most `limit` of them).
std::vector<double> ticksBetween(double lo, double hi, double step, std::size_t limit = 1000);
// A tick value as text: no trailing zeros, no "-0" ("1500", "2.5", "0.05").
void formatTick(double value, double step, char* out, std::size_t size);

// Snap to grid: the nearest whole-number point (the article's examples use integer coordinates).
inline Vec2 snapToWholeUnits(Vec2 p) { return {std::nearbyint(p.x), std::nearbyint(p.y)}; }

// Greedy, first come first served: a label is placed when its rectangle lies inside the canvas and
// overlaps no label placed before it, nor comes closer than `space` pixels beside one on the same line
// (at font scale 2 a vertex's "938" touched an edge's "131" and read as "938131"). Placed rectangles are bucketed in a coarse screen grid, so a
// crowd of 100,000 names costs one bucket look-up per name once the canvas is full.
class LabelPlacer {
public:
    struct Box {
        float minX = 0, minY = 0, maxX = 0, maxY = 0;
    };
    // canvas: the screen rectangle; cell: the bucket size in pixels (about a line of text); space: the
    // least horizontal gap between two labels whose lines overlap (about a space's width).
    LabelPlacer(Box canvas, float cell, float space = 0);
    // Whether a label starting at (x, y) is certainly rejected (the point lies outside the canvas or
    // inside a placed label) before its size is known: a cheap test for crowds.
    bool surelyBlocked(float x, float y) const;
    bool place(const Box& box);  // true (and remembered) when it fits
    // Lines drawn under the labels (a graph's arrows): a label written across one is hard to read, so
    // placeClearOfLines() also refuses a box that comes within `halfWidth` pixels of one. Lines wholly
    // off the canvas are not kept.
    void avoidLine(float x0, float y0, float x1, float y1, float halfWidth);
    bool placeClearOfLines(const Box& box);  // place(), and no avoided line crosses the box
    bool crossesLine(const Box& box) const;
    struct Line {
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0, halfWidth = 0;
    };
    const std::vector<Line>& lines() const { return lines_; }
    // Keeps labels out of `box` (the part inside the canvas) whatever it overlaps: what is drawn over
    // the labels, such as the axis numbers.
    void block(const Box& box);
    const std::vector<Box>& placed() const { return placed_; }

private:
    int bucket(float x, float y) const;
    void remember(const Box& box);
    Box canvas_;
    float cell_;
    float space_;
    int columns_ = 0, rows_ = 0;
    std::vector<std::vector<std::uint32_t>> buckets_;  // placed labels touching each bucket
    std::vector<Box> placed_;
    std::vector<std::vector<std::uint32_t>> lineBuckets_;  // avoided lines passing near each bucket
    std::vector<Line> lines_;
};

}  // namespace aoilab::app
