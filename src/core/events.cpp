#include "core/events.h"

namespace aoilab {

const char* toString(AoiEventType type) {
    switch (type) {
        case AoiEventType::Enter: return "enter";
        case AoiEventType::Move: return "move";
        case AoiEventType::Leave: return "leave";
    }
    return "?";
}

bool parseAoiEventType(std::string_view text, AoiEventType& out) {
    if (text == "enter") { out = AoiEventType::Enter; return true; }
    if (text == "move") { out = AoiEventType::Move; return true; }
    if (text == "leave") { out = AoiEventType::Leave; return true; }
    return false;
}

}  // namespace aoilab
