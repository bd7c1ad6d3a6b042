// Fuzz target: share links (scenario/share_link.h). The input is tried four ways:
//   - as a link ("s=..."): a refusal is an InputError; a link that opens must survive its own
//     encoding: decode(encode(link)) == link;
//   - as the packed bytes, given their right check sum (so mutations reach the unpacker, which a
//     mutated link's check sum would stop first), and as the link's JSON, packed (so they reach the
//     link's keys and the scenario reader): the same oracle;
//   - as a scenario's JSON: a scenario that parses must come back from its link unchanged, or be
//     refused as too large for one.
// Anything else (another exception, a crash, a sanitizer report, a hang) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.h"
#include "scenario/link_codec.h"
#include "scenario/share_link.h"

namespace {

void roundTrip(const aoilab::ShareLink& link) {
    std::string fragment;
    try {
        fragment = aoilab::encodeShareLink(link);
    } catch (const aoilab::InputError&) {
        return;  // too large for a link (encoding never refuses anything else a decoder gave)
    }
    aoilab::ShareLink back;
    try {
        back = aoilab::decodeShareLink(fragment);
    } catch (const aoilab::InputError&) {
        std::abort();  // a link of ours refused
    }
    if (!(back == link)) std::abort();
}

void tryLink(const std::string& text) {
    try {
        roundTrip(aoilab::decodeShareLink(text));
    } catch (const aoilab::InputError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    tryLink(text);
    std::string withChecksum = text;
    const std::uint32_t crc = aoilab::crc32(text);
    for (int k = 0; k < 4; ++k) withChecksum.push_back(static_cast<char>((crc >> (8 * k)) & 0xFF));
    tryLink("s=" + aoilab::base64UrlEncode(withChecksum));
    tryLink("s=" + aoilab::base64UrlEncode(aoilab::packBytes(text)));
    aoilab::Scenario scenario;
    try {
        scenario = aoilab::parseScenario(text, "fuzz.json");
    } catch (const aoilab::InputError&) {
        return 0;
    }
    roundTrip({scenario, "aoi", "end"});
    return 0;
}
