// Fuzz target: the app's input scripts (parseInputScript, --script). A refusal is an InputError;
// anything else (std::out_of_range from a number, a crash) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "app/input_script.h"
#include "core/error.h"
#include "core/text_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        aoilab::app::parseInputScript(std::string(reinterpret_cast<const char*>(data), size), "fuzz.script");
    } catch (const aoilab::InputError& e) {
        if (!aoilab::isUtf8(e.what())) std::abort();  // a refusal's message is printable text (issue 38)
    }
    return 0;
}
