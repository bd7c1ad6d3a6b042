#pragma once
// The font atlas: a Latin base font at 16 px x scale, with the Chinese glyphs of the UI's own strings
// (and of the open world's names) merged from wqy-microhei. Only those few hundred glyphs go into the
// atlas, so a rebuild (font scale change) takes milliseconds.
#include <string>
#include <vector>

namespace aoilab::app {

// The Chinese font; the environment variable AOILAB_CJK_FONT overrides the path.
constexpr const char* kCjkFontPath = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";

struct FontStatus {
    bool cjkLoaded = false;  // the Chinese font was found and merged
    std::string cjkPath;
};

// Rebuilds io.Fonts (call between frames; the GL texture is re-uploaded when the backend is up).
// extraText: more UTF-8 text whose glyphs the atlas must hold (entity names).
FontStatus rebuildFonts(float scale, bool mergeCjk, const std::vector<std::string>& extraText,
                        bool backendReady);

// Text is drawn texel for pixel (fonts built at their on-screen size, glyphs snapped to whole pixels),
// so the atlas needs no bilinear filtering: call after the backend's NewFrame, every frame.
void sampleFontAtlasByNearestTexel();

// How many characters of the given UTF-8 strings the current font has no glyph for ('?' boxes).
int countMissingGlyphs(const std::vector<const char*>& texts);

}  // namespace aoilab::app
