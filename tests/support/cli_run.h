#pragma once
// Runs the real aoilab-cli binary (AOILAB_CLI) and captures its output: exit codes and messages are part of
// the command-line contract, so tests check them end to end.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace aoilab::testing {

struct CliRun {
    int exitCode = -1;
    std::string output;  // stdout and stderr together
};

inline CliRun runCli(const std::string& arguments) {
    std::string command = std::string(AOILAB_CLI) + " " + arguments + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    CliRun run;
    if (!pipe) return run;
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe)) run.output += buffer.data();
    int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

}  // namespace aoilab::testing
