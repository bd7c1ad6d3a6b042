#pragma once
// Scene tools (RecastDemo's SampleTool): each one turns mouse presses and drags on the canvas into World
// edits through the EditHistory, so every edit can be undone. The toolbar lists them in makeTools() order.
#include <memory>
#include <optional>
#include <vector>

#include <imgui.h>

#include "app/strings.h"
#include "core/entity.h"
#include "core/geometry.h"

namespace aoilab::app {

struct AppContext;
class SceneView;

// What the canvas knows about the mouse when it calls a tool.
struct ToolInput {
    Vec2 world;                   // mouse in world units (may lie outside the world)
    ImVec2 screen;
    std::optional<EntityId> hit;  // the entity under the mouse, if any
    bool insideWorld = false;
};

class Tool {
public:
    virtual ~Tool() = default;
    virtual const char* id() const = 0;  // stable, for tests and settings ("select", "spawn", ...)
    virtual Str label() const = 0;
    virtual Str tip() const = 0;
    virtual int key() const = 0;         // GLFW key that picks the tool

    // Left button on the canvas: press, then drag every frame it is held, then release.
    virtual void press(AppContext&, const ToolInput&) {}
    virtual void drag(AppContext&, const ToolInput&) {}
    virtual void release(AppContext&, const ToolInput&) {}
    // Extra drawing under the mouse (the brush cell of the paint tools).
    virtual void drawPreview(AppContext&, SceneView&, const ToolInput&) {}
};

// A mode without tools: the canvas still pans and zooms, the left button does nothing.
class NoTool final : public Tool {
public:
    const char* id() const override { return "none"; }
    Str label() const override { return Str::AppTitle; }
    Str tip() const override { return Str::AppTitle; }
    int key() const override { return 0; }
};

// The entity and obstacle tools (select, spawn, delete, paint, erase), in toolbar order.
std::vector<std::unique_ptr<Tool>> makeTools();

}  // namespace aoilab::app
