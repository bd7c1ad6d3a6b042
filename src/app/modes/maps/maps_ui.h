#pragma once
// What the maps workbench's scene, tools and panels share besides the model (maps_state.h).
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "app/cell_texture.h"
#include "app/modes/maps/maps_paint_history.h"
#include "app/modes/maps/maps_state.h"
#include "app/panels/panel.h"
#include "app/strings.h"
#include "app/tools.h"

namespace aoilab::app {

class SceneView;
class Mode;

// The maps workbench's model, read-only, when `mode` is that workbench (the graph workbench's
// "waypoints to graph" reads its waypoint graph); nullptr for any other mode.
const MapsState* mapsStateOf(const Mode& mode);

// A view's name in the UI language's string table (mapsViewName is the one files and flags use).
inline Str mapsViewTitle(MapsView view) {
    switch (view) {
        case MapsView::Waypoints: return Str::MapsViewWaypoints;
        case MapsView::Regions: return Str::MapsViewRegions;
        case MapsView::Navmesh: return Str::MapsViewNavmesh;
        case MapsView::Table: return Str::MapsViewTable;
    }
    return Str::MapsViewWaypoints;
}

// The rows of the comparison, in order; each has its own colour and can show its path on the map.
enum class MapsRow { Grid, Waypoints, Regions, Funnel, Midpoints, Table, Count };
constexpr std::size_t kMapsRows = static_cast<std::size_t>(MapsRow::Count);
ImU32 mapsRowColour(MapsRow row);
// The flood's seed ring (legend: MapsLegendSeed).
constexpr ImU32 kMapsSeedColour = IM_COL32(160, 110, 255, 255);
// The regions timeline: quadtree nodes not split yet, and the node the step split (legend: MapsLegendSplit).
constexpr ImU32 kMapsPendingColour = IM_COL32(230, 159, 0, 230);
constexpr ImU32 kMapsSplitColour = IM_COL32(240, 228, 66, 255);
// Entities in my region or polygon (regions and navmesh views): the selected entity's region or polygon
// outline is the selected colour; the entities sharing it (legend: MapsLegendEntityRegion, ...Polygon).
constexpr ImU32 kMapsSameRegionColour = IM_COL32(0xBB, 0xCC, 0x33, 255);
const MapsRoute& mapsRoute(const MapsQuery& query, MapsRow row);
// What a row's length cell says: the length, or why there is none. A row whose structure was refused
// (the lookup table past its budget) or is still building used to say "no path" like a real no-path.
struct MapsLengthCell {
    enum class Kind { Length, NoPath, Refused, Building } kind;
    std::string text;
};
struct MapsRowState {
    std::optional<std::size_t> refusedNeeding;                      // bytes the refused structure needs
    std::optional<std::pair<std::size_t, std::size_t>> building;  // done of total (tiles), while it builds
};
MapsLengthCell mapsLengthCell(const MapsRoute& route, const MapsRowState& row);
// The row's state in `state`: the table refused, the navmesh or the whole build under way.
MapsRowState mapsRowState(const MapsState& state, MapsRow row);
// Bytes as the maps panels print them ("12.0 MB", "512 B").
std::string mapsBytesText(std::size_t n);
// The navmesh timeline's line: which tile and stage it shows, with the stage's numbers (the mesh must
// be built). The explanation under the timeline and the representations panel both show it.
std::string mapsNavStepText(const MapsState& state);

struct MapsUi {
    std::array<bool, kMapsRows> showPath{true, false, false, true, true, false};
    std::optional<GridPoint> hovered;
    // The view whose own route was last ticked (showViewsRoute).
    std::optional<MapsView> routeTickedFor;
    MapsPaintHistory paints;  // the painted walls' undo steps (the shell's Undo and Redo here)
};
// The view shown draws its own route: when the view changes (and at the start) its rows are ticked
// (waypoints, regions, the navmesh's two, the table), the others left as they were, so the regions
// lesson no longer drew only the navmesh's routes over its regions. The user may untick them again.
void showViewsRoute(MapsUi& ui, MapsView view);

// Draws the current view of the map (maps_scene.cpp).
class MapsScene {
public:
    void draw(MapsState& state, const MapsUi& ui, SceneView& scene);
    struct Drawn {
        std::size_t points = 0, links = 0, refused = 0, regions = 0, polygons = 0, paths = 0, pending = 0, split = 0;
        // AOI entities drawn, those lit as in the selected one's region or polygon, and the lines from the
        // selected one to the waypoints in its sight (waypoints and table views).
        std::size_t entities = 0, entitiesLit = 0, entryLinks = 0;
        // The region (regions view) or polygon (navmesh view) under the mouse, outlined (-1: none), and
        // the lines drawn from it to its neighbours.
        int hovered = -1;
        std::size_t hoverLinks = 0;
        std::size_t stageCells = 0, contours = 0;  // the navmesh stage drawn: cells (walkable or by region), contours
        // Zoomed out, shapes closer than a few pixels are thinned so the picture keeps the whole map's
        // shape: every pointStride-th lattice point each way (links only at stride 1), and regions
        // narrower than kMinRegionPixels left out (regionsTooSmall of them in view).
        int pointStride = 1;
        std::size_t regionsTooSmall = 0;
    };
    static constexpr double kMinPointSpacingPixels = 4;
    static constexpr double kMinRegionPixels = 2;
    const Drawn& drawn() const { return drawn_; }

private:
    void drawEntities(const MapsState& state, SceneView& scene, std::vector<EntityId> lit);
    void drawSelectedPlace(const MapsState& state, SceneView& scene);
    void drawNavStage(const MapsState& state, SceneView& scene);
    CellTexture ground_;
    std::uint64_t groundRevision_ = 0;
    Drawn drawn_;
};

std::unique_ptr<Panel> makeMapsPanel(MapsState& state, MapsUi& ui);
std::unique_ptr<Panel> makeMapsTablePanel(MapsState& state, MapsUi& ui);
std::vector<std::unique_ptr<Tool>> makeMapsTools(MapsState& state, MapsUi& ui);

}  // namespace aoilab::app
