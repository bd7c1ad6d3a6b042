#pragma once
// The scene canvas: the view transform (pan and zoom), the world drawn as ImGui draw-list shapes, and the
// mouse routed to the active tool. World y grows downwards, like map rows and screen pixels.
#include <imgui.h>

#include <optional>
#include <vector>

#include "core/entity.h"
#include "core/geometry.h"

namespace aoilab::app {

struct AppContext;
class Tool;

class SceneView {
public:
    // Transform -------------------------------------------------------------------------------------
    ImVec2 toScreen(Vec2 world) const;
    Vec2 toWorld(ImVec2 screen) const;
    float pixelsPerUnit() const { return scale_; }
    // Fits the rectangle into the canvas with a small margin (F key; after New and Open).
    void frame(const Rect& world);
    void zoomAt(ImVec2 screen, float factor);
    void pan(ImVec2 deltaPixels);
    ImVec2 canvasMin() const { return min_; }
    ImVec2 canvasMax() const { return max_; }
    bool hasCanvas() const { return max_.x > min_.x && max_.y > min_.y; }

    // Drawing helpers for panels' overlays ------------------------------------------------------------
    ImDrawList* drawList() const { return drawList_; }
    float entityDotRadius() const;
    // The entity under a screen point (nearest within a few pixels of its dot).
    std::optional<EntityId> pick(const AppContext& ctx, ImVec2 screen) const;

    // Lays out, draws and handles input for the canvas rectangle (called inside the canvas window).
    void draw(AppContext& ctx, Tool& tool, ImVec2 min, ImVec2 max);

private:
    void drawWorld(AppContext& ctx);
    void drawEntities(AppContext& ctx);
    void handleInput(AppContext& ctx, Tool& tool);
    void drawGridLines(const AppContext& ctx);

    ImVec2 min_{0, 0}, max_{0, 0};
    Vec2 center_{50, 50};  // world point at the canvas centre
    float scale_ = 5;      // pixels per world unit
    bool framed_ = false;
    Rect pendingFrame_{};
    bool framePending_ = false;
    ImDrawList* drawList_ = nullptr;
    std::optional<EntityId> contextEntity_;

    // Above this many dots on screen the scene draws cheaper dots (see drawEntities).
    static constexpr std::size_t kCrowdDots = 1500;
    static constexpr std::size_t kFilledRanges = 200;  // above this many, ranges are outlines only
    struct VisibleDot {
        ImVec2 center;
        ImU32 colour;
    };
    std::vector<VisibleDot> visibleDots_;  // reused every frame
};

}  // namespace aoilab::app
