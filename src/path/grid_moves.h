#pragma once
// The eight moves of a grid search and the diagonal policies that decide which diagonals are allowed.
// A diagonal step from (x, y) to (x+dx, y+dy) passes the two straight neighbours (x+dx, y) and
// (x, y+dy); the policies differ in how many of them may be blocked:
//   never                no diagonal moves at all (4-connected)
//   no-corner-cutting    both must be passable (the Moving AI benchmarks' rule; the default)
//   at-most-one          at most one of them may be blocked
//   always               both may be blocked (only the target must be passable)
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "path/grid_map.h"

namespace aoilab {

enum class Diagonal : std::uint8_t { Never, NoCornerCutting, AtMostOneObstacle, Always };

std::string_view diagonalName(Diagonal policy);
std::optional<Diagonal> parseDiagonal(std::string_view name);  // "never", "no-corner-cutting", "at-most-one" (or "one-blocked"), "always"
std::string unknownDiagonalMessage(std::string_view name);

struct GridMove {
    int dx;
    int dy;
    bool diagonal;
};

// Moves 0..3 are straight (east, south, west, north), 4..7 diagonal (south-east, south-west,
// north-west, north-east). Bit i of a move mask stands for kGridMoves[i].
inline constexpr std::array<GridMove, 8> kGridMoves{{
    {1, 0, false}, {0, 1, false}, {-1, 0, false}, {0, -1, false},
    {1, 1, true}, {-1, 1, true}, {-1, -1, true}, {1, -1, true},
}};

// True when the move from (x, y) (a passable cell) lands on a passable cell and `policy` allows it.
bool moveAllowed(const GridMap& map, int x, int y, const GridMove& move, Diagonal policy);

// The allowed moves of every cell as an 8-bit mask, so a search reads one byte per expansion instead
// of probing neighbours. Rebuilt only when the map (its revision) or the policy changes.
class MoveTable {
public:
    // Returns true when it had to rebuild.
    bool update(const GridMap& map, Diagonal policy);
    std::uint8_t mask(int index) const { return masks_[index]; }
    const std::uint8_t* data() const { return masks_.data(); }

private:
    std::vector<std::uint8_t> masks_;
    std::uint64_t revision_ = ~std::uint64_t(0);
    int width_ = -1;
    int height_ = -1;
    Diagonal policy_ = Diagonal::NoCornerCutting;
};

}  // namespace aoilab
