// aoilab: parse the flags, set up GLFW, OpenGL 3.3 core (glad) and Dear ImGui, then hand over to App.
#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cstdio>
#include <exception>

#include "app/app.h"
#include "app/app_options.h"
#include "core/error.h"

namespace {

void glfwError(int code, const char* description) { std::fprintf(stderr, "aoilab: GLFW error %d: %s\n", code, description); }

}  // namespace

int main(int argc, char** argv) {
    using namespace aoilab::app;
    AppOptions options;
    try {
        options = parseAppOptions(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "aoilab: %s\n%s", e.what(), appUsage());
        return 2;
    }
    if (options.help) {
        std::fputs(appUsage(), stdout);
        return 0;
    }

    glfwSetErrorCallback(glfwError);
    if (!glfwInit()) {
        std::fprintf(stderr, "aoilab: cannot start GLFW (is DISPLAY set? without a screen, use xvfb-run)\n");
        return 1;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(options.width, options.height, "aoilab", nullptr, nullptr);
    if (!window) {
        std::fprintf(stderr, "aoilab: cannot open an OpenGL 3.3 core window\n");
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
    if (!gladLoadGL(glfwGetProcAddress)) {
        std::fprintf(stderr, "aoilab: cannot load the OpenGL 3.3 functions\n");
        glfwDestroyWindow(window);
        glfwTerminate();
        return 1;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");

    // Work ending on a worker wakes the window (it waits for input while the work runs).
    aoilab::app::backgroundJobEnded = glfwPostEmptyEvent;
    int code = 0;
    try {
        App app(window, options);
        code = app.run();
    } catch (const aoilab::InputError& e) {  // a bad --script file
        std::fprintf(stderr, "aoilab: %s\n", e.what());
        code = 2;
    } catch (const std::exception& e) {  // the last resort: a library's exception ends with a message, not an abort
        std::fprintf(stderr, "aoilab: internal error: %s\n", e.what());
        code = 1;
    }

    aoilab::app::backgroundJobEnded = nullptr;
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return code;
}
