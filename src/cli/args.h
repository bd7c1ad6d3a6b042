#pragma once
// A small, strict command-line parser shared by every verb.
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace aoilab::cli {

// Wrong usage (unknown flag, missing value, bad number): main prints it and exits 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct FlagSpec {
    std::set<std::string> withValue;  // e.g. "--algo" takes the next argument
    std::set<std::string> switches;   // e.g. "--json" takes none
};

class Args {
public:
    // Parses argv[first..argc); throws UsageError naming the offending argument.
    static Args parse(int argc, char** argv, int first, const FlagSpec& spec);

    const std::vector<std::string>& positionals() const { return positionals_; }
    // For verbs that take only options: UsageError naming the first stray argument.
    void expectNoPositionals() const;
    bool has(const std::string& flag) const;
    std::string value(const std::string& flag, const std::string& fallback = "") const;
    // Numeric flags: UsageError when the text is not a number in [min, max].
    long long integer(const std::string& flag, long long fallback, long long min, long long max) const;
    double number(const std::string& flag, double fallback, double min, double max) const;
    bool wantsHelp() const { return help_; }

private:
    std::vector<std::string> positionals_;
    std::map<std::string, std::string> values_;
    std::set<std::string> switches_;
    bool help_ = false;
};

}  // namespace aoilab::cli
