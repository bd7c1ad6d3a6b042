#pragma once
// English number agreement for texts built from "%d nodes"-style templates: a count of exactly one is
// followed by the singular ("Walked 1 node", "1 query"), whatever the template says. Used by the app's
// string formatting (English only: Chinese has no plural forms) and by the CLI's summaries.
#include <string>
#include <string_view>

namespace aoilab {

// `text` with every plural noun of the table that directly follows a standalone "1 " made singular
// ("1 nodes" -> "1 node"; "11 nodes", "0.1 cells", "2 of 1 nodes" are left as they are).
std::string agreeWithCounts(std::string text);

}  // namespace aoilab
