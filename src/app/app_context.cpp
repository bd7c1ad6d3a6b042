#include "app/app_context.h"

#include <algorithm>
#include <ctime>
#include <filesystem>

#include "app/mode.h"
#include "app/platform.h"
#include "app/strings.h"
#include "app/run_inputs.h"
#include "core/error.h"

namespace aoilab::app {

namespace fs = std::filesystem;

void AppContext::reportError(const std::string& message) {
    // Listed once, as the newest: a --map both grid workbenches read and refuse gave the same message
    // twice. The serial still moves, so the error panel shows again.
    errors.erase(std::remove(errors.begin(), errors.end(), message), errors.end());
    errors.push_back(message);
    ++errorSerial;
}

void AppContext::newDocument() {
    doc.reset();
    ++documentSerial;
    selected.reset();
    hovered.reset();
    wantFrameWorld = true;
}

bool AppContext::openFile(const fs::path& file) {
    // The workbench shown asks first (a .map opened in the maps or graph workbench stays there).
    std::vector<Mode*> order = modes;
    std::stable_partition(order.begin(), order.end(), [this](Mode* m) { return m == mode; });
    for (Mode* m : order) {
        if (!m->opensFile(file)) continue;
        if (!m->openFile(*this, file)) return false;
        noteRunInput(file);  // a map or graph a workbench reads is an input of the run too
        requestedMode = m;
        settings.addRecent(fs::absolute(file).lexically_normal().string());
        statusMessage = fmt(Str::StatusOpened, file.filename().string().c_str());
        return true;
    }
    if (opening.busy()) {  // one at a time (the progress is modal, so this is a script or a drop)
        statusMessage = fmt(Str::StatusStillOpening, opening.file().filename().string().c_str());
        return false;
    }
    std::vector<DocumentPreparer> preparers;
    for (Mode* m : modes) preparers.push_back(m->documentPreparer());
    const bool onWorker = DocumentOpening::wantsWorker(file);
    opening.start(file, std::move(preparers), onWorker);
    if (!onWorker) return finishOpening();
    statusMessage = fmt(Str::StatusOpening, file.filename().string().c_str());
    return false;
}

bool AppContext::finishOpening() {
    std::optional<DocumentOpening::Outcome> outcome = opening.take();
    if (!outcome) return false;
    if (!outcome->error.empty()) {
        reportError(std::string(tr(Str::ErrorOpenFailed)) + "\n" + outcome->error);
        return false;
    }
    if (outcome->cancelled) {
        statusMessage = fmt(Str::StatusOpenCancelled, outcome->file.filename().string().c_str());
        return false;
    }
    doc.adoptOpened(std::move(*outcome->scenario), std::move(outcome->world), outcome->file);
    ++documentSerial;
    for (std::size_t i = 0; i < modes.size() && i < outcome->prepared.size(); ++i)
        if (outcome->prepared[i]) modes[i]->adoptPrepared(std::move(outcome->prepared[i]), *this);
    selected.reset();
    hovered.reset();
    wantFrameWorld = true;
    wantFontRebuild = true;  // entity names may bring new glyphs
    settings.addRecent(fs::absolute(outcome->file).lexically_normal().string());
    statusMessage = fmt(Str::StatusOpened, outcome->file.filename().string().c_str());
    return true;
}

bool AppContext::saveFile(const fs::path& file) {
    if (std::string refusal = outputRefusal(file, true, doc); !refusal.empty()) {
        reportError(std::string(tr(Str::ErrorSaveFailed)) + "\n" + refusal);
        return false;
    }
    for (Mode* m : modes) m->beforeSave(*this);
    try {
        doc.save(file);
    } catch (const std::exception& e) {
        reportError(std::string(tr(Str::ErrorSaveFailed)) + "\n" + file.string() + ": " + e.what());
        return false;
    }
    settings.addRecent(fs::absolute(file).lexically_normal().string());
    statusMessage = fmt(Str::StatusSaved, file.filename().string().c_str());
    platform::fileWritten(file.string());  // the page downloads it
    return true;
}

void AppContext::saveOrAsk() {
    if (doc.path().empty()) askSaveAs();
    else saveFile(doc.path());
}

void AppContext::askOpen() {
    if (platform::showOpenChooser()) return;  // the page: the browser's own chooser
    fs::path folder = doc.path().empty() ? fs::path("scenarios") : doc.path().parent_path();
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) folder = fs::current_path(ec);
    picker.show(FilePicker::Mode::Open, folder);
}

void AppContext::requestScreenshot() {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories("screenshots", ec);
    std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    std::string file = "screenshots/aoilab-" + std::string(stamp) + ".png";
    for (int n = 2; fs::exists(file, ec); ++n)
        file = "screenshots/aoilab-" + std::string(stamp) + "-" + std::to_string(n) + ".png";
    screenshotRequest = file;
    statusMessage = fmt(Str::AoiScreenshotSaved, file.c_str());
}

void AppContext::askSaveAs() {
    fs::path folder = doc.path().empty() ? fs::path("scenarios") : doc.path().parent_path();
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) folder = fs::current_path(ec);
    std::string name = doc.path().empty() ? "untitled.json" : doc.path().filename().string();
    picker.show(FilePicker::Mode::Save, folder, name);
}

bool AppContext::edit(const std::function<void(EditHistory&)>& change) {
    if (!editLock.empty()) {
        statusMessage = editLock;
        return false;
    }
    return applyEdit(change);
}

bool AppContext::applyEdit(const std::function<void(EditHistory&)>& change) {
    try {
        change(history());
    } catch (const InputError& e) {
        reportError(std::string(tr(Str::ErrorEditRejected)) + "\n" + e.what());
        return false;
    }
    fixSelection();
    return true;
}

void AppContext::unlessUnsaved(std::function<void()> action) {
    if (doc.dirty()) pendingDiscard = std::move(action);
    else action();
}

void AppContext::deleteSelected() {
    if (!selected) return;
    EntityId id = *selected;
    edit([id](EditHistory& h) { h.removeEntity(id); });
}

void AppContext::undo() {
    if (ModeEdits* own = mode ? mode->edits() : nullptr) {
        if (own->canUndo()) own->undo(*this);
        return;
    }
    if (!history().canUndo()) return;
    applyEdit([](EditHistory& h) { h.undo(); });
}

void AppContext::redo() {
    if (ModeEdits* own = mode ? mode->edits() : nullptr) {
        if (own->canRedo()) own->redo(*this);
        return;
    }
    if (!history().canRedo()) return;
    applyEdit([](EditHistory& h) { h.redo(); });
}

void AppContext::fixSelection() {
    if (selected && !world().contains(*selected)) selected.reset();
    if (hovered && !world().contains(*hovered)) hovered.reset();
}

}  // namespace aoilab::app
