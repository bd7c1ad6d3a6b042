#include "app/scene_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace aoilab::app {

double niceTickStep(double pixelsPerUnit, double minPixels) {
    if (!(pixelsPerUnit > 0) || !(minPixels > 0)) return 1;
    double least = minPixels / pixelsPerUnit;  // world units between ticks, at least
    double power = std::pow(10.0, std::floor(std::log10(least)));
    for (double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * power >= least * (1 - 1e-12)) return factor * power;
    return 10 * power;
}

std::vector<double> ticksBetween(double lo, double hi, double step, std::size_t limit) {
    std::vector<double> ticks;
    if (!(step > 0) || !(hi >= lo) || !std::isfinite(lo) || !std::isfinite(hi)) return ticks;
    double first = std::ceil(lo / step);
    for (double k = first; k * step <= hi && ticks.size() < limit; k += 1) {
        double value = k * step;
        ticks.push_back(value == 0 ? 0.0 : value);  // no -0
    }
    return ticks;
}

void formatTick(double value, double step, char* out, std::size_t size) {
    // As many decimals as the step needs (0.05 needs two), none for whole steps.
    int decimals = step >= 1 ? 0 : std::min(9, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
    if (std::fabs(value) < step * 1e-6) value = 0;
    std::snprintf(out, size, "%.*f", decimals, value);
}

LabelPlacer::LabelPlacer(Box canvas, float cell, float space)
    : canvas_(canvas), cell_(std::max(cell, 1.0f)), space_(std::max(space, 0.0f)) {
    columns_ = std::max(1, static_cast<int>(std::ceil((canvas.maxX - canvas.minX) / cell_)));
    rows_ = std::max(1, static_cast<int>(std::ceil((canvas.maxY - canvas.minY) / cell_)));
    buckets_.resize(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_));
}

int LabelPlacer::bucket(float x, float y) const {
    int cx = std::clamp(static_cast<int>((x - canvas_.minX) / cell_), 0, columns_ - 1);
    int cy = std::clamp(static_cast<int>((y - canvas_.minY) / cell_), 0, rows_ - 1);
    return cy * columns_ + cx;
}

bool LabelPlacer::surelyBlocked(float x, float y) const {
    if (x < canvas_.minX || y < canvas_.minY || x > canvas_.maxX || y > canvas_.maxY) return true;
    for (std::uint32_t i : buckets_[static_cast<std::size_t>(bucket(x, y))]) {
        const Box& o = placed_[i];
        if (x >= o.minX && x < o.maxX && y >= o.minY && y < o.maxY) return true;
    }
    return false;
}

bool LabelPlacer::place(const Box& b) {
    if (b.minX < canvas_.minX || b.minY < canvas_.minY || b.maxX > canvas_.maxX || b.maxY > canvas_.maxY) return false;
    // The box widened by the space on both sides: what it may not overlap.
    const float minX = b.minX - space_, maxX = b.maxX + space_;
    int x0 = bucket(minX, b.minY) % columns_, y0 = bucket(minX, b.minY) / columns_;
    int x1 = bucket(maxX, b.maxY) % columns_, y1 = bucket(maxX, b.maxY) / columns_;
    for (int cy = y0; cy <= y1; ++cy)
        for (int cx = x0; cx <= x1; ++cx)
            for (std::uint32_t i : buckets_[static_cast<std::size_t>(cy * columns_ + cx)]) {
                const Box& o = placed_[i];
                if (minX < o.maxX && o.minX < maxX && b.minY < o.maxY && o.minY < b.maxY) return false;
            }
    remember(b);
    return true;
}

void LabelPlacer::block(const Box& b) {
    if (b.maxX <= canvas_.minX || b.maxY <= canvas_.minY || b.minX >= canvas_.maxX || b.minY >= canvas_.maxY) return;
    remember(b);
}

void LabelPlacer::remember(const Box& b) {
    int x0 = bucket(b.minX, b.minY) % columns_, y0 = bucket(b.minX, b.minY) / columns_;
    int x1 = bucket(b.maxX, b.maxY) % columns_, y1 = bucket(b.maxX, b.maxY) / columns_;
    auto index = static_cast<std::uint32_t>(placed_.size());
    placed_.push_back(b);
    for (int cy = y0; cy <= y1; ++cy)
        for (int cx = x0; cx <= x1; ++cx) buckets_[static_cast<std::size_t>(cy * columns_ + cx)].push_back(index);
}

}  // namespace aoilab::app
