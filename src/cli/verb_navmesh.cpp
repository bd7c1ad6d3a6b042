// Placeholder until the owning area lands this verb; it must be replaced, not shipped.
#include <cstdio>

#include "cli/verbs.h"

namespace aoilab::cli {
int runNavmesh(int, char**) {
    std::fprintf(stderr, "aoilab-cli: this verb is not built yet\n");
    return 2;
}
}  // namespace aoilab::cli
