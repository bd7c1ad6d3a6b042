#pragma once
// A role walking a polyline path (the map-walk article's walking role): at a constant speed, or so that
// the whole walk takes a fixed duration whatever its length (a game keeps long walks from dragging).
// Position is a pure function of elapsed time, so the app can scrub back and forth.
#include <cstddef>
#include <vector>

#include "core/geometry.h"

namespace aoilab {

class PathFollower {
public:
    PathFollower() = default;
    // Throws InputError for an empty path, a non-finite point, or speed <= 0.
    static PathFollower atSpeed(std::vector<Vec2> path, double speed);
    // Throws InputError for an empty path, a non-finite point, or duration <= 0. A path of length 0
    // is finished at once.
    static PathFollower withinDuration(std::vector<Vec2> path, double duration);

    const std::vector<Vec2>& path() const { return path_; }
    double length() const { return cumulative_.empty() ? 0 : cumulative_.back(); }
    double speed() const { return speed_; }
    double duration() const { return duration_; }

    Vec2 positionAt(double time) const;  // clamped: the start before 0, the end after the duration
    std::size_t segmentAt(double time) const;  // index i of the segment path[i] -> path[i+1] being walked
    bool finishedAt(double time) const { return time >= duration_; }

    // Stateful use: advance the clock by dt >= 0.
    void advance(double dt);
    double elapsed() const { return elapsed_; }
    Vec2 position() const { return positionAt(elapsed_); }
    bool finished() const { return finishedAt(elapsed_); }

private:
    static PathFollower make(std::vector<Vec2> path);
    double distanceAt(double time) const;

    std::vector<Vec2> path_;
    std::vector<double> cumulative_;  // distance from the start to path_[i]
    double speed_ = 0;
    double duration_ = 0;
    double elapsed_ = 0;
};

}  // namespace aoilab
