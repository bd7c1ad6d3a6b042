#pragma once
// A map drawn as one GL texture (one texel per cell, nearest filtering): a 512x512 map costs one quad
// a frame instead of 262,144 ImGui rectangles. Modes fill the pixels (theme colours) whenever what they
// show changes and draw it with SceneView::image().
#include <cstdint>
#include <vector>

namespace aoilab::app {

class CellTexture {
public:
    CellTexture() = default;
    ~CellTexture();
    CellTexture(const CellTexture&) = delete;
    CellTexture& operator=(const CellTexture&) = delete;

    // rgba: width * height ImU32 colours (IM_COL32 byte order), row 0 at the top.
    void upload(int width, int height, const std::vector<std::uint32_t>& rgba);
    // One texel of the uploaded image (a painted cell), without sending the whole image again.
    void updateTexel(int x, int y, std::uint32_t rgba);
    void* id() const;  // for ImDrawList::AddImage; nullptr before the first upload
    int width() const { return width_; }
    int height() const { return height_; }

private:
    unsigned texture_ = 0;
    int width_ = 0;
    int height_ = 0;
};

}  // namespace aoilab::app
