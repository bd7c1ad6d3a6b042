#include "scenario/link_codec.h"

#include <algorithm>
#include <array>
#include <vector>

#include "core/error.h"

namespace aoilab {

namespace {

constexpr std::size_t kMinMatch = 3;
constexpr std::size_t kMaxMatch = 1u << 16;
constexpr std::size_t kWindow = 1u << 15;
constexpr std::size_t kChainDepth = 48;  // candidates tried per position: bounds the packer's time
constexpr std::size_t kHashBits = 14;

[[noreturn]] void fail(const std::string& problem) { throw InputError("link: " + problem); }

void putVarint(std::string& out, std::size_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<char>((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<char>(value));
}

// Reads a varint at `pos` (advanced past it); at most 5 bytes, so at most 2^35 - 1.
std::size_t getVarint(std::string_view in, std::size_t& pos, const char* what) {
    std::uint64_t value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        if (pos >= in.size()) fail(std::string("the data ends inside ") + what + " (the link is truncated)");
        const auto byte = static_cast<std::uint8_t>(in[pos++]);
        value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
        if (!(byte & 0x80)) return static_cast<std::size_t>(value);
    }
    fail(std::string(what) + " is longer than 5 bytes (the link is damaged)");
}

std::uint32_t hashAt(std::string_view bytes, std::size_t i) {
    const std::uint32_t v = static_cast<std::uint8_t>(bytes[i]) | static_cast<std::uint8_t>(bytes[i + 1]) << 8 |
                            static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i + 2])) << 16;
    return (v * 2654435761u) >> (32 - kHashBits);
}

const std::array<std::uint32_t, 256>& crcTable() {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    return table;
}

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int base64Value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

}  // namespace

std::uint32_t crc32(std::string_view bytes) {
    const auto& table = crcTable();
    std::uint32_t c = 0xFFFFFFFFu;
    for (char b : bytes) c = table[(c ^ static_cast<std::uint8_t>(b)) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

std::string packBytes(std::string_view bytes) {
    std::string out;
    out.push_back(static_cast<char>(kLinkCodecVersion));
    putVarint(out, bytes.size());
    // Hash chains over 3-byte prefixes: head[h] is the last position with hash h, prev[i] the one before i.
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::vector<std::size_t> head(std::size_t{1} << kHashBits, kNone);
    std::vector<std::size_t> prev(bytes.size(), kNone);
    auto insert = [&](std::size_t i) {
        if (i + kMinMatch > bytes.size()) return;
        const std::uint32_t h = hashAt(bytes, i);
        prev[i] = head[h];
        head[h] = i;
    };
    std::size_t flagPos = 0;
    int itemsInGroup = 8;
    auto startItem = [&](bool match) {
        if (itemsInGroup == 8) {
            flagPos = out.size();
            out.push_back(0);
            itemsInGroup = 0;
        }
        if (match) out[flagPos] = static_cast<char>(out[flagPos] | (1 << itemsInGroup));
        ++itemsInGroup;
    };
    std::size_t i = 0;
    while (i < bytes.size()) {
        std::size_t bestLength = 0, bestDistance = 0;
        if (i + kMinMatch <= bytes.size()) {
            const std::size_t limit = std::min(kMaxMatch, bytes.size() - i);
            std::size_t candidate = head[hashAt(bytes, i)];
            for (std::size_t tries = 0; candidate != kNone && i - candidate <= kWindow && tries < kChainDepth; ++tries) {
                std::size_t length = 0;
                while (length < limit && bytes[candidate + length] == bytes[i + length]) ++length;
                if (length > bestLength) bestLength = length, bestDistance = i - candidate;
                if (length == limit) break;
                candidate = prev[candidate];
            }
        }
        if (bestLength >= kMinMatch) {
            startItem(true);
            putVarint(out, bestDistance - 1);
            putVarint(out, bestLength - kMinMatch);
            for (std::size_t k = 0; k < bestLength; ++k) insert(i + k);
            i += bestLength;
        } else {
            startItem(false);
            out.push_back(bytes[i]);
            insert(i);
            ++i;
        }
    }
    const std::uint32_t crc = crc32(out);
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>((crc >> (8 * k)) & 0xFF));
    return out;
}

std::string unpackBytes(std::string_view packed, std::size_t maxUnpacked) {
    if (packed.empty()) fail("it is empty");
    if (static_cast<std::uint8_t>(packed[0]) != kLinkCodecVersion)
        fail("unknown format " + std::to_string(static_cast<std::uint8_t>(packed[0])) + " (this version reads format " +
             std::to_string(kLinkCodecVersion) + ")");
    std::size_t pos = 1;
    const std::size_t size = getVarint(packed, pos, "the size");
    if (size > maxUnpacked)
        fail("it unpacks to " + std::to_string(size) + " bytes, more than the limit of " + std::to_string(maxUnpacked));
    // The check sum covers every packed byte before it: any damage to the link is caught here, even
    // one that would still unpack (a match pointing at other, equal bytes).
    if (packed.size() < pos + 4) fail("the check sum is missing (the link is truncated)");
    const std::size_t end = packed.size() - 4;
    std::uint32_t stored = 0;
    for (int k = 0; k < 4; ++k) stored |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(packed[end + static_cast<std::size_t>(k)])) << (8 * k);
    if (stored != crc32(packed.substr(0, end))) fail("the check sum does not match (the link is damaged or truncated)");
    packed = packed.substr(0, end);

    std::string out;
    out.reserve(size);
    while (out.size() < size) {
        if (pos >= packed.size()) fail("the data ends early (the link is truncated)");
        const auto flags = static_cast<std::uint8_t>(packed[pos++]);
        for (int item = 0; item < 8 && out.size() < size; ++item) {
            if (!(flags & (1 << item))) {
                if (pos >= packed.size()) fail("the data ends early (the link is truncated)");
                out.push_back(packed[pos++]);
                continue;
            }
            const std::size_t distance = getVarint(packed, pos, "a match's distance") + 1;
            const std::size_t length = getVarint(packed, pos, "a match's length") + kMinMatch;
            if (distance > out.size())
                fail("a match reaches " + std::to_string(distance) + " bytes back at byte " + std::to_string(out.size()) +
                     " (the link is damaged)");
            if (length > size - out.size())
                fail("a match runs past the size of " + std::to_string(size) + " bytes (the link is damaged)");
            // Byte by byte: a match may overlap the bytes it is producing (a run).
            const std::size_t from = out.size() - distance;
            for (std::size_t k = 0; k < length; ++k) out.push_back(out[from + k]);
        }
    }
    if (pos != packed.size()) fail("there are " + std::to_string(packed.size() - pos) + " bytes after the data");
    return out;
}

std::string base64UrlEncode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() * 4 + 2) / 3);
    std::size_t i = 0;
    auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[k])); };
    for (; i + 3 <= bytes.size(); i += 3) {
        const std::uint32_t v = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
        for (int shift = 18; shift >= 0; shift -= 6) out.push_back(kAlphabet[(v >> shift) & 63]);
    }
    if (bytes.size() - i == 1) {
        const std::uint32_t v = byte(i) << 16;
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
    } else if (bytes.size() - i == 2) {
        const std::uint32_t v = byte(i) << 16 | byte(i + 1) << 8;
        out.push_back(kAlphabet[(v >> 18) & 63]);
        out.push_back(kAlphabet[(v >> 12) & 63]);
        out.push_back(kAlphabet[(v >> 6) & 63]);
    }
    return out;
}

std::string base64UrlDecode(std::string_view text) {
    if (text.size() % 4 == 1) fail(std::to_string(text.size()) + " characters is not a length base64url has (the link is truncated)");
    std::string out;
    out.reserve(text.size() / 4 * 3 + 2);
    std::uint32_t bits = 0;
    int count = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const int v = base64Value(text[i]);
        if (v < 0) {
            const auto c = static_cast<unsigned char>(text[i]);
            fail("character " + std::to_string(i + 1) + " is " +
                 (c >= 0x20 && c < 0x7F ? "'" + std::string(1, text[i]) + "'" : "byte " + std::to_string(c)) +
                 ", which base64url does not use (the link is damaged)");
        }
        bits = bits << 6 | static_cast<std::uint32_t>(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(static_cast<char>((bits >> count) & 0xFF));
        }
    }
    if (bits & ((1u << count) - 1)) fail("the last character has bits set that no encoding sets (the link is damaged)");
    return out;
}

}  // namespace aoilab
