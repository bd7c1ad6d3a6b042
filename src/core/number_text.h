#pragma once
// Doubles to text and back, exactly: the shortest text that reads back as the same double, and a strict
// decimal reader. The standard's std::to_chars / std::from_chars for double would do, but libc++ 14
// (the WebAssembly build's) lacks them; these give the same text as libstdc++'s std::to_chars(value).
#include <optional>
#include <string>
#include <string_view>

namespace aoilab {

// The shortest digits that read back as `value`, written plainly or in scientific form, whichever is
// shorter (plain on a tie): 0.1 -> "0.1", 100 -> "100", 1e+20 -> "1e+20", 1e-07 -> "1e-07".
std::string shortestDoubleText(double value);

// The whole of `text` as a decimal number ("12", "-0.5", "1e3"; no spaces, hex, inf or nan), else empty.
std::optional<double> parseDecimalExact(std::string_view text);

}  // namespace aoilab
