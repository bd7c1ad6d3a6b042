#include "path/regions.h"

#include <cmath>
#include <set>
#include <string>

#include "core/error.h"

namespace aoilab {

const char* regionKindName(RegionKind kind) {
    switch (kind) {
        case RegionKind::Open: return "open";
        case RegionKind::Blocked: return "blocked";
        case RegionKind::Mixed: return "mixed";
    }
    return "?";
}

namespace {

// Free cells in [x, x+w) x [y, y+h) from a summed-area table with one row and column of padding.
int freeIn(const std::vector<int>& prefix, int stride, int x, int y, int w, int h) {
    auto at = [&](int px, int py) { return prefix[static_cast<std::size_t>(py) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(px)]; };
    return at(x + w, y + h) - at(x, y + h) - at(x + w, y) + at(x, y);
}

}  // namespace

RegionMap RegionMap::build(const GridMap& map, const RegionOptions& options) {
    if (options.minSize < 1) throw InputError("regions: minimum size must be >= 1 (got " + std::to_string(options.minSize) + ")");
    RegionMap result;
    result.width_ = map.width();
    result.height_ = map.height();
    result.minSize_ = options.minSize;
    result.cellRegion_.assign(static_cast<std::size_t>(map.cellCount()), -1);
    int stride = map.width() + 1;
    std::vector<int> prefix(static_cast<std::size_t>(stride) * static_cast<std::size_t>(map.height() + 1), 0);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            prefix[static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(x + 1)] =
                (map.passable(x, y) ? 1 : 0) + prefix[static_cast<std::size_t>(y) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(x + 1)] +
                prefix[static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(x)] -
                prefix[static_cast<std::size_t>(y) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(x)];
    if (map.cellCount() > 0) result.split(map, prefix, 0, 0, map.width(), map.height(), 0);

    // Adjacency from 4-neighbouring free cells in different regions.
    for (std::size_t r = 0; r < result.regions_.size(); ++r)
        result.adjacency_.addVertex("r" + std::to_string(r), result.regions_[r].center());
    std::set<std::pair<int, int>> linked;
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            if (!map.passable(x, y)) continue;
            int here = result.regionOfCell(x, y);
            for (auto [nx, ny] : {std::pair{x + 1, y}, std::pair{x, y + 1}}) {
                if (!map.passable(nx, ny)) continue;
                int there = result.regionOfCell(nx, ny);
                if (there == here || !linked.insert({std::min(here, there), std::max(here, there)}).second) continue;
                Vec2 a = result.regions_[static_cast<std::size_t>(here)].center();
                Vec2 b = result.regions_[static_cast<std::size_t>(there)].center();
                result.adjacency_.addUndirectedEdge(here, there, std::hypot(b.x - a.x, b.y - a.y));
            }
        }
    }
    return result;
}

void RegionMap::split(const GridMap& map, const std::vector<int>& freePrefix, int x, int y, int w, int h, int depth) {
    ++nodes_;
    maxDepth_ = std::max(maxDepth_, depth);
    int free = freeIn(freePrefix, map.width() + 1, x, y, w, h);
    RegionKind kind = free == w * h ? RegionKind::Open : free == 0 ? RegionKind::Blocked : RegionKind::Mixed;
    if (kind == RegionKind::Mixed && (w > minSize_ || h > minSize_)) {
        int w1 = (w + 1) / 2, h1 = (h + 1) / 2;
        // Quadrants in reading order; a side of length 1 does not split, so some quadrants are empty.
        const int xs[2] = {x, x + w1}, ws[2] = {w1, w - w1};
        const int ys[2] = {y, y + h1}, hs[2] = {h1, h - h1};
        for (int row = 0; row < 2; ++row)
            for (int column = 0; column < 2; ++column)
                if (ws[column] > 0 && hs[row] > 0) split(map, freePrefix, xs[column], ys[row], ws[column], hs[row], depth + 1);
        return;
    }
    int index = static_cast<int>(regions_.size());
    regions_.push_back({x, y, w, h, kind, depth, free});
    for (int cy = y; cy < y + h; ++cy)
        for (int cx = x; cx < x + w; ++cx) cellRegion_[static_cast<std::size_t>(map.index(cx, cy))] = index;
}

int RegionMap::regionOfCell(int x, int y) const {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return -1;
    return cellRegion_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
}

int RegionMap::regionAt(Vec2 p) const {
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) return -1;
    return regionOfCell(static_cast<int>(std::floor(p.x)), static_cast<int>(std::floor(p.y)));
}

RegionRoute RegionMap::findRoute(const GridMap& map, GridPoint from, GridPoint to) const {
    RegionRouteSearch search(*this);
    search.start(map, from, to);
    return search.run();
}

GridMap RegionMap::corridorMap(const GridMap& map, const std::vector<int>& corridor) const {
    std::vector<char> inCorridor(regions_.size(), 0);
    for (int r : corridor) inCorridor.at(static_cast<std::size_t>(r)) = 1;
    GridMap result = map;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (map.passable(x, y) && !inCorridor[static_cast<std::size_t>(regionOfCell(x, y))]) result.setPassable(x, y, false);
    return result;
}

const char* regionRoutePhaseName(RegionRoutePhase phase) {
    switch (phase) {
        case RegionRoutePhase::Idle: return "idle";
        case RegionRoutePhase::Regions: return "regions";
        case RegionRoutePhase::Corridor: return "corridor";
        case RegionRoutePhase::WholeMap: return "whole map";
        case RegionRoutePhase::Done: return "done";
    }
    return "?";
}

void RegionRouteSearch::start(const GridMap& map, GridPoint from, GridPoint to) {
    if (map.width() != regions_.width() || map.height() != regions_.height())
        throw InputError("regions: the map is " + std::to_string(map.width()) + "x" + std::to_string(map.height()) +
                         " but the regions were built for " + std::to_string(regions_.width()) + "x" +
                         std::to_string(regions_.height()));
    map_ = &map;
    from_ = from;
    to_ = to;
    route_ = {};
    regionSearch_.reset();
    corridor_.reset();
    if (!map.passable(from) || !map.passable(to)) {
        phase_ = RegionRoutePhase::Done;
        return;
    }
    regionSearch_.emplace(regions_.adjacency());
    regionSearch_->startDijkstra(regions_.regionOfCell(from.x, from.y), regions_.regionOfCell(to.x, to.y));
    phase_ = RegionRoutePhase::Regions;
}

// The region corridor is known (or known not to exist): refine it on the grid.
void RegionRouteSearch::afterRegions() {
    route_.regions = regionSearch_->path();
    if (route_.regions.empty()) {
        phase_ = RegionRoutePhase::Done;
        return;
    }
    corridor_ = std::make_unique<GridMap>(regions_.corridorMap(*map_, route_.regions));
    grid_.start(*corridor_, from_, to_);
    phase_ = RegionRoutePhase::Corridor;
}

// The grid search of the current phase has ended.
void RegionRouteSearch::afterGrid() {
    if (grid_.status() == SearchStatus::Found) {
        route_.cells = grid_.path();
        route_.length = grid_.result().length;
        route_.found = true;
        phase_ = RegionRoutePhase::Done;
    } else if (phase_ == RegionRoutePhase::Corridor) {
        route_.refinedInCorridor = false;
        grid_.start(*map_, from_, to_);
        phase_ = RegionRoutePhase::WholeMap;
    } else {
        phase_ = RegionRoutePhase::Done;
    }
}

RegionRouteStep RegionRouteSearch::step() {
    RegionRouteStep result;
    result.phase = phase_;
    if (phase_ == RegionRoutePhase::Regions) {
        result.regions = regionSearch_->step();
        if (regionSearch_->finished()) afterRegions();
    } else if (phase_ == RegionRoutePhase::Corridor || phase_ == RegionRoutePhase::WholeMap) {
        const SearchStep& cells = grid_.step();
        result.cells = cells.changes;
        if (grid_.status() != SearchStatus::Running) afterGrid();
    }
    result.next = phase_;
    return result;
}

RegionRoute RegionRouteSearch::run() {
    while (phase_ != RegionRoutePhase::Done && phase_ != RegionRoutePhase::Idle) {
        if (phase_ == RegionRoutePhase::Regions) {
            regionSearch_->run();
            afterRegions();
        } else {
            grid_.run();
            afterGrid();
        }
    }
    return route_;
}

std::vector<EntityId> RegionMap::entitiesInRegionOf(Vec2 position, const std::vector<PositionedEntity>& entities) const {
    std::vector<EntityId> result;
    int region = regionAt(position);
    if (region < 0 || regions_[static_cast<std::size_t>(region)].kind == RegionKind::Blocked) return result;
    for (const PositionedEntity& entity : entities)
        if (regionAt(entity.position) == region) result.push_back(entity.id);
    return result;
}

}  // namespace aoilab
