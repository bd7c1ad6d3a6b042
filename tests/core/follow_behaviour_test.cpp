// "follow" behaviours: an entity walks the shortest route around the obstacle cells to its goal, once,
// and stays there; the reader refuses routes that cannot be planned, naming the JSON path.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.h"
#include "scenario/follow_route.h"
#include "scenario/next_tick.h"
#include "scenario/scenario.h"

using namespace aoilab;

namespace {

// A 10 x 10 world of cells of 1 with a wall at column 5 from row 0 to row 8: the only way from the
// left half to the right half is under the wall, through row 9.
std::string wallScenario(const std::string& behaviour, int ticks) {
    std::string cells;
    for (int row = 0; row <= 8; ++row) cells += (row ? ", " : "") + std::string("[5, ") + std::to_string(row) + "]";
    std::string script;
    for (int i = 0; i < ticks; ++i) script += (i ? ", " : "") + std::string(R"({"op": "tick"})");
    return R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10},
        "obstacles": {"cell_size": 1, "cells": [)" + cells + R"(]},
        "entities": [{"id": 1, "x": 2.5, "y": 2.5, "radius": 1, "behaviour": )" + behaviour + R"(}],
        "script": [)" + script + "]}";
}

std::vector<Vec2> movesOf(const Scenario& s, EntityId id) {
    std::vector<Vec2> out;
    for (const ScriptOp& op : s.script)
        if (op.generated && op.entity.id == id) out.push_back({op.entity.x, op.entity.y});
    return out;
}

}  // namespace

TEST(FollowRoute, GoesAroundTheWallAndEndsOnTheGoal) {
    FollowRoutePlanner planner(10, 10, 1, {{5, 0}, {5, 1}, {5, 2}, {5, 3}, {5, 4}, {5, 5}, {5, 6}, {5, 7}, {5, 8}});
    std::vector<Vec2> route = planner.route({2.5, 2.5}, {8.5, 2.5});
    ASSERT_GE(route.size(), 2u);
    EXPECT_DOUBLE_EQ(route.back().x, 8.5);
    EXPECT_DOUBLE_EQ(route.back().y, 2.5);
    // The route must pass through row 9 under the wall, and no point lies on an obstacle cell.
    bool under = false;
    for (const Vec2& p : route) {
        under |= p.y > 9;
        EXPECT_FALSE(static_cast<int>(p.x) == 5 && static_cast<int>(p.y) <= 8) << p.x << ", " << p.y;
    }
    EXPECT_TRUE(under);
}

TEST(FollowRoute, RefusesBlockedStartsBlockedGoalsAndNoPath) {
    FollowRoutePlanner planner(10, 10, 1, {{5, 0}, {5, 1}, {5, 2}, {5, 3}, {5, 4}, {5, 5}, {5, 6}, {5, 7}, {5, 8}, {5, 9}});
    EXPECT_THROW(planner.route({5.5, 0.5}, {8.5, 2.5}), InputError);
    EXPECT_THROW(planner.route({2.5, 2.5}, {5.2, 3.1}), InputError);
    try {
        planner.route({2.5, 2.5}, {8.5, 2.5});
        FAIL() << "the wall splits the world";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("no path from (2.5, 2.5) to (8.5, 2.5)"), std::string::npos) << e.what();
    }
}

TEST(FollowBehaviour, WalksTheRouteAtItsSpeedThenStays) {
    Scenario s = parseScenario(wallScenario(R"({"kind": "follow", "goal": [8.5, 2.5], "speed": 1.5})", 40), "f.json");
    std::vector<Vec2> moves = movesOf(s, 1);
    ASSERT_FALSE(moves.empty());
    EXPECT_DOUBLE_EQ(moves.back().x, 8.5);
    EXPECT_DOUBLE_EQ(moves.back().y, 2.5);
    // Each tick moves at most `speed` (straight-line distance between ticks), and the follower stops:
    // fewer moves than ticks, none once the goal is reached.
    Vec2 at{2.5, 2.5};
    double walked = 0;
    for (const Vec2& p : moves) {
        double d = std::hypot(p.x - at.x, p.y - at.y);
        EXPECT_LE(d, 1.5 + 1e-9);
        walked += d;
        at = p;
    }
    EXPECT_LT(moves.size(), 40u);
    // Around the wall: down to row 9 and back up (at least 7 rows each way), not the 6 straight across.
    EXPECT_GT(walked, 14);
}

TEST(FollowBehaviour, SavesItsGoalAndPlansAgainOnLoading) {
    Scenario s = parseScenario(wallScenario(R"({"kind": "follow", "goal": [8.5, 2.5], "speed": 2})", 12), "f.json");
    std::string saved = scenarioToJson(s);
    EXPECT_NE(saved.find("\"follow\""), std::string::npos);
    EXPECT_EQ(saved.find("points"), std::string::npos) << "the route is not saved, only the goal";
    EXPECT_EQ(parseScenario(saved, "again.json"), s);
}

TEST(FollowBehaviour, ReaderNamesThePathOfAGoalThatCannotBeReached) {
    std::string text = wallScenario(R"({"kind": "follow", "goal": [5.5, 4.5], "speed": 1})", 1);
    try {
        parseScenario(text, "f.json");
        FAIL() << "a goal on the wall must be refused";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("f.json: /entities/0/behaviour/goal: the goal (5.5, 4.5) is on an obstacle cell"),
                  std::string::npos)
            << message;
    }
    EXPECT_THROW(parseScenario(wallScenario(R"({"kind": "follow", "speed": 1})", 1), "f.json"), InputError);
    EXPECT_THROW(parseScenario(wallScenario(R"({"kind": "follow", "goal": [1, 1], "speed": 1, "seed": 3})", 1), "f.json"),
                 InputError);
    EXPECT_THROW(parseScenario(wallScenario(R"({"kind": "follow", "goal": [11, 1], "speed": 1})", 1), "f.json"),
                 InputError);
}

TEST(FollowBehaviour, RefusesAGridLargerThanTheBudgetWithItsSize) {
    std::string text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10000, "height": 10000},
        "obstacles": {"cell_size": 1, "cells": []},
        "entities": [{"id": 1, "x": 1, "y": 1, "radius": 1, "behaviour": {"kind": "follow", "goal": [9000, 9000], "speed": 1}}],
        "script": [{"op": "tick"}]})";
    try {
        parseScenario(text, "big.json");
        FAIL() << "10^8 cells is over the follow budget";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("100000000 cells, more than the 4194304 allowed"), std::string::npos) << e.what();
    }
}

// A recording appends a tick: the behaviours' moves for it must be those the reader inserts when the
// saved file (with one more tick) is loaded again.
TEST(NextTickMoves, EqualWhatTheReaderInsertsBeforeOneMoreTick) {
    std::string text = wallScenario(R"({"kind": "follow", "goal": [8.5, 2.5], "speed": 1})", 3);
    // A walker added in the script, and a plain move of the follower between ticks.
    text.replace(text.find(R"("script": [)"), 11,
                 R"("script": [{"op": "add", "id": 2, "x": 1, "y": 1, "radius": 1, "behaviour": {"kind": "walk", "seed": 4, "step": 0.5}}, {"op": "move", "id": 1, "x": 3, "y": 4}, )");
    Scenario s = parseScenario(text, "r.json");
    std::vector<ScriptOp> moves = behaviourMovesBeforeNextTick(s);
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(moves[0].entity.id, 1);
    EXPECT_EQ(moves[1].entity.id, 2);

    std::string longer = text;
    longer.replace(longer.rfind("]}"), 2, R"(, {"op": "tick"}]})");
    Scenario again = parseScenario(longer, "r.json");
    ASSERT_EQ(again.script.size(), s.script.size() + 3);  // two moves and the tick
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const ScriptOp& reread = again.script[s.script.size() + i];
        EXPECT_TRUE(reread.generated);
        EXPECT_EQ(reread.entity.id, moves[i].entity.id);
        EXPECT_DOUBLE_EQ(reread.entity.x, moves[i].entity.x);
        EXPECT_DOUBLE_EQ(reread.entity.y, moves[i].entity.y);
        EXPECT_TRUE(moves[i].generated);
    }
    Scenario still = parseScenario(R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 5, "height": 5},
        "entities": [{"id": 1, "x": 1, "y": 1, "radius": 1}], "script": [{"op": "tick"}]})", "s.json");
    EXPECT_TRUE(behaviourMovesBeforeNextTick(still).empty());
}
