// aoilab-cli replay: runs a scenario's operations through AOI methods; writes the events (JSON lines)
// and checks them against brute force and the scenario's expected events.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "aoi/aoi_config.h"
#include "aoi/aoi_system.h"
#include "cli/args.h"
#include "cli/verbs.h"
#include "aoi/apply_op.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/world.h"
#include "scenario/scenario.h"

namespace aoilab::cli {
namespace {

const char* kUsage =
    "usage: aoilab-cli replay SCENARIO.json [--algo NAME|all] [--events FILE.jsonl] [--check] [--json]\n"
    "  Runs the scenario's entities (added in order) and script through AOI methods.\n"
    "  --algo NAME|all   brute, crosslist, grid, quadtree, tower, or all (default: the scenario's method)\n"
    "  --events FILE     write every event, one JSON object a line:\n"
    "                    {\"op\":K,\"tick\":T,\"algo\":\"grid\",\"type\":\"enter\",\"watcher\":12,\"target\":7}\n"
    "                    (per method, per operation, sorted by type, watcher, target)\n"
    "  --check           compare every operation's events with brute force and with the scenario's\n"
    "                    \"expected\" events; exit 1 on any difference, printing the first ones.\n"
    "                    A non-exact method (the grid's lazy super-view mode) may lag behind brute force:\n"
    "                    that lag is reported but not counted as a failure.\n"
    "  --json            print a JSON summary on stdout\n"
    "Exit codes: 0 success, 1 bad input or a failed check, 2 bad usage.\n";

using OpEvents = std::vector<std::vector<AoiEvent>>;  // per operation, sorted

struct MethodRun {
    std::string name;
    bool exact = true;
    OpEvents events;
    std::size_t eventCount = 0;
    std::size_t bruteDifferences = 0;     // operations that differ from brute force
    std::size_t expectedDifferences = 0;  // operations that differ from the scenario's expected events
};

std::string placeOf(const Scenario& scenario, std::size_t op) {
    if (op < scenario.entities.size()) return "/entities/" + std::to_string(op);
    return "/script/" + std::to_string(op - scenario.entities.size());
}

// Applies every operation to a World first, so a script that moves a missing entity is bad input
// (with its place) rather than a broken precondition inside an AOI method.
void validateOperations(const Scenario& scenario, const std::vector<ScriptOp>& ops, const std::string& file) {
    World world(scenario.width, scenario.height);
    for (std::size_t k = 0; k < ops.size(); ++k) {
        const ScriptOp& op = ops[k];
        try {
            applyOperation(world, op);
        } catch (const InputError& error) {
            throw InputError(file + ": " + placeOf(scenario, k) + " (operation " + std::to_string(k) +
                             "): " + error.what());
        }
    }
}

OpEvents run(AoiSystem& system, const std::vector<ScriptOp>& ops) {
    OpEvents all(ops.size());
    EventBuffer sink;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        sink.events.clear();
        applyOperation(system, ops[k], sink);
        std::sort(sink.events.begin(), sink.events.end());
        all[k] = sink.events;
    }
    return all;
}

std::string describe(const std::vector<AoiEvent>& events) {
    if (events.empty()) return "(none)";
    std::string out;
    std::size_t shown = 0;
    for (const AoiEvent& e : events) {
        if (shown++ == 6) {
            out += " ... (" + std::to_string(events.size()) + " in all)";
            break;
        }
        out += (out.empty() ? "" : " ") + std::string(toString(e.type)) + "(" + std::to_string(e.watcher) + "," +
               std::to_string(e.target) + ")";
    }
    return out;
}

// Counts differing operations; prints the first few to stderr.
std::size_t compare(const std::string& method, const OpEvents& actual, const OpEvents& reference,
                    const char* referenceName, const std::vector<ScriptOp>& ops, std::size_t& printed, bool fatal) {
    std::size_t differing = 0;
    for (std::size_t k = 0; k < actual.size(); ++k) {
        if (actual[k] == reference[k]) continue;
        ++differing;
        if (printed < 5) {
            ++printed;
            std::vector<AoiEvent> missing;
            std::vector<AoiEvent> extra;
            std::set_difference(reference[k].begin(), reference[k].end(), actual[k].begin(), actual[k].end(),
                                std::back_inserter(missing));
            std::set_difference(actual[k].begin(), actual[k].end(), reference[k].begin(), reference[k].end(),
                                std::back_inserter(extra));
            std::fprintf(stderr, "%s: %s operation %zu (%s %lld): only %s has [%s]; only %s has [%s]\n",
                         fatal ? "difference" : "lag (allowed, inexact method)", method.c_str(), k,
                         toString(ops[k].kind), static_cast<long long>(ops[k].entity.id), referenceName,
                         describe(missing).c_str(), method.c_str(), describe(extra).c_str());
        }
    }
    return differing;
}

void writeEvents(const std::string& file, const std::vector<MethodRun>& runs, const std::vector<ScriptOp>& ops) {
    AtomicFileWriter writer(file);  // the old file stays until every line is written
    std::ofstream& out = writer.stream();
    std::vector<long long> tickOf(ops.size());
    long long ticks = 0;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        tickOf[k] = ticks;
        if (ops[k].kind == OpKind::Tick) ++ticks;
    }
    for (const MethodRun& r : runs) {
        for (std::size_t k = 0; k < r.events.size(); ++k) {
            for (const AoiEvent& e : r.events[k]) {
                nlohmann::ordered_json line = {{"op", k},           {"tick", tickOf[k]},  {"algo", r.name},
                                               {"type", toString(e.type)}, {"watcher", e.watcher}, {"target", e.target}};
                out << line.dump() << '\n';
            }
        }
    }
    writer.commit();
}

}  // namespace

int runReplay(int argc, char** argv) {
    FlagSpec spec;
    spec.withValue = {"--algo", "--events"};
    spec.switches = {"--check", "--json"};
    Args args = Args::parse(argc, argv, 2, spec);
    if (args.wantsHelp()) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (args.positionals().size() != 1) throw UsageError("expected one SCENARIO.json file");
    const std::string file = args.positionals()[0];
    // An output that is the input (by any path or link) would destroy it: refused before any work.
    if (args.has("--events")) requireOutputIsNotAnInput(args.value("--events"), {file});

    Scenario scenario = loadScenario(file);
    std::vector<ScriptOp> ops = scenario.operations();
    validateOperations(scenario, ops, file);

    std::vector<Entity> added;
    for (const ScriptOp& op : ops)
        if (op.kind == OpKind::Add) added.push_back(op.entity);
    AoiConfig config;
    try {
        config = resolveAoiConfig(scenario.aoi, scenario.width, scenario.height, typicalRadius(added));
    } catch (const InputError& error) {
        throw InputError(file + ": " + error.what());
    }

    const auto& known = aoiMethodNames();
    std::vector<std::string> names;
    std::string algo = args.value("--algo", scenario.aoi.method);
    if (algo == "all") {
        names = known;
    } else {
        auto canonical = resolveAoiMethod(algo);
        if (!canonical && args.has("--algo")) throw UsageError("--algo: " + unknownAoiMethodMessage(algo) + "; or all");
        if (!canonical) throw InputError(file + ": /aoi/method: " + unknownAoiMethodMessage(algo));
        names.push_back(*canonical);
    }

    bool check = args.has("--check");
    OpEvents brute;
    if (check) {
        std::unique_ptr<AoiSystem> oracle = makeAoiSystem("brute", config);
        brute = run(*oracle, ops);
    }
    OpEvents expected;
    bool haveExpected = check && scenario.expected.has_value();
    if (haveExpected) {
        expected.assign(ops.size(), {});
        for (const ExpectedEvent& e : *scenario.expected) expected[e.op].push_back(e.event);
        for (auto& events : expected) std::sort(events.begin(), events.end());
    }

    std::vector<MethodRun> runs;
    bool failed = false;
    std::size_t printed = 0;
    for (const std::string& name : names) {
        std::unique_ptr<AoiSystem> system = makeAoiSystem(name, config);
        MethodRun r;
        r.name = name;
        r.exact = system->exact();
        r.events = run(*system, ops);
        for (const auto& events : r.events) r.eventCount += events.size();
        if (check) {
            r.bruteDifferences = compare(name, r.events, brute, "brute", ops, printed, r.exact);
            if (r.exact && r.bruteDifferences) failed = true;
            if (haveExpected) {
                r.expectedDifferences = compare(name, r.events, expected, "expected", ops, printed, true);
                if (r.expectedDifferences) failed = true;
            }
        }
        runs.push_back(std::move(r));
    }

    if (args.has("--events")) writeEvents(args.value("--events"), runs, ops);

    if (args.has("--json")) {
        nlohmann::ordered_json doc;
        doc["scenario"] = file;
        doc["operations"] = ops.size();
        doc["shape"] = toString(config.shape);
        doc["hysteresis"] = config.hysteresis;
        doc["checked"] = check;
        doc["expected_events"] = scenario.expected ? nlohmann::json(scenario.expected->size()) : nlohmann::json(nullptr);
        nlohmann::ordered_json methods = nlohmann::ordered_json::array();
        for (const MethodRun& r : runs) {
            nlohmann::ordered_json m = {{"name", r.name}, {"exact", r.exact}, {"events", r.eventCount}};
            if (check) {
                m["differs_from_brute"] = r.bruteDifferences;
                if (haveExpected) m["differs_from_expected"] = r.expectedDifferences;
            }
            methods.push_back(m);
        }
        doc["methods"] = methods;
        doc["ok"] = !failed;
        std::printf("%s\n", doc.dump(2).c_str());
    } else {
        for (const MethodRun& r : runs) {
            std::printf("%-10s %zu operations, %zu events", r.name.c_str(), ops.size(), r.eventCount);
            if (check) {
                std::printf(", brute force: %s", r.bruteDifferences == 0 ? "same"
                                                  : (std::to_string(r.bruteDifferences) + " operations differ" +
                                                     (r.exact ? "" : " (inexact method: allowed)")).c_str());
                if (haveExpected)
                    std::printf(", expected: %s", r.expectedDifferences == 0
                                                      ? "same"
                                                      : (std::to_string(r.expectedDifferences) + " operations differ").c_str());
            }
            std::printf("\n");
        }
        if (check) std::printf("%s\n", failed ? "check FAILED" : "check passed");
    }
    return failed ? 1 : 0;
}

}  // namespace aoilab::cli
