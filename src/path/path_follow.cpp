#include "path/path_follow.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"

namespace aoilab {

namespace {
std::string text(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}
}  // namespace

PathFollower PathFollower::make(std::vector<Vec2> path) {
    if (path.empty()) throw InputError("path follower: the path has no points");
    PathFollower follower;
    follower.cumulative_.reserve(path.size());
    double total = 0;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (!std::isfinite(path[i].x) || !std::isfinite(path[i].y))
            throw InputError("path follower: point " + std::to_string(i) + " is not finite");
        if (i > 0) total += std::hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
        follower.cumulative_.push_back(total);
    }
    follower.path_ = std::move(path);
    return follower;
}

PathFollower PathFollower::atSpeed(std::vector<Vec2> path, double speed) {
    if (!std::isfinite(speed) || speed <= 0) throw InputError("path follower: speed " + text(speed) + " must be > 0");
    PathFollower follower = make(std::move(path));
    follower.speed_ = speed;
    follower.duration_ = follower.length() / speed;
    return follower;
}

PathFollower PathFollower::withinDuration(std::vector<Vec2> path, double duration) {
    if (!std::isfinite(duration) || duration <= 0)
        throw InputError("path follower: duration " + text(duration) + " must be > 0");
    PathFollower follower = make(std::move(path));
    if (follower.length() == 0) return follower;  // nothing to walk: finished at time 0
    follower.duration_ = duration;
    follower.speed_ = follower.length() / duration;
    return follower;
}

double PathFollower::distanceAt(double time) const {
    if (!(time > 0)) return 0;  // also NaN
    if (time >= duration_) return length();
    return std::min(length(), time * speed_);
}

std::size_t PathFollower::segmentAt(double time) const {
    if (path_.size() < 2) return 0;
    double walked = distanceAt(time);
    // The last point whose cumulative distance is <= walked starts the current segment.
    auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), walked);
    auto index = static_cast<std::size_t>(std::distance(cumulative_.begin(), it));
    return std::min(index == 0 ? 0 : index - 1, path_.size() - 2);
}

Vec2 PathFollower::positionAt(double time) const {
    if (path_.empty()) return {};
    if (path_.size() == 1 || finishedAt(time)) return path_.back();
    double walked = distanceAt(time);
    std::size_t i = segmentAt(time);
    double segment = cumulative_[i + 1] - cumulative_[i];
    double t = segment > 0 ? (walked - cumulative_[i]) / segment : 0;
    return {path_[i].x + (path_[i + 1].x - path_[i].x) * t, path_[i].y + (path_[i + 1].y - path_[i].y) * t};
}

void PathFollower::advance(double dt) {
    if (!std::isfinite(dt) || dt < 0) throw InputError("path follower: time step " + text(dt) + " must be >= 0");
    elapsed_ += dt;
}

}  // namespace aoilab
