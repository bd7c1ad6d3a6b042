#pragma once
// The maps workbench's walls painted and erased, as undo steps: one press and its drag is one stroke
// (a painted wall could not be undone, and did not mark the document changed). UI-free.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "app/modes/maps/maps_state.h"

namespace aoilab::app {

class MapsPaintHistory {
public:
    struct Stroke {
        bool wall = true;              // walls painted (else erased)
        std::vector<GridPoint> cells;  // the cells it changed, in order
    };
    // A press: the next painted cell starts a new stroke.
    void beginStroke() { open_ = false; }
    // Paints `cell` through the state; a cell it changed joins the stroke under way. False when nothing
    // changed (already so, the start or goal, a refusal).
    bool paint(MapsState& state, GridPoint cell, bool wall) {
        if (!state.paint(cell, wall)) return false;
        if (!open_) {
            strokes_.resize(done_);  // a new stroke drops what was undone
            strokes_.push_back({wall, {}});
            ++done_;
            open_ = true;
        }
        strokes_.back().cells.push_back(cell);
        ++revision_;
        return true;
    }
    bool canUndo() const { return done_ > 0; }
    bool canRedo() const { return done_ < strokes_.size(); }
    const Stroke* undoStroke() const { return canUndo() ? &strokes_[done_ - 1] : nullptr; }
    const Stroke* redoStroke() const { return canRedo() ? &strokes_[done_] : nullptr; }
    // The last stroke's cells back as they were (last first), rebuilt once.
    void undo(MapsState& state) {
        if (!canUndo()) return;
        open_ = false;
        const Stroke& stroke = strokes_[--done_];
        for (auto it = stroke.cells.rbegin(); it != stroke.cells.rend(); ++it) state.paint(*it, !stroke.wall);
        state.finishPaint();
        ++revision_;
    }
    void redo(MapsState& state) {
        if (!canRedo()) return;
        open_ = false;
        const Stroke& stroke = strokes_[done_++];
        for (GridPoint cell : stroke.cells) state.paint(cell, stroke.wall);
        state.finishPaint();
        ++revision_;
    }
    void clear() { *this = MapsPaintHistory(); }
    // Bumped by every change of the map through this history (the document is then modified).
    std::uint64_t revision() const { return revision_; }

private:
    std::vector<Stroke> strokes_;
    std::size_t done_ = 0;
    bool open_ = false;
    std::uint64_t revision_ = 0;
};

}  // namespace aoilab::app
