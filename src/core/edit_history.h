#pragma once
// Undo and redo for every edit of a World. An edit is recorded as its before/after values, so undoing is
// exact and never re-runs validation that could fail. A drag records one edit: the app calls
// beginGroup() on mouse press and endGroup() on release, and everything in between is one undo step.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/world.h"

namespace aoilab {

// What an undo step did, kept as data so a UI can word it in its own language; text() is the English
// label ("move entity 4").
struct EditLabel {
    enum class Kind : std::uint8_t {
        Custom,  // `custom` is the whole label
        AddEntity,
        DeleteEntity,
        MoveEntity,
        ResizeEntity,
        RenameEntity,
        RecolourEntity,
        EntityRadius,  // a drag of the radius field
        PaintObstacles,
        EraseObstacles,
    };
    Kind kind = Kind::Custom;
    EntityId entity = 0;  // the *Entity kinds and EntityRadius
    std::string custom;
    std::string text() const;
};

class EditHistory {
public:
    explicit EditHistory(World& world) : world_(&world) {}

    // Each applies the edit to the world (throwing InputError and recording nothing when it is invalid).
    void addEntity(const Entity& entity);
    void removeEntity(EntityId id);
    void moveEntity(EntityId id, double x, double y);
    void setRadius(EntityId id, double radius);
    void setName(EntityId id, const std::string& name);
    void setColor(EntityId id, Rgba color);
    void setObstacle(Cell cell, bool blocked);  // a no-op (nothing recorded) when already so

    // Groups edits into one undo step (nested calls are counted; an empty group records nothing).
    void beginGroup(const EditLabel& label);
    void beginGroup(const std::string& label) { beginGroup(EditLabel{EditLabel::Kind::Custom, 0, label}); }
    void endGroup();

    bool canUndo() const { return done_ > 0; }
    bool canRedo() const { return done_ < steps_.size(); }
    void undo();
    void redo();
    std::string undoLabel() const;  // e.g. "move entity 4"; empty when nothing to undo
    std::string redoLabel() const;
    EditLabel undoEdit() const;  // the same as data (an empty Custom label when nothing to undo)
    EditLabel redoEdit() const;
    void clear();                   // after New/Open: the history belongs to the old world
    // Bumped by every edit, undo and redo: a cheap "did the world change" check for dirty flags and caches.
    std::size_t revision() const { return revision_; }

private:
    struct Change {
        enum class Kind { Add, Remove, Entity, Obstacle } kind = Kind::Entity;
        Entity before;  // Remove, Entity
        Entity after;   // Add, Entity
        Cell cell{};
        bool blocked = false;  // Obstacle: the state after
        std::size_t index = 0; // Remove: where the entity stood, so undo restores the order
    };
    struct Step {
        EditLabel label;
        std::vector<Change> changes;
    };
    void editEntity(EntityId id, EditLabel::Kind kind, const std::function<void()>& edit);
    void record(Change change, EditLabel label);
    void apply(const Change& change, bool forward);

    World* world_;
    std::vector<Step> steps_;
    std::size_t done_ = 0;  // steps_[0..done_) are applied
    int groupDepth_ = 0;
    Step openGroup_;
    std::size_t revision_ = 0;
};

}  // namespace aoilab
