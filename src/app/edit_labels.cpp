#include "app/edit_labels.h"

#include "app/strings.h"

namespace aoilab::app {

std::string localizedEditLabel(const EditLabel& label) {
    const std::string entity = std::to_string(label.entity);
    switch (label.kind) {
        case EditLabel::Kind::Custom: return label.custom;
        case EditLabel::Kind::AddEntity: return fmt(Str::EditAdd, entity.c_str());
        case EditLabel::Kind::DeleteEntity: return fmt(Str::EditDelete, entity.c_str());
        case EditLabel::Kind::MoveEntity: return fmt(Str::EditMove, entity.c_str());
        case EditLabel::Kind::ResizeEntity: return fmt(Str::EditResize, entity.c_str());
        case EditLabel::Kind::RenameEntity: return fmt(Str::EditRename, entity.c_str());
        case EditLabel::Kind::RecolourEntity: return fmt(Str::EditRecolour, entity.c_str());
        case EditLabel::Kind::EntityRadius: return fmt(Str::EditRadius, entity.c_str());
        case EditLabel::Kind::PaintObstacles: return tr(Str::EditPaint);
        case EditLabel::Kind::EraseObstacles: return tr(Str::EditErase);
    }
    return label.text();
}

}  // namespace aoilab::app
