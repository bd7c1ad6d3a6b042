// The platform seam (app/platform.h) in the web page: the browser's devicePixelRatio, downloads of the
// files the user saves (they live in Emscripten's in-memory file system), settings in localStorage.
#include <emscripten.h>
#include <emscripten/fiber.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <vector>

#include "app/platform.h"

namespace aoilab::app::platform {

void contentScale(GLFWwindow*, float& x, float& y) {
    x = y = static_cast<float>(emscripten_get_device_pixel_ratio());
}

void fileWritten(const std::string& path) {
    // clang-format off
    EM_ASM({
        var path = UTF8ToString($0);
        try {
            var data = FS.readFile(path);
            var name = path.substring(path.lastIndexOf('/') + 1);
            var type = name.endsWith('.png') ? 'image/png' : 'application/json';
            var url = URL.createObjectURL(new Blob([data], {type: type}));
            var a = document.createElement('a');
            a.href = url;
            a.download = name;
            document.body.appendChild(a);
            a.click();
            a.remove();
            setTimeout(function() { URL.revokeObjectURL(url); }, 10000);
            if (Module.onDownload) Module.onDownload(name, data.length);
        } catch (e) {
            console.error('aoilab: cannot download ' + path + ': ' + e);
        }
    }, path.c_str());
    // clang-format on
}

std::string linkAddress(const std::string& fragment) {
    return std::string(emscripten_run_script_string("window.location.origin + window.location.pathname")) + fragment;
}

void copyText(const std::string& text) {
    ImGui::SetClipboardText(text.c_str());
    // The browser's clipboard needs the page to have focus and the user's gesture (the menu click or
    // Ctrl+L is one); where it refuses, the status bar still names the link's length and the dump has it.
    // clang-format off
    EM_ASM({
        var text = UTF8ToString($0);
        try {
            if (navigator.clipboard) navigator.clipboard.writeText(text).catch(function(e) {
                console.warn('aoilab: the link was not put on the clipboard: ' + e);
            });
        } catch (e) {
            console.warn('aoilab: the link was not put on the clipboard: ' + e);
        }
    }, text.c_str());
    // clang-format on
}

bool showOpenChooser() {
    // web/index.html's hidden <input type="file">; the click of the menu item still counts as the user's.
    // clang-format off
    // Ctrl+O: web/index.html opened it already, in the key's own event (the app sees the key a frame later).
    return EM_ASM_INT({
        var input = document.getElementById('open-file');
        if (!input) return 0;
        if (Module.chooserOpenedAt && performance.now() - Module.chooserOpenedAt < 1000) return 1;
        input.value = "";
        input.click();
        return 1;
    }) != 0;
    // clang-format on
}

void settingsSaved(const std::string& file) {
    // clang-format off
    EM_ASM({
        try {
            window.localStorage.setItem('aoilab.settings', FS.readFile(UTF8ToString($0), {encoding: 'utf8'}));
        } catch (e) {
            console.warn('aoilab: the settings were not kept: ' + e);
        }
    }, file.c_str());
    // clang-format on
}

// --- Long work in slices ---------------------------------------------------------------------------------

namespace {
// A slice: long enough that the work gets most of the time when frames are quick (a GPU draws one in a few
// ms), short enough that input is answered within a few frames.
constexpr double kSliceMs = 25;
constexpr std::size_t kFiberStackBytes = 4u << 20;    // the work's own C stack (Recast recurses)
constexpr std::size_t kAsyncifyStackBytes = 1u << 20;  // where ASYNCIFY keeps an unwound stack
}  // namespace

struct SlicedWork::Impl {
    std::function<void()> body;
    emscripten_fiber_t fiber{};
    emscripten_fiber_t caller{};
    std::vector<char> stack = std::vector<char>(kFiberStackBytes);
    std::vector<char> asyncStack = std::vector<char>(kAsyncifyStackBytes);
    std::vector<char> callerAsyncStack = std::vector<char>(kAsyncifyStackBytes);
    double sliceStart = 0;
    bool done = false;
};

namespace {
SlicedWork::Impl* gRunning = nullptr;  // the body running now (one at a time: the page has one thread)

void runBody(void* arg) {
    auto* impl = static_cast<SlicedWork::Impl*>(arg);
    impl->body();  // BackgroundJob's body catches everything (the result or the exception goes to its promise)
    impl->done = true;
    emscripten_fiber_swap(&impl->fiber, &impl->caller);
}
}  // namespace

SlicedWork::SlicedWork(std::function<void()> body) : impl_(std::make_unique<Impl>()) {
    impl_->body = std::move(body);
    emscripten_fiber_init(&impl_->fiber, runBody, impl_.get(), impl_->stack.data(), impl_->stack.size(),
                          impl_->asyncStack.data(), impl_->asyncStack.size());
}

SlicedWork::~SlicedWork() {
    while (!impl_->done) resume();
}

void SlicedWork::resume() {
    if (impl_->done || gRunning) return;  // finished, or asked from inside a body (never nested)
    gRunning = impl_.get();
    impl_->sliceStart = emscripten_get_now();
    emscripten_fiber_init_from_current_context(&impl_->caller, impl_->callerAsyncStack.data(),
                                               impl_->callerAsyncStack.size());
    emscripten_fiber_swap(&impl_->caller, &impl_->fiber);
    gRunning = nullptr;
}

bool SlicedWork::done() const { return impl_->done; }

void SlicedWork::yieldIfDue() {
    Impl* impl = gRunning;
    if (!impl || emscripten_get_now() - impl->sliceStart < kSliceMs) return;
    emscripten_fiber_swap(&impl->fiber, &impl->caller);
    // resume() swapped back in: gRunning and the slice's start are set again.
}

}  // namespace aoilab::app::platform
