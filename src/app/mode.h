#pragma once
// A mode is one workbench of the app (RecastDemo's Sample; Box2D's Sample): AOI, grid search, map
// representations, directed graph. It owns its state, its panels and its tools, draws its part of the
// scene, exposes its timeline to the shared Playback, and writes its part of --dump-ui and of the saved
// settings. The shell (menus, file picker, undo, errors, screenshots, font scale, language, layout)
// knows a mode only through this interface. Modes are created in ONE explicit list, modes/mode_list.cpp.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/document_opening.h"
#include "app/panels/panel.h"
#include "app/strings.h"
#include "app/tools.h"
#include "core/geometry.h"

namespace aoilab {
class World;
}

namespace aoilab::app {

class Exercise;

struct AppContext;
struct AppOptions;
class SceneView;
class Timeline;

// A mode whose edits are not the scenario's (the graph editor): while it is active the shell's Undo,
// Redo and Delete act on these instead of the document.
class ModeEdits {
public:
    virtual ~ModeEdits() = default;
    virtual bool canUndo() const = 0;
    virtual bool canRedo() const = 0;
    virtual std::string undoLabel() const = 0;  // in the UI language
    virtual std::string redoLabel() const = 0;
    virtual void undo(AppContext&) = 0;
    virtual void redo(AppContext&) = 0;
    // Delete (the key or the Edit menu): removes what the mode has selected; false when nothing is.
    virtual bool deleteSelected(AppContext&) = 0;
    virtual bool hasSelection() const = 0;
};

class Mode {
public:
    Mode(const char* id, Str title) : id_(id), title_(title) {}
    virtual ~Mode() = default;
    Mode(const Mode&) = delete;
    Mode& operator=(const Mode&) = delete;

    const char* id() const { return id_; }  // stable: --mode, settings, --dump-ui, tests
    const char* title() const { return tr(title_); }

    // The panels and tools this mode owns: the shell shows them only while the mode is active.
    std::vector<std::unique_ptr<Panel>>& panels() { return panels_; }
    const std::vector<std::unique_ptr<Panel>>& panels() const { return panels_; }
    std::vector<std::unique_ptr<Tool>>& tools() { return tools_; }
    const std::vector<std::unique_ptr<Tool>>& tools() const { return tools_; }

    // Start-up flags (--map, --query, --algo, --seek...), after the scenario opened. Problems go to
    // ctx.reportError (the app still starts).
    virtual void applyStartOptions(const AppOptions&, AppContext&) {}
    // File > Open, --scenario and the recent files ask every mode first: a mode that claims the file
    // (a MovingAI .map, a graph) opens it itself and becomes the active mode; scenarios go to the
    // document. openFile reports problems with ctx.reportError, keeps its state as it was, returns false.
    virtual bool opensFile(const std::filesystem::path&) const { return false; }
    virtual bool openFile(AppContext&, const std::filesystem::path&) { return false; }
    // Before Save: put what the mode edits into the document (Document::setLesson), so the file has it.
    virtual void beforeSave(AppContext&) {}
    // The document was replaced (New, Open of a scenario): start over from it if the mode reads it.
    virtual void documentChanged(AppContext&) {}
    // What the mode builds on a scenario being opened, before it replaces the document (the AOI
    // workbench: every method on its world). It may run on the thread that reads a large file, so it
    // must not touch the mode (capture nothing of it); empty: nothing to prepare.
    virtual DocumentPreparer documentPreparer() const { return {}; }
    // Whether the mode's own long work runs on a worker thread now (AOI: rebuilding every method on a
    // large world); the input script's wait_ready waits for it.
    virtual bool working() const { return false; }
    // The modal progress window of that work, drawn after every other window of the frame (a window
    // that first appears while a modal is already open trips an assertion in ImGui 1.86).
    virtual void drawWorkProgress(AppContext&) {}
    // The prepared scenario became the document (ctx.documentSerial is its serial): take what was built.
    virtual void adoptPrepared(std::unique_ptr<PreparedForMode>, AppContext&) {}
    // A name a scenario's "panels" may use beyond the panel ids (the maps workbench's views).
    virtual bool acceptsViewName(const std::string&) const { return false; }
    // The mode became active (the shell keeps every mode's state while another one is shown).
    virtual void activate(AppContext&) {}
    // Another mode became active instead.
    virtual void deactivate(AppContext&) {}
    // Once per frame while active, before anything is drawn: sync with the document, advance animations.
    virtual void update(AppContext&, float /*dt*/) {}
    // The mode's world content, drawn first on the canvas (the shell draws the background).
    virtual void drawScene(AppContext&, SceneView&) {}
    // Drawn over the scene after the visible panels' overlays (markers, the dragged thing...).
    virtual void drawOverlay(AppContext&, SceneView&) {}
    // Whether the scene's entities belong to this mode (hover, tooltips, picking, the entity menu).
    virtual bool showsEntities() const { return false; }
    // The entities' world as this workbench shows it now (AOI: the timeline's world at its position),
    // for other workbenches that light entities (maps: "entities in my region"); nullptr: none of its own.
    virtual const World* entitiesWorld(const AppContext&) const { return nullptr; }
    // What F frames (and what a new document frames); nullopt: the document's world.
    virtual std::optional<Rect> bounds(const AppContext&) const { return std::nullopt; }
    // Copies of one map the scene shows side by side or stacked (runs compared), as world rectangles:
    // the axis numbers over each count from its own top-left corner. Empty: the world's own coordinates.
    virtual std::vector<Rect> worldCopies(const AppContext&) const { return {}; }
    // One line for the status bar, in the UI language.
    virtual std::string statusText(const AppContext&) const { return {}; }
    // What the current step did, in the UI language (shown under the timeline).
    virtual std::string explanation(const AppContext&) const { return {}; }
    // Extra controls at the end of the timeline bar (AOI: record).
    virtual void drawTimelineExtras(AppContext&) {}
    // The mode's own edits (nullptr: Undo, Redo and Delete act on the document).
    virtual ModeEdits* edits() { return nullptr; }
    // The mode's timeline; nullptr when it has none.
    virtual Timeline* timeline() { return nullptr; }
    // The mode's predict-then-reveal exercise, if it has one: the shell hides the scenario's
    // "hide_until_reveal" panels while it asks (Exercise::hides).
    virtual const Exercise* exercise() const { return nullptr; }
    const Timeline* timeline() const { return const_cast<Mode*>(this)->timeline(); }
    // Its key in --dump-ui (under the mode's id): what it drew and computed this frame.
    virtual nlohmann::json dump(const AppContext&) const { return nlohmann::json::object(); }
    // Its part of settings.json (under "modes"/<id>); load must accept anything (bad values: defaults).
    virtual nlohmann::json saveSettings() const { return nlohmann::json::object(); }
    virtual void loadSettings(const nlohmann::json&) {}

private:
    const char* id_;
    Str title_;

protected:
    std::vector<std::unique_ptr<Panel>> panels_;
    std::vector<std::unique_ptr<Tool>> tools_;
};

}  // namespace aoilab::app
