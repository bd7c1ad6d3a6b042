// The message budget: what the events cost the server. Per method, the events sent at each of the last
// ticks and their bytes at a settable message size, as small bar charts on one scale; and, with the
// grid's lazy super-view on, what it saved against brute force next to the lag it pays for it. The
// numbers are the engine's (aoi/message_budget.h, counted by AoiState); the panel only draws them.
#include <imgui.h>

#include <algorithm>

#include "app/legend.h"
#include "app/modes/aoi/aoi_checks.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/text_wrap.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

class AoiBudgetPanel final : public AoiPanel {
public:
    explicit AoiBudgetPanel(AoiState& state) : AoiPanel("budget", Str::PanelBudget, state) {}
    bool visibleByDefault() const override { return false; }

    void draw(AppContext&) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const AoiSession& session = state.session();
        int size = state.messageBytes;
        const std::string sizeLabel = fittedLabel(tr(Str::BudgetMessageSize), ImGui::GetFontSize() * 7);  // above it when too narrow
        if (ImGui::InputInt(sizeLabel.c_str(), &size) && size >= 1 && size <= 65536) state.messageBytes = size;
        itemTip(Str::TipBudgetMessageSize);
        const auto bytes = static_cast<std::uint64_t>(state.messageBytes);

        // One scale for every chart, so the bars compare across methods.
        std::uint64_t peak = 1;
        for (const MessageBudget& budget : state.budget())
            for (const auto& t : budget.ticks()) peak = std::max(peak, t.events);
        ImGui::ColorButton("##bar", ImGui::ColorConvertU32ToFloat4(theme::kVisited),
                           ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                           ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
        ImGui::SameLine();
        textWrappedCjk(fmt(Str::BudgetLegend, static_cast<unsigned long long>(peak),
                           static_cast<unsigned long long>(peak * bytes)));

        nlohmann::json methods = nlohmann::json::array();
        for (std::size_t m = 0; m < session.methods().size() && m < state.budget().size(); ++m) {
            const MessageBudget& budget = state.budget()[m];
            const char* title = methodTitle(session.methods()[m].name, language());
            std::uint64_t now = budget.ticks().empty() ? 0 : budget.ticks().back().events;
            std::uint64_t window = 0;
            for (const auto& t : budget.ticks()) window += t.events;
            textWrappedCjk(fmt(Str::BudgetMethod, title, static_cast<unsigned long long>(now),
                               static_cast<unsigned long long>(now * bytes), static_cast<int>(budget.ticks().size()),
                               static_cast<unsigned long long>(window), static_cast<unsigned long long>(window * bytes)));
            drawBars(budget, peak);
            nlohmann::json ticks = nlohmann::json::array(), events = nlohmann::json::array(),
                           sizes = nlohmann::json::array();
            for (const auto& t : budget.ticks()) {
                ticks.push_back(t.tick);
                events.push_back(t.events);
                sizes.push_back(t.bytes(bytes));
            }
            methods.push_back({{"name", session.methods()[m].name}, {"ticks", ticks}, {"events", events},
                               {"bytes", sizes}, {"total_events", budget.totalEvents()}});
        }
        nlohmann::json lazy = drawLazySaving(state, bytes);
        state.drawn["budget"] = {{"message_bytes", state.messageBytes}, {"methods", methods}, {"lazy", lazy}};
    }

private:
    // The last ticks as bars, oldest left; the tick in progress is the rightmost.
    static void drawBars(const MessageBudget& budget, std::uint64_t peak) {
        const float height = ImGui::GetFontSize() * 2.5f;
        const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4);
        ImVec2 origin = ImGui::GetCursorScreenPos();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), theme::kOutsideWorld);
        const float slot = width / static_cast<float>(budget.ticksKept());
        float x = origin.x + width - slot * static_cast<float>(budget.ticks().size());
        for (const auto& t : budget.ticks()) {
            float h = height * static_cast<float>(t.events) / static_cast<float>(peak);
            if (t.events > 0) h = std::max(h, 1.0f);
            draw->AddRectFilled(ImVec2(x + 1, origin.y + height - h), ImVec2(x + slot - 1, origin.y + height),
                                theme::kVisited);
            x += slot;
        }
        ImGui::Dummy(ImVec2(width, height));
    }

    // The lazy super-view's saving (events, bytes against brute force over the kept ticks) and its lag.
    nlohmann::json drawLazySaving(const AoiState& state, std::uint64_t bytes) {
        const AoiSession& session = state.session();
        int grid = session.methodIndex("grid");
        if (grid <= 0 || !session.hasBrute() || session.methods()[static_cast<std::size_t>(grid)].system->exact())
            return nullptr;
        auto sum = [&](int m) {
            std::uint64_t total = 0;
            for (const auto& t : state.budget()[static_cast<std::size_t>(m)].ticks()) total += t.events;
            return total;
        };
        std::uint64_t lazyEvents = sum(grid), bruteEvents = sum(0);
        auto saved = static_cast<long long>(bruteEvents) - static_cast<long long>(lazyEvents);
        if (state.serial() != cachedSerial_) {
            cachedSerial_ = state.serial();
            split_ = splitViewDifferences(session, grid);
        }
        thinRule();
        textWrappedCjk(fmt(Str::BudgetLazy, static_cast<int>(state.budget()[0].ticks().size()),
                           static_cast<unsigned long long>(lazyEvents), static_cast<unsigned long long>(bruteEvents),
                           saved, saved * static_cast<long long>(bytes), static_cast<int>(split_.expected.size()),
                           static_cast<int>(split_.nextRefreshIn)));
        return {{"events", lazyEvents},
                {"brute_events", bruteEvents},
                {"saved_events", saved},
                {"saved_bytes", saved * static_cast<long long>(bytes)},
                {"lag_pairs", split_.expected.size()},
                {"next_refresh_in", split_.nextRefreshIn}};
    }

    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    LagSplit split_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiBudgetPanel(AoiState& state) { return std::make_unique<AoiBudgetPanel>(state); }

}  // namespace aoilab::app
