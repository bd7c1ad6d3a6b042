#include "app/screenshot.h"

#include <glad/gl.h>
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
    if (!stbi_write_png(file.c_str(), width, height, 3, flipped.data(), static_cast<int>(row)))
        return file + ": cannot write the PNG file";
    return {};
}

}  // namespace aoilab::app
