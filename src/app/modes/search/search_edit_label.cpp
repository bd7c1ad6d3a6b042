#include "app/modes/search/search_edit_label.h"

#include "app/strings.h"

namespace aoilab::app {

std::string searchEditLabel(const SearchEdit& edit) {
    int cells = static_cast<int>(edit.cells.size());
    switch (edit.kind) {
        case SearchEdit::Kind::Walls: return fmt(Str::SearchEditWalls, cells);
        case SearchEdit::Kind::Erase: return fmt(Str::SearchEditErase, cells);
        case SearchEdit::Kind::Weights: return fmt(Str::SearchEditWeights, cells);
        case SearchEdit::Kind::Query:
            return fmt(Str::SearchEditQuery, edit.startAfter.x, edit.startAfter.y, edit.goalAfter.x, edit.goalAfter.y);
    }
    return {};
}

}  // namespace aoilab::app
