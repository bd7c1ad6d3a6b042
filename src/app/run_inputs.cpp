#include "app/run_inputs.h"

#include <vector>

#include "app/document.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "scenario/scenario_lesson.h"

namespace aoilab::app {
namespace fs = std::filesystem;

namespace {
struct RunInput {
    fs::path file;
    bool document;
};
std::vector<RunInput>& runInputs() {
    static std::vector<RunInput> files;  // the main thread's: reads and writes happen between frames
    return files;
}
}  // namespace

void noteRunInput(const fs::path& file, bool document) { runInputs().push_back({file, document}); }

std::string outputRefusal(const fs::path& file, bool isSave, const Document& doc) {
    std::vector<fs::path> inputs;
    for (const RunInput& input : runInputs())
        if (!(isSave && input.document)) inputs.push_back(input.file);
    std::error_code ec;
    const bool ownFile = !doc.path().empty() && fs::exists(file, ec) && fs::equivalent(file, doc.path(), ec) && !ec;
    if (isSave && ownFile) return {};
    if (!doc.path().empty()) {
        inputs.push_back(doc.path());
        const ScenarioLesson& lesson = doc.scenario().lesson;
        if (lesson.map && !lesson.map->file.empty()) inputs.push_back(resolveScenarioReference(doc.path(), lesson.map->file));
        if (lesson.graph && !lesson.graph->file.empty()) inputs.push_back(resolveScenarioReference(doc.path(), lesson.graph->file));
    }
    try {
        requireOutputIsNotAnInput(file, inputs);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

}  // namespace aoilab::app
