#include "app/modes/graph/graph_explain.h"

#include <algorithm>

#include "app/legend.h"
#include "app/strings.h"

namespace aoilab::app {
namespace {

std::string number(double v) { return shortNumber(v); }
std::string done(const std::optional<double>& distance) {
    return fmt(Str::GraphExplainDone, distance ? number(*distance).c_str() : "-");
}

}  // namespace

// One run's step `position` (its last step), with the distances as the search holds them (the
// article's relaxation): the vertex settled, then each out-edge improved, kept, or already settled.
std::string explainGraphStep(const Graph& g, const GraphSearch& search, const GraphSearchStep& step, std::size_t position,
                             const std::optional<double>& distance) {
    if (step.settled == kNoVertex) return done(distance);
    const ShortestPathTree& tree = search.tree();
    double d = tree.distance[static_cast<std::size_t>(step.settled)];
    const char* id = g.vertex(step.settled).id.c_str();
    // A* takes the open vertex with the least f = g + h, which need not be the closest one.
    std::string text = search.kind() == GraphSearchKind::AStar
                           ? fmt(Str::GraphExplainSettleAStar, static_cast<int>(position), id, number(d).c_str(),
                                 number(search.heuristic(step.settled)).c_str(), number(d + search.heuristic(step.settled)).c_str())
                           : fmt(Str::GraphExplainSettle, static_cast<int>(position), id, number(d).c_str());
    // Sentences follow one another after a space in English, directly after "。" in Chinese.
    const char* gap = language() == Language::Chinese ? "" : " ";
    for (const OutEdge& e : g.outEdges(step.settled)) {
        const std::string& to = g.vertex(e.to).id;
        auto improved = std::find_if(step.relaxed.begin(), step.relaxed.end(), [&](const EdgeRelaxation& r) { return r.to == e.to; });
        text += gap;
        if (improved != step.relaxed.end())
            text += fmt(Str::GraphExplainImproved, to.c_str(), number(d).c_str(), number(e.weight).c_str(),
                        number(improved->newDistance).c_str(), number(improved->oldDistance).c_str(), g.vertex(step.settled).id.c_str());
        else if (search.isClosed(e.to) && e.to != step.settled)
            text += fmt(Str::GraphExplainClosed, to.c_str());
        else
            text += fmt(Str::GraphExplainKept, to.c_str(), number(d).c_str(), number(e.weight).c_str(),
                        number(d + e.weight).c_str(), number(tree.distance[static_cast<std::size_t>(e.to)]).c_str());
    }
    if (search.finished()) text += gap + done(distance);
    return text;
}

}  // namespace aoilab::app
