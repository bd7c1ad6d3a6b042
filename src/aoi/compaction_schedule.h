#pragma once
// When a method renumbers its entities by place (so that neighbours' records lie together in memory):
// after 2 n moves, each of which scattered one entity, or at the first move after n / 2 arrivals, since
// a world just built holds its entities in arrival order, which is no order in space. Either way the
// O(n) renumbering is paid for by the operations that made it necessary.
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace aoilab {

class CompactionSchedule {
public:
    void arrived() { ++arrivals_; }
    // Called at the start of every move, with the number of live entities; true: renumber now.
    bool dueAtMove(std::size_t live) {
        ++moves_;
        const bool due = moves_ >= std::max<std::uint64_t>(kAtLeast, 2 * std::uint64_t{live}) ||
                         arrivals_ >= std::max<std::uint64_t>(kAtLeast, std::uint64_t{live} / 2);
        if (due) moves_ = arrivals_ = 0;
        return due;
    }

private:
    static constexpr std::uint64_t kAtLeast = 32;  // tiny worlds: not after every other move
    std::uint64_t moves_ = 0;
    std::uint64_t arrivals_ = 0;
};

}  // namespace aoilab
