// shortestDoubleText / parseDecimalExact (core/number_text.h): the text libstdc++'s std::to_chars gives,
// exact round trips, and strict reading.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "core/number_text.h"

namespace aoilab {
namespace {

TEST(NumberText, KnownValues) {
    EXPECT_EQ(shortestDoubleText(0.0), "0");
    EXPECT_EQ(shortestDoubleText(0.1), "0.1");
    EXPECT_EQ(shortestDoubleText(-2.5), "-2.5");
    EXPECT_EQ(shortestDoubleText(100), "100");
    EXPECT_EQ(shortestDoubleText(123456), "123456");
    EXPECT_EQ(shortestDoubleText(1e20), "1e+20");
    EXPECT_EQ(shortestDoubleText(1e-7), "1e-07");
    EXPECT_EQ(shortestDoubleText(0.001), "0.001");
    EXPECT_EQ(shortestDoubleText(1.0 / 3.0), "0.3333333333333333");
}

#if defined(__cpp_lib_to_chars) || (defined(__GLIBCXX__) && __GNUC__ >= 11)
TEST(NumberText, SameTextAsToCharsAndReadsBackExactly) {
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> scale(-30, 30);
    for (int i = 0; i < 200000; ++i) {
        double value;
        if (i % 3 == 0) {
            std::uint64_t bits = random();
            std::memcpy(&value, &bits, sizeof value);
            if (!std::isfinite(value)) continue;
        } else if (i % 3 == 1) {
            value = std::round(unit(random) * std::pow(10.0, scale(random) % 8 + 8)) / std::pow(10.0, scale(random) % 10 + 10);
        } else {
            value = unit(random) * std::pow(10.0, scale(random));
        }
        char buffer[64];
        auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
        std::string expected(buffer, result.ptr);
        std::string text = shortestDoubleText(value);
        ASSERT_EQ(text, expected) << "value " << value;
        auto back = parseDecimalExact(text);
        ASSERT_TRUE(back.has_value()) << text;
        ASSERT_EQ(*back, value) << text;
    }
}
#endif

TEST(NumberText, ParsesOnlyWholeDecimals) {
    EXPECT_EQ(parseDecimalExact("12"), 12.0);
    EXPECT_EQ(parseDecimalExact("-0.5"), -0.5);
    EXPECT_EQ(parseDecimalExact("1e3"), 1000.0);
    EXPECT_EQ(parseDecimalExact("0.1"), 0.1);
    EXPECT_FALSE(parseDecimalExact(""));
    EXPECT_FALSE(parseDecimalExact("12 "));
    EXPECT_FALSE(parseDecimalExact("1.2.3"));
    EXPECT_FALSE(parseDecimalExact("0x10"));
    EXPECT_FALSE(parseDecimalExact("inf"));
    EXPECT_FALSE(parseDecimalExact("nan"));
    EXPECT_FALSE(parseDecimalExact("+1"));
    EXPECT_FALSE(parseDecimalExact("1e999"));
    EXPECT_FALSE(parseDecimalExact("-"));
    EXPECT_FALSE(parseDecimalExact("e5"));
}

}  // namespace
}  // namespace aoilab
