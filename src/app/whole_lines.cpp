#include "app/whole_lines.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

namespace aoilab::app {

namespace {

constexpr float kRoundingPx = 0.5f;  // a line past its clip by no more than this is not cut

// A text line's piece: the box of the line a glyph was drawn on (window pixels; a line is a font size
// tall, so the lines of a paragraph touch and never overlap) and the draw command (so the clip) of it.
struct LinePiece {
    float x0, y0, x1, y1;
    ImDrawCmd* command;
};

// The font atlas's glyphs by the texture coordinates of their top-left corner: a glyph drawn at y
// (its line's top) has its box's top at y + Y0 * scale, so the box gives back the line.
class GlyphIndex {
public:
    struct Entry {
        float top, bottom, lineHeight;  // the glyph's Y0 and Y1 and its font's line, in font pixels
    };
    static const GlyphIndex& current() {
        static GlyphIndex index;
        const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
        if (index.texture_ != atlas->TexID || index.width_ != atlas->TexWidth || index.height_ != atlas->TexHeight ||
            index.fonts_ != atlas->Fonts.Size)
            index = GlyphIndex(*atlas);  // a new atlas (another font scale, the Chinese font)
        return index;
    }
    ImTextureID texture() const { return texture_; }
    const Entry* find(ImVec2 uv) const {
        auto at = glyphs_.find(key(uv));
        return at == glyphs_.end() ? nullptr : &at->second;
    }
    // Neither the white pixel (every filled shape) nor the baked lines (anti-aliased borders, which run
    // the whole height of a table): texture coordinates that may be a glyph's.
    bool maybeGlyph(ImVec2 uv) const {
        if (uv.x == white_.x && uv.y == white_.y) return false;
        return !(hasLines_ && uv.x >= linesMin_.x && uv.x <= linesMax_.x && uv.y >= linesMin_.y && uv.y <= linesMax_.y);
    }

private:
    GlyphIndex() = default;
    explicit GlyphIndex(const ImFontAtlas& atlas)
        : texture_(atlas.TexID), width_(atlas.TexWidth), height_(atlas.TexHeight), fonts_(atlas.Fonts.Size), white_(atlas.TexUvWhitePixel) {
        for (const ImFont* font : atlas.Fonts)
            for (const ImFontGlyph& g : font->Glyphs)
                if (g.Visible) glyphs_[key({g.U0, g.V0})] = {g.Y0, g.Y1, font->FontSize};
        if (atlas.PackIdLines >= 0) {
            atlas.CalcCustomRectUV(&atlas.CustomRects[atlas.PackIdLines], &linesMin_, &linesMax_);
            hasLines_ = true;
        }
    }
    static std::uint64_t key(ImVec2 uv) {
        std::uint32_t u, v;
        std::memcpy(&u, &uv.x, sizeof u);
        std::memcpy(&v, &uv.y, sizeof v);
        return (std::uint64_t{u} << 32) | v;
    }
    ImTextureID texture_ = nullptr;
    int width_ = 0, height_ = 0, fonts_ = 0;
    ImVec2 white_, linesMin_, linesMax_;
    bool hasLines_ = false;
    std::unordered_map<std::uint64_t, Entry> glyphs_;
};

// The line pieces of every glyph triangle `list` holds from `from` on, and every draw command from
// there (the ones whose clips may move).
void collect(ImDrawList* list, DrawMark from, const GlyphIndex& index, std::vector<LinePiece>& pieces,
             std::vector<ImDrawCmd*>& commands) {
    for (int c = std::max(0, from.command); c < list->CmdBuffer.Size; ++c) {
        ImDrawCmd& command = list->CmdBuffer[c];
        if (command.UserCallback) continue;
        commands.push_back(&command);
        if (command.TextureId != index.texture()) continue;
        const unsigned end = command.IdxOffset + command.ElemCount;
        for (unsigned i = std::max(command.IdxOffset, static_cast<unsigned>(from.index)); i + 2 < end; i += 3) {
            ImVec2 lo(1e30f, 1e30f), hi(-1e30f, -1e30f), uv(1e30f, 1e30f);
            bool glyph = true;
            for (unsigned k = 0; k < 3; ++k) {
                const ImDrawVert& v = list->VtxBuffer[static_cast<int>(command.VtxOffset + list->IdxBuffer[static_cast<int>(i + k)])];
                glyph = glyph && index.maybeGlyph(v.uv);
                lo = ImMin(lo, v.pos);
                hi = ImMax(hi, v.pos);
                uv = ImMin(uv, v.uv);
            }
            if (!glyph) continue;
            LinePiece piece{lo.x, lo.y, hi.x, hi.y, &command};
            // A glyph cut to a widget's own edge (a button's label) no longer starts at its corner:
            // its box stands for its line.
            if (const GlyphIndex::Entry* e = index.find(uv); e && e->bottom > e->top) {
                const float scale = (hi.y - lo.y) / (e->bottom - e->top);
                piece.y0 = lo.y - e->top * scale;
                piece.y1 = piece.y0 + e->lineHeight * scale;
            }
            pieces.push_back(piece);
        }
    }
}

// The same for `window` since `from` and every window inside it (a table that scrolls, a list of its
// own), whose clips lie inside the window's.
void collectTree(ImGuiWindow* window, DrawMark from, const GlyphIndex& index, std::vector<LinePiece>& pieces,
                 std::vector<ImDrawCmd*>& commands) {
    collect(window->DrawList, from, index, pieces, commands);
    for (ImGuiWindow* child : window->DC.ChildWindows)
        if (child->Active && !(child->Flags & ImGuiWindowFlags_Popup)) collectTree(child, DrawMark{}, index, pieces, commands);
}

// Whether any of the piece shows through its clip.
bool shows(const LinePiece& p) {
    const ImVec4& clip = p.command->ClipRect;
    return clip.z > clip.x && clip.w > clip.y && p.x1 > clip.x && p.x0 < clip.z && p.y1 > clip.y && p.y0 < clip.w;
}

}  // namespace

DrawMark drawMarkOf(const ImGuiWindow* window) {
    return {window->DrawList->CmdBuffer.Size - 1, window->DrawList->IdxBuffer.Size};
}

float clipToWholeLines(ImGuiWindow* window, DrawMark from) {
    std::vector<LinePiece> pieces;
    std::vector<ImDrawCmd*> commands;
    collectTree(window, from, GlyphIndex::current(), pieces, commands);
    // A line cut by its clip's bottom moves that edge up to the line's top, in every command that shares
    // the edge (the other columns of a table, the windows inside): the whole row goes. Likewise at the
    // top. Again until no line is cut: each move narrows a clip, so it ends.
    bool movedAny = false;
    for (bool moved = true; moved;) {
        moved = false;
        for (const LinePiece& p : pieces) {
            if (!shows(p)) continue;
            const ImVec4 clip = p.command->ClipRect;
            if (p.y1 > clip.w + kRoundingPx) {
                for (ImDrawCmd* c : commands)
                    if (c->ClipRect.w == clip.w) c->ClipRect.w = std::max(c->ClipRect.y, p.y0);
                moved = true;
            } else if (p.y0 < clip.y - kRoundingPx) {
                for (ImDrawCmd* c : commands)
                    if (c->ClipRect.y == clip.y) c->ClipRect.y = std::min(c->ClipRect.w, p.y1);
                moved = true;
            }
        }
        movedAny |= moved;
    }
    // The same pieces measured under the clips as they now are (no second pass over the draw lists);
    // before AddDrawCmd below, which may move the commands the pieces point to.
    float worst = 0;
    for (const LinePiece& p : pieces) {
        if (!shows(p)) continue;
        const ImVec4& clip = p.command->ClipRect;
        worst = std::max({worst, p.y1 - clip.w, clip.y - p.y0});
    }
    // What the window draws next (its own end) goes in a command of its own, with the clip it had.
    if (movedAny) window->DrawList->AddDrawCmd();
    return worst > kRoundingPx ? worst : 0.0f;
}

}  // namespace aoilab::app
