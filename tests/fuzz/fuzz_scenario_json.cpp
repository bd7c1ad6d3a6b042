// Fuzz target: scenario JSON (parseScenario). A refusal is an InputError; anything else (another
// exception, a crash, a sanitizer report, a hang) is a finding. What is accepted must survive its own
// save: parseScenario(scenarioToJson(s)) == s.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.h"
#include "core/text_check.h"
#include "scenario/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    aoilab::Scenario scenario;
    try {
        scenario = aoilab::parseScenario(text, "fuzz.json");
    } catch (const aoilab::InputError& e) {
        if (!aoilab::isUtf8(e.what())) std::abort();  // a refusal's message is printable text (issue 38)
        return 0;
    }
    if (!(aoilab::parseScenario(aoilab::scenarioToJson(scenario), "saved.json") == scenario)) std::abort();
    return 0;
}
