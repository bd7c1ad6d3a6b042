// The search settings: one or two configurations (algorithm, heuristic, diagonal rule, weight) with
// the combinations the engine refuses greyed out and the reason in their tooltip, the classic lessons
// as one click, and the view choices.
#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/app_context.h"
#include "app/choice_names.h"
#include "app/legend.h"
#include "app/modes/search/search_ui.h"
#include "app/strings.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

// The algorithms as the engine's registry names them (a new one appears here by itself).
std::vector<std::string> algorithmNames() {
    std::vector<std::string> names;
    for (SearchAlgorithm a : searchAlgorithms()) names.emplace_back(algorithmName(a));
    return names;
}
const std::vector<std::string> kHeuristics = {"octile", "euclidean", "chebyshev", "manhattan", "zero"};
const std::vector<std::string> kDiagonals = {"no-corner-cutting", "never", "at-most-one", "always"};

class SearchSettingsPanel final : public Panel {
public:
    SearchSettingsPanel(SearchState& state, SearchView& view)
        : Panel("search_settings", Str::SearchPanelSettings), state_(state), view_(view) {}

    void draw(AppContext& ctx) override {
        std::vector<SearchConfig> configs = state_.configs();
        bool changed = false;
        for (std::size_t k = 0; k < configs.size(); ++k) {
            ImGui::PushID(static_cast<int>(k));
            ImGui::TextDisabled("%s", tr(k == 0 ? Str::SearchRunA : Str::SearchRunB));
            changed |= editConfig(configs[k]);
            ImGui::PopID();
        }
        bool compare = configs.size() > 1;
        if (checkboxWrapped(tr(Str::SearchCompare), &compare)) {
            if (compare) {
                std::string why;
                configs.push_back(*makeSearchConfig("dijkstra", "octile", configs[0].diagonal, 1, why));
            } else {
                configs.resize(1);
            }
            changed = true;
        }
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipSearchCompare));
        ImGui::TextDisabled("%s", tr(Str::SearchLesson));
        struct Lesson {
            Str label;
            const char *a, *b;
            double weightB;
        };
        const Lesson lessons[] = {{Str::SearchLessonDijkstra, "dijkstra", "astar", 1},
                                  {Str::SearchLessonJps, "astar", "jps", 1},
                                  {Str::SearchLessonWeighted, "astar", "astar", 3},
                                  {Str::SearchLessonGreedy, "astar", "greedy", 1}};
        for (const Lesson& lesson : lessons) {
            if (&lesson != &lessons[0])
                sameLineIfFits(ImGui::CalcTextSize(tr(lesson.label)).x + ImGui::GetStyle().FramePadding.x * 2);
            if (fittedButton(tr(lesson.label), "", true)) {
                std::string why;
                auto a = makeSearchConfig(lesson.a, "octile", "no-corner-cutting", 1, why);
                auto b = makeSearchConfig(lesson.b, "octile", "no-corner-cutting", lesson.weightB, why);
                if (a && b) {
                    configs = {*a, *b};
                    changed = true;
                }
            }
        }
        if (changed) {
            state_.setConfigs(configs);
            if (!ctx.playback.playing()) state_.seekToEnd();
        }
        checkboxWrapped(tr(Str::SearchSideBySide), &view_.sideBySide);
        sameLineIfFits(checkboxWidth(tr(Str::SearchArrows)));
        checkboxWrapped(tr(Str::SearchArrows), &view_.arrows);
        checkboxWrapped(tr(Str::SearchField), &view_.distanceField);
        if (ImGui::IsItemHovered()) wrappedTooltip(tr(Str::TipSearchField));
        const std::string paintLabel = fittedLabel(tr(Str::SearchPaintWeight), ImGui::GetFontSize() * 6);
        ImGui::SliderInt(paintLabel.c_str(), &view_.paintWeight, 1, 9);
    }

    nlohmann::json dump(const AppContext&) const override {
        nlohmann::json configs = nlohmann::json::array();
        for (const SearchConfig& c : state_.configs()) configs.push_back(configIdTitle(c));
        return {{"configs", configs}, {"side_by_side", view_.sideBySide}, {"arrows", view_.arrows}};
    }

private:
    // A combo whose entries the engine would refuse are disabled, with the reason on hover.
    template <typename Names>
    bool pick(const char* label, const Names& names, std::string SearchConfig::*field,
              SearchConfig& config) {
        bool changed = false;
        // As wide as its widest entry ("No corner cutting"), at least 9 em: no name clipped at any font size.
        // The entries show the names a class reads; the ids stay in the configuration.
        float widest = 0;
        for (const std::string& name : names) widest = std::max(widest, ImGui::CalcTextSize(choiceName(name)).x);
        const std::string shownLabel =
            fittedLabel(label, std::max(ImGui::GetFontSize() * 9, widest + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetFrameHeight()));
        if (ImGui::BeginCombo(shownLabel.c_str(), choiceName(config.*field))) {
            for (const std::string& name : names) {
                SearchConfig trial = config;
                trial.*field = name;
                std::string why;
                auto made = makeSearchConfig(trial.algo, trial.heuristic, trial.diagonal, trial.options.weight, why);
                if (made && why.empty()) why = refusalReason(*made, state_.map());
                bool refused = !made || !why.empty();
                ImGui::BeginDisabled(refused);
                const std::string entry = std::string(choiceName(name)) + "###" + name;
                if (ImGui::Selectable(entry.c_str(), config.*field == name) && made) {
                    config = *made;
                    changed = true;
                }
                ImGui::EndDisabled();
                if (refused && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                    wrappedTooltip(fmt(Str::SearchRefused, why.c_str()).c_str());
            }
            ImGui::EndCombo();
        }
        return changed;
    }

    bool editConfig(SearchConfig& config) {
        static const std::vector<std::string> algos = algorithmNames();
        bool changed = pick(tr(Str::SearchAlgorithm), algos, &SearchConfig::algo, config);
        changed |= pick(tr(Str::SearchHeuristic), kHeuristics, &SearchConfig::heuristic, config);
        changed |= pick(tr(Str::SearchDiagonal), kDiagonals, &SearchConfig::diagonal, config);
        double hWeight = config.options.weight;
        const std::string weightLabel = fittedLabel(tr(Str::SearchWeight), ImGui::GetFontSize() * 9);
        if (ImGui::InputDouble(weightLabel.c_str(), &hWeight, 0.5, 1, "%.2f", ImGuiInputTextFlags_EnterReturnsTrue)) {
            std::string why;
            if (auto made = makeSearchConfig(config.algo, config.heuristic, config.diagonal, hWeight, why)) {
                config = *made;
                changed = true;
            }
        }
        return changed;
    }

    SearchState& state_;
    SearchView& view_;
};

}  // namespace

std::unique_ptr<Panel> makeSearchSettingsPanel(SearchState& state, SearchView& view) {
    return std::make_unique<SearchSettingsPanel>(state, view);
}

}  // namespace aoilab::app
