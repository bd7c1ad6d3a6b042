// File > Copy link and --link: the document, the workbench and the timeline position as a share link
// (scenario/share_link.h), and back. On the desktop the link is its fragment "#s=..."; a page puts its
// own address before it.
#include <imgui.h>

#include <filesystem>

#include "app/app.h"
#include "app/mode.h"
#include "app/platform.h"
#include "app/progress_window.h"
#include "app/timeline.h"
#include "core/error.h"
#include "scenario/share_link.h"

namespace aoilab::app {

namespace fs = std::filesystem;

namespace {
// Where a link's map and graph references are relative to: the scenario library's folder, which the
// page serves too (a link made from a scenario elsewhere keeps a path relative to it).
fs::path linkReferenceBase() {
    fs::path library = findScenarioFolder();
    return (library.empty() ? fs::current_path() : fs::absolute(library)) / "link.json";
}
}  // namespace

void App::copyLink() {
    ShareLink link{ctx_.doc.current(), mode().id(), ""};
    rebaseScenarioReferences(link.scenario.lesson, ctx_.doc.path(), linkReferenceBase());
    if (const Timeline* timeline = mode().timeline()) link.seek = std::to_string(timeline->position());
    try {
        lastLink_ = platform::linkAddress("#" + encodeShareLink(link));
    } catch (const InputError& e) {  // too large for a link: the message says so and offers Save
        ctx_.reportError(std::string(tr(Str::ErrorLinkNotMade)) + "\n" + e.what());
        return;
    }
    platform::copyText(lastLink_);
    ctx_.statusMessage = fmt(Str::StatusLinkCopied, groupedCount(lastLink_.size()).c_str());
}

std::optional<Scenario> App::readLinkOption() {
    try {
        ShareLink link = decodeShareLink(options_.link);
        if (options_.mode.empty()) options_.mode = link.mode;
        if (options_.seek.empty()) options_.seek = link.seek;
        return std::move(link.scenario);
    } catch (const InputError& e) {
        ctx_.reportError(std::string(tr(Str::ErrorLinkOpenFailed)) + "\n" + e.what());
        return std::nullopt;
    }
}

bool AppContext::openLinked(Scenario scenario, const fs::path& library) {
    const fs::path from = library.empty() ? linkReferenceBase() : library / "link.json";
    World world;
    std::vector<std::unique_ptr<PreparedForMode>> prepared;
    try {
        checkScenarioReferences(scenario, from);
        // The document has no file: its references are kept from the working directory, as a new
        // document's are (Save As then rebases them beside the file it writes).
        rebaseScenarioReferences(scenario.lesson, from, fs::current_path() / "untitled.json");
        world = initialWorld(scenario);
        const BuildProgress noProgress = [](std::size_t, std::size_t) { return true; };  // small: at once
        for (Mode* m : modes) {
            DocumentPreparer prepare = m->documentPreparer();
            prepared.push_back(prepare ? prepare(scenario, world, noProgress) : nullptr);
        }
    } catch (const std::exception& e) {  // InputError, memory
        reportError(std::string(tr(Str::ErrorLinkOpenFailed)) + "\n" + e.what());
        return false;
    }
    doc.adoptOpened(std::move(scenario), std::move(world), {});
    ++documentSerial;
    for (std::size_t i = 0; i < modes.size() && i < prepared.size(); ++i)
        if (prepared[i]) modes[i]->adoptPrepared(std::move(prepared[i]), *this);
    selected.reset();
    hovered.reset();
    wantFrameWorld = true;
    wantFontRebuild = true;
    statusMessage = tr(Str::StatusLinkOpened);
    return true;
}

}  // namespace aoilab::app
