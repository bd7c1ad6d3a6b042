// Fuzz target: graph JSON (parseGraphJson). A refusal is an InputError; anything else is a finding.
// What is accepted must survive its own save with the same vertices and edges.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.h"
#include "core/text_check.h"
#include "path/graph_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string saved;
    try {
        saved = aoilab::graphToJson(aoilab::parseGraphJson(text, "fuzz.json")).dump();
    } catch (const aoilab::InputError& e) {
        if (!aoilab::isUtf8(e.what())) std::abort();  // a refusal's message is printable text (issue 38)
        return 0;
    }
    if (aoilab::graphToJson(aoilab::parseGraphJson(saved, "saved.json")).dump() != saved) std::abort();
    return 0;
}
