#include "core/edit_history.h"

#include <utility>

#include "core/error.h"

namespace aoilab {
std::string EditLabel::text() const {
    const auto of = [&](const char* verb) { return std::string(verb) + " entity " + std::to_string(entity); };
    switch (kind) {
        case Kind::Custom: return custom;
        case Kind::AddEntity: return of("add");
        case Kind::DeleteEntity: return of("delete");
        case Kind::MoveEntity: return of("move");
        case Kind::ResizeEntity: return of("resize");
        case Kind::RenameEntity: return of("rename");
        case Kind::RecolourEntity: return of("recolour");
        case Kind::EntityRadius: return "radius of entity " + std::to_string(entity);
        case Kind::PaintObstacles: return "paint obstacles";
        case Kind::EraseObstacles: return "erase obstacles";
    }
    return custom;
}

void EditHistory::addEntity(const Entity& entity) {
    world_->add(entity);  // throws before anything is recorded
    Change change;
    change.kind = Change::Kind::Add;
    change.after = entity;
    record(change, EditLabel{EditLabel::Kind::AddEntity, entity.id, {}});
}

void EditHistory::removeEntity(EntityId id) {
    Change change;
    change.kind = Change::Kind::Remove;
    change.index = world_->positionOf(id);
    change.before = world_->entities()[change.index];
    world_->remove(id);
    record(change, EditLabel{EditLabel::Kind::DeleteEntity, id, {}});
}

void EditHistory::moveEntity(EntityId id, double x, double y) {
    editEntity(id, EditLabel::Kind::MoveEntity, [&] { world_->move(id, x, y); });
}

void EditHistory::setRadius(EntityId id, double radius) {
    editEntity(id, EditLabel::Kind::ResizeEntity, [&] { world_->setRadius(id, radius); });
}

void EditHistory::setName(EntityId id, const std::string& name) {
    editEntity(id, EditLabel::Kind::RenameEntity, [&] { world_->setName(id, name); });
}

void EditHistory::setColor(EntityId id, Rgba color) {
    editEntity(id, EditLabel::Kind::RecolourEntity, [&] { world_->setColor(id, color); });
}

void EditHistory::editEntity(EntityId id, EditLabel::Kind kind, const std::function<void()>& edit) {
    const Entity* entity = world_->find(id);
    if (!entity) throw InputError("entity " + std::to_string(id) + ": no such entity");
    Change change;
    change.before = *entity;
    edit();  // throws before anything is recorded
    change.after = *world_->find(id);
    record(change, EditLabel{kind, id, {}});
}

void EditHistory::setObstacle(Cell cell, bool blocked) {
    if (world_->isObstacle(cell) == blocked) return;
    world_->setObstacle(cell, blocked);
    Change change;
    change.kind = Change::Kind::Obstacle;
    change.cell = cell;
    change.blocked = blocked;
    record(change, EditLabel{blocked ? EditLabel::Kind::PaintObstacles : EditLabel::Kind::EraseObstacles, 0, {}});
}

void EditHistory::beginGroup(const EditLabel& groupLabel) {
    if (groupDepth_++ == 0) openGroup_ = Step{groupLabel, {}};
}

void EditHistory::endGroup() {
    if (groupDepth_ == 0) return;
    if (--groupDepth_ > 0 || openGroup_.changes.empty()) return;
    steps_.resize(done_);
    steps_.push_back(std::move(openGroup_));
    done_ = steps_.size();
    openGroup_ = {};
}

void EditHistory::record(Change change, EditLabel stepLabel) {
    ++revision_;
    if (groupDepth_ > 0) {
        // A drag moves the same entity many times: keep its first "before" and its last "after".
        auto& changes = openGroup_.changes;
        if (change.kind == Change::Kind::Entity && !changes.empty() &&
            changes.back().kind == Change::Kind::Entity && changes.back().after.id == change.after.id) {
            changes.back().after = change.after;
        } else {
            changes.push_back(std::move(change));
        }
        return;
    }
    steps_.resize(done_);  // a new edit drops the redo branch
    steps_.push_back(Step{std::move(stepLabel), {std::move(change)}});
    done_ = steps_.size();
}

void EditHistory::apply(const Change& change, bool forward) {
    switch (change.kind) {
        case Change::Kind::Add:
            if (forward) world_->add(change.after); else world_->remove(change.after.id);
            break;
        case Change::Kind::Remove:
            if (forward) world_->remove(change.before.id); else world_->insert(change.index, change.before);
            break;
        case Change::Kind::Entity: {
            const Entity& target = forward ? change.after : change.before;
            world_->move(target.id, target.x, target.y);
            world_->setRadius(target.id, target.radius);
            world_->setName(target.id, target.name);
            world_->setColor(target.id, target.color);
            break;
        }
        case Change::Kind::Obstacle:
            world_->setObstacle(change.cell, forward ? change.blocked : !change.blocked);
            break;
    }
}

void EditHistory::undo() {
    if (!canUndo()) return;
    const Step& step = steps_[--done_];
    for (auto it = step.changes.rbegin(); it != step.changes.rend(); ++it) apply(*it, false);
    ++revision_;
}

void EditHistory::redo() {
    if (!canRedo()) return;
    const Step& step = steps_[done_++];
    for (const Change& change : step.changes) apply(change, true);
    ++revision_;
}

std::string EditHistory::undoLabel() const { return undoEdit().text(); }

std::string EditHistory::redoLabel() const { return redoEdit().text(); }

EditLabel EditHistory::undoEdit() const { return canUndo() ? steps_[done_ - 1].label : EditLabel{}; }

EditLabel EditHistory::redoEdit() const { return canRedo() ? steps_[done_].label : EditLabel{}; }

void EditHistory::clear() {
    steps_.clear();
    done_ = 0;
    groupDepth_ = 0;
    openGroup_ = {};
    ++revision_;
}

}  // namespace aoilab
