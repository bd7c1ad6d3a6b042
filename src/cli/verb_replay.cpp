// aoilab-cli replay: runs a scenario's operations through AOI methods; writes the events (JSON lines)
// and checks them against brute force and the scenario's expected events.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "aoi/aoi_config.h"
#include "aoi/aoi_system.h"
#include "cli/args.h"
#include "cli/json_out.h"
#include "cli/print_counts.h"
#include "cli/verbs.h"
#include "aoi/apply_op.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/world.h"
#include "scenario/replay_stream.h"
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

struct MethodRun {
    std::string name;
    bool exact = true;
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

std::string describe(std::span<const AoiEvent> events) {
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

constexpr std::size_t kMaxPrintedDifferences = 5;  // over the whole run

// The differences of one method against one reference, counted per operation; the first few are kept
// as lines for stderr.
struct Differences {
    std::size_t count = 0;
    std::vector<std::string> lines;

    void compare(const std::string& method, std::size_t k, const ScriptOp& op, std::span<const AoiEvent> actual,
                 std::span<const AoiEvent> reference, const char* referenceName, bool fatal) {
        if (std::equal(actual.begin(), actual.end(), reference.begin(), reference.end())) return;
        ++count;
        if (lines.size() >= kMaxPrintedDifferences) return;
        std::vector<AoiEvent> missing;
        std::vector<AoiEvent> extra;
        std::set_difference(reference.begin(), reference.end(), actual.begin(), actual.end(),
                            std::back_inserter(missing));
        std::set_difference(actual.begin(), actual.end(), reference.begin(), reference.end(),
                            std::back_inserter(extra));
        char head[160];
        std::snprintf(head, sizeof head, "%s: %s operation %zu (%s %lld): ",
                      fatal ? "difference" : "lag (allowed, inexact method)", method.c_str(), k, toString(op.kind),
                      static_cast<long long>(op.entity.id));
        lines.push_back(head + std::string("only ") + referenceName + " has [" + describe(missing) + "]; only " +
                        method + " has [" + describe(extra) + "]");
    }

    // Prints kept lines while the run's budget of printed lines lasts.
    void print(std::size_t& printed) const {
        for (const std::string& line : lines) {
            if (printed >= kMaxPrintedDifferences) return;
            ++printed;
            std::fprintf(stderr, "%s\n", line.c_str());
        }
    }
};

// One line of the events file: {"op":K,"tick":T,"algo":"grid","type":"enter","watcher":12,"target":7}.
void writeEventLine(std::ostream& out, std::size_t op, long long tick, const std::string& algo, const AoiEvent& e) {
    out << "{\"op\":" << op << ",\"tick\":" << tick << ",\"algo\":\"" << algo << "\",\"type\":\""
        << toString(e.type) << "\",\"watcher\":" << e.watcher << ",\"target\":" << e.target << "}\n";
}

// Runs one method over the operations, streaming its events to `out` (when given) and comparing each
// operation with a brute-force system run in step (when `check`) and with the expected events.
MethodRun runMethod(const std::string& name, const AoiConfig& config, const std::vector<ScriptOp>& ops, bool check,
                    const ExpectedByOperation* expected, std::ostream* out, std::size_t& printed) {
    std::unique_ptr<AoiSystem> system = makeAoiSystem(name, config);
    std::unique_ptr<AoiSystem> oracle = check ? makeAoiSystem("brute", config) : nullptr;
    OperationStream stream(*system, ops);
    std::optional<OperationStream> brute;
    if (oracle) brute.emplace(*oracle, ops);
    MethodRun r;
    r.name = name;
    r.exact = system->exact();
    Differences fromBrute, fromExpected;
    long long tick = 0;
    while (stream.next()) {
        std::size_t k = stream.op();
        const std::vector<AoiEvent>& events = stream.events();
        r.eventCount += events.size();
        if (out)
            for (const AoiEvent& e : events) writeEventLine(*out, k, tick, name, e);
        if (brute) {
            brute->next();
            fromBrute.compare(name, k, ops[k], events, brute->events(), "brute", r.exact);
        }
        if (expected) fromExpected.compare(name, k, ops[k], events, expected->at(k), "expected", true);
        if (ops[k].kind == OpKind::Tick) ++tick;
    }
    r.bruteDifferences = fromBrute.count;
    r.expectedDifferences = fromExpected.count;
    fromBrute.print(printed);
    fromExpected.print(printed);
    return r;
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
    bool haveExpected = check && scenario.expected.has_value();
    std::optional<ExpectedByOperation> expected;
    if (haveExpected) expected.emplace(*scenario.expected, ops.size());

    // Events go to the file as they are made; the old file stays until every line is written.
    std::optional<AtomicFileWriter> eventsFile;
    if (args.has("--events")) eventsFile.emplace(args.value("--events"));

    std::vector<MethodRun> runs;
    bool failed = false;
    std::size_t printed = 0;
    for (const std::string& name : names) {
        MethodRun r = runMethod(name, config, ops, check, expected ? &*expected : nullptr,
                                eventsFile ? &eventsFile->stream() : nullptr, printed);
        if (check && r.exact && r.bruteDifferences) failed = true;
        if (haveExpected && r.expectedDifferences) failed = true;
        runs.push_back(std::move(r));
    }
    if (eventsFile) eventsFile->commit();

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
        printJson(doc, 2);
    } else {
        for (const MethodRun& r : runs) {
            printCounts("%-10s %zu operations, %zu events", r.name.c_str(), ops.size(), r.eventCount);
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
