#pragma once
// Turns a scenario's optional AOI settings into concrete values (AoiConfig).
#include <vector>

#include "aoi/aoi_system.h"
#include "core/entity.h"
#include "aoi/aoi_settings.h"

namespace aoilab {

// Defaults for settings the scenario leaves unset (typicalRadius <= 0 means "unknown"):
//   standard radius  = max(1, typicalRadius), or max(1, min(width, height) / 10) when unknown:
//                      the grid scans this far for everyone; bigger radii are "super-view" entities
//   cell size        = standard radius (as in the classic grid article: a 3x3 block of cells covers
//                      every standard view, whatever the position inside the centre cell)
//   tick interval    = 5 ticks; lazy super-view mode off (exact)
//   quadtree         = capacity 8 points per leaf, maximum depth 12
//   tower size       = 2 x standard radius (a view then overlaps at most 2 x 2 towers... up to 3 x 3)
//   crosslist insert = through the bucket index (insertFromHead false)
// Explicit settings are kept as given; non-positive sizes or counts throw InputError naming the key.
AoiConfig resolveAoiConfig(const AoiSettings& settings, double worldWidth, double worldHeight,
                           double typicalRadius = 0);

// The median radius of the given entities (0 for none): a robust "typical radius" for the defaults.
double typicalRadius(const std::vector<Entity>& entities);

}  // namespace aoilab
