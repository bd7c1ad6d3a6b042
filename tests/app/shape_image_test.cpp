// The CPU painter of the scene's entity image (src/app/shape_image.h): shapes where they should be,
// anti-aliased edges, and an image that, blended over a background, gives what drawing each shape over
// it in turn gives.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numbers>

#include "app/shape_image.h"

namespace aoilab::app {
namespace {

constexpr std::uint32_t rgba(unsigned r, unsigned g, unsigned b, unsigned a) { return r | g << 8 | b << 16 | a << 24; }
unsigned alpha(std::uint32_t c) { return c >> 24; }
unsigned channel(std::uint32_t c, int i) { return (c >> (8 * i)) & 0xFF; }

// The sum of every pixel's alpha, in pixels of full coverage.
double covered(const ShapeImage& image) {
    double sum = 0;
    for (std::uint32_t c : image.pixels()) sum += alpha(c) / 255.0;
    return sum;
}

TEST(ShapeImage, ADiscCoversItsAreaWithASoftEdgeAndNothingElse) {
    ShapeImage image;
    image.reset(40, 40);
    const std::uint32_t blue = rgba(40, 90, 220, 255);
    image.disc(20.3f, 19.6f, 6.0f, blue);
    EXPECT_EQ(image.at(20, 19), blue);
    EXPECT_EQ(image.at(24, 19), blue);
    EXPECT_EQ(alpha(image.at(27, 19)), 0u) << "a pixel whose centre is 7.2 from the centre";
    EXPECT_EQ(image.at(0, 0), 0u);
    EXPECT_NEAR(covered(image), std::numbers::pi * 36, 1.5);
    // The edge fades: some pixels are neither empty nor full.
    int partial = 0;
    for (std::uint32_t c : image.pixels()) partial += alpha(c) > 0 && alpha(c) < 255;
    EXPECT_GT(partial, 20);
}

TEST(ShapeImage, ARingCoversItsCircleOnlyAndIsEmptyInside) {
    ShapeImage image;
    image.reset(100, 100);
    const std::uint32_t green = rgba(30, 200, 60, 255);
    image.ring(50.5f, 50.5f, 30, 1.0f, green);  // through the centres of the pixels 30 away
    EXPECT_EQ(alpha(image.at(50, 50)), 0u);
    EXPECT_EQ(alpha(image.at(50 + 25, 50)), 0u) << "inside the ring";
    EXPECT_EQ(alpha(image.at(50 + 35, 50)), 0u) << "outside the ring";
    EXPECT_EQ(image.at(50 + 30, 50), green);
    EXPECT_EQ(image.at(50, 50 - 30), green);
    EXPECT_LT(alpha(image.at(50 + 31, 50)), 5u);
    // A 1-pixel line round the circle: its area is its length.
    EXPECT_NEAR(covered(image), 2 * std::numbers::pi * 30, 4);
    ShapeImage thick;
    thick.reset(100, 100);
    thick.ring(50, 50, 30, 3.0f, green);
    EXPECT_NEAR(covered(thick), 3 * 2 * std::numbers::pi * 30, 6);
}

TEST(ShapeImage, ARectangleOutlineIsItsBorderOnly) {
    ShapeImage image;
    image.reset(60, 60);
    const std::uint32_t red = rgba(220, 40, 40, 255);
    image.rectOutline(10, 10, 50, 40, 1.0f, red);
    EXPECT_EQ(image.at(10, 10), red);
    EXPECT_EQ(image.at(30, 10), red);
    EXPECT_EQ(image.at(49, 25), red);
    EXPECT_EQ(image.at(30, 39), red);
    EXPECT_EQ(alpha(image.at(30, 25)), 0u) << "inside";
    EXPECT_EQ(alpha(image.at(30, 40)), 0u) << "below";
    EXPECT_EQ(alpha(image.at(9, 25)), 0u) << "left of it";
    EXPECT_NEAR(covered(image), 2 * (40 + 30) - 4, 0.01);
    // Off the pixel grid: the border's pixels are partly covered, the area stays its length (within
    // the rounding of about 280 half-covered pixels' alpha to 8 bits).
    ShapeImage half;
    half.reset(60, 60);
    half.rectOutline(10.5f, 10.5f, 50.5f, 40.5f, 1.0f, red);
    EXPECT_NEAR(covered(half), 2 * (40 + 30) - 4, 1.0);
    EXPECT_EQ(alpha(half.at(10, 20)), 128u) << "the band [10.5, 11.5] covers half of pixel 10";
    EXPECT_EQ(alpha(half.at(11, 20)), 128u) << "and half of pixel 11";
    EXPECT_EQ(alpha(half.at(12, 20)), 0u);
}

TEST(ShapeImage, ShapesPartlyOutsideTheImagePaintTheirInsidePart) {
    ShapeImage image;
    image.reset(20, 10);
    image.disc(-3, 5, 6, rgba(255, 255, 255, 255));
    image.ring(25.5f, 5.5f, 8, 1, rgba(255, 255, 255, 255));
    image.rectOutline(-5, -5, 30, 30, 1, rgba(255, 255, 255, 255));
    EXPECT_GT(alpha(image.at(0, 5)), 200u);
    EXPECT_GT(alpha(image.at(17, 5)), 200u) << "the ring's left edge";
    EXPECT_EQ(alpha(image.at(10, 5)), 0u);
}

// The image drawn over a background (by its alpha, as ImGui blends a texture) equals each shape drawn
// over the background in turn, within rounding.
TEST(ShapeImage, TheImageOverABackgroundIsEachShapeOverItInTurn) {
    ShapeImage image;
    image.reset(30, 30);
    const std::uint32_t range = rgba(80, 160, 255, 120), dot = rgba(250, 200, 30, 255), rim = rgba(255, 255, 255, 150);
    image.ring(15, 15, 9.5f, 1.0f, range);
    image.ring(17, 14, 6.5f, 1.0f, range);
    image.disc(15, 15, 4, dot);
    image.ring(15, 15, 3.5f, 1.0f, rim);
    for (std::uint32_t background : {rgba(42, 46, 53, 255), rgba(255, 255, 255, 255)}) {
        // The same shapes blended one by one, each pixel's coverage taken from a one-shape image.
        auto single = [](auto paint) {
            ShapeImage one;
            one.reset(30, 30);
            paint(one);
            return one;
        };
        const ShapeImage layers[] = {single([&](ShapeImage& i) { i.ring(15, 15, 9.5f, 1.0f, range); }),
                                     single([&](ShapeImage& i) { i.ring(17, 14, 6.5f, 1.0f, range); }),
                                     single([&](ShapeImage& i) { i.disc(15, 15, 4, dot); }),
                                     single([&](ShapeImage& i) { i.ring(15, 15, 3.5f, 1.0f, rim); })};
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 30; ++x)
                for (int ch = 0; ch < 3; ++ch) {
                    double turn = channel(background, ch);
                    for (const ShapeImage& layer : layers) {
                        const double a = alpha(layer.at(x, y)) / 255.0;
                        turn = channel(layer.at(x, y), ch) * a + turn * (1 - a);
                    }
                    const double a = alpha(image.at(x, y)) / 255.0;
                    const double once = channel(image.at(x, y), ch) * a + channel(background, ch) * (1 - a);
                    ASSERT_NEAR(once, turn, 2.5) << "pixel " << x << ", " << y << ", channel " << ch;
                }
    }
}

}  // namespace
}  // namespace aoilab::app
