// Fuzz target: the app's settings.json (parseSettings). Nothing may escape: a bad file gives defaults,
// since settings must never stop the app from starting. Every value read stays in its range.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/settings.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const aoilab::app::Settings s =
        aoilab::app::parseSettings(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!(s.fontScale >= 0.5f && s.fontScale <= 4.0f)) std::abort();
    if (!(s.sideWidthEm == 0.0f || (s.sideWidthEm >= 10.0f && s.sideWidthEm <= 80.0f))) std::abort();
    if (!s.modes.is_object()) std::abort();
    return 0;
}
