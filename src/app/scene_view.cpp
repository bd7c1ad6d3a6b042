#include "app/scene_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

#include "app/app_context.h"
#include "app/mode.h"
#include "app/scene_layout.h"
#include "app/strings.h"
#include "app/theme.h"
#include "app/tools.h"
#include "core/world.h"

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
    scale_ = fitScale(world);
    const ImVec2 clear = axisClearance();
    center_ = {(world.minX + world.maxX) / 2 - clear.x / 2 / scale_, (world.minY + world.maxY) / 2 - clear.y / 2 / scale_};
    framePending_ = false;
}

ImVec2 SceneView::axisClearance() const {
    return ImVec2(std::min(ImGui::GetFontSize() * 2.5f, (max_.x - min_.x) / 4), std::min(axisStripHeight(), (max_.y - min_.y) / 4));
}

float SceneView::fitScale(const Rect& world) const {
    // Framed clear of the axis numbers: below the strip along the top, right of the column along the left.
    const ImVec2 clear = axisClearance();
    float w = (max_.x - min_.x - clear.x) * (1 - 2 * kFrameMargin);
    float h = (max_.y - min_.y - clear.y) * (1 - 2 * kFrameMargin);
    double sx = w / std::max(world.width(), 1e-9);
    double sy = h / std::max(world.height(), 1e-9);
    return std::clamp(static_cast<float>(std::min(sx, sy)), kMinScale, kMaxScale);
}

void SceneView::zoomAt(ImVec2 screen, float factor) {
    followsCanvas_ = false;  // the user's own view stays as it is
    Vec2 before = toWorld(screen);
    scale_ = std::clamp(scale_ * factor, kMinScale, kMaxScale);
    Vec2 after = toWorld(screen);
    center_.x += before.x - after.x;
    center_.y += before.y - after.y;
}

void SceneView::pan(ImVec2 d) {
    followsCanvas_ = false;
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
    const ImVec2 size(max.x - min.x, max.y - min.y);
    const bool resized = std::abs(size.x - framedSize_.x) > 0.5f || std::abs(size.y - framedSize_.y) > 0.5f;
    if (ctx.wantFrameWorld || !framed_ || (followsCanvas_ && resized)) {
        std::optional<Rect> modeBounds = ctx.mode ? ctx.mode->bounds(ctx) : std::nullopt;
        frame(modeBounds ? *modeBounds : ctx.world().bounds());
        ctx.wantFrameWorld = false;
        framed_ = true;
        followsCanvas_ = true;
        framedSize_ = size;
    }
    drawList_->PushClipRect(min_, max_, true);
    // Outside the world the canvas shows the frame's clear colour, theme::kOutsideWorld (app.cpp): the
    // scene window has no background, so no full-canvas fill is needed here.
    copies_ = ctx.mode ? ctx.mode->worldCopies(ctx) : std::vector<Rect>{};
    layoutAxisTicks();
    legend_ = Legend{};  // drawEntities lays it out again; a workbench that does not call it has none
    bottomReserved_ = bottomReservedNext_;
    bottomReservedNext_ = 0;
    if (ctx.mode) ctx.mode->drawScene(ctx, *this);
    else drawDocumentWorld(ctx);
    drawAxisTicks();
    pickEntities_ = ctx.mode && ctx.mode->showsEntities() && ctx.settings.showEntities;  // no hidden ones
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

bool SceneView::obstacleImage(const World& world) {
    const int columns = world.obstacleColumns(), rows = world.obstacleRows();
    if (world.obstacles().size() < kObstacleImageFrom || columns > kMaxObstacleImageSide || rows > kMaxObstacleImageSide)
        return false;
    const ObstacleImageKey key{world.obstacleRevision(), columns, rows};
    if (!(key == obstacleKey_)) {
        std::vector<std::uint32_t> pixels(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), 0);
        for (const Cell& cell : world.obstacles())
            pixels[static_cast<std::size_t>(cell.second) * static_cast<std::size_t>(columns) + static_cast<std::size_t>(cell.first)] =
                theme::kObstacle;
        obstacleTexture_.upload(columns, rows, pixels);
        obstacleKey_ = key;
        ++obstacleUploads_;
    }
    // The grid's last column and row may reach past the world's edge: draw only the part inside it.
    const double cs = world.obstacleCellSize();
    const ImVec2 uvMax(static_cast<float>(world.width() / (columns * cs)), static_cast<float>(world.height() / (rows * cs)));
    drawList_->AddImage(obstacleTexture_.id(), toScreen({0, 0}), toScreen({world.width(), world.height()}), ImVec2(0, 0), uvMax);
    return true;
}

void SceneView::drawDocumentWorld(const AppContext& ctx) {
    const World& world = ctx.world();
    ImVec2 a = toScreen({0, 0});
    ImVec2 b = toScreen({world.width(), world.height()});
    drawList_->AddRectFilled(a, b, theme::kWorldBackground);
    if (!obstacleImage(world)) {  // a few obstacles: a rectangle each
        const double cs = world.obstacleCellSize();
        for (const Cell& cell : world.obstacles()) {
            ImVec2 p = toScreen({cell.first * cs, cell.second * cs});
            ImVec2 q = toScreen({std::min((cell.first + 1) * cs, world.width()),
                                 std::min((cell.second + 1) * cs, world.height())});
            if (q.x < min_.x || p.x > max_.x || q.y < min_.y || p.y > max_.y) continue;
            drawList_->AddRectFilled(p, q, theme::kObstacle);
        }
    }
    if (ctx.settings.showGrid) drawGridLines(ctx);
    drawList_->AddRect(a, b, theme::kWorldBorder, 0, 0, 1.5f);
}

void SceneView::drawEntities(const AppContext& ctx, const SceneRelations* relations) {
    const World& world = ctx.world();
    drawnEntities_ = drawnRanges_ = 0;
    entitiesHidden_ = !ctx.settings.showEntities;
    if (entitiesHidden_) {  // the scene's own cost, and its obstacles unobstructed: nothing of the entities
        placedNames_.clear();
        legendKeepClear_.clear();
        drawnDotRadius_ = 0;
        return;
    }
    bool circle = ctx.doc.scenario().aoi.shape == ViewShape::Circle;
    float dot = entityDotRadius();
    const Rect seen = visibleWorld();
    auto drawRange = [&](const Entity& e, ImU32 colour, float thickness, bool fill) {
        // Only ranges that reach the canvas: the clip rectangle hides the others, but not their cost.
        if (e.x + e.radius < seen.minX || e.x - e.radius > seen.maxX || e.y + e.radius < seen.minY ||
            e.y - e.radius > seen.maxY)
            return false;
        ImVec2 c = toScreen({e.x, e.y});
        float r = static_cast<float>(e.radius * scale_);
        if (r < 0.5f) return false;
        if (circle) {
            int segments = std::clamp(static_cast<int>(r / 2), 24, 256);
            if (fill) drawList_->AddCircleFilled(c, r, theme::entityColor(e.color, 18), segments);
            drawList_->AddCircle(c, r, colour, segments, thickness);
        } else {
            if (fill) drawList_->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), theme::entityColor(e.color, 18));
            drawList_->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), colour, 0, 0, thickness);
        }
        return true;
    };
    // A crowd (thousands of dots on screen) is drawn with fewer vertices: a dot a few pixels wide looks
    // the same as a square, and the rim only matters when dots stand apart. Under software GL this is
    // most of a 10,000-entity frame.
    visibleDots_.clear();
    std::vector<ImU32> scenarioColours;  // the colours a scenario gave entities on the canvas, for the legend
    for (const Entity& e : world.entities()) {
        if (e.x < seen.minX || e.x > seen.maxX || e.y < seen.minY || e.y > seen.maxY) {
            // The dot may still show at the canvas edge when its centre is just outside.
            ImVec2 c = toScreen({e.x, e.y});
            if (c.x < min_.x - dot || c.x > max_.x + dot || c.y < min_.y - dot || c.y > max_.y + dot) continue;
        }
        visibleDots_.push_back({toScreen({e.x, e.y}), theme::entityColor(e.color)});
        if (e.color != 0 && scenarioColours.size() < 3 &&
            std::find(scenarioColours.begin(), scenarioColours.end(), theme::entityColor(e.color)) == scenarioColours.end())
            scenarioColours.push_back(theme::entityColor(e.color));
    }
    const bool crowd = visibleDots_.size() > kCrowdDots;
    drawnEntities_ = visibleDots_.size();
    // Thousands of overlapping translucent ranges are unreadable and cost seconds of fill under software
    // GL: in a crowd only the selected entity's range is drawn (below).
    // Translucent fills overlap heavily from a few hundred ranges on: outlines read better and cost less.
    const bool fillRanges = visibleDots_.size() <= kFilledRanges;
    // Between the two, ranges (outlines) and dots are one image painted on the CPU (entityImage).
    const bool asImage = !crowd && !fillRanges;
    if (ctx.settings.showViewRanges && !crowd && !asImage)
        for (const Entity& e : world.entities()) drawnRanges_ += drawRange(e, theme::entityColor(e.color, 120), 1.0f, fillRanges) ? 1 : 0;
    // In a crowd a dot also shrinks to about a third of the mean spacing, so the crowd stays readable.
    float dotDrawn = dot;  // the dots' radius as drawn (a crowd's or many dots' smaller)
    if (crowd) {
        float area = (max_.x - min_.x) * (max_.y - min_.y);
        dotDrawn = std::clamp(0.35f * std::sqrt(area / static_cast<float>(visibleDots_.size())), 1.5f, dot);
        crowdImage(dotDrawn, world.bounds());
    } else {
        // Fewer dots shrink the same way, to a third of their mean spacing over the part of the canvas
        // they cover, but not below 3 pixels: at 1280 x 720, font scale 2, crowd-500's dots (10 pixels)
        // merged into one blue block.
        float minX = max_.x, minY = max_.y, maxX = min_.x, maxY = min_.y;
        for (const VisibleDot& d : visibleDots_) {
            minX = std::min(minX, d.center.x);
            minY = std::min(minY, d.center.y);
            maxX = std::max(maxX, d.center.x);
            maxY = std::max(maxY, d.center.y);
        }
        const float em = ImGui::GetFontSize();
        const float covered = std::max(maxX - minX, em) * std::max(maxY - minY, em);
        if (!visibleDots_.empty())
            dotDrawn = std::clamp(0.35f * std::sqrt(covered / static_cast<float>(visibleDots_.size())), std::min(dot, 3.0f), dot);
        if (asImage) entityImage(world, circle, ctx.settings.showViewRanges, dotDrawn);
        else
            for (const VisibleDot& d : visibleDots_) {
                drawList_->AddCircleFilled(d.center, dotDrawn, d.colour, 20);
                drawList_->AddCircle(d.center, dotDrawn, theme::kDotRim, 20, 1.0f);  // dark colours stay visible
            }
    }
    // The selected entity's relations, over the crowd: a dot in the relation's colour, a little larger.
    if (relations && ctx.selected) {
        for (const auto& [id, relation] : *relations) {
            const Entity* e = world.find(id);
            if (!e) continue;
            ImVec2 c = toScreen({e->x, e->y});
            float r = dotDrawn + 1.5f;
            if (c.x < min_.x - r || c.x > max_.x + r || c.y < min_.y - r || c.y > max_.y + r) continue;
            ImU32 colour = relation == SceneRelation::InView    ? theme::kInView
                           : relation == SceneRelation::Watches ? theme::kWatches
                                                                : theme::kMutual;
            drawList_->AddCircleFilled(c, r, colour, 16);
            drawList_->AddCircle(c, r, theme::kOutsideWorld, 16, 1.0f);
        }
    }
    if (ctx.hovered && ctx.hovered != ctx.selected)
        if (const Entity* e = world.find(*ctx.hovered))
            drawList_->AddCircle(toScreen({e->x, e->y}), dot + 2.5f, theme::kHover, 24, 1.5f);
    if (ctx.selected)
        if (const Entity* e = world.find(*ctx.selected)) {
            drawRange(*e, theme::kSelected, 2.5f, false);
            drawList_->AddCircle(toScreen({e->x, e->y}), dot + 3.0f, theme::kSelected, 24, 2.5f);
        }
    const Entity* selectedEntity = ctx.selected ? world.find(*ctx.selected) : nullptr;
    std::vector<ImVec2> keepClear, question;
    if (selectedEntity) keepClear.push_back(toScreen({selectedEntity->x, selectedEntity->y}));
    for (Vec2 p : std::exchange(legendKeepClear_, {})) question.push_back(toScreen(p));
    keepClear.insert(keepClear.end(), question.begin(), question.end());
    layoutLegend(relations && selectedEntity, scenarioColours, keepClear);
    // An exercise's entities are never covered: where every corner would hide one (a small world at font
    // scale 2, every entity in the answer), the legend is left out on this frame.
    const LabelPlacer::Box& r = legend_.rect;
    for (ImVec2 p : question)
        if (!legend_.rows.empty() && p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY) legend_ = Legend{};
    drawnDotRadius_ = dotDrawn;
    drawNames(ctx, dotDrawn);  // keeping out of the legend, which the app draws after the panels' overlays
}

void SceneView::crowdImage(float h, const Rect& worldBounds) {
    const int canvasW = std::max(1, static_cast<int>(std::ceil(max_.x - min_.x)));
    const int canvasH = std::max(1, static_cast<int>(std::ceil(max_.y - min_.y)));
    const int half = std::max(1, static_cast<int>(std::lround(h)));
    // Every dot lies in the world, so the image spans only where the world (and half a dot around it)
    // meets the canvas: under software GL its quad costs by the pixel. Whole-pixel offsets from the
    // canvas corner keep each dot on the same pixels as a canvas-sized image would.
    ImVec2 a = toScreen({worldBounds.minX, worldBounds.minY}), b = toScreen({worldBounds.maxX, worldBounds.maxY});
    auto clampPixel = [](float v, int hi) { return std::clamp(static_cast<int>(std::floor(v)), 0, hi); };
    const int x0 = clampPixel(std::min(a.x, b.x) - min_.x - static_cast<float>(half), canvasW);
    const int y0 = clampPixel(std::min(a.y, b.y) - min_.y - static_cast<float>(half), canvasH);
    const int x1 = clampPixel(std::ceil(std::max(a.x, b.x) - min_.x) + static_cast<float>(half), canvasW);
    const int y1 = clampPixel(std::ceil(std::max(a.y, b.y) - min_.y) + static_cast<float>(half), canvasH);
    if (x1 <= x0 || y1 <= y0) return;  // the world is off the canvas
    const int width = x1 - x0, height = y1 - y0;
    ImVec2 origin(min_.x + static_cast<float>(x0), min_.y + static_cast<float>(y0));
    const CrowdImageKey key{half, x0, y0, width, height, min_};
    const bool same = key == crowdKey_ && crowdDots_.size() == visibleDots_.size() &&
                      std::equal(crowdDots_.begin(), crowdDots_.end(), visibleDots_.begin(), [](const VisibleDot& was, const VisibleDot& now) {
                          return was.center.x == now.center.x && was.center.y == now.center.y && was.colour == now.colour;
                      });
    if (same && crowdTexture_.id() != nullptr) {
        drawList_->AddImage(crowdTexture_.id(), origin, ImVec2(origin.x + static_cast<float>(width), origin.y + static_cast<float>(height)));
        return;
    }
    crowdKey_ = key;
    crowdDots_ = visibleDots_;
    ++crowdUploads_;
    crowdPixels_.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);  // transparent
    for (const VisibleDot& d : visibleDots_) {
        int cx = static_cast<int>(std::floor(d.center.x - min_.x)) - x0;
        int cy = static_cast<int>(std::floor(d.center.y - min_.y)) - y0;
        int dx0 = std::max(0, cx - half), dx1 = std::min(width - 1, cx + half - 1);
        int dy0 = std::max(0, cy - half), dy1 = std::min(height - 1, cy + half - 1);
        if (dx0 > dx1 || dy0 > dy1) continue;  // a dot just off the canvas (visibleDots_ keeps those a dot away)
        for (int y = dy0; y <= dy1; ++y) {
            std::uint32_t* row = crowdPixels_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width);
            std::fill(row + dx0, row + dx1 + 1, d.colour);
        }
    }
    crowdTexture_.upload(width, height, crowdPixels_);
    drawList_->AddImage(crowdTexture_.id(), origin, ImVec2(origin.x + static_cast<float>(width), origin.y + static_cast<float>(height)));
}

// Names next to the dots wherever they fit: the selected entity and its relations first, then the
// others in world order; a name is skipped when it would overlap one already drawn or leave the canvas.
void SceneView::drawNames(const AppContext& ctx, float dot) {
    placedNames_.clear();
    const World& world = ctx.world();
    const float em = ImGui::GetFontSize();
    LabelPlacer placer = labelPlacer();
    if (!legend_.rows.empty()) placer.block(legend_.rect);
    auto tryName = [&](const Entity& e) {
        if (e.name.empty()) return;
        ImVec2 c = toScreen({e.x, e.y});
        float x = c.x + dot + 3, y = c.y - em - 1;
        if (placer.surelyBlocked(x, y)) return;
        ImVec2 size = ImGui::CalcTextSize(e.name.c_str());
        LabelPlacer::Box box{x, y, x + size.x, y + size.y};
        if (!placer.place(box)) return;
        drawList_->AddText(ImVec2(x, y), IM_COL32(230, 230, 230, 220), e.name.c_str());
        placedNames_.push_back({e.id, box.minX, box.minY, box.maxX, box.maxY});
    };
    if (ctx.selected)
        if (const Entity* e = world.find(*ctx.selected)) tryName(*e);
    for (const Entity& e : world.entities())
        if (e.id != ctx.selected) tryName(e);
}

std::vector<SceneView::AxisPart> SceneView::axisParts(bool xAxis) const {
    constexpr double kOpen = std::numeric_limits<double>::infinity();
    std::vector<std::pair<double, double>> spans;  // each copy's [first, last] along the axis, once
    for (const Rect& copy : copies_) spans.emplace_back(xAxis ? copy.minX : copy.minY, xAxis ? copy.maxX : copy.maxY);
    std::sort(spans.begin(), spans.end());
    spans.erase(std::unique(spans.begin(), spans.end()), spans.end());  // stacked copies share their x span
    if (spans.empty()) return {{0, -kOpen, kOpen}};
    std::vector<AxisPart> parts;
    for (std::size_t i = 0; i < spans.size(); ++i)
        parts.push_back({spans[i].first, i == 0 ? -kOpen : (spans[i - 1].second + spans[i].first) / 2,
                         i + 1 == spans.size() ? kOpen : (spans[i].second + spans[i + 1].first) / 2});
    return parts;
}

// Ticks along the top and left edges of the canvas with the world coordinates they mark, 1-2-5 steps at
// least five font sizes apart, so the article's coordinates can be read off the scene; on a small canvas
// (a quarter of its shorter side below five ems) down to three and a half: at 1280 x 720, font scale 2,
// the grid article's 400-unit world had a tick at 0 only, the next step (500) beyond it. Over copies of a
// map (runs compared) each copy's numbers start at 0 at its own edge, as its cells are named: the second
// copy of a 48-cell map read 50, 60... Laid out before the scene is drawn, so that its labels keep out of
// the numbers; drawn after it, over it.
void SceneView::layoutAxisTicks() {
    const float em = ImGui::GetFontSize();
    const float shorterSide = std::min(max_.x - min_.x, max_.y - min_.y);
    const double step = niceTickStep(scale_, std::clamp(shorterSide / 4, em * 3.5f, em * 5));
    const Rect v = visibleWorld();
    ticks_ = AxisTicks{};
    ticks_.step = step;
    char text[32];
    ticks_.boxes.push_back({min_.x, min_.y, max_.x, min_.y + axisStripHeight()});  // the top strip's backing
    // A copy's first number may fall close after the previous copy's last: the later one is left out.
    float taken = -std::numeric_limits<float>::infinity();
    for (const AxisPart& part : axisParts(true)) {
        for (double local : ticksBetween(std::max(v.minX, part.from) - part.origin, std::min(v.maxX, part.to) - part.origin, step)) {
            const double x = part.origin + local;
            if (x >= part.to) continue;
            float sx = toScreen({x, 0}).x;
            if (sx < min_.x + em * 2.6f) continue;  // the corner belongs to the y axis (its 2.5-em column)
            formatTick(local, step, text, sizeof text);
            const float right = sx + 2 + ImGui::CalcTextSize(text).x;
            if (right > max_.x) continue;  // its number would be cut by the canvas edge
            if (sx < taken + em * 0.5f) continue;
            taken = right;
            ticks_.x.push_back(x);
            ticks_.xValue.push_back(local);
        }
    }
    taken = -std::numeric_limits<float>::infinity();
    for (const AxisPart& part : axisParts(false)) {
        for (double local : ticksBetween(std::max(v.minY, part.from) - part.origin, std::min(v.maxY, part.to) - part.origin, step)) {
            const double y = part.origin + local;
            if (y >= part.to) continue;
            float sy = toScreen({0, y}).y;
            // The bottom-left corner belongs to the legend (three or four lines high: with four it moves
            // to another corner when it would cover a number, layoutLegend).
            if (sy < min_.y + em * 1.4f || sy > max_.y - em * 5.0f) continue;
            formatTick(local, step, text, sizeof text);
            ImVec2 size = ImGui::CalcTextSize(text);
            if (sy < taken + em * 0.2f) continue;
            taken = sy + 1 + size.y;
            ticks_.y.push_back(y);
            ticks_.yValue.push_back(local);
            ticks_.boxes.push_back({min_.x, sy + 1, min_.x + size.x + em * 0.4f, sy + 1 + size.y});
        }
    }
}

void SceneView::drawAxisTicks() {
    const float em = ImGui::GetFontSize();
    char text[32];
    const float tick = em * 0.45f;
    drawList_->AddRectFilled(min_, ImVec2(max_.x, min_.y + axisStripHeight()), theme::kAxisBacking);
    for (std::size_t i = 0; i < ticks_.x.size(); ++i) {
        float sx = toScreen({ticks_.x[i], 0}).x;
        formatTick(ticks_.xValue[i], ticks_.step, text, sizeof text);
        drawList_->AddLine(ImVec2(sx, min_.y), ImVec2(sx, min_.y + tick), theme::kAxisText, 1.0f);
        drawList_->AddText(ImVec2(sx + 2, min_.y + em * 0.1f), theme::kAxisText, text);
    }
    for (std::size_t i = 0; i < ticks_.y.size(); ++i) {
        float sy = toScreen({0, ticks_.y[i]}).y;
        formatTick(ticks_.yValue[i], ticks_.step, text, sizeof text);
        const LabelPlacer::Box& box = ticks_.boxes[i + 1];
        drawList_->AddLine(ImVec2(min_.x, sy), ImVec2(min_.x + tick, sy), theme::kAxisText, 1.0f);
        drawList_->AddRectFilled(ImVec2(box.minX, box.minY), ImVec2(box.maxX, box.maxY), theme::kAxisBacking);
        drawList_->AddText(ImVec2(min_.x + em * 0.2f, sy + 1), theme::kAxisText, text);
    }
}

LabelPlacer SceneView::labelPlacer() const {
    const float em = ImGui::GetFontSize();
    LabelPlacer placer({min_.x, min_.y, max_.x, max_.y}, em, 0.3f * em);
    for (const LabelPlacer::Box& box : ticks_.boxes) placer.block(box);
    return placer;
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
