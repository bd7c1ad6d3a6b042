#pragma once
// Progress of a long build (regions, navmesh, the AOI methods of a large world): called now and then
// with the work done and the work in all, in the build's own units; returning false cancels the build,
// which then throws BuildCancelled.
#include <cstddef>
#include <functional>

namespace aoilab {

using BuildProgress = std::function<bool(std::size_t done, std::size_t total)>;
struct BuildCancelled {};

}  // namespace aoilab
