// A large world's build without brute force (AoiSession::buildMethodByMethod): each method adds every
// entity on its own, the methods side by side on threads. A method's structure then stays in the
// cache for all its adds instead of being evicted by the other methods' after each one, and the
// methods share no state: what the build ends with equals adding the entities one operation at a time
// through every method (the same structures, last events and log), only sooner.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <string_view>
#include <thread>

#include "aoi/aoi_session.h"
#include "aoi/apply_op.h"
#include "core/threads.h"

namespace aoilab {
namespace {

// What one method's build produced, taken into the session once every method is done.
struct MethodBuild {
    std::deque<LoggedEvent> log;  // its newest events, at most the log's capacity
    std::uint64_t events = 0;     // every event it emitted
    std::vector<AoiEvent> lastEvents;
    double lastNanoseconds = 0;
    double totalNanoseconds = 0;
    std::atomic<std::size_t> added{0};  // read by the thread that reports the progress
    std::exception_ptr failure;
};

}  // namespace

void AoiSession::buildMethodByMethod(const World& world, const BuildProgress& progress) {
    const std::vector<Entity>& entities = world.entities();
    const std::size_t total = entities.size();
    const std::size_t methodCount = methods_.size();
    std::vector<MethodBuild> builds(methodCount);
    std::atomic<bool> stop{false};
    std::atomic<std::size_t> nextMethod{0};
    std::atomic<std::size_t> finished{0};

    // Without threads (the web page) the methods build one after another on this thread, and the progress
    // is reported from inside the adds (every kSerialReportEvery), so Cancel is heard and the page's
    // sliced work (app/background_job.h) can hand the frame back between reports.
    constexpr std::size_t kSerialReportEvery = 256;
    bool serialCancelled = false;
    auto serialReport = [&](std::size_t m, std::size_t added) {
        if (kThreadsAvailable || !progress || added % kSerialReportEvery != 0) return;
        const std::size_t built = (m * total + added) / std::max<std::size_t>(1, methodCount);
        if (!progress(built, total)) {
            stop = true;
            serialCancelled = true;
        }
    };
    auto buildOne = [&](std::size_t m) {
        AoiSystem& system = *methods_[m].system;
        MethodBuild& out = builds[m];
        EventBuffer buffer;
        // Only the last add's visited nodes can be shown (see AoiSystem::setRecordingVisits).
        system.setRecordingVisits(total <= 1);
        for (std::size_t i = 0; i < total && !stop.load(std::memory_order_relaxed); ++i) {
            const bool last = i + 1 == total;
            if (last) system.setRecordingVisits(true);
            buffer.events.clear();
            const auto start = std::chrono::steady_clock::now();
            applyOperation(system, ScriptOp{OpKind::Add, entities[i]}, buffer);
            const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
            out.totalNanoseconds += ns;
            std::sort(buffer.events.begin(), buffer.events.end());
            for (const AoiEvent& event : buffer.events) {
                out.log.push_back(LoggedEvent{i, 0, static_cast<int>(m), event});
                if (out.log.size() > logCapacity_) out.log.pop_front();
            }
            out.events += buffer.events.size();
            if (last) {
                out.lastNanoseconds = ns;
                out.lastEvents = buffer.events;
            }
            out.added.store(i + 1, std::memory_order_relaxed);
            serialReport(m, i + 1);
        }
    };
    // The longest builds first, so that the shorter ones fill in beside them: the cross-linked list's
    // adds walk every entity within reach on x (about 9 s of 21 at 1,000,000 entities, walk100k's
    // density), the towers' and the quadtree's take about twice the grid's. In the methods' own order
    // one thread built the grid, the quadtree and the towers while the other built the list.
    std::vector<std::size_t> longestFirst(methodCount);
    for (std::size_t m = 0; m < methodCount; ++m) longestFirst[m] = m;
    auto expectedRank = [&](std::size_t m) {
        static constexpr std::string_view kOrder[] = {"crosslist", "tower", "quadtree"};
        const std::string_view name = methods_[m].name;
        for (std::size_t r = 0; r < std::size(kOrder); ++r)
            if (name == kOrder[r]) return r;
        return std::size(kOrder);
    };
    std::stable_sort(longestFirst.begin(), longestFirst.end(),
                     [&](std::size_t a, std::size_t b) { return expectedRank(a) < expectedRank(b); });
    auto work = [&] {
        for (std::size_t next; (next = nextMethod.fetch_add(1)) < methodCount;) {
            const std::size_t m = longestFirst[next];
            try {
                buildOne(m);
            } catch (...) {
                builds[m].failure = std::current_exception();
                stop = true;
            }
            finished.fetch_add(1);
        }
    };

    // Threads pay for themselves from a few thousand entities on; below, one method after another.
    // Without threads (the web build) always the latter.
    const std::size_t workers = total < kParallelBuildFrom || !kThreadsAvailable
                                    ? 0
                                    : std::min<std::size_t>(methodCount, std::max(1u, std::thread::hardware_concurrency()));
    // Joined however this function is left (a progress callback may throw): stopped first.
    struct Threads {
        std::atomic<bool>& stop;
        std::vector<std::thread> list;
        ~Threads() {
            stop = true;
            for (std::thread& thread : list)
                if (thread.joinable()) thread.join();
        }
    } threads{stop, {}};
    for (std::size_t w = 0; w < workers; ++w) threads.list.emplace_back(work);
    if (workers == 0) work();
    // The progress is heard on the calling thread every few milliseconds while it moves: the entities
    // added, averaged over the methods; so Cancel is heard within milliseconds, not a few thousand adds.
    bool cancelled = serialCancelled;
    std::size_t heard = 0;
    while (true) {
        const bool done = finished.load() == methodCount;
        std::size_t sum = 0;
        for (const MethodBuild& b : builds) sum += b.added.load(std::memory_order_relaxed);
        const std::size_t built = done && !stop ? total : sum / std::max<std::size_t>(1, methodCount);
        if (progress && built > heard) {
            heard = built;
            if (!progress(built, total)) {
                stop = true;
                cancelled = true;
                break;
            }
        }
        if (done) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    for (std::thread& thread : threads.list) thread.join();
    for (const MethodBuild& b : builds)
        if (b.failure) std::rethrow_exception(b.failure);
    if (cancelled) throw BuildCancelled{};

    // The log as adding one operation at a time through every method leaves it: by operation, then by
    // method, each method's events of an operation in their sorted order; the newest logCapacity_ kept.
    std::vector<LoggedEvent> merged;
    std::uint64_t emitted = 0;
    for (std::size_t m = 0; m < methodCount; ++m) {
        MethodRun& run = methods_[m];
        run.lastEvents = std::move(builds[m].lastEvents);
        run.lastNanoseconds = builds[m].lastNanoseconds;
        run.totalNanoseconds = builds[m].totalNanoseconds;
        run.agreesLast = true;
        run.disagreeingOps = 0;
        merged.insert(merged.end(), builds[m].log.begin(), builds[m].log.end());
        emitted += builds[m].events;
    }
    std::stable_sort(merged.begin(), merged.end(), [](const LoggedEvent& a, const LoggedEvent& b) {
        return a.op != b.op ? a.op < b.op : a.method < b.method;
    });
    const std::size_t kept = std::min(merged.size(), logCapacity_);
    log_.assign(merged.end() - static_cast<std::ptrdiff_t>(kept), merged.end());
    eventsDropped_ = emitted - kept;

    mirror_ = entities;
    mirrorIndex_.reserve(total);
    for (std::size_t i = 0; i < total; ++i) mirrorIndex_.emplace(entities[i].id, i);
    operations_ = total;
    if (total > 0) lastOp_ = ScriptOp{OpKind::Add, entities.back()};
}

}  // namespace aoilab
