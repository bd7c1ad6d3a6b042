// Fuzz target: the map-walk editor's graph XML (parseGraphXml). A refusal is an InputError; anything
// else is a finding. What is accepted must survive an XML save with the same vertices and edges.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.h"
#include "core/text_check.h"
#include "path/graph_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    aoilab::Graph graph;
    try {
        graph = aoilab::parseGraphXml(text, "fuzz.xml");
    } catch (const aoilab::InputError& e) {
        if (!aoilab::isUtf8(e.what())) std::abort();  // a refusal's message is printable text (issue 38)
        return 0;
    }
    const std::string saved = aoilab::graphToJson(graph).dump();
    if (aoilab::graphToJson(aoilab::parseGraphXml(aoilab::graphToXml(graph), "saved.xml")).dump() != saved) std::abort();
    return 0;
}
