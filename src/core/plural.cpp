#include "core/plural.h"

#include <cctype>
#include <utility>

namespace aoilab {
namespace {

// The plural nouns the app's and the CLI's count templates use, with their singulars.
constexpr std::pair<std::string_view, std::string_view> kNouns[] = {
    {"nodes", "node"},       {"cells", "cell"},           {"queries", "query"},     {"entities", "entity"},
    {"towers", "tower"},     {"vertices", "vertex"},      {"edges", "edge"},        {"operations", "operation"},
    {"expansions", "expansion"}, {"regions", "region"},   {"leaves", "leaf"},       {"waypoints", "waypoint"},
    {"buckets", "bucket"},   {"steps", "step"},           {"events", "event"},      {"links", "link"},
    {"points", "point"},     {"watchers", "watcher"},     {"ticks", "tick"},        {"polygons", "polygon"},
    {"paths", "path"},       {"passes", "pass"},          {"entries", "entry"},     {"script operations", "script operation"},
    {"moves", "move"},       {"runs", "run"},             {"tiles", "tile"},        {"splits", "split"},
};

bool wordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::string agreeWithCounts(std::string text) {
    for (std::size_t at = text.find("1 "); at != std::string::npos; at = text.find("1 ", at + 1)) {
        // A standalone 1: no digit, point, minus or letter before it.
        if (at > 0 && (wordChar(text[at - 1]) || text[at - 1] == '.' || text[at - 1] == '-' || text[at - 1] == ',')) continue;
        const std::size_t noun = at + 2;
        for (const auto& [plural, singular] : kNouns) {
            if (text.compare(noun, plural.size(), plural) != 0) continue;
            if (noun + plural.size() < text.size() && wordChar(text[noun + plural.size()])) continue;  // "1 nodesX"
            text.replace(noun, plural.size(), singular);
            break;
        }
    }
    return text;
}

}  // namespace aoilab
