#pragma once
// Strict reading of a parsed JSON document: each accessor checks the type and range of one value and, when
// it is wrong, records "SOURCE: /json/path: problem" and returns nothing, so one pass reports every problem.
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/build_progress.h"

namespace aoilab {

// A budget on the items of the array at a fixed JSON path ("/entities", "/obstacles/cells").
struct JsonArrayBudget {
    const char* path;
    std::size_t maxItems;
};

// Parses text, turning syntax errors and duplicate keys into InputError("SOURCE: line L, column C: ...").
// Linear in the text. A first pass counts the items of the budgeted arrays without building anything, so
// an array over its budget is refused ("SOURCE: /path: N items is more than the limit of M") before the
// document is built.
// `progress` (optional) hears the bytes read, (done, size x passes: 2 with budgets, else 1), about every
// MiB and at the end of each pass, and may cancel (BuildCancelled): a large scenario's reading shows it.
nlohmann::json parseJsonStrict(std::string_view text, const std::string& sourceName,
                               std::span<const JsonArrayBudget> budgets = {}, const BuildProgress& progress = {});

class JsonReader {
public:
    explicit JsonReader(std::string sourceName) : source_(std::move(sourceName)) {}

    void problem(const std::string& path, const std::string& message);
    const std::string& source() const { return source_; }
    bool ok() const { return problems_.empty(); }
    // Throws InputError with every problem, one a line, when there is any.
    void throwIfProblems() const;

    // Checks that `value` is an object, and reports keys other than `allowed`.
    bool object(const nlohmann::json& value, const std::string& path, std::initializer_list<const char*> allowed);
    bool array(const nlohmann::json& value, const std::string& path, std::size_t maxSize);

    // A member of an object; a missing required member is reported. Ranges are inclusive.
    std::optional<double> number(const nlohmann::json& object, const std::string& path, const char* key,
                                 bool required, double min, double max);
    std::optional<long long> integer(const nlohmann::json& object, const std::string& path, const char* key,
                                     bool required, long long min, long long max);
    std::optional<std::string> string(const nlohmann::json& object, const std::string& path, const char* key,
                                      bool required);
    std::optional<bool> boolean(const nlohmann::json& object, const std::string& path, const char* key,
                                bool required);

    static std::string child(const std::string& path, std::string_view key);
    static std::string child(const std::string& path, std::size_t index);
    static std::string describe(const nlohmann::json& value);  // `"abc"`, `an object`, `4.5` ...

private:
    const nlohmann::json* member(const nlohmann::json& object, const std::string& path, const char* key,
                                 bool required);
    std::string source_;
    std::vector<std::string> problems_;
};

}  // namespace aoilab
