// aoilab in the web page: the same App as the desktop (main.cpp), on Emscripten's GLFW and WebGL2, its
// frames driven by the browser (emscripten_set_main_loop) instead of a loop of its own. The address's
// #scenario=...&mode=...&seek=...&lang=... (app/page_link.h) takes the place of the flags. The page
// (web/index.html) reads window.aoilab.ready() and .dump() through the functions exported below.
#include <emscripten.h>
#include <emscripten/html5.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cstdio>
#include <exception>
#include <string>

#include "app/app.h"
#include "app/page_link.h"
#include "app/settings.h"
#include "core/error.h"
#include "scenario/platform_bench.h"

namespace {

GLFWwindow* gWindow = nullptr;
aoilab::app::App* gApp = nullptr;  // lives as long as the page
std::string gDump;                 // the text aoilab_dump() last returned (the page copies it at once)
std::string gBench;                // the text aoilab_bench() last returned
bool gShown = false;

// The canvas fills the window (CSS); its pixels follow the window's size times devicePixelRatio, so text
// is sharp on a high-DPI screen. Browser.setCanvasSize also tells Emscripten's GLFW the new size.
// clang-format off
EM_JS(void, fitCanvasToWindow, (), {
    var canvas = Module['canvas'];
    var ratio = window.devicePixelRatio || 1;
    var width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    var height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width != width || canvas.height != height) Browser.setCanvasSize(width, height);
});
EM_JS(void, firstFrameShown, (), {
    if (Module['onFirstFrame']) Module['onFirstFrame']();
});
// The settings file back from localStorage (platform/web.cpp keeps it there), before the app reads it.
EM_JS(void, restoreSettings, (const char* file), {
    try {
        var text = window.localStorage.getItem('aoilab.settings');
        if (text === null) return;
        var path = UTF8ToString(file);
        FS.mkdirTree(path.substring(0, path.lastIndexOf('/')));
        FS.writeFile(path, text);
    } catch (e) {
        console.warn('aoilab: the saved settings were not read: ' + e);
    }
});
// clang-format on

void frame() {
    fitCanvasToWindow();
    try {
        gApp->frame(glfwGetTime());
    } catch (const std::exception& e) {  // never expected: say so in the console rather than end the page
        std::fprintf(stderr, "aoilab: %s\n", e.what());
    }
    if (!gShown) {
        gShown = true;
        firstFrameShown();
    }
}

// A file dropped on the page: Emscripten's GLFW has written it to its in-memory file system.
void fileDropped(GLFWwindow*, int count, const char** paths) {
    if (gApp && count > 0) gApp->openFile(paths[0]);
}

}  // namespace

extern "C" {

// window.aoilab.ready(): the scenario from the link is open, its work done, and a frame drawn.
EMSCRIPTEN_KEEPALIVE int aoilab_ready() { return gApp && gApp->pageReady() ? 1 : 0; }

// window.aoilab.dump(): the --dump-ui JSON of the last frame (the pointer stays valid until the next call).
EMSCRIPTEN_KEEPALIVE const char* aoilab_dump() {
    gDump = gApp ? gApp->dumpUiText() : std::string("null");
    return gDump.c_str();
}

// window.aoilab.bench(): the desktop-versus-page figures (scenario/platform_bench.h) measured in the page,
// on the library files it carries; `queryLimit` < 0 runs every query. Blocks the page while it runs (a
// tool's call, not a user's).
EMSCRIPTEN_KEEPALIVE const char* aoilab_bench(int queryLimit, int repeat) {
    try {
        aoilab::PlatformBenchOptions options;
        options.root = "/";
        options.queryLimit = queryLimit;
        options.repeat = repeat < 1 ? 1 : repeat;
        gBench = aoilab::runPlatformBench(options).dump();
    } catch (const std::exception& e) {
        gBench = nlohmann::json{{"error", e.what()}}.dump();
    }
    return gBench.c_str();
}

// A file the user chose with File > Open (web/index.html wrote it to the path in Module.uploadedPath).
EMSCRIPTEN_KEEPALIVE void aoilab_open_uploaded() {
    if (gApp) gApp->openFile(emscripten_run_script_string("Module.uploadedPath || ''"));
}

// The page is hidden or left (it never exits as the desktop app does): keep the settings now.
EMSCRIPTEN_KEEPALIVE void aoilab_save_settings() {
    if (gApp) gApp->savePersistentSettings();
}

}  // extern "C"

int main() {
    using namespace aoilab::app;
    PageLink link = parsePageLink(emscripten_run_script_string("window.location.hash"));
    // A shared link (s=..., made by File > Copy link) is decoded by the App as the desktop's --link: its
    // workbench and position become --mode and --seek, and a damaged link opens the default scenario
    // with the error in the error panel (app_share_link.cpp).
    if (!link.shared.empty()) link.options.link = "s=" + link.shared;

    restoreSettings((configDirectory() / "settings.json").string().c_str());

    if (!glfwInit()) {
        std::fprintf(stderr, "aoilab: cannot start GLFW\n");
        return 1;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    fitCanvasToWindow();
    int width = 0, height = 0;
    emscripten_get_canvas_element_size("#canvas", &width, &height);
    gWindow = glfwCreateWindow(width > 0 ? width : 1280, height > 0 ? height : 720, "aoilab", nullptr, nullptr);
    if (!gWindow) {
        std::fprintf(stderr, "aoilab: cannot open a WebGL2 context\n");
        return 1;
    }
    glfwMakeContextCurrent(gWindow);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui_ImplGlfw_InitForOpenGL(gWindow, true);
    ImGui_ImplOpenGL3_Init("#version 300 es");

    try {
        gApp = new App(gWindow, link.options);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "aoilab: %s\n", e.what());
        return 1;
    }
    for (const std::string& problem : link.problems) gApp->reportError(problem);
    gApp->keepDrawnTextEveryFrame(true);
    glfwSetDropCallback(gWindow, fileDropped);
    // The browser calls frame() at each animation frame; main returns and the page keeps the app.
    emscripten_set_main_loop(frame, 0, 0);
    return 0;
}
