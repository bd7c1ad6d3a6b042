// Every method on the same world: their counters for the last operation and in total (what each looked
// at in its own structure, distance checks, events, time), the cross-linked list's costs counted apart
// (list nodes, index buckets, and what the other insertion would have cost), whether each agreed with
// brute force, and, for the grid's lazy super-view mode, the pairs that lag (expected, with the
// countdown to the refresh) apart from real disagreement.
#include <imgui.h>

#include <algorithm>

#include "aoi/cross_list.h"
#include "app/modes/aoi/aoi_checks.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/text_wrap.h"
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
        ImGui::TextDisabled("%s", tr(Str::CompareLookedAtUnits));
        nlohmann::json listCosts = drawListCosts(session);
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
            // Disagreement beyond expected lag (aoi_checks.h); an exact method has no lag to discount.
            std::size_t real = m < state.realDisagreements().size() ? state.realDisagreements()[m] : 0;
            entry["real_disagreeing_ops"] = real;
            if (!session.hasBrute()) {
            } else if (real == 0) {
                textWrappedCjk(fmt(run.system->exact() ? Str::CompareAgreesAll : Str::CompareAgreesUpToLag, title));
            } else {
                colouredText(theme::kLeave, fmt(Str::CompareDiffers, title, static_cast<int>(real)).c_str());
            }
            if (!run.system->exact() && session.hasBrute()) {
                const LagSplit& split = splits_[m];
                entry["view_differences"] = split.expected.size() + split.real.size();
                entry["expected_lag_pairs"] = split.expected.size();
                entry["real_difference_pairs"] = split.real.size();
                entry["next_refresh_in"] = split.nextRefreshIn;
                if (split.expected.empty() && split.real.empty()) {
                    textWrappedCjk(fmt(Str::CompareLazyNone, title));
                } else if (!split.expected.empty()) {
                    textWrappedCjk(fmt(Str::CompareExpectedLag, title, static_cast<int>(split.expected.size()),
                                               static_cast<int>(split.nextRefreshIn))
                                               .c_str());
                }
                if (!split.real.empty())
                    colouredText(theme::kLeave, fmt(Str::CompareRealPairs, title, static_cast<int>(split.real.size())).c_str());
                drawPairs(session, split.real, title);
                drawPairs(session, split.expected, title);
            }
            methods.push_back(entry);
        }
        ImGui::PopTextWrapPos();
        state.drawn["compare"] = {{"methods", methods}, {"crosslist", listCosts}};
    }

private:
    void refresh(const AoiState& state) {
        if (state.serial() == cachedSerial_) return;
        cachedSerial_ = state.serial();
        const AoiSession& session = state.session();
        splits_.assign(session.methods().size(), {});
        for (std::size_t m = 0; m < session.methods().size() && session.hasBrute(); ++m) {
            if (m == 0 || session.methods()[m].system->exact()) continue;
            splits_[m] = splitViewDifferences(session, static_cast<int>(m));
        }
    }

    // A few of the pairs, each saying which side sees it.
    void drawPairs(const AoiSession& session, const std::vector<std::pair<EntityId, EntityId>>& pairs, const char* title) {
        std::vector<EntityId> view;
        for (std::size_t i = 0; i < std::min(pairs.size(), kPairsShown); ++i) {
            std::string w = entityLabel(session, pairs[i].first), t = entityLabel(session, pairs[i].second);
            session.brute().system->viewOf(pairs[i].first, view);
            bool bruteSees = std::find(view.begin(), view.end(), pairs[i].second) != view.end();
            ImGui::Bullet();
            ImGui::SameLine();
            textWrappedCjk(bruteSees ? fmt(Str::CompareSeesOnlyBrute, w.c_str(), t.c_str(), title).c_str()
                                             : fmt(Str::CompareSeesOnlyMethod, w.c_str(), t.c_str(), title).c_str());
        }
        if (pairs.size() > kPairsShown) ImGui::TextDisabled("...");
    }

    // The cross-linked list's costs counted apart, the last operation and in total, with what the other
    // insertion would have cost (the engine computes both).
    nlohmann::json drawListCosts(const AoiSession& session) {
        const auto* list = dynamic_cast<const CrossListAoi*>(session.system("crosslist"));
        if (!list) return nullptr;
        const char* way = tr(list->insertFromHead() ? Str::CompareInsertHead : Str::CompareInsertIndex);
        const char* other = tr(list->insertFromHead() ? Str::CompareInsertIndex : Str::CompareInsertHead);
        textWrappedCjk(fmt(Str::CompareListTitle, methodTitle("crosslist", language()), way));
        nlohmann::json out = {{"insert", list->insertFromHead() ? "head" : "index"}};
        for (bool total : {false, true}) {
            const CrossListAoi::Costs& c = total ? list->totalCosts() : list->lastCosts();
            const AoiCounters& counters = total ? list->total() : list->lastOperation();
            ImGui::Bullet();
            textWrappedCjk(fmt(total ? Str::CompareListTotal : Str::CompareListLast,
                                        static_cast<unsigned long long>(c.relinkNodes), static_cast<unsigned long long>(c.walkNodes),
                                        static_cast<unsigned long long>(c.bucketsProbed),
                                        static_cast<unsigned long long>(counters.distanceChecks), other,
                                        static_cast<unsigned long long>(c.otherRelinkNodes),
                                        static_cast<unsigned long long>(c.otherBucketsProbed)));
            out[total ? "total" : "last"] = {{"relink_nodes", c.relinkNodes},       {"walk_nodes", c.walkNodes},
                                             {"buckets_probed", c.bucketsProbed},   {"distance_checks", counters.distanceChecks},
                                             {"other_relink_nodes", c.otherRelinkNodes},
                                             {"other_buckets_probed", c.otherBucketsProbed}};
        }
        return out;
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
    std::vector<LagSplit> splits_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiComparePanel(AoiState& state) { return std::make_unique<AoiComparePanel>(state); }

}  // namespace aoilab::app
