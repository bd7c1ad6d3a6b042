#include "path/grid_map.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "core/error.h"
#include "core/text_check.h"

namespace aoilab {

namespace {
std::atomic<std::uint64_t> gNextRevision{1};
}

void GridMap::touch() { revision_ = gNextRevision.fetch_add(1, std::memory_order_relaxed); }

GridMap::GridMap(int width, int height) {
    if (width < 0 || height < 0 || width > kMaxSide || height > kMaxSide)
        throw InputError("grid map: size " + std::to_string(width) + "x" + std::to_string(height) +
                         " is outside [0, " + std::to_string(kMaxSide) + "] per side");
    width_ = width;
    height_ = height;
    terrain_.assign(static_cast<std::size_t>(width) * height, '.');
    passable_.assign(static_cast<std::size_t>(width) * height, 1);
    touch();
}

bool GridMap::isKnownTerrain(char terrain) {
    switch (terrain) {
        case '.': case 'G': case 'S': case '@': case 'O': case 'T': case 'W': return true;
        default: return false;
    }
}

bool GridMap::isPassableTerrain(char terrain) { return terrain == '.' || terrain == 'G' || terrain == 'S'; }

static std::string describeChar(char c) {
    if (c >= 33 && c < 127) return std::string("'") + c + "'";
    return "byte " + std::to_string(static_cast<unsigned char>(c));
}

GridMap GridMap::fromRows(const std::vector<std::string>& rows, std::string_view source) {
    const std::string name(source);
    int height = static_cast<int>(rows.size());
    int width = rows.empty() ? 0 : static_cast<int>(rows[0].size());
    if (rows.size() > static_cast<std::size_t>(kMaxSide) || (!rows.empty() && rows[0].size() > kMaxSide))
        throw InputError(name + ": map is larger than " + std::to_string(kMaxSide) + " cells per side");
    GridMap map(width, height);
    for (int y = 0; y < height; ++y) {
        const std::string& row = rows[y];
        if (static_cast<int>(row.size()) != width)
            throw InputError(name + ": row " + std::to_string(y + 1) + " has " + std::to_string(row.size()) +
                             " cells, expected " + std::to_string(width));
        for (int x = 0; x < width; ++x) {
            char c = row[x];
            if (!isKnownTerrain(c))
                throw InputError(name + ": row " + std::to_string(y + 1) + ", column " + std::to_string(x + 1) +
                                 ": unknown terrain " + describeChar(c) + " (expected one of . G S @ O T W)");
            map.terrain_[map.index(x, y)] = c;
            map.passable_[map.index(x, y)] = isPassableTerrain(c) ? 1 : 0;
        }
    }
    map.touch();
    return map;
}

void GridMap::checkInside(int x, int y, const char* what) const {
    if (!inBounds(x, y))
        throw InputError(std::string("grid map: ") + what + " (" + std::to_string(x) + ", " + std::to_string(y) +
                         ") is outside the " + std::to_string(width_) + "x" + std::to_string(height_) + " map");
}

char GridMap::terrain(int x, int y) const {
    checkInside(x, y, "terrain of cell");
    return terrain_[index(x, y)];
}

double GridMap::cost(int x, int y) const {
    checkInside(x, y, "cost of cell");
    return costs_.empty() ? 1.0 : costs_[index(x, y)];
}

void GridMap::setTerrain(int x, int y, char terrain) {
    checkInside(x, y, "cell");
    if (!isKnownTerrain(terrain))
        throw InputError("grid map: unknown terrain " + describeChar(terrain) + " (expected one of . G S @ O T W)");
    terrain_[index(x, y)] = terrain;
    passable_[index(x, y)] = isPassableTerrain(terrain) ? 1 : 0;
    touch();
}

void GridMap::setPassable(int x, int y, bool passable) { setTerrain(x, y, passable ? '.' : '@'); }

double GridMap::highestCost() const {
    if (costs_.empty()) return 1.0;
    return *std::max_element(costs_.begin(), costs_.end());
}

void GridMap::setCost(int x, int y, double cost) {
    checkInside(x, y, "cell");
    if (!std::isfinite(cost) || cost < 1.0 || cost > kMaxCellCost)
        throw InputError("grid map: cost " + briefNumber(cost) + " of cell (" + std::to_string(x) + ", " +
                         std::to_string(y) + ") must be a number from 1 to 1000000");
    if (costs_.empty()) {
        if (cost == 1.0) return;
        costs_.assign(terrain_.size(), 1.0);
    }
    double& slot = costs_[index(x, y)];
    weightedCells_ += (cost != 1.0) - (slot != 1.0);
    slot = cost;
    if (weightedCells_ == 0) costs_.clear();
    touch();
}

void GridMap::clearCosts() {
    costs_.clear();
    weightedCells_ = 0;
    touch();
}

int GridMap::passableCount() const {
    int count = 0;
    for (std::uint8_t p : passable_) count += p;
    return count;
}

std::vector<std::string> GridMap::rows() const {
    std::vector<std::string> out(height_);
    for (int y = 0; y < height_; ++y) out[y].assign(terrain_.begin() + index(0, y), terrain_.begin() + index(0, y) + width_);
    return out;
}

GridPoint GridMap::firstPassable() const {
    for (int i = 0; i < cellCount(); ++i)
        if (passable_[static_cast<std::size_t>(i)]) return point(i);
    return {-1, -1};
}

GridPoint GridMap::clampInside(GridPoint p) const {
    return {std::clamp(p.x, 0, std::max(0, width_ - 1)), std::clamp(p.y, 0, std::max(0, height_ - 1))};
}

GridPoint GridMap::lastPassable() const {
    for (int i = cellCount() - 1; i >= 0; --i)
        if (passable_[static_cast<std::size_t>(i)]) return point(i);
    return {-1, -1};
}

}  // namespace aoilab
