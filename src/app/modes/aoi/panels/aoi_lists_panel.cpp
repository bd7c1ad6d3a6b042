// The cross-linked list's two sorted lists as chains of nodes (name and coordinate, next/prev arrows).
// The nodes the last operation's range walk looked at are lit in walk order (orange outline and the
// step number); those within range on both axes (the candidates of the exact test) are filled orange;
// the selected entity's node has the yellow outline and is scrolled into view. Only the nodes inside the
// visible part of each strip are drawn, so a list of 10,000 costs what a list of 20 does.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "aoi/cross_list.h"
#include "app/modes/aoi/aoi_explain.h"
#include "app/modes/aoi/aoi_ui.h"
#include "app/modes/aoi/aoi_panels.h"
#include "app/theme.h"
#include "app/text_wrap.h"

namespace aoilab::app {
namespace {

constexpr std::size_t kNamedInOrder = 16;  // the walk's first nodes named in the sentence under the strips

class AoiListsPanel final : public AoiPanel {
public:
    explicit AoiListsPanel(AoiState& state) : AoiPanel("lists", Str::PanelLists, state) {}

    void draw(AppContext& ctx) override {
        AoiState& state = state_;
        AoiCpuTimer timer(state);
        const auto* list = dynamic_cast<const CrossListAoi*>(state.session().system("crosslist"));
        if (!list) {
            textDisabledWrapped(tr(Str::ListsNotCrossList));
            return;
        }
        refresh(state, *list);
        measureTexts(state);
        bool follow = state.serial() != followedSerial_ || ctx.selected != followedSelection_;
        followedSerial_ = state.serial();
        followedSelection_ = ctx.selected;

        nlohmann::json dump;
        // The walk's span in one line, from the engine's visits (their positions as it read them).
        const auto& visits = list->lastVisits();
        if (visits.empty()) {
            textDisabledWrapped(tr(Str::ListsNoWalk));
        } else {
            auto [lo, hi] = std::minmax_element(visits.begin(), visits.end(),
                                                [](const auto& a, const auto& b) { return a.position.x < b.position.x; });
            textWrappedCjk(fmt(Str::ListsWalkSpan, static_cast<int>(visits.size()), lo->position.x, hi->position.x,
                               static_cast<int>(xs_.size())));
            dump["walk_span"] = {{"nodes", visits.size()}, {"from_x", lo->position.x}, {"to_x", hi->position.x}};
        }
        drawStrip(ctx, state, "##xlist", tr(Str::ListsXList), xs_, true, follow, list->lastEntity(), dump["x"]);
        drawStrip(ctx, state, "##ylist", tr(Str::ListsYList), ys_, false, follow, list->lastEntity(), dump["y"]);

        // The walk in words: the lit nodes in order.
        std::string order;
        nlohmann::json lit = nlohmann::json::array(), candidates = nlohmann::json::array();
        std::size_t named = 0;
        for (const CrossListAoi::Visit& visit : list->lastVisits()) {
            if (++named <= kNamedInOrder) {
                if (!order.empty()) order += ", ";
                order += entityLabel(state.session(), visit.id);
            } else if (named == kNamedInOrder + 1) {
                order += ", ... (" + std::to_string(list->lastVisits().size()) + ")";
            }
            lit.push_back(visit.id);
            if (visit.inRangeX && visit.inRangeY) candidates.push_back(visit.id);
        }
        textWrappedCjk(fmt(Str::ListsLit, order.empty() ? tr(Str::ListsNone) : order.c_str()));
        if (state.focusName() == "crosslist") colourLegend();
        else explanationBlock(state, state.session().methodIndex("crosslist"));

        dump["lit"] = lit;
        dump["both_axes"] = candidates;
        dump["entity"] = list->lastEntity();
        dump["selected"] = ctx.selected ? nlohmann::json(*ctx.selected) : nlohmann::json(nullptr);
        state.drawn["lists"] = dump;
    }

private:
    struct Mark {
        int order = 0;          // 1-based step of the walk
        bool candidate = false; // within range on both axes
        bool stop = false;      // beyond the reach: the walk stopped here
    };

    void refresh(const AoiState& state, const CrossListAoi& list) {
        if (state.serial() == cachedSerial_) return;
        cachedSerial_ = state.serial();
        list.xOrder(xs_);
        list.yOrder(ys_);
        marks_.clear();
        int step = 0;
        for (const CrossListAoi::Visit& visit : list.lastVisits()) {
            Mark& mark = marks_[visit.id];
            if (mark.order == 0) mark.order = ++step;
            mark.candidate = mark.candidate || (visit.inRangeX && visit.inRangeY);
            mark.stop = mark.stop || !visit.inRangeX;
        }
        // The walked span on the x list (the y list has none): the first and last place of a lit node. The
        // lit nodes lie within the x range the walk read (the walker, which may have moved since, at its
        // own x), so two binary searches and a step in from each end find them without placing every one.
        walkLo_ = static_cast<int>(xs_.size());
        walkHi_ = -1;
        if (marks_.empty()) return;
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (const CrossListAoi::Visit& visit : list.lastVisits()) lo = std::min(lo, visit.position.x), hi = std::max(hi, visit.position.x);
        if (const Entity* walker = state.session().mirrored(list.lastEntity())) lo = std::min(lo, walker->x), hi = std::max(hi, walker->x);
        auto begin = std::lower_bound(xs_.begin(), xs_.end(), lo, [](const auto& e, double x) { return e.position.x < x; });
        auto end = std::upper_bound(begin, xs_.end(), hi, [](double x, const auto& e) { return x < e.position.x; });
        auto lit = [&](const CrossListAoi::ListEntry& e) { return marks_.count(e.id) != 0; };
        auto first = std::find_if(begin, end, lit);
        if (first == end) return;
        auto last = std::find_if(std::make_reverse_iterator(end), std::make_reverse_iterator(first), lit);
        walkLo_ = static_cast<int>(first - xs_.begin());
        walkHi_ = static_cast<int>(last.base() - 1 - xs_.begin());
    }

    // The place of `id` in a list sorted along its axis, found by the entity's coordinate (a binary
    // search and the few nodes of equal coordinate), so that a list of 100,000 is not read every frame;
    // -1 when the list does not have it (an entity the methods do not have is not searched for).
    static int placeOf(const AoiSession& session, const std::vector<CrossListAoi::ListEntry>& entries, bool xAxis,
                       std::optional<EntityId> id) {
        if (!id) return -1;
        const Entity* entity = session.mirrored(*id);
        if (entity == nullptr) return -1;
        const double key = xAxis ? entity->x : entity->y;
        auto keyOf = [xAxis](const CrossListAoi::ListEntry& e) { return xAxis ? e.position.x : e.position.y; };
        auto it = std::lower_bound(entries.begin(), entries.end(), key,
                                   [&](const CrossListAoi::ListEntry& e, double k) { return keyOf(e) < k; });
        for (; it != entries.end() && keyOf(*it) == key; ++it)
            if (it->id == *id) return static_cast<int>(it - entries.begin());
        // Not at its coordinate (the list and the mirror always agree today): read the list rather than lose it.
        auto found = std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.id == *id; });
        return found == entries.end() ? -1 : static_cast<int>(found - entries.begin());
    }

    static std::string coordinateText(const CrossListAoi::ListEntry& entry, bool xAxis) {
        return std::string(xAxis ? "x=" : "y=") + listNodeValue(xAxis ? entry.position.x : entry.position.y);
    }

    // The widest text a node of each list shows, measured once per change of the lists or of the font
    // (not every frame: a list of 100,000): every node of a list is made that wide, so no name or value
    // is cut. The values are bounded by the list's ends and the most decimals any of them has, so the
    // nodes keep their width while the values keep their number of digits.
    void measureTexts(const AoiState& state) {
        const float em = ImGui::GetFontSize();
        if (measuredSerial_ == cachedSerial_ && measuredEm_ == em) return;
        if (measuredEm_ != em) nameWidths_.clear();
        measuredSerial_ = cachedSerial_;
        measuredEm_ = em;
        char widest = '0';  // the font's widest digit stands for every digit of an unmeasured number
        for (char d = '1'; d <= '9'; ++d)
            if (ImGui::CalcTextSize(&d, &d + 1).x > ImGui::CalcTextSize(&widest, &widest + 1).x) widest = d;
        // Names as the nodes write them: an entity's name, or its id.
        EntityId largestId = 0;
        float names = 0;
        for (const CrossListAoi::ListEntry& entry : xs_) {
            const Entity* entity = state.session().mirrored(entry.id);
            if (entity == nullptr || entity->name.empty()) {
                largestId = std::max(largestId, entry.id);
                continue;
            }
            auto [it, added] = nameWidths_.try_emplace(entity->name, 0.0f);
            if (added) it->second = ImGui::CalcTextSize(entity->name.c_str()).x;
            names = std::max(names, it->second);
        }
        names = std::max(names, ImGui::CalcTextSize(std::string(std::to_string(largestId).size(), widest).c_str()).x);
        for (bool xAxis : {false, true}) {
            const auto& entries = xAxis ? xs_ : ys_;
            auto key = [xAxis](const CrossListAoi::ListEntry& e) { return xAxis ? e.position.x : e.position.y; };
            int decimals = 0;
            for (auto it = entries.begin(); it != entries.end() && decimals < 2; ++it) decimals = std::max(decimals, listNodeDecimals(key(*it)));
            const std::string value = std::string(xAxis ? "x=" : "y=") +
                                      (entries.empty() ? std::string(1, widest)
                                                       : widestListNodeValue(key(entries.front()), key(entries.back()), decimals, widest));
            textWidth_[xAxis] = std::max(names, ImGui::CalcTextSize(value.c_str()).x);
        }
    }

    void drawStrip(AppContext& ctx, const AoiState& state, const char* id, const char* title,
                   const std::vector<CrossListAoi::ListEntry>& entries, bool xAxis, bool follow, EntityId walker,
                   nlohmann::json& dump) {
        float em = ImGui::GetFontSize();
        int n = static_cast<int>(entries.size());
        // Nodes shrink (down to 3 font sizes) so that a short list fits the panel without scrolling.
        float gap = em * 1.0f, nodeH = em * 2.5f, top = em * 1.1f;
        float avail = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().WindowPadding.x * 2 - 2;
        float fit = (avail - (n - 1) * gap) / std::max(1, n);
        // Never narrower than the widest text with its margins (a cut value read "x=2.98" for 2.988).
        const float least = std::max(em * 2.6f, textWidth_[xAxis] + em * 0.6f), full = std::max(em * 4.6f, least);
        float nodeW = fit >= least ? std::min(fit, full) : full;  // a long list scrolls at full size
        float step = nodeW + gap;
        ImGui::TextDisabled("%s", title);
        float height = top + nodeH + ImGui::GetStyle().ScrollbarSize + ImGui::GetStyle().WindowPadding.y * 2 + em * 0.3f;
        ImGui::BeginChild(id, ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
        ImGui::Dummy(ImVec2(std::max(1.0f, n * step - gap), top + nodeH));

        float scrollX = ImGui::GetScrollX(), viewW = ImGui::GetWindowWidth();
        // A strip whose width changed (the panel's scrollbar came, the tile was resized) centres the walk
        // again: after a --seek, centred on its first frame (14 pixels wider), the nodes stood 7 pixels off.
        if (std::abs(viewW - followedWidth_[xAxis]) > 0.5f) follow = true;
        followedWidth_[xAxis] = viewW;
        // The walked span on this list (places of the lit nodes): the x list's walk, the y list none.
        const int walkLo = xAxis ? walkLo_ : n, walkHi = xAxis ? walkHi_ : -1;
        auto indexOf = [&](std::optional<EntityId> wanted) { return placeOf(state.session(), entries, xAxis, wanted); };
        const int selectedPlace = indexOf(ctx.selected);
        // After a step or a new selection, scroll to the walk (all of it when it fits, else around the
        // entity that walked), or else to the selected node; the user may scroll freely otherwise.
        float target = -1;
        if (pendingScroll_[xAxis] >= 0) {
            target = pendingScroll_[xAxis];
            pendingScroll_[xAxis] = -1;
        } else if (follow) {
            float centre = -1;
            if (walkHi >= 0) {
                centre = (static_cast<float>(walkLo + walkHi) * step + nodeW) / 2;
                int own = indexOf(walker);
                if ((walkHi - walkLo + 1) * step > viewW && own >= 0)
                    centre = std::clamp(static_cast<float>(own) * step + nodeW / 2, walkLo * step + viewW / 2, walkHi * step + nodeW - viewW / 2);
            } else if (selectedPlace >= 0) {
                centre = static_cast<float>(selectedPlace) * step + nodeW / 2;
            }
            if (centre >= 0 && n * step - gap > viewW) target = centre - viewW / 2;
        }
        if (target >= 0) {
            // Whole pixels, as ImGui keeps the scroll from the next frame on: this frame draws the same nodes.
            scrollX = std::floor(std::clamp(target, 0.0f, std::max(0.0f, n * step - gap - viewW + ImGui::GetStyle().WindowPadding.x * 2)));
            ImGui::SetScrollX(scrollX);
        }
        ImVec2 origin = ImGui::GetWindowPos();
        origin.x += ImGui::GetStyle().WindowPadding.x - scrollX;
        origin.y += ImGui::GetStyle().WindowPadding.y - ImGui::GetScrollY();
        int first = std::max(0, static_cast<int>(std::floor((scrollX - nodeW) / step)));
        int last = std::min(n - 1, static_cast<int>(std::ceil((scrollX + viewW) / step)));

        ImDrawList* draw = ImGui::GetWindowDrawList();
        ImU32 frame = ImGui::GetColorU32(ImGuiCol_FrameBg), border = ImGui::GetColorU32(ImGuiCol_Border);
        ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), arrow = ImGui::GetColorU32(ImGuiCol_TextDisabled);
        nlohmann::json drawn = nlohmann::json::array(), rects = nlohmann::json::array(), texts = nlohmann::json::array();
        int cut = 0;  // texts that ran past their node (ImGui clips them there): never expected
        ImVec2 mouse = ImGui::GetIO().MousePos;
        bool hoverWindow = ImGui::IsWindowHovered();
        for (int i = first; i <= last; ++i) {
            const auto& entry = entries[static_cast<std::size_t>(i)];
            ImVec2 a(origin.x + i * step, origin.y + top), b(a.x + nodeW, a.y + nodeH);
            auto markIt = marks_.find(entry.id);
            const Mark* mark = markIt == marks_.end() ? nullptr : &markIt->second;
            bool candidate = xAxis ? mark && mark->candidate : mark && mark->candidate;
            bool walked = xAxis && mark;
            draw->AddRectFilled(a, b, candidate ? withAlpha(theme::kVisited, 200) : frame, 4);
            draw->AddRect(a, b, walked ? theme::kVisited : border, 4, 0, walked ? 2.5f : 1.0f);
            if (ctx.selected && *ctx.selected == entry.id)
                draw->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), theme::kSelected, 5, 0, 2.5f);
            ImU32 ink = candidate ? IM_COL32(20, 20, 20, 255) : text;
            ImVec4 clip(a.x + 2, a.y, b.x - 2, b.y);
            std::string label = entityLabel(state.session(), entry.id);
            std::string coordinate = coordinateText(entry, xAxis);
            draw->AddText(nullptr, 0, ImVec2(a.x + em * 0.3f, a.y + em * 0.15f), ink, label.c_str(), nullptr, 0, &clip);
            draw->AddText(nullptr, 0, ImVec2(a.x + em * 0.3f, a.y + em * 1.2f), ink, coordinate.c_str(), nullptr, 0, &clip);
            texts.push_back(coordinate);
            for (const std::string* nodeText : {&label, &coordinate})
                cut += a.x + em * 0.3f + ImGui::CalcTextSize(nodeText->c_str()).x > clip.z;
            if (walked) {
                char number[16];
                std::snprintf(number, sizeof number, "%d", mark->order);
                draw->AddText(ImVec2(a.x + nodeW / 2 - em * 0.3f, origin.y), theme::kVisited, number);
            }
            if (i + 1 < n) {  // next (upper arrow) and prev (lower arrow) links
                float x0 = b.x + 2, x1 = b.x + gap - 2, y0 = a.y + nodeH * 0.35f, y1 = a.y + nodeH * 0.65f, h = em * 0.25f;
                draw->AddLine(ImVec2(x0, y0), ImVec2(x1, y0), arrow, 1.5f);
                draw->AddTriangleFilled(ImVec2(x1, y0), ImVec2(x1 - h, y0 - h), ImVec2(x1 - h, y0 + h), arrow);
                draw->AddLine(ImVec2(x0, y1), ImVec2(x1, y1), arrow, 1.5f);
                draw->AddTriangleFilled(ImVec2(x0, y1), ImVec2(x0 + h, y1 - h), ImVec2(x0 + h, y1 + h), arrow);
            }
            bool hovered = hoverWindow && mouse.x >= a.x && mouse.x <= b.x && mouse.y >= a.y && mouse.y <= b.y;
            if (hovered) {
                ImGui::BeginTooltip();
                ImGui::TextUnformatted(fmt(Str::TipListsNode, label.c_str(), listNodeValue(entry.position.x).c_str(),
                                           listNodeValue(entry.position.y).c_str()).c_str());
                if (walked && mark->stop) ImGui::TextUnformatted(tr(Str::TipListsStop));
                else if (walked) ImGui::Text(tr(Str::TipListsWalked), mark->order);
                if (candidate) ImGui::TextUnformatted(tr(Str::TipListsCandidate));
                ImGui::EndTooltip();
                if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) ctx.selected = entry.id;
            }
            drawn.push_back(entry.id);
            rects.push_back({entry.id, a.x, a.y, b.x, b.y});
        }
        ImGui::EndChild();
        drawOverview(ctx, entries, xAxis, walkLo, walkHi, first, last, selectedPlace, step, viewW);
        dump["drawn"] = drawn;
        dump["walked"] = walkHi >= 0 ? nlohmann::json{walkLo, walkHi} : nlohmann::json(nullptr);  // places in the list
        dump["selected_place"] = selectedPlace >= 0 ? nlohmann::json(selectedPlace) : nlohmann::json(nullptr);
        dump["rects"] = rects;  // [id, x0, y0, x1, y1] on screen
        dump["values"] = texts;  // the drawn nodes' coordinates as shown ("x=2.99")
        dump["labels_cut"] = cut;  // names and values of the drawn nodes that did not fit: 0
        dump["node_width"] = nodeW;
        dump["size"] = n;
        dump["first"] = first;
    }

    // The whole list as one thin bar under its strip: the walked span orange, the selected node yellow,
    // the part the strip shows framed; a click scrolls the strip there. Useful at 5,000 nodes.
    void drawOverview(const AppContext&, const std::vector<CrossListAoi::ListEntry>& entries, bool xAxis, int walkLo,
                      int walkHi, int first, int last, int selected, float step, float viewW) {
        float em = ImGui::GetFontSize();
        int n = static_cast<int>(entries.size());
        if (n * step <= viewW) return;  // all of it is in view already
        float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
        ImVec2 a = ImGui::GetCursorScreenPos(), b(a.x + width, a.y + em * 0.7f);
        ImGui::InvisibleButton(xAxis ? "##overview_x" : "##overview_y", ImVec2(width, em * 0.7f));
        auto at = [&](float index) { return a.x + width * index / static_cast<float>(std::max(1, n)); };
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_FrameBg));
        if (walkHi >= 0) draw->AddRectFilled(ImVec2(at(static_cast<float>(walkLo)), a.y), ImVec2(std::max(at(static_cast<float>(walkHi + 1)), at(static_cast<float>(walkLo)) + 2), b.y), theme::kVisited);
        if (selected >= 0) draw->AddRectFilled(ImVec2(at(static_cast<float>(selected)) - 1, a.y), ImVec2(at(static_cast<float>(selected)) + 2, b.y), theme::kSelected);
        draw->AddRect(ImVec2(at(static_cast<float>(first)), a.y), ImVec2(std::max(at(static_cast<float>(last + 1)), at(static_cast<float>(first)) + 3), b.y), IM_COL32(255, 255, 255, 220), 0, 0, 1.5f);
        itemTip(Str::TipListsOverview);
        if (ImGui::IsItemClicked()) {
            float index = (ImGui::GetIO().MousePos.x - a.x) / width * static_cast<float>(n);
            pendingScroll_[xAxis] = std::max(0.0f, index * step - viewW / 2);
        }
    }

    float pendingScroll_[2] = {-1, -1};  // [y list, x list]: where a click on the overview asked to scroll
    float followedWidth_[2] = {0, 0};    // [y list, x list]: the strip's width when it last followed
    std::size_t cachedSerial_ = static_cast<std::size_t>(-1);
    std::size_t followedSerial_ = static_cast<std::size_t>(-1);
    std::optional<EntityId> followedSelection_;
    std::vector<CrossListAoi::ListEntry> xs_, ys_;
    std::unordered_map<EntityId, Mark> marks_;
    int walkLo_ = 0, walkHi_ = -1;  // the walked span's places in xs_ (walkHi_ < 0: no walk)
    // measureTexts(): the widest node text of each list ([y list, x list]), and what it was measured for.
    float textWidth_[2] = {0, 0};
    std::size_t measuredSerial_ = static_cast<std::size_t>(-1);
    float measuredEm_ = 0;
    std::unordered_map<std::string, float> nameWidths_;  // at measuredEm_
};

}  // namespace

std::unique_ptr<Panel> makeAoiListsPanel(AoiState& state) { return std::make_unique<AoiListsPanel>(state); }

}  // namespace aoilab::app
