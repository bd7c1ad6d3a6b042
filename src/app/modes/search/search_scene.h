#pragma once
// Draws the search workbench's world: each run's copy of the map as one texture (walls, weights, the
// closed and open sets, the cell just expanded, JPS's scanned cells), refreshed when the state changes,
// then the paths, the start and goal markers and, on demand, the came-from arrows.
#include <array>
#include <cstdint>
#include <optional>

#include "app/cell_texture.h"
#include "app/modes/search/search_ui.h"

namespace aoilab::app {

class SceneView;

class SearchScene {
public:
    void draw(SearchState& state, const SearchView& view, SceneView& scene);
    double fieldFarthest() const { return fieldFarthest_; }
    // What the last draw showed, per run: cells coloured closed / open (for --dump-ui and tests).
    struct Drawn {
        std::size_t closedCells = 0, openCells = 0, scannedCells = 0, pathPoints = 0;
        std::string title;  // the title drawn above the copy (none for a single run)
    };
    const std::array<Drawn, 2>& drawn() const { return drawn_; }

private:
    // How one cell looks for run k: its colour, and which of the engine's sets coloured it.
    enum class CellSet { None, Open, Closed, Scanned };
    struct CellLook {
        ImU32 colour;
        CellSet set;
    };
    static CellSet setOf(const SearchState& state, const SearchRun& run, GridPoint p);  // whatever the cell is now
    // Free ground of a cost under a set: blended, three roundings a cell, so a refresh keeps the colours of
    // the whole costs 1-9 (all that painting gives) in a table.
    class GroundColours {
    public:
        ImU32 of(double cost, CellSet set);

    private:
        std::array<std::array<std::optional<ImU32>, 4>, 10> table_{};
    };
    // The cell this step expanded, drawn in its own colour (none at position 0, or for a refused run).
    static std::optional<GridPoint> currentCell(const SearchState& state, const SearchRun& run);
    static CellLook look(const SearchState& state, const SearchRun& run, int x, int y, std::optional<GridPoint> current,
                         GroundColours& colours);
    void refresh(const SearchState& state, std::size_t run);
    // During a large map's stroke: only the cells painted since the last draw, one texel each.
    void recolourPainted(const SearchState& state, std::size_t run);
    static void count(Drawn& drawn, CellSet set, int sign);
    // The first texture shows the distance field instead: every cell, or (during a large map's stroke)
    // only the cells painted since the last draw, each from fieldColour().
    void refreshField(const SearchState& state, const DistanceField& field);
    void recolourPaintedField(const SearchState& state, const DistanceField& field);
    ImU32 fieldColour(const GridMap& map, const DistanceField& field, int index) const;
    void drawFlow(const SearchState& state, const DistanceField& field, SceneView& scene);
    bool fieldDrawn_ = false;  // the first texture shows the field (it is on and computed)
    double fieldFarthest_ = 0;
    std::array<CellTexture, 2> textures_;
    std::array<std::uint64_t, 2> serial_{0, 0};
    // What each texture last showed in full: the restart and position, and the painted cells since.
    std::array<std::uint64_t, 2> restartShown_{0, 0};
    std::array<std::size_t, 2> positionShown_{0, 0};
    std::array<std::size_t, 2> paintedShown_{0, 0};
    std::array<Drawn, 2> drawn_{};
};

}  // namespace aoilab::app
