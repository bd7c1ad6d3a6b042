#include "path/regions.h"

#include <algorithm>
#include <cmath>
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

std::string mib(std::size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

void checkBudget(const GridMap& map, std::size_t needed, std::size_t budget, const std::string& what) {
    if (needed <= budget) return;
    throw InputError("regions: the " + std::to_string(map.width()) + "x" + std::to_string(map.height()) + " map's " + what +
                     " would need " + mib(needed) + ", more than the budget of " + mib(budget) +
                     " (docs/LIMITS.md): use a larger minimum size");
}

}  // namespace

RegionSplitter::RegionSplitter(const GridMap& map, const RegionOptions& options) : map_(&map), options_(options) {
    if (options.minSize < 1) throw InputError("regions: minimum size must be >= 1 (got " + std::to_string(options.minSize) + ")");
    if (options_.budgetBytes == 0) options_.budgetBytes = kRegionBudgetBytes;
    // Before the work: the summed-area table and the cell index (4 bytes a cell each).
    const std::size_t cells = static_cast<std::size_t>(map.cellCount());
    bytesNeeded_ = cells * 2 * sizeof(std::int32_t);
    checkBudget(map, bytesNeeded_, options_.budgetBytes, "cell index");
    const std::size_t stride = static_cast<std::size_t>(map.width()) + 1;
    prefix_.assign(stride * static_cast<std::size_t>(map.height() + 1), 0);
    for (int y = 0; y < map.height(); ++y) {
        std::int32_t row = 0;
        for (int x = 0; x < map.width(); ++x) {
            row += map.passable(x, y) ? 1 : 0;
            prefix_[static_cast<std::size_t>(y + 1) * stride + static_cast<std::size_t>(x + 1)] =
                row + prefix_[static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x + 1)];
        }
    }
    if (map.cellCount() == 0) return;
    // A first pass counts the leaves (keeping none), so the regions' size is known before they are made.
    stack_.push_back({0, 0, map.width(), map.height(), 0});
    drainLeaves(false);
    while (!stack_.empty()) {
        QuadNode node = stack_.back();
        stack_.pop_back();
        pushChildren(node);
        ++totalSplits_;
        drainLeaves(false);
    }
    bytesNeeded_ += leafCount_ * (sizeof(Region) + sizeof(std::uint32_t));
    checkBudget(map, bytesNeeded_, options_.budgetBytes, std::to_string(leafCount_) + " regions");
    totalLeaves_ = leafCount_;
    leaves_.reserve(leafCount_);
    leafCount_ = 0;
    maxDepth_ = 0;
    stack_.push_back({0, 0, map.width(), map.height(), 0});
    drainLeaves(true);
}

int RegionSplitter::freeIn(int x, int y, int w, int h) const {
    const std::size_t stride = static_cast<std::size_t>(map_->width()) + 1;
    auto at = [&](int px, int py) { return prefix_[static_cast<std::size_t>(py) * stride + static_cast<std::size_t>(px)]; };
    return at(x + w, y + h) - at(x, y + h) - at(x + w, y) + at(x, y);
}

RegionKind RegionSplitter::kindOf(const QuadNode& node) const {
    int free = freeIn(node.x, node.y, node.width, node.height);
    return free == node.width * node.height ? RegionKind::Open : free == 0 ? RegionKind::Blocked : RegionKind::Mixed;
}

bool RegionSplitter::isLeaf(const QuadNode& node) const {
    return kindOf(node) != RegionKind::Mixed || (node.width <= options_.minSize && node.height <= options_.minSize);
}

void RegionSplitter::pushChildren(const QuadNode& node) {
    int w1 = (node.width + 1) / 2, h1 = (node.height + 1) / 2;
    // Quadrants in reading order (pushed in reverse, so taken in order); a side of length 1 does not
    // split, so some quadrants are empty.
    const int xs[2] = {node.x, node.x + w1}, ws[2] = {w1, node.width - w1};
    const int ys[2] = {node.y, node.y + h1}, hs[2] = {h1, node.height - h1};
    for (int row = 1; row >= 0; --row)
        for (int column = 1; column >= 0; --column)
            if (ws[column] > 0 && hs[row] > 0) stack_.push_back({xs[column], ys[row], ws[column], hs[row], node.depth + 1});
}

// Visits the nodes on top of the stack while they are leaves, so the top is always a node to split.
void RegionSplitter::drainLeaves(bool keep) {
    while (!stack_.empty()) {
        const QuadNode node = stack_.back();
        maxDepth_ = std::max(maxDepth_, node.depth);
        if (!isLeaf(node)) return;
        stack_.pop_back();
        ++leafCount_;
        if (keep) leaves_.push_back({node.x, node.y, node.width, node.height, kindOf(node), node.depth, freeIn(node.x, node.y, node.width, node.height)});
    }
}

bool RegionSplitter::step() {
    if (stack_.empty()) return false;
    QuadNode node = stack_.back();
    stack_.pop_back();
    lastSplit_ = node;
    pushChildren(node);
    ++splits_;
    drainLeaves(true);
    return true;
}

RegionMap RegionSplitter::finish(const BuildProgress& progress) {
    // Progress in one unit for the whole build: the splits, then each region once per linking pass.
    const std::size_t total = totalSplits_ + 2 * totalLeaves_;
    while (step()) {
        if (progress && (splits_ & 0x3fff) == 0 && !progress(splits_, total)) throw BuildCancelled{};
    }
    RegionMap result;
    result.width_ = map_->width();
    result.height_ = map_->height();
    result.minSize_ = options_.minSize;
    result.nodes_ = splits_ + leaves_.size();
    result.maxDepth_ = maxDepth_;
    prefix_ = {};
    result.regions_ = std::move(leaves_);
    leaves_ = {};
    result.cellRegion_.assign(static_cast<std::size_t>(map_->cellCount()), -1);
    for (std::size_t i = 0; i < result.regions_.size(); ++i) {
        const Region& r = result.regions_[i];
        for (int cy = r.y; cy < r.y + r.height; ++cy) {
            std::int32_t* row = result.cellRegion_.data() + static_cast<std::size_t>(cy) * static_cast<std::size_t>(result.width_);
            std::fill(row + r.x, row + r.x + r.width, static_cast<std::int32_t>(i));
        }
    }
    result.link(*map_, options_.budgetBytes - std::min(options_.budgetBytes, bytesNeeded_), progress, splits_, total);
    if (progress && !progress(total, total)) throw BuildCancelled{};
    return result;
}

RegionMap RegionMap::build(const GridMap& map, const RegionOptions& options, const BuildProgress& progress) {
    return RegionSplitter(map, options).finish(progress);
}

// Links from 4-neighbouring free cells in different regions. Each pair is found once, on the right or
// bottom side of the region to its left or above (a region meets another along one straight run of
// cells, so a repeat can only follow its own run). Two passes: count, then fill the rows.
void RegionMap::link(const GridMap& map, std::size_t budgetLeft, const BuildProgress& progress, std::size_t done, std::size_t total) {
    const std::size_t count = regions_.size();
    auto forEachPair = [&](auto&& emit) {
        for (std::size_t i = 0; i < count; ++i, ++done) {
            if (progress && (i & 0x3fff) == 0 && !progress(done, total)) throw BuildCancelled{};
            const Region& r = regions_[i];
            if (r.kind == RegionKind::Blocked) continue;
            int last = -1;
            if (r.x + r.width < width_)
                for (int cy = r.y; cy < r.y + r.height; ++cy)
                    if (map.passable(r.x + r.width - 1, cy) && map.passable(r.x + r.width, cy)) {
                        int there = regionOfCell(r.x + r.width, cy);
                        if (there != last) emit(static_cast<int>(i), there);
                        last = there;
                    }
            last = -1;
            if (r.y + r.height < height_)
                for (int cx = r.x; cx < r.x + r.width; ++cx)
                    if (map.passable(cx, r.y + r.height - 1) && map.passable(cx, r.y + r.height)) {
                        int there = regionOfCell(cx, r.y + r.height);
                        if (there != last) emit(static_cast<int>(i), there);
                        last = there;
                    }
        }
    };
    linkStart_.assign(count + 1, 0);
    std::size_t ends = 0;
    forEachPair([&](int a, int b) {
        ++linkStart_[static_cast<std::size_t>(a) + 1];
        ++linkStart_[static_cast<std::size_t>(b) + 1];
        ends += 2;
    });
    if (ends * sizeof(std::int32_t) > budgetLeft)
        checkBudget(map, ends * sizeof(std::int32_t) + (kRegionBudgetBytes - budgetLeft), kRegionBudgetBytes,
                    std::to_string(count) + " regions and their " + std::to_string(ends / 2) + " links");
    for (std::size_t i = 0; i < count; ++i) linkStart_[i + 1] += linkStart_[i];
    linkTo_.assign(ends, 0);
    std::vector<std::uint32_t> fill(linkStart_.begin(), linkStart_.end() - 1);
    forEachPair([&](int a, int b) {
        linkTo_[fill[static_cast<std::size_t>(a)]++] = b;
        linkTo_[fill[static_cast<std::size_t>(b)]++] = a;
    });
    for (std::size_t i = 0; i < count; ++i) std::sort(linkTo_.begin() + linkStart_[i], linkTo_.begin() + linkStart_[i + 1]);
}

std::span<const std::int32_t> RegionMap::neighbours(int region) const {
    if (region < 0 || static_cast<std::size_t>(region) >= regions_.size()) return {};
    return {linkTo_.data() + linkStart_[static_cast<std::size_t>(region)], linkTo_.data() + linkStart_[static_cast<std::size_t>(region) + 1]};
}

double RegionMap::centreDistance(int a, int b) const {
    Vec2 p = regions_.at(static_cast<std::size_t>(a)).center(), q = regions_.at(static_cast<std::size_t>(b)).center();
    return std::hypot(q.x - p.x, q.y - p.y);
}

std::optional<double> RegionMap::linkWeight(int a, int b) const {
    auto row = neighbours(a);
    if (!std::binary_search(row.begin(), row.end(), b)) return std::nullopt;
    return centreDistance(a, b);
}

std::size_t RegionMap::memoryBytes() const {
    return regions_.capacity() * sizeof(Region) + cellRegion_.capacity() * sizeof(std::int32_t) +
           linkStart_.capacity() * sizeof(std::uint32_t) + linkTo_.capacity() * sizeof(std::int32_t);
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
    regionSearch_.emplace(regions_);
    regionSearch_->start(regions_.regionOfCell(from.x, from.y), regions_.regionOfCell(to.x, to.y));
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

namespace {

// Heap order: the smallest distance first, then the fewest links, then the lowest region.
struct EntryAfter {
    template <class E>
    bool operator()(const E& a, const E& b) const {
        if (a.distance != b.distance) return a.distance > b.distance;
        if (a.hops != b.hops) return a.hops > b.hops;
        return a.region > b.region;
    }
};

}  // namespace

void RegionDijkstra::start(int source, int target) {
    const std::size_t n = regions_.regions().size();
    if (source < 0 || static_cast<std::size_t>(source) >= n || target < 0 || static_cast<std::size_t>(target) >= n)
        throw InputError("regions: no region " + std::to_string(source < 0 || static_cast<std::size_t>(source) >= n ? source : target));
    target_ = target;
    distance_.assign(n, kUnreachable);
    predecessor_.assign(n, -1);
    hops_.assign(n, 0);
    closed_.assign(n, 0);
    heap_.clear();
    settleOrder_.clear();
    distance_[static_cast<std::size_t>(source)] = 0;
    heap_.push_back({0, 0, source});
    finished_ = false;
}

int RegionDijkstra::settleNext(std::vector<EdgeRelaxation>* record) {
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), EntryAfter{});
        Entry entry = heap_.back();
        heap_.pop_back();
        const std::size_t u = static_cast<std::size_t>(entry.region);
        if (closed_[u] || entry.distance != distance_[u] || entry.hops != hops_[u]) continue;  // stale
        closed_[u] = 1;
        settleOrder_.push_back(entry.region);
        if (entry.region == target_) {
            finished_ = true;
            return entry.region;
        }
        for (std::int32_t v : regions_.neighbours(entry.region)) {
            const std::size_t w = static_cast<std::size_t>(v);
            if (closed_[w]) continue;
            double d = entry.distance + regions_.centreDistance(entry.region, v);
            int hops = entry.hops + 1;
            if (d < distance_[w] || (d == distance_[w] && hops < hops_[w])) {
                if (record) record->push_back({entry.region, v, distance_[w], d});
                distance_[w] = d;
                hops_[w] = hops;
                predecessor_[w] = entry.region;
                heap_.push_back({d, hops, v});
                std::push_heap(heap_.begin(), heap_.end(), EntryAfter{});
            }
        }
        if (heap_.empty()) finished_ = true;
        return entry.region;
    }
    finished_ = true;
    return -1;
}

GraphSearchStep RegionDijkstra::step() {
    GraphSearchStep result;
    if (!finished_) result.settled = settleNext(&result.relaxed);
    result.finished = finished_;
    return result;
}

void RegionDijkstra::run() {
    while (!finished_) settleNext(nullptr);
}

std::vector<int> RegionDijkstra::path() const {
    std::vector<int> result;
    if (target_ < 0 || !closed_[static_cast<std::size_t>(target_)]) return result;
    for (int v = target_; v >= 0; v = predecessor_[static_cast<std::size_t>(v)]) result.push_back(v);
    std::reverse(result.begin(), result.end());
    return result;
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
