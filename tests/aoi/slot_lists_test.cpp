// SlotLists (the flat pool behind ViewRelations' "sees" and "seen by" lists) against a vector per list,
// through random pushes, truncations, erasures, clears, reorderings and copies: the pool moves lists,
// leaves holes and repacks them, and none of that may change a list.
#include "aoi/slot_lists.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace aoilab {
namespace {

using Reference = std::vector<std::vector<int>>;

void expectSame(const SlotLists<int>& lists, const Reference& reference) {
    ASSERT_EQ(lists.size(), reference.size());
    for (std::size_t i = 0; i < reference.size(); ++i) {
        std::span<const int> got = lists[i];
        ASSERT_EQ(std::vector<int>(got.begin(), got.end()), reference[i]) << "list " << i;
        EXPECT_GE(lists.capacity(i), reference[i].size());
    }
}

TEST(SlotLists, FollowAVectorPerListThroughRandomEditsCopiesAndReorders) {
    std::mt19937 rng(7);
    SlotLists<int> lists;
    Reference reference;
    std::vector<SlotLists<int>> copies;
    std::vector<Reference> copiedReferences;
    int nextValue = 0;
    for (int step = 0; step < 60'000; ++step) {
        const int roll = static_cast<int>(rng() % 100);
        if (reference.empty() || roll < 3) {
            lists.addList();
            reference.emplace_back();
            continue;
        }
        const std::size_t list = rng() % reference.size();
        std::vector<int>& ref = reference[list];
        if (roll < 70) {  // lists grow far past their first rooms, so the pool moves and repacks
            lists.push_back(list, nextValue);
            ref.push_back(nextValue++);
        } else if (roll < 85 && !ref.empty()) {
            const int value = ref[rng() % ref.size()];
            lists.eraseValue(list, value);
            auto it = std::find(ref.begin(), ref.end(), value);
            *it = ref.back();
            ref.pop_back();
        } else if (roll < 90) {
            const std::size_t keep = ref.empty() ? 0 : rng() % (ref.size() + 1);
            lists.truncate(list, keep);
            ref.resize(keep);
        } else if (roll < 92) {
            lists.clear(list);
            ref.clear();
        } else if (roll < 93) {  // a copy goes on by itself, the original untouched by its edits
            copies.push_back(lists);
            copiedReferences.push_back(reference);
            copies.back().push_back(0, -1);
            copiedReferences.back()[0].push_back(-1);
        } else if (roll < 94) {  // renumbering: list k takes list order[k], entries mapped
            std::vector<int> order(reference.size());
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), rng);
            SlotLists<int> reordered;
            // A mapping that changes every entry but never grows it (doubling overflowed after many renumberings).
            reordered.assignReordered(lists, order, [](int v) { return v ^ 0x55; });
            Reference expected(order.size());
            for (std::size_t k = 0; k < order.size(); ++k)
                for (int v : reference[static_cast<std::size_t>(order[k])]) expected[k].push_back(v ^ 0x55);
            expectSame(reordered, expected);
            lists = std::move(reordered);
            reference = std::move(expected);
        }
        if (step % 5'000 == 0) expectSame(lists, reference);
    }
    expectSame(lists, reference);
    ASSERT_FALSE(copies.empty());
    for (std::size_t i = 0; i < copies.size(); ++i) expectSame(copies[i], copiedReferences[i]);
}

TEST(SlotLists, HolesLeftByMovedListsAreRepackedSoThePoolStaysNearItsLists) {
    SlotLists<int> lists;
    for (int i = 0; i < 100; ++i) lists.addList();
    // Each list grows one entry at a time to 256: every doubling moves it and leaves its old room.
    for (int round = 0; round < 256; ++round)
        for (std::size_t i = 0; i < 100; ++i) lists.push_back(i, round);
    std::size_t rooms = 0;
    for (std::size_t i = 0; i < 100; ++i) rooms += lists.capacity(i);
    EXPECT_LE(lists.pooledEntries(), 2 * rooms + 1024 + 512);
    for (std::size_t i = 0; i < 100; ++i) {
        ASSERT_EQ(lists[i].size(), 256U);
        for (int round = 0; round < 256; ++round) ASSERT_EQ(lists[i][static_cast<std::size_t>(round)], round);
    }
}

}  // namespace
}  // namespace aoilab
