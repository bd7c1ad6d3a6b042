// RankSet (core/rank_set.h) against a brute-force count over a sorted vector, through random inserts,
// erases and queries.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "core/rank_set.h"

namespace aoilab {
namespace {

using Key = std::pair<double, std::uint32_t>;

std::size_t bruteCountLess(const std::vector<Key>& keys, const Key& key) {
    return static_cast<std::size_t>(std::count_if(keys.begin(), keys.end(), [&](const Key& k) { return k < key; }));
}

TEST(RankSet, CountsLessLikeABruteForceCountThroughRandomChanges) {
    std::mt19937 random(7);
    std::uniform_int_distribution<int> coordinate(0, 40);  // few values: many equal first halves
    std::uniform_int_distribution<std::uint32_t> slot(0, 30);
    RankSet<Key> set;
    std::vector<Key> brute;
    for (int step = 0; step < 20000; ++step) {
        Key key{coordinate(random) * 0.5, slot(random)};
        int what = static_cast<int>(random() % 3);
        bool present = std::find(brute.begin(), brute.end(), key) != brute.end();
        if (what == 0) {
            EXPECT_EQ(set.insert(key), !present);
            if (!present) brute.push_back(key);
        } else if (what == 1) {
            EXPECT_EQ(set.erase(key), present);
            if (present) std::erase(brute, key);
        }
        ASSERT_EQ(set.size(), brute.size());
        EXPECT_EQ(set.contains(key), std::find(brute.begin(), brute.end(), key) != brute.end());
        // The axis list's question: how many keys are at most x (x, max slot).
        Key probe{coordinate(random) * 0.5, std::numeric_limits<std::uint32_t>::max()};
        ASSERT_EQ(set.countLess(probe), bruteCountLess(brute, probe)) << "step " << step;
        ASSERT_EQ(set.countLess(key), bruteCountLess(brute, key)) << "step " << step;
    }
}

// A set built from sorted keys in one pass answers as one filled key by key, and stays right through
// the inserts and erasures that follow (they split and merge the tree it built).
TEST(RankSet, BuiltFromSortedKeysCountsLikeABruteForceCountAndKeepsChanging) {
    std::mt19937 random(11);
    std::uniform_int_distribution<int> coordinate(0, 400);
    std::uniform_int_distribution<std::uint32_t> slot(0, 30);
    for (std::size_t size : {0u, 1u, 2u, 3u, 100u, 5000u}) {
        std::vector<Key> brute;
        while (brute.size() < size) {
            Key key{coordinate(random) * 0.5, slot(random)};
            if (std::find(brute.begin(), brute.end(), key) == brute.end()) brute.push_back(key);
        }
        std::vector<Key> sorted = brute;
        std::sort(sorted.begin(), sorted.end());
        RankSet<Key> set;
        set.insert({-1.0, 0});  // replaced, not kept
        set.assignSorted(sorted);
        ASSERT_EQ(set.size(), size);
        EXPECT_FALSE(set.contains({-1.0, 0}));
        for (const Key& key : sorted) ASSERT_TRUE(set.contains(key));
        for (int step = 0; step < 3000; ++step) {
            Key probe{coordinate(random) * 0.5, std::numeric_limits<std::uint32_t>::max()};
            ASSERT_EQ(set.countLess(probe), bruteCountLess(brute, probe)) << "size " << size << " step " << step;
            Key key{coordinate(random) * 0.5, slot(random)};
            const bool present = std::find(brute.begin(), brute.end(), key) != brute.end();
            if (random() % 2 == 0) {
                ASSERT_EQ(set.insert(key), !present);
                if (!present) brute.push_back(key);
            } else {
                ASSERT_EQ(set.erase(key), present);
                if (present) std::erase(brute, key);
            }
            ASSERT_EQ(set.size(), brute.size());
            ASSERT_EQ(set.countLess(key), bruteCountLess(brute, key)) << "size " << size << " step " << step;
        }
    }
}

TEST(RankSet, EmptyAndClear) {
    RankSet<Key> set;
    EXPECT_TRUE(set.empty());
    EXPECT_EQ(set.countLess({1.0, 0}), 0u);
    EXPECT_FALSE(set.erase({1.0, 0}));
    for (std::uint32_t i = 0; i < 100; ++i) set.insert({static_cast<double>(i), i});
    EXPECT_EQ(set.size(), 100u);
    EXPECT_EQ(set.countLess({50.0, 0}), 50u);
    EXPECT_EQ(set.countLess({50.0, 50}), 50u);
    EXPECT_EQ(set.countLess({50.0, 51}), 51u);
    set.clear();
    EXPECT_TRUE(set.empty());
    EXPECT_EQ(set.countLess({50.0, 0}), 0u);
}

}  // namespace
}  // namespace aoilab
