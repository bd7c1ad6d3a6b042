#include "aoi/aoi_session.h"

#include "aoi/apply_op.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include "aoi/aoi_config.h"

namespace aoilab {
namespace {

// Generations are numbered across every session, so a reader that followed one session's log never
// takes another's (one built on a worker thread and moved in) for its continuation.
std::uint64_t nextLogGeneration() {
    static std::atomic<std::uint64_t> next{1};
    return next.fetch_add(1);
}

}  // namespace

AoiSession::AoiSession(const AoiSession& other) { *this = other; }

AoiSession& AoiSession::operator=(const AoiSession& other) {
    if (this == &other) return *this;
    config_ = other.config_;
    methods_.clear();
    methods_.reserve(other.methods_.size());
    for (const MethodRun& from : other.methods_) {
        MethodRun& to = methods_.emplace_back();
        to.name = from.name;
        to.system = from.system ? from.system->clone() : nullptr;
        to.lastEvents = from.lastEvents;
        to.lastNanoseconds = from.lastNanoseconds;
        to.totalNanoseconds = from.totalNanoseconds;
        to.agreesLast = from.agreesLast;
        to.disagreeingOps = from.disagreeingOps;
    }
    mirror_ = other.mirror_;
    mirrorIndex_ = other.mirrorIndex_;
    log_ = other.log_;
    logCapacity_ = other.logCapacity_;
    logGeneration_ = nextLogGeneration();
    eventsDropped_ = other.eventsDropped_;
    hasBrute_ = other.hasBrute_;
    operations_ = other.operations_;
    tick_ = other.tick_;
    lastOp_ = other.lastOp_;
    buffer_ = other.buffer_;
    return *this;
}

std::size_t AoiSession::memoryBytes() const {
    std::size_t bytes = mirror_.size() * (sizeof(Entity) + 2 * sizeof(EntityId) + 2 * sizeof(void*)) +
                        log_.size() * sizeof(LoggedEvent);
    for (const MethodRun& run : methods_) bytes += (run.system ? run.system->memoryBytes() : 0) + run.lastEvents.size() * sizeof(AoiEvent);
    return bytes;
}

void AoiSession::reset(const World& world, const AoiSettings& settings, std::size_t logCapacity, bool withBrute,
                       const BuildProgress& progress) {
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
    mirrorIndex_.clear();
    log_.clear();
    logGeneration_ = nextLogGeneration();
    eventsDropped_ = 0;
    logCapacity_ = logCapacity;
    operations_ = 0;
    tick_ = 0;
    if (!withBrute) {
        buildMethodByMethod(world, progress);
        return;
    }
    // With brute force (small worlds) each add's events are checked against brute force's, one add at a time.
    const std::size_t total = world.size();
    // Only the last add's visited nodes can be shown: the others are not recorded (the cross-linked
    // list's records of its walks are most of a large build's time).
    for (MethodRun& run : methods_) run.system->setRecordingVisits(total <= 1);
    std::size_t added = 0;
    for (const Entity& entity : world.entities()) {
        if (added + 1 == total)
            for (MethodRun& run : methods_) run.system->setRecordingVisits(true);
        apply(ScriptOp{OpKind::Add, entity});
        ++added;
        if (progress && (added % kProgressEvery == 0 || added == total) && !progress(added, total)) throw BuildCancelled{};
    }
}

const Entity* AoiSession::mirrored(EntityId id) const {
    auto it = mirrorIndex_.find(id);
    return it == mirrorIndex_.end() ? nullptr : &mirror_[it->second];
}

std::vector<ScriptOp> AoiSession::pendingOperations(const World& world) const {
    std::vector<ScriptOp> ops;
    const std::vector<Entity>& entities = world.entities();
    std::size_t known = 0;  // world entities the mirror has
    for (std::size_t i = 0; i < entities.size(); ++i) {
        const Entity& entity = entities[i];
        const Entity* before = i < mirror_.size() && mirror_[i].id == entity.id ? &mirror_[i] : mirrored(entity.id);
        if (before == nullptr) {
            ops.push_back(ScriptOp{OpKind::Add, entity});
            continue;
        }
        ++known;
        if (before->x != entity.x || before->y != entity.y) ops.push_back(ScriptOp{OpKind::Move, entity});
        if (before->radius != entity.radius) ops.push_back(ScriptOp{OpKind::Radius, entity});
    }
    if (known == mirror_.size()) return ops;  // ids are unique: the mirror has no entity the world lost
    // Leaves first: an id that left and came back (undo of a delete) is then a clean add.
    std::vector<ScriptOp> leaves;
    for (const Entity& before : mirror_)
        if (!world.contains(before.id)) leaves.push_back(ScriptOp{OpKind::Leave, before});
    leaves.insert(leaves.end(), ops.begin(), ops.end());
    return leaves;
}

std::vector<ScriptOp> AoiSession::pendingOperationsOf(const World& world, EntityId id) const {
    std::vector<ScriptOp> ops;
    const Entity* now = world.find(id);
    const Entity* before = mirrored(id);
    if (before == nullptr) {
        if (now != nullptr) ops.push_back(ScriptOp{OpKind::Add, *now});
    } else if (now == nullptr) {
        ops.push_back(ScriptOp{OpKind::Leave, *before});
    } else {
        if (before->x != now->x || before->y != now->y) ops.push_back(ScriptOp{OpKind::Move, *now});
        if (before->radius != now->radius) ops.push_back(ScriptOp{OpKind::Radius, *now});
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
    // The mirror follows; an operation on an id it does not have (outside the precondition) changes nothing.
    auto known = mirrorIndex_.find(e.id);
    switch (op.kind) {
        case OpKind::Add:
            if (known != mirrorIndex_.end()) break;
            mirrorIndex_.emplace(e.id, mirror_.size());
            mirror_.push_back(e);
            break;
        case OpKind::Move:
            if (known == mirrorIndex_.end()) break;
            mirror_[known->second].x = e.x;
            mirror_[known->second].y = e.y;
            break;
        case OpKind::Radius:
            if (known != mirrorIndex_.end()) mirror_[known->second].radius = e.radius;
            break;
        case OpKind::Leave: {
            if (known == mirrorIndex_.end()) break;
            const std::size_t place = known->second;
            mirrorIndex_.erase(known);
            mirror_.erase(mirror_.begin() + static_cast<std::ptrdiff_t>(place));
            for (std::size_t i = place; i < mirror_.size(); ++i) mirrorIndex_[mirror_[i].id] = i;
            break;
        }
        case OpKind::Tick: break;
    }
    lastOp_ = op;
    if (op.kind == OpKind::Move || op.kind == OpKind::Radius)
        if (const Entity* now = mirrored(e.id)) lastOp_.entity = *now;
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
    for (const Entity& mirroredEntity : mirror_) {
        const EntityId watcher = mirroredEntity.id;
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
