#pragma once
// Runs every AOI method side by side on the same operations: what the app's panels, the Compare table and
// the step mode read. The session mirrors the World it was last synced with, so the app never has to tell
// it what an edit was: pendingOperations(world) diffs the mirror against the world (adds, leaves, moves,
// radius changes) and apply() runs one operation through every method, timing each and checking each
// against brute force.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "aoi/aoi_system.h"
#include "core/world.h"
#include "aoi/aoi_settings.h"
#include "aoi/script_op.h"
#include "core/build_progress.h"

namespace aoilab {

// An event as the log shows it: which operation, at which tick, from which method.
struct LoggedEvent {
    std::size_t op = 0;
    std::size_t tick = 0;
    int method = 0;  // index into AoiSession::methods()
    AoiEvent event;
};

class AoiSession {
public:
    AoiSession() = default;
    // A copy goes on exactly as the original would (every method cloned), but its log is a new
    // generation (logGeneration()): a reader that followed the original starts over on it.
    AoiSession(const AoiSession& other);
    AoiSession& operator=(const AoiSession& other);
    AoiSession(AoiSession&&) noexcept = default;
    AoiSession& operator=(AoiSession&&) noexcept = default;
    // An estimate of a copy's bytes: the methods' memoryBytes(), the mirror and the log.
    std::size_t memoryBytes() const;

    struct MethodRun {
        std::string name;
        std::unique_ptr<AoiSystem> system;
        std::vector<AoiEvent> lastEvents;  // the last operation's events, sorted (type, watcher, target)
        double lastNanoseconds = 0;
        double totalNanoseconds = 0;
        bool agreesLast = true;            // the last operation's events equal brute force's
        std::size_t disagreeingOps = 0;    // operations whose events differed from brute force's
    };

    // Builds every registered method (brute first) with the scenario's settings and adds the world's
    // entities, one operation each. The log is kept to the newest `logCapacity` events.
    // withBrute false leaves the brute-force oracle out (it tests every entity on every operation, so
    // building it for n entities costs O(n^2)): then nothing is checked against it (agreesLast stays
    // true, viewDifferences is empty) and methods() starts with the first fast method.
    // `progress`, when given, hears (entities added, entities in all) now and then and at the end: with
    // brute force every kProgressEvery adds; without, every few milliseconds while the count moves;
    // when it returns false reset throws BuildCancelled and the session must be reset again
    // before use (a large world's build runs on a worker thread in the app, with a Cancel button).
    void reset(const World& world, const AoiSettings& settings, std::size_t logCapacity = 200'000,
               bool withBrute = true, const BuildProgress& progress = {});
    static constexpr std::size_t kProgressEvery = 4096;
    // Without brute force each method adds every entity on its own, the methods on threads of their own
    // from this many entities on (buildMethodByMethod). The result is the same as one operation at a
    // time through every method; the progress is then the entities added averaged over the methods.
    static constexpr std::size_t kParallelBuildFrom = 4096;

    // What it takes to bring the methods from the mirrored world to `world`, in a valid order.
    std::vector<ScriptOp> pendingOperations(const World& world) const;
    // The same when only entity `id` may differ between the mirror and `world` (a script operation just
    // applied to a world the methods had in full): two lookups, not a walk of every entity, so
    // replaying a long script costs per operation, not per operation and entity.
    std::vector<ScriptOp> pendingOperationsOf(const World& world, EntityId id) const;
    // Runs one operation through every method. Precondition: valid for the mirror (as pendingOperations
    // produces, or a scenario's script).
    void apply(const ScriptOp& op);
    void applyAll(const World& world);  // apply(pendingOperations(world)) one by one

    const AoiConfig& config() const { return config_; }
    const std::vector<MethodRun>& methods() const { return methods_; }
    int methodIndex(const std::string& name) const;  // -1 when absent
    const AoiSystem* system(const std::string& name) const;
    bool hasBrute() const { return hasBrute_; }
    const MethodRun& brute() const { return methods_.front(); }  // precondition: hasBrute()

    std::size_t operationCount() const { return operations_; }
    std::size_t tick() const { return tick_; }
    const ScriptOp* lastOperation() const { return operations_ ? &lastOp_ : nullptr; }
    const std::deque<LoggedEvent>& log() const { return log_; }
    // For readers that follow the log as it grows (the events panel): every reset starts a new
    // generation (numbered across all sessions), within which events are only added at the end and,
    // past the capacity, dropped from the front: log()[i] is the generation's event number eventsDropped() + i, so a reader that has
    // read up to event N needs only the ones after it.
    std::uint64_t logGeneration() const { return logGeneration_; }
    std::uint64_t eventsDropped() const { return eventsDropped_; }  // the oldest ones, past the capacity
    // The world as the methods have it, in the order its entities were added (a stable replay order).
    const std::vector<Entity>& mirroredEntities() const { return mirror_; }
    const Entity* mirrored(EntityId id) const;  // nullptr when the methods do not have it

    // Pairs (watcher, target) where the method's current view differs from brute force's: what lazy
    // super-view mode gets wrong until the next tick. Empty for an exact method.
    std::vector<std::pair<EntityId, EntityId>> viewDifferences(int method) const;

private:
    void buildMethodByMethod(const World& world, const BuildProgress& progress);  // aoi_session_build.cpp

    AoiConfig config_;
    std::vector<MethodRun> methods_;
    // Kept in order like World's entities, so that pendingOperations() compares the two side by side
    // while they line up (no hashing of every entity at every edit: a drag among 100,000 is one diff
    // a frame); an id's place is looked up only where they do not.
    std::vector<Entity> mirror_;
    std::unordered_map<EntityId, std::size_t> mirrorIndex_;  // id -> place in mirror_
    std::deque<LoggedEvent> log_;
    std::size_t logCapacity_ = 0;
    std::uint64_t logGeneration_ = 0;
    std::uint64_t eventsDropped_ = 0;
    bool hasBrute_ = true;
    std::size_t operations_ = 0;
    std::size_t tick_ = 0;
    ScriptOp lastOp_;
    EventBuffer buffer_;
};

}  // namespace aoilab
