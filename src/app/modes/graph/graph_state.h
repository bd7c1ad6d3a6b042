#pragma once
// The graph workbench's model, without ImGui: the directed-graph map-walk editor of the graph article.
// A Graph (src/path/graph.h) edited with undo and redo, a source (where the role stands) and a target,
// the shortest-path search stepped on the timeline, then the role's walk along the path.
//
// Timeline: positions 0..S are the search's steps (S = steps until it finished: Dijkstra settles one
// vertex a step, A* likewise), then each further position is kWalkTick seconds of the walk, until the
// role arrives. seek(N) starts the search again and steps min(N, S) times (exact: the search is
// deterministic); the role's place is a pure function of the walk time (PathFollower).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "path/graph.h"
#include "path/grid_map.h"
#include "path/graph_search.h"
#include "path/path_follow.h"

namespace aoilab::app {

enum class GraphAlgo { Dijkstra, AStar };

// The article's weight for an edge of this straight length: rounded to a whole number, at least 1.
double articleEdgeWeight(double length);
const char* graphAlgoName(GraphAlgo algo);

// One line of the typed edge list that could not be read.
struct EdgeListProblem {
    int line = 0;         // 1-based
    std::string message;  // why, in English (the panel shows it beside the line)
};

// "FROM TO WEIGHT" a line (# comments and blank lines allowed): the graph it describes keeps the
// vertices' positions from `positions` (new ids are placed in a ring). Problems: nothing applies.
std::optional<Graph> parseEdgeList(const std::string& text, const Graph& positions, std::vector<EdgeListProblem>& problems);
std::string edgeListText(const Graph& graph);

// What an edit did, as data (its kind and the vertices it names): the state keeps it for Undo and Redo,
// the workbench words it in the UI language (graph_mode.cpp).
struct GraphEditLabel {
    enum class Kind { AddVertex, MoveVertex, DeleteVertex, AddEdge, AddRoad, Weight, DeleteEdge, EdgeList };
    Kind kind = Kind::EdgeList;
    std::string a, b;  // the vertex, or the edge's ends
    friend bool operator==(const GraphEditLabel&, const GraphEditLabel&) = default;
};

class GraphState {
public:
    static constexpr double kWalkTick = 0.1;  // seconds of walking per timeline position

    GraphState();
    GraphState(const GraphState&) = delete;
    GraphState& operator=(const GraphState&) = delete;

    const Graph& graph() const { return graph_; }
    const std::string& graphName() const { return name_; }
    // Replaces the graph (a file opened): the history restarts; source and target kept when they exist.
    void setGraph(Graph graph, std::string name);

    // Edits, each undoable. They return "" when done, else why not (nothing changed).
    std::string addVertex(Vec2 at, std::string* id = nullptr);
    std::string moveVertex(const std::string& id, Vec2 to, bool merge);  // merge: one undo step per drag
    std::string removeVertex(const std::string& id);
    std::string addEdge(const std::string& from, const std::string& to, bool twoWay);  // weight: rounded length
    std::string setWeight(const std::string& from, const std::string& to, double weight);
    std::string removeEdge(const std::string& from, const std::string& to);
    std::string applyEdgeList(const std::string& text, std::vector<EdgeListProblem>& problems);
    bool canUndo() const { return done_ > 0; }
    bool canRedo() const { return done_ < history_.size(); }
    const GraphEditLabel* undoLabel() const { return canUndo() ? &history_[done_ - 1].label : nullptr; }
    const GraphEditLabel* redoLabel() const { return canRedo() ? &history_[done_].label : nullptr; }
    void undo();
    void redo();

    // A MovingAI map drawn under the graph (one cell = one world unit, as in the other workbenches), not
    // an edit of the graph: `file` is where it came from ("" when it has none, as a map handed over by
    // the maps workbench); nullopt removes it.
    const std::optional<GridMap>& backdrop() const { return backdrop_; }
    const std::string& backdropFile() const { return backdropFile_; }
    void setBackdrop(std::optional<GridMap> map, std::string file);
    std::uint64_t backdropRevision() const { return backdropRevision_; }

    // The query. An edit during the walk re-plans from the vertex the role last reached.
    const std::string& source() const { return source_; }
    const std::string& target() const { return target_; }
    void setSource(const std::string& id);
    void setTarget(const std::string& id);
    GraphAlgo algo() const { return algo_; }
    void setAlgo(GraphAlgo algo);
    // Compare: the other algorithm (A* beside Dijkstra, or Dijkstra beside A*) runs on the same source and
    // target, stepped on the same timeline; the walk follows the first algorithm's path.
    bool comparing() const { return compare_; }
    void setCompare(bool on);
    GraphAlgo secondAlgo() const { return algo_ == GraphAlgo::AStar ? GraphAlgo::Dijkstra : GraphAlgo::AStar; }
    // The walk: at a speed (units a second) or within a total time (seconds); one of them > 0.
    double speed() const { return speed_; }
    double walkSeconds() const { return walkSeconds_; }
    void setWalk(double speed, double seconds);

    // The timeline.
    std::size_t position() const { return position_; }
    std::size_t length() const { return searchSteps_ + walkTicks_; }
    std::size_t searchSteps() const { return searchSteps_; }  // the longer search's steps when comparing
    std::size_t firstSteps() const { return first_.steps; }    // the first algorithm's own steps
    void seek(std::size_t position);

    // What the current position shows (read-only views of the engine).
    const GraphSearch* search() const { return first_.search.get(); }
    const GraphSearchStep& lastStep() const { return first_.last; }
    // The compared run (nullptr when not comparing), its last step, its own steps, path and distance.
    const GraphSearch* secondSearch() const { return compare_ ? second_.search.get() : nullptr; }
    const GraphSearchStep& secondLastStep() const { return second_.last; }
    std::size_t secondSteps() const { return compare_ ? second_.steps : 0; }
    std::vector<std::string> secondPathIds() const { return compare_ ? pathOf(second_.search.get()) : std::vector<std::string>{}; }
    std::optional<double> secondDistance() const { return compare_ ? distanceOf(second_.search.get()) : std::nullopt; }
    bool searchDone() const { return position_ >= searchSteps_; }
    std::vector<std::string> pathIds() const;   // the finished search's path (empty when none or not done)
    std::optional<double> distance() const;     // the finished search's cost to the target
    Vec2 rolePosition() const;
    std::optional<std::string> roleVertex() const;  // the vertex the role stands on, if any
    bool arrived() const;
    std::uint64_t serial() const { return serial_; }          // anything shown changed
    std::uint64_t graphRevision() const { return revision_; }  // the graph itself changed

private:
    struct Step {
        GraphEditLabel label;
        Graph before, after;
    };
    // One search on the timeline: the engine object, its last step, its steps to the end.
    struct Run {
        std::unique_ptr<GraphSearch> search;
        GraphSearchStep last;
        std::size_t steps = 0;
    };
    void startRun(Run& run, GraphAlgo algo) const;
    std::vector<std::string> pathOf(const GraphSearch* search) const;
    std::optional<double> distanceOf(const GraphSearch* search) const;
    std::string commit(GraphEditLabel label, Graph after, bool merge = false);
    void restart();        // the graph or the query changed: measure the search, keep the position in range
    void replan();         // an edit during the walk: the role's last vertex becomes the source
    void resetSearch();    // a fresh search at step 0
    std::string freshId() const;

    Graph graph_;
    std::string name_ = "untitled";
    std::vector<Step> history_;
    std::size_t done_ = 0;
    std::string source_, target_;
    GraphAlgo algo_ = GraphAlgo::Dijkstra;
    bool compare_ = false;
    double speed_ = 120;
    double walkSeconds_ = 0;
    Run first_, second_;
    std::size_t position_ = 0;
    std::size_t searchSteps_ = 0;
    std::size_t walkTicks_ = 0;
    PathFollower follower_;
    bool walking_ = false;  // a path exists: the role walks it after the search
    std::uint64_t serial_ = 1;
    std::uint64_t revision_ = 1;
    std::optional<GridMap> backdrop_;
    std::string backdropFile_;
    std::uint64_t backdropRevision_ = 1;
};

// The directed-graph article's saved example (vertices 938, 721, 64) shown until a graph is opened.
Graph defaultGraph();

}  // namespace aoilab::app
