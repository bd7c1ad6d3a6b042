#include "aoi/workload.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cmath>

namespace aoilab {

std::string checksumHex(std::uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016" PRIx64, value);
    return text;
}

const char* toString(WorkloadKind kind) { return kind == WorkloadKind::Walk ? "walk" : "teleport"; }

Workload::Workload(const WorkloadOptions& options) : options_(options), rng_(options.seed) {
    if (options.cluster > 0)  // only then: cluster 0 draws the same numbers as before clustering existed
        for (int i = 0; i < 8; ++i) hotspots_.push_back({rng_.unit() * options.world, rng_.unit() * options.world});
    start_.reserve(options.entities);
    for (std::size_t i = 0; i < options.entities; ++i) start_.push_back(startPlace());
    current_ = start_;
}

Vec2 Workload::startPlace() {
    const double world = options_.world;
    if (hotspots_.empty() || rng_.unit() >= options_.cluster) return {rng_.unit() * world, rng_.unit() * world};
    const Vec2& centre = hotspots_[static_cast<std::size_t>(rng_.next() % hotspots_.size())];
    // A sum of three uniforms: a cheap bell shape around the hotspot.
    auto offset = [&] { return (rng_.unit() + rng_.unit() + rng_.unit() - 1.5) * (world / 40); };
    return {std::clamp(centre.x + offset(), 0.0, world), std::clamp(centre.y + offset(), 0.0, world)};
}

void Workload::nextTick(std::vector<WorkloadMove>& out) {
    const std::size_t n = current_.size();
    std::size_t count = n;
    if (options_.movers < 1)
        count = std::min(n, static_cast<std::size_t>(std::ceil(options_.movers * static_cast<double>(n))));
    out.resize(count);
    const double world = options_.world;
    const double step = options_.step;
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t i = count == n ? k : (nextMover_ + k) % n;
        Vec2& p = current_[i];
        if (options_.kind == WorkloadKind::Teleport) {
            p = {rng_.unit() * world, rng_.unit() * world};
        } else {
            double dx = (rng_.unit() * 2 - 1) * step;
            double dy = (rng_.unit() * 2 - 1) * step;
            p = {std::clamp(p.x + dx, 0.0, world), std::clamp(p.y + dy, 0.0, world)};
        }
        out[k] = {static_cast<EntityId>(i), p};
    }
    if (n > 0) nextMover_ = (nextMover_ + count) % n;
}

void EventChecksum::endOperation() {
    SplitMix64 mix(value_ ^ operationSum_);
    value_ = mix.next();
    operationSum_ = 0;
}

WorkloadResult runWorkload(AoiSystem& system, const WorkloadOptions& options, std::uint64_t maxMoves,
                           std::uint64_t prefixMoves) {
    using Clock = std::chrono::steady_clock;
    WorkloadResult result;
    Workload workload(options);
    EventChecksum sink;
    const double radius = options.radius;
    const auto buildBegin = Clock::now();
    for (std::size_t i = 0; i < workload.start().size(); ++i) {
        system.add(static_cast<EntityId>(i), workload.start()[i], radius, sink);
        sink.endOperation();
    }
    result.buildSeconds = std::chrono::duration<double>(Clock::now() - buildBegin).count();
    result.setupEvents = sink.events();
    if (prefixMoves == 0) result.prefixChecksum = sink.value();

    std::vector<WorkloadMove> moves;
    std::uint64_t eventsBefore = sink.events();
    result.complete = true;
    for (int tick = 0; tick < options.ticks; ++tick) {
        workload.nextTick(moves);
        std::size_t count = moves.size();
        if (result.moves + count > maxMoves) {
            count = static_cast<std::size_t>(maxMoves - result.moves);
            result.complete = false;
        }
        // Moves in chunks that end at the prefix mark, so the prefix checksum falls between operations.
        std::size_t done = 0;
        while (done < count) {
            std::size_t chunkEnd = count;
            if (prefixMoves > result.moves && prefixMoves - result.moves < chunkEnd - done)
                chunkEnd = done + static_cast<std::size_t>(prefixMoves - result.moves);
            auto begin = Clock::now();
            for (std::size_t i = done; i < chunkEnd; ++i) {
                system.move(moves[i].id, moves[i].to, sink);
                sink.endOperation();
            }
            result.moveSeconds += std::chrono::duration<double>(Clock::now() - begin).count();
            result.moves += chunkEnd - done;
            done = chunkEnd;
            if (result.moves == prefixMoves) result.prefixChecksum = sink.value();
        }
        if (!result.complete) break;
        system.tick(sink);
        sink.endOperation();
        ++result.ticksRun;
    }
    result.moveEvents = sink.events() - eventsBefore;
    result.checksum = sink.value();
    result.memoryBytes = system.memoryBytes();
    return result;
}

}  // namespace aoilab
