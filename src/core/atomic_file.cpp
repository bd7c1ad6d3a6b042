#include "core/atomic_file.h"

#include <random>
#include <sstream>

#include "core/error.h"

namespace aoilab {
namespace fs = std::filesystem;

namespace {

// The file a write replaces: a symbolic link's final target (the link itself stays), else the file.
fs::path writeTarget(const fs::path& file) {
    std::error_code error;
    fs::path target = file;
    for (int hops = 0; hops < 40 && fs::is_symlink(target, error); ++hops) {
        fs::path next = fs::read_symlink(target, error);
        if (error) break;
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    return target;
}

fs::path temporaryBeside(const fs::path& target) {
    std::random_device random;
    fs::path temp = target;
    temp += ".tmp-" + std::to_string(random() % 1000000);
    return temp;
}

// Keeps the replaced file's permissions (a 0600 file stays private); a new file gets the defaults.
void replace(const fs::path& temp, const fs::path& target, const fs::path& named) {
    std::error_code error;
    fs::file_status old = fs::status(target, error);
    if (!error && fs::exists(old)) fs::permissions(temp, old.permissions(), fs::perm_options::replace, error);
    error.clear();
    fs::rename(temp, target, error);
    if (error) {
        std::error_code ignored;
        fs::remove(temp, ignored);
        throw InputError(named.string() + ": cannot replace the file: " + error.message() + " (the old file is unchanged)");
    }
}

}  // namespace

void writeFileAtomic(const fs::path& file, const std::string& content) {
    AtomicFileWriter writer(file);
    writer.stream() << content;
    writer.commit();
}

AtomicFileWriter::AtomicFileWriter(const fs::path& file) : file_(file), target_(writeTarget(file)) {
    std::error_code error;
    fs::file_status status = fs::status(target_, error);
    if (fs::is_directory(status))
        throw InputError(file.string() + ": is a directory; give a file name to write");
    if (!error && fs::exists(status) && !fs::is_regular_file(status)) {
        // A device or a pipe (/dev/stdout, /dev/full, a FIFO) is written into, never replaced by a file:
        // its write errors are checked at commit() like any other.
        direct_ = true;
        out_.open(target_, std::ios::binary);
        if (!out_) throw InputError(file.string() + ": cannot open it for writing");
        return;
    }
    if (!target_.parent_path().empty() && !fs::is_directory(target_.parent_path(), error))
        throw InputError(file.string() + ": cannot write: the folder " + target_.parent_path().string() + " does not exist");
    temp_ = temporaryBeside(target_);
    out_.open(temp_, std::ios::binary | std::ios::trunc);
    if (!out_) throw InputError(file.string() + ": cannot write (could not create " + temp_.string() + ")");
}

AtomicFileWriter::~AtomicFileWriter() {
    if (committed_) return;
    out_.close();
    if (direct_) return;
    std::error_code ignored;
    fs::remove(temp_, ignored);
}

void AtomicFileWriter::commit() {
    out_.flush();
    bool ok = static_cast<bool>(out_);
    out_.close();
    if (!ok || out_.fail()) {
        committed_ = true;
        if (direct_) throw InputError(file_.string() + ": writing failed (the device is full or closed)");
        std::error_code ignored;
        fs::remove(temp_, ignored);
        throw InputError(file_.string() + ": writing failed (disk full?); the old file is unchanged");
    }
    if (direct_) {
        committed_ = true;
        return;
    }
    replace(temp_, target_, file_);
    committed_ = true;
}

void requireOutputIsNotAnInput(const fs::path& output, const std::vector<fs::path>& inputs) {
    std::error_code error;
    if (!fs::exists(output, error)) return;
    for (const fs::path& input : inputs) {
        std::error_code e;
        if (fs::exists(input, e) && fs::equivalent(output, input, e) && !e)
            throw InputError(output.string() + ": is the input " + input.string() +
                             " (the same file); refusing to overwrite it: write to another file");
    }
}

std::string readFileText(const fs::path& file, std::size_t maxBytes) {
    std::error_code error;
    fs::file_status status = fs::status(file, error);
    if (fs::is_directory(status)) throw InputError(file.string() + ": is a directory, not a file");
    if (!fs::exists(status)) throw InputError(file.string() + ": cannot open: no such file");
    // A device (/dev/zero, /dev/urandom) has no end; a pipe is read, up to the same budget.
    if (!fs::is_regular_file(status) && !fs::is_fifo(status))
        throw InputError(file.string() + ": is not a regular file (a device?); give a file to read");
    if (fs::is_regular_file(file, error)) {
        auto size = fs::file_size(file, error);
        if (!error && size > maxBytes)
            throw InputError(file.string() + ": " + std::to_string(size) + " bytes, more than the " + std::to_string(maxBytes) +
                             " this reader accepts (docs/LIMITS.md)");
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) throw InputError(file.string() + ": cannot open the file for reading");
    // Read at most maxBytes + 1 (a pipe or a growing file has no size to check first).
    std::string text;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > maxBytes)
            throw InputError(file.string() + ": more than the " + std::to_string(maxBytes) + " bytes this reader accepts");
    }
    if (in.bad()) throw InputError(file.string() + ": reading failed");
    return text;
}

}  // namespace aoilab
