// When an exercise hides the scenario's "hide_until_reveal" panels: from the start and from each guess
// until a step reveals the answer.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/document.h"
#include "app/exercise.h"
#include "app/modes/aoi/aoi_exercise.h"
#include "app/modes/aoi/aoi_state.h"

namespace aoilab::app {
namespace {

TEST(Exercise, PanelsHideFromTheStartAndEachGuessUntilAStepReveals) {
    Exercise exercise;
    std::vector<std::string> hidden = {"events"};
    EXPECT_FALSE(exercise.hides("events", hidden)) << "no exercise running";
    exercise.start();
    EXPECT_TRUE(exercise.hides("events", hidden));
    EXPECT_FALSE(exercise.hides("compare", hidden));
    exercise.reveal("a step without a guess", 1);  // shown, not scored
    EXPECT_FALSE(exercise.hides("events", hidden));
    EXPECT_EQ(exercise.total(), 0);
    exercise.guess("2 enter");
    EXPECT_TRUE(exercise.hides("events", hidden));
    exercise.reveal("2 enter", 2);
    EXPECT_FALSE(exercise.hides("events", hidden));
    EXPECT_EQ(exercise.correct(), 1);
    EXPECT_EQ(exercise.total(), 1);
}

// Issue 40 item 4: guess, Right, Left, guess again, Right scored "2 of 2" for one operation.
TEST(Exercise, EachStepIsScoredOnce) {
    Exercise exercise;
    exercise.start();
    exercise.guess("(1, 1)");
    exercise.reveal("(1, 1)", 1);
    exercise.guess("(1, 1)");  // stepped back to position 0 and guessed the same step again
    exercise.reveal("(1, 1)", 1);
    EXPECT_EQ(exercise.correct(), 1);
    EXPECT_EQ(exercise.total(), 1);
    ASSERT_TRUE(exercise.last());
    EXPECT_TRUE(exercise.last()->right) << "the outcome is still shown";
    EXPECT_FALSE(exercise.last()->counted);
    exercise.guess("(2, 2)");
    exercise.reveal("(3, 3)", 2);
    EXPECT_EQ(exercise.total(), 2);
    EXPECT_TRUE(exercise.last()->counted);
    exercise.start();  // a new exercise scores every step afresh
    exercise.guess("(1, 1)");
    exercise.reveal("(1, 1)", 1);
    EXPECT_EQ(exercise.total(), 1);
}

// Issue 40 item 2: a guess as good as the answer (a tie in the open list's key) is right.
TEST(Exercise, AGuessTiedWithTheAnswerIsRight) {
    Exercise exercise;
    exercise.start();
    exercise.guess("(2, 1)");
    exercise.reveal("(3, 3)", 3, {"(3, 3)", "(2, 1)"});
    EXPECT_TRUE(exercise.last()->right);
    exercise.guess("(0, 0)");  // closed long ago: never among the tied open cells
    exercise.reveal("(4, 4)", 4, {"(4, 4)", "(5, 3)"});
    EXPECT_FALSE(exercise.last()->right);
    EXPECT_EQ(exercise.correct(), 1);
    EXPECT_EQ(exercise.total(), 2);
}

namespace fs = std::filesystem;

struct AoiLesson {
    Document doc;
    AoiState state;
    AoiExercise exercise;
    explicit AoiLesson(const char* file) {
        doc.open(fs::path(AOILAB_SOURCE_DIR) / "scenarios" / file);
        state.sync(doc, 1);
        exercise.exercise.start();
        exercise.syncSubject(doc, state);
    }
    void step() {
        std::optional<EntityId> subject = exercise.prediction.subject();
        std::string error;
        ASSERT_EQ(state.step(doc, error), AoiState::StepResult::Ran) << error;
        exercise.reveal(state, subject);
        exercise.syncSubject(doc, state);
    }
};

// Issue 40 item 1: the question carries the operation's data (where d moves, the new radius), as the
// explanation says it after the step; the dump has the text shown.
TEST(Exercise, TheAoiQuestionSaysWhereTheEntityMoves) {
    AoiLesson lesson("exercise-aoi-crosslist.json");
    EXPECT_EQ(lesson.exercise.question(lesson.doc, lesson.state, Language::English),
              "Operation 1 of 4: add d at (3, 3), radius 2. Who is told, and what?");
    lesson.step();
    EXPECT_EQ(lesson.exercise.question(lesson.doc, lesson.state, Language::English),
              "Operation 2 of 4: move d to (4, 4). Who is told, and what?");
    EXPECT_EQ(lesson.exercise.question(lesson.doc, lesson.state, Language::Chinese),
              "第 2 个操作（共 4 个）：把 d 移到 (4, 4)。谁会收到通知，收到什么？");
    lesson.step();
    EXPECT_EQ(lesson.exercise.question(lesson.doc, lesson.state, Language::English),
              "Operation 3 of 4: radius of d to 3. Who is told, and what?");
    setLanguage(Language::English);
    EXPECT_EQ(lesson.exercise.dump(lesson.doc, lesson.state)["question"],
              "Operation 3 of 4: radius of d to 3. Who is told, and what?");

    AoiLesson grid("exercise-aoi-grid-superview.json");
    EXPECT_EQ(grid.exercise.question(grid.doc, grid.state, Language::English),
              "Operation 1 of 4: move B to (200, 320). Who is told, and what?");
}

// Issue 40 item 5: the feedback names entities as the scene does (a, b), not by id; the compared text
// (the dump's guess and answer) stays the canonical ids.
TEST(Exercise, TheAoiFeedbackUsesTheNamesTheSceneShows) {
    AoiLesson lesson("exercise-aoi-crosslist.json");
    lesson.step();
    lesson.exercise.mark(6);  // f: enter
    lesson.step();            // d moves to (4, 4): a and c leave, b and e move, f enters
    std::map<EntityId, AoiEventType> answer = lesson.exercise.lastAnswer;
    EXPECT_EQ(AoiExercise::namedMarks(answer, lesson.state, Language::English), "a leave, b move, c leave, e move, f enter");
    EXPECT_EQ(AoiExercise::namedMarks(answer, lesson.state, Language::Chinese), "a 离开，b 移动，c 离开，e 移动，f 进入");
    EXPECT_EQ(AoiExercise::namedMarks({}, lesson.state, Language::English), "nobody");
    setLanguage(Language::English);
    nlohmann::json dumped = lesson.exercise.dump(lesson.doc, lesson.state);
    EXPECT_EQ(dumped["last"]["answer"], "1 leave, 2 move, 3 leave, 5 move, 6 enter");
    EXPECT_EQ(dumped["last"]["text"],
              "Last step: you said f enter; the method told a leave, b move, c leave, e move, f enter (not this time).");
}

}  // namespace
}  // namespace aoilab::app
