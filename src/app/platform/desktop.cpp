// The platform seam (app/platform.h) on the desktop: GLFW, files on disk, threads.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/platform.h"

namespace aoilab::app::platform {

void contentScale(GLFWwindow* window, float& x, float& y) { glfwGetWindowContentScale(window, &x, &y); }

void fileWritten(const std::string&) {}

std::string linkAddress(const std::string& fragment) { return fragment; }

void copyText(const std::string& text) { ImGui::SetClipboardText(text.c_str()); }

bool showOpenChooser() { return false; }

void settingsSaved(const std::string&) {}

// The desktop runs long work on threads (BackgroundJob); a SlicedWork here is one slice: the whole body.
struct SlicedWork::Impl {
    std::function<void()> body;
    bool done = false;
};

SlicedWork::SlicedWork(std::function<void()> body) : impl_(std::make_unique<Impl>()) { impl_->body = std::move(body); }

SlicedWork::~SlicedWork() { resume(); }

void SlicedWork::resume() {
    if (impl_->done) return;
    impl_->done = true;
    impl_->body();
}

bool SlicedWork::done() const { return impl_->done; }

void SlicedWork::yieldIfDue() {}

}  // namespace aoilab::app::platform
