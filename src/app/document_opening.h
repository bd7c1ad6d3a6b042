#pragma once
// Opening a scenario in two steps, so a large file never freezes the window: first it is read and the
// workbenches prepare what they build on it (the AOI workbench builds every method on its world: about a
// minute for 1,000,000 entities), then the app adopts the result at once. Files up to
// kWorkerFromBytes do the first step on the calling thread; larger ones on a worker thread, with
// progress and Cancel, while the document shown stays as it was (and stays so when the opening fails or
// is cancelled). No ImGui here: the app draws the progress (app_menus.cpp), tests drive it directly.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/background_job.h"
#include "core/build_progress.h"
#include "core/world.h"
#include "scenario/scenario.h"

namespace aoilab::app {

// What a workbench builds for a document being opened (Mode::prepareDocument).
struct PreparedForMode {
    virtual ~PreparedForMode() = default;
};

// A workbench's preparation: it may run on the worker thread, so it uses only its arguments.
using DocumentPreparer = std::function<std::unique_ptr<PreparedForMode>(const Scenario&, const World&, const BuildProgress&)>;

class DocumentOpening {
public:
    static constexpr std::uintmax_t kWorkerFromBytes = 2u << 20;  // about 30,000 entities

    enum class Phase { Reading, Preparing };
    struct Progress {
        Phase phase = Phase::Reading;
        // Reading: bytes parsed of twice the file's size (the JSON is read twice: its long arrays counted
        // against their budgets first, then built; parseJsonStrict); Preparing: entities built of all (the
        // AOI workbench's units).
        std::size_t done = 0, total = 0;
        double seconds = 0;               // since the opening started
    };
    // How an opening ended. Exactly one of: opened (the file read and prepared), error, cancelled.
    struct Outcome {
        std::filesystem::path file;
        std::optional<Scenario> scenario;
        World world;
        std::vector<std::unique_ptr<PreparedForMode>> prepared;  // by preparer, as given to start()
        std::string error;      // the reader's message (names the file and the place)
        bool cancelled = false;
        bool opened() const { return scenario.has_value(); }
    };

    // Starts opening `file` (precondition: !busy()). onWorker false: the work is done before start()
    // returns and take() has its outcome at once.
    void start(const std::filesystem::path& file, std::vector<DocumentPreparer> preparers, bool onWorker);
    // Whether `file` is large enough to open on a worker thread (an unreadable file: no, the reader then says why).
    static bool wantsWorker(const std::filesystem::path& file);

    bool busy() const { return job_.busy(); }          // started and not yet taken
    bool finished() const { return job_.finished(); }  // busy and its outcome ready for take()
    const std::filesystem::path& file() const { return file_; }
    Progress progress() const;
    // Asks the work to stop: reading stops within a MiB of the file, preparation within a few thousand
    // entities. take() then reports it cancelled.
    void cancel() { job_.cancel(); }
    // The outcome once finished (then !busy()); nullopt while the work goes on.
    std::optional<Outcome> take();
    void cancelAndWait() { job_.cancelAndWait(); }

private:
    static Outcome run(const std::filesystem::path& file, const std::vector<DocumentPreparer>& preparers, const BuildProgress& progress,
                       std::atomic<bool>& preparing);

    std::filesystem::path file_;
    BackgroundJob<Outcome> job_;
    std::shared_ptr<std::atomic<bool>> preparing_ = std::make_shared<std::atomic<bool>>(false);  // the phase, set by the work
};

}  // namespace aoilab::app
