#include "aoi/aoi_session.h"

#include "aoi/apply_op.h"

#include <algorithm>
#include <chrono>

#include "aoi/aoi_config.h"

namespace aoilab {

void AoiSession::reset(const World& world, const AoiSettings& settings, std::size_t logCapacity, bool withBrute) {
    config_ = resolveAoiConfig(settings, world.width(), world.height(), typicalRadius(world.entities()));
    methods_.clear();
    hasBrute_ = withBrute;
    for (const std::string& name : aoiMethodNames()) {
        if (name == "brute" && !withBrute) continue;
        MethodRun run;
        run.name = name;
        run.system = makeAoiSystem(name, config_);
        if (name == "brute") methods_.insert(methods_.begin(), std::move(run));
        else methods_.push_back(std::move(run));
    }
    mirror_.clear();
    order_.clear();
    log_.clear();
    ++logGeneration_;
    eventsDropped_ = 0;
    logCapacity_ = logCapacity;
    operations_ = 0;
    tick_ = 0;
    for (const Entity& entity : world.entities()) apply(ScriptOp{OpKind::Add, entity});
}

std::vector<ScriptOp> AoiSession::pendingOperations(const World& world) const {
    std::vector<ScriptOp> ops;
    // Leaves first: an id that left and came back (undo of a delete) is then a clean add.
    for (EntityId id : order_) {
        if (!world.contains(id)) ops.push_back(ScriptOp{OpKind::Leave, mirror_.at(id)});
    }
    for (const Entity& entity : world.entities()) {
        auto it = mirror_.find(entity.id);
        if (it == mirror_.end()) {
            ops.push_back(ScriptOp{OpKind::Add, entity});
            continue;
        }
        if (it->second.x != entity.x || it->second.y != entity.y) ops.push_back(ScriptOp{OpKind::Move, entity});
        if (it->second.radius != entity.radius) ops.push_back(ScriptOp{OpKind::Radius, entity});
    }
    return ops;
}

void AoiSession::applyAll(const World& world) {
    for (const ScriptOp& op : pendingOperations(world)) apply(op);
}

void AoiSession::apply(const ScriptOp& op) {
    const Entity& e = op.entity;
    if (op.kind == OpKind::Tick) ++tick_;
    for (std::size_t m = 0; m < methods_.size(); ++m) {
        MethodRun& run = methods_[m];
        buffer_.events.clear();
        auto start = std::chrono::steady_clock::now();
        applyOperation(*run.system, op, buffer_);
        run.lastNanoseconds =
            std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
        run.totalNanoseconds += run.lastNanoseconds;
        std::sort(buffer_.events.begin(), buffer_.events.end());
        run.lastEvents = buffer_.events;
        run.agreesLast = !hasBrute_ || m == 0 || run.lastEvents == methods_[0].lastEvents;
        if (!run.agreesLast) ++run.disagreeingOps;
        for (const AoiEvent& event : run.lastEvents) {
            log_.push_back(LoggedEvent{operations_, tick_, static_cast<int>(m), event});
            if (log_.size() > logCapacity_) {
                log_.pop_front();
                ++eventsDropped_;
            }
        }
    }
    switch (op.kind) {
        case OpKind::Add:
            mirror_[e.id] = e;
            order_.push_back(e.id);
            break;
        case OpKind::Move:
            mirror_[e.id].x = e.x;
            mirror_[e.id].y = e.y;
            break;
        case OpKind::Radius: mirror_[e.id].radius = e.radius; break;
        case OpKind::Leave:
            mirror_.erase(e.id);
            order_.erase(std::find(order_.begin(), order_.end(), e.id));
            break;
        case OpKind::Tick: break;
    }
    lastOp_ = op;
    if (op.kind == OpKind::Move || op.kind == OpKind::Radius) lastOp_.entity = mirror_[e.id];
    ++operations_;
}

int AoiSession::methodIndex(const std::string& name) const {
    for (std::size_t m = 0; m < methods_.size(); ++m)
        if (methods_[m].name == name) return static_cast<int>(m);
    return -1;
}

const AoiSystem* AoiSession::system(const std::string& name) const {
    int index = methodIndex(name);
    return index < 0 ? nullptr : methods_[static_cast<std::size_t>(index)].system.get();
}

std::vector<std::pair<EntityId, EntityId>> AoiSession::viewDifferences(int method) const {
    std::vector<std::pair<EntityId, EntityId>> differences;
    if (!hasBrute_ || method <= 0 || method >= static_cast<int>(methods_.size())) return differences;
    const AoiSystem& checked = *methods_[static_cast<std::size_t>(method)].system;
    std::vector<EntityId> expected, actual, onlyOne;
    for (EntityId watcher : order_) {
        brute().system->viewOf(watcher, expected);
        checked.viewOf(watcher, actual);
        std::sort(expected.begin(), expected.end());
        std::sort(actual.begin(), actual.end());
        onlyOne.clear();
        std::set_symmetric_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                                      std::back_inserter(onlyOne));
        for (EntityId target : onlyOne) differences.emplace_back(watcher, target);
    }
    return differences;
}

}  // namespace aoilab
