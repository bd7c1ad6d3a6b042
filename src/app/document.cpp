#include "app/document.h"

#include "core/atomic_file.h"

#include <utility>

namespace aoilab::app {

Document::Document() { reset(); }

void Document::reset() {
    Scenario empty;
    World world = initialWorld(empty);
    adopt(std::move(empty), std::move(world), {});
}

void Document::open(const std::filesystem::path& file) {
    // Load and build the world first: both may throw, and nothing is touched until both succeeded.
    Scenario loaded = loadScenario(file);
    World world = initialWorld(loaded);
    adopt(std::move(loaded), std::move(world), file);
}

void Document::save(const std::filesystem::path& file) {
    Scenario out = current();
    // Save As into another folder: the map and graph the scenario names must still resolve from there.
    if (!path_.empty()) rebaseScenarioReferences(out.lesson, path_, file);
    // What is written must open again: the reader checks the text and the files it names first, so an
    // edit that breaks a rule (a query on a wall, a follower's goal walled off) fails here, not at the
    // next open, and the old file stays as it was.
    std::string text = scenarioToJson(out);
    checkScenarioReferences(parseScenario(text, file.string()), file);
    writeFileAtomic(file, text);
    replaceScenario(std::move(out));
    path_ = file;
    savedRevision_ = history_.revision();
    settingsDirty_ = false;
    scriptDirty_ = false;
    savedAoi_ = scenario_->aoi;
}

void Document::appendScript(const ScriptOp& op, const std::vector<AoiEvent>& events) {
    // A replay on a worker thread may be reading the script (sharedScenario()): it keeps its own.
    if (scenario_.use_count() > 1) scenario_ = std::make_shared<Scenario>(*scenario_);
    scenario_->script.push_back(op);
    if (scenario_->expected) {
        std::size_t index = world_.size() + scenario_->script.size() - 1;  // the starting entities come first
        for (const AoiEvent& e : events) scenario_->expected->push_back(ExpectedEvent{index, e});
    }
    scriptDirty_ = true;
}

void Document::setLesson(const ScenarioLesson& lesson) {
    if (lesson == scenario_->lesson) return;
    scenario_->lesson = lesson;
    settingsDirty_ = true;
}

void Document::setShape(ViewShape shape) {
    AoiSettings settings = scenario_->aoi;
    settings.shape = shape;
    setAoiSettings(settings);
}

void Document::setAoiSettings(const AoiSettings& settings) {
    if (scenario_->aoi == settings) return;
    scenario_->aoi = settings;
    settingsDirty_ = scenario_->aoi != savedAoi_;
}

void Document::replaceScenario(Scenario scenario) {
    // In place while nothing else holds it, so references into the scenario stay valid as before.
    if (scenario_ && scenario_.use_count() == 1) *scenario_ = std::move(scenario);
    else scenario_ = std::make_shared<Scenario>(std::move(scenario));
}

void Document::adopt(Scenario scenario, World world, std::filesystem::path file) {
    world_ = std::move(world);
    replaceScenario(std::move(scenario));
    path_ = std::move(file);
    history_.clear();
    savedRevision_ = history_.revision();
    settingsDirty_ = false;
    scriptDirty_ = false;
    savedAoi_ = scenario_->aoi;
}

}  // namespace aoilab::app
