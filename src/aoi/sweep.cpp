#include "aoi/sweep.h"

#include <algorithm>
#include <cmath>

#include "aoi/aoi_config.h"
#include "aoi/aoi_system.h"
#include "aoi/cross_list.h"
#include "aoi/workload_budget.h"
#include "core/error.h"
#include "core/text_check.h"
#include "core/world.h"

namespace aoilab {
namespace {

bool geometric(SweepVariable vary) { return vary == SweepVariable::Entities || vary == SweepVariable::Radius; }

WorkloadOptions workloadAt(const SweepOptions& options, double value) {
    WorkloadOptions w = options.base;
    switch (options.vary) {
        case SweepVariable::Entities: w.entities = static_cast<std::size_t>(std::llround(value)); break;
        case SweepVariable::Radius: w.radius = value; break;
        case SweepVariable::Movers: w.movers = value; break;
        case SweepVariable::Cluster: w.cluster = value; break;
    }
    return w;
}

}  // namespace

const char* toString(SweepVariable variable) {
    switch (variable) {
        case SweepVariable::Entities: return "entities";
        case SweepVariable::Radius: return "radius";
        case SweepVariable::Movers: return "movers";
        case SweepVariable::Cluster: return "cluster";
    }
    return "?";
}

std::optional<SweepVariable> parseSweepVariable(std::string_view name) {
    for (SweepVariable v : {SweepVariable::Entities, SweepVariable::Radius, SweepVariable::Movers, SweepVariable::Cluster})
        if (name == toString(v)) return v;
    return std::nullopt;
}

bool SweepResult::checksumsAgree() const {
    return std::all_of(points.begin(), points.end(), [](const SweepPoint& p) { return p.checksumsAgree; });
}

std::vector<double> sweepValues(const SweepOptions& options) {
    if (options.points < 2 || options.points > 100)
        throw InputError("--points: expected 2 to 100 points, got " + std::to_string(options.points));
    double low = 0, high = 0;
    switch (options.vary) {
        case SweepVariable::Entities: low = 2, high = static_cast<double>(kMaxEntities); break;
        case SweepVariable::Radius: low = 1e-6, high = kMaxRadius; break;
        case SweepVariable::Movers: low = 1e-6, high = 1; break;
        case SweepVariable::Cluster: low = 0, high = 1; break;
    }
    for (double v : {options.from, options.to})
        if (!(v >= low && v <= high))
            throw InputError(std::string("--from/--to: ") + toString(options.vary) + " must lie in [" +
                             briefNumber(low) + ", " + briefNumber(high) + "], got " + briefNumber(v));
    if (!(options.from < options.to)) throw InputError("--from must be less than --to");
    std::vector<double> values;
    for (int i = 0; i < options.points; ++i) {
        double t = static_cast<double>(i) / (options.points - 1);
        double v = geometric(options.vary) ? options.from * std::pow(options.to / options.from, t)
                                           : options.from + (options.to - options.from) * t;
        if (options.vary == SweepVariable::Entities) v = std::round(v);
        values.push_back(v);
    }
    // docs/LIMITS.md: the work of all the points, before any (each flag alone is in range).
    double operations = 0, viewPairs = 0;
    for (double v : values) {
        const WorkloadOptions w = workloadAt(options, v);
        const double n = static_cast<double>(w.entities);
        operations += n + std::min(static_cast<double>(options.maxMovesPerMethod), std::ceil(w.movers * n) * std::max(0, w.ticks));
        viewPairs = std::max(viewPairs, expectedViewPairs(w));
    }
    if (std::string refusal = workloadRefusal(operations, "--points, --moves, --ticks or --entities", viewPairs,
                                              "--entities or --radius, or raise --world");
        !refusal.empty())
        throw InputError("the sweep's " + std::to_string(values.size()) + " points: " + refusal);
    return values;
}

SweepResult runSweep(const SweepOptions& options, const std::function<void(int, int)>& progress,
                     const std::atomic<bool>* cancel) {
    SweepResult result;
    result.options = options;
    const std::vector<double> values = sweepValues(options);
    std::vector<std::string> names = options.methods.empty() ? aoiMethodNames() : options.methods;
    for (std::string& name : names) {
        auto canonical = resolveAoiMethod(name);
        if (!canonical) throw InputError(unknownAoiMethodMessage(name));
        name = *canonical;
    }
    const int total = static_cast<int>(values.size() * names.size());
    int done = 0;
    for (double value : values) {
        WorkloadOptions workload = workloadAt(options, value);
        AoiSettings settings;
        settings.shape = options.shape;
        settings.standardRadius = workload.radius;
        AoiConfig config = resolveAoiConfig(settings, workload.world, workload.world, workload.radius);
        // Every method runs the same moves, so their checksums are comparable even when cut short.
        const std::uint64_t moves = std::min<std::uint64_t>(
            options.maxMovesPerMethod,
            static_cast<std::uint64_t>(std::ceil(workload.movers * static_cast<double>(workload.entities))) *
                static_cast<std::uint64_t>(std::max(0, workload.ticks)));
        SweepPoint point;
        point.value = value;
        const SweepMethodPoint* reference = nullptr;
        for (const std::string& name : names) {
            if (cancel && cancel->load()) {
                result.cancelled = true;
                break;
            }
            if (name == "brute" && workload.entities > kSweepBruteEntities) {
                if (progress) progress(++done, total);
                continue;
            }
            std::unique_ptr<AoiSystem> system = makeAoiSystem(name, config);
            if (auto* crossList = dynamic_cast<CrossListAoi*>(system.get())) crossList->setTracing(false);
            WorkloadResult run = runWorkload(*system, workload, moves, moves);
            SweepMethodPoint m;
            m.name = name;
            m.exact = system->exact();
            m.moves = run.moves;
            m.checksum = run.checksum;
            m.nsPerMove = run.moves == 0 ? 0 : run.moveSeconds * 1e9 / static_cast<double>(run.moves);
            point.methods.push_back(m);
            if (progress) progress(++done, total);
        }
        if (result.cancelled) break;
        for (const SweepMethodPoint& m : point.methods) {
            if (!m.exact) continue;
            if (!reference) reference = &m;
            else if (m.checksum != reference->checksum || m.moves != reference->moves) point.checksumsAgree = false;
        }
        result.points.push_back(std::move(point));
    }
    result.crossovers = findCrossovers(result.points, options.vary);
    return result;
}

std::vector<SweepCrossover> findCrossovers(const std::vector<SweepPoint>& points, SweepVariable vary) {
    std::vector<SweepCrossover> found;
    auto timeOf = [](const SweepPoint& p, const std::string& name) -> std::optional<double> {
        for (const SweepMethodPoint& m : p.methods)
            if (m.name == name && m.nsPerMove > 0) return m.nsPerMove;
        return std::nullopt;
    };
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const SweepPoint &a = points[i], &b = points[i + 1];
        for (std::size_t x = 0; x < a.methods.size(); ++x) {
            for (std::size_t y = x + 1; y < a.methods.size(); ++y) {
                const std::string &p = a.methods[x].name, &q = a.methods[y].name;
                auto pa = timeOf(a, p), qa = timeOf(a, q), pb = timeOf(b, p), qb = timeOf(b, q);
                if (!pa || !qa || !pb || !qb) continue;
                double before = std::log(*pa / *qa), after = std::log(*pb / *qb);
                if ((before < 0) == (after < 0) || before == after) continue;
                double t = before / (before - after);
                double value = geometric(vary) ? a.value * std::pow(b.value / a.value, t)
                                               : a.value + (b.value - a.value) * t;
                bool pFaster = after < 0;
                // Where log p / q crosses zero, log p and log q meet: on both lines the plot draws.
                double ns = std::exp(std::log(*pa) + (std::log(*pb) - std::log(*pa)) * t);
                found.push_back({pFaster ? p : q, pFaster ? q : p, value, ns});
            }
        }
    }
    return found;
}

}  // namespace aoilab
