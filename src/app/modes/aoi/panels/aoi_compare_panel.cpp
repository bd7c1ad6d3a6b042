// Every method on the same world: their counters for the last operation and in total (what each looked
// at in its own structure, distance checks, events, time), the cross-linked list's costs counted apart
// (list nodes, index buckets, and what the other insertion would have cost), whether each agreed with
// brute force, and, for the grid's lazy super-view mode, the pairs that lag (expected, with the
// countdown to the refresh) apart from real disagreement.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

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
        textDisabledWrapped(tr(Str::CompareLookedAtUnits));
        nlohmann::json listCosts = drawListCosts(session);
        if (!session.hasBrute())
            textDisabledWrapped(fmt(Str::CompareNoBrute, static_cast<int>(AoiState::kBruteLimit)).c_str());
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
        state.drawn["compare"] = {{"methods", methods}, {"crosslist", listCosts}, {"layout", layout_}};
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

    // One row of counters as the table shows them: looked at, checks, events, µs.
    static std::array<std::string, 4> cells(const AoiSession::MethodRun& run, bool total) {
        const AoiCounters& counters = total ? run.system->total() : run.system->lastOperation();
        char time[32];
        std::snprintf(time, sizeof time, "%.1f", (total ? run.totalNanoseconds : run.lastNanoseconds) / 1000.0);
        return {std::to_string(counters.visited), std::to_string(counters.distanceChecks), std::to_string(counters.events),
                time};
    }

    // The counters as a table when every column fits its widest word and number (headers wrap between
    // words), else, in a narrow tile or a large font, one wrapped line per method: nothing is ever cut.
    void drawTable(const char* id, const AoiSession& session, bool total) {
        const Str headers[] = {Str::CompareMethod, Str::CompareVisited, Str::CompareChecks, Str::CompareEvents,
                               Str::CompareTime};
        const Str tips[] = {Str::TipAoiMethod, Str::TipCompareVisited, Str::TipCompareChecks, Str::TipCompareEvents,
                            Str::TipCompareTime};
        // Both tables (last operation, all operations) get the same widths, so their columns line up. The
        // headers whole if that fits, else wrapped between words (each column as wide as its widest word).
        const ImGuiStyle& style = ImGui::GetStyle();
        auto columnWidths = [&](bool wholeHeaders, float& needed) {
            std::array<float, 5> widths{};
            for (int c = 0; c < 5; ++c)
                widths[c] = wholeHeaders && c > 0 ? std::ceil(ImGui::CalcTextSize(tr(headers[c])).x) + 1 : widestWord(tr(headers[c]));
            for (const auto& run : session.methods()) {
                widths[0] = std::max(widths[0], widestWord(methodTitle(run.name, language())));
                for (bool t : {false, true}) {
                    auto row = cells(run, t);
                    for (int c = 0; c < 4; ++c)
                        widths[c + 1] = std::max(widths[c + 1], std::ceil(ImGui::CalcTextSize(row[c].c_str()).x) + 1);
                }
            }
            needed = 0;
            for (float w : widths) needed += w + 2 * style.CellPadding.x + 1;  // the inner border is a pixel
            return widths;
        };
        const float avail = ImGui::GetContentRegionAvail().x;
        float needed = 0;
        std::array<float, 5> widths = columnWidths(true, needed);
        if (needed > avail) widths = columnWidths(false, needed);
        layout_ = needed > avail ? "lines" : "table";
        if (needed > avail) {
            for (const auto& run : session.methods()) {
                auto row = cells(run, total);
                ImGui::Bullet();
                textWrappedCjk(fmt(Str::CompareRow, methodTitle(run.name, language()), row[0].c_str(), row[1].c_str(),
                                   row[2].c_str(), row[3].c_str()));
            }
            return;
        }
        ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
        if (!ImGui::BeginTable(id, 5, flags)) return;
        ImGui::TableSetupColumn(tr(headers[0]), ImGuiTableColumnFlags_WidthStretch);
        for (int c = 1; c < 5; ++c) ImGui::TableSetupColumn(tr(headers[c]), ImGuiTableColumnFlags_WidthFixed, widths[c]);
        // The header row by hand: ImGui's TableHeader cuts a label at the column's edge, these wrap.
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int c = 0; c < 5; ++c) {
            ImGui::TableSetColumnIndex(c);
            wrappedHeaderCell(tr(headers[c]));
            itemTip(tips[c]);
        }
        for (const auto& run : session.methods()) {
            auto row = cells(run, total);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            wrappedCellText(methodTitle(run.name, language()));
            for (const std::string& cell : row) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(cell.c_str());
            }
        }
        ImGui::EndTable();
    }

    std::string layout_;  // how the counters were drawn: "table", or "lines" when no table fits
    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::vector<LagSplit> splits_;
};

}  // namespace

std::unique_ptr<Panel> makeAoiComparePanel(AoiState& state) { return std::make_unique<AoiComparePanel>(state); }

}  // namespace aoilab::app
