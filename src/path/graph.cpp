#include "path/graph.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"

namespace aoilab {

namespace {

std::string numberText(double value) {
    std::ostringstream text;
    text << value;
    return text.str();
}

std::string checkWeight(double weight) {
    if (std::isnan(weight)) return "weight is not a number";
    if (!std::isfinite(weight)) return "weight " + numberText(weight) + " is not finite";
    if (weight < 0) return "weight " + numberText(weight) + " is negative (weights must be >= 0)";
    return {};
}

}  // namespace

VertexIndex Graph::indexOf(const std::string& id) const {
    auto it = index_.find(id);
    return it == index_.end() ? kNoVertex : it->second;
}

std::string Graph::describe(VertexIndex v) const {
    if (v < 0 || static_cast<std::size_t>(v) >= vertices_.size()) return "vertex #" + std::to_string(v);
    return "vertex \"" + vertices_[static_cast<std::size_t>(v)].id + "\"";
}

void Graph::requireVertex(VertexIndex v, const char* role) const {
    if (v < 0 || static_cast<std::size_t>(v) >= vertices_.size())
        throw InputError(std::string(role) + " vertex #" + std::to_string(v) + " does not exist (the graph has " +
                         std::to_string(vertices_.size()) + " vertices)");
}

std::string Graph::checkAddVertex(const std::string& id, Vec2 position) const {
    if (id.empty()) return "vertex id is empty";
    if (index_.count(id)) return "vertex \"" + id + "\" already exists (ids must be unique)";
    if (!std::isfinite(position.x) || !std::isfinite(position.y))
        return "vertex \"" + id + "\": position (" + numberText(position.x) + ", " + numberText(position.y) +
               ") is not finite";
    return {};
}

VertexIndex Graph::addVertex(const std::string& id, Vec2 position) {
    if (std::string problem = checkAddVertex(id, position); !problem.empty()) throw InputError(problem);
    auto v = static_cast<VertexIndex>(vertices_.size());
    vertices_.push_back({id, position});
    out_.emplace_back();
    in_.emplace_back();
    index_.emplace(id, v);
    return v;
}

void Graph::moveVertex(VertexIndex v, Vec2 position) {
    requireVertex(v, "moved");
    if (!std::isfinite(position.x) || !std::isfinite(position.y))
        throw InputError(describe(v) + ": position is not finite");
    vertices_[static_cast<std::size_t>(v)].position = position;
}

void Graph::removeVertex(VertexIndex v) {
    requireVertex(v, "removed");
    auto slot = static_cast<std::size_t>(v);
    // Drop the edges that touch v from the other side first.
    for (const OutEdge& edge : out_[slot]) {
        if (edge.to == v) continue;
        auto& sources = in_[static_cast<std::size_t>(edge.to)];
        sources.erase(std::find(sources.begin(), sources.end(), v));
    }
    for (VertexIndex source : in_[slot]) {
        if (source == v) continue;
        auto& targets = out_[static_cast<std::size_t>(source)];
        targets.erase(std::find_if(targets.begin(), targets.end(), [v](const OutEdge& e) { return e.to == v; }));
    }
    edgeCount_ -= out_[slot].size() + in_[slot].size();
    bool selfLoop = std::any_of(out_[slot].begin(), out_[slot].end(), [v](const OutEdge& e) { return e.to == v; });
    if (selfLoop) edgeCount_ += 1;  // counted in both lists

    index_.erase(vertices_[slot].id);
    vertices_.erase(vertices_.begin() + v);
    out_.erase(out_.begin() + v);
    in_.erase(in_.begin() + v);
    // Renumber: every index above v moves down by one.
    auto shift = [v](VertexIndex& u) {
        if (u > v) --u;
    };
    for (auto& list : out_)
        for (OutEdge& edge : list) shift(edge.to);
    for (auto& list : in_)
        for (VertexIndex& u : list) shift(u);
    for (auto& [id, index] : index_) shift(index);
    edgeKeys_.clear();
    for (std::size_t from = 0; from < out_.size(); ++from)
        for (const OutEdge& edge : out_[from]) edgeKeys_.insert(edgeKey(static_cast<VertexIndex>(from), edge.to));
}

void Graph::removeVertex(const std::string& id) {
    VertexIndex v = indexOf(id);
    if (v == kNoVertex) throw InputError("cannot remove vertex \"" + id + "\": no such vertex");
    removeVertex(v);
}

std::optional<double> Graph::edgeWeight(VertexIndex from, VertexIndex to) const {
    if (from < 0 || static_cast<std::size_t>(from) >= out_.size()) return std::nullopt;
    for (const OutEdge& edge : out_[static_cast<std::size_t>(from)])
        if (edge.to == to) return edge.weight;
    return std::nullopt;
}

std::vector<GraphEdge> Graph::edges() const {
    std::vector<GraphEdge> all;
    all.reserve(edgeCount_);
    for (std::size_t from = 0; from < out_.size(); ++from)
        for (const OutEdge& edge : out_[from]) all.push_back({static_cast<VertexIndex>(from), edge.to, edge.weight});
    return all;
}

std::string Graph::checkAddEdge(VertexIndex from, VertexIndex to, double weight) const {
    auto count = static_cast<VertexIndex>(vertices_.size());
    if (from < 0 || from >= count) return "edge start " + describe(from) + " does not exist";
    if (to < 0 || to >= count) return "edge end " + describe(to) + " does not exist";
    // The edge's name only for a message: this runs for every edge a graph is built with.
    auto name = [&] {
        return "edge \"" + vertices_[static_cast<std::size_t>(from)].id + "\" -> \"" + vertices_[static_cast<std::size_t>(to)].id + "\"";
    };
    if (std::string problem = checkWeight(weight); !problem.empty()) return name() + ": " + problem;
    if (edgeKeys_.count(edgeKey(from, to))) return name() + " already exists";
    return {};
}

void Graph::addEdge(VertexIndex from, VertexIndex to, double weight) {
    if (std::string problem = checkAddEdge(from, to, weight); !problem.empty()) throw InputError(problem);
    out_[static_cast<std::size_t>(from)].push_back({to, weight});
    in_[static_cast<std::size_t>(to)].push_back(from);
    edgeKeys_.insert(edgeKey(from, to));
    ++edgeCount_;
}

void Graph::addUndirectedEdge(VertexIndex a, VertexIndex b, double weight) {
    if (std::string problem = checkAddEdge(a, b, weight); !problem.empty()) throw InputError(problem);
    if (a != b) {
        if (std::string problem = checkAddEdge(b, a, weight); !problem.empty()) throw InputError(problem);
    }
    addEdge(a, b, weight);
    if (a != b) addEdge(b, a, weight);
}

void Graph::addEdge(const std::string& from, const std::string& to, double weight) {
    VertexIndex a = indexOf(from);
    VertexIndex b = indexOf(to);
    if (a == kNoVertex) throw InputError("edge \"" + from + "\" -> \"" + to + "\": start vertex \"" + from + "\" does not exist");
    if (b == kNoVertex) throw InputError("edge \"" + from + "\" -> \"" + to + "\": end vertex \"" + to + "\" does not exist");
    addEdge(a, b, weight);
}

void Graph::setEdgeWeight(VertexIndex from, VertexIndex to, double weight) {
    requireVertex(from, "edge start");
    requireVertex(to, "edge end");
    std::string name = "edge \"" + vertices_[static_cast<std::size_t>(from)].id + "\" -> \"" +
                       vertices_[static_cast<std::size_t>(to)].id + "\"";
    if (std::string problem = checkWeight(weight); !problem.empty()) throw InputError(name + ": " + problem);
    for (OutEdge& edge : out_[static_cast<std::size_t>(from)]) {
        if (edge.to == to) {
            edge.weight = weight;
            return;
        }
    }
    throw InputError(name + " does not exist");
}

void Graph::removeEdge(VertexIndex from, VertexIndex to) {
    requireVertex(from, "edge start");
    requireVertex(to, "edge end");
    auto& targets = out_[static_cast<std::size_t>(from)];
    auto it = std::find_if(targets.begin(), targets.end(), [to](const OutEdge& e) { return e.to == to; });
    if (it == targets.end())
        throw InputError("edge \"" + vertices_[static_cast<std::size_t>(from)].id + "\" -> \"" +
                         vertices_[static_cast<std::size_t>(to)].id + "\" does not exist");
    targets.erase(it);
    auto& sources = in_[static_cast<std::size_t>(to)];
    sources.erase(std::find(sources.begin(), sources.end(), from));
    edgeKeys_.erase(edgeKey(from, to));
    --edgeCount_;
}

void Graph::removeEdge(const std::string& from, const std::string& to) {
    VertexIndex a = indexOf(from);
    VertexIndex b = indexOf(to);
    if (a == kNoVertex || b == kNoVertex)
        throw InputError("edge \"" + from + "\" -> \"" + to + "\" does not exist (no such vertex)");
    removeEdge(a, b);
}

double Graph::straightLength(VertexIndex a, VertexIndex b) const {
    const Vec2& p = vertex(a).position;
    const Vec2& q = vertex(b).position;
    return std::hypot(q.x - p.x, q.y - p.y);
}

std::size_t Graph::memoryBytes() const {
    std::size_t bytes = vertices_.capacity() * sizeof(GraphVertex);
    for (const auto& list : out_) bytes += list.capacity() * sizeof(OutEdge);
    for (const auto& list : in_) bytes += list.capacity() * sizeof(VertexIndex);
    for (const auto& v : vertices_) bytes += v.id.capacity();
    return bytes;
}

bool operator==(const Graph& a, const Graph& b) {
    if (a.vertexCount() != b.vertexCount() || a.edgeCount() != b.edgeCount()) return false;
    for (std::size_t i = 0; i < a.vertexCount(); ++i) {
        if (a.vertices_[i].id != b.vertices_[i].id || !(a.vertices_[i].position == b.vertices_[i].position))
            return false;
    }
    auto sorted = [](const Graph& g) {
        auto list = g.edges();
        std::sort(list.begin(), list.end(), [](const GraphEdge& x, const GraphEdge& y) {
            return x.from != y.from ? x.from < y.from : x.to < y.to;
        });
        return list;
    };
    return sorted(a) == sorted(b);
}

HeuristicCheck checkEuclideanHeuristic(const Graph& graph) {
    HeuristicCheck check;
    double worstRatio = 1;
    for (std::size_t from = 0; from < graph.vertexCount(); ++from) {
        for (const OutEdge& edge : graph.outEdges(static_cast<VertexIndex>(from))) {
            double length = graph.straightLength(static_cast<VertexIndex>(from), edge.to);
            if (length <= 0) continue;  // zero-length edge: any weight >= 0 is fine
            // A relative epsilon forgives floating-point noise only, not rounded weights (179 for 179.4).
            double ratio = edge.weight / length;
            if (ratio < worstRatio && edge.weight < length - 1e-9 * std::max(1.0, length)) {
                worstRatio = ratio;
                check.worstEdge = GraphEdge{static_cast<VertexIndex>(from), edge.to, edge.weight};
            }
        }
    }
    check.admissible = !check.worstEdge.has_value();
    check.scale = check.admissible ? 1.0 : worstRatio;
    return check;
}

}  // namespace aoilab
