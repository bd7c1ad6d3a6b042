// Every method on the same world: their counters for the last operation and in total (visited, distance
// checks, events, time), whether each agreed with brute force, and, for the grid's lazy super-view mode,
// which watcher -> target pairs differ from brute force right now.
#include <imgui.h>

#include <algorithm>

#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/theme.h"

namespace aoilab::app {
namespace {

constexpr std::size_t kPairsShown = 12;

class AoiComparePanel final : public AoiPanel {
public:
    explicit AoiComparePanel(AoiState& state) : AoiPanel("compare", Str::PanelCompare, state) {}

    void draw(AppContext&) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const AoiSession& session = state.session();
        refresh(state);
        nlohmann::json methods = nlohmann::json::array();

        ImGui::TextDisabled("%s", tr(Str::CompareLast));
        drawTable("##compare_last", session, false);
        ImGui::TextDisabled("%s", tr(Str::CompareTotal));
        drawTable("##compare_total", session, true);

        ImGui::PushTextWrapPos(0);
        if (!session.hasBrute())
            ImGui::TextDisabled("%s", fmt(Str::CompareNoBrute, static_cast<int>(AoiState::kBruteLimit)).c_str());
        for (std::size_t m = 0; m < session.methods().size(); ++m) {
            const auto& run = session.methods()[m];
            const char* title = methodTitle(run.name, language());
            nlohmann::json entry = {{"name", run.name},
                                    {"visited", run.system->lastOperation().visited},
                                    {"checks", run.system->lastOperation().distanceChecks},
                                    {"events", run.system->lastOperation().events},
                                    {"total_events", run.system->total().events},
                                    {"agrees_last", run.agreesLast},
                                    {"disagreeing_ops", run.disagreeingOps}};
            if (run.name == "brute") {
                methods.push_back(entry);
                continue;
            }
            if (run.disagreeingOps == 0) ImGui::TextUnformatted(fmt(Str::CompareAgrees, title).c_str());
            else colouredText(theme::kLeave, fmt(Str::CompareDiffers, title, static_cast<int>(run.disagreeingOps)).c_str());
            if (!run.system->exact()) {
                const auto& pairs = differences_[m];
                entry["view_differences"] = pairs.size();
                if (pairs.empty()) {
                    ImGui::TextUnformatted(fmt(Str::CompareLazyNone, title).c_str());
                } else {
                    ImGui::TextUnformatted(fmt(Str::CompareLazyPairs, title, static_cast<int>(pairs.size())).c_str());
                    for (std::size_t i = 0; i < std::min(pairs.size(), kPairsShown); ++i) {
                        std::string w = entityLabel(session, pairs[i].first), t = entityLabel(session, pairs[i].second);
                        bool bruteSees = bruteSees_[m][i];
                        ImGui::Bullet();
                        ImGui::SameLine();
                        ImGui::TextUnformatted(bruteSees ? fmt(Str::CompareSeesOnlyBrute, w.c_str(), t.c_str(), title).c_str()
                                                         : fmt(Str::CompareSeesOnlyMethod, w.c_str(), t.c_str(), title).c_str());
                    }
                    if (pairs.size() > kPairsShown) ImGui::TextDisabled("...");
                }
            }
            methods.push_back(entry);
        }
        ImGui::PopTextWrapPos();
        state.drawn["compare"] = {{"methods", methods}};
    }

private:
    void refresh(const AoiState& state) {
        if (state.serial() == cachedSerial_) return;
        cachedSerial_ = state.serial();
        const AoiSession& session = state.session();
        differences_.assign(session.methods().size(), {});
        bruteSees_.assign(session.methods().size(), {});
        std::vector<EntityId> view;
        for (std::size_t m = 0; m < session.methods().size() && session.hasBrute(); ++m) {
            if (m == 0 || session.methods()[m].system->exact()) continue;
            differences_[m] = session.viewDifferences(static_cast<int>(m));
            for (const auto& [watcher, target] : differences_[m]) {
                session.brute().system->viewOf(watcher, view);
                bruteSees_[m].push_back(std::find(view.begin(), view.end(), target) != view.end());
            }
        }
    }

    void drawTable(const char* id, const AoiSession& session, bool total) {
        ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
        if (!ImGui::BeginTable(id, 5, flags)) return;
        ImGui::TableSetupColumn(tr(Str::CompareMethod), ImGuiTableColumnFlags_WidthStretch, 2.2f);
        ImGui::TableSetupColumn(tr(Str::CompareVisited));
        ImGui::TableSetupColumn(tr(Str::CompareChecks));
        ImGui::TableSetupColumn(tr(Str::CompareEvents));
        ImGui::TableSetupColumn(tr(Str::CompareTime));
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        const Str tips[] = {Str::TipAoiMethod, Str::TipCompareVisited, Str::TipCompareChecks, Str::TipCompareEvents,
                            Str::TipCompareTime};
        for (int c = 0; c < 5; ++c) {
            ImGui::TableSetColumnIndex(c);
            ImGui::TableHeader(ImGui::TableGetColumnName(c));
            itemTip(tips[c]);
        }
        for (const auto& run : session.methods()) {
            const AoiCounters& counters = total ? run.system->total() : run.system->lastOperation();
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(methodTitle(run.name, language()));
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(counters.visited));
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(counters.distanceChecks));
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(counters.events));
            ImGui::TableNextColumn();
            ImGui::Text("%.1f", (total ? run.totalNanoseconds : run.lastNanoseconds) / 1000.0);
        }
        ImGui::EndTable();
    }

    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::vector<std::vector<std::pair<EntityId, EntityId>>> differences_;
    std::vector<std::vector<bool>> bruteSees_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiComparePanel(AoiState& state) { return std::make_unique<AoiComparePanel>(state); }

}  // namespace aoilab::app
