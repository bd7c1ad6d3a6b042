#pragma once
// The scene canvas: the view transform (pan and zoom), the world drawn as ImGui draw-list shapes, and the
// mouse routed to the active tool. World y grows downwards, like map rows and screen pixels.
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "app/cell_texture.h"
#include "app/scene_layout.h"
#include "app/shape_image.h"
#include "core/entity.h"
#include "core/geometry.h"

namespace aoilab {
class World;
}

namespace aoilab::app {

struct AppContext;
class Tool;

// How an entity relates to the selected one, as the engine reports it (the AOI mode fills these from
// the followed method's viewOf / watchersOf).
enum class SceneRelation : std::uint8_t { InView, Watches, Both };
using SceneRelations = std::unordered_map<EntityId, SceneRelation>;

class SceneView {
public:
    // Transform -------------------------------------------------------------------------------------
    ImVec2 toScreen(Vec2 world) const;
    Vec2 toWorld(ImVec2 screen) const;
    float pixelsPerUnit() const { return scale_; }
    // Fits the rectangle into the canvas with a small margin (F key; after New and Open).
    void frame(const Rect& world);
    // The pixels per unit frame(world) would give on this canvas (a workbench comparing layouts).
    float fitScale(const Rect& world) const;
    void zoomAt(ImVec2 screen, float factor);
    void pan(ImVec2 deltaPixels);
    ImVec2 canvasMin() const { return min_; }
    ImVec2 canvasMax() const { return max_; }
    bool hasCanvas() const { return max_.x > min_.x && max_.y > min_.y; }

    // World-space drawing for modes and panels (scene_draw.cpp): coordinates in world units, sizes
    // in font units (em), everything clipped to the canvas; nothing outside the canvas is emitted, so a
    // caller never converts or clips coordinates itself.
    Rect visibleWorld() const;                 // the world rectangle the canvas shows now
    bool isVisible(const Rect& world) const;   // any part of it on the canvas
    void segment(Vec2 a, Vec2 b, ImU32 colour, float thicknessEm = 0.08f) const;
    void polyline(const std::vector<Vec2>& points, ImU32 colour, float thicknessEm = 0.08f, bool closed = false) const;
    void polygonFilled(const std::vector<Vec2>& convex, ImU32 colour) const;
    void polygonOutline(const std::vector<Vec2>& points, ImU32 colour, float thicknessEm = 0.06f) const;
    void rectFilled(const Rect& world, ImU32 colour) const;
    void rectOutline(const Rect& world, ImU32 colour, float thicknessEm = 0.06f) const;
    // Lines between the cells of a columns x rows lattice of `cellSize` over `area` (cell borders inside
    // it), only when cells are at least `minPixels` wide on screen.
    void gridLines(const Rect& area, double cellSize, int columns, int rows, ImU32 colour, float minPixels = 4) const;
    // The map cell (column, row) of side `cellSize`, filled.
    void cell(int column, int row, double cellSize, ImU32 colour) const;
    void circleFilled(Vec2 centre, double radius, ImU32 colour) const;
    void circleOutline(Vec2 centre, double radius, ImU32 colour, float thicknessEm = 0.06f) const;
    // A dot of a fixed size on screen (radius in em), whatever the zoom.
    void dot(Vec2 centre, float radiusEm, ImU32 colour) const;
    // An arrow from a to b with its head at b (head size in em, shrunk on short arrows).
    void arrow(Vec2 a, Vec2 b, ImU32 colour, float thicknessEm = 0.08f, float headEm = 0.45f) const;
    // Text at a world point; centred on it when `centred`, else to its lower right. Skipped when off canvas.
    void label(Vec2 at, const char* text, ImU32 colour, bool centred = true) const;
    // Text whose lower left corner sits just above a world point: a title over a map's top edge that
    // nothing drawn on the map covers.
    void titleAbove(Vec2 at, const char* text, ImU32 colour) const;
    // A texture (one texel per map cell, see cell_texture.h) stretched over a world rectangle.
    void image(void* textureId, const Rect& world) const;

    // Drawing helpers for panels' overlays ------------------------------------------------------------
    ImDrawList* drawList() const { return drawList_; }
    float entityDotRadius() const;
    // The entity under a screen point (nearest within a few pixels of its dot).
    std::optional<EntityId> pick(const AppContext& ctx, ImVec2 screen) const;

    // Lays out, draws and handles input for the canvas rectangle (called inside the canvas window).
    void draw(AppContext& ctx, Tool& tool, ImVec2 min, ImVec2 max);

    // The document's world for a mode's drawScene: its rectangle, obstacle cells and grid lines; and the
    // entities with their view ranges, the hovered and the selected one (from ctx.world()).
    void drawDocumentWorld(const AppContext& ctx);
    // relations (optional): entities drawn in the colour of their relation to the selected entity; the
    // legend (legend()) names those colours and the scenario's own.
    void drawEntities(const AppContext& ctx, const SceneRelations* relations = nullptr);
    // Entities the legend must not cover on this frame besides the selected one (an exercise's question:
    // its subject, the guessed and the answered entities), as world points; set before drawEntities,
    // used by its legend's layout and then forgotten.
    void keepLegendClearOf(std::vector<Vec2> points) { legendKeepClear_ = std::move(points); }

    // What the last frame drew, for --dump-ui: the names placed (no two overlap, all inside the
    // canvas), and the axis ticks along the canvas edges (world coordinates, every `step` units).
    struct PlacedName {
        EntityId id;
        float minX, minY, maxX, maxY;
    };
    const std::vector<PlacedName>& placedNames() const { return placedNames_; }
    struct AxisTicks {
        double step = 0;
        std::vector<double> x, y;
        // The coordinate each tick's number names: x[i] itself, or, over a copy of the map
        // (Mode::worldCopies), x[i] less the copy's left edge (likewise y): its own map's coordinates.
        std::vector<double> xValue, yValue;
        // The screen boxes their numbers take (the top strip whole, each left number with its backing):
        // labels drawn on the scene keep out of them (labelPlacer).
        std::vector<LabelPlacer::Box> boxes;
    };
    const AxisTicks& axisTicks() const { return ticks_; }
    // The legend in the canvas's bottom-left corner as the last frame drew it: the selected entity's
    // ring and its relations' colours while one is selected, and the colours a scenario gave entities
    // on the canvas (`entities[].color`: the convoy's orange trucks had no legend), in columns of four.
    struct LegendRow {
        std::vector<ImU32> colours;  // one swatch each (a scenario's colours: up to three)
        bool ring = false;           // drawn as a ring (the selection), not a dot
        std::string text;
    };
    struct Legend {
        std::vector<LegendRow> rows;
        LabelPlacer::Box rect;  // window pixels; empty when no row is drawn
        std::vector<float> columnWidths;
        std::size_t rowsPerColumn = 0;
    };
    const Legend& legend() const { return legend_; }
    // Draws it, over everything else on the canvas: the app calls this after the panels' overlays (a
    // structure panel's grid lines crossed its text).
    void drawLegend() const;
    // The entities' dots as the last frame drew them: entityDotRadius(), or less where many share the
    // canvas (a third of their mean spacing, from 3 pixels; a crowd's from 1.5).
    float drawnDotRadius() const { return drawnDotRadius_; }
    // What drawEntities drew on the last frame, for --dump-ui: the dots (each visible entity's, also when
    // a crowd's are one image), the view ranges (besides the selected entity's), and whether the
    // entities were hidden (View > Entities off: no dots, ranges, names or legend; nothing to pick).
    std::size_t drawnEntities() const { return drawnEntities_; }
    std::size_t drawnRanges() const { return drawnRanges_; }
    bool entitiesHidden() const { return entitiesHidden_; }
    // A caption drawn over the canvas's bottom edge (a structure panel's "Shown on the scene: ..."):
    // `pixels` of the bottom the legend keeps clear of from the next frame on (it is laid out before the
    // panels draw theirs). Reserved again each frame, or released.
    void reserveBottom(float pixels) { bottomReservedNext_ = std::max(bottomReservedNext_, pixels); }
    // A placer for labels on this frame's canvas, the axis numbers already in it: a vertex id or an
    // entity name is never written under the ticks (which are drawn over the scene).
    LabelPlacer labelPlacer() const;
    // How many times the crowd's image (thousands of dots drawn as one texture) was filled and uploaded:
    // only when its dots or their place changed, not on frames that draw it the same.
    std::size_t crowdUploads() const { return crowdUploads_; }
    // How many times the entities' image (more than kFilledRanges and at most kCrowdDots dots: their
    // ranges and round dots painted into one texture) was painted and uploaded: only when what it shows
    // or its place changed.
    std::size_t entityImageUploads() const { return entityImageUploads_; }
    // How many times the obstacles' image (one texel a cell, for worlds with many obstacle cells) was
    // filled and uploaded: only when the obstacles changed.
    std::size_t obstacleUploads() const { return obstacleUploads_; }
    // From this many obstacle cells on (in a grid of at most kMaxObstacleImageSide cells each way, a
    // texture size every GL has) the obstacles are one texture instead of a rectangle each: 885,000 cells
    // were 885,000 rectangles a frame.
    static constexpr std::size_t kObstacleImageFrom = 4096;
    static constexpr int kMaxObstacleImageSide = 4096;

private:
    void handleInput(AppContext& ctx, Tool& tool);
    void drawGridLines(const AppContext& ctx);
    static float axisStripHeight() { return ImGui::GetFontSize() * 1.2f; }  // the x axis's numbers
    // What framing keeps clear of the axis numbers, which are drawn over the scene: the strip along the
    // top (y) and the column of numbers along the left edge, about three digits wide (x).
    ImVec2 axisClearance() const;
    void layoutAxisTicks();  // before the scene: where the ticks and their numbers go (ticks_)
    // One stretch of an axis whose numbers count from `origin`: a copy of the map with half of each gap
    // beside it (the first and last open outwards), or the whole axis from 0 when there are no copies.
    struct AxisPart {
        double origin, from, to;  // world coordinates; a tick at `to` belongs to the next part
    };
    std::vector<AxisPart> axisParts(bool xAxis) const;
    void drawAxisTicks();
    void drawNames(const AppContext& ctx, float dot);
    // legend_, before the names: its rows and the canvas corner it hides least in.
    // `keepClear`: screen points it must not cover where a corner allows (the selected entity, an
    // exercise's entities).
    void layoutLegend(bool selected, const std::vector<ImU32>& scenarioColours, const std::vector<ImVec2>& keepClear);
    // A crowd's dots as squares painted into one canvas-sized texture, drawn as a single quad: software
    // GL (Xvfb, most classrooms' VMs) pays per triangle, and 10,000 dots were 20,000 of them a frame.
    void crowdImage(float halfSide, const Rect& worldBounds);
    // From more than kFilledRanges dots (ranges outlines only) to kCrowdDots: the view ranges (when
    // `ranges`) and the dots with their rims, painted on the CPU into one texture drawn as a single quad
    // (scene_entity_image.cpp). crowd-500 was about 100,000 triangles a frame, most of its frame under
    // software GL. Counts drawnRanges_.
    void entityImage(const World& world, bool circle, bool ranges, float dotRadius);
    // The world's obstacles as one texture over its grid of cells; false when they are drawn as rectangles.
    bool obstacleImage(const World& world);

    ImVec2 min_{0, 0}, max_{0, 0};
    Vec2 center_{50, 50};  // world point at the canvas centre
    float scale_ = 5;      // pixels per world unit
    bool framed_ = false;
    // Until the user pans or zooms, a framed view follows the canvas's size (a resize, the other layout):
    // what the lesson is about keeps filling the scene at every window size.
    bool followsCanvas_ = false;
    ImVec2 framedSize_{0, 0};
    Rect pendingFrame_{};
    bool framePending_ = false;
    ImDrawList* drawList_ = nullptr;
    std::optional<EntityId> contextEntity_;
    bool pickEntities_ = true;  // the active mode shows entities (hover, tooltip, pick, entity menu)

    // Above this many dots on screen the scene draws cheaper dots (see drawEntities).
    static constexpr std::size_t kCrowdDots = 1500;
    static constexpr std::size_t kLegendRowsPerColumn = 4;
    static constexpr std::size_t kFilledRanges = 200;  // above this many, ranges are outlines only
    struct VisibleDot {
        ImVec2 center;
        ImU32 colour;
    };
    std::vector<VisibleDot> visibleDots_;  // reused every frame
    std::vector<std::uint32_t> crowdPixels_;
    CellTexture crowdTexture_;
    // What the crowd texture shows: the dots and the image's place. A frame that would draw the same
    // (an idle frame, a panel's change) draws the texture again without filling and uploading it.
    struct CrowdImageKey {
        int half = 0, x0 = 0, y0 = 0, width = 0, height = 0;
        ImVec2 canvasMin{0, 0};
        bool operator==(const CrowdImageKey& o) const {
            return half == o.half && x0 == o.x0 && y0 == o.y0 && width == o.width && height == o.height &&
                   canvasMin.x == o.canvasMin.x && canvasMin.y == o.canvasMin.y;
        }
    };
    CrowdImageKey crowdKey_;
    std::vector<VisibleDot> crowdDots_;  // the dots of the texture as uploaded
    std::size_t crowdUploads_ = 0;       // textures filled and uploaded (the dump's crowd_uploads)
    // What the entities' image shows: each shape in screen pixels, and the image's place; a frame that
    // would paint the same draws the texture again.
    struct ImageShape {
        enum class Kind : std::uint8_t { Ring, Square, Dot } kind;
        float x, y, r;
        ImU32 colour;
        bool operator==(const ImageShape&) const = default;
    };
    std::vector<ImageShape> imageShapes_, imageShapesShown_;
    int imageX_ = 0, imageY_ = 0;  // the image's top-left corner on screen, whole pixels
    ShapeImage entityImage_;
    CellTexture entityTexture_;
    std::size_t entityImageUploads_ = 0;
    std::vector<PlacedName> placedNames_;
    std::vector<Vec2> legendKeepClear_;
    std::vector<Rect> copies_;  // this frame's Mode::worldCopies: the maps the axis numbers count within
    Legend legend_;
    float drawnDotRadius_ = 0;
    std::size_t drawnEntities_ = 0, drawnRanges_ = 0;
    bool entitiesHidden_ = false;
    float bottomReserved_ = 0, bottomReservedNext_ = 0;  // this frame's and the next one's (reserveBottom)
    AxisTicks ticks_;
    CellTexture obstacleTexture_;
    struct ObstacleImageKey {
        std::uint64_t revision = ~std::uint64_t(0);
        int columns = 0, rows = 0;
        bool operator==(const ObstacleImageKey&) const = default;
    };
    ObstacleImageKey obstacleKey_;
    std::size_t obstacleUploads_ = 0;
};

}  // namespace aoilab::app
