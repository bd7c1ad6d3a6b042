// Fuzz target: MovingAI .map (parseMovingAiMap). A refusal is an InputError; anything else is a finding.
// What is accepted must read back the same after writeMovingAiMap.
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
    std::ostringstream saved;
    try {
        aoilab::writeMovingAiMap(saved, aoilab::parseMovingAiMap(in, "fuzz.map"));
    } catch (const aoilab::InputError& e) {
        if (!aoilab::isUtf8(e.what())) std::abort();  // a refusal's message is printable text (issue 38)
        return 0;
    }
    std::istringstream again(saved.str());
    std::ostringstream savedAgain;
    aoilab::writeMovingAiMap(savedAgain, aoilab::parseMovingAiMap(again, "saved.map"));
    if (savedAgain.str() != saved.str()) std::abort();
    return 0;
}
