#include "app/document.h"

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
    saveScenario(out, file);
    scenario_ = std::move(out);
    path_ = file;
    savedRevision_ = history_.revision();
    settingsDirty_ = false;
}

void Document::setShape(ViewShape shape) {
    if (scenario_.aoi.shape == shape) return;
    scenario_.aoi.shape = shape;
    settingsDirty_ = true;
}

void Document::adopt(Scenario scenario, World world, std::filesystem::path file) {
    world_ = std::move(world);
    scenario_ = std::move(scenario);
    path_ = std::move(file);
    history_.clear();
    savedRevision_ = history_.revision();
    settingsDirty_ = false;
}

}  // namespace aoilab::app
