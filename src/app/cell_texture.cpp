#include "app/cell_texture.h"

#include "app/gl.h"

#include <cstdint>

namespace aoilab::app {

CellTexture::~CellTexture() {
    if (texture_) glDeleteTextures(1, &texture_);
}

void CellTexture::upload(int width, int height, const std::vector<std::uint32_t>& rgba) {
    if (width <= 0 || height <= 0 || rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) return;
    if (!texture_) glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (width != width_ || height != height_)
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    else
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    width_ = width;
    height_ = height;
}

void CellTexture::updateTexel(int x, int y, std::uint32_t rgba) {
    if (!texture_ || x < 0 || y < 0 || x >= width_ || y >= height_) return;
    glBindTexture(GL_TEXTURE_2D, texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &rgba);
}

void* CellTexture::id() const { return texture_ ? reinterpret_cast<void*>(static_cast<std::uintptr_t>(texture_)) : nullptr; }

}  // namespace aoilab::app
