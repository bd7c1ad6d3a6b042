#pragma once
// Text read from a file goes to the screen, to messages and into JSON outputs, all of which need UTF-8:
// every reader checks it here when it reads (and names the file and place), so nothing later fails on
// it. Numbers in messages are printed briefly ("1e+308", never 300 digits).
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace aoilab {

// The offset of the first byte that does not belong to well-formed UTF-8 (overlong forms, surrogates
// and code points past U+10FFFF included), or npos when the whole text is UTF-8.
std::size_t firstNonUtf8(std::string_view text);
inline bool isUtf8(std::string_view text) { return firstNonUtf8(text) == std::string_view::npos; }

// Throws InputError "SOURCE: line L, column C: a byte that is not UTF-8 (\xHH) ..." for the first
// such byte of a text file's contents.
void requireUtf8(std::string_view text, const std::string& sourceName);

// The text with each byte that is not UTF-8 written as \xHH, so a message about it stays printable.
std::string printableText(std::string_view text);

// Six significant digits at most ("0.1", "12345", "1e+308"): for messages.
std::string briefNumber(double value);

// A value from a file or a command line inside a message, so the message stays one line of a
// terminal: bytes that are not UTF-8 and control bytes as \xHH, and a text longer than 24 characters
// cut after 24 or 10 digits in a row ("1000000000... (401 characters)", never the 400 digits).
std::string briefText(std::string_view text);
// The same in double quotes.
inline std::string quotedBrief(std::string_view text) { return "\"" + briefText(text) + "\""; }
// Every 'single-quoted' part of a library's message (nlohmann quotes the token it failed on) cut so.
std::string briefQuotedParts(std::string_view message);

// A document as JSON text; a string that is not UTF-8 (which a reader would have refused: this is the
// last resort) comes out with U+FFFD in place of its bad bytes instead of an exception.
template <class Json>  // nlohmann::json or nlohmann::ordered_json
std::string dumpJson(const Json& document, int indent = -1) {
    return document.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace aoilab
