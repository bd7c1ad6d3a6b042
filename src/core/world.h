#pragma once
// The editable world: its size, the entities and the obstacle cells. Every edit is validated first, so a
// World is always consistent; the AOI methods and the app read it, they never bypass these checks.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/entity.h"
#include "core/geometry.h"
#include "core/limits.h"

namespace aoilab {

// Limits that keep a typo ("1e300") from exhausting memory or precision.
constexpr double kMaxWorldSize = 1e7;
constexpr double kMaxRadius = 1e9;
constexpr std::size_t kMaxEntities = 2'000'000 / kMemoryBudgetDivisor;  // the page: 500,000 (core/limits.h)

using Cell = std::pair<int, int>;  // (column, row) of an obstacle cell

class World {
public:
    World() : World(100, 100) {}
    World(double width, double height);  // throws InputError unless 0 < size <= kMaxWorldSize

    double width() const { return width_; }
    double height() const { return height_; }
    Rect bounds() const { return {0, 0, width_, height_}; }

    // Entities, in the order they were added.
    const std::vector<Entity>& entities() const { return entities_; }
    std::size_t size() const { return entities_.size(); }
    const Entity* find(EntityId id) const;
    bool contains(EntityId id) const { return index_.count(id) != 0; }
    EntityId nextFreeId() const;  // one above the largest id ever seen (never reuses a live id)

    // Checks: an empty string when the edit is allowed, else what is wrong, naming the entity
    // ("entity 4: x = nan is not a finite number").
    std::string checkAdd(const Entity& entity) const;
    std::string checkMove(EntityId id, double x, double y) const;
    std::string checkRadius(EntityId id, double radius) const;

    // Edits: each throws InputError with the check's message and leaves the world unchanged.
    void add(const Entity& entity);
    void insert(std::size_t position, const Entity& entity);  // add at a place in the order (undo of remove)
    std::size_t positionOf(EntityId id) const;                // place in entities(); throws if missing
    void remove(EntityId id);
    void move(EntityId id, double x, double y);
    void setRadius(EntityId id, double radius);
    void setName(EntityId id, const std::string& name);
    void setColor(EntityId id, Rgba color);

    // Obstacles: square cells of obstacleCellSize() world units, column c covers [c*s, (c+1)*s).
    double obstacleCellSize() const { return obstacleCellSize_; }
    void setObstacleCellSize(double size);  // throws InputError unless 0 < size; clears the cells
    int obstacleColumns() const;
    int obstacleRows() const;
    bool isObstacle(Cell cell) const { return obstacles_.count(cell) != 0; }
    void setObstacle(Cell cell, bool blocked);  // throws InputError when the cell is outside the world
    const std::set<Cell>& obstacles() const { return obstacles_; }
    // Changes with every change of the obstacle cells or their size, to a number no other set of
    // obstacles had (copies keep it): the app redraws its image of the obstacles only when it changes.
    std::uint64_t obstacleRevision() const { return obstacleRevision_; }
    std::optional<Cell> cellAt(Vec2 point) const;  // nullopt outside the world

    friend bool operator==(const World& a, const World& b);

private:
    const Entity& at(EntityId id) const;
    std::string checkPosition(EntityId id, double x, double y) const;
    Entity& mutableAt(EntityId id);

    double width_;
    double height_;
    std::vector<Entity> entities_;
    std::unordered_map<EntityId, std::size_t> index_;  // id -> position in entities_
    EntityId largestIdSeen_ = -1;
    double obstacleCellSize_ = 1;
    std::set<Cell> obstacles_;
    std::uint64_t obstacleRevision_ = 0;  // 0: no obstacle ever set (see obstacleRevision)
};

}  // namespace aoilab
