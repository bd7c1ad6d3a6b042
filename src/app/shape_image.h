#pragma once
// Circles and rectangles painted on the CPU into one straight-alpha RGBA image, anti-aliased by the area
// each pixel's centre is from the edge, as ImGui's own shapes are: a few hundred entities' ranges and
// dots become one textured quad instead of about 100,000 small triangles, which software GL (Xvfb's
// llvmpipe, most classrooms' VMs) pays for one by one. Free of ImGui and GL, so it is tested alone.
#include <cstdint>
#include <vector>

namespace aoilab::app {

class ShapeImage {
public:
    // A transparent image of width x height pixels; pixel (x, y) covers [x, x + 1] x [y, y + 1].
    void reset(int width, int height);
    // rgba as ImGui packs it (IM_COL32: red in the low byte, alpha in the high one). Each shape is
    // composited over what is already painted ("over"), as a GPU would blend it.
    void disc(float cx, float cy, float r, std::uint32_t rgba);
    // A ring of `thickness` pixels centred on radius r (ImGui's AddCircle draws radius - 0.5).
    void ring(float cx, float cy, float r, float thickness, std::uint32_t rgba);
    // The outline of the rectangle [x0, x1] x [y0, y1], `thickness` pixels inside it.
    void rectOutline(float x0, float y0, float x1, float y1, float thickness, std::uint32_t rgba);
    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<std::uint32_t>& pixels() const { return pixels_; }
    std::uint32_t at(int x, int y) const { return pixels_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)]; }

private:
    void blend(int x, int y, float coverage, std::uint32_t rgba);
    // An annulus inner..outer (pixel centres between the radii are covered by coverage(distance)).
    template <class Coverage>
    void annulus(float cx, float cy, float inner, float outer, std::uint32_t rgba, Coverage coverage);

    int width_ = 0, height_ = 0;
    std::vector<std::uint32_t> pixels_;
};

}  // namespace aoilab::app
