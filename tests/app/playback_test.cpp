// The shared Playback against a timeline that records what it was asked: speed, stopping at the end,
// single steps and seeks pause, and the speed list's ends.
#include <gtest/gtest.h>

#include <vector>

#include "app/playback.h"
#include "app/timeline.h"

namespace aoilab::app {
namespace {

class CountingTimeline final : public Timeline {
public:
    explicit CountingTimeline(std::size_t length) : length_(length) {}
    std::size_t position() const override { return position_; }
    std::size_t length() const override { return length_; }
    void seek(std::size_t position) override {
        seeks.push_back(position);
        position_ = std::min(position, length_);
    }
    bool stepForward() override {
        if (position_ >= length_) return false;
        ++position_;
        ++steps;
        return true;
    }
    Str unit() const override { return Str::UnitOperation; }
    std::vector<std::size_t> seeks;
    std::size_t steps = 0;

private:
    std::size_t position_ = 0;
    std::size_t length_;
};

TEST(Playback, AdvancesAtItsSpeedAndCarriesFractions) {
    CountingTimeline timeline(100);
    Playback playback;
    EXPECT_EQ(playback.advance(timeline, 10.0), 0u);  // paused: nothing moves
    playback.setSpeedIndex(1);                        // 1 step a second
    ASSERT_EQ(playback.speed(), 1.0);
    playback.setPlaying(true);
    EXPECT_EQ(playback.advance(timeline, 0.6), 0u);
    EXPECT_EQ(playback.advance(timeline, 0.6), 1u);  // 1.2 s: one step, 0.2 carried
    EXPECT_EQ(playback.advance(timeline, 0.8), 1u);
    EXPECT_EQ(timeline.position(), 2u);
    playback.faster();
    EXPECT_GT(playback.speed(), 1.0);
}

TEST(Playback, StopsAtTheEndByItself) {
    CountingTimeline timeline(3);
    Playback playback;
    playback.setSpeedIndex(Playback::kSpeedCount - 1);
    playback.setPlaying(true);
    EXPECT_EQ(playback.advance(timeline, 1.0), 3u);
    EXPECT_FALSE(playback.playing());
    EXPECT_EQ(timeline.position(), 3u);
    EXPECT_EQ(timeline.steps, 3u);  // stepped, never jumped: a mode's step does what a user's step does
}

TEST(Playback, SingleStepsAndJumpsPause) {
    CountingTimeline timeline(10);
    Playback playback;
    playback.setPlaying(true);
    playback.stepForward(timeline);
    EXPECT_FALSE(playback.playing());
    EXPECT_EQ(timeline.position(), 1u);
    playback.toEnd(timeline);
    EXPECT_EQ(timeline.position(), 10u);
    playback.stepBack(timeline);
    EXPECT_EQ(timeline.position(), 9u);
    playback.toStart(timeline);
    EXPECT_EQ(timeline.position(), 0u);
    playback.stepBack(timeline);  // at the start: nothing to go back to
    EXPECT_EQ(timeline.position(), 0u);
    playback.seek(timeline, 99);  // clamped to the end
    EXPECT_EQ(timeline.position(), 10u);
}

TEST(Playback, SpeedStaysInItsList) {
    Playback playback;
    for (int i = 0; i < 50; ++i) playback.faster();
    EXPECT_EQ(playback.speed(), Playback::kSpeeds[Playback::kSpeedCount - 1]);
    for (int i = 0; i < 50; ++i) playback.slower();
    EXPECT_EQ(playback.speed(), Playback::kSpeeds[0]);
}

TEST(Playback, ASlowFrameCannotRunAway) {
    CountingTimeline timeline(1'000'000);
    Playback playback;
    playback.setSpeedIndex(Playback::kSpeedCount - 1);
    playback.setPlaying(true);
    EXPECT_EQ(playback.advance(timeline, 3600.0, 500), 500u);
}

}  // namespace
}  // namespace aoilab::app

namespace aoilab::app {
namespace {

class BreakingTimeline final : public Timeline {
public:
    std::size_t position() const override { return position_; }
    std::size_t length() const override { return 100; }
    void seek(std::size_t position) override { position_ = position; }
    bool breakHere() override { return position_ == 7; }
    Str unit() const override { return Str::UnitOperation; }

private:
    std::size_t position_ = 0;
};

TEST(Playback, PlayStopsAtABreakpointAndStepsIgnoreIt) {
    BreakingTimeline timeline;
    Playback playback;
    playback.setSpeedIndex(Playback::kSpeedCount - 1);
    playback.setPlaying(true);
    EXPECT_EQ(playback.advance(timeline, 1.0), 7u);
    EXPECT_FALSE(playback.playing());
    EXPECT_EQ(timeline.position(), 7u);
    playback.stepForward(timeline);  // a single step goes past it
    EXPECT_EQ(timeline.position(), 8u);
    playback.setPlaying(true);
    playback.advance(timeline, 1.0);
    EXPECT_EQ(timeline.position(), 100u);  // no other breakpoint: to the end
}

}  // namespace
}  // namespace aoilab::app
