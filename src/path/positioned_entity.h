#pragma once
// An AOI entity laid on a map (map units), for the map representations' "entities in my region / my
// polygon" questions, which need only its id and place.
#include "core/entity.h"
#include "core/geometry.h"

namespace aoilab {

struct PositionedEntity {
    EntityId id = 0;
    Vec2 position;
};

}  // namespace aoilab
