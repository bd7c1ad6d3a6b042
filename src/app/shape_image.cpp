#include "app/shape_image.h"

#include <algorithm>
#include <cmath>

namespace aoilab::app {

void ShapeImage::reset(int width, int height) {
    width_ = std::max(0, width);
    height_ = std::max(0, height);
    pixels_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0);
}

void ShapeImage::blend(int x, int y, float coverage, std::uint32_t rgba) {
    const float sa = std::min(coverage, 1.0f) * static_cast<float>(rgba >> 24) / 255.0f;
    if (sa <= 0) return;
    std::uint32_t& dst = pixels_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
    // Straight (not premultiplied) alpha, since ImGui blends the texture by its alpha: the image over
    // any background then gives what drawing each shape over it in turn would.
    const float da = static_cast<float>(dst >> 24) / 255.0f;
    const float outA = sa + da * (1 - sa);
    std::uint32_t out = static_cast<std::uint32_t>(std::lround(outA * 255)) << 24;
    for (int shift = 0; shift < 24; shift += 8) {
        const float s = static_cast<float>((rgba >> shift) & 0xFF), d = static_cast<float>((dst >> shift) & 0xFF);
        const float c = (s * sa + d * da * (1 - sa)) / outA;
        out |= static_cast<std::uint32_t>(std::clamp(std::lround(c), 0L, 255L)) << shift;
    }
    dst = out;
}

template <class Coverage>
void ShapeImage::annulus(float cx, float cy, float inner, float outer, std::uint32_t rgba, Coverage coverage) {
    const int y0 = std::max(0, static_cast<int>(std::floor(cy - outer)));
    const int y1 = std::min(height_ - 1, static_cast<int>(std::ceil(cy + outer)));
    for (int y = y0; y <= y1; ++y) {
        const float dy = static_cast<float>(y) + 0.5f - cy;
        if (std::fabs(dy) >= outer) continue;
        const float xo = std::sqrt(outer * outer - dy * dy);
        // Pixels whose centre lies inside the inner radius are not covered: only the two spans beside it.
        const float xi = std::fabs(dy) < inner ? std::sqrt(inner * inner - dy * dy) : -1.0f;
        const int skip0 = xi >= 0 ? static_cast<int>(std::ceil(cx - xi - 0.5f)) : 1;
        const int skip1 = xi >= 0 ? static_cast<int>(std::floor(cx + xi - 0.5f)) : 0;
        const int x0 = std::max(0, static_cast<int>(std::floor(cx - xo - 0.5f)));
        const int x1 = std::min(width_ - 1, static_cast<int>(std::ceil(cx + xo - 0.5f)));
        for (int x = x0; x <= x1; ++x) {
            if (x >= skip0 && x <= skip1) {
                x = skip1;
                continue;
            }
            const float dx = static_cast<float>(x) + 0.5f - cx;
            const float c = coverage(std::sqrt(dx * dx + dy * dy));
            if (c > 0) blend(x, y, c, rgba);
        }
    }
}

void ShapeImage::disc(float cx, float cy, float r, std::uint32_t rgba) {
    if (r <= 0) return;
    annulus(cx, cy, 0.0f, r + 0.5f, rgba, [r](float d) { return std::clamp(r + 0.5f - d, 0.0f, 1.0f); });
}

void ShapeImage::ring(float cx, float cy, float r, float thickness, std::uint32_t rgba) {
    if (r <= 0 || thickness <= 0) return;
    const float half = thickness / 2 + 0.5f;  // a pixel's width of fade on each side
    annulus(cx, cy, std::max(0.0f, r - half), r + half, rgba,
            [r, half](float d) { return std::clamp(half - std::fabs(d - r), 0.0f, 1.0f); });
}

void ShapeImage::rectOutline(float x0, float y0, float x1, float y1, float thickness, std::uint32_t rgba) {
    if (x1 <= x0 || y1 <= y0 || thickness <= 0) return;
    // How much of the pixel [p, p + 1] lies in [lo, hi].
    auto overlap = [](int p, float lo, float hi) {
        return std::clamp(std::min(hi, static_cast<float>(p + 1)) - std::max(lo, static_cast<float>(p)), 0.0f, 1.0f);
    };
    const float ix0 = x0 + thickness, iy0 = y0 + thickness, ix1 = x1 - thickness, iy1 = y1 - thickness;
    const int px0 = std::max(0, static_cast<int>(std::floor(x0))), px1 = std::min(width_ - 1, static_cast<int>(std::ceil(x1)) - 1);
    const int py0 = std::max(0, static_cast<int>(std::floor(y0))), py1 = std::min(height_ - 1, static_cast<int>(std::ceil(y1)) - 1);
    // Columns wholly inside the inner rectangle are skipped on rows that are too.
    const int skip0 = static_cast<int>(std::ceil(ix0)), skip1 = static_cast<int>(std::floor(ix1)) - 1;
    for (int y = py0; y <= py1; ++y) {
        const float oy = overlap(y, y0, y1), iy = ix1 > ix0 ? overlap(y, iy0, iy1) : 0.0f;
        for (int x = px0; x <= px1; ++x) {
            if (iy >= 1 && x >= skip0 && x <= skip1) {
                x = skip1;
                continue;
            }
            const float inner = iy > 0 ? overlap(x, ix0, ix1) * iy : 0.0f;
            const float c = overlap(x, x0, x1) * oy - inner;
            if (c > 0) blend(x, y, c, rgba);
        }
    }
}

}  // namespace aoilab::app
