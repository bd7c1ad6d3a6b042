// The typed edge list (FROM TO WEIGHT a line, as competitive-programming graph editors take it):
// it shows the graph's edges; Apply turns the text into the graph, or marks the bad lines with their
// reason and changes nothing.
#include <imgui.h>

#include "app/app_context.h"
#include "app/modes/graph/graph_ui.h"
#include "app/strings.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

class GraphEdgesPanel final : public Panel {
public:
    GraphEdgesPanel(GraphState& state, GraphView& view) : Panel("graph_edges", Str::GraphPanelEdges), state_(state), view_(view) {}
    bool visibleByDefault() const override { return false; }

    void draw(AppContext& ctx) override {
        // Follow the graph while the user is not typing.
        if (state_.serial() != shownSerial_ && !editing_) {
            text_ = edgeListText(state_.graph());
            shownSerial_ = state_.serial();
            problems_.clear();
        }
        std::vector<char> buffer(text_.begin(), text_.end());
        buffer.resize(text_.size() + 4096, '\0');
        float em = ImGui::GetFontSize();
        float height = std::max(em * 6, ImGui::GetContentRegionAvail().y - em * (3 + static_cast<float>(problems_.size()) * 1.3f));
        if (ImGui::InputTextMultiline("##edge_list", buffer.data(), buffer.size(), ImVec2(-1, height))) text_ = buffer.data();
        editing_ = ImGui::IsItemActive() || editing_;
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipGraphEdges));
        if (ImGui::Button(tr(Str::GraphApply))) {
            view_.status = state_.applyEdgeList(text_, problems_);
            if (problems_.empty()) {
                editing_ = false;
                shownSerial_ = 0;
                if (!ctx.playback.playing()) state_.seek(state_.searchSteps());
            }
        }
        for (const EdgeListProblem& p : problems_)
            ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1), "%s", fmt(Str::GraphEdgeLine, p.line, p.message.c_str()).c_str());
    }

    nlohmann::json dump(const AppContext&) const override {
        nlohmann::json problems = nlohmann::json::array();
        for (const EdgeListProblem& p : problems_) problems.push_back({{"line", p.line}, {"message", p.message}});
        return {{"text", text_}, {"problems", problems}};
    }

private:
    GraphState& state_;
    GraphView& view_;
    std::string text_;
    std::uint64_t shownSerial_ = 0;
    bool editing_ = false;
    std::vector<EdgeListProblem> problems_;
};

}  // namespace

std::unique_ptr<Panel> makeGraphEdgesPanel(GraphState& state, GraphView& view) {
    return std::make_unique<GraphEdgesPanel>(state, view);
}

}  // namespace aoilab::app
