#include "path/navmesh_search.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aoilab {

namespace {
double distance(Vec2 a, Vec2 b) { return std::hypot(b.x - a.x, b.y - a.y); }
}  // namespace

std::string_view navSearchStatusName(NavSearchStatus status) {
    switch (status) {
        case NavSearchStatus::Idle: return "idle";
        case NavSearchStatus::Running: return "running";
        case NavSearchStatus::Found: return "found";
        case NavSearchStatus::NoPath: return "no path";
    }
    return "?";
}

std::string_view navChangeName(NavPolygonChange::Kind kind) {
    switch (kind) {
        case NavPolygonChange::Kind::Closed: return "closed";
        case NavPolygonChange::Kind::Opened: return "opened";
        case NavPolygonChange::Kind::Updated: return "updated";
    }
    return "?";
}

void NavMeshSearch::start(Vec2 start, Vec2 goal) {
    std::size_t n = mesh_.polygons().size();
    if (g_.size() != n || generation_ >= (1u << 30)) {
        g_.assign(n, 0);
        parent_.assign(n, -1);
        entry_.assign(n, Vec2{0, 0});
        mark_.assign(n, 0);
        generation_ = 0;
    }
    ++generation_;
    start_ = start;
    goal_ = goal;
    from_ = mesh_.polygonAt(start);
    to_ = mesh_.polygonAt(goal);
    expanded_ = 0;
    open_.clear();
    closedOrder_.clear();
    step_ = {};
    if (from_ < 0 || to_ < 0) {
        status_ = NavSearchStatus::NoPath;
        return;
    }
    status_ = NavSearchStatus::Running;
    auto slot = static_cast<std::size_t>(from_);
    g_[slot] = 0;
    parent_[slot] = -1;
    entry_[slot] = start;
    mark_[slot] = generation_ << 1;
    open_.push_back({distance(start, goal), 0, from_});
}

template <bool Record>
void NavMeshSearch::expandNext() {
    // Skip stale heap entries (a polygon updated after it was pushed, or already closed).
    for (;;) {
        if (open_.empty()) {
            status_ = NavSearchStatus::NoPath;
            return;
        }
        std::pop_heap(open_.begin(), open_.end(), OpenAfter{});
        Open top = open_.back();
        open_.pop_back();
        auto at = static_cast<std::size_t>(top.polygon);
        if (isClosed(top.polygon) || top.g != g_[at]) continue;
        mark_[at] |= 1u;
        ++expanded_;
        closedOrder_.push_back(top.polygon);
        if constexpr (Record)
            step_.changes.push_back({NavPolygonChange::Kind::Closed, top.polygon, parent_[at], entry_[at], top.g, top.f});
        if (top.polygon == to_) {
            status_ = NavSearchStatus::Found;
            return;
        }
        for (const NavLink& link : mesh_.polygons()[at].links) {
            int next = link.polygon;
            auto slot = static_cast<std::size_t>(next);
            bool seen = reached(next);
            if (seen && (mark_[slot] & 1u)) continue;
            Vec2 middle{(link.a.x + link.b.x) / 2, (link.a.y + link.b.y) / 2};
            double candidate = g_[at] + distance(entry_[at], middle);
            if (next == to_) candidate += distance(middle, goal_);
            if (seen && candidate >= g_[slot]) continue;
            g_[slot] = candidate;
            entry_[slot] = middle;
            parent_[slot] = top.polygon;
            mark_[slot] = generation_ << 1;
            double f = candidate + (next == to_ ? 0 : distance(middle, goal_));
            open_.push_back({f, candidate, next});
            std::push_heap(open_.begin(), open_.end(), OpenAfter{});
            if constexpr (Record)
                step_.changes.push_back({seen ? NavPolygonChange::Kind::Updated : NavPolygonChange::Kind::Opened, next,
                                         top.polygon, middle, candidate, f});
        }
        return;
    }
}

const NavSearchStep& NavMeshSearch::step() {
    step_.changes.clear();
    if (status_ == NavSearchStatus::Running) expandNext<true>();
    step_.status = status_;
    return step_;
}

void NavMeshSearch::runToEnd() {
    while (status_ == NavSearchStatus::Running) expandNext<false>();
}

NavPath NavMeshSearch::run() {
    runToEnd();
    NavPath result;
    result.polygonsExpanded = expanded_;
    result.polygons = corridor();
    if (result.polygons.empty()) return result;
    result.found = true;
    result.points = funnelPath(start_, goal_, mesh_.portals(result.polygons));
    for (std::size_t i = 1; i < result.points.size(); ++i) result.length += distance(result.points[i - 1], result.points[i]);
    return result;
}

bool NavMeshSearch::isOpen(int polygon) const {
    if (status_ == NavSearchStatus::Idle || polygon < 0 || static_cast<std::size_t>(polygon) >= mark_.size()) return false;
    return mark_[static_cast<std::size_t>(polygon)] == generation_ << 1;
}

bool NavMeshSearch::isClosed(int polygon) const {
    if (status_ == NavSearchStatus::Idle || polygon < 0 || static_cast<std::size_t>(polygon) >= mark_.size()) return false;
    return mark_[static_cast<std::size_t>(polygon)] == (generation_ << 1 | 1u);
}

double NavMeshSearch::g(int polygon) const {
    if (!isOpen(polygon) && !isClosed(polygon)) return std::numeric_limits<double>::infinity();
    return g_[static_cast<std::size_t>(polygon)];
}

int NavMeshSearch::parent(int polygon) const {
    if (!isOpen(polygon) && !isClosed(polygon)) return -1;
    return parent_[static_cast<std::size_t>(polygon)];
}

Vec2 NavMeshSearch::entry(int polygon) const {
    if (!isOpen(polygon) && !isClosed(polygon)) return {0, 0};
    return entry_[static_cast<std::size_t>(polygon)];
}

std::vector<int> NavMeshSearch::openPolygons() const {
    std::vector<Open> live;
    for (const Open& entry : open_)
        if (isOpen(entry.polygon) && entry.g == g_[static_cast<std::size_t>(entry.polygon)]) live.push_back(entry);
    std::sort(live.begin(), live.end(), [](const Open& a, const Open& b) { return OpenAfter{}(b, a); });
    // Each open polygon has exactly one live entry: an update pushes a strictly smaller g.
    std::vector<int> result;
    for (const Open& entry : live) result.push_back(entry.polygon);
    return result;
}

std::vector<int> NavMeshSearch::closedPolygons() const { return closedOrder_; }

std::vector<int> NavMeshSearch::corridor() const {
    if (status_ != NavSearchStatus::Found) return {};
    std::vector<int> result;
    for (int p = to_; p != -1; p = parent_[static_cast<std::size_t>(p)]) result.push_back(p);
    std::reverse(result.begin(), result.end());
    return result;
}

}  // namespace aoilab
