#pragma once
// The open scenario: its settings and script, the editable World, the undo history and the file it came
// from. Opening is all-or-nothing: a file that fails to load leaves everything as it was.
#include <filesystem>
#include <memory>
#include <utility>

#include "core/edit_history.h"
#include "core/world.h"
#include "scenario/scenario.h"

namespace aoilab::app {

class Document {
public:
    Document();
    Document(const Document&) = delete;  // history_ points at world_
    Document& operator=(const Document&) = delete;

    const Scenario& scenario() const { return *scenario_; }
    // The scenario for work on another thread that reads its script (AoiState's replays): opening,
    // saving or recording into the document meanwhile leaves this one as it is.
    std::shared_ptr<const Scenario> sharedScenario() const { return scenario_; }
    const World& world() const { return world_; }
    EditHistory& history() { return history_; }
    const EditHistory& history() const { return history_; }
    const std::filesystem::path& path() const { return path_; }
    bool dirty() const { return history_.revision() != savedRevision_ || settingsDirty_ || scriptDirty_; }

    // A fresh 100 x 100 world with no entities and no file.
    void reset();
    // Throws InputError (message names the file and the JSON path) and changes nothing on failure.
    void open(const std::filesystem::path& file);
    // A scenario read from `file` (and its starting world) becomes the document, as open() does once it
    // read them (DocumentOpening reads large files on a worker thread).
    void adoptOpened(Scenario scenario, World world, const std::filesystem::path& file) {
        adopt(std::move(scenario), std::move(world), file);
    }
    // Writes the scenario with the current world (atomically); becomes the document's file.
    void save(const std::filesystem::path& file);
    // The scenario as it would be saved now.
    Scenario current() const { return withWorld(*scenario_, world_); }

    // Scenario settings that are not World edits (not in the undo history); Save keeps them.
    void setShape(ViewShape shape);
    void setAoiSettings(const AoiSettings& settings);
    // Recording: appends an operation to the script (and, when the scenario keeps expected events, the
    // events it produced, numbered as the file counts operations). Marks the document modified.
    void appendScript(const ScriptOp& op, const std::vector<AoiEvent>& events);
    // A workbench puts what it edits (the graph editor's graph and route) into the scenario, so Save
    // writes it; a change marks the document modified.
    void setLesson(const ScenarioLesson& lesson);
    // The AOI settings as the file has them (when opened or last saved), for "back to the scenario's".
    const AoiSettings& savedAoiSettings() const { return savedAoi_; }

private:
    void adopt(Scenario scenario, World world, std::filesystem::path file);
    void replaceScenario(Scenario scenario);

    // Shared with work on other threads (sharedScenario()); never null. The settings and the lesson
    // change in place (that work reads only the script), the script and the whole scenario by copy.
    std::shared_ptr<Scenario> scenario_;
    World world_;
    EditHistory history_{world_};
    std::filesystem::path path_;
    std::size_t savedRevision_ = 0;
    bool settingsDirty_ = false;
    bool scriptDirty_ = false;  // operations were recorded into the script
    AoiSettings savedAoi_;
};

}  // namespace aoilab::app
