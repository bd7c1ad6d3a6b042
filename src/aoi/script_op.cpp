#include "aoi/script_op.h"

namespace aoilab {

const char* toString(OpKind kind) {
    switch (kind) {
        case OpKind::Add: return "add";
        case OpKind::Move: return "move";
        case OpKind::Radius: return "radius";
        case OpKind::Leave: return "leave";
        case OpKind::Tick: return "tick";
    }
    return "?";
}

}  // namespace aoilab
