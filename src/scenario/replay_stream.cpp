#include "scenario/replay_stream.h"

#include <algorithm>

#include "aoi/apply_op.h"

namespace aoilab {

bool OperationStream::next() {
    if (next_ >= ops_.size()) return false;
    sink_.events.clear();
    applyOperation(system_, ops_[next_++], sink_);
    std::sort(sink_.events.begin(), sink_.events.end());
    return true;
}

ExpectedByOperation::ExpectedByOperation(const std::vector<ExpectedEvent>& expected, std::size_t operations)
    : start_(operations + 1, 0) {
    // A counting sort by operation keeps this linear in the events; each group is then sorted.
    for (const ExpectedEvent& e : expected)
        if (e.op < operations) ++start_[e.op + 1];
    for (std::size_t k = 0; k < operations; ++k) start_[k + 1] += start_[k];
    events_.resize(start_[operations]);
    std::vector<std::size_t> fill(start_.begin(), start_.end() - 1);
    for (const ExpectedEvent& e : expected)
        if (e.op < operations) events_[fill[e.op]++] = e.event;
    for (std::size_t k = 0; k < operations; ++k)
        std::sort(events_.begin() + static_cast<std::ptrdiff_t>(start_[k]),
                  events_.begin() + static_cast<std::ptrdiff_t>(start_[k + 1]));
}

std::span<const AoiEvent> ExpectedByOperation::at(std::size_t op) const {
    if (op + 1 >= start_.size()) return {};
    return std::span<const AoiEvent>(events_).subspan(start_[op], start_[op + 1] - start_[op]);
}

}  // namespace aoilab
