// Fuzz target: MovingAI .scen (parseMovingAiScenario). A refusal is an InputError; anything else is a
// finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/text_check.h"
#include "path/movingai.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        aoilab::parseMovingAiScenario(in, "fuzz.scen");
    } catch (const aoilab::InputError& e) {
        if (!aoilab::isUtf8(e.what())) std::abort();  // a refusal's message is printable text (issue 38)
    }
    return 0;
}
