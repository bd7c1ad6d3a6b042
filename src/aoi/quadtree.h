#pragma once
// Point quadtree AOI. Leaves hold up to `capacity` entities; a leaf that grows beyond splits into four
// quadrants (unless it is at the maximum depth, where it just grows: many entities on one point), and a
// node whose subtree shrinks to `capacity` or fewer merges back into one leaf. A quadrant owns its
// lower/left edges; the upper/right edges belong to the next quadrant, except on the world border.
//
// Per-entity radii: the watcher query uses the LARGEST radius among live entities (a radius -> count
// map), so any W whose view may contain T lies in the query box; T's own view uses T's radius. Query
// boxes are pruned by the view shape (a circle query skips nodes farther than the reach). A move that
// stays inside its leaf touches no tree structure at all.
//
// Without hysteresis the relations are positional (view_relations.h): none is stored, and a move walks
// the tree once through the nodes near its old or its new place, deciding every entity of the leaves it
// reaches itself (quadtree_positional.cpp).
//
// A leaf keeps each entity's place, radius and id next to its slot, so a search reads the leaf's own
// memory instead of one scattered record per candidate (after a teleport its leaf mates are random).
#include <map>
#include <vector>

#include "aoi/aoi_system.h"
#include "aoi/compaction_schedule.h"
#include "aoi/pending_events.h"
#include "aoi/view_relations.h"

namespace aoilab {

class QuadtreeAoi final : public AoiSystem {
public:
    explicit QuadtreeAoi(const AoiConfig& config);

    const char* name() const override { return "quadtree"; }
    void add(EntityId id, Vec2 position, double radius, EventSink& sink) override;
    void remove(EntityId id, EventSink& sink) override;
    void move(EntityId id, Vec2 position, EventSink& sink) override;
    void setRadius(EntityId id, double radius, EventSink& sink) override;
    void tick(EventSink&) override {  // a tick does nothing here: its counters are zeros
        beginOperation();
        finishOperation();
    }
    bool storesRelations() const override { return !rel_.positional(); }
    void viewOf(EntityId watcher, std::vector<EntityId>& out) const override;
    void watchersOf(EntityId target, std::vector<EntityId>& out) const override;
    std::size_t size() const override { return rel_.size(); }
    std::size_t memoryBytes() const override;
    std::unique_ptr<AoiSystem> clone() const override { return std::make_unique<QuadtreeAoi>(*this); }

    // ---- Introspection for the panels (read-only) ----
    struct NodeInfo {
        Rect rect;
        int depth = 0;
        int count = 0;  // entities in the subtree
        bool leaf = true;
    };
    void nodes(std::vector<NodeInfo>& out) const;  // every live node, parents before children
    // Nodes the last operation's range queries looked at, in visit order (watcher query first). Built on
    // each call (a positional move notes only node indices, described here), so reading it changes nothing
    // and two readers may share the tree.
    std::vector<NodeInfo> lastVisited() const;
    int capacity() const { return capacity_; }
    int maxDepth() const { return maxDepth_; }
    double maxRadius() const { return radiusCounts_.empty() ? 0 : radiusCounts_.rbegin()->first; }

private:
    // An entity in its leaf: a copy of what a search tests (kept equal to ViewRelations' record).
    struct Item {
        Vec2 position;
        double radius = 0;
        EntityId id = 0;
        Slot slot = kNoSlot;
    };
    struct Node {
        Rect rect;
        int depth = 0;
        int count = 0;
        int parent = -1;
        int firstChild = -1;  // four consecutive nodes, or -1 for a leaf
        std::vector<Item> items;
    };
    // A positional move of T, as the leaf scan reads it.
    struct PositionalMove {
        EntityId id;
        Vec2 from;
        Vec2 to;
        double reachBefore;  // T's radius before and after
        double reachAfter;
        int leaf;  // T's leaf, where T is the last item (and not scanned)
    };

    bool owns(const Node& node, Vec2 p) const;  // p falls in node's quadrant (edge rule above)
    bool reaches(const Node& node, Vec2 p, double reach) const;  // node's rectangle within reach of p (view shape)
    Item& itemOf(Slot s) {
        Node& leaf = nodes_[static_cast<std::size_t>(leafOf_[static_cast<std::size_t>(s)])];
        return leaf.items[static_cast<std::size_t>(indexInLeaf_[static_cast<std::size_t>(s)])];
    }
    int childFor(const Node& node, Vec2 p) const;
    void insertItem(Slot s);  // from ViewRelations' record of s
    void place(Slot s, Vec2 position);  // after the record of s moved there
    void removeItem(Slot s);  // also merges the emptied branch
    void split(int node);
    void mergeUpFrom(int node);
    void collect(int node, std::vector<Item>& into);
    void freeChildren(int node);
    // Offers the entities within `reach` of p (both axes) as watchers (when `watchers`), those within
    // ownReach as targets; nodes farther than reach are pruned by the view shape.
    void query(Vec2 p, double reach, double ownReach, bool watchers);
    void query(Slot s, double reach, bool watchers) { query(rel_.position(s), reach, rel_.radius(s), watchers); }
    // Positional move (quadtree_positional.cpp): one walk through the nodes within `reach` of T's old
    // or new place deciding every entity of the leaves it reaches; kPlaces: which places a leaf is near.
    void movePositional(Slot s, Vec2 position, EventSink& sink);
    template <bool kSquare>
    void scanMove(const PositionalMove& move, double reach);
    template <bool kSquare, int kPlaces>
    void scanItems(const Item* items, std::size_t count, const PositionalMove& move);
    // The entities within `reach` of p on both axes (a read-only search for viewOf and watchersOf).
    void near(Vec2 p, double reach, std::vector<Slot>& out) const;
    void trackRadius(double radius, int delta);
    void compact();

    ViewRelations rel_;
    ViewShape shape_;
    int capacity_;
    int maxDepth_;
    double worldWidth_;
    double worldHeight_;
    std::vector<Node> nodes_;
    std::vector<int> freeBlocks_;  // first index of unused 4-node blocks
    std::vector<int> leafOf_;      // slot -> leaf node
    std::vector<int> indexInLeaf_;  // slot -> position in the leaf's items
    std::map<double, int> radiusCounts_;
    std::vector<int> stack_;
    std::vector<int> scanStack_;  // scanMove's, sized by the maximum depth
    std::vector<Item> scratch_;
    PendingEvents events_;  // a positional move's events (the other operations go through rel_)
    // A positional move notes only the indices of the nodes it visits (the tree does not change until the
    // next operation, which clears them); lastVisited() describes them when asked.
    std::vector<NodeInfo> visited_;
    std::vector<int> visitedNodes_;
    CompactionSchedule compaction_;
};

}  // namespace aoilab
