#include "core/number_text.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace aoilab {

std::string shortestDoubleText(double value) {
    if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    if (value == 0) return std::signbit(value) ? "-0" : "0";
    // The fewest significant digits (1..17) whose "%e" text reads back as the same double.
    char sci[64];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(sci, sizeof sci, "%.*e", digits - 1, value);
        if (std::strtod(sci, nullptr) == value) break;
    }
    // sci: [-]d[.ddd]e(+|-)XX. Take the digits and the exponent.
    std::string text(sci);
    bool negative = text[0] == '-';
    if (negative) text.erase(0, 1);
    std::size_t e = text.find('e');
    std::string mantissa = text.substr(0, e);
    int exponent = std::atoi(text.c_str() + e + 1);
    std::string digits;
    for (char c : mantissa)
        if (c != '.') digits += c;
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();

    std::string scientific = digits.substr(0, 1);
    if (digits.size() > 1) scientific += "." + digits.substr(1);
    char exponentText[16];
    std::snprintf(exponentText, sizeof exponentText, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    scientific += exponentText;

    std::string plain;
    const auto count = static_cast<int>(digits.size());
    if (exponent >= 0) {
        if (count <= exponent + 1) {
            // A whole number: std::to_chars writes its exact digits (-503327553704099328, not ...300).
            char whole[400];
            std::snprintf(whole, sizeof whole, "%.0f", std::fabs(value));
            plain = whole;
        } else {
            plain = digits.substr(0, static_cast<std::size_t>(exponent + 1)) + "." +
                    digits.substr(static_cast<std::size_t>(exponent + 1));
        }
    } else {
        plain = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    }
    const std::string& shorter = plain.size() <= scientific.size() ? plain : scientific;
    return negative ? "-" + shorter : shorter;
}

std::optional<double> parseDecimalExact(std::string_view text) {
    if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string_view::npos) return std::nullopt;
    // std::from_chars takes no leading '+'; keep that rule.
    if (text.front() == '+') return std::nullopt;
    std::string copy(text);
    errno = 0;
    char* end = nullptr;
    double value = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
    // strtod reports an out-of-range value with ERANGE (from_chars: result_out_of_range); a value
    // rounded to a subnormal reads back fine.
    if (errno == ERANGE && (value == 0 || std::fabs(value) == HUGE_VAL)) return std::nullopt;
    return value;
}

}  // namespace aoilab
