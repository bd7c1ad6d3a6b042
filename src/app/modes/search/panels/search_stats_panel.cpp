// The numbers of the search: per run, expansions, open and closed sizes, path length, its ratio to the
// optimal length, the engine's time for the whole query and the status; the colour legend; the
// hovered cell's g, h, f, parent and when it was opened and closed. Everything read from the engine.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include "app/app_context.h"
#include "app/exercise_shown.h"
#include "app/legend.h"
#include "app/modes/search/search_ui.h"
#include "app/strings.h"
#include "app/table_rows.h"
#include "app/text_wrap.h"
#include "app/theme.h"
#include "path/heuristics.h"

namespace aoilab::app {
namespace {

const char* statusTitle(const SearchRun& run, const SearchState& state) {
    if (!run.refused.empty()) return "-";
    if (!run.searched) return tr(state.restarting() ? Str::SearchStatusRunning : Str::SearchStatusStopped);
    switch (run.search.status()) {
        case SearchStatus::Found: return tr(Str::SearchStatusFound);
        case SearchStatus::NoPath: return tr(Str::SearchStatusNoPath);
        default: return tr(Str::SearchStatusRunning);
    }
}

void swatch(ImU32 colour, Str label) { legendSwatch(colour, tr(label)); }

// A line of the panel outside its tables, wrapped at the tile's edge (a large font, a narrow tile);
// the tables' cells are left to their columns.
void wrapped(const std::string& text, bool dim = false) {
    ImGui::PushTextWrapPos(0);
    if (dim) ImGui::TextDisabled("%s", text.c_str());
    else ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

class SearchStatsPanel final : public Panel {
public:
    SearchStatsPanel(SearchState& state, SearchView& view) : Panel("search_stats", Str::SearchPanelStats), state_(state), view_(view) {}

    void draw(AppContext&) override {
        const GridMap& map = state_.map();
        wrapped(fmt(Str::SearchMap, state_.mapName().c_str(), map.width(), map.height()));
        if (state_.queryMovePending()) textWrappedCjk(tr(Str::SearchQueryPending));
        else if (state_.paintPending()) textWrappedCjk(tr(Str::SearchPaintPending));
        searchAgainRect_ = nullptr;
        if (state_.restarting()) {
            textWrappedCjk(tr(Str::SearchRestarting));
        } else if (state_.stopped()) {
            textWrappedCjk(tr(Str::SearchStopped));
            if (ImGui::Button(tr(Str::SearchAgain))) {
                state_.searchAgain();
                state_.seekToEnd();  // the whole search, as after an edit
            }
            searchAgainRect_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x,
                                ImGui::GetItemRectMax().y};
        }
        exerciseShown_.reset();
        if (const Exercise& ex = view_.exercise; ex.active()) {
            ImGui::PushTextWrapPos(0);
            exerciseShown_.emplace();
            exerciseShown_->beginQuestion();  // the question, with the guess and the score in it
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(search_colours::current()), "%s",
                               fmt(Str::SearchExercise, ex.pending() ? ex.pending()->c_str() : tr(Str::ExerciseNoGuess),
                                   ex.correct(), ex.total()).c_str());
            exerciseShown_->endQuestion();  // the answer is a click on the scene: no control here
            if (ex.last())
                ImGui::TextUnformatted(fmt(Str::SearchExerciseLast, ex.last()->guess.c_str(), ex.last()->answer.c_str(),
                                           tr(ex.last()->right ? Str::ExerciseRight : Str::ExerciseWrong)).c_str());
            ImGui::PopTextWrapPos();
        }
        rows_ = nlohmann::json::array();
        // One column per run, one row per number: two runs read side by side. Where those columns are
        // wider than the panel (a large font, a small window, long names), a line a run instead.
        const auto& runs = state_.runs();
        const auto optimalLength = state_.optimalLength();
        auto format = [](const char* f, double v) {
            char text[32];
            std::snprintf(text, sizeof text, f, v);
            return std::string(text);
        };
        const Str labels[] = {Str::SearchColExpanded, Str::SearchColOpen, Str::SearchColClosed, Str::SearchColLength,
                              Str::SearchColRatio, Str::SearchColTime, Str::SearchColPrepare, Str::SearchColStatus};
        constexpr int kRows = 8;  // the labels, and the header
        std::vector<std::string> runTitles{""}, labelTexts{""};
        for (Str label : labels) labelTexts.push_back(tr(label));
        std::vector<std::vector<std::string>> runCells;  // per run: its title, then a cell per label
        for (const SearchRun& run : runs) {
            runTitles.push_back(configTitle(run.config));
            const SearchResult res = run.search.result();
            std::vector<std::string> cells{runTitles.back()};
            if (run.shows()) {
                cells.push_back(std::to_string(static_cast<long long>(run.expanded())));
                cells.push_back(std::to_string(run.search.openSize()));
                cells.push_back(std::to_string(run.search.closedCount()));
                cells.push_back(res.found() ? format("%.4g", res.length) : "-");
                cells.push_back(res.found() && optimalLength && *optimalLength > 0 ? format("%.3f", res.length / *optimalLength) : "-");
                cells.push_back(format("%.1f us", run.queryMicros));
                cells.push_back(format("%.1f us", run.prepareMicros));
            } else {
                cells.resize(kRows, "-");
            }
            cells.push_back(statusTitle(run, state_));
            runCells.push_back(std::move(cells));
        }
        TableText table(runTitles);  // as the table stands: a column of labels, a column per run
        for (int r = 0; r < kRows; ++r) {
            std::vector<std::string> row{labelTexts[static_cast<std::size_t>(r) + 1]};
            for (const auto& cells : runCells) row.push_back(cells[static_cast<std::size_t>(r) + 1]);
            table.addRow(std::move(row));
        }
        runsAsRows_ = !table.fits();
        if (runsAsRows_) {
            ImGui::PushTextWrapPos(0);
            for (const auto& cells : runCells) textWrappedCjk(rowLine(labelTexts, cells));
            ImGui::PopTextWrapPos();
        }
        const ImGuiStyle& style = ImGui::GetStyle();
        const float height = (kRows + 1) * (ImGui::GetTextLineHeight() + 2 * style.CellPadding.y) + 4;
        if (!runsAsRows_ && ImGui::BeginTable("##search_runs", static_cast<int>(runs.size()) + 1,
                                              ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit, ImVec2(0, height))) {
            for (const std::string& title : runTitles) ImGui::TableSetupColumn(title.c_str());
            ImGui::TableHeadersRow();
            for (int r = 0; r < kRows; ++r) {
                const std::vector<std::string>& row = table.rows()[static_cast<std::size_t>(r)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextDisabled("%s", row[0].c_str());
                for (std::size_t c = 1; c < row.size(); ++c) {
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(row[c].c_str());
                    if (labels[r] == Str::SearchColPrepare && ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipSearchPrepare));
                }
            }
            ImGui::EndTable();
        }
        for (const SearchRun& run : runs) {
            if (!run.searched) continue;
            if (!run.refused.empty()) {
                ImGui::PushTextWrapPos(0);
                ImGui::TextUnformatted((configTitle(run.config) + ": " + fmt(Str::SearchRefused, run.refused.c_str())).c_str());
                ImGui::PopTextWrapPos();
                continue;
            }
            SearchResult r = run.search.result();
            rows_.push_back({{"config", configIdTitle(run.config)}, {"expanded", r.expansions}, {"open", run.search.openSize()},
                             {"closed", run.search.closedCount()}, {"found", r.found()},
                             {"path_length", r.found() ? nlohmann::json(r.length) : nlohmann::json(nullptr)}});
        }
        if (auto optimal = state_.optimalLength()) wrapped(fmt(Str::SearchOptimal, *optimal), true);
        else if (!state_.restarting() && !state_.stopped()) wrapped(tr(Str::SearchNoOptimal), true);
        fieldDump_ = nullptr;
        if (view_.distanceField) {
            if (const DistanceField* field = state_.distanceField()) {
                wrapped(fmt(Str::SearchFieldCost, static_cast<int>(field->settled), field->milliseconds));
                fieldDump_ = {{"settled", field->settled}, {"ms", field->milliseconds}};
            } else {  // on a worker thread: its progress window is up
                wrapped(tr(Str::SearchFieldComputing), true);
                fieldDump_ = {{"computing", true}};
            }
        }
        drawHovered();
        drawLegend();
    }

    nlohmann::json dump(const AppContext&) const override {
        return {{"rows", rows_}, {"runs_as_rows", runsAsRows_}, {"hovered", hovered_}, {"distance_field", fieldDump_}, {"search_again", searchAgainRect_},
                {"legend", legend_},
                {"exercise_shown", exerciseShown_ ? exerciseShown_->dump() : nlohmann::json(nullptr)}};
    }

private:
    // The colours the scene draws now and what they mean: the searches' cells while a copy shows them,
    // JPS's scanned cells only while a JPS run is shown, the distance field's shades only while it is
    // (at font scale 2 the ten rows ran far below the panel's fold, several for nothing on the canvas).
    void drawLegend() {
        legend_ = nlohmann::json::array();
        const bool field = view_.distanceField && state_.distanceField() != nullptr;
        // The copies whose cells are coloured (search_scene.cpp): both side by side, else the first; the
        // field replaces the first.
        const std::size_t copies = view_.sideBySide ? std::min<std::size_t>(state_.runs().size(), 2) : 1;
        bool cells = false, jps = false;
        for (std::size_t k = field ? 1 : 0; k < std::min(copies, state_.runs().size()); ++k) {
            const SearchRun& run = state_.runs()[k];
            cells = cells || run.shows();
            jps = jps || (run.shows() && run.config.options.algorithm == SearchAlgorithm::Jps);
        }
        std::vector<std::pair<ImU32, Str>> entries;
        if (cells) {
            entries.push_back({search_colours::closed(), Str::SearchLegendClosed});
            entries.push_back({search_colours::open(), Str::SearchLegendOpen});
            entries.push_back({search_colours::current(), Str::SearchLegendCurrent});
        }
        if (jps) entries.push_back({search_colours::scanned(), Str::SearchLegendScanned});
        entries.push_back({search_colours::path(), Str::SearchLegendPath});
        entries.push_back({search_colours::start(), Str::SearchLegendStart});
        entries.push_back({search_colours::goal(), Str::SearchLegendGoal});
        entries.push_back({search_colours::wall(), Str::SearchLegendWall});
        if (field) {
            entries.push_back({search_colours::distance(0), Str::SearchLegendNear});
            entries.push_back({search_colours::distance(1), Str::SearchLegendFar});
        }
        const int columns = ImGui::GetContentRegionAvail().x > ImGui::GetFontSize() * 26 ? 2 : 1;
        if (!ImGui::BeginTable("##search_legend", columns)) return;
        for (const auto& [colour, label] : entries) {
            ImGui::TableNextColumn();
            swatch(colour, label);
            legend_.push_back(tr(label));
        }
        ImGui::EndTable();
    }

    void drawHovered() {
        hovered_ = nullptr;
        if (!view_.hovered || state_.runs().empty()) return;
        const DistanceField* field = view_.distanceField && view_.hoveredRun == 0 ? state_.distanceField() : nullptr;
        if (field) {
            GridPoint c = *view_.hovered;
            double d = field->at(c.x, c.y);
            ImGui::TextUnformatted(fmt(Str::SearchFieldCell, c.x, c.y, d).c_str());
            hovered_ = {{"cell", {c.x, c.y}}, {"distance", std::isfinite(d) ? nlohmann::json(d) : nlohmann::json(nullptr)}};
            return;
        }
        const SearchRun& run = state_.runs()[std::min<std::size_t>(static_cast<std::size_t>(view_.hoveredRun), state_.runs().size() - 1)];
        GridPoint c = *view_.hovered;
        double g = run.search.g(c);
        auto parent = run.search.parent(c);
        if (!run.shows() || !std::isfinite(g) || !parent) {
            ImGui::TextUnformatted(fmt(Str::SearchCellNotReached, c.x, c.y).c_str());
            return;
        }
        const SearchOptions& o = run.config.options;
        Heuristic h = usesHeuristic(o.algorithm) ? o.heuristic : Heuristic::Zero;
        double hv = heuristicDistance(h, std::abs(state_.goal().x - c.x), std::abs(state_.goal().y - c.y));
        double f = o.algorithm == SearchAlgorithm::Greedy ? hv : g + (o.algorithm == SearchAlgorithm::AStar ? o.weight : 1) * hv;
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(fmt(Str::SearchCellInfo, c.x, c.y, g, hv, f, parent->x, parent->y).c_str());
        std::size_t i = static_cast<std::size_t>(state_.map().index(c.x, c.y));
        ImGui::TextUnformatted(fmt(Str::SearchCellWhen, run.openedAt[i], run.closedAt[i]).c_str());
        ImGui::PopTextWrapPos();
        hovered_ = {{"cell", {c.x, c.y}}, {"run", view_.hoveredRun}, {"g", g}, {"h", hv}, {"f", f}, {"parent", {parent->x, parent->y}},
                    {"opened_at", run.openedAt[i]}, {"closed_at", run.closedAt[i]}};
    }

    SearchState& state_;
    SearchView& view_;
    nlohmann::json rows_ = nlohmann::json::array();
    bool runsAsRows_ = false;  // the runs' numbers drawn as a line a run: their table was wider than the panel
    nlohmann::json hovered_;
    nlohmann::json fieldDump_;
    nlohmann::json legend_ = nlohmann::json::array();  // the legend's texts as drawn
    nlohmann::json searchAgainRect_;  // the Search again button, when the searches were cancelled
    std::optional<ExerciseShown> exerciseShown_;  // in an exercise: how much of its question showed
};

}  // namespace

std::unique_ptr<Panel> makeSearchStatsPanel(SearchState& state, SearchView& view) {
    return std::make_unique<SearchStatsPanel>(state, view);
}

}  // namespace aoilab::app
