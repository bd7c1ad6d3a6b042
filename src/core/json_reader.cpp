#include "core/json_reader.h"

#include <cmath>
#include <set>
#include <sstream>

#include "core/error.h"

namespace aoilab {
namespace {

constexpr std::size_t kMaxReportedProblems = 50;

std::string formatNumber(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

// Escapes a key for a JSON pointer (RFC 6901).
std::string escapePointer(std::string_view key) {
    std::string out;
    for (char c : key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

}  // namespace

nlohmann::json parseJsonStrict(std::string_view text, const std::string& sourceName) {
    // Duplicate keys are silently merged by JSON libraries; in a hand-edited file they are a mistake.
    std::vector<std::set<std::string>> keysPerObject;
    std::string duplicate;
    auto callback = [&](int /*depth*/, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        if (event == Event::object_start) keysPerObject.emplace_back();
        if (event == Event::object_end && !keysPerObject.empty()) keysPerObject.pop_back();
        if (event == Event::key && !keysPerObject.empty() && duplicate.empty()) {
            std::string key = parsed.get<std::string>();
            if (!keysPerObject.back().insert(key).second) duplicate = key;
        }
        return true;
    };
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(text.begin(), text.end(), callback);
    } catch (const nlohmann::json::parse_error& error) {
        std::string message = error.what();
        auto at = message.find("parse error at ");
        if (at != std::string::npos) message = message.substr(at + 15);
        else if (auto close = message.find("] "); close != std::string::npos) message = message.substr(close + 2);
        throw InputError(sourceName + ": " + message);
    } catch (const nlohmann::json::exception& error) {  // e.g. a number too large for a double
        std::string message = error.what();
        if (auto close = message.find("] "); close != std::string::npos) message = message.substr(close + 2);
        throw InputError(sourceName + ": " + message);
    }
    if (!duplicate.empty())
        throw InputError(sourceName + ": the key \"" + duplicate + "\" appears twice in one object");
    return document;
}

void JsonReader::problem(const std::string& path, const std::string& message) {
    if (problems_.size() < kMaxReportedProblems) problems_.push_back(source_ + ": " + path + ": " + message);
    else if (problems_.size() == kMaxReportedProblems) problems_.push_back(source_ + ": (more problems not shown)");
}

void JsonReader::throwIfProblems() const {
    if (problems_.empty()) return;
    std::string all;
    for (const std::string& line : problems_) all += (all.empty() ? "" : "\n") + line;
    throw InputError(all);
}

std::string JsonReader::child(const std::string& path, std::string_view key) {
    return path + "/" + escapePointer(key);
}

std::string JsonReader::child(const std::string& path, std::size_t index) {
    return path + "/" + std::to_string(index);
}

std::string JsonReader::describe(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::object: return "an object";
        case nlohmann::json::value_t::array: return "an array";
        case nlohmann::json::value_t::null: return "null";
        default: {
            std::string text = value.dump();
            return text.size() > 40 ? text.substr(0, 37) + "..." : text;
        }
    }
}

bool JsonReader::object(const nlohmann::json& value, const std::string& path,
                        std::initializer_list<const char*> allowed) {
    if (!value.is_object()) {
        problem(path.empty() ? "/" : path, "expected an object, got " + describe(value));
        return false;
    }
    for (auto it = value.begin(); it != value.end(); ++it) {
        bool known = false;
        for (const char* key : allowed) known = known || it.key() == key;
        if (!known) {
            std::string list;
            for (const char* key : allowed) list += (list.empty() ? "" : ", ") + std::string(key);
            problem(child(path, it.key()), "unknown key (expected one of: " + list + ")");
        }
    }
    return true;
}

bool JsonReader::array(const nlohmann::json& value, const std::string& path, std::size_t maxSize) {
    if (!value.is_array()) {
        problem(path, "expected an array, got " + describe(value));
        return false;
    }
    if (value.size() > maxSize) {
        problem(path, std::to_string(value.size()) + " items is more than the limit of " +
                          std::to_string(maxSize));
        return false;
    }
    return true;
}

const nlohmann::json* JsonReader::member(const nlohmann::json& object, const std::string& path, const char* key,
                                         bool required) {
    auto it = object.find(key);
    if (it == object.end()) {
        if (required) problem(child(path, key), "missing (required)");
        return nullptr;
    }
    return &*it;
}

std::optional<double> JsonReader::number(const nlohmann::json& object, const std::string& path, const char* key,
                                         bool required, double min, double max) {
    const nlohmann::json* value = member(object, path, key, required);
    if (!value) return std::nullopt;
    if (!value->is_number()) {
        problem(child(path, key), "expected a number, got " + describe(*value));
        return std::nullopt;
    }
    double parsed = value->get<double>();
    if (!std::isfinite(parsed) || parsed < min || parsed > max) {
        problem(child(path, key), formatNumber(parsed) + " is out of range [" + formatNumber(min) + ", " +
                                      formatNumber(max) + "]");
        return std::nullopt;
    }
    return parsed;
}

std::optional<long long> JsonReader::integer(const nlohmann::json& object, const std::string& path,
                                             const char* key, bool required, long long min, long long max) {
    const nlohmann::json* value = member(object, path, key, required);
    if (!value) return std::nullopt;
    if (!value->is_number_integer()) {
        problem(child(path, key), "expected a whole number, got " + describe(*value));
        return std::nullopt;
    }
    bool tooBig = value->is_number_unsigned() && value->get<unsigned long long>() > static_cast<unsigned long long>(max);
    long long parsed = tooBig ? max : value->get<long long>();
    if (tooBig || parsed < min || parsed > max) {
        problem(child(path, key), value->dump() + " is out of range [" + std::to_string(min) + ", " +
                                      std::to_string(max) + "]");
        return std::nullopt;
    }
    return parsed;
}

std::optional<std::string> JsonReader::string(const nlohmann::json& object, const std::string& path,
                                              const char* key, bool required) {
    const nlohmann::json* value = member(object, path, key, required);
    if (!value) return std::nullopt;
    if (!value->is_string()) {
        problem(child(path, key), "expected a string, got " + describe(*value));
        return std::nullopt;
    }
    return value->get<std::string>();
}

std::optional<bool> JsonReader::boolean(const nlohmann::json& object, const std::string& path, const char* key,
                                        bool required) {
    const nlohmann::json* value = member(object, path, key, required);
    if (!value) return std::nullopt;
    if (!value->is_boolean()) {
        problem(child(path, key), "expected true or false, got " + describe(*value));
        return std::nullopt;
    }
    return value->get<bool>();
}

}  // namespace aoilab
