// The crossover explorer: which AOI method wins depends on the crowd. Runs a small sweep of one quantity
// (src/aoi/sweep.h, the engine of `aoilab-cli bench sweep`) on a background thread, shows its progress
// (cancelable), and draws ns per move against the varied quantity on a log scale, one colour per
// method with a legend, the crossovers marked, the numbers on hover. It plots the engine's results
// only; nothing here is computed twice.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "aoi/sweep.h"
#include "app/background_job.h"
#include "app/legend.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/theme.h"
#include "app/text_wrap.h"
#include "core/error.h"

namespace aoilab::app {
namespace {

// One colour per method; the legend under the plot names them (Okabe-Ito hues not used for events).
ImU32 seriesColour(const std::string& method) {
    if (method == "brute") return theme::rgb(0x999999);
    if (method == "crosslist") return theme::rgb(0xE69F00);
    if (method == "grid") return theme::rgb(0x56B4E9);
    if (method == "quadtree") return theme::rgb(0x009E73);
    if (method == "tower") return theme::rgb(0xCC79A7);
    return theme::rgb(0xFFFFFF);
}

struct VariableChoice {
    SweepVariable variable;
    Str label;
    double from, to;  // a small sweep that finishes in a second or two
};
constexpr VariableChoice kChoices[] = {
    {SweepVariable::Entities, Str::CrossoverEntities, 200, 5000},
    {SweepVariable::Radius, Str::CrossoverRadius, 5, 200},
    {SweepVariable::Movers, Str::CrossoverMovers, 0.05, 1},
    {SweepVariable::Cluster, Str::CrossoverCluster, 0, 1},
};

// The sweep as a BackgroundJob (on a worker thread; in the web page, in slices across frames); the panel
// reads its progress and, once done (or cancelled: what it had swept), the result.
class SweepJob {
public:
    void start(const SweepOptions& options) {
        stop();
        total_ = static_cast<int>(sweepValues(options).size() * aoiMethodNames().size());
        job_.start([options](const BuildProgress& progress) {
            std::atomic<bool> cancel{false};
            return runSweep(options, [&](int done, int total) {
                if (!progress(static_cast<std::size_t>(done), static_cast<std::size_t>(total))) cancel = true;
            }, &cancel);
        }, true);
    }
    void stop() {
        job_.cancelAndWait();
        poll();
    }
    // Once per frame: picks up a finished result.
    void poll() {
        if (!job_.finished()) return;
        try {
            result_ = std::make_shared<SweepResult>(job_.take());
        } catch (...) {  // the sweep failed: nothing to show
        }
    }
    bool running() const { return job_.busy(); }
    int done() const { return static_cast<int>(job_.done()); }
    int total() const { return total_; }
    std::shared_ptr<const SweepResult> result() { return result_; }

private:
    BackgroundJob<SweepResult> job_;
    int total_ = 0;
    std::shared_ptr<SweepResult> result_;
};

// A swept value as people write it: whole counts without an exponent (5000, not 5e+03), shares with
// three digits.
std::string valueText(double value) {
    char text[32];
    std::snprintf(text, sizeof text, std::fabs(value) >= 100 ? "%.0f" : "%.3g", value);
    return text;
}

// Where two methods cross: a ring on both lines (the legend names it).
const ImU32 kCrossingColour = theme::rgb(0xFFFFFF);

Str labelOf(SweepVariable variable) {
    for (const VariableChoice& c : kChoices)
        if (c.variable == variable) return c.label;
    return Str::CrossoverEntities;
}

class AoiCrossoverPanel final : public AoiPanel {
public:
    explicit AoiCrossoverPanel(AoiState& state) : AoiPanel("crossover", Str::PanelCrossover, state) {}
    bool visibleByDefault() const override { return false; }

    void draw(AppContext& ctx) override {
        job_.poll();
        if (!started_) {  // the first time the panel is shown: run the default sweep at once
            started_ = true;
            startSweep();
        }
        drawControls();
        if (job_.running()) {
            ctx.animating = true;  // keep frames coming while the background thread works
            float fraction = job_.total() ? static_cast<float>(job_.done()) / static_cast<float>(job_.total()) : 0;
            ImGui::ProgressBar(fraction, ImVec2(-ImGui::GetFontSize() * 6, 0),
                               fmt(Str::CrossoverRunning, job_.done(), job_.total()).c_str());
            ImGui::SameLine();
            if (ImGui::Button(tr(Str::CrossoverCancel))) job_.stop();
        }
        auto result = job_.result();
        if (!result) {
            if (!job_.running()) textDisabledWrapped(tr(Str::CrossoverNone));
            return;
        }
        if (result->cancelled) textDisabledWrapped(tr(Str::CrossoverCancelled));
        if (!result->checksumsAgree()) colouredText(theme::kErrorText, tr(Str::CrossoverDiffer));
        drawLegend();
        float em = ImGui::GetFontSize();
        float crossoverLines = static_cast<float>(std::max<std::size_t>(1, result->crossovers.size()));
        drawPlot(*result, ImGui::GetContentRegionAvail().y - crossoverLines * ImGui::GetTextLineHeightWithSpacing() - em * 0.5f);
        drawCrossovers(*result);
    }

    nlohmann::json dump(const AppContext&) const override {
        nlohmann::json j = {{"running", job_.running()}, {"done", job_.done()}, {"total", job_.total()}};
        auto result = const_cast<SweepJob&>(job_).result();
        if (!result) return j;
        j["vary"] = toString(result->options.vary);
        j["cancelled"] = result->cancelled;
        j["checksums_agree"] = result->checksumsAgree();
        j["points"] = nlohmann::json::array();
        for (const SweepPoint& p : result->points) {
            nlohmann::json methods = nlohmann::json::object();
            for (const SweepMethodPoint& m : p.methods) methods[m.name] = m.nsPerMove;
            j["points"].push_back({{"value", p.value}, {"ns_per_move", methods}});
        }
        j["crossovers"] = nlohmann::json::array();
        for (const SweepCrossover& c : result->crossovers)
            j["crossovers"].push_back(
                {{"faster", c.faster}, {"slower", c.slower}, {"value", c.value}, {"ns_per_move", c.nsPerMove}});
        j["plotted_series"] = plottedSeries_;
        j["marked_crossovers"] = markedCrossovers_;
        j["plot_box"] = plotBox_;    // where the lines are drawn, screen pixels [x0, y0, x1, y1]
        j["title_box"] = titleBox_;  // the y axis's title, above it
        return j;
    }

private:
    void startSweep() {
        SweepOptions options;
        const VariableChoice& choice = kChoices[choice_];
        options.vary = choice.variable;
        options.from = from_;
        options.to = to_;
        options.points = points_;
        options.base.entities = 2000;
        options.base.radius = 50;
        options.base.world = 2000;
        options.base.ticks = 5;
        options.maxMovesPerMethod = 5000;  // brute force at 5,000 entities: about 0.4 s
        try {
            job_.start(options);
        } catch (const InputError& e) {
            error_ = e.what();
            return;
        }
        error_.clear();
    }

    void drawControls() {
        float em = ImGui::GetFontSize();
        float gap = ImGui::GetStyle().ItemSpacing.x;
        auto labelled = [&](Str label, float fieldEm) { return ImGui::CalcTextSize(tr(label)).x + gap + em * fieldEm; };
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(tr(Str::CrossoverVary));
        ImGui::SameLine();
        ImGui::SetNextItemWidth(std::max(em * 3, std::min(em * 7, ImGui::GetContentRegionAvail().x)));  // (a narrow tile)
        if (ImGui::BeginCombo("##vary", tr(kChoices[choice_].label))) {
            for (int i = 0; i < static_cast<int>(std::size(kChoices)); ++i)
                if (ImGui::Selectable(tr(kChoices[i].label), i == choice_)) {
                    choice_ = i;
                    from_ = kChoices[i].from;
                    to_ = kChoices[i].to;
                }
            ImGui::EndCombo();
        }
        sameLineIfFits(ImGui::CalcTextSize(tr(Str::CrossoverRun)).x + em);
        ImGui::BeginDisabled(job_.running());
        if (ImGui::Button(tr(Str::CrossoverRun))) startSweep();
        ImGui::EndDisabled();
        itemTip(Str::TipCrossoverRun);
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(tr(Str::CrossoverFrom));
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 3.5f);
        ImGui::InputDouble("##from", &from_, 0, 0, "%.10g");
        sameLineIfFits(labelled(Str::CrossoverTo, 3.5f));
        ImGui::TextUnformatted(tr(Str::CrossoverTo));
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 3.5f);
        ImGui::InputDouble("##to", &to_, 0, 0, "%.10g");
        sameLineIfFits(labelled(Str::CrossoverPoints, 5));
        ImGui::TextUnformatted(tr(Str::CrossoverPoints));
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 5);
        ImGui::SliderInt("##points", &points_, 2, 8);
        if (!error_.empty()) colouredText(theme::kErrorText, error_.c_str());
    }

    void drawPlot(const SweepResult& result, float height) {
        float em = ImGui::GetFontSize();
        ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, em * 8), std::max(em * 13, height));  // at least 8.5 em of plot inside the labels
        ImVec2 origin = ImGui::GetCursorScreenPos();
        ImGui::InvisibleButton("##crossover_plot", size);
        bool hovered = ImGui::IsItemHovered();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        // Room on the left for the decades, above for the axis's title (inside the plot it was written over
        // the slowest method's line), below for the values and the varied quantity's name.
        ImVec2 lo(origin.x + em * 3.2f, origin.y + em * 1.7f), hi(origin.x + size.x - em * 0.8f, origin.y + size.y - em * 2.8f);
        draw->AddRect(lo, hi, ImGui::GetColorU32(ImGuiCol_Border));
        const char* title = tr(Str::CrossoverAxis);
        const ImVec2 titleAt(lo.x, origin.y + em * 0.1f), titleSize = ImGui::CalcTextSize(title);
        plotBox_ = {lo.x, lo.y, hi.x, hi.y};
        titleBox_ = {titleAt.x, titleAt.y, titleAt.x + titleSize.x, titleAt.y + titleSize.y};

        double minNs = 1e300, maxNs = 0;
        for (const SweepPoint& p : result.points)
            for (const SweepMethodPoint& m : p.methods)
                if (m.nsPerMove > 0) minNs = std::min(minNs, m.nsPerMove), maxNs = std::max(maxNs, m.nsPerMove);
        if (result.points.empty() || maxNs <= 0) return;
        const bool logX = result.options.vary == SweepVariable::Entities || result.options.vary == SweepVariable::Radius;
        const double x0 = result.options.from, x1 = result.options.to;
        auto xOf = [&](double v) {
            double t = logX ? std::log(v / x0) / std::log(x1 / x0) : (v - x0) / (x1 - x0);
            return lo.x + static_cast<float>(t) * (hi.x - lo.x);
        };
        double y0 = std::floor(std::log10(minNs)), y1 = std::ceil(std::log10(maxNs));
        if (y1 <= y0) y1 = y0 + 1;
        auto yOf = [&](double ns) { return hi.y - static_cast<float>((std::log10(ns) - y0) / (y1 - y0)) * (hi.y - lo.y); };
        const ImU32 axisText = ImGui::GetColorU32(ImGuiCol_TextDisabled);
        // Decades on the y axis, the sweep's values on the x axis.
        for (double d = y0; d <= y1; ++d) {
            float y = yOf(std::pow(10.0, d));
            draw->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), theme::kGridLine);
            char label[16];
            std::snprintf(label, sizeof label, "%.0e", std::pow(10.0, d));
            draw->AddText(ImVec2(origin.x, y - em * 0.5f), axisText, label);
        }
        for (const SweepPoint& p : result.points) {
            char label[16];
            if (p.value >= 1000) std::snprintf(label, sizeof label, "%.3gk", p.value / 1000);
            else std::snprintf(label, sizeof label, "%.3g", p.value);
            float x = xOf(p.value);
            draw->AddLine(ImVec2(x, hi.y), ImVec2(x, hi.y + em * 0.25f), axisText);
            draw->AddText(ImVec2(x - ImGui::CalcTextSize(label).x / 2, hi.y + em * 0.3f), axisText, label);
        }
        const char* quantity = tr(labelOf(result.options.vary));
        draw->AddText(ImVec2((lo.x + hi.x - ImGui::CalcTextSize(quantity).x) / 2, hi.y + em * 1.45f), axisText, quantity);
        // One polyline per method, a dot per point; the point under the mouse is named in a tooltip.
        plottedSeries_.clear();
        std::string hoverText;
        ImVec2 mouse = ImGui::GetIO().MousePos;
        for (const std::string& name : aoiMethodNames()) {
            std::vector<ImVec2> line;
            for (const SweepPoint& p : result.points)
                for (const SweepMethodPoint& m : p.methods)
                    if (m.name == name && m.nsPerMove > 0) {
                        ImVec2 at(xOf(p.value), yOf(m.nsPerMove));
                        line.push_back(at);
                        if (hovered && std::abs(mouse.x - at.x) < em * 0.5f && std::abs(mouse.y - at.y) < em * 0.5f)
                            hoverText = fmt(Str::CrossoverHover, methodTitle(name, language()),
                                            tr(labelOf(result.options.vary)), valueText(p.value).c_str(), m.nsPerMove);
                    }
            if (line.empty()) continue;
            plottedSeries_[name] = line.size();
            ImU32 colour = seriesColour(name);
            draw->AddPolyline(line.data(), static_cast<int>(line.size()), colour, 0, em * 0.12f);
            for (const ImVec2& at : line) draw->AddCircleFilled(at, em * 0.22f, colour);
        }
        // Each crossing: a faint vertical line down to its value, a ring where the two lines meet.
        markedCrossovers_ = 0;
        for (const SweepCrossover& c : result.crossovers) {
            ImVec2 at(xOf(c.value), yOf(c.nsPerMove));
            draw->AddLine(ImVec2(at.x, lo.y), ImVec2(at.x, hi.y), theme::rgb(0xFFFFFF, 60), 1.0f);
            draw->AddCircle(at, em * 0.42f, kCrossingColour, 0, em * 0.12f);
            ++markedCrossovers_;
            if (hovered && std::abs(mouse.x - at.x) < em * 0.5f && std::abs(mouse.y - at.y) < em * 0.5f)
                hoverText = crossingText(c, result.options.vary);
        }
        draw->AddText(titleAt, axisText, title);
        if (!hoverText.empty()) wrappedTooltip(hoverText.c_str());
    }

    // The methods' colours, wrapped to the panel's width. The series come from the engine's method list,
    // so the legend is known before the first result arrives.
    void drawLegend() {
        float em = ImGui::GetFontSize();
        float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        bool first = true;
        for (const std::string& name : aoiMethodNames()) {
            const char* title = methodTitle(name, language());
            float width = em * 1.2f + ImGui::CalcTextSize(title).x;
            if (!first) {
                ImGui::SameLine(0, em);
                if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
            }
            first = false;
            ImVec2 p = ImGui::GetCursorScreenPos();
            ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + em * 0.2f), ImVec2(p.x + em * 0.8f, p.y + em * 0.8f),
                                                      seriesColour(name));
            ImGui::Dummy(ImVec2(em, em));
            ImGui::SameLine(0, em * 0.2f);
            ImGui::TextUnformatted(title);
        }
        const char* crossing = tr(Str::CrossoverMark);
        ImGui::SameLine(0, em);
        if (ImGui::GetCursorScreenPos().x + em * 1.2f + ImGui::CalcTextSize(crossing).x > right) ImGui::NewLine();
        ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddCircle(ImVec2(p.x + em * 0.4f, p.y + em * 0.5f), em * 0.32f, kCrossingColour, 0,
                                              em * 0.12f);
        ImGui::Dummy(ImVec2(em, em));
        ImGui::SameLine(0, em * 0.2f);
        ImGui::TextUnformatted(crossing);
    }

    std::string crossingText(const SweepCrossover& c, SweepVariable vary) const {
        return fmt(Str::CrossoverAt, methodTitle(c.faster, language()), methodTitle(c.slower, language()),
                   tr(labelOf(vary)), valueText(c.value).c_str(), c.nsPerMove);
    }

    void drawCrossovers(const SweepResult& result) {
        ImGui::PushTextWrapPos(0);
        if (result.crossovers.empty() && !result.points.empty()) textDisabledWrapped(tr(Str::CrossoverNoCrossing));
        for (const SweepCrossover& c : result.crossovers)
            textDisabledWrapped(crossingText(c, result.options.vary).c_str());
        ImGui::PopTextWrapPos();
    }

    SweepJob job_;
    bool started_ = false;
    int choice_ = 0;
    double from_ = kChoices[0].from;
    double to_ = kChoices[0].to;
    int points_ = 5;
    std::string error_;
    std::map<std::string, std::size_t> plottedSeries_;  // what the plot drew: points per method
    int markedCrossovers_ = 0;                           // and the crossings it ringed
    std::array<float, 4> plotBox_{}, titleBox_{};        // the plot's frame and its axis title as drawn
};

}  // namespace

std::unique_ptr<Panel> makeAoiCrossoverPanel(AoiState& state) { return std::make_unique<AoiCrossoverPanel>(state); }

}  // namespace aoilab::app
