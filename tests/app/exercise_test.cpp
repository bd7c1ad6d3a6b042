// When an exercise hides the scenario's "hide_until_reveal" panels: from the start and from each guess
// until a step reveals the answer.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/exercise.h"

namespace aoilab::app {
namespace {

TEST(Exercise, PanelsHideFromTheStartAndEachGuessUntilAStepReveals) {
    Exercise exercise;
    std::vector<std::string> hidden = {"events"};
    EXPECT_FALSE(exercise.hides("events", hidden)) << "no exercise running";
    exercise.start();
    EXPECT_TRUE(exercise.hides("events", hidden));
    EXPECT_FALSE(exercise.hides("compare", hidden));
    exercise.reveal("a step without a guess");  // shown, not scored
    EXPECT_FALSE(exercise.hides("events", hidden));
    EXPECT_EQ(exercise.total(), 0);
    exercise.guess("2 enter");
    EXPECT_TRUE(exercise.hides("events", hidden));
    exercise.reveal("2 enter");
    EXPECT_FALSE(exercise.hides("events", hidden));
    EXPECT_EQ(exercise.correct(), 1);
    EXPECT_EQ(exercise.total(), 1);
}

}  // namespace
}  // namespace aoilab::app
