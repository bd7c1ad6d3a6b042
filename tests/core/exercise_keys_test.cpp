// The exercise scenario keys: "hide_until_reveal" (panels hidden until a step reveals the answer) is
// read, written back, and refused outside an exercise (when they hide: tests/app/exercise_test.cpp).
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "scenario/scenario.h"

using namespace aoilab;

namespace {

std::string withKeys(const std::string& keys) {
    return R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10},
               "entities": [{"id": 1, "x": 1, "y": 1, "radius": 2}], )" +
           keys + "}";
}

}  // namespace

TEST(ExerciseKeys, HideUntilRevealIsReadAndSavedBack) {
    Scenario s = parseScenario(withKeys(R"("mode": "aoi", "exercise": true, "hide_until_reveal": ["events", "compare"])"), "e.json");
    EXPECT_EQ(s.lesson.hiddenUntilReveal, (std::vector<std::string>{"events", "compare"}));
    std::string saved = scenarioToJson(s);
    EXPECT_NE(saved.find("\"hide_until_reveal\""), std::string::npos);
    EXPECT_EQ(parseScenario(saved, "again.json"), s);
}

TEST(ExerciseKeys, HideUntilRevealNeedsAnExerciseAndPanelIds) {
    try {
        parseScenario(withKeys(R"("hide_until_reveal": ["events"])"), "e.json");
        FAIL() << "not an exercise";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("e.json: /hide_until_reveal: only an exercise scenario"), std::string::npos) << e.what();
    }
    try {
        parseScenario(withKeys(R"("exercise": true, "hide_until_reveal": ["events", 3])"), "e.json");
        FAIL() << "3 is no panel id";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("e.json: /hide_until_reveal/1: expected a panel id"), std::string::npos) << e.what();
    }
}

TEST(ExerciseKeys, TheGraphQuestionIsReadSavedBackAndOnlyForAGraphExercise) {
    Scenario s = parseScenario(withKeys(R"("mode": "graph", "exercise": true, "question": "labels")"), "e.json");
    EXPECT_EQ(s.lesson.question, "labels");
    std::string saved = scenarioToJson(s);
    EXPECT_NE(saved.find("\"question\": \"labels\""), std::string::npos) << saved;
    EXPECT_EQ(parseScenario(saved, "again.json"), s);
    // "settled" is the default: read, and not written back.
    Scenario settled = parseScenario(withKeys(R"("mode": "graph", "exercise": true, "question": "settled")"), "e.json");
    EXPECT_EQ(settled.lesson.question, "");
    EXPECT_EQ(scenarioToJson(settled).find("\"question\""), std::string::npos);
    const std::pair<const char*, const char*> refused[] = {
        {R"("mode": "graph", "exercise": true, "question": "weights")", "e.json: /question: unknown question \"weights\""},
        {R"("mode": "graph", "exercise": true, "question": 2)", "e.json: /question:"},
        {R"("mode": "graph", "question": "labels")", "e.json: /question: only a graph exercise"},
        {R"("mode": "search", "exercise": true, "question": "labels")", "e.json: /question: only a graph exercise"},
    };
    for (const auto& [keys, message] : refused) {
        try {
            parseScenario(withKeys(keys), "e.json");
            ADD_FAILURE() << "accepted " << keys;
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}
