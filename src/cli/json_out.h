#pragma once
// Prints a verb's --json document on stdout. Its strings come from the user's files and command line
// (file names, map names, vertex names); a name that is not UTF-8 must never make the output fail after
// the work was done, so invalid bytes are written as U+FFFD.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

namespace aoilab::cli {

template <class Json>  // nlohmann::json or nlohmann::ordered_json
void printJson(const Json& doc, int indent = -1) {
    std::string text = doc.dump(indent, ' ', false, Json::error_handler_t::replace);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
}

}  // namespace aoilab::cli
