#pragma once
// A rectangular grid of terrain cells for the path searches. (0,0) is the top-left cell, x grows to the
// right and y downwards (the MovingAI convention). Each cell has a terrain character, a passable flag
// derived from it, and a cost of entering it (1 by default: a step onto a cell with cost c costs
// c times the step length, 1 straight or sqrt(2) diagonal).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aoilab {

struct GridPoint {
    int x = 0;
    int y = 0;
    friend bool operator==(const GridPoint&, const GridPoint&) = default;
};

class GridMap {
public:
    GridMap() = default;
    // A width x height map of open ground ('.'); throws InputError unless both sizes are in
    // [0, kMaxSide] (an empty 0x0 map is allowed).
    GridMap(int width, int height);

    static constexpr int kMaxSide = 1 << 14;
    static constexpr double kMaxCellCost = 1e6;  // keeps path costs within the searches' fixed point

    // Builds a map from rows of terrain characters, row 0 at the top. All rows must have the same
    // length and use only the known terrain characters (see isKnownTerrain); otherwise throws
    // InputError naming `source`, the row (1-based) and the column.
    static GridMap fromRows(const std::vector<std::string>& rows, std::string_view source = "grid rows");

    // Terrain of the MovingAI benchmarks: '.', 'G' and 'S' (swamp) are passable;
    // '@', 'O', 'T' (trees) and 'W' (water) are blocked.
    static bool isKnownTerrain(char terrain);
    static bool isPassableTerrain(char terrain);

    int width() const { return width_; }
    int height() const { return height_; }
    int cellCount() const { return width_ * height_; }
    bool inBounds(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
    bool inBounds(GridPoint p) const { return inBounds(p.x, p.y); }
    int index(int x, int y) const { return y * width_ + x; }  // row-major, no bounds check
    GridPoint point(int index) const { return {index % width_, index / width_}; }

    // False outside the map, so callers can probe neighbours without checking bounds first.
    bool passable(int x, int y) const { return inBounds(x, y) && passable_[index(x, y)] != 0; }
    bool passable(GridPoint p) const { return passable(p.x, p.y); }
    char terrain(int x, int y) const;  // throws InputError outside the map
    double cost(int x, int y) const;   // cost of entering (x, y); throws InputError outside the map

    // Edits (each bumps revision(); throw InputError outside the map or for a bad value).
    void setTerrain(int x, int y, char terrain);        // must be a known terrain character
    void setPassable(int x, int y, bool passable);      // '.' when passable, '@' when blocked
    void setCost(int x, int y, double cost);            // in [1, kMaxCellCost] (>= 1 keeps the heuristics admissible)
    void clearCosts();                                  // every cost back to 1

    // True when some cell costs more than 1 (jump point search refuses such maps).
    bool hasWeights() const { return weightedCells_ > 0; }
    double highestCost() const;  // 1 without weights; a scan of every cell otherwise
    int passableCount() const;
    // The first and the last passable cell in reading order ({-1, -1} when none): a query that spans the map.
    GridPoint firstPassable() const;
    // The nearest cell inside the map (an empty map: (0, 0)).
    GridPoint clampInside(GridPoint p) const;
    GridPoint lastPassable() const;

    // Raw row-major arrays for searches that want them (1 = passable).
    const std::vector<std::uint8_t>& passableCells() const { return passable_; }
    const std::vector<double>& costs() const { return costs_; }  // empty when no cell is weighted

    // A stamp drawn from a process-wide counter at construction and on every edit: two maps with the
    // same revision have the same content, so a search can cache derived tables keyed on it.
    std::uint64_t revision() const { return revision_; }

    // The terrain as rows of characters (inverse of fromRows).
    std::vector<std::string> rows() const;

private:
    void checkInside(int x, int y, const char* what) const;
    void touch();

    int width_ = 0;
    int height_ = 0;
    std::vector<char> terrain_;
    std::vector<std::uint8_t> passable_;
    std::vector<double> costs_;  // allocated on the first setCost
    int weightedCells_ = 0;
    std::uint64_t revision_ = 0;
};

}  // namespace aoilab
