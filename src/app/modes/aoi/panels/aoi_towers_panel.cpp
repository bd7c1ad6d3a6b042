// The tower (beacon) method: the towers over the scene with their entity and watcher counts, the towers
// the selected entity's view covers (yellow, the selection's colour), and, after a move, the towers its
// view entered (green) and left (vermillion). The table of towers in use is clipped.
#include <imgui.h>

#include <algorithm>
#include <set>

#include "aoi/tower.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/scene_view.h"
#include "app/theme.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

using TowerKey = std::pair<int, int>;

class AoiTowersPanel final : public AoiPanel {
public:
    explicit AoiTowersPanel(AoiState& state) : AoiPanel("towers", Str::PanelTowers, state) {}
    bool visibleByDefault() const override { return false; }

    void drawOverlay(AppContext& ctx, SceneView& view) override {
        AoiCpuTimer timer(state_);
        const TowerAoi* towers = refresh(ctx, state_);
        if (!towers) return;
        const double size = towers->towerSize();
        const AoiConfig& config = state_.session().config();
        auto rect = [&](TowerKey t) {
            return Rect{t.first * size, t.second * size, std::min((t.first + 1) * size, config.worldWidth),
                        std::min((t.second + 1) * size, config.worldHeight)};
        };
        // A tower's outline drawn two pixels inside it, so entered and left towers read beside covered ones.
        auto inset = [&](Rect r) {
            double d = 2 / std::max(1e-9f, view.pixelsPerUnit());
            return Rect{r.minX + d, r.minY + d, r.maxX - d, r.maxY - d};
        };
        view.gridLines({0, 0, config.worldWidth, config.worldHeight}, size, towers->columns(), towers->rows(), IM_COL32(255, 255, 255, 60));
        for (const TowerKey& t : covered_) {
            view.rectFilled(rect(t), withAlpha(theme::kSelected, 35));
            view.rectOutline(rect(t), withAlpha(theme::kSelected, 200), 0.09f);
        }
        for (const TowerKey& t : entered_) view.rectOutline(inset(rect(t)), theme::kEnter, 0.15f);
        for (const TowerKey& t : left_) view.rectOutline(inset(rect(t)), theme::kLeave, 0.15f);
        if (size * view.pixelsPerUnit() >= ImGui::GetFontSize() * 2.5f)
            for (const TowerCounts& t : inUse_) {
                char text[32];
                std::snprintf(text, sizeof text, "%d/%d", t.entities, t.watchers);
                Rect r = rect({t.column, t.row});
                view.label({r.minX, r.minY}, text, IM_COL32(255, 255, 255, 170), false);
            }
    }

    void draw(AppContext& ctx) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const TowerAoi* towers = refresh(ctx, state);
        if (!towers) {
            ImGui::TextDisabled("%s", tr(Str::TowersNoTower));
            return;
        }
        ImGui::PushTextWrapPos(0);
        textWrappedCjk(fmt(Str::TowersSummary, towers->towerSize(), towers->columns(), towers->rows(),
                           static_cast<int>(inUse_.size())));
        if (ctx.selected && ctx.world().contains(*ctx.selected))
            textWrappedCjk(fmt(Str::TowersCovered, entityLabel(state.session(), *ctx.selected).c_str(),
                               static_cast<int>(covered_.size())));
        else
            ImGui::TextDisabled("%s", tr(Str::TowersSelectHint));
        ImGui::TextDisabled("%s", tr(Str::TowersLabels));
        ImGui::PopTextWrapPos();
        if (state.focusName() != "tower") explanationBlock(state, state.session().methodIndex("tower"));
        drawTable();
        colourLegend();

        nlohmann::json covered = nlohmann::json::array(), used = nlohmann::json::array();
        for (const TowerKey& t : covered_) covered.push_back({t.first, t.second});
        for (const TowerCounts& t : inUse_) used.push_back({t.column, t.row, t.entities, t.watchers});
        state.drawn["towers"] = {{"tower_size", towers->towerSize()}, {"covered", covered}, {"in_use", used}};
    }

private:
    const TowerAoi* refresh(const AppContext& ctx, const AoiState& state) {
        const auto* towers = dynamic_cast<const TowerAoi*>(state.session().system("tower"));
        if (!towers || (state.serial() == cachedSerial_ && ctx.selected == cachedSelection_)) return towers;
        cachedSerial_ = state.serial();
        cachedSelection_ = ctx.selected;
        towers->towers(inUse_);
        covered_.clear();
        if (ctx.selected) {
            std::vector<TowerCounts> watched;
            towers->towersWatchedBy(*ctx.selected, watched);
            for (const TowerCounts& t : watched) covered_.emplace_back(t.column, t.row);
        }
        entered_.clear();
        left_.clear();
        if (const auto& last = state.last(); last && last->operation.kind == OpKind::Move) {
            std::set<TowerKey> before(last->towersBefore.begin(), last->towersBefore.end());
            std::set<TowerKey> after(last->towersAfter.begin(), last->towersAfter.end());
            for (const TowerKey& t : after)
                if (!before.count(t)) entered_.push_back(t);
            for (const TowerKey& t : before)
                if (!after.count(t)) left_.push_back(t);
        }
        return towers;
    }

    void drawTable() {
        std::set<TowerKey> covered(covered_.begin(), covered_.end());
        float height = ImGui::GetTextLineHeightWithSpacing() * 9;
        if (!ImGui::BeginTable("##towers", 3, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV,
                               ImVec2(0, height)))
            return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn(tr(Str::TowersTower));
        ImGui::TableSetupColumn(tr(Str::TowersEntities));
        ImGui::TableSetupColumn(tr(Str::TowersWatchers));
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(inUse_.size()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const TowerCounts& t = inUse_[static_cast<std::size_t>(i)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                char name[32];
                std::snprintf(name, sizeof name, "(%d, %d)", t.column, t.row);
                if (covered.count({t.column, t.row})) colouredText(theme::kSelected, name);
                else ImGui::TextUnformatted(name);
                ImGui::TableNextColumn();
                ImGui::Text("%d", t.entities);
                ImGui::TableNextColumn();
                ImGui::Text("%d", t.watchers);
            }
        }
        ImGui::EndTable();
    }

    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::optional<EntityId> cachedSelection_;
    std::vector<TowerCounts> inUse_;
    std::vector<TowerKey> covered_, entered_, left_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiTowersPanel(AoiState& state) { return std::make_unique<AoiTowersPanel>(state); }

}  // namespace aoilab::app
