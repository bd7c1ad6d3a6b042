#pragma once
#include <cstdint>
#include <string>

namespace aoilab {

// Ids are chosen by the scenario (non-negative integers); an id that left may come back later.
using EntityId = std::int64_t;
constexpr EntityId kMaxEntityId = (EntityId{1} << 53);  // exactly representable in JSON doubles

// Packed 0xRRGGBBAA; 0 means "use the default entity colour".
using Rgba = std::uint32_t;

struct Entity {
    EntityId id = 0;
    std::string name;
    double x = 0;
    double y = 0;
    double radius = 0;
    Rgba color = 0;
    friend bool operator==(const Entity&, const Entity&) = default;
};

}  // namespace aoilab
