#include "core/world.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <tuple>

#include "core/error.h"

namespace aoilab {
namespace {

// As ostream prints it (six digits, "100000", "1e+09"), with more digits until the text reads back as
// the same number: "100.000001", never "100" (a value just past a limit looked equal to it).
std::string formatNumber(double value) {
    char text[40];
    for (int digits = 6; digits <= 17; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        if (!std::isfinite(value) || std::strtod(text, nullptr) == value) break;
    }
    return text;
}

std::string entityLabel(EntityId id) { return "entity " + std::to_string(id); }

}  // namespace

World::World(double width, double height) : width_(width), height_(height) {
    for (double size : {width, height}) {
        if (!std::isfinite(size) || size <= 0 || size > kMaxWorldSize)
            throw InputError("world size " + formatNumber(width) + " x " + formatNumber(height) +
                             ": each side must be a finite number in (0, " + formatNumber(kMaxWorldSize) +
                             "]");
    }
}

const Entity* World::find(EntityId id) const {
    auto it = index_.find(id);
    return it == index_.end() ? nullptr : &entities_[it->second];
}

const Entity& World::at(EntityId id) const {
    const Entity* entity = find(id);
    if (!entity) throw InputError(entityLabel(id) + ": no such entity");
    return *entity;
}

Entity& World::mutableAt(EntityId id) { return entities_[positionOf(id)]; }

std::size_t World::positionOf(EntityId id) const {
    auto it = index_.find(id);
    if (it == index_.end()) throw InputError(entityLabel(id) + ": no such entity");
    return it->second;
}

EntityId World::nextFreeId() const { return largestIdSeen_ + 1; }

std::string World::checkPosition(EntityId id, double x, double y) const {
    for (auto [axis, value, limit] : {std::tuple{"x", x, width_}, std::tuple{"y", y, height_}}) {
        if (!std::isfinite(value))
            return entityLabel(id) + ": " + axis + " = " + formatNumber(value) + " is not a finite number";
        if (value < 0 || value > limit)
            return entityLabel(id) + ": " + axis + " = " + formatNumber(value) + " is outside the world [0, " +
                   formatNumber(limit) + "]";
    }
    return {};
}

std::string World::checkAdd(const Entity& entity) const {
    if (entity.id < 0 || entity.id > kMaxEntityId)
        return entityLabel(entity.id) + ": id must be in [0, 2^53]";
    if (contains(entity.id)) return entityLabel(entity.id) + ": id is already in the world";
    if (entities_.size() >= kMaxEntities)
        return entityLabel(entity.id) + ": the world already holds the maximum of " +
               std::to_string(kMaxEntities) + " entities";
    std::string problem = checkPosition(entity.id, entity.x, entity.y);
    if (!problem.empty()) return problem;
    if (!std::isfinite(entity.radius) || entity.radius < 0 || entity.radius > kMaxRadius)
        return entityLabel(entity.id) + ": radius = " + formatNumber(entity.radius) + " must be in [0, " +
               formatNumber(kMaxRadius) + "]";
    return {};
}

std::string World::checkMove(EntityId id, double x, double y) const {
    if (!contains(id)) return entityLabel(id) + ": no such entity";
    return checkPosition(id, x, y);
}

std::string World::checkRadius(EntityId id, double radius) const {
    if (!contains(id)) return entityLabel(id) + ": no such entity";
    if (!std::isfinite(radius) || radius < 0 || radius > kMaxRadius)
        return entityLabel(id) + ": radius = " + formatNumber(radius) + " must be in [0, " +
               formatNumber(kMaxRadius) + "]";
    return {};
}

void World::add(const Entity& entity) { insert(entities_.size(), entity); }

void World::insert(std::size_t position, const Entity& entity) {
    std::string problem = checkAdd(entity);
    if (!problem.empty()) throw InputError(problem);
    position = std::min(position, entities_.size());
    entities_.insert(entities_.begin() + static_cast<std::ptrdiff_t>(position), entity);
    for (std::size_t i = position; i < entities_.size(); ++i) index_[entities_[i].id] = i;
    largestIdSeen_ = std::max(largestIdSeen_, entity.id);
}

void World::remove(EntityId id) {
    std::size_t position = positionOf(id);
    entities_.erase(entities_.begin() + static_cast<std::ptrdiff_t>(position));
    index_.erase(id);
    for (std::size_t i = position; i < entities_.size(); ++i) index_[entities_[i].id] = i;
}

void World::move(EntityId id, double x, double y) {
    std::string problem = checkMove(id, x, y);
    if (!problem.empty()) throw InputError(problem);
    Entity& entity = mutableAt(id);
    entity.x = x;
    entity.y = y;
}

void World::setRadius(EntityId id, double radius) {
    std::string problem = checkRadius(id, radius);
    if (!problem.empty()) throw InputError(problem);
    mutableAt(id).radius = radius;
}

void World::setName(EntityId id, const std::string& name) { mutableAt(id).name = name; }

void World::setColor(EntityId id, Rgba color) { mutableAt(id).color = color; }

namespace {
// Obstacle cells a side: the cells are stored sparsely (only the painted ones), so only a cell's column
// and row must stay whole numbers the editor can count.
constexpr double kMaxObstacleGridSide = 1e8;
std::atomic<std::uint64_t> gNextObstacleRevision{1};
std::uint64_t nextObstacleRevision() { return gNextObstacleRevision.fetch_add(1, std::memory_order_relaxed); }
}  // namespace

void World::setObstacleCellSize(double size) {
    if (!std::isfinite(size) || size <= 0 || size > kMaxWorldSize)
        throw InputError("obstacle cell size " + formatNumber(size) + " must be a finite number > 0");
    // A large world with few obstacles costs nothing for its grid (issue 38).
    if (std::max(std::ceil(width_ / size), std::ceil(height_ / size)) > kMaxObstacleGridSide)
        throw InputError("obstacle cell size " + formatNumber(size) + " is too small for a " +
                         formatNumber(width_) + " x " + formatNumber(height_) +
                         " world (more than 10^8 cells a side)");
    obstacleCellSize_ = size;
    obstacles_.clear();
    obstacleRevision_ = nextObstacleRevision();
}

int World::obstacleColumns() const { return static_cast<int>(std::ceil(width_ / obstacleCellSize_)); }

int World::obstacleRows() const { return static_cast<int>(std::ceil(height_ / obstacleCellSize_)); }

void World::setObstacle(Cell cell, bool blocked) {
    if (cell.first < 0 || cell.second < 0 || cell.first >= obstacleColumns() || cell.second >= obstacleRows())
        throw InputError("obstacle cell [" + std::to_string(cell.first) + ", " + std::to_string(cell.second) +
                         "] is outside the world's " + std::to_string(obstacleColumns()) + " x " +
                         std::to_string(obstacleRows()) + " cells");
    const bool changed = blocked ? obstacles_.insert(cell).second : obstacles_.erase(cell) > 0;
    if (changed) obstacleRevision_ = nextObstacleRevision();
}

std::optional<Cell> World::cellAt(Vec2 point) const {
    if (!bounds().contains(point)) return std::nullopt;
    int column = std::min(static_cast<int>(point.x / obstacleCellSize_), obstacleColumns() - 1);
    int row = std::min(static_cast<int>(point.y / obstacleCellSize_), obstacleRows() - 1);
    return Cell{column, row};
}

bool operator==(const World& a, const World& b) {
    return a.width_ == b.width_ && a.height_ == b.height_ && a.entities_ == b.entities_ &&
           a.obstacleCellSize_ == b.obstacleCellSize_ && a.obstacles_ == b.obstacles_;
}

}  // namespace aoilab
