// Issue 38, class 4: every number aoilab-cli takes has a range checked before the work, and the verbs
// whose flags multiply (bench aoi, bench sweep, bench path, path, the map verbs' queries) a budget on the
// product. One row per flag and per budget: the run must fail (exit 2, a usage error) with a message that
// names the flag and its range (or the budget), so removing a bound fails this test. None of these runs
// does the work it is refused (the checks come first), so the table runs in about a second.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "support/cli_run.h"

namespace aoilab {
namespace {

namespace fs = std::filesystem;
using testing::runCli;

const std::string kArena = "--map assets/maps/movingai/maps/dao/arena.map";
const std::string kArenaScen = kArena + " --scen assets/maps/movingai/scenarios/dao/arena.map.scen";

// A 2,000 x 2,000 open map (4e6 cells) and a scenario of 30,000 queries on it: enough searches to pass
// the 1e11 cell-visit budget with in-range flags.
struct LargeMap {
    fs::path folder = fs::temp_directory_path() / ("aoilab_cli_bounds_" + std::to_string(::getpid()));
    fs::path map = folder / "open2000.map";
    fs::path scen = folder / "open2000.map.scen";
    LargeMap() {
        fs::create_directories(folder);
        std::ofstream m(map);
        m << "type octile\nheight 2000\nwidth 2000\nmap\n";
        const std::string row(2000, '.');
        for (int y = 0; y < 2000; ++y) m << row << '\n';
        std::ofstream s(scen);
        s << "version 1\n";
        for (int i = 0; i < 30000; ++i) s << "0\topen2000.map\t2000\t2000\t0\t0\t1\t0\t1\n";
    }
    ~LargeMap() {
        std::error_code ignored;
        fs::remove_all(folder, ignored);
    }
    std::string mapFlag() const { return "--map '" + map.string() + "'"; }
    std::string scenFlags() const { return mapFlag() + " --scen '" + scen.string() + "'"; }
};

struct Bound {
    std::string arguments;  // after "aoilab-cli "
    std::string flag;       // the message must name it...
    std::string range;      // ...and this (the range, or the budget)
};

void expectRefused(const Bound& bound) {
    SCOPED_TRACE("aoilab-cli " + bound.arguments);
    testing::CliRun run = runCli(bound.arguments);
    EXPECT_EQ(run.exitCode, 2) << run.all();
    EXPECT_NE(run.err.find(bound.flag), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(bound.range), std::string::npos) << run.err;
}

TEST(CliBounds, EveryNumericFlagOutOfItsRangeIsRefusedNamingTheFlagAndTheRange) {
    const Bound bounds[] = {
        // bench aoi
        {"bench aoi --entities 0", "--entities", "[1, 2000000]"},
        {"bench aoi --entities 2000001", "--entities", "[1, 2000000]"},
        {"bench aoi --ticks 1000001", "--ticks", "[0, 1000000]"},
        {"bench aoi --ticks -1", "--ticks", "[0, 1000000]"},
        {"bench aoi --radius -1", "--radius", "[0, 1e+09]"},
        {"bench aoi --world 0", "--world", "[1e-06, 1e+07]"},
        {"bench aoi --world 1e8", "--world", "[1e-06, 1e+07]"},
        {"bench aoi --seed -1", "--seed", "[0, 4611686018427387904]"},
        {"bench aoi --step -1", "--step", "[0, 1e+07]"},
        {"bench aoi --cell-size 0", "--cell-size", "[1e-06, 1e+07]"},
        {"bench aoi --tower-size 0", "--tower-size", "[1e-06, 1e+07]"},
        {"bench aoi --brute-moves 0", "--brute-moves", "[1, 4611686018427387904]"},
        // bench sweep
        {"bench sweep --vary entities --from -1 --to 10", "--from", "[0, 2e+06]"},
        {"bench sweep --vary entities --from 10 --to 3e6", "--to", "[0, 2e+06]"},
        {"bench sweep --vary radius --from 0 --to 10", "--from/--to", "[1e-06, 1e+09]"},
        {"bench sweep --vary movers --from 0.5 --to 1.5", "--from/--to", "[1e-06, 1]"},
        {"bench sweep --vary entities --from 10 --to 20 --points 1", "--points", "[2, 100]"},
        {"bench sweep --vary radius --from 1 --to 2 --entities 1", "--entities", "[2, 2000000]"},
        {"bench sweep --vary entities --from 10 --to 20 --radius -1", "--radius", "[0, 1e+09]"},
        {"bench sweep --vary entities --from 10 --to 20 --world 0", "--world", "[1e-06, 1e+07]"},
        {"bench sweep --vary entities --from 10 --to 20 --ticks 0", "--ticks", "[1, 1000000]"},
        {"bench sweep --vary entities --from 10 --to 20 --movers 0", "--movers", "[1e-06, 1]"},
        {"bench sweep --vary entities --from 10 --to 20 --cluster 2", "--cluster", "[0, 1]"},
        {"bench sweep --vary entities --from 10 --to 20 --step -1", "--step", "[0, 1e+07]"},
        {"bench sweep --vary entities --from 10 --to 20 --seed -1", "--seed", "[0, 4611686018427387904]"},
        {"bench sweep --vary entities --from 10 --to 20 --moves 0", "--moves", "[1, 1099511627776]"},
        // bench path, bench platform, path
        {"bench path " + kArenaScen + " --weight -1", "--weight", "[0, 1e+06]"},
        {"bench path " + kArenaScen + " --limit -1", "--limit", "[0, 1099511627776]"},
        {"bench path " + kArenaScen + " --repeat 0", "--repeat", "[1, 1000]"},
        {"bench platform --limit -1", "--limit", "[0, 1099511627776]"},
        {"bench platform --repeat 1001", "--repeat", "[1, 1000]"},
        {"path " + kArenaScen + " --weight 2e6", "--weight", "[0, 1e+06]"},
        {"path " + kArenaScen + " --limit -1", "--limit", "[0, 1099511627776]"},
        // the map verbs
        {"waypoints " + kArena + " --step 0", "--step", "[0.001, 1e+06]"},
        {"waypoints " + kArena + " --radius -1", "--radius", "[0, 1e+06]"},
        {"waypoints " + kArena + " --queries -1", "--queries", "[0, 1000000]"},
        {"waypoints " + kArena + " --random-seed -1", "--random-seed", "[0, 4294967295]"},
        {"navmesh " + kArena + " --tile-size -1", "--tile-size", "[0, 32768]"},
        {"navmesh " + kArena + " --queries 1000001", "--queries", "[0, 1000000]"},
        {"navmesh " + kArena + " --random-seed 4294967296", "--random-seed", "[0, 4294967295]"},
        {"regions " + kArena + " --min-size 0", "--min-size", "[1, 16384]"},
        {"regions " + kArena + " --min-size 16385", "--min-size", "[1, 16384]"},
        {"regions " + kArena + " --queries -1", "--queries", "[0, 1000000]"},
    };
    for (const Bound& bound : bounds) expectRefused(bound);
}

TEST(CliBounds, FlagsInRangeWhoseProductIsEnormousWorkAreRefusedBeforeTheWork) {
    LargeMap large;
    const Bound budgets[] = {
        // the example: 2e12 moves
        {"bench aoi --entities 2000000 --ticks 1000000", "--entities or --ticks", "more than the 2e+08"},
        // 100,000 entities that all see each other: 1e10 pairs in view
        {"bench aoi --entities 100000 --world 100 --radius 100 --ticks 0", "--entities or --radius", "more than the 2e+07"},
        {"bench aoi --algo brute --entities 200000 --world 1e5 --radius 1000 --ticks 0", "--brute-moves", "more than the 1e+10"},
        {"bench aoi --world 1000 --cell-size 0.001", "--cell-size", "more than 4194304"},
        {"bench aoi --world 1000 --tower-size 0.001", "--tower-size", "more than 1048576"},
        {"bench sweep --vary entities --from 1000 --to 2000000 --ticks 1000000 --moves 1000000000000", "--points, --moves",
         "more than the 2e+08"},
        {"bench sweep --vary radius --from 10 --to 1000 --entities 100000 --world 1000", "--entities or --radius",
         "more than the 2e+07"},
        {"bench path " + large.scenFlags() + " --repeat 1000", "--limit, --repeat or --algo", "more than 1e+11"},
        {"path " + large.scenFlags(), "--limit", "more than 1e+11"},
        {"waypoints " + large.mapFlag() + " --queries 1000000", "--queries", "more than 1e+11"},
        {"navmesh " + large.mapFlag() + " --queries 1000000", "--queries", "more than 1e+11"},
        {"regions " + large.mapFlag() + " --queries 1000000", "--queries", "more than 1e+11"},
        {"regions " + large.scenFlags() + " --queries 1000000", "--queries", "more than 1e+11"},
    };
    for (const Bound& bound : budgets) expectRefused(bound);
}

TEST(CliBounds, TheDefaultsAndTheDocumentedBenchmarksFitTheBudgets) {
    // scripts/bench's largest runs, with --ticks 0 so nothing is timed: the budgets must not refuse them.
    EXPECT_EQ(runCli("bench aoi --entities 100000 --ticks 0 --world 20000 --radius 100 --algo grid --json").exitCode, 0);
    EXPECT_EQ(runCli("bench aoi --entities 10000 --ticks 0 --world 1024 --radius 30 --workload teleport --algo grid --json").exitCode, 0);
}

}  // namespace
}  // namespace aoilab
