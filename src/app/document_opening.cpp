#include "app/document_opening.h"

#include <exception>
#include <system_error>

namespace aoilab::app {

namespace fs = std::filesystem;

bool DocumentOpening::wantsWorker(const fs::path& file) {
    std::error_code ec;
    const std::uintmax_t bytes = fs::file_size(file, ec);
    return !ec && bytes > kWorkerFromBytes;
}

void DocumentOpening::start(const fs::path& file, std::vector<DocumentPreparer> preparers, bool onWorker) {
    file_ = file;
    preparing_ = std::make_shared<std::atomic<bool>>(false);
    job_.start([file, preparers = std::move(preparers), preparing = preparing_](const BuildProgress& progress) {
        return run(file, preparers, progress, *preparing);
    }, onWorker);
}

DocumentOpening::Outcome DocumentOpening::run(const fs::path& file, const std::vector<DocumentPreparer>& preparers,
                                              const BuildProgress& progress, std::atomic<bool>& preparing) {
    Outcome outcome;
    outcome.file = file;
    try {
        Scenario scenario = loadScenario(file, progress);  // bytes parsed, in the reading phase
        outcome.world = initialWorld(scenario);
        // Reading is over: the preparing phase starts at 0 of the world's entities (or stops here).
        preparing = true;
        if (!progress(0, outcome.world.size())) throw BuildCancelled{};
        for (const DocumentPreparer& prepare : preparers)
            outcome.prepared.push_back(prepare ? prepare(scenario, outcome.world, progress) : nullptr);
        outcome.scenario = std::move(scenario);
    } catch (const BuildCancelled&) {
        outcome.cancelled = true;
    } catch (const std::exception& e) {  // InputError, a filesystem error, memory
        outcome.error = e.what();
    }
    if (outcome.cancelled || !outcome.error.empty()) {
        outcome.world = World();
        outcome.prepared.clear();
    }
    return outcome;
}

DocumentOpening::Progress DocumentOpening::progress() const {
    Progress p;
    p.phase = preparing_->load() ? Phase::Preparing : Phase::Reading;
    p.done = job_.done();
    p.total = job_.total();
    p.seconds = job_.seconds();
    return p;
}

std::optional<DocumentOpening::Outcome> DocumentOpening::take() {
    if (!job_.finished()) return std::nullopt;
    const bool cancelled = job_.cancelled();
    Outcome outcome = job_.take();
    if (cancelled && outcome.opened()) {  // cancelled after its last progress report: dropped all the same
        outcome = Outcome{};
        outcome.file = file_;
        outcome.cancelled = true;
    }
    return outcome;
}

}  // namespace aoilab::app
