#pragma once
// Distance estimates for the grid searches, from the absolute offsets |dx|, |dy| to the goal.
// With cell costs >= 1 (GridMap::setCost) each is admissible when its moves allow it:
//   zero        always (turns A* into Dijkstra)
//   manhattan   dx + dy: admissible only without diagonal moves (Diagonal::Never)
//   octile      max + (sqrt2 - 1) * min: exact on an empty 8-connected grid
//   euclidean   sqrt(dx^2 + dy^2)
//   chebyshev   max(dx, dy): admissible for any policy, weaker than octile
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace aoilab {

inline constexpr double kSqrt2 = 1.4142135623730951;

enum class Heuristic : std::uint8_t { Zero, Manhattan, Octile, Euclidean, Chebyshev };

inline double heuristicDistance(Heuristic heuristic, int adx, int ady) {
    switch (heuristic) {
        case Heuristic::Zero: return 0.0;
        case Heuristic::Manhattan: return adx + ady;
        case Heuristic::Octile: {
            int lo = std::min(adx, ady);
            int hi = std::max(adx, ady);
            return (hi - lo) + kSqrt2 * lo;
        }
        case Heuristic::Euclidean: return std::sqrt(double(adx) * adx + double(ady) * ady);
        case Heuristic::Chebyshev: return std::max(adx, ady);
    }
    return 0.0;
}

// The octile distance: the length of a shortest 8-connected path on an empty grid.
inline double octileDistance(int adx, int ady) { return heuristicDistance(Heuristic::Octile, adx, ady); }

std::string_view heuristicName(Heuristic heuristic);
std::optional<Heuristic> parseHeuristic(std::string_view name);  // "octile", "manhattan", ...
std::string unknownHeuristicMessage(std::string_view name);

}  // namespace aoilab
