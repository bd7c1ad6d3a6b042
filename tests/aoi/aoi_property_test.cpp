// Every registered exact method against brute force on random scripts: the sorted events of EVERY
// operation must be equal, and at the end every entity's view and watchers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "aoi/aoi_system.h"

namespace aoilab {
namespace {

constexpr int kSeeds = 200;
constexpr int kOpsPerSeed = 500;

struct Live {
    EntityId id;
    Vec2 position;
    double radius;
};

// A deterministic random script generator with the awkward cases weighted up.
class ScriptMaker {
public:
    ScriptMaker(std::uint64_t seed, double width, double height) : rng_(seed), width_(width), height_(height) {}

    std::uint64_t below(std::uint64_t n) { return rng_() % n; }
    double unit() { return static_cast<double>(rng_() >> 11) * (1.0 / 9007199254740992.0); }

    double coordinate(double extent) {
        switch (below(10)) {
            case 0: return 0;                                          // border
            case 1: return extent;                                     // border
            case 2: case 3: return static_cast<double>(below(static_cast<std::uint64_t>(extent) + 1));  // ties
            default: return unit() * extent;
        }
    }
    Vec2 point() {
        if (below(8) == 0) return hotPoint_;  // many entities on one point
        return {coordinate(width_), coordinate(height_)};
    }
    Vec2 near(Vec2 p) {
        double dx = std::round((unit() * 6 - 3) * 2) / 2;  // half-unit steps keep exact boundary ties
        double dy = std::round((unit() * 6 - 3) * 2) / 2;
        return {std::clamp(p.x + dx, 0.0, width_), std::clamp(p.y + dy, 0.0, height_)};
    }
    double radius() {
        switch (below(10)) {
            case 0: return 0;
            case 1: return 1000;  // bigger than the world
            case 2: return 2.5;
            case 3: return 15;
            default: return static_cast<double>(1 + below(10));
        }
    }

private:
    std::mt19937_64 rng_;
    double width_;
    double height_;
    Vec2 hotPoint_{7, 7};
};

std::string describe(const std::vector<AoiEvent>& events, std::size_t from, std::size_t count) {
    std::ostringstream out;
    for (std::size_t i = from; i < events.size() && i < from + count; ++i)
        out << toString(events[i].type) << "(" << events[i].watcher << "," << events[i].target << ") ";
    return out.str();
}

// Empty when equal, else the first differing events.
std::string compareEvents(std::vector<AoiEvent> expected, std::vector<AoiEvent> actual) {
    std::sort(expected.begin(), expected.end());
    std::sort(actual.begin(), actual.end());
    if (expected == actual) return {};
    std::size_t i = 0;
    while (i < expected.size() && i < actual.size() && expected[i] == actual[i]) ++i;
    return "first difference at sorted event " + std::to_string(i) + ": brute has [" + describe(expected, i, 4) +
           "] (" + std::to_string(expected.size()) + " events), method has [" + describe(actual, i, 4) + "] (" +
           std::to_string(actual.size()) + " events)";
}

struct Combo {
    ViewShape shape;
    double hysteresis;
};

void runSeed(const Combo& combo, std::uint64_t seed, const std::vector<std::string>& methods) {
    ScriptMaker maker(seed * 7919 + (combo.shape == ViewShape::Circle ? 1 : 0) + (combo.hysteresis > 0 ? 2 : 0),
                      0, 0);
    AoiConfig config;
    config.shape = combo.shape;
    config.hysteresis = combo.hysteresis;
    const double widths[] = {40, 64, 100};
    config.worldWidth = widths[maker.below(3)];
    config.worldHeight = widths[maker.below(3)] * 0.75;
    const double cells[] = {3, 10, 25};
    config.cellSize = cells[maker.below(3)];
    config.standardRadius = static_cast<double>(1 + maker.below(15));
    config.towerSize = cells[maker.below(3)] * 2;
    config.quadtreeCapacity = static_cast<int>(1 + maker.below(8));
    config.quadtreeMaxDepth = static_cast<int>(maker.below(7));
    config.lazySuperView = false;  // only the exact mode must agree with brute force
    maker = ScriptMaker(seed * 104729 + 17, config.worldWidth, config.worldHeight);

    std::unique_ptr<AoiSystem> brute = makeAoiSystem("brute", config);
    std::vector<std::unique_ptr<AoiSystem>> systems;
    for (const std::string& name : methods) systems.push_back(makeAoiSystem(name, config));

    std::vector<Live> live;
    std::vector<EntityId> gone;
    EntityId nextId = 0;
    EventBuffer expected;
    std::vector<EventBuffer> actual(systems.size());
    const int populationCap = 5 + static_cast<int>(maker.below(36));

    for (int op = 0; op < kOpsPerSeed; ++op) {
        expected.events.clear();
        for (EventBuffer& buffer : actual) buffer.events.clear();
        std::uint64_t roll = maker.below(100);
        std::ostringstream what;
        if (live.empty() || (roll < 25 && static_cast<int>(live.size()) < populationCap)) {
            Live e;
            if (!gone.empty() && maker.below(3) == 0) {  // an id that left comes back
                std::size_t k = maker.below(gone.size());
                e.id = gone[k];
                gone.erase(gone.begin() + static_cast<std::ptrdiff_t>(k));
            } else {
                e.id = maker.below(6) == 0 ? (EntityId{1} << 40) + nextId++ : nextId++;  // hashed ids too
            }
            e.position = maker.point();
            e.radius = maker.radius();
            what << "add " << e.id << " (" << e.position.x << "," << e.position.y << ") r=" << e.radius;
            brute->add(e.id, e.position, e.radius, expected);
            for (std::size_t m = 0; m < systems.size(); ++m) systems[m]->add(e.id, e.position, e.radius, actual[m]);
            live.push_back(e);
        } else {
            std::size_t k = maker.below(live.size());
            Live& e = live[k];
            if (roll < 35) {
                what << "leave " << e.id;
                brute->remove(e.id, expected);
                for (std::size_t m = 0; m < systems.size(); ++m) systems[m]->remove(e.id, actual[m]);
                gone.push_back(e.id);
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
            } else if (roll < 45) {
                e.radius = maker.radius();
                what << "radius " << e.id << " r=" << e.radius;
                brute->setRadius(e.id, e.radius, expected);
                for (std::size_t m = 0; m < systems.size(); ++m) systems[m]->setRadius(e.id, e.radius, actual[m]);
            } else if (roll == 99) {
                what << "tick";
                brute->tick(expected);
                for (std::size_t m = 0; m < systems.size(); ++m) systems[m]->tick(actual[m]);
            } else {
                e.position = roll < 80 ? maker.near(e.position) : maker.point();  // small move or teleport
                what << "move " << e.id << " to (" << e.position.x << "," << e.position.y << ")";
                brute->move(e.id, e.position, expected);
                for (std::size_t m = 0; m < systems.size(); ++m) systems[m]->move(e.id, e.position, actual[m]);
            }
        }
        for (std::size_t m = 0; m < systems.size(); ++m) {
            std::string difference = compareEvents(expected.events, actual[m].events);
            ASSERT_TRUE(difference.empty())
                << "method " << methods[m] << ", shape " << toString(combo.shape) << ", hysteresis "
                << combo.hysteresis << ", seed " << seed << ", op " << op << " (" << what.str() << "): " << difference;
            ASSERT_EQ(systems[m]->size(), brute->size()) << methods[m] << " seed " << seed << " op " << op;
        }
    }
    std::vector<EntityId> want;
    std::vector<EntityId> got;
    for (const Live& e : live) {
        for (std::size_t m = 0; m < systems.size(); ++m) {
            brute->viewOf(e.id, want);
            systems[m]->viewOf(e.id, got);
            std::sort(want.begin(), want.end());
            std::sort(got.begin(), got.end());
            ASSERT_EQ(want, got) << "viewOf(" << e.id << ") of " << methods[m] << ", seed " << seed;
            brute->watchersOf(e.id, want);
            systems[m]->watchersOf(e.id, got);
            std::sort(want.begin(), want.end());
            std::sort(got.begin(), got.end());
            ASSERT_EQ(want, got) << "watchersOf(" << e.id << ") of " << methods[m] << ", seed " << seed;
        }
    }
}

std::vector<std::string> exactMethodsUnderTest() {
    std::vector<std::string> names;
    for (const std::string& name : aoiMethodNames())
        if (name != "brute") names.push_back(name);
    return names;
}

struct Case {
    std::string method;
    Combo combo;
};

// Every registered method except brute, in both shapes, with and without hysteresis; each its own test,
// so one broken method does not hide the others.
std::vector<Case> allCases() {
    std::vector<Case> cases;
    for (const std::string& name : exactMethodsUnderTest())
        for (Combo combo : {Combo{ViewShape::Square, 0}, Combo{ViewShape::Square, 1.5}, Combo{ViewShape::Circle, 0},
                            Combo{ViewShape::Circle, 1.5}})
            cases.push_back({name, combo});
    return cases;
}

void PrintTo(const Case& c, std::ostream* out) {
    *out << c.method << " " << toString(c.combo.shape) << " h=" << c.combo.hysteresis;
}

class AoiProperty : public ::testing::TestWithParam<Case> {};

TEST_P(AoiProperty, SameEventsAsBruteForce) {
    for (int seed = 1; seed <= kSeeds; ++seed) {
        runSeed(GetParam().combo, static_cast<std::uint64_t>(seed), {GetParam().method});
        if (::testing::Test::HasFatalFailure()) return;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryMethod, AoiProperty, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<Case>& param) {
                             return param.param.method + "_" + toString(param.param.combo.shape) +
                                    (param.param.combo.hysteresis > 0 ? "_hysteresis" : "_plain");
                         });

TEST(AoiPropertyCoverage, EveryRegisteredExactMethodIsTested) {
    std::vector<std::string> names = exactMethodsUnderTest();
    EXPECT_NE(std::find(names.begin(), names.end(), "crosslist"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "quadtree"), names.end());
    EXPECT_EQ(allCases().size(), 4 * names.size());
}

// The harness itself must be able to fail: a method that drops one event is caught.
class DropsMoves final : public AoiSystem {
public:
    explicit DropsMoves(std::unique_ptr<AoiSystem> inner) : inner_(std::move(inner)) {}
    const char* name() const override { return "drops-moves"; }
    void add(EntityId id, Vec2 p, double r, EventSink& sink) override { inner_->add(id, p, r, sink); }
    void remove(EntityId id, EventSink& sink) override { inner_->remove(id, sink); }
    void move(EntityId id, Vec2 p, EventSink& sink) override {
        EventBuffer buffer;
        inner_->move(id, p, buffer);
        bool dropped = false;
        for (const AoiEvent& e : buffer.events) {
            if (!dropped && e.type == AoiEventType::Move) { dropped = true; continue; }
            sink.onEvent(e);
        }
    }
    void setRadius(EntityId id, double r, EventSink& sink) override { inner_->setRadius(id, r, sink); }
    void tick(EventSink& sink) override { inner_->tick(sink); }
    void viewOf(EntityId w, std::vector<EntityId>& out) const override { inner_->viewOf(w, out); }
    void watchersOf(EntityId t, std::vector<EntityId>& out) const override { inner_->watchersOf(t, out); }
    std::size_t size() const override { return inner_->size(); }
    std::size_t memoryBytes() const override { return 0; }
    std::unique_ptr<AoiSystem> clone() const override { return std::make_unique<DropsMoves>(inner_->clone()); }

private:
    std::unique_ptr<AoiSystem> inner_;
};

TEST(AoiPropertyHarness, ComparisonReportsTheFirstDifference) {
    AoiConfig config;
    {
        std::unique_ptr<AoiSystem> brute = makeAoiSystem("brute", config);
        DropsMoves broken(makeAoiSystem("brute", config));
        EventBuffer a, b;
        brute->add(1, {1, 1}, 5, a);
        broken.add(1, {1, 1}, 5, b);
        brute->add(2, {2, 2}, 5, a);
        broken.add(2, {2, 2}, 5, b);
        a.events.clear();
        b.events.clear();
        brute->move(2, {3, 3}, a);
        broken.move(2, {3, 3}, b);
        std::string difference = compareEvents(a.events, b.events);
        EXPECT_NE(difference.find("move(1,2)"), std::string::npos) << difference;
    }
}

}  // namespace
}  // namespace aoilab
