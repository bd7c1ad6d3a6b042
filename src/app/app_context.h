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
#include "app/document_opening.h"
#include "app/file_picker.h"
#include "app/playback.h"
#include "app/settings.h"
#include "core/entity.h"

namespace aoilab::app {

class SceneView;
class Mode;

struct AppContext {
    Document doc;
    Settings settings;
    SceneView* scene = nullptr;
    Mode* mode = nullptr;  // the active workbench (app/mode.h)
    std::vector<Mode*> modes;      // every workbench, in F1-F4 order
    Mode* requestedMode = nullptr; // the app switches to it before the next frame (a mode opened a file)
    // The one timeline control every mode shares (app/playback.h).
    Playback playback;
    // The world the scene shows and picks from: the active mode's view (AOI at a timeline position past
    // the start shows the script's world there); nullptr means the document's world.
    const World* shownWorld = nullptr;
    const World& world() const { return shownWorld ? *shownWorld : doc.world(); }
    // Non-empty while edits would not show (the AOI timeline is past the start): edit() refuses and puts
    // this in the status bar. Undo and redo still work (they change the starting world the view replays).
    std::string editLock;
    // Where edits go: the document's history, or (AOI recording) the timeline's own world's history.
    EditHistory* editTarget = nullptr;
    EditHistory& history() { return editTarget ? *editTarget : doc.history(); }

    std::optional<EntityId> selected;
    std::optional<EntityId> hovered;
    // Bumped by New and Open, so state kept beside the document (each mode's) knows to start over.
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
    // A scenario being read and prepared (large files: on a worker thread, the app shows its progress
    // with Cancel); the document stays as it was until it is done.
    DocumentOpening opening;
    // Set by a mode for the frame while it shows the progress window of its own long work (AOI: a
    // rebuild on a worker thread): the shell's shortcuts and timeline keys wait, the loop stays awake.
    bool longWorkShown = false;

    // Actions ------------------------------------------------------------------------------------------
    void reportError(const std::string& message);
    void newDocument();
    // false (and an error shown) when it fails; a large scenario is then still being opened (opening.busy()).
    bool openFile(const std::filesystem::path& file);
    // Takes an opening that is over: the document becomes the file read (true), or the error is
    // shown, or the status bar says it was cancelled; the app calls it every frame.
    bool finishOpening();
    // A share link's scenario (app_share_link.cpp) becomes the document, with no file (Save asks where);
    // its map and graph references are read from `library` (the scenario library's folder). false (and
    // the error shown) when they do not load; the document then stays as it was.
    bool openLinked(Scenario scenario, const std::filesystem::path& library);
    bool saveFile(const std::filesystem::path& file);
    void saveOrAsk();                                   // Save: the current file, or Save As
    void askOpen();
    void askSaveAs();
    // File > Screenshot (and the AOI controls' button): the next frame is saved as a PNG in screenshots/,
    // under a name with the date and time (the page downloads it).
    void requestScreenshot();
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

private:
    bool applyEdit(const std::function<void(EditHistory&)>& change);
};

}  // namespace aoilab::app
