#pragma once
// The files this run of the app reads (--scenario, --script, --map, --graph, a map or graph a workbench
// opened, and the open scenario with the map and graph it refers to): no output of the run may replace
// one (issue 38). One list for the process, noted where the files are read.
#include <filesystem>
#include <string>

namespace aoilab::app {

class Document;

// `document`: a scenario the user opened to edit (--scenario). No screenshot or dump may replace it, but a
// save may: saving a document back where it came from (after a Save As elsewhere, say) is what a user
// does with it, and the run no longer reads it once it is open.
void noteRunInput(const std::filesystem::path& file, bool document = false);

// Empty when `file` may be written; else why not (through any path, link or hard link: device and
// inode). A save onto the open scenario's own file is its save, not a clash.
std::string outputRefusal(const std::filesystem::path& file, bool isSave, const Document& doc);

}  // namespace aoilab::app
