#pragma once
// A panel of the app (Box2D samples / RecastDemo style): a title from the string table, a visible flag
// the View menu toggles, draw() for its contents and an optional overlay hook drawn over the scene.
// Panels are created in ONE explicit list, panels/panel_list.cpp (static self-registration would be
// dropped by the linker).
#include <string>

#include <nlohmann/json.hpp>

#include "app/strings.h"

namespace aoilab::app {

struct AppContext;
class SceneView;

class Panel {
public:
    Panel(const char* id, Str title) : id_(id), title_(title) {}
    virtual ~Panel() = default;

    const char* id() const { return id_; }         // stable: settings keys, window ids, tests
    const char* title() const { return tr(title_); }
    // "Title###id": the visible title follows the language, the ImGui id stays the same.
    std::string windowName() const { return std::string(title()) + "###" + id_; }

    // Contents, drawn inside the panel's area (a section of the side column, or its own window).
    virtual void draw(AppContext& ctx) = 0;
    // Drawn over the scene after the entities, for every visible panel (grid cells, tree nodes, ...).
    virtual void drawOverlay(AppContext&, SceneView&) {}
    // Floating panels open as their own window instead of a section of the side column.
    virtual bool floatingByDefault() const { return false; }
    virtual bool visibleByDefault() const { return true; }
    // A supporting panel (scenario facts, the inspector, settings) folds to its title bar when the window
    // is too small for every open panel, so it never pushes a teaching panel out of view.
    virtual bool supporting() const { return false; }
    // A panel about the scenario's AOI world (its entities, its settings): shown only in workbenches
    // that show that world.
    virtual bool aboutEntities() const { return false; }
    // What the panel drew this frame, for --dump-ui (its entry in "panels", key "drawn"); null: nothing.
    virtual nlohmann::json dump(const AppContext&) const { return nullptr; }

    bool visible = true;
    bool floating = false;
    bool collapsed = false;  // a docked tile shows only its title bar
    bool lessonNamed = false;  // the lesson's `panels` key names it: the layout never folds it on its own
    float weight = 1.0f;     // share of its column's height (splitters between tiles move it)
    float overflowPx = 0;    // how far its widest item ran past the tile's right edge last frame (clipped)
    float clippedPx = 0;     // how far a table's header or cell text ran past its column last frame (panel_measure.h)
    std::string drawnText;   // the text of its items on the frame --dump-ui reports (panel_measure.h)

private:
    const char* id_;
    Str title_;
};

}  // namespace aoilab::app
