// aoilab-cli validate FILE.json...: strict check of scenario files.
#include <cstdio>

#include "cli/args.h"
#include "cli/print_counts.h"
#include "cli/verbs.h"
#include "core/error.h"
#include "scenario/scenario.h"

namespace aoilab::cli {

int runValidate(int argc, char** argv) {
    Args args = Args::parse(argc, argv, 2, FlagSpec{{}, {"--quiet"}});
    if (args.wantsHelp()) {
        std::puts("usage: aoilab-cli validate FILE.json [FILE.json ...] [--quiet]\n"
                  "Checks scenario files (format aoilab-scenario, version 1) strictly: unknown keys, wrong\n"
                  "types, missing fields, out-of-range values, duplicate ids and operations on entities that\n"
                  "are not in the world are errors naming the file and the JSON path.\n"
                  "Exit 0 when every file is valid, 1 otherwise (all problems are printed on stderr).");
        return 0;
    }
    if (args.positionals().empty()) throw UsageError("name at least one scenario file");
    int failures = 0;
    for (const std::string& file : args.positionals()) {
        try {
            Scenario scenario = loadScenario(file);
            if (!args.has("--quiet"))
                printCounts("%s: valid (%zu entities, %zu script operations)\n", file.c_str(),
                            scenario.entities.size(), scenario.script.size());
        } catch (const InputError& error) {
            std::fprintf(stderr, "%s\n", error.what());
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

}  // namespace aoilab::cli
