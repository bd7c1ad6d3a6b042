#pragma once
#include <filesystem>
#include <string>

namespace aoilab {

// Writes FILE.tmp-NNNN beside the target, flushes it, then renames it over the target, so a crash or a full
// disk never leaves a half-written file where the user's work was. Throws InputError naming the file.
void writeFileAtomic(const std::filesystem::path& file, const std::string& content);

}  // namespace aoilab
