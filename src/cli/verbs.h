#pragma once
// Every verb of aoilab-cli: argv[0] is the program, argv[1] the verb; returns the exit code
// (0 success, 1 bad input, 2 bad usage). Verbs may throw cli::UsageError (exit 2) or InputError (exit 1).
namespace aoilab::cli {

int runValidate(int argc, char** argv);   // verb_validate.cpp
int runReplay(int argc, char** argv);     // verb_replay.cpp (AOI)
int runBenchAoi(int argc, char** argv);   // bench_aoi.cpp   (AOI): aoilab-cli bench aoi ...
int runBenchPath(int argc, char** argv);  // bench_path.cpp  (paths): aoilab-cli bench path ...
int runBenchSweep(int argc, char** argv); // bench_sweep.cpp (AOI crossovers): aoilab-cli bench sweep ...
int runBenchPlatform(int argc, char** argv);  // bench_platform.cpp (desktop vs page): aoilab-cli bench platform
int runPath(int argc, char** argv);       // verb_path.cpp
int runGraph(int argc, char** argv);      // verb_graph.cpp
int runWaypoints(int argc, char** argv);  // verb_waypoints.cpp
int runNavmesh(int argc, char** argv);    // verb_navmesh.cpp
int runRegions(int argc, char** argv);    // verb_regions.cpp

}  // namespace aoilab::cli
