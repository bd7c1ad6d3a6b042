#include "scenario/share_link.h"

#include <algorithm>
#include <iterator>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/json_reader.h"
#include "scenario/link_codec.h"

namespace aoilab {

namespace {

constexpr int kLinkVersion = 1;
constexpr unsigned long long kMaxLinkSeek = 1000000000;

std::string withThousands(std::size_t n) {
    std::string digits = std::to_string(n);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
    return digits;
}

bool validSeek(const std::string& seek) {
    if (seek.empty() || seek == "end") return true;
    // The range the app's --seek takes.
    return seek.size() <= 10 && std::all_of(seek.begin(), seek.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
           std::stoull(seek) <= kMaxLinkSeek;
}

bool validMode(const std::string& mode) {
    return mode.empty() || std::find(std::begin(kScenarioModes), std::end(kScenarioModes), mode) != std::end(kScenarioModes);
}

// How deep the JSON's arrays and objects nest (strings skipped): the scenario's subtree is written out
// again recursively (json::dump), so a hostile nesting must stop here, not on the stack.
std::size_t nestingDepth(std::string_view json) {
    std::size_t depth = 0, deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

constexpr std::size_t kMaxLinkNesting = 64;  // a scenario nests 6 deep; an inline graph a few more

}  // namespace

std::string encodeShareLink(const ShareLink& link) {
    if (!validMode(link.mode)) throw InputError("link: unknown workbench \"" + link.mode + "\"");
    if (!validSeek(link.seek)) throw InputError("link: the position \"" + link.seek + "\" is not N or end");
    nlohmann::ordered_json root;
    root["aoilab_link"] = kLinkVersion;
    if (!link.mode.empty()) root["mode"] = link.mode;
    if (!link.seek.empty()) root["seek"] = link.seek;
    root["scenario"] = nlohmann::ordered_json::parse(scenarioToJson(link.scenario));
    const std::string json = root.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    auto tooLarge = [](const std::string& size) {
        return InputError("link: this scenario is too large for a link (" + size + "; the limit is " +
                          withThousands(kMaxLinkChars) + "): use Save");
    };
    if (json.size() > kMaxLinkJsonBytes) throw tooLarge(withThousands(json.size()) + " bytes of JSON, more than " + withThousands(kMaxLinkJsonBytes));
    std::string fragment = "s=" + base64UrlEncode(packBytes(json));
    if (fragment.size() > kMaxLinkChars) throw tooLarge(withThousands(fragment.size()) + " characters");
    return fragment;
}

std::string_view shareLinkValue(std::string_view text) {
    if (std::size_t hash = text.find('#'); hash != std::string_view::npos) text.remove_prefix(hash + 1);
    while (!text.empty()) {
        const std::size_t amp = text.find('&');
        const std::string_view part = text.substr(0, amp);
        if (part.starts_with("s=")) return part.substr(2);
        if (amp == std::string_view::npos) break;
        text.remove_prefix(amp + 1);
    }
    return {};
}

ShareLink decodeShareLink(std::string_view text, const std::string& sourceName) {
    // The cap comes first: nothing below looks at more than kMaxLinkChars characters of the value.
    if (text.size() > kMaxLinkChars + 4096)
        throw InputError("link: " + withThousands(text.size()) + " characters is more than a link holds (the limit is " +
                         withThousands(kMaxLinkChars) + ")");
    const std::string_view value = shareLinkValue(text);
    if (value.empty()) throw InputError("link: it holds no scenario (no \"s=...\" part)");
    if (value.size() + 2 > kMaxLinkChars)
        throw InputError("link: " + withThousands(value.size() + 2) + " characters is more than a link holds (the limit is " +
                         withThousands(kMaxLinkChars) + ")");
    const std::string json = unpackBytes(base64UrlDecode(value), kMaxLinkJsonBytes);

    if (const std::size_t depth = nestingDepth(json); depth > kMaxLinkNesting)
        throw InputError("link: its JSON nests " + std::to_string(depth) + " levels deep, more than the limit of " +
                         std::to_string(kMaxLinkNesting));
    nlohmann::json root = parseJsonStrict(json, sourceName);
    JsonReader reader(sourceName);
    ShareLink link;
    if (!reader.object(root, "", {"aoilab_link", "mode", "seek", "scenario"})) reader.throwIfProblems();
    reader.integer(root, "", "aoilab_link", true, kLinkVersion, kLinkVersion);
    if (auto mode = reader.string(root, "", "mode", false)) {
        if (validMode(*mode)) link.mode = *mode;
        else reader.problem("/mode", "unknown workbench \"" + *mode + "\" (aoi, search, maps or graph)");
    }
    if (auto seek = reader.string(root, "", "seek", false)) {
        if (validSeek(*seek) && !seek->empty()) link.seek = *seek;
        else reader.problem("/seek", "\"" + *seek + "\" is not a position N or end");
    }
    if (!root.contains("scenario")) reader.problem("/scenario", "missing");
    else if (!root["scenario"].is_object()) reader.problem("/scenario", "must be an object, not " + JsonReader::describe(root["scenario"]));
    reader.throwIfProblems();
    link.scenario = parseScenario(root["scenario"].dump(), sourceName);
    return link;
}

}  // namespace aoilab
