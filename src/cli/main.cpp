// aoilab-cli: the headless side of aoilab. Each verb lives in its own file; this table is the only list.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>

#include "cli/args.h"
#include "cli/verbs.h"
#include "core/error.h"

namespace {

using aoilab::cli::UsageError;

int runBench(int argc, char** argv) {
    const char* usage =
        "usage: aoilab-cli bench aoi|sweep|path|platform [options]\n"
        "  aoi    AOI methods on a random walk or teleports (see: aoilab-cli bench aoi --help)\n"
        "  sweep  AOI methods over a range of one quantity, with crossovers (aoilab-cli bench sweep --help)\n"
        "  path   path searches on a MovingAI map (see: aoilab-cli bench path --help)\n"
        "  platform  the figures compared with the web page (aoilab-cli bench platform --help)\n";
    if (argc < 3 || std::strcmp(argv[2], "--help") == 0 || std::strcmp(argv[2], "-h") == 0) {
        std::fputs(usage, argc < 3 ? stderr : stdout);
        return argc < 3 ? 2 : 0;
    }
    if (std::strcmp(argv[2], "aoi") == 0) return aoilab::cli::runBenchAoi(argc, argv);
    if (std::strcmp(argv[2], "path") == 0) return aoilab::cli::runBenchPath(argc, argv);
    if (std::strcmp(argv[2], "sweep") == 0) return aoilab::cli::runBenchSweep(argc, argv);
    if (std::strcmp(argv[2], "platform") == 0) return aoilab::cli::runBenchPlatform(argc, argv);
    throw UsageError(std::string("unknown bench kind \"") + argv[2] + "\" (expected aoi, sweep, path or platform)");
}

struct Verb {
    const char* name;
    int (*run)(int, char**);
    const char* summary;
};

const Verb kVerbs[] = {
    {"validate", aoilab::cli::runValidate, "check scenario files (exit 1 with the problems)"},
    {"replay", aoilab::cli::runReplay, "run a scenario through AOI methods, write or check its events"},
    {"bench", runBench, "benchmark AOI methods (bench aoi) or path searches (bench path)"},
    {"path", aoilab::cli::runPath, "solve every query of a MovingAI scenario file"},
    {"graph", aoilab::cli::runGraph, "shortest paths on a directed weighted graph (JSON or editor XML)"},
    {"waypoints", aoilab::cli::runWaypoints, "flood-fill waypoint graph of a map"},
    {"navmesh", aoilab::cli::runNavmesh, "convex-polygon navigation mesh of a map"},
    {"regions", aoilab::cli::runRegions, "quadtree region partition of a map"},
};

void printHelp(std::FILE* out) {
    std::fputs("usage: aoilab-cli VERB [options]    (aoilab-cli VERB --help for each verb)\n\n", out);
    for (const Verb& verb : kVerbs) std::fprintf(out, "  %-10s %s\n", verb.name, verb.summary);
    std::fputs("\n  --version  print the version\n  --help     print this help\n"
               "\nExit codes: 0 success, 1 bad input (the message names the file and place), 2 bad usage.\n",
               out);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        printHelp(stderr);
        return 2;
    }
    const char* verbName = argv[1];
    if (std::strcmp(verbName, "--help") == 0 || std::strcmp(verbName, "-h") == 0 ||
        std::strcmp(verbName, "help") == 0) {
        printHelp(stdout);
        return 0;
    }
    if (std::strcmp(verbName, "--version") == 0) {
        std::printf("aoilab-cli %s\n", AOILAB_VERSION);
        return 0;
    }
    for (const Verb& verb : kVerbs) {
        if (std::strcmp(verb.name, verbName) != 0) continue;
        try {
            int code = verb.run(argc, argv);
            // What a verb printed may not have reached its destination (a full disk, a closed pipe).
            if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
                std::fprintf(stderr, "aoilab-cli %s: writing the standard output failed: %s\n", verbName, std::strerror(errno));
                return 1;
            }
            return code;
        } catch (const UsageError& error) {
            std::fprintf(stderr, "aoilab-cli %s: %s\n(see aoilab-cli %s --help)\n", verbName, error.what(),
                         verbName);
            return 2;
        } catch (const aoilab::InputError& error) {
            std::fprintf(stderr, "%s\n", error.what());
            return 1;
        } catch (const std::exception& error) {
            std::fprintf(stderr, "aoilab-cli %s: %s\n", verbName, error.what());
            return 1;
        }
    }
    std::fprintf(stderr, "aoilab-cli: unknown verb \"%s\"\n\n", verbName);
    printHelp(stderr);
    return 2;
}
