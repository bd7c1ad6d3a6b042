// A copied session (every method cloned) goes on exactly as the original: the app's AOI timeline keeps
// copies as checkpoints and replays a step back from the nearest one. Checked for every method and
// both relation modes, against a session that was never copied, through random operations of every kind.
#include "aoi/aoi_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace aoilab {
namespace {

// Everything an operation leaves that the app reads: each method's events, views and counters, the log.
std::vector<std::string> stateOf(const AoiSession& session, const std::vector<EntityId>& ids) {
    std::vector<std::string> out;
    out.push_back(std::to_string(session.operationCount()) + " ops, tick " + std::to_string(session.tick()));
    std::vector<EntityId> seen;
    for (const AoiSession::MethodRun& run : session.methods()) {
        std::string line = run.name + ":";
        for (const AoiEvent& e : run.lastEvents)
            line += " " + std::to_string(static_cast<int>(e.type)) + "/" + std::to_string(e.watcher) + "/" + std::to_string(e.target);
        line += " | agrees " + std::to_string(run.agreesLast) + " " + std::to_string(run.disagreeingOps);
        const AoiCounters& c = run.system->lastOperation();
        const AoiCounters& t = run.system->total();
        line += " | counters " + std::to_string(c.visited) + " " + std::to_string(c.distanceChecks) + " " +
                std::to_string(c.events) + " total " + std::to_string(t.visited) + " " + std::to_string(t.distanceChecks) +
                " | size " + std::to_string(run.system->size());
        for (EntityId id : ids) {
            run.system->viewOf(id, seen);
            std::sort(seen.begin(), seen.end());
            line += " " + std::to_string(id) + "[";
            for (EntityId s : seen) line += std::to_string(s) + ",";
            line += "]";
        }
        out.push_back(line);
    }
    out.push_back("log " + std::to_string(session.log().size()) + " dropped " + std::to_string(session.eventsDropped()));
    if (!session.log().empty()) {
        const LoggedEvent& last = session.log().back();
        out.push_back("last logged " + std::to_string(last.op) + " " + std::to_string(last.tick) + " " + std::to_string(last.method));
    }
    return out;
}

// The next random operation on `world` (applied to it): moves near and far, radius changes, leaves,
// arrivals, ticks.
ScriptOp nextOperation(World& world, std::mt19937& rng) {
    std::uniform_int_distribution<int> roll(0, 99);
    std::uniform_real_distribution<double> at(0, 400), step(-15, 15), radius(5, 60);
    const auto& entities = world.entities();
    const int r = roll(rng);
    if (r < 8 || entities.size() < 5) {
        Entity e{world.nextFreeId(), "", at(rng), at(rng), radius(rng), 0};
        world.add(e);
        return ScriptOp{OpKind::Add, e};
    }
    const Entity picked = entities[static_cast<std::size_t>(roll(rng)) % entities.size()];
    if (r < 14) {
        world.remove(picked.id);
        return ScriptOp{OpKind::Leave, picked};
    }
    if (r < 22) return ScriptOp{OpKind::Tick, Entity{}};
    if (r < 30) {
        world.setRadius(picked.id, radius(rng));
        return ScriptOp{OpKind::Radius, *world.find(picked.id)};
    }
    const bool far = r < 40;
    const double x = far ? at(rng) : std::clamp(picked.x + step(rng), 0.0, 400.0);
    const double y = far ? at(rng) : std::clamp(picked.y + step(rng), 0.0, 400.0);
    world.move(picked.id, x, y);
    return ScriptOp{OpKind::Move, *world.find(picked.id)};
}

void expectCopiesGoOnAsTheOriginal(const AoiSettings& settings, unsigned seed) {
    World world(400, 400);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> at(0, 400), radius(5, 60);
    for (EntityId id = 1; id <= 60; ++id) world.add(Entity{id, "", at(rng), at(rng), radius(rng), 0});
    AoiSession original, neverCopied;
    original.reset(world, settings, 500);
    neverCopied.reset(world, settings, 500);
    std::vector<EntityId> ids;
    for (EntityId id = 1; id <= 90; ++id) ids.push_back(id);
    for (int round = 0; round < 4; ++round) {
        for (int i = 0; i < 150; ++i) {  // on to the next copy
            const ScriptOp op = nextOperation(world, rng);
            original.apply(op);
            neverCopied.apply(op);
        }
        AoiSession copy(original);
        EXPECT_NE(copy.logGeneration(), original.logGeneration());  // a reader of the log starts over
        ASSERT_EQ(stateOf(copy, ids), stateOf(original, ids)) << "round " << round;
        AoiSession assigned;
        assigned = copy;
        // Both go on with the same operations; the copy's must not reach the original.
        World copyWorld = world;
        std::mt19937 copyRng = rng;
        for (int i = 0; i < 150; ++i) {
            const ScriptOp op = nextOperation(copyWorld, copyRng);
            copy.apply(op);
            assigned.apply(op);
            if (i % 10 == 0) {
                ASSERT_EQ(stateOf(assigned, ids), stateOf(copy, ids)) << "round " << round << ", op " << i;
            }
        }
        ASSERT_EQ(stateOf(original, ids), stateOf(neverCopied, ids)) << "round " << round;
        for (int i = 0; i < 150; ++i) {
            const ScriptOp op = nextOperation(world, rng);
            original.apply(op);
            neverCopied.apply(op);
        }
        ASSERT_EQ(stateOf(copy, ids), stateOf(original, ids)) << "round " << round << ": the copy went on as the original";
        ASSERT_EQ(stateOf(original, ids), stateOf(neverCopied, ids)) << "round " << round;
    }
    for (const AoiSession::MethodRun& run : original.methods()) {
        if (run.system->exact()) {
            EXPECT_EQ(run.disagreeingOps, 0u) << run.name;
        }
    }
}

TEST(AoiSessionCopy, GoesOnAsTheOriginalWithPositionalRelations) {
    AoiSettings settings;  // no hysteresis: relations derived from positions
    settings.shape = ViewShape::Circle;
    expectCopiesGoOnAsTheOriginal(settings, 3);
}

TEST(AoiSessionCopy, GoesOnAsTheOriginalWithStoredRelationsAndSquares) {
    AoiSettings settings;
    settings.shape = ViewShape::Square;
    settings.hysteresis = 4;
    settings.insertFromHead = true;
    expectCopiesGoOnAsTheOriginal(settings, 5);
}

TEST(AoiSessionCopy, GoesOnAsTheOriginalWithTheGridsLazySuperView) {
    AoiSettings settings;
    settings.lazySuperView = true;
    settings.standardRadius = 40;
    settings.tickInterval = 3;
    settings.quadtreeCapacity = 2;
    settings.towerSize = 30;
    expectCopiesGoOnAsTheOriginal(settings, 9);
}

}  // namespace
}  // namespace aoilab
