#include "core/atomic_file.h"

#include <fstream>
#include <random>

#include "core/error.h"

namespace aoilab {

void writeFileAtomic(const std::filesystem::path& file, const std::string& content) {
    namespace fs = std::filesystem;
    std::random_device random;
    fs::path temp = file;
    temp += ".tmp-" + std::to_string(random() % 1000000);
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw InputError(file.string() + ": cannot write (could not create " + temp.string() + ")");
        out << content;
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(temp, ignored);
            throw InputError(file.string() + ": writing failed (disk full?)");
        }
    }
    std::error_code error;
    fs::rename(temp, file, error);
    if (error) {
        std::error_code ignored;
        fs::remove(temp, ignored);
        throw InputError(file.string() + ": cannot replace the file: " + error.message());
    }
}

}  // namespace aoilab
