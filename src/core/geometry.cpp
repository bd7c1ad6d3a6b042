#include "core/geometry.h"

#include <cstring>

namespace aoilab {

const char* toString(ViewShape shape) { return shape == ViewShape::Square ? "square" : "circle"; }

bool parseViewShape(const char* text, ViewShape& out) {
    if (std::strcmp(text, "square") == 0) { out = ViewShape::Square; return true; }
    if (std::strcmp(text, "circle") == 0) { out = ViewShape::Circle; return true; }
    return false;
}

}  // namespace aoilab
