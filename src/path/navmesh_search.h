#pragma once
// A* over the polygons of a NavMesh, one polygon at a time if wanted (the shape of GridSearch):
//   run()   the fast path: expands until the goal polygon is closed or nothing is open, then pulls
//           the funnel path through the corridor;
//   step()  expands one polygon and reports what changed (closed, opened, updated), for the panels.
// Both give the same result: same order of expansions, same corridor, same path.
// Each polygon is entered at the middle of the portal it was reached through (the start point for
// the first); g is the length of that zig-zag (plus the last leg to the goal point for the goal
// polygon), h the straight distance to the goal. Ties in f go to the higher g. A closed polygon is
// never reopened (as in Detour), so the corridor is good, not always the shortest.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/geometry.h"
#include "path/navmesh.h"

namespace aoilab {

enum class NavSearchStatus : std::uint8_t { Idle, Running, Found, NoPath };
std::string_view navSearchStatusName(NavSearchStatus status);

struct NavPolygonChange {
    enum class Kind : std::uint8_t {
        Closed,   // taken from the open list and expanded
        Opened,   // put on the open list for the first time
        Updated,  // already open, reached more cheaply: g, f, parent and entry point changed
    };
    Kind kind;
    int polygon;
    int parent;   // for Opened/Updated (-1 for the start polygon)
    Vec2 entry;   // where the polygon is entered: the portal's middle (the start point for the start)
    double g = 0;
    double f = 0;
};
std::string_view navChangeName(NavPolygonChange::Kind kind);

// What one step() did: the Closed polygon first, then its neighbours in the order handled.
struct NavSearchStep {
    NavSearchStatus status = NavSearchStatus::Idle;
    std::vector<NavPolygonChange> changes;
};

class NavMeshSearch {
public:
    // The mesh must outlive the search. Scratch arrays are reused across queries.
    explicit NavMeshSearch(const NavMesh& mesh) : mesh_(mesh) {}

    // Starts a query from the point `start` to `goal`; when either is off the mesh the status is NoPath.
    void start(Vec2 start, Vec2 goal);
    const NavSearchStep& step();  // one expansion; valid until the next call; Idle when no query
    NavPath run();                // to the end (continues a stepped query), with the funnel path
    void runToEnd();              // the search only, no funnel (for corridor-only users)

    NavSearchStatus status() const { return status_; }
    Vec2 startPoint() const { return start_; }
    Vec2 goalPoint() const { return goal_; }
    int startPolygon() const { return from_; }
    int goalPolygon() const { return to_; }
    std::size_t expanded() const { return expanded_; }  // polygons closed so far
    bool isOpen(int polygon) const;
    bool isClosed(int polygon) const;
    double g(int polygon) const;     // infinity when not reached
    int parent(int polygon) const;   // -1 when not reached, and for the start polygon
    Vec2 entry(int polygon) const;   // where the polygon is entered (meaningless when not reached)
    std::vector<int> openPolygons() const;    // the frontier, best first
    std::vector<int> closedPolygons() const;  // in the order they were closed
    // Start polygon .. goal polygon; empty unless Found.
    std::vector<int> corridor() const;

private:
    struct Open {
        double f;
        double g;
        int polygon;
    };
    struct OpenAfter {  // heap order: smaller f first, then larger g
        bool operator()(const Open& a, const Open& b) const { return a.f != b.f ? a.f > b.f : a.g < b.g; }
    };
    template <bool Record>
    void expandNext();
    bool reached(int polygon) const { return mark_[static_cast<std::size_t>(polygon)] >> 1 == generation_; }

    const NavMesh& mesh_;
    Vec2 start_;
    Vec2 goal_;
    int from_ = -1;
    int to_ = -1;
    NavSearchStatus status_ = NavSearchStatus::Idle;
    std::size_t expanded_ = 0;
    // Per polygon; mark = generation * 2 (+1 when closed), so a new query needs no clearing.
    std::vector<double> g_;
    std::vector<int> parent_;
    std::vector<Vec2> entry_;
    std::vector<std::uint32_t> mark_;
    std::uint32_t generation_ = 0;
    std::vector<Open> open_;  // binary heap with lazy deletion (stale entries are skipped)
    std::vector<int> closedOrder_;
    NavSearchStep step_;
};

}  // namespace aoilab
