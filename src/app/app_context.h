#pragma once
// The state every panel and tool shares (Box2D's SampleContext): the document, the selection, the
// settings, the errors to show, and the actions menus, shortcuts and the input script all go through.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/document.h"
#include "app/file_picker.h"
#include "app/settings.h"
#include "core/entity.h"

namespace aoilab::app {

class SceneView;
class AoiState;  // app/aoi_state.h

struct AppContext {
    Document doc;
    Settings settings;
    SceneView* scene = nullptr;

    std::optional<EntityId> selected;
    std::optional<EntityId> hovered;
    // The AOI teaching state (app/aoi_state.h), created by the first AOI panel that draws.
    std::shared_ptr<AoiState> aoi;
    // Bumped by New and Open, so state kept beside the document (the AOI session) knows to start over.
    std::size_t documentSerial = 0;
    // A panel asks for a PNG of the window: the main loop saves the next frame to this file.
    std::string screenshotRequest;
    double spawnRadius = 10;  // the radius a spawned entity gets (follows the last edited radius)

    // Errors shown in the error panel, oldest first; errorSerial counts every error ever reported so
    // the app can bring the panel forward when a new one arrives.
    std::vector<std::string> errors;
    std::size_t errorSerial = 0;
    std::string statusMessage;

    bool cjkFontAvailable = false;
    std::string cjkFontPath;
    float frameMs = 0;

    // Requests the app handles between frames.
    bool wantFontRebuild = false;
    bool wantQuit = false;
    bool wantFrameWorld = true;
    bool animating = false;  // something plays on its own (AOI playback): no idle wait between frames

    FilePicker picker;

    // Actions ------------------------------------------------------------------------------------------
    void reportError(const std::string& message);
    void newDocument();
    bool openFile(const std::filesystem::path& file);  // false (and an error shown) when it fails
    bool saveFile(const std::filesystem::path& file);
    void saveOrAsk();                                   // Save: the current file, or Save As
    void askOpen();
    void askSaveAs();
    void deleteSelected();
    // Runs the action now, or, when the scenario has unsaved changes, once the user agreed to drop them
    // (the app asks in a modal: save, discard or cancel).
    void unlessUnsaved(std::function<void()> action);
    std::function<void()> pendingDiscard;
    void undo();
    void redo();
    // Runs an edit; an InputError becomes an error message instead of a crash.
    bool edit(const std::function<void(EditHistory&)>& change);
    // Drops the selection when the selected entity no longer exists (after undo, delete, open).
    void fixSelection();
};

}  // namespace aoilab::app
