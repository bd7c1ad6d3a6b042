#include "app/text_wrap.h"

#include <vector>

namespace aoilab::app {
namespace {

// The code point starting at text[i] and its length in bytes (a broken sequence counts as one byte).
char32_t decode(std::string_view text, std::size_t i, std::size_t& length) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
    if (i + length > text.size()) length = 1;
    if (length == 1) return lead;
    char32_t code = lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) code = (code << 6) | (byte(i + k) & 0x3F);
    return code;
}

bool isCjk(char32_t c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) ||
           (c >= 0x3000 && c <= 0x303F) || c == 0x2026 || c == 0x2014;
}

bool mayNotStartLine(char32_t c) {
    switch (c) {
        case U'，': case U'。': case U'、': case U'：': case U'；': case U'！': case U'？': case U'）':
        case U'」': case U'』': case U'…': case U'—': case U'》': case U'〉':
        case ',': case '.': case ':': case ';': case '!': case '?': case ')': return true;
        default: return false;
    }
}

bool mayNotEndLine(char32_t c) { return c == U'（' || c == U'「' || c == U'『' || c == U'《' || c == U'〈' || c == '('; }

struct Glyph {
    std::size_t begin;
    std::size_t length;
    char32_t code;
};

}  // namespace

std::string wrapText(std::string_view text, float width, const TextMeasure& measure) {
    std::string out;
    std::size_t paragraphStart = 0;
    while (paragraphStart <= text.size()) {
        std::size_t paragraphEnd = text.find('\n', paragraphStart);
        if (paragraphEnd == std::string_view::npos) paragraphEnd = text.size();
        const std::string_view paragraph = text.substr(paragraphStart, paragraphEnd - paragraphStart);

        std::vector<Glyph> glyphs;
        for (std::size_t i = 0; i < paragraph.size();) {
            std::size_t length = 1;
            const char32_t code = decode(paragraph, i, length);
            glyphs.push_back({i, length, code});
            i += length;
        }
        // Greedy: extend the line glyph by glyph; on overflow, break at the last opportunity.
        std::size_t lineStart = 0;  // glyph index
        while (lineStart < glyphs.size()) {
            float lineWidth = 0;
            std::size_t breakAt = 0;  // glyph index a new line may start at (0: none yet)
            std::size_t k = lineStart;
            for (; k < glyphs.size(); ++k) {
                const Glyph& g = glyphs[k];
                if (k > lineStart) {
                    const Glyph& prev = glyphs[k - 1];
                    const bool afterSpace = prev.code == ' ' && g.code != ' ';
                    const bool betweenCjk = (isCjk(prev.code) || isCjk(g.code)) && g.code != ' ' && prev.code != ' ';
                    if ((afterSpace || betweenCjk) && !mayNotStartLine(g.code) && !mayNotEndLine(prev.code)) breakAt = k;
                }
                lineWidth += measure(paragraph.substr(g.begin, g.length));
                if (lineWidth > width && k > lineStart && g.code != ' ') break;
            }
            std::size_t next = k;  // the whole rest fits
            if (k < glyphs.size()) next = breakAt > lineStart ? breakAt : k;  // no opportunity: cut here
            std::size_t end = next;  // drop the spaces at the end of the line
            while (end > lineStart && glyphs[end - 1].code == ' ') --end;
            const std::size_t from = glyphs[lineStart].begin;
            const std::size_t to = end > lineStart ? glyphs[end - 1].begin + glyphs[end - 1].length : from;
            out.append(paragraph.substr(from, to - from));
            lineStart = next;
            if (lineStart < glyphs.size()) out.push_back('\n');
        }
        if (paragraphEnd == text.size()) break;
        out.push_back('\n');
        paragraphStart = paragraphEnd + 1;
    }
    return out;
}

}  // namespace aoilab::app
