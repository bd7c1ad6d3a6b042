#include "app/modes/search/search_explain.h"

#include "app/modes/search/search_ui.h"
#include "app/strings.h"

namespace aoilab::app {

std::string explainSearchRun(const SearchRun& run, const SearchState& state) {
    std::string name = configTitle(run.config);
    if (!run.refused.empty()) return name + ": " + fmt(Str::SearchRefused, run.refused.c_str());
    if (!run.searched) return name + ": " + tr(state.restarting() ? Str::SearchRestarting : Str::SearchStopped);
    SearchResult r = run.search.result();
    if (run.search.status() == SearchStatus::Found)
        return fmt(Str::SearchExplainFound, name.c_str(), static_cast<int>(r.expansions), r.length);
    if (run.search.status() == SearchStatus::NoPath)
        return fmt(Str::SearchExplainNoPath, name.c_str(), static_cast<int>(r.expansions));
    if (state.position() == 0 || run.last.changes.empty())
        return fmt(Str::SearchExplainStart, name.c_str(), state.start().x, state.start().y, state.goal().x, state.goal().y);
    const CellChange& closed = run.last.changes.front();
    int opened = 0, improved = 0;
    for (const CellChange& c : run.last.changes) {
        opened += c.kind == CellChange::Kind::Opened;
        improved += c.kind == CellChange::Kind::Updated || c.kind == CellChange::Kind::Reopened;
    }
    const SearchOptions& o = run.config.options;
    const char* n = name.c_str();
    const int x = closed.cell.x, y = closed.cell.y;
    // Each algorithm's own rule for the cell it takes (A*'s words for Dijkstra or breadth-first were
    // wrong: they have no h, or no priority at all).
    switch (o.algorithm) {
        case SearchAlgorithm::Dijkstra: return fmt(Str::SearchExplainStepDijkstra, n, x, y, closed.g, opened, improved);
        case SearchAlgorithm::Greedy: return fmt(Str::SearchExplainStepGreedy, n, x, y, closed.f, closed.g, opened, improved);
        case SearchAlgorithm::Bfs: return fmt(Str::SearchExplainStepBfs, n, x, y, static_cast<int>(closed.g + 0.5), opened);
        case SearchAlgorithm::Jps:
            return fmt(Str::SearchExplainStepJps, n, x, y, closed.f, closed.g, closed.f - closed.g, opened, improved);
        case SearchAlgorithm::AStar:
            if (o.weight != 1 && o.weight > 0)
                return fmt(Str::SearchExplainStepWeighted, n, x, y, closed.f, closed.g, o.weight, (closed.f - closed.g) / o.weight,
                           opened, improved);
            return fmt(Str::SearchExplainStep, n, x, y, closed.f, closed.g, closed.f - closed.g, opened, improved);
    }
    return {};
}

}  // namespace aoilab::app
