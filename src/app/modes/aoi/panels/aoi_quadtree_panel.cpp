// The quadtree method: its partition over the scene and as a tree (depth, entities per node), with the
// nodes the last operation's queries visited lit orange in both. The tree list is clipped, so only the
// rows on screen are drawn.
#include <imgui.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "aoi/quadtree.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
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
        if (!tree) return;
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
        textWrappedCjk(fmt(Str::QuadtreeSummary, static_cast<int>(nodes_.size()), leaves, depth, tree->capacity(),
                           visitedCount));
        if (state.focusName() != "quadtree") explanationBlock(state, state.session().methodIndex("quadtree"));
        ImGui::Checkbox(tr(Str::QuadtreeVisitedOnly), &visitedOnly_);
        itemTip(Str::TipQuadtreeVisitedOnly);
        drawTree();
        colourLegend();

        nlohmann::json visited = nlohmann::json::array();
        for (const QuadtreeAoi::NodeInfo& node : tree->lastVisited())
            visited.push_back({node.depth, node.rect.minX, node.rect.minY, node.rect.maxX, node.rect.maxY});
        state.drawn["quadtree"] = {{"nodes", nodes_.size()}, {"leaves", leaves}, {"visited", visited}};
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
        // Depth-first order for the tree view.
        std::vector<int> firstChild(nodes_.size(), -1);
        int next = 1;
        for (std::size_t i = 0; i < nodes_.size(); ++i)
            if (!nodes_[i].leaf) {
                firstChild[i] = next;
                next += 4;
            }
        preorder_.clear();
        std::vector<int> stack{0};
        while (!stack.empty() && !nodes_.empty()) {
            int n = stack.back();
            stack.pop_back();
            if (n < 0 || n >= static_cast<int>(nodes_.size())) continue;
            preorder_.push_back(n);
            if (firstChild[static_cast<std::size_t>(n)] >= 0)
                for (int q = 3; q >= 0; --q) stack.push_back(firstChild[static_cast<std::size_t>(n)] + q);
        }
        return tree;
    }

    void drawTree() {
        rows_.clear();
        for (int n : preorder_)
            if (!visitedOnly_ || visited_[static_cast<std::size_t>(n)]) rows_.push_back(n);
        float em = ImGui::GetFontSize();
        ImGui::BeginChild("##quadtree_rows", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 10), true,
                          ImGuiWindowFlags_HorizontalScrollbar);
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(rows_.size()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                auto n = static_cast<std::size_t>(rows_[static_cast<std::size_t>(i)]);
                const QuadtreeAoi::NodeInfo& node = nodes_[n];
                ImGui::SetCursorPosX(ImGui::GetCursorPosX() + node.depth * em * 0.9f);
                std::string text = fmt(Str::QuadtreeNode, node.depth, node.rect.minX, node.rect.maxX, node.rect.minY,
                                       node.rect.maxY, node.count);
                if (node.leaf) text += std::string("  ") + tr(Str::QuadtreeLeaf);
                if (visited_[n]) colouredText(theme::kVisited, text.c_str());
                else ImGui::TextUnformatted(text.c_str());
            }
        }
        ImGui::EndChild();
    }

    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::vector<QuadtreeAoi::NodeInfo> nodes_;
    std::vector<bool> visited_;
    std::vector<int> preorder_;
    std::vector<int> rows_;
    bool visitedOnly_ = false;
};

}  // namespace

std::unique_ptr<Panel> makeAoiQuadtreePanel(AoiState& state) { return std::make_unique<AoiQuadtreePanel>(state); }

}  // namespace aoilab::app
