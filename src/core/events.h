#pragma once
// AOI events as docs/modes/aoi.md defines them: (type, watcher, target).
#include <compare>
#include <string_view>

#include "core/entity.h"

namespace aoilab {

enum class AoiEventType : std::uint8_t { Enter, Move, Leave };

struct AoiEvent {
    AoiEventType type = AoiEventType::Enter;
    EntityId watcher = 0;
    EntityId target = 0;
    // Outputs sort events by (type, watcher, target).
    friend auto operator<=>(const AoiEvent&, const AoiEvent&) = default;
};

const char* toString(AoiEventType type);
bool parseAoiEventType(std::string_view text, AoiEventType& out);

}  // namespace aoilab
