// Count budgets of the JSON readers (core/json_reader.h, docs/LIMITS.md): an array over its budget is
// refused before the document is built, naming the file, the JSON path and the count it would need.
#include "core/json_reader.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "scenario/scenario.h"

namespace aoilab {
namespace {

std::string errorOf(const std::string& text, std::span<const JsonArrayBudget> budgets) {
    try {
        parseJsonStrict(text, "in.json", budgets);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

TEST(JsonBudget, AnArrayOverItsBudgetIsRefusedWithItsPathAndCount) {
    const JsonArrayBudget budgets[] = {{"/items", 3}, {"/nested/cells", 2}};
    EXPECT_EQ(errorOf(R"({"items": [1, {"a": [1,2,3,4,5]}, [7, 8], "x"]})", budgets),
              "in.json: /items: 4 items is more than the limit of 3");
    EXPECT_EQ(errorOf(R"({"nested": {"cells": [[0,0],[1,1],[2,2]]}})", budgets),
              "in.json: /nested/cells: 3 items is more than the limit of 2");
    // Both at once: every array over its budget is named.
    EXPECT_EQ(errorOf(R"({"items": [1,2,3,4], "nested": {"cells": [1,2,3]}})", budgets),
              "in.json: /items: 4 items is more than the limit of 3\n"
              "in.json: /nested/cells: 3 items is more than the limit of 2");
}

TEST(JsonBudget, OnlyTheBudgetedPathsAreCounted) {
    const JsonArrayBudget budgets[] = {{"/items", 2}, {"/nested/cells", 2}};
    // Longer arrays elsewhere: under another key, deeper, with a path that only starts like a budgeted one.
    EXPECT_EQ(errorOf(R"({"items": [[1,2,3,4], {"items": [1,2,3]}], "itemsX": [1,2,3], "cells": [1,2,3],
                         "nested": {"cells": [[1,2,3,4,5]], "more": {"cells": [1,2,3]}}, "n": [{"cells": [1,2,3]}]})",
                      budgets),
              "");
    EXPECT_EQ(errorOf(R"([[1,2,3], {"items": [1,2,3]}])", budgets), "");
}

TEST(JsonBudget, TheBudgetComesBeforeTheDocumentIsBuilt) {
    const JsonArrayBudget budgets[] = {{"/items", 1}};
    // A duplicate key is found only while the document is built: the budget is reported instead.
    EXPECT_EQ(errorOf(R"({"items": [1, 2], "a": 1, "a": 2})", budgets),
              "in.json: /items: 2 items is more than the limit of 1");
    EXPECT_EQ(errorOf(R"({"items": [1], "a": 1, "a": 2})", budgets),
              "in.json: the key \"a\" appears twice in one object");
    // A syntax error within budget keeps its line and column.
    EXPECT_EQ(errorOf("{\"items\": [1]\n,}", budgets),
              "in.json: line 2, column 2: syntax error while parsing object key - unexpected '}'; expected string literal");
}

TEST(JsonBudget, TheDocumentIsTheSameAsNlohmannsParse) {
    std::string text = R"({"b": [1, -2, 3.5, 18446744073709551615, true, null, "s\u00e9"], "a": {"x": {}, "y": []}})";
    EXPECT_EQ(parseJsonStrict(text, "in.json"), nlohmann::json::parse(text));
    EXPECT_EQ(parseJsonStrict("[[[[]]], {}]", "in.json"), nlohmann::json::parse("[[[[]]], {}]"));
    EXPECT_EQ(parseJsonStrict("7", "in.json"), nlohmann::json(7));
}

// The scenario's budgets: 2,000,001 entities are refused by the counting pass (the items are not even
// objects, so only the count can be the message).
TEST(JsonBudget, AScenarioWithMoreEntitiesThanTheBudgetIsRefusedByCount) {
    std::string text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10}, "entities": [)";
    text.reserve(text.size() + 2 * (kMaxEntities + 1) + 8);
    for (std::size_t i = 0; i <= kMaxEntities; ++i) text += i ? ",0" : "0";
    text += "]}";
    try {
        parseScenario(text, "big.json");
        FAIL() << "accepted";
    } catch (const InputError& error) {
        EXPECT_EQ(std::string(error.what()), "big.json: /entities: 2000001 items is more than the limit of 2000000");
    }
}

// Walkers over many ticks: refused from a count before any move is made.
TEST(JsonBudget, BehavioursThatWouldMakeTooManyMovesAreRefusedBeforeMakingThem) {
    std::string text = R"({"format": "aoilab-scenario", "version": 1, "world": {"width": 10, "height": 10}, "entities": [)";
    for (int i = 0; i < 1000; ++i)
        text += (i ? "," : "") + std::string(R"({"id": )") + std::to_string(i) +
                R"(, "x": 1, "y": 1, "radius": 1, "behaviour": {"kind": "walk", "step": 1}})";
    text += R"(], "script": [)";
    for (int k = 0; k < 20'000; ++k) text += k ? R"(,{"op": "tick"})" : R"({"op": "tick"})";
    text += "]}";
    try {
        parseScenario(text, "walkers.json");
        FAIL() << "accepted";
    } catch (const InputError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "walkers.json: /script: the behaviours could make up to 20020000 operations, more than the "
                  "10000000 allowed");
    }
}

// The parse tells how far it has read: bytes of each pass (two with budgets: counting, then building),
// about every MiB and at each pass's end, rising to the whole; the document is the same; a false from
// the progress stops it (BuildCancelled); a syntax error still names its line and column.
TEST(JsonProgress, TheParseReportsTheBytesReadAndStopsWhenAsked) {
    std::string text = "{\"entities\": [";
    for (int i = 0; i < 80000; ++i) text += (i ? "," : "") + std::string("{\"id\": ") + std::to_string(i) + ", \"x\": 12.5, \"y\": 7}";
    text += "]}";
    ASSERT_GT(text.size(), 2u << 20);
    const JsonArrayBudget budgets[] = {{"/entities", 100000}};
    for (bool withBudgets : {true, false}) {
        const std::span<const JsonArrayBudget> used = withBudgets ? std::span<const JsonArrayBudget>(budgets) : std::span<const JsonArrayBudget>();
        const std::size_t whole = text.size() * (withBudgets ? 2 : 1);
        std::vector<std::size_t> done;
        nlohmann::json parsed = parseJsonStrict(text, "in.json", used, [&](std::size_t d, std::size_t total) {
            EXPECT_EQ(total, whole);
            done.push_back(d);
            return true;
        });
        EXPECT_EQ(parsed, nlohmann::json::parse(text));
        ASSERT_GE(done.size(), withBudgets ? 5u : 3u);
        EXPECT_TRUE(std::is_sorted(done.begin(), done.end()));
        EXPECT_EQ(done.back(), whole);
        EXPECT_EQ(done.front(), std::size_t(1) << 20);
        int calls = 0;
        EXPECT_THROW(parseJsonStrict(text, "in.json", used, [&](std::size_t, std::size_t) { return ++calls < 2; }), BuildCancelled);
        EXPECT_EQ(calls, 2);
    }
    std::string broken = text;
    broken[broken.size() / 2] = '@';
    try {
        parseJsonStrict(broken, "in.json", budgets, [](std::size_t, std::size_t) { return true; });
        FAIL() << "a syntax error";
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("in.json: line 1, column"), std::string::npos) << error.what();
    }
}

}  // namespace
}  // namespace aoilab
