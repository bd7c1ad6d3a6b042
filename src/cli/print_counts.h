#pragma once
// printf for the CLI's summaries built from "%d queries"-style templates: a count of one takes the
// singular ("1 query", core/plural.h), as in the app.
#include <cstdarg>
#include <cstdio>
#include <string>

#include "core/plural.h"

namespace aoilab::cli {

[[gnu::format(printf, 1, 2)]] inline void printCounts(const char* format, ...) {
    char buffer[2048];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    std::fputs(agreeWithCounts(buffer).c_str(), stdout);
}

}  // namespace aoilab::cli
