#pragma once
// The web page's address: index.html#scenario=NAME&mode=M&seek=N|end&lang=en|zh (and, from a shared link,
// s=...). The one place that reads it, display-free so tests check it: the keys become the desktop's
// flags (--scenario scenarios/NAME.json, --mode, --seek, --lang), validated by the same rules; a bad key
// or value is named in `problems` (the page shows them in the error panel) and the rest still applies.
#include <string>
#include <string_view>
#include <vector>

#include "app/app_options.h"

namespace aoilab::app {

struct PageLink {
    AppOptions options;
    // The s= value as it came (still compressed): a scenario shared with File > Copy link, decoded by
    // the share-link codec where web_main.cpp marks the hook.
    std::string shared;
    std::vector<std::string> problems;
};

// `hash`: the address's fragment, with or without its '#'. `library`: the folder of the library
// scenarios as the page sees it ("scenarios").
PageLink parsePageLink(std::string_view hash, const std::string& library = "scenarios");

// %XX and '+' decoded (a browser may encode the values it puts in an address).
std::string percentDecode(std::string_view text);

}  // namespace aoilab::app
