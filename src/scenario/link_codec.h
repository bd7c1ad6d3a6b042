#pragma once
// The byte codec under a share link (share_link.h): a small LZSS compressor of the project's own and
// base64url. Both directions are linear in their input; the decoders are bounded readers (sizes checked
// before anything is allocated) and every failure is an InputError "link: ...".
//
// Packed form (what base64url carries):
//   byte 0            kLinkCodecVersion
//   varint            the unpacked size (<= the caller's cap, checked before allocating)
//   groups            a flag byte, then up to 8 items (bit i, lowest first, is item i):
//                       0: a literal byte
//                       1: a match: varint (distance - 1), varint (length - kMinMatch); it copies
//                          `length` bytes from `distance` bytes back in the output
//   4 bytes           CRC-32 of all the bytes before it (little-endian), so a damaged link is
//                     refused rather than opened as a different world (CRC-32 catches every burst
//                     of up to 32 bits: any one character of the link changed)
// Varints are LEB128 (7 bits a byte, lowest first, at most 5 bytes).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace aoilab {

inline constexpr std::uint8_t kLinkCodecVersion = 1;

// CRC-32 (the zlib/PNG polynomial) of the bytes.
std::uint32_t crc32(std::string_view bytes);

std::string packBytes(std::string_view bytes);
// Throws InputError ("link: ...") on anything but a packed form of at most `maxUnpacked` bytes.
std::string unpackBytes(std::string_view packed, std::size_t maxUnpacked);

// RFC 4648 section 5 (A-Z a-z 0-9 - _), without padding.
std::string base64UrlEncode(std::string_view bytes);
// Throws InputError ("link: ...") on a character outside the alphabet, a length no encoding has, or
// unused bits that are not zero (so each text decodes from exactly one encoding).
std::string base64UrlDecode(std::string_view text);

}  // namespace aoilab
