#include "core/json_reader.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <sstream>

#include "core/error.h"
#include "core/text_check.h"

namespace aoilab {
namespace {

constexpr std::size_t kMaxReportedProblems = 50;

// As ostream prints it (six digits, "100000", "1e+09"), with more digits until the text reads back as
// the same number: "100.000001", never "100" (a value just past a limit looked equal to it).
// Exact when 10 significant digits hold the value, else "about" it: a message prints no long number.
std::string formatNumber(double value) {
    char text[40];
    for (int digits = 6; digits <= 10; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        if (!std::isfinite(value) || std::strtod(text, nullptr) == value) return text;
    }
    return std::string("about ") + text;
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

// A pointer into the text that tells `progress` how far the parser has read, every kReportBytes, so the
// parse itself reports (the SAX events carry no position). `offset` places this pass among the passes.
class ReadingIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;
    struct Report {
        const char* begin;
        std::size_t offset, total;
        const BuildProgress* progress;
    };
    static constexpr std::ptrdiff_t kReportBytes = 1 << 20;

    ReadingIterator() = default;
    ReadingIterator(const char* at, Report* report) : at_(at), report_(report), next_(at + kReportBytes) {}
    reference operator*() const { return *at_; }
    ReadingIterator& operator++() {
        if (++at_ == next_) {
            next_ += kReportBytes;
            if (!(*report_->progress)(report_->offset + static_cast<std::size_t>(at_ - report_->begin), report_->total))
                throw BuildCancelled{};
        }
        return *this;
    }
    ReadingIterator operator++(int) {
        ReadingIterator before = *this;
        ++*this;
        return before;
    }
    friend bool operator==(const ReadingIterator& a, const ReadingIterator& b) { return a.at_ == b.at_; }

private:
    const char* at_ = nullptr;
    Report* report_ = nullptr;
    const char* next_ = nullptr;
};

// json::sax_parse over the text, through ReadingIterator when there is a progress to tell.
template <class Sax>
bool saxParse(std::string_view text, Sax* sax, const BuildProgress& progress, std::size_t pass, std::size_t passes) {
    if (!progress) return nlohmann::json::sax_parse(text.begin(), text.end(), sax);
    ReadingIterator::Report report{text.data(), pass * text.size(), passes * text.size(), &progress};
    const bool parsed =
        nlohmann::json::sax_parse(ReadingIterator(text.data(), &report), ReadingIterator(text.data() + text.size(), &report), sax);
    if (!progress(report.offset + text.size(), report.total)) throw BuildCancelled{};
    return parsed;
}

}  // namespace

namespace {

using json = nlohmann::json;

// "[json.exception.parse_error.101] parse error at line 1, column 5: ..." -> "line 1, column 5: ...".
// The bytes the parser quotes ("last read: ...") are the file's own, perhaps not UTF-8: escaped, so the
// message itself stays printable and can go into JSON.
std::string parseErrorText(const std::exception& error) {
    std::string message = briefQuotedParts(error.what());  // (printable too)
    const std::string notUtf8 = "invalid string: ill-formed UTF-8 byte";
    if (auto at = message.find(notUtf8); at != std::string::npos)
        message.replace(at, notUtf8.size(), "text that is not UTF-8 (every text in the file must be UTF-8)");
    if (auto at = message.find("parse error at "); at != std::string::npos) return message.substr(at + 15);
    if (auto close = message.find("] "); close != std::string::npos) return message.substr(close + 2);
    return message;
}

std::string itemsOverBudget(std::size_t items, std::size_t max) {
    return std::to_string(items) + " items is more than the limit of " + std::to_string(max);
}

// The first pass: counts the items of the budgeted arrays. Only containers on a budgeted path keep their
// path; every other event costs a comparison, so the pass is linear and allocates nothing per item.
class ArrayCounter {
public:
    ArrayCounter(std::span<const JsonArrayBudget> budgets) : budgets_(budgets), counts_(budgets.size(), 0) {}

    bool null() { return item(); }
    bool boolean(bool) { return item(); }
    bool number_integer(json::number_integer_t) { return item(); }
    bool number_unsigned(json::number_unsigned_t) { return item(); }
    bool number_float(json::number_float_t, const json::string_t&) { return item(); }
    bool string(json::string_t&) { return item(); }
    bool binary(json::binary_t&) { return item(); }
    bool start_object(std::size_t) { return open(false); }
    bool end_object() { return close(); }
    bool start_array(std::size_t) { return open(true); }
    bool end_array() { return close(); }
    bool key(json::string_t& key) {
        if (!frames_.empty() && frames_.back().onPath) key_ = key;
        return true;
    }
    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& error) {
        syntaxError_ = parseErrorText(error);
        return false;
    }

    const std::string& syntaxError() const { return syntaxError_; }
    std::size_t count(std::size_t budget) const { return counts_[budget]; }

private:
    struct Frame {
        bool array = false;
        bool onPath = false;         // its path is a budgeted path or a prefix of one
        std::size_t budget = npos;   // the budget counting its items
        std::string path;            // only when onPath
    };
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    bool item() {
        if (!frames_.empty() && frames_.back().budget != npos) ++counts_[frames_.back().budget];
        return true;
    }

    bool open(bool array) {
        item();
        Frame frame;
        frame.array = array;
        if (frames_.empty()) {
            frame.onPath = true;
        } else if (frames_.back().onPath && !frames_.back().array) {
            std::string path = frames_.back().path + "/" + key_;
            for (std::size_t b = 0; b < budgets_.size(); ++b) {
                std::string_view wanted = budgets_[b].path;
                if (wanted == path && array) frame.budget = b;
                if (wanted.substr(0, path.size()) == path &&
                    (wanted.size() == path.size() || wanted[path.size()] == '/'))
                    frame.onPath = true;
            }
            if (frame.onPath) frame.path = std::move(path);
        }
        frames_.push_back(std::move(frame));
        return true;
    }

    bool close() {
        frames_.pop_back();
        return true;
    }

    std::span<const JsonArrayBudget> budgets_;
    std::vector<std::size_t> counts_;
    std::vector<Frame> frames_;
    std::string key_;
    std::string syntaxError_;
};

// The second pass builds the document. nlohmann's callback parser rescans a container's items at the end
// of each child (quadratic in an array of objects), so the strict checks live in this builder instead.
class StrictBuilder {
public:
    bool null() { return put(nullptr); }
    bool boolean(bool value) { return put(value); }
    bool number_integer(json::number_integer_t value) { return put(value); }
    bool number_unsigned(json::number_unsigned_t value) { return put(value); }
    bool number_float(json::number_float_t value, const json::string_t&) { return put(value); }
    bool string(json::string_t& value) { return put(std::move(value)); }
    bool binary(json::binary_t& value) { return put(json::binary(std::move(value))); }
    bool start_object(std::size_t) { return open(json::object()); }
    bool start_array(std::size_t) { return open(json::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(json::string_t& key) {
        // Duplicate keys are silently merged by JSON libraries; in a hand-edited file they are a mistake.
        auto [it, inserted] = stack_.back()->get_ref<json::object_t&>().emplace(key, nullptr);
        if (!inserted) {
            duplicate_ = key;
            return false;
        }
        slot_ = &it->second;
        keyPending_ = true;
        return true;
    }
    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& error) {
        syntaxError_ = parseErrorText(error);
        return false;
    }

    // The JSON path of the value the parser was reading when it stopped ("/entities/3/name"), found
    // from the containers still open: computed only for a message.
    std::string pathAtError() const {
        std::string path;
        for (std::size_t level = 0; level < stack_.size(); ++level) {
            const json& container = *stack_[level];
            const json* child = level + 1 < stack_.size() ? stack_[level + 1] : (keyPending_ ? slot_ : nullptr);
            if (container.is_array()) {
                const auto& items = container.get_ref<const json::array_t&>();
                std::size_t index = level + 1 < stack_.size() ? items.size() - 1 : items.size();
                path += "/" + std::to_string(index);
            } else if (child) {
                for (const auto& [key, value] : container.get_ref<const json::object_t&>())
                    if (&value == child) path += "/" + escapePointer(key.size() > 24 ? briefText(key) : std::string(key));
            }
        }
        return path.empty() ? "/" : path;
    }

    json root;
    std::string duplicate_;
    std::string syntaxError_;

private:
    // Places a value where the parser is: the root, the next item of an array, or the last key's slot.
    json* place(json&& value) {
        keyPending_ = false;
        if (stack_.empty()) {
            root = std::move(value);
            return &root;
        }
        json& parent = *stack_.back();
        if (parent.is_array()) {
            auto& items = parent.get_ref<json::array_t&>();
            items.push_back(std::move(value));
            return &items.back();
        }
        *slot_ = std::move(value);
        return slot_;
    }
    template <class V>
    bool put(V&& value) {
        place(json(std::forward<V>(value)));
        return true;
    }
    bool open(json&& container) {
        stack_.push_back(place(std::move(container)));
        return true;
    }
    bool close() {
        stack_.pop_back();
        return true;
    }

    std::vector<json*> stack_;
    json* slot_ = nullptr;
    bool keyPending_ = false;  // a key was read and its value not yet placed
};

// nlohmann's lexer takes a NUL byte for the end of the input, so "{...}\0anything" would pass as
// "{...}": a NUL anywhere is refused, with its line and column.
void refuseNulBytes(std::string_view text, const std::string& sourceName) {
    std::size_t at = text.find('\0');
    if (at == std::string_view::npos) return;
    std::size_t line = 1, lineStart = 0;
    for (std::size_t i = 0; i < at; ++i)
        if (text[i] == '\n') ++line, lineStart = i + 1;
    throw InputError(sourceName + ": line " + std::to_string(line) + ", column " + std::to_string(at - lineStart + 1) +
                     ": a NUL byte (a JSON file is text; this one holds binary data)");
}

}  // namespace

nlohmann::json parseJsonStrict(std::string_view text, const std::string& sourceName,
                               std::span<const JsonArrayBudget> budgets, const BuildProgress& progress) {
    refuseNulBytes(text, sourceName);
    if (!budgets.empty()) {
        ArrayCounter counter(budgets);
        bool parsed = saxParse(text, &counter, progress, 0, 2);
        std::string over;
        for (std::size_t b = 0; b < budgets.size(); ++b)
            if (counter.count(b) > budgets[b].maxItems)
                over += (over.empty() ? "" : "\n") + sourceName + ": " + budgets[b].path + ": " +
                        itemsOverBudget(counter.count(b), budgets[b].maxItems);
        if (!over.empty()) throw InputError(over);
        (void)parsed;  // a syntax error: the second pass stops at it too, and knows its JSON path
    }
    StrictBuilder builder;
    if (!saxParse(text, &builder, progress, budgets.empty() ? 0 : 1, budgets.empty() ? 1 : 2)) {
        if (!builder.duplicate_.empty())
            throw InputError(sourceName + ": the key \"" + builder.duplicate_ + "\" appears twice in one object");
        const std::string at = builder.pathAtError();
        throw InputError(sourceName + ": " + builder.syntaxError_ + (at == "/" ? "" : " (at " + at + ")"));
    }
    return std::move(builder.root);
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
    // A key is quoted from the file: a long one (no key of the formats passes 24 characters) is cut as
    // any value is, so the message stays one line.
    return path + "/" + (key.size() > 24 ? escapePointer(briefText(key)) : escapePointer(key));
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
            return briefText(value.dump());
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
        problem(path, itemsOverBudget(value.size(), maxSize));
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
