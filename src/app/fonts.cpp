#include "app/fonts.h"

#include "app/gl.h"
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "app/strings.h"

namespace aoilab::app {
namespace {

constexpr const char* kLatinFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kBaseSize = 16.0f;

// The atlas keeps a pointer to the glyph ranges until it is rebuilt.
ImVector<ImWchar> gCjkRanges;

// The atlas texture whose sampling was last set to nearest. Cleared when the atlas is re-uploaded: GL may
// give the new texture the old one's name.
ImTextureID gNearestAtlas = nullptr;

bool exists(const char* path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

}  // namespace

FontStatus rebuildFonts(float scale, bool mergeCjk, const std::vector<std::string>& extraText,
                        bool backendReady) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    float size = kBaseSize * scale;
    if (exists(kLatinFontPath)) {
        // One texel a pixel, glyphs on whole pixels: the atlas can then be sampled without filtering
        // (sampleFontAtlasByNearestTexel), which is a fifth of a frame under software GL.
        ImFontConfig cfg;
        cfg.OversampleH = 1;
        cfg.PixelSnapH = true;
        io.Fonts->AddFontFromFileTTF(kLatinFontPath, size, &cfg, io.Fonts->GetGlyphRangesDefault());
    } else {
        ImFontConfig cfg;
        cfg.SizePixels = 13.0f * scale;
        io.Fonts->AddFontDefault(&cfg);
    }
    FontStatus status;
    // AOILAB_CJK_FONT points at another font file (tests use it to check the missing-font path).
    const char* overridePath = std::getenv("AOILAB_CJK_FONT");
    status.cjkPath = overridePath && *overridePath ? overridePath : kCjkFontPath;
    if (mergeCjk && exists(status.cjkPath.c_str())) {
        ImFontGlyphRangesBuilder builder;
        for (const char* text : allStrings(Language::Chinese)) builder.AddText(text);
        for (const std::string& text : extraText) builder.AddText(text.c_str());
        gCjkRanges.clear();
        builder.BuildRanges(&gCjkRanges);
        ImFontConfig cfg;
        cfg.MergeMode = true;
        cfg.OversampleH = 1;
        cfg.PixelSnapH = true;
        status.cjkLoaded = io.Fonts->AddFontFromFileTTF(status.cjkPath.c_str(), size, &cfg, gCjkRanges.Data) != nullptr;
    }
    io.Fonts->Build();
    if (backendReady) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
        gNearestAtlas = nullptr;
    }
    return status;
}

void sampleFontAtlasByNearestTexel() {
    // The backend makes the atlas texture with linear filtering: after each rebuild, and on its first frame.
    ImTextureID atlas = ImGui::GetIO().Fonts->TexID;
    if (!atlas || atlas == gNearestAtlas) return;
    GLint bound = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(atlas)));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
    gNearestAtlas = atlas;
}

int countMissingGlyphs(const std::vector<const char*>& texts) {
    ImFont* font = ImGui::GetIO().Fonts->Fonts.empty() ? nullptr : ImGui::GetIO().Fonts->Fonts[0];
    if (!font) return -1;
    int missing = 0;
    for (const char* text : texts) {
        const char* end = text + std::strlen(text);
        while (text < end) {
            unsigned int c = 0;
            int n = ImTextCharFromUtf8(&c, text, end);
            text += n > 0 ? n : 1;
            if (c < 0x20) continue;  // newlines and tabs are not drawn as glyphs
            if (!font->FindGlyphNoFallback(static_cast<ImWchar>(c))) ++missing;
        }
    }
    return missing;
}

}  // namespace aoilab::app
