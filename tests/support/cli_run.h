#pragma once
// Runs the real aoilab-cli binary (AOILAB_CLI) from the repository root (AOILAB_SOURCE_DIR), so tests
// can name files relative to it: exit codes, stdout and stderr are part of the command-line contract.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace aoilab::testing {

struct CliRun {
    int exitCode = -1;
    std::string out;  // stdout
    std::string err;  // stderr
    std::string all() const { return out + err; }
};

inline CliRun runCli(const std::string& arguments) {
    namespace fs = std::filesystem;
    static int calls = 0;
    fs::path errFile = fs::temp_directory_path() /
                       ("aoilab-cli-stderr-" + std::to_string(::getpid()) + "-" + std::to_string(++calls));
    std::string command = std::string("cd '") + AOILAB_SOURCE_DIR + "' && '" + AOILAB_CLI + "' " + arguments +
                          " 2>'" + errFile.string() + "'";
    CliRun run;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return run;
    std::array<char, 4096> buffer{};
    std::size_t n;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.out.append(buffer.data(), n);
    int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(errFile);
    std::ostringstream text;
    text << err.rdbuf();
    run.err = text.str();
    std::error_code ignored;
    fs::remove(errFile, ignored);
    return run;
}

}  // namespace aoilab::testing
