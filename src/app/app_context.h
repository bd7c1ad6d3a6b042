#pragma once
// The state every panel and tool shares (Box2D's SampleContext): the document, the selection, the
// settings, the errors to show, and the actions menus, shortcuts and the input script all go through.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/document.h"
#include "app/file_picker.h"
#include "app/settings.h"
#include "core/entity.h"

namespace aoilab::app {

class SceneView;

struct AppContext {
    Document doc;
    Settings settings;
    SceneView* scene = nullptr;

    std::optional<EntityId> selected;
    std::optional<EntityId> hovered;
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
    void undo();
    void redo();
    // Runs an edit; an InputError becomes an error message instead of a crash.
    bool edit(const std::function<void(EditHistory&)>& change);
    // Drops the selection when the selected entity no longer exists (after undo, delete, open).
    void fixSelection();
};

}  // namespace aoilab::app
