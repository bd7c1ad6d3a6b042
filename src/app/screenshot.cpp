#include "app/screenshot.h"

#include "core/atomic_file.h"
#include "core/error.h"

#include "app/gl.h"
#include <stb_image_write.h>  // implemented in libstb (Debian): no STB_IMAGE_WRITE_IMPLEMENTATION here

#include <cstring>
#include <vector>

namespace aoilab::app {

std::string saveScreenshot(const std::string& file, int width, int height) {
    if (width <= 0 || height <= 0) return "the window has no pixels";
    std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // GL rows start at the bottom; PNG rows at the top.
    std::size_t row = static_cast<std::size_t>(width) * 3;
    std::vector<unsigned char> flipped(pixels.size());
    for (int y = 0; y < height; ++y)
        std::memcpy(&flipped[static_cast<std::size_t>(y) * row], &pixels[static_cast<std::size_t>(height - 1 - y) * row], row);
    // Encoded in memory, then written atomically like every file the app writes.
    std::string png;
    auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 3, flipped.data(), static_cast<int>(row)))
        return file + ": cannot encode the PNG image";
    try {
        writeFileAtomic(file, png);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

}  // namespace aoilab::app
