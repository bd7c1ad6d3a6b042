// The tower (beacon) method: the towers over the scene with their entity and watcher counts, the towers
// the selected entity's view covers (yellow, the selection's colour), and, after a move, the towers its
// view entered (green) and left (vermillion); in the panel, the same as a heat map of entities per tower.
#include <imgui.h>

#include <algorithm>
#include <set>

#include "aoi/tower.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/modes/aoi/panels/aoi_heat.h"
#include "app/modes/aoi/panels/aoi_structure_overlay.h"
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
        StructureOverlay& overlay = StructureOverlay::of(state_);
        if (!towers || !overlay.offer(id())) return;
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
        overlay.drawn(id(), Str::PanelTowers, view, state_);
    }

    void draw(AppContext& ctx) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const TowerAoi* towers = refresh(ctx, state);
        if (!towers) {
            textDisabledWrapped(tr(Str::TowersNoTower));
            return;
        }
        // The drawing first, so a short tile still shows it; the words scroll under it.
        nlohmann::json heat = drawHeatMap(ctx, *towers);
        StructureOverlay::of(state).chooser(id());
        ImGui::PushTextWrapPos(0);
        textWrappedCjk(fmt(Str::TowersSummary, towers->towerSize(), towers->columns(), towers->rows(),
                           static_cast<int>(inUse_.size())));
        if (ctx.selected && ctx.world().contains(*ctx.selected))
            textWrappedCjk(fmt(Str::TowersCovered, entityLabel(state.session(), *ctx.selected).c_str(),
                               static_cast<int>(covered_.size())));
        else
            textDisabledWrapped(tr(Str::TowersSelectHint));
        textDisabledWrapped(tr(Str::TowersHeatHint));
        textDisabledWrapped(tr(Str::TowersLabels));
        ImGui::PopTextWrapPos();
        if (state.focusName() != "tower") explanationBlock(state, state.session().methodIndex("tower"));
        colourLegend();

        nlohmann::json covered = nlohmann::json::array(), used = nlohmann::json::array();
        for (const TowerKey& t : covered_) covered.push_back({t.first, t.second});
        for (const TowerCounts& t : inUse_) used.push_back({t.column, t.row, t.entities, t.watchers});
        state.drawn["towers"] = {{"tower_size", towers->towerSize()}, {"covered", covered}, {"in_use", used}, {"heat", heat}};
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

    // The towers as a heat map over the world: a tower's fill is its entity count on the scale under
    // the map, the covered towers framed yellow, the entered and left ones green and vermillion inside.
    // Only the towers in use are drawn (the ground is one rectangle), so 10,000 towers cost what 100 do.
    nlohmann::json drawHeatMap(AppContext& ctx, const TowerAoi& towers) {
        float em = ImGui::GetFontSize();
        int columns = std::max(1, towers.columns()), rows = std::max(1, towers.rows());
        float scaleH = ImGui::GetTextLineHeightWithSpacing() + em * 0.8f;
        float width = std::max(em * 4, ImGui::GetContentRegionAvail().x - 2);
        float height = std::max(em * 3, ImGui::GetContentRegionAvail().y - scaleH - ImGui::GetFrameHeightWithSpacing() - em * 0.3f);
        float side = std::max(0.5f, std::min(width / static_cast<float>(columns), height / static_cast<float>(rows)));
        ImVec2 origin = ImGui::GetCursorScreenPos();
        ImVec2 end(origin.x + side * static_cast<float>(columns), origin.y + side * static_cast<float>(rows));
        ImGui::InvisibleButton("##heat", ImVec2(std::max(1.0f, end.x - origin.x), std::max(1.0f, end.y - origin.y)));
        bool hovered = ImGui::IsItemHovered();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw->AddRectFilled(origin, end, theme::kWorldBackground);
        int most = 1;
        for (const TowerCounts& t : inUse_) most = std::max(most, t.entities);
        auto cell = [&](int column, int row) {
            ImVec2 a(origin.x + side * static_cast<float>(column), origin.y + side * static_cast<float>(row));
            return std::make_pair(a, ImVec2(a.x + side, a.y + side));
        };
        bool labels = side >= ImGui::CalcTextSize("00").x + em * 0.3f;
        for (const TowerCounts& t : inUse_) {
            if (t.entities == 0) continue;
            auto [a, b] = cell(t.column, t.row);
            draw->AddRectFilled(a, b, heatColour(static_cast<float>(t.entities) / static_cast<float>(most)));
            if (labels) {
                char text[16];
                std::snprintf(text, sizeof text, "%d", t.entities);
                ImVec2 size = ImGui::CalcTextSize(text);
                if (size.x <= side - 2)
                    draw->AddText(ImVec2(a.x + (side - size.x) / 2, a.y + (side - size.y) / 2),
                                  t.entities * 2 > most ? IM_COL32(20, 20, 20, 255) : IM_COL32(255, 255, 255, 220), text);
            }
        }
        if (side >= 4)
            for (int c = 1; c < columns; ++c)
                draw->AddLine(ImVec2(origin.x + side * c, origin.y), ImVec2(origin.x + side * c, end.y), theme::kGridLine);
        if (side >= 4)
            for (int r = 1; r < rows; ++r)
                draw->AddLine(ImVec2(origin.x, origin.y + side * r), ImVec2(end.x, origin.y + side * r), theme::kGridLine);
        float thick = std::clamp(side * 0.12f, 1.0f, em * 0.15f);
        for (const TowerKey& t : covered_) {
            auto [a, b] = cell(t.first, t.second);
            draw->AddRect(a, b, theme::kSelected, 0, 0, thick);
        }
        for (const auto& [list, colour] : {std::make_pair(&entered_, theme::kEnter), std::make_pair(&left_, theme::kLeave)})
            for (const TowerKey& t : *list) {
                auto [a, b] = cell(t.first, t.second);
                float inset = thick * 1.5f;
                draw->AddRect(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset), colour, 0, 0, thick);
            }
        draw->AddRect(origin, end, theme::kWorldBorder);
        if (hovered) {
            ImVec2 mouse = ImGui::GetIO().MousePos;
            int column = std::clamp(static_cast<int>((mouse.x - origin.x) / side), 0, columns - 1);
            int row = std::clamp(static_cast<int>((mouse.y - origin.y) / side), 0, rows - 1);
            int entities = 0, watchers = 0;
            for (const TowerCounts& t : inUse_)
                if (t.column == column && t.row == row) entities = t.entities, watchers = t.watchers;
            wrappedTooltip(fmt(Str::TipTowersCell, column, row, entities, watchers));
        }
        float scaleWidth = heatScale(most, tr(Str::TowersHeatLegend));

        nlohmann::json cells = nlohmann::json::array();
        for (const TowerCounts& t : inUse_)
            if (t.entities > 0) cells.push_back({t.column, t.row, t.entities});
        (void)ctx;
        return {{"columns", columns}, {"rows", rows}, {"max", most}, {"cells", cells}, {"cell_pixels", side},
                {"rect", {origin.x, origin.y, end.x, end.y}}, {"labels", labels},
                {"scale_width", scaleWidth},
                {"width", width}};
    }

    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::optional<EntityId> cachedSelection_;
    std::vector<TowerCounts> inUse_;
    std::vector<TowerKey> covered_, entered_, left_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiTowersPanel(AoiState& state) { return std::make_unique<AoiTowersPanel>(state); }

}  // namespace aoilab::app
