// The cross-linked list's positional moves (no hysteresis, tracing off; see cross_list.h).
// A teleport (the places apart on x or y): no entity both saw and sees T. Each candidate of the old band
// (its walk's hits, found before the relink) can only lose relations, each of the new band only gain
// them (a candidate met by both walks, when the bands overlap on x, gets at most one of the two):
// one distance a candidate, compared with its own radius (does it see T?) and T's (does T see it?).
// Both events are written whatever the comparisons say and kept by advancing the count with the
// outcome (as the tower's and the grid's positional scans do): a test near the edge of a view is a coin
// flip, a mispredicted branch each. The expressions are inView's on the same values (its dx is the
// negation of ours, which changes neither fabs nor the square; range_test.h), so the answers are brute
// force's.
#include "aoi/cross_list.h"
#include "aoi/range_test.h"

namespace aoilab {

// Writes `type` events for band_'s hits (then cleared) seen from / seeing T at `place`; returns the tests.
template <bool kSquare>
std::uint64_t CrossListAoi::decideHits(EntityId id, Vec2 place, double ownRadius, AoiEventType type) {
    const double own = rangeThreshold<kSquare>(ownRadius);
    const Slot* hits = band_.slots.get();
    const std::size_t count = band_.count;
    AoiEvent* out = pending_.room(2 * count);
    std::size_t kept = 0;
    for (std::size_t k = 0; k < count; ++k) {
        const Slot c = hits[k];
        const Vec2 p = rel_.position(c);
        const double d = rangeDistance<kSquare>(p.x - place.x, p.y - place.y);
        const EntityId other = rel_.idOf(c);
        out[kept] = {type, other, id};  // c sees (saw) T
        kept += d <= rangeThreshold<kSquare>(rel_.radius(c));
        out[kept] = {type, id, other};  // T sees (saw) c
        kept += d <= own;
    }
    pending_.keep(kept);
    band_.count = 0;
    return 2 * static_cast<std::uint64_t>(count);
}

// Both places' tests for hits_'s candidates (then cleared), T from `from` to `to`: "c sees T" gives an
// enter, a move or a leave event (index was * 2 + now; neither is not kept), "T sees c" an enter or a
// leave when the two tests differ. Each candidate is in hits_ once (one walk). Returns the tests.
template <bool kSquare>
std::uint64_t CrossListAoi::decideMoveHits(EntityId id, Vec2 from, Vec2 to, double ownRadius) {
    static constexpr AoiEventType kWatcherEvent[4] = {AoiEventType::Enter, AoiEventType::Enter, AoiEventType::Leave,
                                                      AoiEventType::Move};
    static constexpr AoiEventType kTargetEvent[2] = {AoiEventType::Leave, AoiEventType::Enter};
    const double own = rangeThreshold<kSquare>(ownRadius);
    AoiEvent* out = pending_.room(2 * hits_.size());
    std::size_t kept = 0;
    for (Slot c : hits_) {
        const Vec2 p = rel_.position(c);
        const double was = rangeDistance<kSquare>(p.x - from.x, p.y - from.y);
        const double now = rangeDistance<kSquare>(p.x - to.x, p.y - to.y);
        const double reach = rangeThreshold<kSquare>(rel_.radius(c));
        const bool watcherWas = was <= reach;
        const bool watcherNow = now <= reach;
        const bool saw = was <= own;
        const bool sees = now <= own;
        const EntityId other = rel_.idOf(c);
        out[kept] = {kWatcherEvent[watcherWas * 2 + watcherNow], other, id};
        kept += watcherWas | watcherNow;
        out[kept] = {kTargetEvent[sees], id, other};
        kept += saw ^ sees;
    }
    pending_.keep(kept);
    const std::uint64_t tests = 4 * static_cast<std::uint64_t>(hits_.size());
    hits_.clear();
    return tests;
}

void CrossListAoi::moveNearPositional(Slot s, EntityId id, Vec2 old, Vec2 position, double reach, EventSink& sink) {
    rel_.setPosition(s, position);
    relink_.x.cost = xs_.relocate(s, position.x, position.y, fromHead_, relink_.x.way, nullptr);
    relink_.y.cost = ys_.relocate(s, position.y, position.x, fromHead_, relink_.y.way, nullptr);
    noteRelink(s);
    collectAround(s, old, reach);
    const double own = rel_.radius(s);
    last_.distanceChecks += rel_.shape() == ViewShape::Square ? decideMoveHits<true>(id, old, position, own)
                                                              : decideMoveHits<false>(id, old, position, own);
    last_.events += pending_.size();
    sink.onEvents(pending_.data(), pending_.size());
    pending_.clear();
}

void CrossListAoi::teleportPositional(Slot s, EntityId id, Vec2 old, Vec2 position, double reach, EventSink& sink) {
    const double own = rel_.radius(s);
    const bool square = rel_.shape() == ViewShape::Square;
    std::uint64_t tests = 0;
    // Whom T saw and who saw T: around its entry, still at the old place.
    collectBand(xs_.find(s), old, reach, true);
    tests += square ? decideHits<true>(id, old, own, AoiEventType::Leave)
                    : decideHits<false>(id, old, own, AoiEventType::Leave);
    rel_.setPosition(s, position);
    relink_.x.cost = xs_.relocate(s, position.x, position.y, fromHead_, relink_.x.way, nullptr);
    relink_.y.cost = ys_.relocate(s, position.y, position.x, fromHead_, relink_.y.way, nullptr);
    noteRelink(s);
    // Whom T sees and who sees T: the article's walk around the new place.
    collectBand(xs_.find(s), position, reach, false);
    tests += square ? decideHits<true>(id, position, own, AoiEventType::Enter)
                    : decideHits<false>(id, position, own, AoiEventType::Enter);
    last_.distanceChecks += tests;
    last_.events += pending_.size();
    sink.onEvents(pending_.data(), pending_.size());
    pending_.clear();
}

}  // namespace aoilab
