#pragma once
// Work that may take seconds (opening a large file, rebuilding every AOI method on a large world), run
// on a worker thread while the window stays responsive: it reports its progress through a BuildProgress
// and stops when asked (the callback then returns false and the work throws BuildCancelled). The work
// must use only what it was given (copies), never state the app's thread changes meanwhile. Small work
// runs on the calling thread through the same path (onWorker false), its result ready at once.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <future>
#include <memory>
#include <thread>
#include <utility>

#include "app/platform.h"
#include "core/build_progress.h"
#include "core/threads.h"

namespace aoilab::app {

// Called on the worker thread as a job's work ends, however it ends. The window sets it to
// glfwPostEmptyEvent: while work runs it waits for input at 5 frames a second (app.cpp), and the
// wake-up takes the result at once instead of at its next frame.
inline std::atomic<void (*)()> backgroundJobEnded{nullptr};

// Test runs only (the input script's hold_work and release_work): while closed, work on a worker thread
// pauses at each progress report, after the report, until the gate opens or the work is cancelled. A
// script then sees the work under way at the frame it chooses, however fast the machine is; without it a
// test that looks at the progress window races the worker.
struct WorkGate {
    std::atomic<bool> closed{false};
    std::atomic<int> paused{0};  // workers waiting at the gate now

    void pass(const std::atomic<bool>& cancel) {
        if (!closed.load()) return;
        ++paused;
        while (closed.load() && !cancel.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        --paused;
    }
};
inline WorkGate backgroundWorkGate;

template <class Result>
class BackgroundJob {
public:
    using Work = std::function<Result(const BuildProgress&)>;

    BackgroundJob() = default;
    BackgroundJob(const BackgroundJob&) = delete;
    BackgroundJob& operator=(const BackgroundJob&) = delete;
    ~BackgroundJob() { cancelAndWait(); }

    // Precondition: !busy().
    void start(Work work, bool onWorker) {
        // No threads (the web page): the work runs in slices across frames instead (platform::SlicedWork),
        // each frame's finished() giving it one; the progress window and Cancel work the same.
        const bool sliced = onWorker && !kThreadsAvailable;
        onWorker = onWorker && kThreadsAvailable;
        slices_.reset();
        shared_ = std::make_shared<Shared>();
        started_ = std::chrono::steady_clock::now();
        auto run = [work = std::move(work), shared = shared_, onWorker, sliced]() {
            return work([shared, onWorker, sliced](std::size_t done, std::size_t total) {
                shared->done = done;
                shared->total = total;
                shared->reported = true;
                if (onWorker) backgroundWorkGate.pass(shared->cancel);  // on this thread it would hold the window
                if (sliced) platform::SlicedWork::yieldIfDue();
                return !shared->cancel.load();
            });
        };
        if (sliced) {
            auto result = std::make_shared<std::promise<Result>>();
            running_ = result->get_future();
            slices_ = std::make_unique<platform::SlicedWork>([run = std::move(run), result]() mutable {
                try {
                    result->set_value(run());
                } catch (...) {
                    result->set_exception(std::current_exception());
                }
            });
            return;
        }
        if (onWorker) {
            running_ = std::async(std::launch::async, [run = std::move(run)]() mutable {
                struct Wake {
                    ~Wake() {
                        if (void (*wake)() = backgroundJobEnded.load()) wake();
                    }
                } wake;
                return run();
            });
            return;
        }
        std::promise<Result> ready;
        try {
            ready.set_value(run());
        } catch (...) {
            ready.set_exception(std::current_exception());
        }
        running_ = ready.get_future();
    }

    bool busy() const { return running_.valid(); }  // started and not yet taken
    bool finished() const {
        if (slices_) slices_->resume();  // sliced work: this frame's slice
        return running_.valid() && running_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    }
    bool reported() const { return shared_ && shared_->reported.load(); }  // the work reported progress once
    std::size_t done() const { return shared_ ? shared_->done.load() : 0; }
    std::size_t total() const { return shared_ ? shared_->total.load() : 0; }
    double seconds() const {
        return busy() ? std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() : 0.0;
    }
    void cancel() {
        if (shared_) shared_->cancel = true;
    }
    bool cancelled() const { return shared_ && shared_->cancel.load(); }
    // Precondition: finished(). The work's result, or its exception (BuildCancelled when it stopped).
    Result take() { return running_.get(); }
    void cancelAndWait() {
        cancel();
        slices_.reset();  // runs the sliced work on until it sees the cancel
        if (running_.valid()) running_.wait();
    }
    // Stops the work and drops whatever it gave (then !busy()).
    void discard() {
        cancelAndWait();
        if (!running_.valid()) return;
        try {
            running_.get();
        } catch (...) {  // BuildCancelled, or the work's own failure: nothing is kept either way
        }
    }

    // discard(), and its progress forgotten too (done() and total() 0 again).
    void clear() {
        discard();
        shared_.reset();
    }

private:
    struct Shared {
        std::atomic<std::size_t> done{0}, total{0};
        std::atomic<bool> cancel{false};
        std::atomic<bool> reported{false};
    };
    std::shared_ptr<Shared> shared_;
    std::future<Result> running_;
    std::unique_ptr<platform::SlicedWork> slices_;  // only without threads
    std::chrono::steady_clock::time_point started_;
};

}  // namespace aoilab::app
