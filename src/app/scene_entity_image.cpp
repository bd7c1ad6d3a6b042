// SceneView's entities as one image (a few hundred of them: ranges outlines, round dots with rims),
// painted on the CPU and drawn as a single quad. Under llvmpipe each of the ~100,000 small triangles
// ImGui made for crowd-500 cost about as much as a large one: the frame was 3x the window without them.
#include <algorithm>
#include <cmath>

#include "app/scene_view.h"
#include "app/theme.h"
#include "core/world.h"

namespace aoilab::app {

void SceneView::entityImage(const World& world, bool circle, bool ranges, float dotRadius) {
    imageShapes_.clear();
    const Rect seen = visibleWorld();
    if (ranges)
        for (const Entity& e : world.entities()) {
            // As drawRange: only ranges that reach the canvas and are at least half a pixel.
            if (e.x + e.radius < seen.minX || e.x - e.radius > seen.maxX || e.y + e.radius < seen.minY || e.y - e.radius > seen.maxY)
                continue;
            const float r = static_cast<float>(e.radius * scale_);
            if (r < 0.5f) continue;
            const ImVec2 c = toScreen({e.x, e.y});
            imageShapes_.push_back({circle ? ImageShape::Kind::Ring : ImageShape::Kind::Square, c.x, c.y, r, theme::entityColor(e.color, 120)});
        }
    drawnRanges_ = imageShapes_.size();
    for (const VisibleDot& d : visibleDots_) imageShapes_.push_back({ImageShape::Kind::Dot, d.center.x, d.center.y, dotRadius, d.colour});
    // The image spans what is drawn (a pixel of fade around it), within the canvas: it costs by the pixel.
    float minX = max_.x, minY = max_.y, maxX = min_.x, maxY = min_.y;
    for (const ImageShape& s : imageShapes_) {
        minX = std::min(minX, s.x - s.r - 2), minY = std::min(minY, s.y - s.r - 2);
        maxX = std::max(maxX, s.x + s.r + 2), maxY = std::max(maxY, s.y + s.r + 2);
    }
    const int x0 = static_cast<int>(std::floor(std::max(minX, min_.x))), y0 = static_cast<int>(std::floor(std::max(minY, min_.y)));
    const int x1 = static_cast<int>(std::ceil(std::min(maxX, max_.x))), y1 = static_cast<int>(std::ceil(std::min(maxY, max_.y)));
    if (x1 <= x0 || y1 <= y0) return;
    const bool same = imageShapes_ == imageShapesShown_ && x0 == imageX_ && y0 == imageY_ && x1 - x0 == entityImage_.width() &&
                      y1 - y0 == entityImage_.height() && entityTexture_.id() != nullptr;
    if (!same) {
        entityImage_.reset(x1 - x0, y1 - y0);
        const float ox = static_cast<float>(x0), oy = static_cast<float>(y0);
        for (const ImageShape& s : imageShapes_) {
            const float x = s.x - ox, y = s.y - oy;
            switch (s.kind) {
            case ImageShape::Kind::Ring:  // ImGui's AddCircle(c, r, colour, n, 1): its path lies at r - 0.5
                entityImage_.ring(x, y, s.r - 0.5f, 1.0f, s.colour);
                break;
            case ImageShape::Kind::Square:  // AddRect(c - r, c + r, colour, 0, 0, 1)
                entityImage_.rectOutline(x - s.r, y - s.r, x + s.r, y + s.r, 1.0f, s.colour);
                break;
            case ImageShape::Kind::Dot:
                entityImage_.disc(x, y, s.r, s.colour);
                entityImage_.ring(x, y, s.r - 0.5f, 1.0f, theme::kDotRim);  // dark colours stay visible
                break;
            }
        }
        entityTexture_.upload(entityImage_.width(), entityImage_.height(), entityImage_.pixels());
        imageShapesShown_ = imageShapes_;
        imageX_ = x0, imageY_ = y0;
        ++entityImageUploads_;
    }
    drawList_->AddImage(entityTexture_.id(), ImVec2(static_cast<float>(x0), static_cast<float>(y0)),
                        ImVec2(static_cast<float>(x1), static_cast<float>(y1)));
}

}  // namespace aoilab::app
