#pragma once
// Every file the project writes goes through here: written beside its target and renamed over it, so a
// crash or a full disk never leaves half a file where the user's work was; through a symbolic link the
// link stays and its target is replaced; the old file's permissions are kept; an output that is one of
// the inputs (by any path or link) is refused before any work. Reading: size budgets checked before the
// read, directories named as such.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace aoilab {

// Throws InputError naming the file.
void writeFileAtomic(const std::filesystem::path& file, const std::string& content);

// For large outputs written as they are produced (replay's events): stream() into a temporary file
// beside the target; commit() renames it over the target (keeping a link and the permissions). A writer
// destroyed without commit() removes its temporary file and leaves the old file as it was.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(const std::filesystem::path& file);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
    std::ofstream& stream() { return out_; }
    void commit();

private:
    std::filesystem::path file_;    // as the user named it
    std::filesystem::path target_;  // the file actually replaced (a link's target)
    std::filesystem::path temp_;
    std::ofstream out_;
    bool committed_ = false;
    bool direct_ = false;  // the target is a device or a pipe: written into, not replaced
};

// Throws InputError when `output` is the same file as one of `inputs` (through any path or link).
void requireOutputIsNotAnInput(const std::filesystem::path& output, const std::vector<std::filesystem::path>& inputs);

// The whole file as text. Throws InputError for a directory, a missing or unreadable file, or one
// larger than maxBytes (with its size and the limit), before reading it.
std::string readFileText(const std::filesystem::path& file, std::size_t maxBytes);

}  // namespace aoilab
