#include "cli/args.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/text_check.h"

namespace aoilab::cli {

Args Args::parse(int argc, char** argv, int first, const FlagSpec& spec) {
    Args args;
    for (int i = first; i < argc; ++i) {
        std::string word = argv[i];
        if (word == "--help" || word == "-h") {
            args.help_ = true;
        } else if (spec.switches.count(word)) {
            args.switches_.insert(word);
        } else if (spec.withValue.count(word)) {
            if (i + 1 >= argc) throw UsageError(word + " needs a value");
            args.values_[word] = argv[++i];
        } else if (word.size() > 2 && word.rfind("--", 0) == 0) {
            auto eq = word.find('=');
            std::string name = word.substr(0, eq);
            if (eq != std::string::npos && spec.withValue.count(name)) {
                args.values_[name] = word.substr(eq + 1);
            } else {
                throw UsageError("unknown option " + word);
            }
        } else {
            args.positionals_.push_back(word);
        }
    }
    return args;
}

void Args::expectNoPositionals() const {
    if (!positionals_.empty()) throw UsageError("unexpected argument \"" + positionals_.front() + "\"");
}

bool Args::has(const std::string& flag) const { return switches_.count(flag) || values_.count(flag); }

std::string Args::value(const std::string& flag, const std::string& fallback) const {
    auto it = values_.find(flag);
    return it == values_.end() ? fallback : it->second;
}

long long Args::integer(const std::string& flag, long long fallback, long long min, long long max) const {
    auto it = values_.find(flag);
    if (it == values_.end()) return fallback;
    const std::string& text = it->second;
    errno = 0;
    char* end = nullptr;
    long long parsed = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE)
        throw UsageError(flag + ": expected a whole number, got " + quotedBrief(text));
    if (parsed < min || parsed > max)
        throw UsageError(flag + ": " + briefText(text) + " is out of range [" + std::to_string(min) + ", " +
                         std::to_string(max) + "]");
    return parsed;
}

double Args::number(const std::string& flag, double fallback, double min, double max) const {
    auto it = values_.find(flag);
    if (it == values_.end()) return fallback;
    const std::string& text = it->second;
    char* end = nullptr;
    double parsed = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(parsed))
        throw UsageError(flag + ": expected a finite number, got " + quotedBrief(text));
    if (parsed < min || parsed > max)
        throw UsageError(flag + ": " + briefText(text) + " is out of range [" + briefNumber(min) + ", " + briefNumber(max) + "]");
    return parsed;
}

}  // namespace aoilab::cli
