#pragma once
// What an entity does on its own at each tick, so a crowd scenario stays a few lines long: stand still,
// walk at random (its own seeded generator: the same steps on every machine), patrol along points at a
// set speed, or follow a route to a goal once and stop there (the scenario layer computes the route
// around the world's obstacles: scenario/follow_route.h). A scenario's reader turns behaviours into ordinary move operations before each tick
// (marked `generated`), so every method, the app's timeline and replay see the same operations.
#include <cstdint>
#include <optional>
#include <vector>

#include "aoi/script_op.h"
#include "core/geometry.h"

namespace aoilab {

struct Behaviour {
    enum class Kind { Still, Walk, Patrol, Follow };
    Kind kind = Kind::Still;
    std::uint64_t seed = 1;    // walk
    double step = 1;           // walk: the largest step per axis and tick
    std::vector<Vec2> points;  // patrol: visited in order, then back to the first; follow: the route's turns
    double speed = 1;          // patrol, follow: distance per tick
    Vec2 goal;                 // follow: where the route ends (its last point)
    friend bool operator==(const Behaviour&, const Behaviour&) = default;
};

const char* toString(Behaviour::Kind kind);

// One behaving entity's progress: where it is, its generator, the patrol point it heads for.
class BehaviourRunner {
public:
    BehaviourRunner(const Behaviour& behaviour, EntityId id, Vec2 start);
    // The position after one more tick, inside [0, width] x [0, height].
    Vec2 advance(double width, double height);
    void placeAt(Vec2 position) { position_ = position; }  // an explicit move of the script
    Vec2 position() const { return position_; }

private:
    Behaviour behaviour_;
    Vec2 position_;
    std::uint64_t state_;
    std::size_t target_ = 0;
    double unit();  // [0, 1), SplitMix64
};

// Inserts each behaving entity's move (in id order) before every tick of `script`. `initial` are the
// entities present before the script with their behaviours; an "add" op's behaviour comes in
// `addBehaviours` (same index as the op in `script`). Moves to the same place are left out.
std::vector<ScriptOp> expandBehaviours(const std::vector<Entity>& initial,
                                       const std::vector<std::optional<Behaviour>>& initialBehaviours,
                                       const std::vector<ScriptOp>& script,
                                       const std::vector<std::optional<Behaviour>>& addBehaviours, double width,
                                       double height);

}  // namespace aoilab
