#pragma once
// Share links (issue 36, item 7): a scenario with the user's edits, the workbench and the timeline
// position, carried in a URL fragment `s=...` that opens the same thing elsewhere (File > Copy link in
// the app; `--link` on the desktop, `index.html#s=...` in the page).
//
// The fragment's value is base64url(pack(compact JSON)) (link_codec.h), the JSON being
//   {"aoilab_link": 1, "mode": "aoi"|"search"|"maps"|"graph", "seek": "N"|"end", "scenario": {...}}
// with "mode" and "seek" optional and "scenario" the scenario file's JSON (scenarioToJson). A scenario's
// map and graph file references travel as they are: the app writes them relative to the scenario
// library's folder and resolves them from there when it opens a link.
//
// Decoding is a reader like the others: bounded (kMaxLinkChars characters, kMaxLinkJsonBytes unpacked,
// each checked before the work), linear, and every failure is an InputError "link: ...". The scenario
// then goes through parseScenario, the same checks as a file.
#include <cstddef>
#include <string>
#include <string_view>

#include "scenario/scenario.h"

namespace aoilab {

// The longest `s=...` fragment Copy link makes and a link may carry (a URL of this length passes
// every browser and chat program in use).
inline constexpr std::size_t kMaxLinkChars = 8000;
// The longest JSON a link unpacks to.
inline constexpr std::size_t kMaxLinkJsonBytes = 1u << 20;

struct ShareLink {
    Scenario scenario;
    std::string mode;  // "" (the app keeps its workbench) or one of kScenarioModes
    std::string seek;  // "" (the start), a position "N" (0 .. 10^9, as --seek), or "end"
    friend bool operator==(const ShareLink&, const ShareLink&) = default;
};

// The fragment "s=..." (without '#'). Throws InputError when it would be longer than kMaxLinkChars:
// "link: this scenario is too large for a link (N characters; the limit is 8,000): use Save".
std::string encodeShareLink(const ShareLink& link);

// Reads "s=...", or a whole URL or fragment holding it ("...#s=...", "#s=..."; other `&key=value`
// parts of the fragment are left to the caller). Throws InputError "link: ..." on anything else, and
// the scenario's own messages (named `sourceName`) when its JSON is not a valid scenario.
ShareLink decodeShareLink(std::string_view text, const std::string& sourceName = "link");

// The value of `s=` in a URL or fragment ("" when it has none).
std::string_view shareLinkValue(std::string_view text);

}  // namespace aoilab
