#include "app/scene_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>

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

namespace {
// The part [t0, t1] of the segment (x0, y0) + t (x1 - x0, y1 - y0), t in [0, 1], inside the box, or
// nothing (Liang-Barsky clipping).
std::optional<std::pair<float, float>> clipToBox(float x0, float y0, float x1, float y1, const LabelPlacer::Box& b) {
    float t0 = 0, t1 = 1;
    const float dx = x1 - x0, dy = y1 - y0;
    auto clip = [&](float p, float q) {  // keep the part where p * t <= q
        if (p == 0) return q >= 0;
        const float t = q / p;
        if (p < 0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        return t0 <= t1;
    };
    if (clip(-dx, x0 - b.minX) && clip(dx, b.maxX - x0) && clip(-dy, y0 - b.minY) && clip(dy, b.maxY - y0))
        return std::pair{t0, t1};
    return std::nullopt;
}
}  // namespace

void LabelPlacer::avoidLine(float x0, float y0, float x1, float y1, float halfWidth) {
    if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1) || !std::isfinite(halfWidth)) return;
    const float w = std::clamp(halfWidth, 0.0f, 4 * cell_);  // a line's half width is a few pixels
    const float reach = w + cell_;  // beyond the canvas by more than this, the line is near no bucket
    const auto inside = clipToBox(x0, y0, x1, y1, {canvas_.minX - reach, canvas_.minY - reach, canvas_.maxX + reach, canvas_.maxY + reach});
    if (!inside) return;
    if (lineBuckets_.empty()) lineBuckets_.resize(buckets_.size());
    const auto index = static_cast<std::uint32_t>(lines_.size());
    lines_.push_back({x0, y0, x1, y1, w});
    // The part near the canvas walked in steps of at most half a bucket, each step's square reaching
    // w + half a bucket around it: every bucket the thick line touches (bucket() clamps points beyond
    // the canvas to its edge buckets).
    const float dx = x1 - x0, dy = y1 - y0;
    const float length = std::hypot(dx, dy) * (inside->second - inside->first);
    const int steps = static_cast<int>(std::ceil(length / (cell_ / 2))) + 1;  // the clipped part is at most the canvas's diagonal
    for (int i = 0; i <= steps; ++i) {
        const float t = inside->first + (inside->second - inside->first) * static_cast<float>(i) / static_cast<float>(steps);
        const float x = x0 + dx * t, y = y0 + dy * t;
        const int b0 = bucket(x - w - cell_ / 2, y - w - cell_ / 2), b1 = bucket(x + w + cell_ / 2, y + w + cell_ / 2);
        for (int cy = b0 / columns_; cy <= b1 / columns_; ++cy)
            for (int cx = b0 % columns_; cx <= b1 % columns_; ++cx) {
                auto& list = lineBuckets_[static_cast<std::size_t>(cy * columns_ + cx)];
                if (list.empty() || list.back() != index) list.push_back(index);
            }
    }
}

bool LabelPlacer::crossesLine(const Box& b) const {
    if (lines_.empty()) return false;
    const int b0 = bucket(b.minX, b.minY), b1 = bucket(b.maxX, b.maxY);
    for (int cy = b0 / columns_; cy <= b1 / columns_; ++cy)
        for (int cx = b0 % columns_; cx <= b1 % columns_; ++cx)
            for (std::uint32_t i : lineBuckets_[static_cast<std::size_t>(cy * columns_ + cx)]) {
                const Line& l = lines_[i];
                if (clipToBox(l.x0, l.y0, l.x1, l.y1,
                              {b.minX - l.halfWidth, b.minY - l.halfWidth, b.maxX + l.halfWidth, b.maxY + l.halfWidth}))
                    return true;
            }
    return false;
}

bool LabelPlacer::placeClearOfLines(const Box& b) { return !crossesLine(b) && place(b); }

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
