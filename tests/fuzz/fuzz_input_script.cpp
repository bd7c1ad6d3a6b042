// Fuzz target: the app's input scripts (parseInputScript, --script). A refusal is an InputError;
// anything else (std::out_of_range from a number, a crash) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "app/input_script.h"
#include "core/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        aoilab::app::parseInputScript(std::string(reinterpret_cast<const char*>(data), size), "fuzz.script");
    } catch (const aoilab::InputError&) {
    }
    return 0;
}
