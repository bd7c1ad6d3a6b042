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
    shared_ = std::make_shared<Shared>();
    started_ = std::chrono::steady_clock::now();
    auto work = [file, preparers = std::move(preparers), shared = shared_]() { return run(file, preparers, *shared); };
    if (onWorker) {
        running_ = std::async(std::launch::async, std::move(work));
    } else {
        std::promise<Outcome> done;
        done.set_value(work());
        running_ = done.get_future();
    }
}

DocumentOpening::Outcome DocumentOpening::run(const fs::path& file, const std::vector<DocumentPreparer>& preparers, Shared& shared) {
    Outcome outcome;
    outcome.file = file;
    try {
        Scenario scenario = loadScenario(file);
        outcome.world = initialWorld(scenario);
        if (shared.cancel) {
            outcome.cancelled = true;
            return outcome;
        }
        shared.total = outcome.world.size();
        shared.phase = Phase::Preparing;
        const BuildProgress progress = [&shared](std::size_t done, std::size_t total) {
            shared.done = done;
            shared.total = total;
            return !shared.cancel.load();
        };
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

bool DocumentOpening::finished() const {
    return running_.valid() && running_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

DocumentOpening::Progress DocumentOpening::progress() const {
    Progress p;
    if (shared_) {
        p.phase = shared_->phase;
        p.done = shared_->done;
        p.total = shared_->total;
    }
    if (busy()) p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return p;
}

void DocumentOpening::cancel() {
    if (shared_) shared_->cancel = true;
}

std::optional<DocumentOpening::Outcome> DocumentOpening::take() {
    if (!finished()) return std::nullopt;
    Outcome outcome = running_.get();
    if (shared_->cancel && outcome.opened()) {  // cancelled after its last progress report: dropped all the same
        outcome = Outcome{};
        outcome.file = file_;
        outcome.cancelled = true;
    }
    return outcome;
}

void DocumentOpening::cancelAndWait() {
    cancel();
    if (running_.valid()) running_.wait();
}

}  // namespace aoilab::app
