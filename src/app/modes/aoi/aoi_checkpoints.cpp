#include "app/modes/aoi/aoi_checkpoints.h"

#include <algorithm>
#include <cmath>

#include <unistd.h>

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
    const std::size_t available = availableForTests_ > 0 ? availableForTests_ : availableMemoryBytes();
    budget_ = std::clamp(available / 8, kMinBudgetBytes, kMaxBudgetBytes);
    // The per-operation records grow to the script's length: count them at their largest.
    const std::size_t each = bytesOf(sample, logCapacity) + length * (sizeof(std::size_t) + sizeof(OpKind));
    const std::size_t fit = std::clamp<std::size_t>(budget_ / std::max<std::size_t>(1, each), 1, kMaxCopies);
    cheap_ = each <= cheapCopyBytes_;
    // `fit` copies spread over the script: the last one before its end (the end itself needs none).
    interval_ = std::max(kMinInterval, (length + fit) / (fit + 1));
    maxCopies_ = fit;
}

bool AoiCheckpoints::wants(const Key& key, std::size_t cursor, bool goingBack) const {
    return prepared_ && key == key_ && cursor > 0 && cursor % interval_ == 0 && !copies_.count(cursor) &&
           bytes_ < budget_ && copies_.size() < maxCopies_ && (cheap_ || goingBack);
}

void AoiCheckpoints::keep(const AoiRun& run) {
    const std::size_t bytes = bytesOf(run, logCapacity_);
    if (bytes_ + bytes > budget_) return;
    copies_[run.cursor] = Copy{std::make_shared<const AoiRun>(run), bytes};
    bytes_ += bytes;
}

std::size_t AoiCheckpoints::trailingAt(std::size_t from, std::size_t to) {
    if (to < from + kMinTrailingReplay) return to;
    return to - static_cast<std::size_t>(std::sqrt(2.0 * static_cast<double>(to - from)));
}

std::size_t AoiCheckpoints::trailingFor(std::size_t from, std::size_t to, const AoiRun& sample,
                                        std::size_t logCapacity) const {
    if (to < from + kMinCostlyTrailingReplay && bytesOf(sample, logCapacity) > cheapCopyBytes_) return to;
    return trailingAt(from, to);
}

void AoiCheckpoints::keepTrailing(const Key& key, const AoiRun& run) {
    if (!prepared_ || !(key == key_)) return;
    trailing_ = Copy{std::make_shared<const AoiRun>(run), bytesOf(run, logCapacity_)};
}

std::shared_ptr<const AoiRun> AoiCheckpoints::nearest(const Key& key, std::size_t position) const {
    if (!prepared_ || !(key == key_)) return nullptr;
    std::shared_ptr<const AoiRun> best;
    auto after = copies_.upper_bound(position);
    if (after != copies_.begin()) best = std::prev(after)->second.run;
    const std::shared_ptr<const AoiRun>& trailing = trailing_.run;
    if (trailing && trailing->cursor <= position && (!best || trailing->cursor > best->cursor)) best = trailing;
    return best;
}

void AoiCheckpoints::clear() {
    prepared_ = false;
    copies_.clear();
    bytes_ = 0;
    trailing_ = {};
}

std::size_t AoiCheckpoints::availableMemoryBytes() {
#if defined(_SC_AVPHYS_PAGES) && defined(_SC_PAGESIZE)
    const long pages = sysconf(_SC_AVPHYS_PAGES);
    const long size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0) return static_cast<std::size_t>(pages) * static_cast<std::size_t>(size);
#endif
    return 0;  // unknown: the smallest budget
}

}  // namespace aoilab::app
