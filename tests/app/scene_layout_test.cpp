// The scene's layout decisions (src/app/scene_layout.h): tick steps and values, tick text, the greedy
// placement of names without overlap, and the snap to whole units.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "app/scene_layout.h"

namespace aoilab::app {
namespace {

TEST(SceneLayout, TickStepsAreOneTwoOrFiveTimesAPowerOfTenAndTheSmallestFarEnoughApart) {
    EXPECT_DOUBLE_EQ(niceTickStep(10, 50), 5);     // 5 units = 50 px
    EXPECT_DOUBLE_EQ(niceTickStep(10, 51), 10);
    EXPECT_DOUBLE_EQ(niceTickStep(1, 60), 100);    // 50 would be 50 px: too close
    EXPECT_DOUBLE_EQ(niceTickStep(0.1, 60), 1000);
    EXPECT_DOUBLE_EQ(niceTickStep(100, 60), 1);
    EXPECT_DOUBLE_EQ(niceTickStep(1000, 60), 0.1);
    EXPECT_NEAR(niceTickStep(400, 60), 0.2, 1e-12);
    for (double ppu : {0.013, 0.7, 3.3, 47.0, 912.0}) {
        double step = niceTickStep(ppu, 80);
        EXPECT_GE(step * ppu, 80 * (1 - 1e-9)) << ppu;
        EXPECT_LT(step * ppu, 80 * 2.5 + 1e-9) << ppu;  // the next smaller 1-2-5 step would be too close
        double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
        EXPECT_TRUE(std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 5) < 1e-9)
            << step;
    }
}

TEST(SceneLayout, TicksAreTheMultiplesOfTheStepInsideTheRange) {
    EXPECT_EQ(ticksBetween(-12, 31, 10), (std::vector<double>{-10, 0, 10, 20, 30}));
    EXPECT_EQ(ticksBetween(0, 20, 10), (std::vector<double>{0, 10, 20}));
    EXPECT_TRUE(ticksBetween(1, 9, 10).empty());
    EXPECT_EQ(ticksBetween(0, 1e9, 1, 5).size(), 5u);  // bounded
    EXPECT_TRUE(ticksBetween(0, 10, 0).empty());
    EXPECT_TRUE(ticksBetween(0, NAN, 1).empty());
    EXPECT_FALSE(std::signbit(ticksBetween(-0.5, 0.5, 1)[0]));  // 0, not -0
}

TEST(SceneLayout, TickTextHasTheDecimalsTheStepNeeds) {
    char text[32];
    formatTick(1500, 500, text, sizeof text);
    EXPECT_EQ(std::string(text), "1500");
    formatTick(2.5, 0.5, text, sizeof text);
    EXPECT_EQ(std::string(text), "2.5");
    formatTick(0.05, 0.05, text, sizeof text);
    EXPECT_EQ(std::string(text), "0.05");
    formatTick(-1e-17, 0.1, text, sizeof text);
    EXPECT_EQ(std::string(text), "0.0");
}

TEST(SceneLayout, NamesArePlacedFirstComeFirstServedWithoutOverlapAndInsideTheCanvas) {
    LabelPlacer placer({0, 0, 100, 50}, 10);
    EXPECT_TRUE(placer.place({10, 10, 40, 20}));
    EXPECT_FALSE(placer.place({30, 15, 60, 25}));   // overlaps the first
    EXPECT_TRUE(placer.place({40, 10, 70, 20}));    // touches it: fits
    EXPECT_FALSE(placer.place({90, 10, 120, 20}));  // leaves the canvas
    EXPECT_FALSE(placer.place({-1, 30, 20, 40}));
    EXPECT_TRUE(placer.surelyBlocked(15, 12));      // inside a placed name
    EXPECT_FALSE(placer.surelyBlocked(15, 30));
    EXPECT_TRUE(placer.surelyBlocked(150, 30));     // off the canvas
    EXPECT_EQ(placer.placed().size(), 2u);

    // What is drawn over the labels (the axis numbers) is blocked whatever it overlaps, even where it
    // leaves the canvas; wholly off the canvas it blocks nothing.
    LabelPlacer axes({0, 0, 100, 50}, 10);
    axes.block({0, 0, 100, 12});    // the top strip
    axes.block({-5, 20, 15, 30});   // a number by the left edge, partly off the canvas
    axes.block({200, 0, 300, 50});  // off the canvas
    EXPECT_EQ(axes.placed().size(), 2u);
    EXPECT_FALSE(axes.place({40, 5, 60, 15}));  // under the strip
    EXPECT_FALSE(axes.place({0, 25, 10, 35}));  // under the left number
    EXPECT_TRUE(axes.place({20, 20, 40, 30}));
    EXPECT_TRUE(axes.surelyBlocked(50, 6));
    axes.block({20, 20, 40, 30});                // over a placed label: blocked all the same
    EXPECT_EQ(axes.placed().size(), 4u);

    // A crowd of names on a small canvas: whatever is placed is pairwise disjoint.
    LabelPlacer crowd({0, 0, 300, 200}, 12);
    for (int i = 0; i < 2000; ++i) {
        float x = static_cast<float>((i * 37) % 290), y = static_cast<float>((i * 53) % 190);
        if (!crowd.surelyBlocked(x, y)) crowd.place({x, y, x + 30 + static_cast<float>(i % 7), y + 12});
    }
    const auto& placed = crowd.placed();
    ASSERT_GT(placed.size(), 20u);
    for (std::size_t a = 0; a < placed.size(); ++a)
        for (std::size_t b = a + 1; b < placed.size(); ++b) {
            bool overlap = placed[a].minX < placed[b].maxX && placed[b].minX < placed[a].maxX &&
                           placed[a].minY < placed[b].maxY && placed[b].minY < placed[a].maxY;
            ASSERT_FALSE(overlap) << a << " " << b;
        }
}

// Two labels side by side on one line keep a space between them (at font scale 2 a vertex's "938"
// touched an edge's "131" and read as "938131"); lines stacked one above the other may touch.
TEST(SceneLayout, LabelsOnOneLineKeepASpaceBetweenThem) {
    LabelPlacer placer({0, 0, 200, 100}, 10, 4);
    EXPECT_TRUE(placer.place({50, 10, 80, 20}));
    EXPECT_FALSE(placer.place({80, 10, 100, 20}));  // touches its right side
    EXPECT_FALSE(placer.place({83, 15, 100, 25}));  // 3 pixels off, lines overlapping
    EXPECT_FALSE(placer.place({30, 12, 47, 22}));   // 3 pixels off on the left
    EXPECT_TRUE(placer.place({84, 10, 100, 20}));   // 4 pixels: fits
    EXPECT_TRUE(placer.place({29, 10, 46, 20}));
    EXPECT_TRUE(placer.place({50, 20, 80, 30}));    // the line below may touch
    EXPECT_FALSE(placer.place({82, 20, 100, 30}));  // but keeps the space from what is on its line
    EXPECT_EQ(placer.placed().size(), 4u);
    LabelPlacer touching({0, 0, 200, 100}, 10);     // no space asked: touching fits, as before
    EXPECT_TRUE(touching.place({50, 10, 80, 20}));
    EXPECT_TRUE(touching.place({80, 10, 100, 20}));
}

// A label written across a graph's arrow is hard to read: placeClearOfLines() refuses a box an avoided
// line (with its half width) crosses or touches, anywhere along it, while place() ignores the lines.
TEST(SceneLayout, LabelsCanKeepClearOfTheLinesUnderThem) {
    LabelPlacer placer({0, 0, 200, 100}, 10);
    placer.avoidLine(10, 90, 190, 10, 2);  // a long diagonal across many buckets
    placer.avoidLine(100, 50, 100, 50, 3);  // a dot-like line of no length
    placer.avoidLine(-500, -500, -400, -300, 2);  // wholly off the canvas: not kept
    placer.avoidLine(-1000, 95, 1000, 95, 1);  // from far off the canvas to far off it, along the bottom
    EXPECT_EQ(placer.lines().size(), 3u);
    // On the diagonal (y = 90 - (x - 10) * 80 / 180) at x = 145: y = 30.
    EXPECT_TRUE(placer.crossesLine({140, 25, 150, 35}));
    EXPECT_FALSE(placer.placeClearOfLines({140, 25, 150, 35}));
    // Just beside it, within the half width: refused; a little further: placed.
    EXPECT_TRUE(placer.crossesLine({20, 70, 30, 80}));  // x = 30: y = 81.1, 1.1 below the box
    EXPECT_FALSE(placer.crossesLine({20, 60, 30, 70}));
    EXPECT_TRUE(placer.placeClearOfLines({20, 60, 30, 70}));
    EXPECT_TRUE(placer.crossesLine({96, 40, 98, 48}));  // 2 pixels from the point-like line, within its 3
    EXPECT_FALSE(placer.crossesLine({60, 10, 80, 20}));  // above the diagonal (y = 63 .. 72 there)
    EXPECT_TRUE(placer.crossesLine({0, 93, 8, 97}));     // on the bottom line, by the canvas's left edge
    EXPECT_TRUE(placer.crossesLine({185, 92, 199, 99}));
    // place() does not look at the lines: the box on the diagonal fits when no label is there.
    EXPECT_TRUE(placer.place({140, 25, 150, 35}));
    // Whatever placeClearOfLines() placed: no line within half a width, checked at points along each.
    LabelPlacer many({0, 0, 300, 200}, 12);
    for (int i = 0; i < 40; ++i)
        many.avoidLine(static_cast<float>((i * 71) % 300), static_cast<float>((i * 37) % 200), static_cast<float>((i * 113) % 300),
                       static_cast<float>((i * 29) % 200), 1.5f);
    int placed = 0;
    for (int i = 0; i < 3000; ++i) {
        const float x = static_cast<float>((i * 37) % 280), y = static_cast<float>((i * 53) % 190);
        placed += many.placeClearOfLines({x, y, x + 18, y + 9});
    }
    ASSERT_GT(placed, 5);
    for (const LabelPlacer::Box& box : many.placed())
        for (const LabelPlacer::Line& line : many.lines())
            for (int k = 0; k <= 1000; ++k) {
                const float t = static_cast<float>(k) / 1000, x = line.x0 + (line.x1 - line.x0) * t, y = line.y0 + (line.y1 - line.y0) * t;
                const float gapX = std::max({box.minX - x, 0.0f, x - box.maxX}), gapY = std::max({box.minY - y, 0.0f, y - box.maxY});
                ASSERT_GT(std::max(gapX, gapY), line.halfWidth - 0.01f) << box.minX << "," << box.minY << " against a line at " << x << "," << y;
            }
}

TEST(SceneLayout, SnapGoesToTheNearestWholeUnits) {
    Vec2 p = snapToWholeUnits({3.49, 7.51});
    EXPECT_EQ(p.x, 3);
    EXPECT_EQ(p.y, 8);
    p = snapToWholeUnits({0.2, 99.5});
    EXPECT_EQ(p.x, 0);
    EXPECT_EQ(p.y, 100);  // ties to even: 99.5 -> 100
}

}  // namespace
}  // namespace aoilab::app
