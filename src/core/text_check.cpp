#include "core/text_check.h"

#include <cstdio>

#include "core/error.h"

namespace aoilab {

std::size_t firstNonUtf8(std::string_view text) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t size = text.size();
    std::size_t i = 0;
    while (i < size) {
        unsigned char c = bytes[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xBF;  // the allowed range of the second byte
        if (c >= 0xC2 && c <= 0xDF) length = 2;
        else if (c == 0xE0) length = 3, low = 0xA0;
        else if (c == 0xED) length = 3, high = 0x9F;  // no UTF-16 surrogates
        else if (c >= 0xE1 && c <= 0xEF) length = 3;
        else if (c == 0xF0) length = 4, low = 0x90;
        else if (c >= 0xF1 && c <= 0xF3) length = 4;
        else if (c == 0xF4) length = 4, high = 0x8F;  // nothing past U+10FFFF
        else return i;
        if (i + length > size) return i;
        if (bytes[i + 1] < low || bytes[i + 1] > high) return i;
        for (std::size_t k = 2; k < length; ++k)
            if (bytes[i + k] < 0x80 || bytes[i + k] > 0xBF) return i;
        i += length;
    }
    return std::string_view::npos;
}

void requireUtf8(std::string_view text, const std::string& sourceName) {
    std::size_t bad = firstNonUtf8(text);
    if (bad == std::string_view::npos) return;
    std::size_t line = 1, lineStart = 0;
    for (std::size_t i = 0; i < bad; ++i)
        if (text[i] == '\n') ++line, lineStart = i + 1;
    char byte[8];
    std::snprintf(byte, sizeof byte, "\\x%02X", static_cast<unsigned char>(text[bad]));
    throw InputError(sourceName + ": line " + std::to_string(line) + ", column " + std::to_string(bad - lineStart + 1) +
                     ": a byte that is not UTF-8 (" + byte + "); every text in the file must be UTF-8");
}

std::string printableText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    while (!text.empty()) {
        std::size_t bad = firstNonUtf8(text);
        if (bad == std::string_view::npos) {
            out += text;
            break;
        }
        out += text.substr(0, bad);
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned char>(text[bad]));
        out += escaped;
        text.remove_prefix(bad + 1);
    }
    return out;
}

std::string briefNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::string briefText(std::string_view text) {
    constexpr std::size_t kKeep = 24, kDigitRun = 10;
    std::string shown;
    for (char c : printableText(text)) {
        auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", byte);
            shown += hex;
        } else {
            shown += c;
        }
    }
    if (shown.size() <= kKeep) return shown;  // short: as given, even 20 digits
    std::size_t cut = 0, run = 0;
    for (; cut < shown.size() && cut < kKeep; ++cut) {
        run = shown[cut] >= '0' && shown[cut] <= '9' ? run + 1 : 0;
        if (run > kDigitRun) break;
    }
    if (cut == shown.size()) return shown;
    while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80) --cut;  // whole characters
    return shown.substr(0, cut) + "... (" + std::to_string(text.size()) + " characters)";
}

std::string briefQuotedParts(std::string_view message) {
    std::string out;
    while (!message.empty()) {
        std::size_t open = message.find('\'');
        std::size_t close = open == std::string_view::npos ? open : message.find('\'', open + 1);
        if (close == std::string_view::npos) {
            out += message;
            break;
        }
        out += std::string(message.substr(0, open + 1)) + briefText(message.substr(open + 1, close - open - 1)) + "'";
        message.remove_prefix(close + 1);
    }
    return out;
}

}  // namespace aoilab
