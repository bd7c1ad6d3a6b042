#include "aoi/behaviour.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace aoilab {

const char* toString(Behaviour::Kind kind) {
    switch (kind) {
        case Behaviour::Kind::Still: return "still";
        case Behaviour::Kind::Walk: return "walk";
        case Behaviour::Kind::Patrol: return "patrol";
        case Behaviour::Kind::Follow: return "follow";
    }
    return "?";
}

BehaviourRunner::BehaviourRunner(const Behaviour& behaviour, EntityId id, Vec2 start)
    : behaviour_(behaviour), position_(start), state_(behaviour.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(id)) {}

double BehaviourRunner::unit() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);
}

Vec2 BehaviourRunner::advance(double width, double height) {
    switch (behaviour_.kind) {
        case Behaviour::Kind::Still: break;
        case Behaviour::Kind::Walk: {
            double dx = (unit() * 2 - 1) * behaviour_.step, dy = (unit() * 2 - 1) * behaviour_.step;
            position_ = {std::clamp(position_.x + dx, 0.0, width), std::clamp(position_.y + dy, 0.0, height)};
            break;
        }
        case Behaviour::Kind::Patrol:
        case Behaviour::Kind::Follow: {
            if (behaviour_.points.empty()) break;
            bool loops = behaviour_.kind == Behaviour::Kind::Patrol;
            double left = behaviour_.speed;
            // Walks `speed` along the polyline, turning at each point it reaches (at most one lap a tick).
            // A patrol goes back to the first point after the last; a follower stops on the last.
            for (std::size_t turns = 0; turns <= behaviour_.points.size() && left > 0; ++turns) {
                if (!loops && target_ >= behaviour_.points.size()) break;
                Vec2 goal = behaviour_.points[target_];
                double dx = goal.x - position_.x, dy = goal.y - position_.y, d = std::hypot(dx, dy);
                if (d > left) {
                    position_ = {position_.x + dx / d * left, position_.y + dy / d * left};
                    left = 0;
                } else {
                    position_ = goal;
                    left -= d;
                    target_ = loops ? (target_ + 1) % behaviour_.points.size() : target_ + 1;
                }
            }
            position_ = {std::clamp(position_.x, 0.0, width), std::clamp(position_.y, 0.0, height)};
            break;
        }
    }
    return position_;
}

std::vector<ScriptOp> expandBehaviours(const std::vector<Entity>& initial,
                                       const std::vector<std::optional<Behaviour>>& initialBehaviours,
                                       const std::vector<ScriptOp>& script,
                                       const std::vector<std::optional<Behaviour>>& addBehaviours, double width,
                                       double height) {
    std::map<EntityId, BehaviourRunner> live;  // ordered: moves come in id order
    for (std::size_t i = 0; i < initial.size(); ++i)
        if (i < initialBehaviours.size() && initialBehaviours[i])
            live.emplace(initial[i].id, BehaviourRunner(*initialBehaviours[i], initial[i].id, {initial[i].x, initial[i].y}));
    if (live.empty() && std::none_of(addBehaviours.begin(), addBehaviours.end(), [](const auto& b) { return b.has_value(); }))
        return script;
    std::vector<ScriptOp> out;
    out.reserve(script.size());
    for (std::size_t k = 0; k < script.size(); ++k) {
        const ScriptOp& op = script[k];
        switch (op.kind) {
            case OpKind::Add:
                live.erase(op.entity.id);
                if (k < addBehaviours.size() && addBehaviours[k])
                    live.emplace(op.entity.id, BehaviourRunner(*addBehaviours[k], op.entity.id, {op.entity.x, op.entity.y}));
                break;
            case OpKind::Move:
                if (auto it = live.find(op.entity.id); it != live.end()) it->second.placeAt({op.entity.x, op.entity.y});
                break;
            case OpKind::Leave: live.erase(op.entity.id); break;
            case OpKind::Radius: break;
            case OpKind::Tick:
                for (auto& [id, runner] : live) {
                    Vec2 before = runner.position(), after = runner.advance(width, height);
                    if (after.x == before.x && after.y == before.y) continue;
                    ScriptOp move{OpKind::Move, Entity{}};
                    move.entity.id = id;
                    move.entity.x = after.x;
                    move.entity.y = after.y;
                    move.generated = true;
                    out.push_back(move);
                }
                break;
        }
        out.push_back(op);
    }
    return out;
}

}  // namespace aoilab
