// BackgroundJob: the work's result or exception comes back through take(), its progress is visible
// while it runs, cancel() makes the progress callback say stop, discard() leaves nothing running.
#include "app/background_job.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace aoilab::app {
namespace {

// Work that reports progress until it is told to stop (then throws BuildCancelled, as the builds do).
int untilCancelled(const BuildProgress& progress, std::atomic<std::size_t>& reports) {
    for (std::size_t done = 0;; ++done) {
        ++reports;
        if (!progress(done, 1000)) throw BuildCancelled{};
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

void waitUntilFinished(const BackgroundJob<int>& job) {
    while (!job.finished()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

TEST(BackgroundJob, OnTheCallingThreadTheResultOrTheExceptionIsThereAtOnce) {
    BackgroundJob<int> job;
    job.start([](const BuildProgress& progress) { return progress(3, 4) ? 42 : -1; }, false);
    EXPECT_TRUE(job.finished());
    EXPECT_TRUE(job.reported());
    EXPECT_EQ(job.done(), 3u);
    EXPECT_EQ(job.total(), 4u);
    EXPECT_EQ(job.take(), 42);
    EXPECT_FALSE(job.busy());

    job.start([](const BuildProgress&) -> int { throw std::runtime_error("refused"); }, false);
    EXPECT_TRUE(job.finished());
    EXPECT_THROW(job.take(), std::runtime_error);
    EXPECT_FALSE(job.busy());
}

TEST(BackgroundJob, OnAWorkerItsProgressShowsAndCancelStopsIt) {
    std::atomic<std::size_t> reports{0};
    BackgroundJob<int> job;
    EXPECT_FALSE(job.reported());
    job.start([&reports](const BuildProgress& progress) { return untilCancelled(progress, reports); }, true);
    while (reports < 3) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_TRUE(job.busy());
    EXPECT_TRUE(job.reported());
    EXPECT_EQ(job.total(), 1000u);
    EXPECT_GE(job.done(), 1u);
    EXPECT_FALSE(job.cancelled());
    job.cancel();
    EXPECT_TRUE(job.cancelled());
    waitUntilFinished(job);
    EXPECT_THROW(job.take(), BuildCancelled);
    EXPECT_FALSE(job.busy());
}

TEST(BackgroundJob, DiscardStopsTheWorkAndKeepsNothing) {
    std::atomic<std::size_t> reports{0};
    BackgroundJob<int> job;
    job.discard();  // nothing running: nothing to do
    job.start([&reports](const BuildProgress& progress) { return untilCancelled(progress, reports); }, true);
    while (reports < 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    job.discard();
    EXPECT_FALSE(job.busy());
    const std::size_t after = reports;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(reports, after);  // the work has stopped
    // A new start after a discard runs normally.
    job.start([](const BuildProgress&) { return 7; }, true);
    waitUntilFinished(job);
    EXPECT_FALSE(job.cancelled());
    EXPECT_EQ(job.take(), 7);
}

// The gate the input script's hold_work closes: a worker pauses at its next report, with the report
// visible; it goes on when the gate opens, and a cancel lets it stop while paused.
TEST(BackgroundJob, AClosedGatePausesTheWorkerAtItsReportUntilOpenedOrCancelled) {
    struct Reopen {
        ~Reopen() { backgroundWorkGate.closed = false; }  // the gate is the process's: leave it open
    } reopen;
    backgroundWorkGate.closed = true;
    std::atomic<std::size_t> reports{0};
    BackgroundJob<int> job;
    job.start([&reports](const BuildProgress& progress) {
        for (std::size_t done = 0; done < 3; ++done) {
            ++reports;
            if (!progress(done, 3)) throw BuildCancelled{};
        }
        return 3;
    }, true);
    while (backgroundWorkGate.paused.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(reports, 1u);  // held at its first report...
    EXPECT_TRUE(job.reported());
    EXPECT_EQ(job.total(), 3u);
    EXPECT_FALSE(job.finished());
    backgroundWorkGate.closed = false;  // ...until the gate opens
    waitUntilFinished(job);
    EXPECT_EQ(job.take(), 3);
    EXPECT_EQ(backgroundWorkGate.paused.load(), 0);

    backgroundWorkGate.closed = true;  // held again, and cancelled while held
    job.start([&reports](const BuildProgress& progress) { return untilCancelled(progress, reports); }, true);
    while (backgroundWorkGate.paused.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    job.cancel();
    waitUntilFinished(job);
    EXPECT_THROW(job.take(), BuildCancelled);
    EXPECT_EQ(backgroundWorkGate.paused.load(), 0);

    // On the calling thread the gate is ignored (pausing there would freeze the window).
    job.start([](const BuildProgress& progress) { return progress(1, 1) ? 1 : 0; }, false);
    EXPECT_TRUE(job.finished());
    EXPECT_EQ(job.take(), 1);
}

}  // namespace
}  // namespace aoilab::app

namespace aoilab::app {
namespace {

std::atomic<int> wakes{0};
void countWake() { ++wakes; }

// Work ending on a worker calls backgroundJobEnded (the window wakes up to take it), however it ends;
// work on the calling thread does not (its result is there at once).
TEST(BackgroundJob, WorkEndingOnAWorkerWakesTheWindow) {
    backgroundJobEnded = countWake;
    wakes = 0;
    BackgroundJob<int> job;
    job.start([](const BuildProgress&) { return 7; }, true);
    EXPECT_EQ(job.take(), 7);
    EXPECT_EQ(wakes, 1);
    job.start([](const BuildProgress&) -> int { throw std::runtime_error("refused"); }, true);
    EXPECT_THROW(job.take(), std::runtime_error);
    EXPECT_EQ(wakes, 2);
    job.start([](const BuildProgress&) { return 8; }, false);
    EXPECT_EQ(job.take(), 8);
    EXPECT_EQ(wakes, 2);
    backgroundJobEnded = nullptr;
}

}  // namespace
}  // namespace aoilab::app
