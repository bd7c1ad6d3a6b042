// Fuzz target: share links (scenario/share_link.h). The input is tried two ways:
//   - as a link ("s=..."): a refusal is an InputError; a link that opens must survive its own
//     encoding: decode(encode(link)) == link;
//   - as a scenario's JSON: a scenario that parses must come back from its link unchanged, or be
//     refused as too large for one.
// Anything else (another exception, a crash, a sanitizer report, a hang) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.h"
#include "scenario/share_link.h"

namespace {

void roundTrip(const aoilab::ShareLink& link) {
    std::string fragment;
    try {
        fragment = aoilab::encodeShareLink(link);
    } catch (const aoilab::InputError&) {
        return;  // too large for a link (encoding never refuses anything else a decoder gave)
    }
    if (!(aoilab::decodeShareLink(fragment) == link)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        roundTrip(aoilab::decodeShareLink(text));
    } catch (const aoilab::InputError&) {
    }
    aoilab::Scenario scenario;
    try {
        scenario = aoilab::parseScenario(text, "fuzz.json");
    } catch (const aoilab::InputError&) {
        return 0;
    }
    roundTrip({scenario, "aoi", "end"});
    return 0;
}
