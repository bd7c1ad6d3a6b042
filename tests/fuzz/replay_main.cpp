// Replays inputs through a fuzz target's LLVMFuzzerTestOneInput without libFuzzer, so the ordinary
// build (gcc) runs every kept crash (tests/fuzz/regressions/<target>/) and the seeds as a ctest case.
// Arguments: files or folders (every regular file below a folder). A crash, an abort, an escaping
// exception or a sanitizer report fails the test; so does finding no input at all.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

void replay(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::fprintf(stderr, "replaying %s (%zu bytes)\n", file.string().c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    std::size_t count = 0;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg(argv[i]);
        if (fs::is_directory(arg)) {
            for (const auto& entry : fs::recursive_directory_iterator(arg))
                if (entry.is_regular_file() && entry.path().filename() != ".gitkeep") replay(entry.path()), ++count;
        } else if (fs::is_regular_file(arg)) {
            replay(arg), ++count;
        }
    }
    std::printf("%zu inputs replayed without a finding\n", count);
    return count > 0 ? 0 : 1;
}
