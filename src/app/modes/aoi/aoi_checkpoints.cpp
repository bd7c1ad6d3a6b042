#include "app/modes/aoi/aoi_checkpoints.h"

#include <algorithm>

namespace aoilab::app {

std::size_t AoiCheckpoints::bytesOf(const AoiRun& run, std::size_t logCapacity) {
    const AoiSession& s = run.session;
    const std::size_t logNow = s.log().size() * sizeof(LoggedEvent);
    const std::size_t logFull = std::max(logNow, logCapacity * sizeof(LoggedEvent));
    return s.memoryBytes() - logNow + logFull + run.view.size() * sizeof(Entity) +
           run.scriptNumbers.size() * sizeof(std::size_t) + run.opKinds.size() * sizeof(OpKind);
}

void AoiCheckpoints::prepare(const Key& key, std::size_t length, const AoiRun& sample, std::size_t logCapacity) {
    if (prepared_ && key == key_) return;
    clear();
    prepared_ = true;
    key_ = key;
    logCapacity_ = logCapacity;
    // The per-operation records grow to the script's length: count them at their largest.
    const std::size_t each = bytesOf(sample, logCapacity) + length * (sizeof(std::size_t) + sizeof(OpKind));
    const std::size_t fit = std::max<std::size_t>(1, kBudgetBytes / std::max<std::size_t>(1, each));
    interval_ = std::max(kMinInterval, (length + fit - 1) / fit);
}

bool AoiCheckpoints::wants(const Key& key, std::size_t cursor) const {
    return prepared_ && key == key_ && cursor > 0 && cursor % interval_ == 0 && !copies_.count(cursor) &&
           bytes_ < kBudgetBytes;
}

void AoiCheckpoints::keep(const AoiRun& run) {
    const std::size_t bytes = bytesOf(run, logCapacity_);
    if (bytes_ + bytes > kBudgetBytes) return;
    copies_[run.cursor] = Copy{std::make_shared<const AoiRun>(run), bytes};
    bytes_ += bytes;
}

std::shared_ptr<const AoiRun> AoiCheckpoints::nearest(const Key& key, std::size_t position) const {
    if (!prepared_ || !(key == key_)) return nullptr;
    auto after = copies_.upper_bound(position);
    if (after == copies_.begin()) return nullptr;
    return std::prev(after)->second.run;
}

void AoiCheckpoints::clear() {
    prepared_ = false;
    copies_.clear();
    bytes_ = 0;
}

}  // namespace aoilab::app
