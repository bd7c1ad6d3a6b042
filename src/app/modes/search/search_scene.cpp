#include "app/modes/search/search_scene.h"

#include <algorithm>
#include <cstdio>
#include <cmath>

#include "app/scene_view.h"
#include "app/theme.h"

namespace aoilab::app {

namespace search_colours {
ImU32 closed() { return theme::rgb(theme::kVisitedHex); }
ImU32 open() { return theme::rgb(theme::kMoveHex); }
ImU32 current() { return theme::rgb(theme::kSelectedHex); }
ImU32 scanned() { return theme::rgb(0x8A6A2A); }
ImU32 path() { return theme::rgb(theme::kPathHex); }
ImU32 start() { return theme::rgb(theme::kEnterHex); }
ImU32 goal() { return theme::rgb(theme::kLeaveHex); }
ImU32 wall() { return theme::kObstacle; }
ImU32 distance(double fraction) {
    // Near the goal light (reddish purple, the path's hue), far away dark: a sequential ramp.
    double t = std::clamp(fraction, 0.0, 1.0);
    auto lerp = [&](int a, int b) { return static_cast<unsigned>(std::lround(a + (b - a) * t)); };
    return IM_COL32(lerp(0xF2, 0x2A), lerp(0xC6, 0x2E), lerp(0xE0, 0x45), 255);
}
ImU32 ground(double cost) {
    // Free ground #2A2E35 at cost 1, towards black at 9: a weight reads as "heavier".
    double t = std::clamp((cost - 1) / 8, 0.0, 1.0);
    auto channel = [&](int c) { return static_cast<unsigned>(std::lround(c * (1 - 0.75 * t))); };
    return IM_COL32(channel(0x2A) + static_cast<unsigned>(std::lround(60 * t)), channel(0x2E), channel(0x35), 255);
}
}  // namespace search_colours

namespace {
// Where the copies go: SearchView's choices, or a layout arrangeCopies weighs.
struct CopiesLayout {
    bool sideBySide = true, stacked = false;
    double stackGap = 2;
};

CopiesLayout layoutOf(const SearchView& view) { return {view.sideBySide, view.stacked, view.stackGap}; }

Vec2 originIn(const SearchState& state, const CopiesLayout& layout, std::size_t run) {
    if (!layout.sideBySide || run == 0) return {0, 0};
    if (layout.stacked) return {0, static_cast<double>(run) * (state.map().height() + layout.stackGap)};
    double gap = std::max(2.0, state.map().width() * 0.05);
    return {static_cast<double>(run) * (state.map().width() + gap), 0};
}

Rect boundsIn(const SearchState& state, const CopiesLayout& layout) {
    const std::size_t copies = layout.sideBySide ? std::max<std::size_t>(1, state.runs().size()) : 1;
    const Vec2 last = originIn(state, layout, copies - 1);
    return Rect{0, -0.04 * state.map().height(), last.x + state.map().width(), last.y + state.map().height()};
}
}  // namespace

Vec2 runOrigin(const SearchState& state, const SearchView& view, std::size_t run) { return originIn(state, layoutOf(view), run); }

Rect copiesBounds(const SearchState& state, const SearchView& view) { return boundsIn(state, layoutOf(view)); }

CopiesArrangement arrangeCopies(const SearchState& state, const SearchView& view, const SceneView& scene) {
    if (!view.sideBySide || state.runs().size() < 2 || !scene.hasCanvas()) return {view.stacked, view.stackGap};
    const CopiesLayout beside{true, false, view.stackGap};
    CopiesLayout below{true, true, 2};
    // The gap holds the second title's line at the scale the stacked copies are framed at (twice: the
    // gap changes the scale a little).
    const double titlePixels = ImGui::GetFontSize() * 1.4;
    for (int i = 0; i < 2; ++i) below.stackGap = std::max(2.0, titlePixels / scene.fitScale(boundsIn(state, below)));
    const float besideScale = scene.fitScale(boundsIn(state, beside)), belowScale = scene.fitScale(boundsIn(state, below));
    const bool stacked = view.stacked ? belowScale * 1.1f >= besideScale : belowScale > besideScale * 1.1f;
    return {stacked, stacked ? below.stackGap : view.stackGap};
}

std::string cellName(GridPoint p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }

ImU32 SearchScene::fieldColour(const GridMap& map, const DistanceField& field, int index) const {
    const double d = field.distance[static_cast<std::size_t>(index)];
    const GridPoint p = map.point(index);
    return !map.passable(p) ? search_colours::wall()
           : std::isfinite(d) ? search_colours::distance(fieldFarthest_ > 0 ? d / fieldFarthest_ : 0)
                              : theme::kOutsideWorld;
}

void SearchScene::refreshField(const SearchState& state, const DistanceField& field) {
    const GridMap& map = state.map();
    double farthest = 0;
    for (double d : field.distance)
        if (std::isfinite(d)) farthest = std::max(farthest, d);
    fieldFarthest_ = farthest;
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(map.cellCount()));
    for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = fieldColour(map, field, static_cast<int>(i));
    textures_[0].upload(map.width(), map.height(), pixels);
    restartShown_[0] = state.restartSerial();
    positionShown_[0] = state.position();
    paintedShown_[0] = state.paintedSinceRestart().size();
}

void SearchScene::recolourPaintedField(const SearchState& state, const DistanceField& field) {
    // The field is the map's before the stroke (as the runs are): a new wall is drawn as a wall, an
    // erased one as out of reach, as refreshField() would draw them.
    const GridMap& map = state.map();
    const auto& painted = state.paintedSinceRestart();
    for (std::size_t i = paintedShown_[0]; i < painted.size(); ++i) {
        const GridPoint p = painted[i].at;
        textures_[0].updateTexel(p.x, p.y, fieldColour(map, field, map.index(p.x, p.y)));
    }
    paintedShown_[0] = painted.size();
}

SearchScene::CellSet SearchScene::setOf(const SearchState& state, const SearchRun& run, GridPoint p) {
    if (!run.shows()) return CellSet::None;
    // The engine's sets: closed, then open (a reopened cell is open again).
    if (run.search.isOpen(p)) return CellSet::Open;
    if (run.search.isClosed(p)) return CellSet::Closed;
    if (run.scanned[static_cast<std::size_t>(state.map().index(p.x, p.y))]) return CellSet::Scanned;
    return CellSet::None;
}

ImU32 SearchScene::GroundColours::of(double cost, CellSet set) {
    auto blend = [](ImU32 under, ImU32 over, float a) {
        auto mix = [&](int shift) {
            float u = static_cast<float>((under >> shift) & 0xff), o = static_cast<float>((over >> shift) & 0xff);
            return static_cast<ImU32>(std::lround(u + (o - u) * a)) << shift;
        };
        return mix(IM_COL32_R_SHIFT) | mix(IM_COL32_G_SHIFT) | mix(IM_COL32_B_SHIFT) | (0xffu << IM_COL32_A_SHIFT);
    };
    auto compute = [&] {
        const ImU32 ground = search_colours::ground(cost);
        switch (set) {
            case CellSet::Open: return blend(ground, search_colours::open(), 0.8f);
            case CellSet::Closed: return blend(ground, search_colours::closed(), 0.65f);
            case CellSet::Scanned: return blend(ground, search_colours::scanned(), 0.8f);
            case CellSet::None: break;
        }
        return ground;
    };
    const int whole = static_cast<int>(cost);
    if (whole != cost || whole < 1 || whole >= static_cast<int>(table_.size())) return compute();
    auto& entry = table_[static_cast<std::size_t>(whole)][static_cast<std::size_t>(set)];
    if (!entry) entry = compute();
    return *entry;
}

std::optional<GridPoint> SearchScene::currentCell(const SearchState& state, const SearchRun& run) {
    if (!run.shows() || state.position() == 0) return std::nullopt;
    return run.search.lastExpanded();
}

SearchScene::CellLook SearchScene::look(const SearchState& state, const SearchRun& run, int x, int y,
                                        std::optional<GridPoint> current, GroundColours& colours) {
    const GridMap& map = state.map();
    if (!map.passable(x, y)) return {search_colours::wall(), CellSet::None};
    const GridPoint p{x, y};
    const CellSet set = setOf(state, run, p);
    if (current && *current == p) return {search_colours::current(), set};
    return {colours.of(map.cost(x, y), set), set};
}

void SearchScene::count(Drawn& drawn, CellSet set, int sign) {
    std::size_t* counter = set == CellSet::Open ? &drawn.openCells : set == CellSet::Closed ? &drawn.closedCells
                           : set == CellSet::Scanned ? &drawn.scannedCells : nullptr;
    if (counter) *counter = static_cast<std::size_t>(static_cast<long long>(*counter) + sign);
}

void SearchScene::refresh(const SearchState& state, std::size_t k) {
    const GridMap& map = state.map();
    const SearchRun& run = state.runs()[k];
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(map.cellCount()));
    Drawn drawn;
    const std::optional<GridPoint> current = currentCell(state, run);
    GroundColours colours;
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            const CellLook cell = look(state, run, x, y, current, colours);
            count(drawn, cell.set, +1);
            pixels[static_cast<std::size_t>(map.index(x, y))] = cell.colour;
        }
    }
    textures_[k].upload(map.width(), map.height(), pixels);
    drawn_[k] = drawn;
    restartShown_[k] = state.restartSerial();
    positionShown_[k] = state.position();
    paintedShown_[k] = state.paintedSinceRestart().size();
}

void SearchScene::recolourPainted(const SearchState& state, std::size_t k) {
    const SearchRun& run = state.runs()[k];
    const auto& painted = state.paintedSinceRestart();
    const std::optional<GridPoint> current = currentCell(state, run);
    GroundColours colours;
    for (std::size_t i = paintedShown_[k]; i < painted.size(); ++i) {
        const GridPoint p = painted[i].at;
        // The runs are the map's before the stroke: a cell that was free may be coloured by their sets.
        const CellSet before = painted[i].passableBefore ? setOf(state, run, p) : CellSet::None;
        const CellLook now = look(state, run, p.x, p.y, current, colours);
        count(drawn_[k], before, -1);
        count(drawn_[k], now.set, +1);
        textures_[k].updateTexel(p.x, p.y, now.colour);
    }
    paintedShown_[k] = painted.size();
}

void SearchScene::draw(SearchState& state, const SearchView& view, SceneView& scene) {
    const GridMap& map = state.map();
    const std::size_t shown = view.sideBySide ? std::min<std::size_t>(state.runs().size(), 2) : 1;
    // The field replaces the first copy once it is computed (on a large map the runs show meanwhile).
    const DistanceField* field = view.distanceField ? state.distanceField() : nullptr;
    for (std::size_t k = 0; k < shown; ++k) {
        const bool fieldHere = field != nullptr && k == 0;
        const bool sameKind = k != 0 || fieldDrawn_ == fieldHere;
        if (serial_[k] != state.serial() || !sameKind) {
            // A large map's stroke changes only its cells: those texels, not the whole image again
            // (a 4096 x 4096 image took about 140 ms a frame, the field's too).
            const bool onlyPainted = sameKind && state.paintPending() && restartShown_[k] == state.restartSerial() &&
                                     (fieldHere || positionShown_[k] == state.position()) &&
                                     textures_[k].width() == map.width() && textures_[k].height() == map.height();
            if (fieldHere) onlyPainted ? recolourPaintedField(state, *field) : refreshField(state, *field);
            else if (onlyPainted) recolourPainted(state, k);
            else refresh(state, k);
            serial_[k] = state.serial();
            if (k == 0) fieldDrawn_ = fieldHere;
        }
        Vec2 o = runOrigin(state, view, k);
        Rect area{o.x, o.y, o.x + map.width(), o.y + map.height()};
        scene.image(textures_[k].id(), area);
        scene.rectOutline(area, theme::kWorldBorder, 0.05f);
        drawn_[k].title = shown > 1 || state.runs().size() > 1 ? configTitle(state.runs()[k].config) : std::string();
        if (!drawn_[k].title.empty()) scene.titleAbove(o, drawn_[k].title.c_str(), IM_COL32(230, 230, 230, 255));
    }
    for (std::size_t k = shown; k < drawn_.size(); ++k) drawn_[k].title.clear();
    if (field) drawFlow(state, *field, scene);
    // Paths: each run's on its own copy; overlaid, every run's on the one map (dashed by width).
    for (std::size_t k = 0; k < state.runs().size(); ++k) {
        const SearchRun& run = state.runs()[k];
        if (k < drawn_.size()) drawn_[k].pathPoints = 0;
        if (!run.shows()) continue;  // nothing searched (a restart on the worker, or one cancelled)
        Vec2 o = runOrigin(state, view, view.sideBySide ? k : 0);
        if (view.arrows && k < shown) {
            // Came-from arrows for the reached cells in view (capped so a huge search stays fluid).
            Rect visible = scene.visibleWorld();
            int drawnArrows = 0;
            for (int y = std::max(0, static_cast<int>(visible.minY - o.y)); y < std::min(map.height(), static_cast<int>(visible.maxY - o.y) + 1) && drawnArrows < 3000; ++y)
                for (int x = std::max(0, static_cast<int>(visible.minX - o.x)); x < std::min(map.width(), static_cast<int>(visible.maxX - o.x) + 1) && drawnArrows < 3000; ++x) {
                    auto parent = run.search.parent({x, y});
                    if (!parent || (parent->x == x && parent->y == y)) continue;
                    Vec2 from{o.x + x + 0.5, o.y + y + 0.5}, to{o.x + parent->x + 0.5, o.y + parent->y + 0.5};
                    double dx = to.x - from.x, dy = to.y - from.y, d = std::hypot(dx, dy);
                    double len = std::min(d, 0.7);
                    scene.arrow(from, {from.x + dx / d * len, from.y + dy / d * len}, IM_COL32(255, 255, 255, 140), 0.04f, 0.2f);
                    ++drawnArrows;
                }
        }
        std::vector<GridPoint> cells = run.search.path();
        if (k < drawn_.size()) drawn_[k].pathPoints = cells.size();
        if (cells.size() < 2) continue;
        std::vector<Vec2> line;
        line.reserve(cells.size());
        double offset = (!view.sideBySide && k == 1) ? 0.25 : 0;
        for (const GridPoint& c : cells) line.push_back({o.x + c.x + 0.5 + offset, o.y + c.y + 0.5 + offset});
        scene.polyline(line, k == 0 || view.sideBySide ? search_colours::path() : theme::rgb(0xF0E442), 0.16f);
    }
    for (std::size_t k = 0; k < shown; ++k) {
        Vec2 o = runOrigin(state, view, k);
        // Markers sized in font units: visible on a 512 x 512 map at any zoom.
        scene.dot({o.x + state.start().x + 0.5, o.y + state.start().y + 0.5}, 0.4f, search_colours::start());
        scene.dot({o.x + state.goal().x + 0.5, o.y + state.goal().y + 0.5}, 0.4f, search_colours::goal());
    }
    // The learner's guess (exercise): a yellow frame on the cell.
    if (const auto& guess = view.exercise.pending()) {
        int gx = 0, gy = 0;
        if (std::sscanf(guess->c_str(), "(%d, %d)", &gx, &gy) == 2)
            scene.rectOutline({static_cast<double>(gx), static_cast<double>(gy), gx + 1.0, gy + 1.0}, theme::rgb(theme::kSelectedHex), 0.14f);
    }
    if (view.hovered) {
        Vec2 o = runOrigin(state, view, static_cast<std::size_t>(view.hoveredRun));
        scene.rectOutline({o.x + view.hovered->x, o.y + view.hovered->y, o.x + view.hovered->x + 1, o.y + view.hovered->y + 1},
                          theme::kHover, 0.08f);
    }
}

void SearchScene::drawFlow(const SearchState& state, const DistanceField& field, SceneView& scene) {
    // One arrow a cell toward its next cell, for the cells in view, when cells are big enough to see it.
    const GridMap& map = state.map();
    Rect visible = scene.visibleWorld();
    int x0 = std::max(0, static_cast<int>(visible.minX)), x1 = std::min(map.width(), static_cast<int>(visible.maxX) + 1);
    int y0 = std::max(0, static_cast<int>(visible.minY)), y1 = std::min(map.height(), static_cast<int>(visible.maxY) + 1);
    if (static_cast<long long>(x1 - x0) * (y1 - y0) > 4000) return;  // too small to read: the shading says it
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            int n = field.next[static_cast<std::size_t>(map.index(x, y))];
            if (n < 0) continue;
            GridPoint to = map.point(n);
            Vec2 a{x + 0.5, y + 0.5};
            Vec2 b{x + 0.5 + (to.x - x) * 0.6, y + 0.5 + (to.y - y) * 0.6};
            scene.arrow(a, b, IM_COL32(20, 20, 20, 200), 0.05f, 0.22f);
        }
}

}  // namespace aoilab::app
