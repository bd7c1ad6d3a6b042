// The quadtree method: its partition over the scene and, in the panel, the tree drawn as a tree: one row
// per depth, root on top, every node as wide as its share of its parent's entities (an icicle), with the
// nodes the last operation's queries visited lit orange in both. Nodes thinner than a pixel are left out
// (their parent's box stands for them) and the deepest rows are cut when the panel is too short, so a
// tree of 5,000 entities draws in one screen.
#include <imgui.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "aoi/quadtree.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/modes/aoi/panels/aoi_structure_overlay.h"
#include "app/scene_view.h"
#include "app/theme.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

using NodeKey = std::tuple<int, double, double>;  // depth, min x, min y: unique per live node

NodeKey keyOf(const QuadtreeAoi::NodeInfo& node) { return {node.depth, node.rect.minX, node.rect.minY}; }

class AoiQuadtreePanel final : public AoiPanel {
public:
    explicit AoiQuadtreePanel(AoiState& state) : AoiPanel("quadtree", Str::PanelQuadtree, state) {}
    bool visibleByDefault() const override { return false; }

    void drawOverlay(AppContext&, SceneView& view) override {
        AoiCpuTimer timer(state_);
        const QuadtreeAoi* tree = refresh(state_);
        StructureOverlay& overlay = StructureOverlay::of(state_);
        if (!tree || !overlay.offer(id())) return;
        ImU32 line = IM_COL32(255, 255, 255, 70);
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            const QuadtreeAoi::NodeInfo& node = nodes_[i];
            const Rect& r = node.rect;
            // Nodes narrower than two pixels only blur the picture, unless the query visited them.
            if ((r.maxX - r.minX) * view.pixelsPerUnit() < 2 && !visited_[i]) continue;
            if (visited_[i]) {
                if (node.leaf) view.rectFilled(r, withAlpha(theme::kVisited, 55));
                view.rectOutline(r, theme::kVisited, node.leaf ? 0.12f : 0.09f);
            } else if (node.leaf) {
                view.rectOutline(r, line, 0.06f);
            }
        }
        overlay.drawn(id(), Str::PanelQuadtree, view, state_);
    }

    void draw(AppContext&) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const QuadtreeAoi* tree = refresh(state);
        if (!tree) return;
        int leaves = 0, depth = 0, visitedCount = 0;
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            leaves += nodes_[i].leaf;
            depth = std::max(depth, nodes_[i].depth);
            visitedCount += visited_[i];
        }
        // The drawing first, so a short tile still shows it; the words scroll under it.
        nlohmann::json drawnTree = drawTree(depth);
        StructureOverlay::of(state).chooser(id());
        textWrappedCjk(fmt(Str::QuadtreeSummary, static_cast<int>(nodes_.size()), leaves, depth, tree->capacity(),
                           visitedCount));
        ImGui::PushTextWrapPos(0);
        textDisabledWrapped(tr(Str::QuadtreeTreeHint));
        ImGui::PopTextWrapPos();
        if (state.focusName() != "quadtree") explanationBlock(state, state.session().methodIndex("quadtree"));
        colourLegend();

        nlohmann::json visited = nlohmann::json::array();
        for (const QuadtreeAoi::NodeInfo& node : tree->lastVisited())
            visited.push_back({node.depth, node.rect.minX, node.rect.minY, node.rect.maxX, node.rect.maxY});
        state.drawn["quadtree"] = {{"nodes", nodes_.size()}, {"leaves", leaves}, {"visited", visited}, {"tree", drawnTree}};
    }

private:
    const QuadtreeAoi* refresh(const AoiState& state) {
        const auto* tree = dynamic_cast<const QuadtreeAoi*>(state.session().system("quadtree"));
        if (!tree || state.serial() == cachedSerial_) return tree;
        cachedSerial_ = state.serial();
        tree->nodes(nodes_);  // breadth first: the children of the k-th inner node are 4 in a row
        std::set<NodeKey> lit;
        for (const QuadtreeAoi::NodeInfo& node : tree->lastVisited()) lit.insert(keyOf(node));
        visited_.assign(nodes_.size(), false);
        for (std::size_t i = 0; i < nodes_.size(); ++i) visited_[i] = lit.count(keyOf(nodes_[i])) != 0;
        // The children of the k-th inner node are the 4 nodes after the (k-1)-th inner node's.
        firstChild_.assign(nodes_.size(), -1);
        int next = 1;
        for (std::size_t i = 0; i < nodes_.size(); ++i)
            if (!nodes_[i].leaf) {
                firstChild_[i] = next;
                next += 4;
            }
        // A node's width share: its entities, plus a sliver for every empty leaf so none has no width.
        weight_.assign(nodes_.size(), 0.0);
        for (std::size_t i = nodes_.size(); i-- > 0;) {
            if (firstChild_[i] < 0 || firstChild_[i] + 3 >= static_cast<int>(nodes_.size())) {
                weight_[i] = nodes_[i].count + kEmptySliver;
                continue;
            }
            for (int q = 0; q < 4; ++q) weight_[i] += weight_[static_cast<std::size_t>(firstChild_[i] + q)];
        }
        return tree;
    }

    // The icicle: rows of boxes, a child's span its share of its parent's. Returns the dump of what it drew.
    nlohmann::json drawTree(int depth) {
        float em = ImGui::GetFontSize();
        float width = std::max(em * 4, ImGui::GetContentRegionAvail().x - 2);
        float room = std::max(em * 3, ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 2);
        int levels = std::clamp(static_cast<int>(room / (em * 0.9f)), 1, depth + 1);
        float rowH = std::min(em * 1.6f, room / static_cast<float>(levels));
        ImVec2 origin = ImGui::GetCursorScreenPos();
        ImGui::InvisibleButton("##tree", ImVec2(width, rowH * static_cast<float>(levels)));
        bool hovered = ImGui::IsItemHovered();
        ImVec2 mouse = ImGui::GetIO().MousePos;
        ImDrawList* draw = ImGui::GetWindowDrawList();
        ImU32 fill = ImGui::GetColorU32(ImGuiCol_FrameBg), border = ImGui::GetColorU32(ImGuiCol_Border);
        ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
        nlohmann::json boxes = nlohmann::json::array();
        int hidden = 0, hoveredNode = -1;
        // (node, x0, x1) from the root down, breadth first: parents are drawn before their children.
        struct Span {
            int node;
            float x0, x1;
        };
        std::vector<Span> spans{{0, origin.x, origin.x + width}};
        for (std::size_t k = 0; k < spans.size() && !nodes_.empty(); ++k) {
            Span span = spans[k];
            const auto n = static_cast<std::size_t>(span.node);
            const QuadtreeAoi::NodeInfo& node = nodes_[n];
            if (node.depth >= levels) {
                ++hidden;
                continue;
            }
            bool lit = visited_[n];
            float x0 = span.x0, x1 = span.x1;
            if (x1 - x0 < 1.0f && !lit) {  // thinner than a pixel: its parent's box stands for it
                ++hidden;
                continue;
            }
            if (lit && x1 - x0 < 2.0f) x0 = (x0 + x1) / 2 - 1, x1 = x0 + 2;  // a visited node always shows
            float y0 = origin.y + rowH * static_cast<float>(node.depth), y1 = y0 + rowH - 1;
            draw->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), lit ? withAlpha(theme::kVisited, 220) : fill);
            if (x1 - x0 >= 3) draw->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), lit ? theme::kVisited : border);
            char text[16];
            std::snprintf(text, sizeof text, "%d", node.count);
            ImVec2 size = ImGui::CalcTextSize(text);
            if (size.x + 4 <= x1 - x0 && size.y <= rowH)
                draw->AddText(ImVec2((x0 + x1 - size.x) / 2, y0 + (rowH - 1 - size.y) / 2), lit ? IM_COL32(20, 20, 20, 255) : ink, text);
            if (hovered && mouse.x >= x0 && mouse.x < x1 && mouse.y >= y0 && mouse.y < y1) hoveredNode = span.node;
            // The dump keeps the box's share of the row (span), not the 2-pixel widening that shows it.
            boxes.push_back({node.depth, node.rect.minX, node.rect.minY, node.count, lit, span.x0, span.x1});
            if (firstChild_[n] < 0 || firstChild_[n] + 3 >= static_cast<int>(nodes_.size())) continue;
            float x = span.x0;
            for (int q = 0; q < 4; ++q) {
                int child = firstChild_[n] + q;
                float w = (span.x1 - span.x0) * static_cast<float>(weight_[static_cast<std::size_t>(child)] / std::max(1e-9, weight_[n]));
                spans.push_back({child, x, x + w});
                x += w;
            }
        }
        if (hoveredNode >= 0) {
            const QuadtreeAoi::NodeInfo& node = nodes_[static_cast<std::size_t>(hoveredNode)];
            std::string text = fmt(Str::QuadtreeNode, node.depth, node.rect.minX, node.rect.maxX, node.rect.minY,
                                   node.rect.maxY, node.count);
            if (node.leaf) text += std::string("  ") + tr(Str::QuadtreeLeaf);
            wrappedTooltip(text.c_str());
        }
        if (levels < depth + 1) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled(tr(Str::QuadtreeDeeper), depth + 1 - levels);
            ImGui::PopTextWrapPos();
        }
        return {{"levels_drawn", levels}, {"depth", depth}, {"width", width}, {"row_height", rowH},
                {"boxes", boxes}, {"not_drawn", hidden}};
    }

    static constexpr double kEmptySliver = 0.25;  // an empty leaf's width, in entities
    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::vector<QuadtreeAoi::NodeInfo> nodes_;
    std::vector<bool> visited_;
    std::vector<int> firstChild_;  // index of a node's first child, -1 for a leaf
    std::vector<double> weight_;    // width share: entities in the subtree, plus slivers for empty leaves
};

}  // namespace

std::unique_ptr<Panel> makeAoiQuadtreePanel(AoiState& state) { return std::make_unique<AoiQuadtreePanel>(state); }

}  // namespace aoilab::app
