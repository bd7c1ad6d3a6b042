#pragma once
// Reproducible maps of scattered walls for tests: each cell is a wall with probability percent / 100,
// drawn from one linear congruential sequence, so every machine builds the same map.
#include <cstdint>
#include <fstream>
#include <string>

namespace aoilab::testing {

// The next cell of the sequence: true for a wall.
inline bool scatteredWall(std::uint32_t& seed, int percent) {
    seed = seed * 1664525u + 1013904223u;
    return static_cast<int>((seed >> 24) % 100) < percent;
}

// A MovingAI .map of width x height cells, row by row.
inline void writeScatteredMap(const std::string& file, int width, int height, int percent, std::uint32_t seed) {
    std::ofstream out(file);
    out << "type octile\nheight " << height << "\nwidth " << width << "\nmap\n";
    std::string row(static_cast<std::size_t>(width), '.');
    for (int y = 0; y < height; ++y) {
        for (char& c : row) c = scatteredWall(seed, percent) ? '@' : '.';
        out << row << "\n";
    }
}

}  // namespace aoilab::testing
