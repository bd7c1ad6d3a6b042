#include "app/scene_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app_context.h"
#include "app/mode.h"
#include "app/strings.h"
#include "app/theme.h"
#include "app/tools.h"

namespace aoilab::app {

namespace {
constexpr float kMinScale = 1e-4f;
constexpr float kMaxScale = 1e4f;
constexpr float kFrameMargin = 0.06f;  // of the canvas, on each side
}  // namespace

ImVec2 SceneView::toScreen(Vec2 w) const {
    float cx = (min_.x + max_.x) * 0.5f;
    float cy = (min_.y + max_.y) * 0.5f;
    return ImVec2(cx + static_cast<float>((w.x - center_.x) * scale_),
                  cy + static_cast<float>((w.y - center_.y) * scale_));
}

Vec2 SceneView::toWorld(ImVec2 s) const {
    float cx = (min_.x + max_.x) * 0.5f;
    float cy = (min_.y + max_.y) * 0.5f;
    return {center_.x + (s.x - cx) / scale_, center_.y + (s.y - cy) / scale_};
}

void SceneView::frame(const Rect& world) {
    if (!hasCanvas()) {
        pendingFrame_ = world;
        framePending_ = true;
        return;
    }
    float w = (max_.x - min_.x) * (1 - 2 * kFrameMargin);
    float h = (max_.y - min_.y) * (1 - 2 * kFrameMargin);
    double sx = w / std::max(world.width(), 1e-9);
    double sy = h / std::max(world.height(), 1e-9);
    scale_ = std::clamp(static_cast<float>(std::min(sx, sy)), kMinScale, kMaxScale);
    center_ = {(world.minX + world.maxX) / 2, (world.minY + world.maxY) / 2};
    framePending_ = false;
}

void SceneView::zoomAt(ImVec2 screen, float factor) {
    Vec2 before = toWorld(screen);
    scale_ = std::clamp(scale_ * factor, kMinScale, kMaxScale);
    Vec2 after = toWorld(screen);
    center_.x += before.x - after.x;
    center_.y += before.y - after.y;
}

void SceneView::pan(ImVec2 d) {
    center_.x -= d.x / scale_;
    center_.y -= d.y / scale_;
}

float SceneView::entityDotRadius() const { return std::max(3.0f, ImGui::GetFontSize() * 0.32f); }

std::optional<EntityId> SceneView::pick(const AppContext& ctx, ImVec2 screen) const {
    if (!pickEntities_) return std::nullopt;
    float reach = entityDotRadius() + ImGui::GetFontSize() * 0.25f;
    float best = reach * reach;
    std::optional<EntityId> found;
    for (const Entity& e : ctx.world().entities()) {
        ImVec2 p = toScreen({e.x, e.y});
        float dx = p.x - screen.x, dy = p.y - screen.y;
        float d2 = dx * dx + dy * dy;
        if (d2 <= best) {  // ties: the later (drawn on top) entity wins
            best = d2;
            found = e.id;
        }
    }
    return found;
}

void SceneView::draw(AppContext& ctx, Tool& tool, ImVec2 min, ImVec2 max) {
    min_ = min;
    max_ = max;
    drawList_ = ImGui::GetWindowDrawList();
    if (framePending_) frame(pendingFrame_);
    if (ctx.wantFrameWorld || !framed_) {
        std::optional<Rect> modeBounds = ctx.mode ? ctx.mode->bounds(ctx) : std::nullopt;
        frame(modeBounds ? *modeBounds : ctx.world().bounds());
        ctx.wantFrameWorld = false;
        framed_ = true;
    }
    drawList_->PushClipRect(min_, max_, true);
    drawList_->AddRectFilled(min_, max_, theme::kOutsideWorld);
    if (ctx.mode) ctx.mode->drawScene(ctx, *this);
    else drawDocumentWorld(ctx);
    pickEntities_ = ctx.mode && ctx.mode->showsEntities();
    handleInput(ctx, tool);
    drawList_->PopClipRect();
}

void SceneView::drawGridLines(const AppContext& ctx) {
    const World& world = ctx.world();
    // The obstacle cell size, multiplied up (1-2-5) until lines are at least ~1.5 font sizes apart.
    double step = world.obstacleCellSize();
    double minPixels = ImGui::GetFontSize() * 1.5;
    const double factors[] = {2, 2.5, 2};
    for (int i = 0; step * scale_ < minPixels && i < 60; ++i) step *= factors[i % 3];
    ImVec2 a = toScreen({0, 0});
    ImVec2 b = toScreen({world.width(), world.height()});
    for (double x = step; x < world.width(); x += step) {
        float sx = toScreen({x, 0}).x;
        if (sx >= min_.x && sx <= max_.x) drawList_->AddLine(ImVec2(sx, a.y), ImVec2(sx, b.y), theme::kGridLine);
    }
    for (double y = step; y < world.height(); y += step) {
        float sy = toScreen({0, y}).y;
        if (sy >= min_.y && sy <= max_.y) drawList_->AddLine(ImVec2(a.x, sy), ImVec2(b.x, sy), theme::kGridLine);
    }
}

void SceneView::drawDocumentWorld(const AppContext& ctx) {
    const World& world = ctx.world();
    ImVec2 a = toScreen({0, 0});
    ImVec2 b = toScreen({world.width(), world.height()});
    drawList_->AddRectFilled(a, b, theme::kWorldBackground);
    double cs = world.obstacleCellSize();
    for (const Cell& cell : world.obstacles()) {
        ImVec2 p = toScreen({cell.first * cs, cell.second * cs});
        ImVec2 q = toScreen({std::min((cell.first + 1) * cs, world.width()),
                             std::min((cell.second + 1) * cs, world.height())});
        if (q.x < min_.x || p.x > max_.x || q.y < min_.y || p.y > max_.y) continue;
        drawList_->AddRectFilled(p, q, theme::kObstacle);
    }
    if (ctx.settings.showGrid) drawGridLines(ctx);
    drawList_->AddRect(a, b, theme::kWorldBorder, 0, 0, 1.5f);
}

void SceneView::drawEntities(const AppContext& ctx) {
    const World& world = ctx.world();
    bool circle = ctx.doc.scenario().aoi.shape == ViewShape::Circle;
    float dot = entityDotRadius();
    auto drawRange = [&](const Entity& e, ImU32 colour, float thickness, bool fill) {
        ImVec2 c = toScreen({e.x, e.y});
        float r = static_cast<float>(e.radius * scale_);
        if (r < 0.5f) return;
        if (circle) {
            int segments = std::clamp(static_cast<int>(r / 2), 24, 256);
            if (fill) drawList_->AddCircleFilled(c, r, theme::entityColor(e.color, 18), segments);
            drawList_->AddCircle(c, r, colour, segments, thickness);
        } else {
            if (fill) drawList_->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), theme::entityColor(e.color, 18));
            drawList_->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), colour, 0, 0, thickness);
        }
    };
    // A crowd (thousands of dots on screen) is drawn with fewer vertices: a dot a few pixels wide looks
    // the same with 8 segments, and the rim only matters when dots stand apart. Under software GL this is
    // most of a 10,000-entity frame.
    visibleDots_.clear();
    for (const Entity& e : world.entities()) {
        ImVec2 c = toScreen({e.x, e.y});
        if (c.x < min_.x - dot || c.x > max_.x + dot || c.y < min_.y - dot || c.y > max_.y + dot) continue;
        visibleDots_.push_back({c, theme::entityColor(e.color)});
    }
    const bool crowd = visibleDots_.size() > kCrowdDots;
    // Thousands of overlapping translucent ranges are unreadable and cost seconds of fill under software
    // GL: in a crowd only the selected entity's range is drawn (below).
    // Translucent fills overlap heavily from a few hundred ranges on: outlines read better and cost less.
    const bool fillRanges = visibleDots_.size() <= kFilledRanges;
    if (ctx.settings.showViewRanges && !crowd)
        for (const Entity& e : world.entities()) drawRange(e, theme::entityColor(e.color, 120), 1.0f, fillRanges);
    // In a crowd a dot also shrinks to about a third of the mean spacing, so the crowd stays readable.
    float crowdDot = dot;
    if (crowd) {
        float area = (max_.x - min_.x) * (max_.y - min_.y);
        crowdDot = std::clamp(0.35f * std::sqrt(area / static_cast<float>(visibleDots_.size())), 1.5f, dot);
    }
    for (const VisibleDot& d : visibleDots_) {
        if (crowd) {  // two triangles instead of an anti-aliased disc: the same few pixels on screen
            drawList_->AddRectFilled(ImVec2(d.center.x - crowdDot, d.center.y - crowdDot),
                                     ImVec2(d.center.x + crowdDot, d.center.y + crowdDot), d.colour);
            continue;
        }
        drawList_->AddCircleFilled(d.center, dot, d.colour, 20);
        drawList_->AddCircle(d.center, dot, theme::kDotRim, 20, 1.0f);  // dark colours stay visible
    }
    if (ctx.hovered && ctx.hovered != ctx.selected)
        if (const Entity* e = world.find(*ctx.hovered))
            drawList_->AddCircle(toScreen({e->x, e->y}), dot + 2.5f, theme::kHover, 24, 1.5f);
    if (ctx.selected)
        if (const Entity* e = world.find(*ctx.selected)) {
            drawRange(*e, theme::kSelected, 2.5f, false);
            drawList_->AddCircle(toScreen({e->x, e->y}), dot + 3.0f, theme::kSelected, 24, 2.5f);
        }
    // Names next to the dots when there is room for them.
    if (world.size() <= 200 && scale_ * 8 > ImGui::GetFontSize())
        for (const Entity& e : world.entities()) {
            if (e.name.empty()) continue;
            ImVec2 c = toScreen({e.x, e.y});
            drawList_->AddText(ImVec2(c.x + dot + 3, c.y - ImGui::GetFontSize() - 1), IM_COL32(230, 230, 230, 220),
                               e.name.c_str());
        }
}

void SceneView::handleInput(AppContext& ctx, Tool& tool) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetCursorScreenPos(min_);
    ImGui::InvisibleButton("##scene_canvas", ImVec2(max_.x - min_.x, max_.y - min_.y),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                               ImGuiButtonFlags_MouseButtonMiddle);
    bool hovered = ImGui::IsItemHovered();
    bool active = ImGui::IsItemActive();

    ToolInput in;
    in.screen = io.MousePos;
    in.world = toWorld(io.MousePos);
    in.insideWorld = ctx.world().bounds().contains(in.world);
    in.hit = (hovered || active) ? pick(ctx, io.MousePos) : std::nullopt;
    ctx.hovered = hovered ? in.hit : std::nullopt;

    // Pan with the right or middle button, zoom at the cursor with the wheel.
    if (active && (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 2) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 2)))
        pan(io.MouseDelta);
    if (hovered && io.MouseWheel != 0) zoomAt(io.MousePos, std::pow(1.15f, io.MouseWheel));

    // The left button belongs to the tool.
    if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) tool.press(ctx, in);
    else if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        tool.drag(ctx, in);
    if (ImGui::IsItemDeactivated() && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) tool.release(ctx, in);
    if (hovered || active) tool.drawPreview(ctx, *this, in);

    // Right click without a drag on an entity: its menu.
    if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Right) && in.hit) {
        ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Right, 0);
        if (drag.x * drag.x + drag.y * drag.y < 16) {
            contextEntity_ = in.hit;
            ctx.selected = in.hit;
            ImGui::OpenPopup("##entity_menu");
        }
    }
    if (ImGui::BeginPopup("##entity_menu")) {
        if (contextEntity_ && ctx.world().contains(*contextEntity_)) {
            const Entity* e = ctx.world().find(*contextEntity_);
            ImGui::TextDisabled("%lld %s", static_cast<long long>(e->id), e->name.c_str());
            ImGui::Separator();
            if (ImGui::MenuItem(tr(Str::DeleteEntity), "Del")) {
                EntityId id = *contextEntity_;
                ctx.edit([id](EditHistory& h) { h.removeEntity(id); });
            }
        }
        ImGui::EndPopup();
    }

    if (hovered && ctx.hovered && !active) {
        if (const Entity* e = ctx.world().find(*ctx.hovered)) {
            ImGui::BeginTooltip();
            std::string id = std::to_string(e->id);
            ImGui::Text(tr(Str::TooltipEntity), id.c_str(), e->name.c_str(), e->x, e->y, e->radius);
            ImGui::EndTooltip();
        }
    }
}

}  // namespace aoilab::app
