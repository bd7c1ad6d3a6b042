#pragma once
// The platform seam: what the desktop and the web page do differently, behind one small interface. The
// modes, panels, engines and strings never ask which platform they run on; the shell (app.cpp, main.cpp
// or web_main.cpp) calls these. One implementation file per platform, chosen by the build
// (src/app/CMakeLists.txt): platform/desktop.cpp, platform/web.cpp. Threads: core/threads.h. GL headers:
// app/gl.h. docs/ARCHITECTURE.md, "The platform seam".
#include <functional>
#include <memory>
#include <string>

struct GLFWwindow;

namespace aoilab::app::platform {

// How many screen pixels a window unit is (HiDPI): GLFW's content scale on the desktop, the page's
// devicePixelRatio in the browser.
void contentScale(GLFWwindow* window, float& x, float& y);

// A file the user asked for was just written (Save, Save As, Screenshot): in the page, where files live in
// memory, the browser downloads it; on the desktop it is on disk already (nothing to do).
void fileWritten(const std::string& path);

// File > Copy link: the link a user shares for a fragment "#s=...": the fragment alone on the desktop (which
// has no address of its own), the page's own address before it in the browser.
std::string linkAddress(const std::string& fragment);

// Text for the system clipboard: ImGui's (GLFW's) on the desktop; in the page also the browser's
// (Emscripten's GLFW keeps a clipboard of its own that no other program sees).
void copyText(const std::string& text);

// File > Open: in the page, the browser's file chooser (the chosen file arrives through web_main.cpp's
// aoilab_open_uploaded) and true; false on the desktop, which shows the app's own file picker.
bool showOpenChooser();

// The settings file was written: in the page, copied to the browser's storage (localStorage) so it
// survives a reload; web_main.cpp puts it back before the app starts.
void settingsSaved(const std::string& file);

// Long work without threads (the page): `body` runs on a fiber of its own (Emscripten's fibers over
// ASYNCIFY), a slice at a time. resume() runs it until it yields or ends; the body yields at its
// progress reports (yieldIfDue) once about 10 ms have passed, so each frame gets a slice and the page
// keeps answering. BackgroundJob uses it where there are no threads (core/threads.h); only the web build
// defines it (platform/web.cpp).
class SlicedWork {
public:
    explicit SlicedWork(std::function<void()> body);
    ~SlicedWork();  // resumes the body until it ends (callers cancel it first)
    SlicedWork(const SlicedWork&) = delete;
    SlicedWork& operator=(const SlicedWork&) = delete;
    void resume();
    bool done() const;
    // Inside a body: back to the frame when its slice is used up; elsewhere nothing.
    static void yieldIfDue();

    struct Impl;  // each platform's own (public so its file's helpers can name it)

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace aoilab::app::platform
