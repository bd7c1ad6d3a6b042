// SceneView's world-space drawing API: world units in, clipped screen shapes out. Every call culls
// what lies off the canvas first, so a mode can hand it a whole map without paying for what is not seen.
#include <algorithm>
#include <cmath>

#include "app/scene_view.h"

namespace aoilab::app {

namespace {
float em() { return ImGui::GetFontSize(); }
float px(float sizeEm) { return std::max(1.0f, sizeEm * em()); }
}  // namespace

Rect SceneView::visibleWorld() const {
    Vec2 a = toWorld(min_);
    Vec2 b = toWorld(max_);
    return {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)};
}

bool SceneView::isVisible(const Rect& w) const {
    Rect v = visibleWorld();
    return w.maxX >= v.minX && w.minX <= v.maxX && w.maxY >= v.minY && w.minY <= v.maxY;
}

void SceneView::segment(Vec2 a, Vec2 b, ImU32 colour, float thicknessEm) const {
    if (!drawList_) return;
    if (!isVisible({std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)})) return;
    drawList_->AddLine(toScreen(a), toScreen(b), colour, px(thicknessEm));
}

void SceneView::polyline(const std::vector<Vec2>& points, ImU32 colour, float thicknessEm, bool closed) const {
    if (!drawList_ || points.size() < 2) return;
    std::vector<ImVec2> screen;
    screen.reserve(points.size());
    for (Vec2 p : points) screen.push_back(toScreen(p));
    drawList_->AddPolyline(screen.data(), static_cast<int>(screen.size()), colour,
                           closed ? ImDrawFlags_Closed : ImDrawFlags_None, px(thicknessEm));
}

void SceneView::polygonFilled(const std::vector<Vec2>& convex, ImU32 colour) const {
    if (!drawList_ || convex.size() < 3) return;
    Rect box{convex[0].x, convex[0].y, convex[0].x, convex[0].y};
    for (Vec2 p : convex) {
        box.minX = std::min(box.minX, p.x), box.maxX = std::max(box.maxX, p.x);
        box.minY = std::min(box.minY, p.y), box.maxY = std::max(box.maxY, p.y);
    }
    if (!isVisible(box)) return;
    std::vector<ImVec2> screen;
    screen.reserve(convex.size());
    for (Vec2 p : convex) screen.push_back(toScreen(p));
    drawList_->AddConvexPolyFilled(screen.data(), static_cast<int>(screen.size()), colour);
}

void SceneView::polygonOutline(const std::vector<Vec2>& points, ImU32 colour, float thicknessEm) const {
    polyline(points, colour, thicknessEm, true);
}

void SceneView::rectFilled(const Rect& w, ImU32 colour) const {
    if (!drawList_ || !isVisible(w)) return;
    drawList_->AddRectFilled(toScreen({w.minX, w.minY}), toScreen({w.maxX, w.maxY}), colour);
}

void SceneView::rectOutline(const Rect& w, ImU32 colour, float thicknessEm) const {
    if (!drawList_ || !isVisible(w)) return;
    drawList_->AddRect(toScreen({w.minX, w.minY}), toScreen({w.maxX, w.maxY}), colour, 0, 0, px(thicknessEm));
}

void SceneView::gridLines(const Rect& area, double cellSize, int columns, int rows, ImU32 colour, float minPixels) const {
    if (!drawList_ || cellSize * scale_ < minPixels) return;
    const float thin = 1.0f / std::max(1.0f, em());  // one pixel, in font units
    for (int c = 1; c < columns; ++c)
        segment({area.minX + c * cellSize, area.minY}, {area.minX + c * cellSize, area.maxY}, colour, thin);
    for (int r = 1; r < rows; ++r)
        segment({area.minX, area.minY + r * cellSize}, {area.maxX, area.minY + r * cellSize}, colour, thin);
}

void SceneView::cell(int column, int row, double cellSize, ImU32 colour) const {
    rectFilled({column * cellSize, row * cellSize, (column + 1) * cellSize, (row + 1) * cellSize}, colour);
}

void SceneView::circleFilled(Vec2 c, double radius, ImU32 colour) const {
    if (!drawList_ || !isVisible({c.x - radius, c.y - radius, c.x + radius, c.y + radius})) return;
    float r = static_cast<float>(radius * scale_);
    if (r < 0.5f) return;
    drawList_->AddCircleFilled(toScreen(c), r, colour, std::clamp(static_cast<int>(r / 2), 12, 64));
}

void SceneView::circleOutline(Vec2 c, double radius, ImU32 colour, float thicknessEm) const {
    if (!drawList_ || !isVisible({c.x - radius, c.y - radius, c.x + radius, c.y + radius})) return;
    float r = static_cast<float>(radius * scale_);
    if (r < 0.5f) return;
    drawList_->AddCircle(toScreen(c), r, colour, std::clamp(static_cast<int>(r / 2), 12, 64), px(thicknessEm));
}

void SceneView::dot(Vec2 c, float radiusEm, ImU32 colour) const {
    if (!drawList_) return;
    ImVec2 p = toScreen(c);
    float r = px(radiusEm);
    if (p.x + r < min_.x || p.x - r > max_.x || p.y + r < min_.y || p.y - r > max_.y) return;
    drawList_->AddCircleFilled(p, r, colour, 12);
}

void SceneView::arrow(Vec2 a, Vec2 b, ImU32 colour, float thicknessEm, float headEm) const {
    if (!drawList_) return;
    if (!isVisible({std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)})) return;
    ImVec2 p = toScreen(a), q = toScreen(b);
    float dx = q.x - p.x, dy = q.y - p.y;
    float length = std::sqrt(dx * dx + dy * dy);
    if (length < 1) return;
    float ux = dx / length, uy = dy / length;
    float head = std::min(px(headEm), length * 0.45f);
    ImVec2 base(q.x - ux * head, q.y - uy * head);
    drawList_->AddLine(p, base, colour, px(thicknessEm));
    ImVec2 left(base.x - uy * head * 0.5f, base.y + ux * head * 0.5f);
    ImVec2 right(base.x + uy * head * 0.5f, base.y - ux * head * 0.5f);
    drawList_->AddTriangleFilled(q, left, right, colour);
}

void SceneView::label(Vec2 at, const char* text, ImU32 colour, bool centred) const {
    if (!drawList_ || !text || !*text) return;
    ImVec2 size = ImGui::CalcTextSize(text);
    ImVec2 p = toScreen(at);
    if (centred) p = ImVec2(p.x - size.x / 2, p.y - size.y / 2);
    else p = ImVec2(p.x + em() * 0.3f, p.y + em() * 0.1f);
    if (p.x > max_.x || p.x + size.x < min_.x || p.y > max_.y || p.y + size.y < min_.y) return;
    drawList_->AddText(p, colour, text);
}

void SceneView::titleAbove(Vec2 at, const char* text, ImU32 colour) const {
    if (!drawList_ || !text || !*text) return;
    ImVec2 size = ImGui::CalcTextSize(text);
    ImVec2 p = toScreen(at);
    p = ImVec2(p.x, p.y - size.y - em() * 0.15f);
    if (p.x > max_.x || p.x + size.x < min_.x || p.y > max_.y || p.y + size.y < min_.y) return;
    drawList_->AddText(p, colour, text);
}

void SceneView::image(void* textureId, const Rect& w) const {
    if (!drawList_ || !textureId || !isVisible(w)) return;
    drawList_->AddImage(textureId, toScreen({w.minX, w.minY}), toScreen({w.maxX, w.maxY}));
}

}  // namespace aoilab::app
