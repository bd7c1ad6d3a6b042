// Fuzz target: MovingAI .scen (parseMovingAiScenario). A refusal is an InputError; anything else is a
// finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/error.h"
#include "path/movingai.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        aoilab::parseMovingAiScenario(in, "fuzz.scen");
    } catch (const aoilab::InputError&) {
    }
    return 0;
}
