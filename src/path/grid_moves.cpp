#include "path/grid_moves.h"

#include "path/heuristics.h"

namespace aoilab {

std::string_view diagonalName(Diagonal policy) {
    switch (policy) {
        case Diagonal::Never: return "never";
        case Diagonal::NoCornerCutting: return "no-corner-cutting";
        case Diagonal::AtMostOneObstacle: return "at-most-one";
        case Diagonal::Always: return "always";
    }
    return "?";
}

std::optional<Diagonal> parseDiagonal(std::string_view name) {
    for (Diagonal policy : {Diagonal::Never, Diagonal::NoCornerCutting, Diagonal::AtMostOneObstacle, Diagonal::Always})
        if (diagonalName(policy) == name) return policy;
    if (name == "one-blocked") return Diagonal::AtMostOneObstacle;  // PathFinding.js's words
    return std::nullopt;
}

std::string unknownDiagonalMessage(std::string_view name) {
    return "unknown diagonal rule \"" + std::string(name) + "\" (expected never, no-corner-cutting, at-most-one or always)";
}

std::string_view heuristicName(Heuristic heuristic) {
    switch (heuristic) {
        case Heuristic::Zero: return "zero";
        case Heuristic::Manhattan: return "manhattan";
        case Heuristic::Octile: return "octile";
        case Heuristic::Euclidean: return "euclidean";
        case Heuristic::Chebyshev: return "chebyshev";
    }
    return "?";
}

std::optional<Heuristic> parseHeuristic(std::string_view name) {
    for (Heuristic h : {Heuristic::Zero, Heuristic::Manhattan, Heuristic::Octile, Heuristic::Euclidean,
                        Heuristic::Chebyshev})
        if (heuristicName(h) == name) return h;
    return std::nullopt;
}

std::string unknownHeuristicMessage(std::string_view name) {
    return "unknown heuristic \"" + std::string(name) + "\" (expected octile, euclidean, chebyshev, manhattan or zero)";
}

bool moveAllowed(const GridMap& map, int x, int y, const GridMove& move, Diagonal policy) {
    if (!map.passable(x + move.dx, y + move.dy)) return false;
    if (!move.diagonal) return true;
    int open = int(map.passable(x + move.dx, y)) + int(map.passable(x, y + move.dy));
    switch (policy) {
        case Diagonal::Never: return false;
        case Diagonal::NoCornerCutting: return open == 2;
        case Diagonal::AtMostOneObstacle: return open >= 1;
        case Diagonal::Always: return true;
    }
    return false;
}

bool MoveTable::update(const GridMap& map, Diagonal policy) {
    if (revision_ == map.revision() && width_ == map.width() && height_ == map.height() && policy_ == policy)
        return false;
    masks_.assign(static_cast<std::size_t>(map.cellCount()), 0);
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            if (!map.passable(x, y)) continue;
            std::uint8_t mask = 0;
            for (int i = 0; i < 8; ++i)
                if (moveAllowed(map, x, y, kGridMoves[i], policy)) mask |= std::uint8_t(1u << i);
            masks_[map.index(x, y)] = mask;
        }
    }
    revision_ = map.revision();
    width_ = map.width();
    height_ = map.height();
    policy_ = policy;
    return true;
}

}  // namespace aoilab
